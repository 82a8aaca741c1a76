"""The checks of CNW lesson 4, setup: what is in the box (§2), the deal and the placement round
(§4). Every question answered in the page.

Until issue #25 these were the first two steps of lesson 3 (a turn step by step): they keep
their names (``cnw3-*``, the ids in learners' records and the browser tests) and their texts
(``cnw.checks.lesson3.*``, hence ``CheckTexts("cnw", "lesson3")`` below); the turn is
``lesson5``."""

from __future__ import annotations

from functools import cache
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import placement as cnw_placement
from gamelib.cnw import state as st
from gamelib.cnw import tables
from gamelib.cnw.bots import RandomBot
from gamelib.cnw.network import CODES
from widgets.cnw import placement as placement_lab
from widgets.cnw.checks.common import (
    _gateway_options,
)
from widgets.cnw.components import box_contents
from widgets.i18n import t
from widgets.kit.check import (
    Choice,
    Number,
    Pick,
    Reflect,
    Variant,
    lesson_score,
    stack,
)
from widgets.kit.check_kinds import PredictChoice, Reason, find_tagged
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent

_t = CheckTexts("cnw", "lesson3")
_n = CheckTexts("cnw", "lesson4n")  # issue #25's new texts (cnw_checks25a.json)


def _ladder(name: str) -> list[str]:
    """A hint ladder (issue #25): the idea, the method, then the old hint (where to look)."""
    return [_t(name, "hint_idea"), _t(name, "hint_method"), _t(name, "hint")]


# the checks whose hint is a ladder (issue #25)
LADDERS = frozenset(("to_place", "neutral", "best_plan", "most_open"))


def _seeded(kind: Any, check_id: str, name: str, new_question: Any, widget: Any, /, **more: Any):
    """``_t.seeded`` with the hint ladder of the checks in :data:`LADDERS`."""
    hint = _ladder(name) if name in LADDERS else _t(name, "hint")
    return kind(check_id, new_question=new_question, seed=widget.seed.value, hint=hint, **more)


# ---------------------------------------------------------------- §2 components, §4 setup
EVEN_DEALS, UNEVEN_DEALS = (3, 6), (4, 5)  # 42 gateways dealt evenly, or not (§4 step 2)


def players_of(seed: int, level: int = 0) -> int:
    """The player count a seeded question uses: 3 to 6 in turn; at level -1 a count that deals
    the 42 gateways evenly (3 or 6), at +1 one that does not (4: 11/11/10/10; 5: 2 left over)."""
    if level:
        counts = EVEN_DEALS if level < 0 else UNEVEN_DEALS
        return counts[seed % 2]
    return 3 + seed % 4


def l3_deck(box: Any) -> Number:
    """§2, §4 step 6: the Gateway deck once the Imprevisti are shuffled in."""
    contents = box_contents(box.players.value)
    return Number(
        "cnw3-deck",
        _t("deck", "question"),
        contents["deck"],
        explanation=_t(
            "deck",
            "explain",
            cards=contents["gateway_cards"],
            imprevisti=contents["imprevisti"],
            deck=contents["deck"],
        ),
        **_t.hint("deck"),
    )


def l3_all_pawns(box: Any) -> Number:
    """§4 step 1: the starting pawns of everyone, for a seeded player count."""

    def variant(seed: int, level: int = 0) -> Variant:
        n = players_of(seed, level)
        each = box_contents(n)["pawns_each"]
        return Variant(
            _t("all_pawns", "question", n=n),
            each * n,
            _t("all_pawns", "explain", n=n, each=each, total=each * n),
            on_explain=lambda: setattr(box.players, "value", n),
        )

    return Number("cnw3-all-pawns", new_question=variant, seed=1, hint=_ladder("all_pawns"))


def l3_box(box: Any) -> w.VBox:
    """Step 1 · the box (§2): the deck with the Imprevisti, the pawns for N players."""
    return stack(l3_deck(box), l3_all_pawns(box))


def l3_to_place(lab: Any) -> Number:
    """§4 steps 1, 2, 4: what the opener still places after the deal, seeded."""

    def variant(seed: int, level: int = 0) -> Variant:
        n = players_of(seed, level)
        state = placement_lab.dealt(seed, n)
        me = state.first
        return Variant(
            _t("to_place", "question", seed=seed, n=n),
            state.reserve[me],
            _t(
                "to_place",
                "explain",
                n=n,
                start=state.reserve[me] + state.owner.count(me),
                gateways=state.owner.count(me),
                left=state.reserve[me],
                name=state.names[me],
            ),
            on_explain=lambda: lab.set(seed=seed, players=n),
        )

    return _seeded(Number, "cnw3-to-place", "to_place", variant, lab)


