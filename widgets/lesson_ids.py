"""Lesson ids that changed, so a learner's record follows its lessons (issue #25).

A record keys events, saves and score lines by the lesson's id (``cnw/01_board_and_dice``). When
CNW's lessons 1, 3 and 4 were split in two and all ten renumbered, the checks kept their names
(``cnw1-two-links``): an event names its check, so a lesson reads its own id's events and those of
the ids it was made from, and every check finds its history wherever it now is (a check a page no
longer builds is never asked for). A game table's save is looked for under the old id too. A score
line under an old id moves to the new id when the lesson was only renamed; the line of a lesson
that was split counts the checks of both halves, so it is left out of the landing page, and each
half writes its own line the next time it is opened (docs/record.md, "Lesson ids that changed").
Nothing in the store is rewritten.
"""

from __future__ import annotations

from typing import Any

# new id -> the old ids whose events and saves it holds now
FORMER: dict[str, tuple[str, ...]] = {
    "cnw/01_board_and_dice": ("cnw/01_board_and_battles",),
    "cnw/02_battles": ("cnw/01_board_and_battles",),
    "cnw/03_shipments_and_delivery_chains": ("cnw/02_shipments_and_delivery_chains",),
    "cnw/04_setup": ("cnw/03_a_turn_step_by_step",),
    "cnw/05_a_turn_step_by_step": ("cnw/03_a_turn_step_by_step",),
    "cnw/06_gateway_cards_and_imprevisti": ("cnw/04_cards_and_objectives",),
    "cnw/07_network_objectives": ("cnw/04_cards_and_objectives",),
    "cnw/08_play": ("cnw/05_play",),
    "cnw/09_strategy_lab": ("cnw/06_strategy_lab",),
    "cnw/10_the_real_network": ("cnw/07_the_real_network",),
}


def former(lesson: str) -> tuple[str, ...]:
    """The old ids whose records ``lesson`` reads as its own (none for most lessons)."""
    return FORMER.get(lesson, ())


def successors(old: str) -> tuple[str, ...]:
    """The lessons an old id went to: one if it was renamed, two if it was split."""
    return tuple(new for new, olds in FORMER.items() if old in olds)


def current_summaries(found: dict[str, Any]) -> dict[str, Any]:
    """Score lines by lesson id with the old ids resolved: a renamed lesson's line under its new
    id (unless the new id has its own), a split lesson's line left out (it counted both halves)."""
    out = {lesson: value for lesson, value in found.items() if not successors(lesson)}
    for lesson, value in found.items():
        went = successors(lesson)
        if len(went) == 1:
            out.setdefault(went[0], value)
    return out
