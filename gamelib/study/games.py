"""What a study needs to know of each game: its bots by name (seeded as the strategy labs seed
them), how to call its ``simulate.run_games``, and how to turn a game summary into a row."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from gamelib.airwar import bots as airwar_bots
from gamelib.airwar import simulate as airwar_sim
from gamelib.cnw import bots as cnw_bots
from gamelib.cnw import simulate as cnw_sim
from gamelib.logiquo import bots as logiquo_bots
from gamelib.logiquo import simulate as logiquo_sim
from gamelib.rails import bots as rails_bots
from gamelib.rails import simulate as rails_sim

Progress = Callable[[int, int], None]
Row = dict[str, Any]


def _airwar_bot(kind: str, seed: int, seat: int) -> Any:
    """AirWar lab seeding: the Axis bot ``2s``, the Allies bot ``2s+1``."""
    return {"planner": airwar_bots.PlannerBot, "random": airwar_bots.RandomBot}[kind](
        2 * seed + seat
    )


def _cnw_bot(kind: str, seed: int, seat: int) -> Any:
    """CNW lab seeding: seat ``i`` of game seed ``s`` is ``10s+i``."""
    return cnw_bots.BOTS[kind](10 * seed + seat)


def _rails_bot(kind: str, seed: int, seat: int) -> Any:
    """Rails lab seeding: seat ``i`` of game seed ``s`` is ``10s+i``."""
    return {"planner": rails_bots.PlannerBot, "random": rails_bots.RandomBot}[kind](
        10 * seed + seat
    )


def _logiquo_bot(kind: str, seed: int, seat: int) -> Any:
    """Logiquo lab seeding (``simulate.careful_factory``): seat ``p`` is ``s+p``."""
    if kind == "random":
        return logiquo_bots.RandomBot(seed + seat)
    return logiquo_bots.CarefulBot(seed + seat, cooperative=kind == "careful")


@dataclass(frozen=True)
class Lineup:
    """The bots of a game seed, one per seat: a picklable bots factory (a module-level class,
    not a closure), so any executor can ship it. Called as ``lineup(seed)`` or, as Logiquo's
    ``run_games`` calls it, ``lineup(players, seed)``."""

    game: str
    kinds: tuple[str, ...]

    def __call__(self, *args: int) -> list[Any]:
        seed = args[-1]
        make = GAMES[self.game].make_bot
        return [make(kind, seed, seat) for seat, kind in enumerate(self.kinds)]


def _cnw_options(options: tuple[str, ...]) -> dict[str, Any]:
    """CNW: every named variant on, and ``no_cap`` lifts the lab's turn cap."""
    return {
        "options": {k: True for k in options if k != "no_cap"},
        "turn_cap": None if "no_cap" in options else cnw_sim.DEFAULT_TURN_CAP,
    }


def _logiquo_options(options: tuple[str, ...]) -> dict[str, Any]:
    """Logiquo: ``deck_out`` plays to the end of the deck instead of the first zero."""
    return {"ending": "deck_out" if "deck_out" in options else "first_zero"}


def _no_options(options: tuple[str, ...]) -> dict[str, Any]:
    """A game without named variants."""
    return {}


@dataclass(frozen=True)
class Spec:
    """One game as a study sees it: its seats and bots, its ``simulate`` module and how its
    ``run_games`` is called (with the seat count or not, the variants as keywords)."""

    name: str
    players: tuple[int, int]  # fewest, most
    bots: tuple[str, ...]  # kinds a seat may hold
    default_bots: Callable[[int], tuple[str, ...]]
    make_bot: Callable[[str, int, int], Any]
    simulate: ModuleType  # its run_games(n, [players,] lineup, seed=, progress=, executor=, ...)
    row: Callable[[Any], Row]
    seated: bool = True  # run_games takes the seat count after n (AirWar's does not)
    run_options: Callable[[tuple[str, ...]], dict[str, Any]] = _no_options
    flags: tuple[str, ...] = ()
    options: tuple[str, ...] = field(default=())  # names --option accepts

    def play(
        self,
        n: int,
        players: int,
        lineup: Lineup,
        seed: int,
        executor: Executor | None,
        progress: Progress | None,
        options: tuple[str, ...],
    ) -> list[Any]:
        """The game summaries of ``n`` seeded games of ``lineup`` through ``run_games``."""
        head = (n, players, lineup) if self.seated else (n, lineup)
        return self.simulate.run_games(
            *head, seed=seed, progress=progress, executor=executor, **self.run_options(options)
        )


