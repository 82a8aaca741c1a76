"""A worksheet or its answer key as printable HTML, from a :class:`~widgets.teachers.sheets.Sheet`.

The same markup serves the page (an HTML widget) and the download (a whole HTML document with
the same style), so what the teacher sees is what prints. :data:`PRINT_CSS` makes clean pages:
only the sheet is printed, the page's controls and other cells are hidden, a question is never
cut by a page break, and the writing room stays.
"""

from __future__ import annotations

import html

from widgets.i18n import t
from widgets.teachers.sheets import Item, Sheet

MANY = 12  # more options than this (a gateway, a card): a line to write on, not a list
LABELS = {"reflect": "teachers.sheet.reflect", "predict": "teachers.sheet.predict"}  # else question

SHEET_CSS = """
.teachers-sheet { font-family: Georgia, 'Times New Roman', serif; color: #111; max-width: 46em;
  line-height: 1.35; }
.teachers-sheet h1 { font-size: 1.45em; margin: 0 0 .2em; }
.teachers-sheet h2 { font-size: 1.05em; margin: 1.1em 0 .3em; border-bottom: 1px solid #999;
  break-after: avoid; page-break-after: avoid; }
.teachers-sheet .who { margin: .6em 0 1em; letter-spacing: .02em; }
.teachers-sheet .about { font-size: .88em; color: #333; margin: .3em 0 .8em; }
.teachers-item { margin: .7em 0 1em; break-inside: avoid; page-break-inside: avoid; }
.teachers-item .q { margin: 0 0 .35em; }
.teachers-item .note { font-size: .85em; color: #444; }
.teachers-item ul.options { list-style: none; padding-left: 1em; margin: .2em 0; }
.teachers-item ul.options li::before { content: "\\2610\\00a0"; }
.teachers-item ol.order li { margin: .25em 0; }
.teachers-item .write { border-bottom: 1px solid #555; height: 1.7em; margin: .25em 0; }
.teachers-item .key { background: #f2f7ef; border-left: 3px solid #2e7d32; padding: .3em .6em; }
.teachers-sheet .foot { font-size: .75em; color: #555; margin-top: 1.5em; }
"""

PRINT_CSS = """
@media print {
  @page { margin: 14mm 16mm; }
  /* every box around the sheet grows with it (Voila's panels scroll inside a fixed height) */
  *:has(.teachers-sheet) {
    overflow: visible !important; height: auto !important; max-height: none !important;
    position: static !important; contain: none !important; width: auto !important;
    min-width: 0 !important; display: block !important; break-inside: auto !important; }
  body:has(.teachers-sheet) .jp-Cell:not(:has(.teachers-sheet)) { display: none !important; }
  .teachers-noprint, #voila-header, .jp-OutputPrompt, .jp-InputPrompt { display: none !important; }
  .teachers-sheet { max-width: none; }
}
"""


def _e(text: str) -> str:
    return html.escape(text, quote=False)


def _options(item: Item) -> str:
    if item.kind == "order":
        rows = "".join(f"<li>[&nbsp;&nbsp;&nbsp;] {_e(c)}</li>" for c in item.choices)
        return f"<p class='note'>{t('teachers.sheet.order')}</p><ol class='order'>{rows}</ol>"
    if len(item.choices) > MANY:
        many = t("teachers.sheet.many", n=len(item.choices))
        return f"<p class='note'>{many}</p><div class='write'></div>"
    rows = "".join(f"<li>{_e(c)}</li>" for c in item.choices)
    return f"<p class='note'>{t('teachers.sheet.tick')}</p><ul class='options'>{rows}</ul>"


def _room(item: Item) -> str:
    """Where the student writes: a line for a number, options to tick, lines to think on."""
    if item.kind == "reflect":
        return "<div class='write'></div>" * 4
    if item.choices:
        return _options(item)
    note = f"<p class='note'>{_e(item.instructions)}</p>" if item.instructions else ""
    return f"{note}<p>{t('teachers.sheet.your_answer')}</p><div class='write'></div>"


def _key(item: Item) -> str:
    """The answer and its reasoning, as the page's "show me" gives them."""
    if item.kind == "reflect":
        return f"<div class='key'><b>{t('teachers.sheet.model')}</b> {item.explanation}</div>"
    tolerance = f" <span class='note'>({_e(item.instructions)})</span>" if item.instructions else ""
    others = "".join(f"<li><i>{_e(label)}</i>: {why}</li>" for label, why in item.reasons)
    return (
        f"<div class='key'><b>{t('teachers.sheet.answer')}</b> {item.answer}{tolerance}"
        f"<br><b>{t('teachers.sheet.why')}</b> {item.explanation}"
        + (f"<br><b>{t('teachers.sheet.why_not')}</b><ul>{others}</ul>" if others else "")
        + "</div>"
    )


def sheet_html(sheet: Sheet, key: bool) -> str:
    """The worksheet (``key=False``: questions and room to write) or its answer key."""
    kind = t("teachers.sheet.key" if key else "teachers.sheet.worksheet")
    parts = [
        f"<div class='teachers-sheet' data-lesson='{sheet.game}/{sheet.lesson}' "
        f"data-kind='{'key' if key else 'worksheet'}'>",
        f"<h1>{kind} · {_e(sheet.title)}</h1>",
        f"<p class='about'>{t('teachers.sheet.about_key' if key else 'teachers.sheet.about')}</p>",
    ]
    if not key:
        parts.append(f"<p class='who'>{t('teachers.sheet.who')}</p>")
    step = None
    for n, item in enumerate(sheet.items, 1):
        if item.step != step:
            step = item.step
            parts.append(f"<h2>{_e(step)}</h2>")
        label = t(LABELS.get(item.kind, "teachers.sheet.question"))
        parts.append(
            f"<div class='teachers-item' data-check='{item.name}'>"
            f"<p class='q'><b>{item.number or f'{n}.'} {label}</b> {item.question}</p>"
            + (_key(item) if key else _room(item))
            + "</div>"
        )
    parts.append(
        f"<p class='foot'>{t('teachers.sheet.foot', game=t(f'teachers.game.{sheet.game}'))}</p>"
    )
    parts.append("</div>")
    return "".join(parts)


def document(sheet: Sheet, key: bool) -> str:
    """A whole HTML file of the sheet, for the download: the same markup and style."""
    kind = t("teachers.sheet.key" if key else "teachers.sheet.worksheet")
    return (
        f"<!DOCTYPE html><html lang='{sheet.language}'><head><meta charset='utf-8'>"
        f"<title>{kind} · {_e(sheet.title)}</title><style>{SHEET_CSS}"
        "body { margin: 2em auto; max-width: 48em; }</style></head>"
        f"<body>{sheet_html(sheet, key)}</body></html>"
    )


def filename(sheet: Sheet, key: bool) -> str:
    kind = "key" if key else "worksheet"
    return f"{sheet.game}-{sheet.lesson}-{kind}-{sheet.language}.html"