def l3_neutral(lab: Any) -> Number:
    """§4 step 2, §7.4: the gateways left neutral by the deal, for a seeded player count."""

    def variant(seed: int, level: int = 0) -> Variant:
        n = players_of(seed, level)
        state = placement_lab.dealt(seed, n)
        neutral = [c for c, o in zip(CODES, state.owner, strict=True) if o == st.NEUTRAL]
        dealt = " / ".join(str(state.owner.count(p)) for p in range(n))
        return Variant(
            _t("neutral", "question", seed=seed, n=n),
            len(neutral),
            _t(
                "neutral",
                "explain_some" if neutral else "explain_none",
                n=n,
                dealt=dealt,
                codes=", ".join(neutral),
            ),
            on_explain=lambda: lab.set(seed=seed, players=n),
        )

    return _seeded(Number, "cnw3-neutral", "neutral", variant, lab)


NEUTRAL_REASONS = ("divide", "pawns", "hubs", "aside")  # the options, in the page's order


def neutral_claims() -> dict[str, Any]:
    """What each reason of ``cnw3-neutral-why`` is asked of, from gamelib's deals: the neutral
    gateways with 4 and with 5 players, the pawns of a 5-player game, the hubs left neutral."""
    setup = tables.setup()
    four = placement_lab.dealt(1, 4)
    five = placement_lab.dealt(1, 5)
    total = len(CODES)
    neutral_five = [c for c, o in zip(CODES, five.owner, strict=True) if o == st.NEUTRAL]
    hubs = set(_board_hubs())
    return {
        "total": total,
        "four": four.owner.count(st.NEUTRAL),
        "four_dealt": " / ".join(str(four.owner.count(p)) for p in range(4)),
        "five": len(neutral_five),
        "pawns": 5 * int(setup["starting_pawns"][5]),
        "codes": ", ".join(neutral_five),
        "non_hubs": sum(c not in hubs for c in neutral_five),
        "players": ", ".join(str(n) for n in setup["neutral_leftover_players"]),
    }


def _board_hubs() -> list[str]:
    from widgets.cnw.checks.common import _board

    return list(_board().hubs)


def l4_neutral_why(lab: Any) -> Reason:
    """§4 step 2, §7.4: why gateways stay neutral only with 5 players: pick the reason."""
    values = neutral_claims()
    return Reason(
        "cnw3-neutral-why",
        _n("neutral_why", "question"),
        "aside",
        options=[(_n("neutral_why", k), k) for k in NEUTRAL_REASONS],
        explanations={k: _n("neutral_why", f"why_{k}", **values) for k in NEUTRAL_REASONS},
        hint=[_n("neutral_why", "hint_idea"), _n("neutral_why", "hint_method")],
    )


TAKE_ANSWERS = ("attack", "occupy", "deploy", "never")  # the options, in the page's order


@cache
def neutral_case() -> tuple[Any, str, str]:
    """(state, source, neutral target) of the first Operations in seeded 5-player games of random
    bots where the player to move borders a neutral gateway: what §7.4 is asked about."""
    for seed in range(1, 40):
        state = cnw.new_game([f"P{i + 1}" for i in range(5)], seed=seed)
        bots = [RandomBot(seed * 10 + i) for i in range(5)]
        for _ in range(3000):
            if cnw.is_over(state):
                break
            if state.phase == st.OPERATIONS:
                occupy = [a for a in cnw.legal_actions(state) if isinstance(a, cnw_actions.Occupy)]
                if occupy:
                    return state, occupy[0].source, occupy[0].target
            state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    raise LookupError("no neutral gateway next to a player in Operations")


def take_neutral() -> dict[str, bool]:
    """What gamelib allows against the neutral gateway of :func:`neutral_case`: an attack on
    it, an occupation without dice (and whether it counts as a conquest)."""
    state, source, target = neutral_case()
    legal = cnw.legal_actions(state)
    attack = any(isinstance(a, cnw_actions.Attack) and a.target == target for a in legal)
    occupy = [a for a in legal if isinstance(a, cnw_actions.Occupy) and a.target == target]
    after = cnw.apply(state, occupy[0]) if occupy else state
    return {"attack": attack, "occupy": bool(occupy), "conquest": bool(after.conquered)}