def _airwar_row(g: airwar_sim.GameSummary) -> Row:
    winners = () if g.winner is None else (0,) if g.winner == "axis" else (1,)
    victory = "industry" if g.finished else "unfinished"
    return dict(seed=g.seed, winners=winners, length=g.turns, victory=victory, first=0)


def _cnw_row(g: cnw_sim.GameSummary) -> Row:
    return dict(
        seed=g.seed, winners=g.winners, length=g.turns, victory=g.victory, first=g.first_player
    )


def _rails_row(g: rails_sim.GameSummary) -> Row:
    return dict(seed=g.seed, winners=g.winners, length=g.turns, victory=g.ended_by, first=0)


def _logiquo_row(g: logiquo_sim.GameSummary) -> Row:
    return dict(
        seed=g.seed,
        winners=g.winners,
        length=g.turns,
        victory=g.end_reason or "unfinished",
        first=0,
        everyone_survives=g.everyone_survived,
    )


GAMES: dict[str, Spec] = {
    "airwar": Spec(
        "airwar",
        (2, 2),
        ("planner", "random"),
        lambda _n: ("planner", "planner"),
        _airwar_bot,
        airwar_sim,
        _airwar_row,
        seated=False,
    ),
    "cnw": Spec(
        "cnw",
        (3, 6),
        tuple(cnw_bots.BOTS),
        lambda n: tuple(("courier", "expansionist", "random")[i % 3] for i in range(n)),
        _cnw_bot,
        cnw_sim,
        _cnw_row,
        run_options=_cnw_options,
        options=("fiera", "realismo_alto", "diplomazia", "team_building", "no_cap"),
    ),
    "rails": Spec(
        "rails",
        (2, 5),
        ("planner", "random"),
        lambda n: ("planner",) + ("random",) * (n - 1),
        _rails_bot,
        rails_sim,
        _rails_row,
    ),
    "logiquo": Spec(
        "logiquo",
        (2, 6),
        ("careful", "selfish", "random"),
        lambda n: ("careful",) * n,
        _logiquo_bot,
        logiquo_sim,
        _logiquo_row,
        run_options=_logiquo_options,
        flags=("everyone_survives",),
        options=("deck_out",),
    ),
}


def rows_of(spec: Spec, kinds: Sequence[str], games: Sequence[Any]) -> list[Row]:
    """One row per game summary, with the line-up and the seat count."""
    bots = ",".join(kinds)
    return [{"game": spec.name, "players": len(kinds), "bots": bots, **spec.row(g)} for g in games]


def run_study(
    game: str,
    games: int,
    kinds: Sequence[str] | None = None,
    players: int | None = None,
    seed: int = 0,
    *,
    options: Sequence[str] = (),
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[Row]:
    """Play ``games`` seeded games and return one row per game, in seed order (so the first
    ``k`` rows are the study of ``k`` games). ``kinds`` are the bots by seat (default: the
    game's lab line-up for ``players``); ``options`` the game's named variants."""
    spec = GAMES[game]
    if kinds is None:
        kinds = spec.default_bots(players or spec.players[0])
    kinds = tuple(kinds)
    players = players or len(kinds)
    low, high = spec.players
    if len(kinds) != players or not low <= players <= high:
        raise ValueError(f"{game} takes {low}-{high} players, one bot each; got {list(kinds)}")
    if unknown := sorted(set(kinds) - set(spec.bots)):
        raise ValueError(f"{game} has no bots {unknown}; choose from {list(spec.bots)}")
    if unknown := sorted(set(options) - set(spec.options)):
        raise ValueError(f"{game} has no options {unknown}; choose from {list(spec.options)}")
    played = spec.play(
        games, players, Lineup(game, kinds), seed, executor, progress, tuple(options)
    )
    return rows_of(spec, kinds, played)
