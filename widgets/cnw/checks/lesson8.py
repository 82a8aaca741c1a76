"""The checks of CNW lesson 8, play: every question answered in the page.

Lesson 5 until the CNW lessons were renumbered (issue #25): the check names (``cnw5-*``, the ids
in learners' records) and the texts (``cnw.checks.lesson5.*``) keep that number."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import state as st
from gamelib.cnw.queries import delivery_chain
from gamelib.core import IllegalAction, play_out
from widgets.cnw.checks.common import _board
from widgets.cnw.table import make_bot
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    lesson_score,
    stack,
)
from widgets.kit.check_rules import cited_rule
from widgets.kit.check_texts import CheckTexts

_t = CheckTexts("cnw", "lesson5")
BOT_SEATS = ("courier", "expansionist", "random")


def start_hubs(seed: int, names: list[str]) -> list[str]:
    """The hubs ◆ dealt to the first seat at ``seed`` (§4)."""
    state = cnw.new_game(names, seed=seed)
    board = _board()
    return [
        c for i, c in enumerate(board.gateways) if state.owner[i] == 0 and board.gateways[c].hub
    ]


def l4_start_hubs(table: Any) -> Number:
    seed, names = table.seed.value, list(table.state.names)
    return Number(
        "cnw5-start-hubs",
        _t("start_hubs", "question", seed=seed, name=names[0]),
        lambda: len(start_hubs(seed, names)),
        explanation=lambda n: _t(
            "start_hubs", "explain", n=n, hubs=", ".join(start_hubs(seed, names)) or "—"
        ),
        **_t.hint("start_hubs"),
    )


def unlinked_attack_rule(seed: int) -> str:
    """The § that ``gamelib`` cites when a player attacks a gateway not linked to the source:
    courier bots play the game at ``seed`` to its first Operations phase, then the attack is
    tried from a gateway with 2+ pawns at an opponent's gateway with no link to it."""
    names = [t("cnw.table.name_courier", n=i + 1) for i in range(3)]
    state = cnw.new_game(names, seed=seed)
    bots = [make_bot("courier", seed * 10 + i) for i in range(3)]
    while state.phase != st.OPERATIONS:
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    board = _board()
    codes, me = list(board.gateways), state.current
    source = next(c for i, c in enumerate(codes) if state.owner[i] == me and state.pawns[i] >= 2)
    target = next(
        c
        for i, c in enumerate(codes)
        if state.owner[i] >= 0 and state.owner[i] != me and c not in board.neighbours(source)
    )
    try:
        cnw.apply(state, cnw_actions.Attack(source, target, 1))
    except IllegalAction as refused:
        return refused.rule
    raise AssertionError("an attack on an unlinked gateway was accepted")


RULES = ("§3.3", "§7.1", "§7.2", "§8.3")


def l4_unlinked(table: Any) -> Choice:
    seed = table.seed.value
    return cited_rule(_t, "cnw5-unlinked", "unlinked", RULES, lambda: unlinked_attack_rule(seed))


@cache
def bots_game(seed: int, seats: tuple[str, ...] = BOT_SEATS) -> Any:
    """The game "Let the bots play to the end" plays from a new game of bots ``seats`` at
    ``seed`` (the table's bots: kind and seed ``seed * 10 + seat``)."""
    names = [t(f"cnw.table.name_{k}", n=i + 1) for i, k in enumerate(seats)]
    state = cnw.new_game(names, seed=seed)
    bots = [make_bot(kind, seed * 10 + p) for p, kind in enumerate(seats)]
    history: list[tuple[Any, Any]] = []
    final = play_out(cnw, state, bots, on_action=lambda s, a: history.append((s, a)))
    return SimpleNamespace(state=final, history=history, start=state)


VICTORIES = ("objective", "sla", "domination", "unfinished")


def l4_victory(table: Any) -> Choice:
    seed = table.seed.value
    return Choice(
        "cnw5-victory",
        _t("victory", "question", seed=seed),
        lambda: bots_game(seed).state.victory,
        options=[(t(f"cnw.victory.{v}"), v) for v in VICTORIES],
        explanation=lambda v: _t(
            "victory",
            "explain",
            victory=t(f"cnw.victory.{v}"),
            winners=", ".join(bots_game(seed).state.names[p] for p in bots_game(seed).state.winners)
            or "—",
            round=bots_game(seed).state.round,
        ),
        **_t.hint("victory"),
    )


def last_delivery(seed: int) -> tuple[Any, list[str]] | None:
    """(the Deliver action, its chain) of the last delivery of the bots' game at ``seed``."""
    game = bots_game(seed)
    previous = game.start
    found = None
    for after, action in game.history:
        if isinstance(action, cnw_actions.Deliver):
            chain = delivery_chain(previous, previous.current, action.shipment) or []
            found = (action, chain)
        previous = after
    return found


def l4_last_chain(table: Any) -> Number:
    seed = table.seed.value

    def explain(hops: int) -> str:
        found = last_delivery(seed)
        chain = " → ".join(found[1]) if found else "—"
        return _t("last_chain", "explain", chain=chain, hops=hops)

    return Number(
        "cnw5-last-chain",
        _t("last_chain", "question", seed=seed),
        lambda: max(0, len((last_delivery(seed) or (None, []))[1]) - 1),
        explanation=explain,
        **_t.hint("last_chain"),
    )


def l4_step1(table: Any) -> w.VBox:
    return stack(l4_start_hubs(table), l4_unlinked(table))


def l4_step2(table: Any) -> w.VBox:
    return stack(l4_victory(table), l4_last_chain(table))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
table = l4_step1
end = l4_step2
score = lesson_score
