"""The checks of CNW lesson 8, play: every question answered in the page.

Lesson 5 until the CNW lessons were renumbered (issue #25): the check names (``cnw5-*``, the ids
in learners' records) and the texts (``cnw.checks.lesson5.*``) keep that number."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from types import SimpleNamespace
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import state as st
from gamelib.cnw import tables
from gamelib.cnw.network import geo
from gamelib.cnw.queries import delivery_chain
from gamelib.core import IllegalAction, play_out
from widgets.cnw import words
from widgets.cnw.checks.common import _board
from widgets.cnw.table import make_bot, seat_chip
from widgets.cnw.variants_panel import VariantBoard, closed_routes
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import Predict, Reason
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number
from widgets.kit.table import counted

_t = CheckTexts("cnw", "lesson5")


def ladder(name: str, /, **values: Any) -> dict[str, list[str]]:
    """A check's ``hint=`` as a ladder (issue #25): the idea, the method (both in
    ``cnw_checks25b.json``), then where to look (the one-sentence hint it was before)."""
    return {
        "hint": [
            _t(name, "hint_idea", **values),
            _t(name, "hint_method", **values),
            _t(name, "hint", **values),
        ]
    }


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
        **ladder("start_hubs"),
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
    """The § a refusal cites, asked as ``widgets.kit.check_rules.cited_rule`` asks it, but with
    a hint ladder (the kit's function takes the one-sentence hint only)."""
    seed = table.seed.value
    return Choice(
        "cnw5-unlinked",
        _t("unlinked", "question"),
        lambda: unlinked_attack_rule(seed),
        options=[(r, r) for r in RULES],
        explanation=lambda r: _t("unlinked", "explain", rule=r),
        **ladder("unlinked"),
    )


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
        **ladder("victory"),
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
        **ladder("last_chain"),
    )


def l4_step1(table: Any) -> w.VBox:
    return stack(l4_start_hubs(table), l4_unlinked(table))


# ---------------------------------------------------------------------- §12.3 and §12.4
VARIANTS = tables.variants()
NAMES = ("courier", "courier", "courier")  # the seats of the seeded positions below


def _names() -> list[str]:
    return [t(f"cnw.table.name_{k}", n=i + 1) for i, k in enumerate(NAMES)]


def realismo_game(seed: int = 1) -> Any:
    """A new game with REALISMO ALTO (§12.3): what the variants panel draws."""
    return cnw.new_game(_names(), seed=seed, realismo_alto=True)


def dashed_routes() -> list[tuple[str, str, bool]]:
    """(one end, the other, a hub at either end?) of every dashed route of the board (§3.3)."""
    board = _board()
    return [(x.a, x.b, board.gateways[x.a].hub or board.gateways[x.b].hub) for x in board.dashed]


def _route(a: str, b: str) -> str:
    return f"{words.gateway(a)} – {words.gateway(b)}"


def l5_predict_closed(panel: VariantBoard) -> Predict:
    """How many dashed routes REALISMO ALTO closes, predicted before the panel lists them: only
    those with no hub ◆ at either end, not every dashed route."""
    closed = closed_routes(realismo_game())
    routes = dashed_routes()
    return Predict(
        "cnw5-predict-closed",
        _t("predict_closed", "question", n=len(routes)),
        len(closed),
        reveals=panel.routes,
        inside=panel,
        explanation=_t(
            "predict_closed",
            "explain",
            n=len(routes),
            k=len(closed),
            closed="; ".join(_route(a, b) for a, b in closed) or "—",
            open=len(routes) - len(closed),
        ),
    )


CLOSED_REASONS = ("region", "no_hub", "ocean", "longest")  # the options, in the page's order


def l5_closed_why() -> Reason:
    """Why REALISMO ALTO closes EZE–JNB and keeps the other dashed routes: a hub at one end."""
    closed = closed_routes(realismo_game())
    a, b = closed[0]
    kept = [(x, y) for x, y, hub in dashed_routes() if hub]
    in_play = sum(geo(realismo=True).in_play)
    out_fiera = len(_board().gateways) - sum(geo(fiera=True).in_play)
    hubs = [h for x, y in kept for h in (x, y) if _board().gateways[h].hub]
    longest = max(kept, key=lambda r: _board().distance_km(*r))
    explanations = {
        "no_hub": _t(
            "closed_why",
            "model",
            a=words.gateway(a),
            b=words.gateway(b),
            kept="; ".join(_route(x, y) for x, y in kept),
            hubs=len(set(hubs)),
        ),
        "region": _t("closed_why", "why_region", n=in_play, out=out_fiera),
        "ocean": _t(
            "closed_why",
            "why_ocean",
            kept="; ".join(_route(x, y) for x, y in kept),
            n=len(kept),
        ),
        "longest": _t(
            "closed_why",
            "why_longest",
            km=number(_board().distance_km(a, b), 0, grouping=True),
            far=_route(*longest),
            far_km=number(_board().distance_km(*longest), 0, grouping=True),
        ),
    }
    return Reason(
        "cnw5-closed-why",
        _t("closed_why", "question", route=_route(a, b)),
        "no_hub",
        options=[(_t("closed_why", r), r) for r in CLOSED_REASONS],
        explanations=explanations,
        hint=[_t("closed_why", "hint_idea"), _t("closed_why", "hint_method")],
    )


