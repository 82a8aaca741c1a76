"""The checks of Logiquo lesson 2 (the odds of defence): exact odds from ``odds`` and the
seeded Monte Carlo beside them."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib.logiquo import cards, odds
from widgets.kit.check import Choice, Number, lesson_score, stack
from widgets.kit.check_kinds import Predict, Reason
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number, percent
from widgets.logiquo.checks.common import (
    _best,
    _category_options,
    _names,
    ladder,
    panel_of,
    step_element,
)
from widgets.logiquo.words import category_label

L2 = "lesson2"
_t = CheckTexts("logiquo", L2)
EVEN = 0.5


def cards_for_even(category: str | None = None) -> int:
    """The smallest hand with at least an even chance of stopping a random threat."""
    return next(k for k in range(1, 57) if odds.p_random_threat(k, category) >= EVEN)


def naive_even() -> int:
    """The hand a learner gets by adding one card's chance until it reaches 50%: the guess
    the prediction is after (it counts twice the hands holding two useful cards)."""
    return math.ceil(EVEN / float(odds.p_random_threat(1)))


def l2_even(lab: Any) -> Predict:
    """Predict, then see: the hand for an even chance, before the curve and its summary show
    it (one card's chance, said in the question, times k is not k cards' chance)."""
    k = cards_for_even()
    one = float(odds.p_random_threat(1))
    naive = naive_even()
    panel = panel_of(lab, "hand")

    def show() -> None:
        lab.category.value = ""
        lab.hand.value = k

    return Predict(
        "logiquo2-even",
        _t("even", "predict", one=percent(one)),
        k,
        reveals=[step_element(lab, "hand", "logiquo-fig-hand"), lab.summary],
        inside=panel,
        explanation=_t(
            "even",
            "predict_explain",
            k=k,
            p=percent(float(odds.p_random_threat(k))),
            below=percent(float(odds.p_random_threat(k - 1))),
            one=percent(one),
            naive=naive,
            sum=percent(naive * one),
            p_naive=percent(float(odds.p_random_threat(naive))),
            six=odds.hand_size_for(6),
            p6=percent(float(odds.p_random_threat(odds.hand_size_for(6)))),
        ),
        on_explain=show,
    )


FEW_REASONS = ("half", "pool", "logiquo")  # the options, in the page's order
CROWD = 6  # the table the question is about


def few_facts() -> dict[str, Any]:
    """What the reasons of ``logiquo2-few`` claim, counted from the deck: a dealt hand's
    chance at six players, the whole table's cards together, a Logiquo in one hand."""
    hand = odds.hand_size_for(CROWD)
    deck = len(odds.control_deck())
    logiquos = len(cards.by_kind("logiquo"))
    return {
        "hand": hand,
        "p_hand": float(odds.p_random_threat(hand)),
        "table": CROWD * hand,
        "p_table": float(odds.p_random_threat(CROWD * hand)),
        "logiquos": logiquos,
        "deck": deck,
        "p_logiquo": 1 - math.comb(deck - logiquos, hand) / math.comb(deck, hand),
    }


def l2_few() -> Reason:
    """Why the rulebook deals so few cards to a big table: pick the reason (it was an open
    question)."""
    f = few_facts()
    values = {
        "players": CROWD,
        "hand": f["hand"],
        "p_hand": percent(f["p_hand"]),
        "table": f["table"],
        "p_table": percent(f["p_table"]),
        "logiquos": f["logiquos"],
        "deck": f["deck"],
        "p_logiquo": percent(f["p_logiquo"]),
    }
    return Reason(
        "logiquo2-few",
        _t("few", "question"),
        "pool",
        options=[(_t("few", r, **values), r) for r in FEW_REASONS],
        explanations={r: _t("few", f"why_{r}", **values) for r in FEW_REASONS},
        hint=ladder(_t, "few", **values),
    )


def l2_step1(lab: Any) -> w.VBox:
    """The hand for an even chance, predicted before the curve shows it; why so few cards."""
    return stack(l2_even(lab), l2_few())


def hardest(hand: int) -> frozenset[str]:
    """The categories a hand of ``hand`` cards stops least often (exact odds)."""
    return _best({k: float(v) for k, v in odds.by_category(hand).items()}, low=True)


