"""Every lesson in a real browser, offline, from the table in ``lessons.py``.

Each page is opened once (Voila runs its notebook in a fresh kernel, the slow part) and two tests
use it: it renders with no widget error, no console error, no failed request and no request
outside localhost; then a person's steps on it do what the row says (charts change, logs grow,
texts appear). Screenshots go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, screenshot, watch
from .italian import english_left
from .lessons import LESSONS, Lesson
from .pagekit import assert_healthy, open_lesson
from .screens import SCREENED, fits_every_screen

pytestmark = pytest.mark.browser

ROWS = {lesson.notebook: lesson for lesson in LESSONS}
NOTEBOOKS = sorted(
    str(p.relative_to(ROOT / "notebooks"))
    for p in (ROOT / "notebooks").rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
WITH_STEPS = [n for n in NOTEBOOKS if n in ROWS and ROWS[n].steps]


def pages(notebooks: list[str]) -> list[Any]:
    """The ``lesson`` parameters: a notebook's tests share its page, so one xdist worker (with
    ``--dist loadgroup``) runs them together."""
    return [pytest.param(n, marks=pytest.mark.xdist_group(f"lesson-{n}")) for n in notebooks]


@pytest.fixture(scope="module")
def lesson(request: pytest.FixtureRequest, browser: Any, voila_url: str):
    """One page per notebook, shared by the tests that take it (pytest runs them together and
    closes the page, and its kernel, before the next notebook)."""
    notebook = request.param
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = watch(context)
    try:
        open_lesson(watched, voila_url, notebook)
        yield ROWS.get(notebook, Lesson(notebook)), watched
    finally:
        context.close()


def test_every_lesson_has_a_row():
    """A new notebook gets its row in ``lessons.py`` (what to press, what must change)."""
    assert set(NOTEBOOKS) == set(ROWS), "add the lesson to tests/browser/lessons.py"
    lessons = {n for n in NOTEBOOKS if not n.startswith("it/")} - {"index.ipynb"}
    assert lessons <= set(WITH_STEPS), "a lesson's row says what its controls do"


@pytest.mark.parametrize("lesson", pages(NOTEBOOKS), indirect=True)
def test_page_renders_offline(lesson: tuple[Lesson, Any]) -> None:
    row, watched = lesson
    for check in row.opens:
        check.run(watched.page)
    name = Path("notebooks", row.notebook).with_suffix("").as_posix().replace("/", "__")
    screenshot(watched.page, name)
    assert_healthy(watched)
    if row.notebook.startswith("it/"):
        assert english_left(watched.page) == [], "English catalog text on an Italian page"


@pytest.mark.parametrize("lesson", pages([n for n in NOTEBOOKS if n in SCREENED]), indirect=True)
def test_fits_every_screen(lesson: tuple[Lesson, Any]) -> None:
    """Before the steps: the page at a phone's, a tablet's and a laptop's size (``screens.py``)."""
    row, watched = lesson
    fits_every_screen(row.notebook, watched)


@pytest.mark.parametrize("lesson", pages(WITH_STEPS), indirect=True)
def test_controls_do_what_the_lesson_says(lesson: tuple[Lesson, Any]) -> None:
    row, watched = lesson
    for step in row.steps:
        step.run(watched.page)
    assert_healthy(watched)
