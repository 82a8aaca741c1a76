"""The checks of the AirWar lessons: every "Try this" question answered in the page.

One module a lesson (``from widgets.airwar.checks import lesson2 as checks``), whose step
functions build the checks under one widget (``checks.carrier(stepper)``): the right answer is
computed from ``gamelib.airwar`` (the decks, capacity, the set-up, a replayed seeded raid, the
exact odds, seeded bots' games), never typed in, and ``on_explain`` moves the widget beside the
check to the state that shows it. The texts are ``airwar.checks.<lesson>.<name>.*`` in the
catalog; ``common`` holds what the lessons share. The card values are this project's design (the
rulebook prints none), and the explanations say so where a value is asked. Nothing here decides
a rule.

The helpers the tests read are re-exported here under the names they had when the checks were
one module.
"""

from widgets.airwar.checks import lesson1, lesson2, lesson3, lesson4
from widgets.airwar.checks.common import best_fighter
from widgets.airwar.checks.lesson1 import (
    SECOND,
    START,
    best_bombers,
    more_interceptors,
    zero_killers,
)
from widgets.airwar.checks.lesson2 import (
    NEXT,
    after_raid,
    arrived,
    carrier_damage,
    shot_down,
)
from widgets.airwar.checks.lesson2 import raid_states as raid
from widgets.airwar.checks.lesson3 import LARGE, SMALL, fewest_for_half, idle_battle_cards
from widgets.airwar.checks.lesson4 import bots_game, bots_play, opening_airbases, opening_mission

__all__ = [
    "LARGE",
    "NEXT",
    "SECOND",
    "SMALL",
    "START",
    "after_raid",
    "arrived",
    "best_bombers",
    "best_fighter",
    "bots_game",
    "bots_play",
    "carrier_damage",
    "fewest_for_half",
    "idle_battle_cards",
    "lesson1",
    "lesson2",
    "lesson3",
    "lesson4",
    "more_interceptors",
    "opening_airbases",
    "opening_mission",
    "raid",
    "shot_down",
    "zero_killers",
]
