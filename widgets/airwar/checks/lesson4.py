"""The checks of AirWar lesson 4 (play a game): the first mission a full mobilisation allows
and the bots' game to its end."""

from __future__ import annotations

from functools import cache
from typing import Any

import ipywidgets as w

import gamelib.airwar as game
from gamelib.airwar import actions as A
from gamelib.airwar import cards, rules
from gamelib.airwar.bots import PlannerBot
from gamelib.core import play_out
from widgets.airwar.checks.common import (
    _names,
    _side_options,
)
from widgets.airwar.deck import side_label
from widgets.kit.check import Choice, Number, Reflect, lesson_score, stack
from widgets.kit.check_texts import CheckTexts

_t = CheckTexts("airwar", "lesson4")


def opening_airbases(seed: int) -> list[str]:
    """The airbases in the Axis opening hand at ``seed`` (the table's new game)."""
    s = game.new_game(2, seed=seed)
    return [c for c in s.hand[0] if cards.card(c).kind == "airbase"]


def opening_mission(seed: int) -> tuple[int, int]:
    """(mission size with Lae alone, with every airbase of the opening hand mobilised)."""
    s = game.new_game(2, seed=seed)
    before = rules.attack_capacity(s, 0, "airbase")
    for base in opening_airbases(seed):
        s = game.apply(s, A.Mobilise(base))
    return before, rules.attack_capacity(s, 0, "airbase")


def l4_opening(table: Any) -> Number:
    seed = table.seed.value
    before, after = opening_mission(seed)
    return Number(
        "aw4-opening",
        _t("opening", "question", seed=seed),
        after,
        explanation=_t(
            "opening",
            "explain",
            before=before,
            after=after,
            names=_names(opening_airbases(seed)),
        ),
        **_t.hint("opening"),
    )


def l4_keep_home(table: Any) -> Reflect:
    return _t.reflect("aw4-keep-home", "keep_home")


def l4_table(table: Any) -> w.VBox:
    """The first turn: the mission a full mobilisation allows; keeping a fighter home."""
    return stack(l4_opening(table), l4_keep_home(table))


@cache
def bots_game(seed: int) -> Any:
    """The game "Let the bots play to the end" plays from a new game at ``seed``: the planner on
    both seats (a human seat's stand-in), seeded ``seed * 10 + seat`` like the table's bots."""
    return bots_play(seed)[0]


@cache
def bots_play(seed: int) -> tuple[Any, tuple[str, ...]]:
    """(final state, the side of every sunk Convoy in order) of the bots' game at ``seed``."""
    start = game.new_game(2, seed=seed)
    sunk: list[str] = []

    def watch(state: Any, _action: Any) -> None:
        sunk.extend(ev["side"] for ev in state.events if ev.get("type") == "convoy_sunk")

    final = play_out(game, start, {p: PlannerBot(seed * 10 + p) for p in (0, 1)}, on_action=watch)
    return final, tuple(sunk)


def _finish_new(table: Any) -> None:
    """A new game at the table's seed, played to the end by the bots (the table's buttons)."""
    table.new_game()
    table.finish()


def l4_winner(table: Any) -> Choice:
    seed = table.seed.value

    def winner() -> str:
        won = game.winners(bots_game(seed))
        return game.SIDES[won[0]] if won else ""

    return Choice(
        "aw4-winner",
        _t("winner", "question", seed=seed),
        winner,
        options=_side_options(),
        explanation=lambda side: _t(
            "winner",
            "explain",
            side=side_label(side) if side else "—",
            turn=bots_game(seed).turn,
            industry=" / ".join(str(x) for x in bots_game(seed).industry),
        ),
        on_explain=lambda: _finish_new(table),
        **_t.hint("winner"),
    )


def l4_convoys(table: Any) -> Number:
    seed = table.seed.value
    k = cards.constants()
    return Number(
        "aw4-convoys",
        _t("convoys", "question", seed=seed),
        lambda: len(bots_play(seed)[1]),
        explanation=lambda n: _t(
            "convoys",
            "explain",
            n=n,
            sides=", ".join(side_label(x) for x in bots_play(seed)[1]) or "—",
            loss=k["convoy_zero_industry_loss"],
            cards=k["convoy_zero_discards"],
            convoy=k["convoy"],
        ),
        on_explain=lambda: _finish_new(table),
        **_t.hint("convoys"),
    )


def l4_end(table: Any) -> w.VBox:
    """The bots' game to the end: who brings the other's Industry to 0 (§Carta Industria), and
    what sunk Convoys cost (§Carta Convoglio)."""
    return stack(l4_winner(table), l4_convoys(table))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
table = l4_table
end = l4_end
score = lesson_score
