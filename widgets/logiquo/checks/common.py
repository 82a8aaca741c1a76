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


def ladder(texts: Any, name: str, **values: Any) -> list[str]:
    """A check's hint ladder (issue #25): the idea, the method (``<name>.hint_idea``,
    ``<name>.hint_method``), then where to look, the older one-sentence ``<name>.hint``."""
    return [texts(name, part, **values) for part in ("hint_idea", "hint_method", "hint")]


def panel_of(lab: Any, name: str) -> Any:
    """The box a lab's step ``name`` is shown in (where a prediction's veil goes), else the
    lab itself."""
    return getattr(lab, "panels", {}).get(name, lab)


def counted_t(texts: Any, name: str, part: str, n: int, **values: Any) -> str:
    """``<name>.<part>`` or its ``_one`` form when ``n`` is 1 ("1 card", never "1 cards")."""
    return texts(name, f"{part}_one" if n == 1 else part, n=n, **values)


def step_element(lab: Any, name: str, css_class: str) -> Any:
    """The element of the lab's step ``name`` carrying ``css_class`` (a chart's box), found in
    the step's box as shown, else among the step's parts (a step not shown yet)."""
    from widgets.kit.check_kinds import find_tagged

    try:
        return find_tagged(panel_of(lab, name), css_class)
    except LookupError:
        return next(x for x in lab.boxes[name] if css_class in getattr(x, "_dom_classes", ()))
