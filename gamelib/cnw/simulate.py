"""Many seeded bot games summarised for a strategy lab: win rate by victory type, game length,
first-player advantage, effect of the variants and of the number of players.

Games end by the rules (§11) or, when ``turn_cap`` is given, when round ``turn_cap + 1`` would
begin: such a game is reported with victory type ``"unfinished"`` and no winner. The cap exists
only for simulation (bots can stall); it is off in a normal game.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from typing import Any

from gamelib import batch
from gamelib.cnw import rules
from gamelib.cnw.actions import CODEC
from gamelib.cnw.state import CnwState
from gamelib.core import Bot

DEFAULT_TURN_CAP = 60


@dataclass(frozen=True)
class GameSummary:
    """One finished (or capped) game."""

    seed: int
    players: int
    winners: tuple[int, ...]
    victory: str  # "objective", "sla", "domination", "team" or "unfinished"
    turns: int  # rounds played (the rulebook's "turno")
    player_turns: int  # turns of single players, all together
    actions: int
    first_player: int
    sla: tuple[int, ...]
    gateways: tuple[int, ...]
    eliminated: tuple[bool, ...]
    options: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarise(state: CnwState, seed: int) -> GameSummary:
    """The summary of a game as it stands."""
    victory = state.victory or "unfinished"
    return GameSummary(
        seed=seed,
        players=state.players,
        winners=tuple(state.winners),
        victory=victory,
        turns=state.round,
        player_turns=state.turn,
        actions=state.actions,
        first_player=state.first,
        sla=tuple(state.sla),
        gateways=tuple(state.owner.count(p) for p in range(state.players)),
        eliminated=tuple(not a for a in state.alive),
        options=dict(state.options),
    )


def _play_game(
    game_seed: int,
    players: int,
    bot_factory: Callable[[int], Sequence[Bot]],
    opts: dict[str, Any],
    max_actions: int,
) -> GameSummary:
    """One game of a run (:func:`gamelib.batch.play_games`)."""
    bots = bot_factory(game_seed)
    state = batch.bot_game(rules, players, game_seed, bots, max_actions, opts)
    return summarise(state, game_seed)


def run_games(
    n: int,
    players: int,
    bot_factory: Callable[[int], Sequence[Bot]],
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    turn_cap: int | None = DEFAULT_TURN_CAP,
    progress: Callable[[int, int], None] | None = None,
    max_actions: int = 1_000_000,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> list[GameSummary]:
    """Play ``n`` games of ``players`` players. Game ``i`` uses seed ``seed + i`` for the game and
    ``bot_factory(seed + i)`` for its bots (one per seat). ``options`` are the variants of
    ``new_game`` (§12); ``turn_cap`` stops a game after that many rounds (None: no cap).
    ``progress(done, n)`` counts finished games. The games are cut into seeded chunks played
    on ``executor`` (None: :func:`gamelib.chunks.current`, else here): the same games in the
    same order whichever executor plays them."""
    opts = dict(options or {})
    opts["turn_cap"] = turn_cap
    return batch.play_games(
        _play_game,
        range(seed, seed + n),
        (players, bot_factory, opts, max_actions),
        executor=executor,
        progress=progress,
        size=chunk_size,
    )


def win_rates(games: Sequence[GameSummary], seat: int | None = None) -> dict[str, float]:
    """Share of games won, overall and by victory type; ``seat`` counts only that seat's wins
    (None: any winner, i.e. how many games ended with a winner)."""
    total = len(games)
    by_type: Counter[str] = Counter()
    for g in games:
        if g.winners and (seat is None or seat in g.winners):
            by_type[g.victory] += 1
    out = {kind: count / total for kind, count in sorted(by_type.items())} if total else {}
    out["total"] = sum(by_type.values()) / total if total else 0.0
    return out


def first_player_advantage(games: Sequence[GameSummary]) -> float:
    """Share of decided games won by the opener (§4 step 4)."""
    decided = [g for g in games if g.winners]
    if not decided:
        return 0.0
    return sum(g.first_player in g.winners for g in decided) / len(decided)


# --------------------------------------------------------------------------------------------
# Golden playthroughs (tests/cnw/golden/): a seeded game's every action, replayed identically.


def digest(state: CnwState) -> str:
    """A short fingerprint of a state (its save text hashed)."""
    return hashlib.sha256(rules.to_json(state).encode()).hexdigest()


def record_game(
    players: int, seed: int, bots: Sequence[Bot], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play a game and return its full action log with the final state's digest."""
    state = rules.new_game(players, seed=seed, **(options or {}))
    state, log = batch.record(rules, CODEC, state, bots)
    return {
        "seed": seed,
        "players": players,
        "options": dict(options or {}),
        "bots": [type(b).__name__ for b in bots],
        "actions": log,
        "final_digest": digest(state),
        "winners": list(state.winners),
        "victory": state.victory,
        "rounds": state.round,
        "sla": list(state.sla),
    }


def replay(
    players: int,
    seed: int,
    actions: Sequence[dict[str, Any]],
    options: dict[str, Any] | None = None,
) -> CnwState:
    """Apply a recorded action log to a new game."""
    state = rules.new_game(players, seed=seed, **(options or {}))
    return batch.replay(rules, CODEC, state, actions)
