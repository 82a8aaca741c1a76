"""The checks of CNW lesson 4, setup: what is in the box (§2), the deal and the placement round
(§4). Every question answered in the page.

Until issue #25 these were the first two steps of lesson 3 (a turn step by step): they keep
their names (``cnw3-*``, the ids in learners' records and the browser tests) and their texts
(``cnw.checks.lesson3.*``, hence ``CheckTexts("cnw", "lesson3")`` below); the turn is
``lesson5``."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.cnw import placement as cnw_placement
from gamelib.cnw import state as st
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
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent

_t = CheckTexts("cnw", "lesson3")


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
def players_of(seed: int) -> int:
    """The player count a seeded question uses: 3 to 6 in turn."""
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

    def variant(seed: int) -> Variant:
        n = players_of(seed)
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

    def variant(seed: int) -> Variant:
        n = players_of(seed)
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

    def variant(seed: int) -> Variant:
        n = players_of(seed)
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


def _plan_options() -> list[tuple[str, str]]:
    return [(t(f"cnw.setup.plan_{p}"), p) for p in cnw_placement.PLANS]


def l3_best_plan(lab: Any) -> Choice:
    """§4 step 5: the plan that leaves the opener fewest gateways an enemy is favoured to take."""
    players = lab.players.value

    def variant(seed: int) -> Variant:
        best = placement_lab.best_plans(seed, players)

        def explain(_answer: Any) -> str:
            lost = {p: placement_lab.expected_lost(seed, players, p) for p in cnw_placement.PLANS}
            counts = ", ".join(
                f"{t(f'cnw.setup.plan_{p}')} {number(x, 1)}" for p, x in lost.items()
            )
            return _t("best_plan", "explain", counts=counts)

        chosen = next(p for p in cnw_placement.PLANS if p in best)
        return Variant(
            _t("best_plan", "question", seed=seed, n=players),
            best,
            explain,
            options=_plan_options(),
            on_explain=lambda: lab.set(seed=seed, players=players, plan=chosen),
        )

    return _seeded(Choice, "cnw3-best-plan", "best_plan", variant, lab, options=_plan_options())


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


def l3_placement(lab: Any) -> w.VBox:
    """Step 2 · the deal and the placement round (§4): pawns to place, plans compared."""
    return stack(
        l3_to_place(lab),
        l3_neutral(lab),
        l3_best_plan(lab),
        l3_most_open(lab),
        l3_why_placement(lab),
    )


# The steps as the notebook calls them: ``checks.<step>(widget)``.
box = l3_box
placement = l3_placement
score = lesson_score
