"""What an Italian page must show (issue #12): Italian words, and no English catalog text left.

The scan reads what a learner sees: the page's visible text and, inside every chart, the title,
the axis titles, legend names and annotations (plotly draws them as SVG text, which the page
text includes, but a hidden legend entry would not be). An English catalog text counts as left
over when a run of at least three words of it (between its placeholders and HTML tags) stands
in the page and the Italian catalog does not have the same run: "Seed" alone could be a name,
"Chance of conquest against" cannot.
"""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

from widgets import i18n

# Words that are the same in both languages, or names the rulebooks themselves use in English.
ALLOWED = {
    "air bridge",
    "network objective",
    "ticket to ride",
    "next flight out",
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\{[^}]*\}|<[^>]+>|\\n")
WORD_RUN = 3

CHART_TEXT = """() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(p => {
  const l = p._fullLayout || {};
  const axes = Object.keys(l).filter(k => /^[xy]axis\\d*$/.test(k))
    .map(k => l[k].title && l[k].title.text);
  const notes = (l.annotations || []).map(a => a.text);
  const names = (p.data || []).filter(t => t.showlegend !== false).map(t => t.name);
  return [l.title && l.title.text, ...axes, ...notes, ...names].filter(Boolean);
})"""


def runs(text: str) -> list[str]:
    """The fixed stretches of a catalog text with at least ``WORD_RUN`` words, lower case."""
    found = []
    for part in PLACEHOLDER.split(html.unescape(text)):
        words = re.findall(r"[A-Za-zÀ-ÿ']+", part)
        if len(words) >= WORD_RUN:
            found.append(" ".join(words).lower())
    return found


@cache
def english_only() -> tuple[str, ...]:
    """Runs of English catalog text that no Italian catalog text contains."""
    italian = " | ".join(" ".join(runs(v)) for v in i18n.catalog("it").values())
    out = set()
    for text in i18n.catalog("en").values():
        for run in runs(text):
            if run not in italian and not any(a in run for a in ALLOWED):
                out.add(run)
    return tuple(sorted(out, key=len, reverse=True))


def visible_words(page: Any) -> str:
    texts = [page.inner_text("body"), *page.evaluate(CHART_TEXT)]
    words = re.findall(r"[A-Za-zÀ-ÿ']+", html.unescape(" ".join(texts)))
    return " " + " ".join(words).lower() + " "


def english_left(page: Any) -> list[str]:
    """The English catalog runs a learner can read on this (Italian) page."""
    seen = visible_words(page)
    return [run for run in english_only() if f" {run} " in seen]


def chart_titles(page: Any) -> list[str]:
    return [str(t) for t in page.evaluate(CHART_TEXT)]
