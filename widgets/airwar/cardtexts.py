"""AirWar card names and texts in the learner's language.

gamelib's card data (``gamelib/airwar/data/{axis,allies}.json``) keeps its English ``name`` and
``text`` as data; what a page shows comes from the catalog, keyed by card type:
``airwar.cards.<type_id>.name``, for War and Battle cards ``airwar.cards.<type_id>.text`` and,
for every card with a historical note, ``airwar.cards.<type_id>.note``.
The English file ``widgets/locales/en/airwar_cards.json`` is generated from the data
(``python -m widgets.airwar.cardtexts``) and a test fails when the two differ; the Italian twin
``widgets/locales/it/airwar_cards.json`` is written by hand (proper names of units, ships,
aircraft and people stay as they are).
"""

from __future__ import annotations

import json
from pathlib import Path

from gamelib.airwar import cards
from gamelib.airwar.cards import Card
from widgets.i18n import LOCALES, t

ENGLISH = LOCALES / "en" / "airwar_cards.json"


def _card(c: Card | str) -> Card:
    return cards.card(c) if isinstance(c, str) else c


def card_name(c: Card | str) -> str:
    """A card's name (plain text: escape it for HTML), by card or card id."""
    return t(f"airwar.cards.{_card(c).type_id}.name")


def card_text(c: Card | str) -> str:
    """A War or Battle card's text (plain text); empty for other cards."""
    card = _card(c)
    return t(f"airwar.cards.{card.type_id}.text") if card.text else ""


def card_note(c: Card | str) -> str:
    """A card's historical note (plain text); empty for a card without one."""
    card = _card(c)
    return t(f"airwar.cards.{card.type_id}.note") if card.note else ""


def english_from_data() -> dict[str, str]:
    """The English catalog entries, as the data has them, in deck order."""
    out: dict[str, str] = {}
    for side in cards.SIDES:
        for c in cards.load()[side]:
            if c.copy != 1:
                continue
            out[f"airwar.cards.{c.type_id}.name"] = c.name
            if c.text:
                out[f"airwar.cards.{c.type_id}.text"] = c.text
            if c.note:
                out[f"airwar.cards.{c.type_id}.note"] = c.note
    return out


def write_english(path: Path = ENGLISH) -> None:
    text = json.dumps(english_from_data(), ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_english()
    print(f"wrote {ENGLISH}")
