"""What the checks of every Rails lesson share: the catalog keys of a check
(``rails.checks.<lesson>.<name>.<part>``), yes/no and city options, colour names."""

from __future__ import annotations

from typing import Any

from gamelib.rails.board import load
from widgets.i18n import t

CONFIDENCE = 0.95  # the Monte Carlo panel's interval (odds.wilson_interval's z = 1.96)


def _t(lesson: str, name: str, part: str, /, **values: Any) -> str:
    return t(f"rails.checks.{lesson}.{name}.{part}", **values)


def _hint(lesson: str, name: str) -> dict[str, str]:
    """A check's hint; its question and explanation are formatted where they are used."""
    return {"hint": _t(lesson, name, "hint")}


def _yes_no() -> list[tuple[str, str]]:
    return [(t("rails.checks.yes"), "yes"), (t("rails.checks.no"), "no")]


def _city_options() -> list[tuple[str, str]]:
    return [(c, c) for c in sorted(load().cities)]


def _colour(name: str) -> str:
    return t(f"rails.color.{name}")
