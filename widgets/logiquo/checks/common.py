"""What the checks of every Logiquo lesson share: card names and the right answers that are a
set of equally good keys (the catalog texts are each lesson's
``widgets.kit.check_texts.CheckTexts``)."""

from __future__ import annotations

import html
from typing import Any

from gamelib.logiquo import cards
from widgets.logiquo.words import card_name, category_label


def _threat_named(name: str) -> cards.Card:
    return next(c for c in cards.by_kind("threat") if c.name["en"] == name)


def _threat_name(number: int) -> str:
    c = cards.threat(number)
    return f"T{number:02d} {html.escape(card_name(c))}"


def _category_options() -> list[tuple[str, str]]:
    return [(category_label(c["id"]), c["id"]) for c in cards.threat_categories()]


def _best(values: dict[str, Any], low: bool = False) -> frozenset[str]:
    """The keys holding the highest (or lowest) value: every one of them is a right answer."""
    target = min(values.values()) if low else max(values.values())
    return frozenset(k for k, v in values.items() if v == target)


def _names(keys: frozenset[str]) -> str:
    return ", ".join(category_label(k) for k in sorted(keys))
