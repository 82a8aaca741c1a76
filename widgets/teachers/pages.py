"""The widgets of the teacher pages (``notebooks/teachers/``).

:class:`WorksheetPage` prepares a lesson's worksheet or answer key from its checks
(:mod:`widgets.teachers.sheets`), shows it as it prints, and offers print and download.
:class:`RulebookNotes` shows what a teacher needs from the rules summary, which the app does not
serve as a file: the section "Where the rulebook is silent" of ``docs/rules/<game>.md``.
"""

from __future__ import annotations

import base64
import html
import re
from functools import cache

import ipywidgets as w

from widgets import assets
from widgets.common import Notice, button, dropdown, tagged
from widgets.i18n import language, t
from widgets.teachers import render
from widgets.teachers.sheets import ROOT, Sheet, fetch, lesson_title, lessons

RULES = ROOT / "docs" / "rules"
SILENT = "## Where the rulebook is silent"


class WorksheetPage(w.VBox):
    """Choose a lesson and worksheet or key; "prepare" computes it (once per lesson and
    language), then the sheet shows as it prints, with a print button and an HTML download."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.sheet: Sheet | None = None
        self.lesson = dropdown(
            t("teachers.page.lesson"),
            "teachers-lesson",
            "520px",
            options=[(lesson_title(game, s, language()), s) for s in lessons(game)],
        )
        self.kind = tagged(
            w.ToggleButtons(
                options=[(t("teachers.sheet.worksheet"), False), (t("teachers.sheet.key"), True)],
                value=False,
            ),
            "teachers-kind",
        )
        self.prepare = button(t("teachers.page.prepare"), "teachers-prepare", "file-text-o")
        self.notice = Notice()
        self.actions = tagged(w.HTML(), "teachers-actions", "teachers-noprint")
        self.view = tagged(w.HTML(), "teachers-view")
        style = w.HTML(f"<style>{render.SHEET_CSS}{render.PRINT_CSS}</style>")
        self.prepare.on_click(lambda _b: self.make())
        self.kind.observe(lambda _c: self.draw(), "value")
        self.lesson.observe(lambda _c: self.forget(), "value")
        controls = tagged(
            w.VBox([self.lesson, w.HBox([self.kind, self.prepare]), self.notice, self.actions]),
            "teachers-controls",
            "teachers-noprint",
        )
        super().__init__([style, controls, self.view])
        self.add_class("teachers-worksheets")
        if assets.IN_BROWSER:  # the static site: one Python in the browser, no second process
            self.prepare.disabled = True
            self.notice.info(t("teachers.page.static"))

    def make(self) -> None:
        """Compute the chosen lesson's sheet (in a separate process) and show it."""
        self.notice.info(t("teachers.page.preparing"))
        try:
            self.sheet = fetch(self.game, self.lesson.value, language())
        except (RuntimeError, ValueError, OSError) as error:
            self.notice.error(t("teachers.page.failed", reason=html.escape(str(error))))
            return
        self.notice.info(t("teachers.page.ready", n=len(self.sheet.items)))
        self.draw()

    def forget(self) -> None:
        """Another lesson: its sheet is prepared on request."""
        self.sheet = None
        self.view.value = self.actions.value = ""
        self.notice.clear()

    def draw(self) -> None:
        if self.sheet is None:
            return
        key = self.kind.value
        page = render.document(self.sheet, key).encode("utf-8")
        link = "data:text/html;charset=utf-8;base64," + base64.b64encode(page).decode("ascii")
        self.actions.value = (
            "<button class='teachers-print' onclick='window.print()' style='margin-right:1em'>"
            f"<i class='fa fa-print'></i> {t('teachers.page.print')}</button>"
            f"<a class='teachers-download' download='{render.filename(self.sheet, key)}' "
            f"href='{link}'><i class='fa fa-download'></i> {t('teachers.page.download')}</a>"
        )
        self.view.value = render.sheet_html(self.sheet, key)


@cache
def silent_section(game: str) -> str:
    """The markdown of "Where the rulebook is silent" in ``docs/rules/<game>.md``, down to the
    next section of the same level."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    start = text.index(SILENT) + len(SILENT)
    following = re.search(r"^## ", text[start:], re.M)
    return text[start : start + following.start()] if following else text[start:]


class RulebookNotes(w.VBox):
    """The decisions this project took where the rulebook is silent, with their reasons (written
    in English in the rules summary), under a note in the page's language; a button unfolds
    them (a long text, read when needed)."""

    def __init__(self, game: str) -> None:
        if assets.IN_BROWSER:  # the static site holds the lessons, not the repository's docs/
            body = t("teachers.notes.static", file=f"docs/rules/{game}.md")
        else:
            import mistune  # only here: the static site's browser Python does not ship it

            body = mistune.html(silent_section(game))
        intro = w.HTML(f"<p>{t('teachers.notes.intro', file=f'docs/rules/{game}.md')}</p>")
        self.notes = tagged(
            w.HTML(f"<div>{body}</div>", layout=w.Layout(display="none")), "teachers-notes"
        )
        self.fold = tagged(
            w.ToggleButton(description=t("teachers.notes.title"), icon="book", value=False),
            "teachers-notes-toggle",
        )
        self.fold.layout.width = "auto"
        self.fold.observe(self._unfold, "value")
        super().__init__([intro, self.fold, self.notes])
        self.add_class("teachers-rulebook-notes")

    def _unfold(self, change: dict) -> None:
        self.notes.layout.display = "block" if change["new"] else "none"