@cache
def pact_scene(seed: int = 1) -> tuple[Any, int, dict[int, Any]]:
    """(a state in Operations with DIPLOMAZIA, the player to move, an attack on each of two
    opponents): courier bots play the game at ``seed`` until the player to move can attack two
    different opponents."""
    board_codes = list(_board().gateways)
    state = cnw.new_game(_names(), seed=seed, diplomazia=True)
    bots = [make_bot("courier", seed * 10 + i) for i in range(len(NAMES))]
    while True:
        while state.phase != st.OPERATIONS:
            state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
        attacks: dict[int, Any] = {}
        for a in cnw.legal_actions(state):
            if isinstance(a, cnw_actions.Attack):
                attacks.setdefault(state.owner[board_codes.index(a.target)], a)
        if len(attacks) >= 2:
            return state, state.current, attacks
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))


PACT_CASES = ("betray", "other", "floor")  # attack the partner, attack another, betray at 0-1


def pact_setting(seed: int, level: int = 0) -> tuple[str, int, int]:
    """(what the attacker does, their SLA before it, the seed of the game) of variant ``seed``.
    Level -1: a plain betrayal with SLA to spare; +1: the cases that need a second look (a
    betrayal with fewer than 2 SLA, an attack on a player who is not the partner)."""
    rng = random.Random(f"cnw5-betrayal:{seed}:{level}")
    game = 1 if seed == 0 else rng.randint(1, 20)
    if level < 0:
        return "betray", rng.randint(2, 9), game
    case = ("floor", "other")[seed % 2] if level > 0 else PACT_CASES[seed % len(PACT_CASES)]
    return case, rng.randint(0, 1) if case == "floor" else rng.randint(2, 9), game


def after_pact_attack(case: str, sla: int, seed: int = 1) -> tuple[int, Any, int, int, int]:
    """Played on gamelib: the player to move proposes a pact, the partner accepts, the player
    has ``sla`` points and then attacks the partner (or, for ``other``, the third player).
    (SLA after the attack, the attack, the player, the partner, the one attacked)."""
    state, me, attacks = pact_scene(seed)
    partner, third = sorted(attacks)[:2]
    state = cnw.apply(state, cnw_actions.ProposePact(partner))
    state = cnw.apply(state, cnw_actions.AcceptPact())
    state = dataclasses.replace(state, sla=[sla if p == me else x for p, x in enumerate(state.sla)])
    target = third if case == "other" else partner
    after = cnw.apply(state, attacks[target])
    return after.sla[me], attacks[target], me, partner, target


def l5_betrayal(table: Any) -> Number:
    """§12.4: a betrayal costs 2 SLA (not below 0); an attack on someone else costs nothing."""
    names = _names()

    def points(n: int) -> str:
        return t(counted("cnw.checks.lesson5.count.sla", n), n=n)

    def variant(seed: int, level: int = 0) -> Variant:
        case, sla, game = pact_setting(seed, level)
        left, attack, me, partner, target = after_pact_attack(case, sla, game)
        values = dict(
            me=names[me],
            partner=names[partner],
            target=names[target],
            source=words.gateway(attack.source),
            to=words.gateway(attack.target),
            sla=points(sla),
            left=points(left),
            cost=points(VARIANTS["diplomazia"]["betrayal_sla"]),
        )
        question = "question" if case != "other" else "question_other"
        return Variant(
            _t("betrayal", question, **values),
            left,
            _t("betrayal", f"explain_{case}", **values),
        )

    return Number("cnw5-betrayal", new_question=variant, **ladder("betrayal"))


def variants_panel() -> VariantBoard:
    """The table's variants panel as a game with REALISMO ALTO draws it (its closed routes).
    Its class is not the table's own panel's (``cnw-variant-board``), so a page's selectors
    still find the table's."""
    panel = VariantBoard(seat_chip)
    panel.draw(realismo_game())
    panel.remove_class("cnw-variant-board")
    panel.add_class("cnw-variant-example")
    return panel


def l5_variants(table: Any) -> w.VBox:
    """Step 2 · the variants: REALISMO ALTO's closed routes predicted before the panel lists
    them (§12.3), why those, and what a betrayal costs (§12.4)."""
    panel = variants_panel()
    return stack(l5_predict_closed(panel), panel, l5_closed_why(), l5_betrayal(table))


def l4_step2(table: Any) -> w.VBox:
    return stack(l4_victory(table), l4_last_chain(table))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
table = l4_step1
variants = l5_variants
end = l4_step2
score = lesson_score
