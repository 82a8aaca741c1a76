"""What the AirWar lesson checks share: side options, card names and the best fighter a side
can send up (the catalog texts are each lesson's ``widgets.kit.check_texts.CheckTexts``)."""

from __future__ import annotations

from typing import Any

import gamelib.airwar as game
from gamelib.airwar import cards
from widgets.airwar.cardtexts import card_name
from widgets.airwar.deck import side_label
from widgets.airwar.odds_lab import fighters


def _side_options() -> list[tuple[str, str]]:
    return [(side_label(s), s) for s in game.SIDES]


def _names(ids: list[str]) -> str:
    """Card names of ``ids`` for an explanation, or a dash when there are none."""
    return ", ".join(card_name(c) for c in ids) or "—"


def best_fighter(raid_side: str = "axis") -> cards.Card:
    """The interceptor the raided side would send up first: the highest Air-to-Air."""
    foe = game.SIDES[1 - game.SIDES.index(raid_side)]
    return max(fighters(foe), key=lambda c: (c.air_to_air, c.defense))


def ladder(texts: Any, name: str, /, **values: Any) -> dict[str, list[str]]:
    """A check's ``hint=`` as a ladder (issue #25): the idea (``<name>.hint_idea``, which rule
    and which quantity, never a control), the method (``<name>.hint_method``, formatted with
    ``values``) and where to look (``<name>.hint``, the one-sentence hint it was before)."""
    return {
        "hint": [
            texts(name, "hint_idea", **values),
            texts(name, "hint_method", **values),
            texts(name, "hint", **values),
        ]
    }
