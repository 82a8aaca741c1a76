"""The checks of the Rails lessons: every "Try this" question answered in the page.

One module per lesson (``lesson1``, ``lesson2``, ...), each a namespace of the lesson's steps, as
its notebook calls them (``from widgets.rails.checks import lesson1 as checks``, then
``checks.routes(rails_map)``); what they share is in ``common``. A step's function builds the
checks under one widget: the right answer is computed from ``gamelib`` (the board, shortest
routes, graph measures, hypergeometric odds, route points, longest trails, seeded bot games, the
rule an illegal move cites, the strategy lab's seeded results), never typed in, and
``on_explain`` moves the widget beside the check to the state that shows it. The texts are
``rails.checks.<lesson>.<name>.*`` in the catalog. Nothing here decides a rule: it asks gamelib
and words the answer.

The names below were the old single module's; they stay importable from the package.
"""

from __future__ import annotations

from widgets.rails.checks import lesson1, lesson2, lesson3, lesson4
from widgets.rails.checks.common import CONFIDENCE
from widgets.rails.checks.lesson1 import (
    DETOUR,
    FEW,
    LONG,
    TOP,
    colour_counts,
    detour,
    doubled_in_top,
    few_routes_top,
    top_cities,
)
from widgets.rails.checks.lesson2 import (
    FEWER_LOCOS,
    HAND,
    MC_HAND,
    SMALL_PILE,
    TEN,
    draws_to_even,
    even_question,
    interval_ratio,
)
from widgets.rails.checks.lesson3 import (
    TRAIL_SEEDS,
    differing_tickets,
    longer_with,
    only_length,
    trail_of,
    winner_has_trail,
)
from widgets.rails.checks.lesson4 import (
    RULES,
    claim_after_one_card,
    deal_question,
    finished,
    first_turn,
    last_round,
    refused,
    second_loco_rule,
    unpaid_rule,
)

__all__ = [
    "CONFIDENCE",
    "DETOUR",
    "FEW",
    "FEWER_LOCOS",
    "HAND",
    "LONG",
    "MC_HAND",
    "RULES",
    "SMALL_PILE",
    "TEN",
    "TOP",
    "TRAIL_SEEDS",
    "claim_after_one_card",
    "colour_counts",
    "deal_question",
    "detour",
    "differing_tickets",
    "doubled_in_top",
    "draws_to_even",
    "even_question",
    "few_routes_top",
    "finished",
    "first_turn",
    "interval_ratio",
    "last_round",
    "lesson1",
    "lesson2",
    "lesson3",
    "lesson4",
    "longer_with",
    "only_length",
    "refused",
    "second_loco_rule",
    "top_cities",
    "trail_of",
    "unpaid_rule",
    "winner_has_trail",
]
