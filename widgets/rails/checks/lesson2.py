"""The checks of Rails lesson 2, cards and odds: the hypergeometric odds of a route's cards
(``gamelib.rails.odds``), three face-up locomotives, a blind draw's worth and the Monte Carlo
interval."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import partial
from typing import Any

import ipywidgets as w

from gamelib.rails import odds
from gamelib.rails import rules as rails_rules
from gamelib.rails.cards import LOCOMOTIVES, TOTAL_CARDS
from gamelib.rails.scoring import ROUTE_POINTS
from widgets.i18n import t
from widgets.kit import check_montecarlo
from widgets.kit.check import Choice, Number, Reflect, Variant, lesson_score, stack
from widgets.kit.check_montecarlo import mc_narrower, mc_outside
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent
from widgets.rails.checks.common import CONFIDENCE

_t = CheckTexts("rails", "lesson2")
HAND = rails_rules.HAND  # §Preparazione: 4 cards in the opening hand


def _set_hand(lab: Any, length: int, colour: int, locos: int, other: int, draws: int) -> None:
    """Move the card lab's hand controls (its public sliders) to one question."""
    lab.length.value = length
    lab.colour.value = colour
    lab.locos.value = locos
    lab.other.value = other
    lab.draws.value = draws


def draws_to_even(length: int, colour: int, locos: int, other: int) -> int:
    """The fewest blind draws after which the route is more likely ready than not."""
    pool = odds.unseen_pool(colour, locos, other)
    return next(
        k
        for k in range(pool.total + 1)
        if odds.route_ready(length, colour + locos, k, pool) > Fraction(1, 2)
    )


def even_question(seed: int) -> tuple[int, int]:
    """(route length, cards of its colour in an opening hand of 4): seed 0 is the lesson's."""
    if seed == 0:
        return 4, 2
    rng = random.Random(f"rails2-even:{seed}")
    length = rng.randint(3, 6)
    return length, rng.randint(0, min(HAND, length - 1))


def l2_even(lab: Any) -> Number:
    def variant(seed: int) -> Variant:
        length, colour = even_question(seed)
        k = draws_to_even(length, colour, 0, HAND - colour)
        return Variant(
            _t("even", "question", length=length, colour=colour, other=HAND - colour),
            k,
            _t("even", "explain", k=k, turns=math.ceil(k / 2), length=length),
            on_explain=lambda: _set_hand(lab, length, colour, 0, HAND - colour, k),
        )

    return Number("rails2-even", new_question=variant, **_t.hint("even"))


def l2_loco_saves(lab: Any) -> Number:
    length, colour = even_question(0)
    before = draws_to_even(length, colour, 0, HAND - colour)
    after = draws_to_even(length, colour, 1, HAND - colour)
    return Number(
        "rails2-loco-saves",
        _t("loco_saves", "question", length=length, colour=colour),
        before - after,
        explanation=_t("loco_saves", "explain", before=before, after=after, saved=before - after),
        on_explain=lambda: _set_hand(lab, length, colour, 1, HAND - colour, after),
        **_t.hint("loco_saves"),
    )


def l2_dotted(lab: Any) -> Reflect:
    length, colour = even_question(0)
    pool = odds.unseen_pool(colour, 0, HAND - colour)
    k = draws_to_even(length, colour, 0, HAND - colour)
    plain = odds.route_ready(length, colour, k, odds.Pool(pool.total, pool.colour, 0))
    return _t.reflect(
        "rails2-dotted",
        "dotted",
        colour=pool.colour,
        locos=pool.locomotives,
        good=pool.good,
        total=pool.total,
        k=k,
        plain=percent(float(plain)),
    )


def l2_step1(lab: Any) -> w.VBox:
    return stack(l2_even(lab), l2_loco_saves(lab), l2_dotted(lab))


def l2_wipe_rows(lab: Any) -> Number:
    p = odds.face_up_wipe()

    def show() -> None:
        lab.deck_size.value = TOTAL_CARDS
        lab.deck_locos.value = LOCOMOTIVES

    return Number(
        "rails2-wipe-rows",
        _t("wipe_rows", "question"),
        1 / float(p),
        tolerance=1,
        explanation=_t("wipe_rows", "explain", p=percent(float(p)), n=f"{1 / float(p):.0f}"),
        on_explain=show,
        **_t.hint("wipe_rows"),
    )


FEWER_LOCOS = 6  # locomotives left in the pile, late in a game
SMALL_PILE = (20, 8)  # a small pile rich in locomotives: (cards, locomotives)


