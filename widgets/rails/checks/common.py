"""What the checks of every Rails lesson share: yes/no and city options, colour names (a
check's catalog keys, ``rails.checks.<lesson>.<name>.<part>``, are each lesson's
``widgets.kit.check_texts.CheckTexts``)."""

from __future__ import annotations

from gamelib.rails.board import load
from widgets.i18n import t

CONFIDENCE = 0.95  # the Monte Carlo panel's interval (odds.wilson_interval's z = 1.96)


def _yes_no() -> list[tuple[str, str]]:
    return [(t("rails.checks.yes"), "yes"), (t("rails.checks.no"), "no")]


def _city_options() -> list[tuple[str, str]]:
    return [(c, c) for c in sorted(load().cities)]


def _colour(name: str) -> str:
    return t(f"rails.color.{name}")