def take_answer() -> str:
    found = take_neutral()
    if found["occupy"] and not found["attack"]:
        return "occupy"
    return "attack" if found["attack"] else "never"


def l4_take_neutral(lab: Any) -> Choice:
    """§7.4: a neutral gateway is taken without a fight, and it counts as a conquest."""
    state, source, target = neutral_case()
    values = {"source": source, "target": target, "name": state.names[state.current]}
    return Choice(
        "cnw3-take-neutral",
        _n("take_neutral", "question", **values),
        take_answer,
        options=[(_n("take_neutral", k, **values), k) for k in TAKE_ANSWERS],
        explanation=_n("take_neutral", "explain", **values),
        hint=[_n("take_neutral", "hint_idea"), _n("take_neutral", "hint_method")],
    )


def _plan_options() -> list[tuple[str, str]]:
    return [(t(f"cnw.setup.plan_{p}"), p) for p in cnw_placement.PLANS]


def l3_best_plan(lab: Any) -> PredictChoice:
    """§4 step 5: the plan that leaves the opener fewest gateways an enemy is favoured to take,
    predicted before the two tables show it (the guess it meets: spreading evenly is safest)."""
    players = lab.players.value

    def variant(seed: int) -> Variant:
        best = placement_lab.best_plans(seed, players)

        def explain(_answer: Any) -> str:
            lost = {p: placement_lab.expected_lost(seed, players, p) for p in cnw_placement.PLANS}
            counts = ", ".join(
                f"{t(f'cnw.setup.plan_{p}')} {number(x, 1)}" for p, x in lost.items()
            )
            spread = number(lost["spread"], 1)
            return (
                _t("best_plan", "explain", counts=counts)
                + " "
                + _n("best_plan", "explain_spread", spread=spread)
            )

        chosen = next(p for p in cnw_placement.PLANS if p in best)
        return Variant(
            _n("best_plan", "question", seed=seed, n=players),
            best,
            explain,
            options=_plan_options(),
            on_explain=lambda: lab.set(seed=seed, players=players, plan=chosen),
        )

    return PredictChoice(
        "cnw3-best-plan",
        reveals=find_tagged(lab, "cnw-place-plans-table"),
        inside=lab,
        new_question=variant,
        seed=lab.seed.value,
        options=_plan_options(),
    )


def open_seed(seed: int, players: int, plan: str) -> int:
    """The first seed from ``seed`` on where the opener has a gateway an enemy is favoured to
    take after ``plan`` (so the question has an answer)."""
    while not placement_lab.most_open(seed, players, plan):
        seed += 1
    return seed


def l3_most_open(lab: Any) -> Pick:
    """§4 step 5, §7.2, §8.3: the opener's gateway most open after the "spread" plan."""
    players, plan = lab.players.value, "spread"

    def variant(start: int) -> Variant:
        seed = open_seed(start, players, plan)
        answer = placement_lab.most_open(seed, players, plan)
        you = placement_lab.dealt(seed, players).first
        opened = placement_lab.measures(seed, players, plan)[you]["open"]

        def explain(_answer: Any) -> str:
            code = min(answer)
            source, chance = opened[code]
            return _t(
                "most_open",
                "explain",
                codes=", ".join(sorted(answer)),
                source=source,
                chance=percent(chance),
            )

        def show() -> None:
            lab.set(seed=seed, players=players, plan=plan)
            lab.map.gateway.value = min(answer)

        return Variant(
            _t("most_open", "question", seed=seed, n=players),
            answer,
            explain,
            on_explain=show,
        )

    check = _seeded(Pick, "cnw3-most-open", "most_open", variant, lab, options=_gateway_options())
    return check.follow(lab.map.gateway)


def l3_why_placement(lab: Any) -> Reflect:
    return _t.reflect("cnw3-why-placement", "why_placement")


def l3_deal(lab: Any) -> w.VBox:
    """Step 2 · the deal (§4 steps 1–4, §7.4): pawns to place, neutral gateways, why only with
    5 players, how one is taken."""
    return stack(l3_to_place(lab), l3_neutral(lab), l4_neutral_why(lab), l4_take_neutral(lab))


def l3_placement(lab: Any) -> w.VBox:
    """Step 3 · the placement round (§4 step 5): the best plan predicted, the most open
    gateway, why the round matters."""
    return stack(l3_best_plan(lab), l3_most_open(lab), l3_why_placement(lab))


# The steps as the notebook calls them: ``checks.<step>(widget)``.
box = l3_box
deal = l3_deal
placement = l3_placement
score = lesson_score