def l2_wipe_fewer(lab: Any) -> Choice:
    full, fewer = odds.face_up_wipe(), odds.face_up_wipe(FEWER_LOCOS)
    answer = "lower" if fewer < full else "higher"

    def show() -> None:
        lab.deck_size.value = TOTAL_CARDS
        lab.deck_locos.value = FEWER_LOCOS

    return Choice(
        "rails2-wipe-fewer",
        _t("wipe_fewer", "question", n=FEWER_LOCOS),
        answer,
        options=[(t(f"rails.checks.{k}"), k) for k in ("higher", "lower")],
        explanation=_t(
            "wipe_fewer",
            "explain",
            full=percent(float(full)),
            fewer=percent(float(fewer)),
            n=FEWER_LOCOS,
        ),
        on_explain=show,
        **_t.hint("wipe_fewer"),
    )


def l2_wipe_small(lab: Any) -> Number:
    total, locos = SMALL_PILE
    p = odds.face_up_wipe(locos, total)

    def show() -> None:
        lab.deck_size.value = total
        lab.deck_locos.value = locos

    return Number(
        "rails2-wipe-small",
        _t("wipe_small", "question", total=total, locos=locos),
        100 * float(p),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=_t("wipe_small", "explain", p=percent(float(p)), total=total, locos=locos),
        on_explain=show,
        **_t.hint("wipe_small"),
    )


def l2_step2(lab: Any) -> w.VBox:
    return stack(l2_wipe_rows(lab), l2_wipe_fewer(lab), l2_wipe_small(lab))


def l2_blind_useful(lab: Any) -> Number:
    blind = odds.blind_turn(odds.unseen_pool(0, 0, 0))
    return Number(
        "rails2-blind-useful",
        _t("blind_useful", "question"),
        float(blind.useful),
        tolerance=0.01,
        digits=2,
        explanation=_t("blind_useful", "explain", useful=number(float(blind.useful), 2)),
        on_explain=lambda: _set_hand(lab, lab.length.value, 0, 0, 0, lab.draws.value),
        **_t.hint("blind_useful"),
    )


TEN = 10  # cards of the wanted colour in hand for the second question


def l2_ten(lab: Any) -> Number:
    pool = odds.unseen_pool(TEN, 0, 0)
    blind = odds.blind_turn(pool)
    return Number(
        "rails2-ten",
        _t("ten", "question", n=TEN),
        float(blind.useful),
        tolerance=0.01,
        digits=2,
        explanation=_t(
            "ten",
            "explain",
            useful=number(float(blind.useful), 2),
            good=pool.good,
            total=pool.total,
            colour=pool.colour,
        ),
        on_explain=lambda: _set_hand(lab, 6, TEN, 0, 0, lab.draws.value),
        **_t.hint("ten"),
    )


def l2_worth(lab: Any) -> Reflect:
    return _t.reflect("rails2-worth", "worth", six=ROUTE_POINTS[6])


def l2_step3(lab: Any) -> w.VBox:
    return stack(l2_blind_useful(lab), l2_ten(lab), l2_worth(lab))


MC_RUNS = (1_000, 50_000)  # the two numbers of shuffles the question compares


def interval_ratio(p: float, small: int = MC_RUNS[0], large: int = MC_RUNS[1]) -> float:
    """How many times narrower the 95% interval of ``large`` shuffles is than of ``small``."""
    return check_montecarlo.interval_ratio(odds.wilson_interval, p, small, large)


MC_HAND = (4, 1, 0, 3, 6)  # the lab's opening hand: length, colour, locomotives, other, draws


def l2_mc_narrower(lab: Any) -> Number:
    length, colour, locos, other, draws = MC_HAND
    p = odds.route_ready(length, colour + locos, draws, odds.unseen_pool(colour, locos, other))
    on_explain = partial(_set_hand, lab, *MC_HAND)
    return mc_narrower(
        _t,
        "rails2-mc-narrower",
        odds.wilson_interval,
        float(p),
        *MC_RUNS,
        on_explain,
        length=length,
        colour=colour,
        draws=draws,
    )


def l2_mc_outside(lab: Any) -> Number:
    return mc_outside(_t, "rails2-mc-outside", CONFIDENCE)


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_mc_narrower(lab), l2_mc_outside(lab))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
ready = l2_step1
wipe = l2_step2
choice = l2_step3
montecarlo = l2_step4
score = lesson_score
