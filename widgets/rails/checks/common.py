"""What the checks of every Rails lesson share: yes/no and city options, colour names (a
check's catalog keys, ``rails.checks.<lesson>.<name>.<part>``, are each lesson's
``widgets.kit.check_texts.CheckTexts``)."""

from __future__ import annotations

from typing import Any

from gamelib.rails.board import load
from widgets.i18n import t
from widgets.kit.check_ladder import rungs
from widgets.kit.table import counted

CONFIDENCE = 0.95  # the Monte Carlo panel's interval (odds.wilson_interval's z = 1.96)


def _yes_no() -> list[tuple[str, str]]:
    return [(t("rails.checks.yes"), "yes"), (t("rails.checks.no"), "no")]


def _city_options() -> list[tuple[str, str]]:
    return [(c, c) for c in sorted(load().cities)]


def _colour(name: str) -> str:
    return t(f"rails.color.{name}")


def ladder(texts: Any, name: str, /, **values: Any) -> list[str]:
    """A check's hint ladder (issue #25): the idea (``<name>.hint_idea``), the method
    (``<name>.hint_method``), then where to look (``<name>.hint``, the one-rung hint it was),
    each formatted with ``values``."""
    return [texts(name, part, **values) for part in ("hint_idea", "hint_method", "hint")]


def with_ladder(check: Any, hints: list[str]) -> Any:
    """Give a check built elsewhere (the kit's shared questions) a ladder instead of its one
    hint, as if it had been built with ``hint=hints``."""
    check._base_hint = hints
    check.hints = rungs(hints)
    check.hint = check.hints[0]
    return check


def counted_t(key: str, n: int, /, **values: Any) -> str:
    """``t(key)`` or its ``_one`` form when ``n`` is 1 ("1 train", "1 carro")."""
    return t(counted(key, n), n=n, **values)
