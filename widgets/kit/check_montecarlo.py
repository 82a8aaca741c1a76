"""The Monte Carlo questions the odds lessons share: how much narrower an interval gets with more
trials, and how often a 95% interval misses the exact value.

CNW lesson 1 (battles), Rails lesson 2 (shuffles) and Logiquo lesson 2 (deals) ask the same two
things of their lab's Monte Carlo panel. The answer comes from the game's own interval function
(``gamelib``'s Wilson interval, the one its panel draws), so the check says what the panel shows;
the texts are the lesson's (``<lesson>.mc_narrower.*``, ``<lesson>.mc_outside.*``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from widgets.kit.check import Number
from widgets.kit.check_texts import CheckTexts
from widgets.kit.strategy import number

Interval = Callable[[int, int], tuple[float, float]]  # (hits, trials) -> (low, high)


def interval_width(interval: Interval, p: float, n: int) -> float:
    """The width of ``interval`` after ``n`` trials that hit at share ``p``."""
    low, high = interval(round(p * n), n)
    return high - low


def interval_ratio(interval: Interval, p: float, small: int, large: int) -> float:
    """How many times narrower the interval of ``large`` trials is than that of ``small``."""
    return interval_width(interval, p, small) / interval_width(interval, p, large)


def mc_narrower(
    texts: CheckTexts,
    check_id: str,
    interval: Interval,
    p: float,
    small: int,
    large: int,
    on_explain: Callable[[], None],
    **question: Any,
) -> Number:
    """ "About how many times narrower is the interval of ``large`` trials than of ``small``?"
    for a share ``p``, within one; the explanation gives √(large/small). ``question``: the
    values its question names (the battle, the hand)."""
    return Number(
        check_id,
        texts("mc_narrower", "question", **question),
        interval_ratio(interval, p, small, large),
        tolerance=1.0,
        digits=1,
        explanation=lambda ratio: texts(
            "mc_narrower", "explain", ratio=number(ratio, 1), root=number((large / small) ** 0.5, 1)
        ),
        on_explain=on_explain,
        **texts.hint("mc_narrower"),
    )


def mc_outside(texts: CheckTexts, check_id: str, confidence: float) -> Number:
    """ "How many times in 100 should the exact value fall outside the interval?", within two:
    ``100 × (1 − confidence)``."""
    outside = round(100 * (1 - confidence))
    return Number(
        check_id,
        texts("mc_outside", "question"),
        outside,
        tolerance=2,
        explanation=texts("mc_outside", "explain", n=outside),
        **texts.hint("mc_outside"),
    )
