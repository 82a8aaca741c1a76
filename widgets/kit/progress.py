"""The landing page's "your progress": for every lesson the learner has worked in, its score
line as the lesson last showed it (right at the first try, of how many checks) and a link to go
on. It reads the learner's record through the page's memory, so it appears once the browser has
sent its key; a first visit, or a page that keeps nothing, shows a line saying so. On the static
site it reads the records this browser keeps (the only ones there are), opening no store."""

from __future__ import annotations

import html
import json
from pathlib import Path

import ipywidgets as w

from widgets.common import tagged
from widgets.i18n import t
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def lesson_title(lesson: str, language: str) -> str:
    """The lesson's title as its page in ``language`` gives it (its first heading), or its id
    where the notebook is found neither beside the package nor beside the landing page (the
    static site's kernel runs in the landing page's folder of the site's files)."""
    folder = NOTEBOOKS / "it" if language == "it" else NOTEBOOKS
    for path in (folder / f"{lesson}.ipynb", Path.cwd() / f"{lesson}.ipynb"):
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            first = "".join(cells[0]["source"]).splitlines()[0]
        except (OSError, ValueError, KeyError, IndexError):
            continue
        return first.lstrip("# ").strip() or lesson
    return lesson


class ProgressBoard(w.VBox):
    """One row per lesson with a score line in the learner's record."""

    def __init__(self, memory: mem.Memory, language: str) -> None:
        self.memory, self.language = memory, language
        self.view = tagged(w.HTML(), "progress-board")
        super().__init__([self.view])
        self.add_class("progress")
        memory.on_change(lambda _m: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        m = self.memory
        if m.state == mem.OFF:
            self.view.value = f"<p>{t('common.progress_board.off')}</p>"
            return
        if m.state != mem.READY:
            self.view.value = f"<p>{t('common.record.waiting')}</p>"
            return
        said = ""
        if m.problem.startswith("browser."):  # the browser's kept records could not be read
            from widgets.kit.record_bar import problem_text

            said = f"<p role='status'>⚠ {problem_text(m.problem)}</p>"
        done = m.summaries()
        if not done:
            none = "browser_none" if m.in_browser else "none"
            self.view.value = f"{said}<p>{t(f'common.progress_board.{none}')}</p>"
            return
        page = "html" if m.in_browser else "ipynb"  # the static site's pages are HTML files
        rows = []
        for lesson in sorted(done):
            score = done[lesson]
            right, total = int(score.get("right", 0)), int(score.get("total", 0))
            answered = int(score.get("answered", 0))
            mark = "✓ " if total and answered == total else ""
            title = html.escape(lesson_title(lesson, self.language))
            line = t("common.progress_board.line", right=right, total=total, answered=answered)
            link = f"{html.escape(lesson)}.{page}"
            rows.append(f"<li><a href='{link}'>{title}</a>: {mark}{line}</li>")
        self.view.value = (
            f"{said}<p><b>{t('common.progress_board.title')}</b></p><ul>{''.join(rows)}</ul>"
        )


def progress_board(language: str = "en") -> w.VBox:
    """The landing page's cell: its memory (read only: nothing here creates a record) and the
    board."""
    from widgets.i18n import set_language

    set_language(language)
    memory = mem.begin("index", read_only=True)
    bridge = BrowserStore()
    memory.attach(bridge)
    box = w.VBox([bridge, ProgressBoard(memory, language)])
    box.add_class("landing-progress")
    return box
