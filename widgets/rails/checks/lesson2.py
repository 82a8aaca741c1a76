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
from widgets.kit.check_kinds import Predict, Reason, find_tagged
from widgets.kit.check_montecarlo import mc_narrower, mc_outside
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent
from widgets.rails.checks.common import CONFIDENCE, counted_t, ladder, with_ladder

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


EVEN_SITUATIONS = ("opening", "loco", "later")  # a hand as dealt, with a locomotive, mid-game


def even_case(seed: int, level: int = 0) -> tuple[str, int, int, int, int]:
    """(situation, route length, colour cards, locomotives, other cards) of a "how many blind
    draws" question. Seed 0 at level 0 is the lesson's opening hand. The situations differ: an
    opening hand of 4, an opening hand holding a locomotive, a hand later in the game (more
    cards, some of the colour already drawn). Level -1 a short route with most of its cards in
    hand; level +1 a long route (5 or 6 trains) with at most one card of its colour."""
    if seed == 0 and level == 0:
        length, colour = even_question(0)
        return "opening", length, colour, 0, HAND - colour
    rng = random.Random(f"rails2-even:{seed}:{level}")
    situation = EVEN_SITUATIONS[seed % 3]
    if level < 0:
        length = 3
        colour = rng.randint(length - 2, length - 1)
    elif level > 0:
        length = rng.randint(5, 6)
        colour = rng.randint(0, 1)
    else:
        length = rng.randint(3, 6)
        colour = rng.randint(0, min(HAND - 1, length - 2))
    locos = 1 if situation == "loco" else 0
    if situation == "later":
        locos = rng.randint(0, 1) if level >= 0 else 0
        other = rng.randint(4, 9)
    else:
        colour = min(colour, HAND - locos)
        other = HAND - colour - locos
    colour = min(colour, length - 1 - locos)
    return situation, length, colour, locos, other


def hand_words(colour: int, locos: int, other: int) -> str:
    """A hand in words, every count agreeing with its noun ("1 card", "no locomotive")."""
    parts = [
        counted_t("rails.checks.lesson2.even.colour_cards", colour),
        counted_t("rails.checks.lesson2.even.locos", locos) if locos else _t("even", "no_locos"),
        counted_t("rails.checks.lesson2.even.other_cards", other),
    ]
    return _t("even", "hand", colour=parts[0], locos=parts[1], other=parts[2])


def l2_even(lab: Any) -> Number:
    def variant(seed: int, level: int = 0) -> Variant:
        situation, length, colour, locos, other = even_case(seed, level)
        k = draws_to_even(length, colour, locos, other)
        values = dict(
            length=length,
            hand=hand_words(colour, locos, other),
            need=length - colour - locos,
        )
        return Variant(
            _t("even", f"question_{situation}", **values),
            k,
            _t(
                "even",
                "explain_counted",
                draws=counted_t("rails.checks.lesson2.even.draws", k),
                turns=counted_t("rails.checks.lesson2.even.turns", math.ceil(k / 2)),
                length=length,
            ),
            hint=ladder(_t, "even", **values),
            on_explain=lambda: _set_hand(lab, length, colour, locos, other, k),
        )

    return Number("rails2-even", new_question=variant, hint="")


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
        hint=ladder(_t, "loco_saves", length=length, colour=colour),
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


def l2_wipe_rows(lab: Any) -> Predict:
    """Predicted before the wipe's sentence and chart show it: how many fresh rows for one with
    3 locomotives or more. Adding three locomotives' chances says a few rows; they must come up
    together, which is much rarer."""
    p = float(odds.face_up_wipe())
    one = LOCOMOTIVES / TOTAL_CARDS
    wipe = find_tagged(lab.wipe_view, "rails-fig-wipe")

    def show() -> None:
        lab.deck_size.value = TOTAL_CARDS
        lab.deck_locos.value = LOCOMOTIVES

    return Predict(
        "rails2-wipe-rows",
        _t("wipe_rows", "predict", locos=LOCOMOTIVES, total=TOTAL_CARDS),
        1 / p,
        reveals=[lab.wipe_summary, wipe],
        inside=lab.wipe_view,
        tolerance=WIPE_TOLERANCE,
        explanation=_t(
            "wipe_rows",
            "explain_predict",
            p=percent(p),
            n=number(1 / p, 0, grouping=True),
            one=percent(one),
            three=percent(3 * one),
            naive=f"{1 / (3 * one):.0f}",
        ),
        on_explain=show,
    )


WIPE_TOLERANCE = 10  # rows either side of the exact number: the question is "about how many"
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
        hint=ladder(_t, "wipe_fewer", n=FEWER_LOCOS),
    )


WIPE_REASONS = ("size", "linear", "together", "zero")  # the options, in the page's order


def wipe_values() -> dict[str, str]:
    """The numbers the reasons for a rarer wipe cite (the full pile, the late one, a small
    pile with as many locomotives, a fall in proportion)."""
    full, fewer = float(odds.face_up_wipe()), float(odds.face_up_wipe(FEWER_LOCOS))
    half = TOTAL_CARDS // 2
    return dict(
        n=FEWER_LOCOS,
        locos=LOCOMOTIVES,
        total=TOTAL_CARDS,
        full=percent(full),
        fewer=percent(fewer, 2),
        rows=number(1 / fewer, 0, grouping=True),
        half=half,
        small=percent(float(odds.face_up_wipe(LOCOMOTIVES, half))),
        scaled=percent(full * FEWER_LOCOS / LOCOMOTIVES, 2),
        times=f"{full / fewer:.0f}",
    )


def l2_wipe_fewer_why(lab: Any) -> Reason:
    """Why a late pile with fewer locomotives is wiped so much less often: pick the reason."""
    values = wipe_values()

    def show() -> None:
        lab.deck_size.value = TOTAL_CARDS
        lab.deck_locos.value = FEWER_LOCOS

    return Reason(
        "rails2-wipe-fewer-why",
        _t("wipe_fewer_why", "question", **values),
        "together",
        options=[(_t("wipe_fewer_why", k, **values), k) for k in WIPE_REASONS],
        explanations={k: _t("wipe_fewer_why", f"why_{k}", **values) for k in WIPE_REASONS},
        hint=ladder(_t, "wipe_fewer_why", **values),
        on_explain=show,
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
        hint=ladder(_t, "wipe_small", total=total, locos=locos),
    )


def l2_step2(lab: Any) -> w.VBox:
    return stack(l2_wipe_rows(lab), l2_wipe_fewer(lab), l2_wipe_fewer_why(lab), l2_wipe_small(lab))


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
        hint=ladder(_t, "blind_useful"),
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
        hint=ladder(_t, "ten", n=TEN),
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
    check = mc_narrower(
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
    return with_ladder(check, ladder(_t, "mc_narrower"))


def l2_mc_outside(lab: Any) -> Number:
    return with_ladder(mc_outside(_t, "rails2-mc-outside", CONFIDENCE), ladder(_t, "mc_outside"))


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_mc_narrower(lab), l2_mc_outside(lab))


# the steps, as the notebook calls them: ``checks.<step>(widget)``
ready = l2_step1
wipe = l2_step2
choice = l2_step3
montecarlo = l2_step4
score = lesson_score
