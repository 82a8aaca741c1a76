"""A refused move in the learner's language.

gamelib's :class:`~gamelib.core.IllegalAction` carries the rule (§), a code and the values of the
refusal; the sentence is the catalog's ``<game>.illegal.<code>``, in each language. A game whose
rules module still raises an English sentence (not yet converted) shows that sentence as it is.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from gamelib.core import IllegalAction
from widgets.i18n import t


def refusal(game: str, error: IllegalAction, value: Callable[[str, Any], Any] | None = None) -> str:
    """The reason of ``error`` in words, HTML-safe; ``value(name, raw)`` may turn a value into
    words first (a card id into its name)."""
    if not error.coded:
        return html.escape(error.code)
    values = {k: value(k, v) if value else v for k, v in error.values.items()}
    return t(f"{game}.illegal.{error.code}", **{k: html.escape(str(v)) for k, v in values.items()})