def _hardest_check(lab: Any, name: str, hand: int) -> Choice:
    def show() -> None:
        lab.hand.value = hand

    def explain(a: frozenset[str]) -> str:
        per = odds.by_category(hand)
        return _t(
            name,
            "explain",
            k=hand,
            cats=_names(a),
            p=percent(float(min(per.values()))),
            rows=", ".join(f"{category_label(c)} {percent(float(v))}" for c, v in per.items()),
            verdict=_t("hardest_10", "same" if a == hardest(3) else "changed"),
        )

    return Choice(
        f"logiquo2-{name.replace('_', '-')}",
        _t(name, "question", k=hand),
        hardest(hand),
        options=_category_options(),
        explanation=explain,
        on_explain=show,
        hint=ladder(_t, name, k=hand),
    )


def l2_step2(lab: Any) -> w.VBox:
    return stack(_hardest_check(lab, "hardest_3", 3), _hardest_check(lab, "hardest_10", 10))


CHAIN = (10, 8)  # threats and anomalies left, as the lesson's question says


def l2_chain(lab: Any) -> Number:
    threats, anomalies = CHAIN
    p = float(odds.p_anomaly_chain(2, threats, anomalies, at_least=True))

    def show() -> None:
        lab.threats_left.value = threats
        lab.anomalies_left.value = anomalies

    return Number(
        "logiquo2-chain",
        _t("chain", "question", threats=threats, anomalies=anomalies),
        round(100 * p, 1),
        tolerance=0.5,
        unit="%",
        digits=1,
        explanation=lambda _a: _t(
            "chain",
            "explain",
            threats=threats,
            anomalies=anomalies,
            total=threats + anomalies,
            p=percent(p),
        ),
        on_explain=show,
        hint=ladder(
            _t,
            "chain",
            threats=threats,
            anomalies=anomalies,
            total=threats + anomalies,
            second=anomalies - 1,
            rest=threats + anomalies - 1,
        ),
    )


def width(n: int, p: float) -> float:
    """The width of gamelib's 99.9% Wilson interval after ``n`` trials at share ``p``."""
    e = odds.wilson(round(p * n), n)
    return e.high - e.low


def l2_shrink(lab: Any) -> Number:
    p = float(odds.p_random_threat(lab.hand.value))
    ratio = width(1_000, p) / width(50_000, p)
    return Number(
        "logiquo2-shrink",
        _t("shrink", "question"),
        round(ratio, 1),
        tolerance=0.5,
        digits=1,
        explanation=lambda _a: _t(
            "shrink",
            "explain",
            w1=percent(width(1_000, p), 1),
            w2=percent(width(50_000, p), 1),
            ratio=number(ratio, 1),
            root=number(50**0.5, 1),
        ),
        on_explain=lambda: setattr(lab.mc.trials, "value", 50_000),
        hint=ladder(_t, "shrink"),
    )


SEED_PAIR = (1, 2)
SMALL_RUN = 500


@cache
def seeds_compared() -> tuple[float, float, float]:
    """(estimate with seed 1, estimate with seed 2, exact) for a 4-player hand, 500 deals."""
    k = odds.hand_size_for(4)
    a, b = (odds.mc_random_threat(k, SMALL_RUN, s).p for s in SEED_PAIR)
    return a, b, float(odds.p_random_threat(k))


MOVES = ("estimates", "both", "neither")


def _what_moves() -> str:
    a, b, _exact = seeds_compared()
    return "estimates" if a != b else "neither"


def l2_seed(lab: Any) -> Choice:
    return Choice(
        "logiquo2-seed",
        _t("seed", "question"),
        _what_moves,
        options=[(_t("seed", f"option_{m}"), m) for m in MOVES],
        explanation=lambda _a: _t(
            "seed",
            "explain",
            n=SMALL_RUN,
            a=percent(seeds_compared()[0]),
            b=percent(seeds_compared()[1]),
            exact=percent(seeds_compared()[2]),
        ),
        on_explain=lambda: setattr(lab.seed, "value", SEED_PAIR[1]),
        hint=ladder(_t, "seed"),
    )


def l2_step4(lab: Any) -> w.VBox:
    return stack(l2_shrink(lab), l2_seed(lab))


# the steps of the lesson, as the notebook calls them
hand = l2_step1
category = l2_step2
chain = l2_chain
montecarlo = l2_step4
score = lesson_score
