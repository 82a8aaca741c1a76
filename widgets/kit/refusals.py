"""A refused move in the learner's language.

gamelib's :class:`~gamelib.core.IllegalAction` carries the rule (§), a code and the values of the
refusal; the sentence is the catalog's ``<game>.illegal.<code>`` (or ``common.illegal.<code>``
for what every game shares), in each language. A game whose
rules module still raises an English sentence (not yet converted) shows that sentence as it is.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from gamelib.core import IllegalAction
from widgets import i18n
from widgets.i18n import t


def refusal(game: str, error: IllegalAction, value: Callable[[str, Any], Any] | None = None) -> str:
    """The reason of ``error`` in words, HTML-safe; ``value(name, raw)`` may turn a value into
    words first (a card id into its name)."""
    if not error.coded:
        return html.escape(error.code)
    values = {k: value(k, v) if value else v for k, v in error.values.items()}
    key = f"{game}.illegal.{error.code}"
    if key not in i18n.catalog("en"):  # refusals every game shares (malformed input)
        key = f"common.illegal.{error.code}"
    return t(key, **{k: html.escape(str(v)) for k, v in values.items()})
