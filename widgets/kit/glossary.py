"""A game's two-way glossary: the rulebook's Italian words beside the English ones.

One file a game, ``widgets/locales/glossary/<game>.json``: a list of entries
``{"it": ..., "en": ..., "rule": "§..."}`` in the rulebook's order. The lessons show it with
:class:`Glossary` (in an Italian page the Italian term leads, in an English page the English
one), and ``docs/rules/<game>.md`` prints the same table (``tests/test_i18n.py`` compares them),
so the words a class hears at the table, reads in a lesson and finds in the rules are one set.
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

import ipywidgets as w

from widgets.common import html_table
from widgets.i18n import language, t

FOLDER = Path(__file__).resolve().parent.parent / "locales" / "glossary"


@cache
def entries(game: str) -> tuple[dict[str, str], ...]:
    """The glossary of ``game``, as stored (Italian, English, the rule that uses the term)."""
    path = FOLDER / f"{game}.json"
    if not path.is_file():
        raise ValueError(f"no glossary for {game!r} in {FOLDER}")
    return tuple(json.loads(path.read_text(encoding="utf-8")))


def rows(game: str, lang: str | None = None) -> list[tuple[str, str, str]]:
    """(term in ``lang``, the same term in the other language, rule), sorted as a reader looks
    terms up: alphabetically in the page's language."""
    lead = lang or language()
    other = "en" if lead == "it" else "it"
    found = [(e[lead], e[other], e.get("rule", "")) for e in entries(game)]
    return sorted(found, key=lambda r: r[0].casefold())


class Glossary(w.VBox):
    """The game's glossary as a table inside a closed accordion, so it costs no room until a
    learner opens it."""

    def __init__(self, game: str) -> None:
        head = [t("common.glossary.term"), t("common.glossary.other"), t("common.glossary.rule")]
        body = [[html.escape(c) for c in r] for r in rows(game)]
        table = w.HTML(html_table(head, body))
        table.add_class("glossary-table")
        box = w.Accordion(children=[table], selected_index=None)
        box.set_title(0, t("common.glossary.title", n=len(body)))
        super().__init__([box])
        self.add_class("glossary")
