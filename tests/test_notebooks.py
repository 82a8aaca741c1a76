"""Every lesson executes headless, is linked from the landing page and keeps the lesson shape.

A run that also opens every notebook in the browser (tests/browser/test_lessons.py, Voilà with a
fresh kernel a page) skips the headless execution of those notebooks: tests/conftest.py
deselects it, so a notebook is executed once a run, in the place closest to a student's."""

import asyncio
import json
import re
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import nbformat
import pytest
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]
# The English lessons; an Italian one (notebooks/it/...) is held to its English twin, cell for
# cell, by tests/test_translations.py, so the shape is checked once, here. All of them execute.
LESSONS = [
    p
    for p in NOTEBOOKS
    if p.name != "index.ipynb"
    and p.relative_to(ROOT / "notebooks").parts[0] not in ("it", "teachers")
]
# The teacher pages (notebooks/teachers/, issue #14) are not lessons: their shape is checked in
# tests/test_teachers.py.


def ids(paths):
    return [str(p.relative_to(ROOT / "notebooks")) for p in paths]


class SharedKernel:
    """One kernel runs every notebook in turn: starting a kernel and importing plotly,
    ipywidgets, scipy and networkx again for each notebook was most of this test's time. Between
    notebooks the user namespace is reset (``%reset -f``), the widgets are closed and the working
    directory is the notebook's, so a notebook cannot lean on names another one defined. Each
    notebook in a fresh kernel is what the browser tests do (Voila starts one per page)."""

    def __init__(self) -> None:
        # The kernel's loop runs in a thread of its own: the session's browser (Playwright's sync
        # API) keeps a loop running in the main thread, where no second loop may run.
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.km = AsyncKernelManager(kernel_name="python3")
        self.run(self.km.start_kernel(cwd=str(ROOT)))
        self.kc = self.km.client()
        self.run(self._start_channels())
        self.run(self.kc.wait_for_ready(timeout=120))

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on the kernel's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()

    async def _start_channels(self) -> None:
        self.kc.start_channels()  # the channels' sockets belong to the kernel's loop

    def execute(self, path: Path) -> nbformat.NotebookNode:
        fresh = (
            "%reset -f\nimport os, ipywidgets\nipywidgets.Widget.close_all()\n"
            "from widgets.i18n import set_language\nset_language('en')\n"  # an Italian page sets it
            f"os.chdir({str(path.parent)!r})"
        )
        reply = self.run(self.kc.execute_interactive(fresh, store_history=False, timeout=60))
        assert reply["content"]["status"] == "ok", reply["content"]
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, km=self.km, timeout=300, kernel_name="python3")
        client.kc = self.kc  # the shared client: nbclient neither restarts nor stops it
        self.run(client.async_execute())
        return nb

    async def _stop_channels(self) -> None:
        self.kc.stop_channels()

    def close(self) -> None:
        self.run(self._stop_channels())
        self.run(self.km.shutdown_kernel(now=True))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        self.loop.close()


@pytest.fixture(scope="module")
def kernel() -> Iterator[SharedKernel]:
    shared = SharedKernel()
    try:
        yield shared
    finally:
        shared.close()


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebook_executes_without_error(kernel: SharedKernel, path: Path) -> None:
    nb = kernel.execute(path)
    errors = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"
    ]
    assert not errors
    widgets = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    # The one cell of an Italian twin that chooses the language shows nothing.
    code_cells = [c for c in nb.cells if c.cell_type == "code" and "set_language(" not in c.source]
    assert len(widgets) >= len(code_cells) > 0 or not code_cells


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebook_is_committed_clean_and_lesson_shaped(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["cells"][0]["cell_type"] == "markdown", "prose first"
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs", []) == [] and cell.get("execution_count") is None
            lines = [ln for ln in "".join(cell["source"]).splitlines() if ln.strip()]
            assert len(lines) <= 6, f"a code cell is a few lines that build a widget: {lines}"


LESSON_PAGES = [
    p
    for p in NOTEBOOKS
    if p.name != "index.ipynb" and "teachers" not in p.relative_to(ROOT / "notebooks").parts
]


@pytest.mark.parametrize("path", LESSON_PAGES, ids=ids(LESSON_PAGES))
def test_a_lesson_starts_its_memory_under_its_own_name_and_language(path):
    """The cell after the title names the lesson (without its language, so that both pages of
    a lesson share the learner's record) and the page's language (issue #24)."""
    rel = path.relative_to(ROOT / "notebooks").as_posix()
    lang = "it" if rel.startswith("it/") else "en"
    lesson = rel.removeprefix("it/").removesuffix(".ipynb")
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = next(c for c in nb["cells"] if c["cell_type"] == "code")
    assert nb["cells"].index(first) == 1
    assert "".join(first["source"]).endswith(f'start_lesson("{lesson}", "{lang}")')
    assert not any("set_language(" in "".join(c["source"]) for c in nb["cells"])


def test_every_lesson_is_linked_from_the_landing_page():
    index = (ROOT / "notebooks" / "index.ipynb").read_text(encoding="utf-8")
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", index))
    assert {str(p.relative_to(ROOT / "notebooks")) for p in LESSONS} <= links
    for link in links:
        assert (ROOT / "notebooks" / link).exists(), f"broken link {link}"


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_lesson_links_back_and_cites_the_rulebook(path):
    text = path.read_text(encoding="utf-8")
    assert "../index.ipynb" in text
    assert "§" in text
    assert "Try this" in text


# ---------------------------------------------------------------------- the lesson shape (#11)
# Lessons not yet converted to checks and the full shape. The list only shrinks: a listed lesson
# that already has the shape fails the test below until it is taken off the list.
NOT_YET_SHAPED: set[str] = set()
CHECK_CELL = re.compile(r"\bchecks\.\w+\(")


def bullets(text: str, after: str) -> int:
    """How many list items follow the line containing ``after`` (up to a blank line)."""
    lines = text.split(after, 1)[1].splitlines()[1:]
    items = 0
    for line in lines:
        if line.startswith("- "):
            items += 1
        elif not line.strip() and items:
            break
    return items


def shape_problems(path: Path) -> list[str]:
    """What keeps a lesson from the shape of issue #11, in words (empty: none)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = ["".join(c["source"]) for c in cells]
    problems = []
    first_step = next((i for i, s in enumerate(text) if "\n## " in "\n" + s), 0)
    top = "\n".join(
        s
        for s, c in zip(text[: first_step + 1], cells, strict=False)
        if c["cell_type"] == "markdown"
    )
    if (
        "**You will be able to**" not in top
        or not 2 <= bullets(top, "**You will be able to**") <= 4
    ):
        problems.append("2-4 objectives under **You will be able to** at the top")
    for mark in ("**Time:**", "**Prerequisites:**"):
        if mark not in top:
            problems.append(f"{mark} at the top")
    learned = next((i for i, s in enumerate(text) if "## What you learned" in s), None)
    if learned is None or not 3 <= bullets(text[learned], "## What you learned") <= 5:
        problems.append("3-5 lines under ## What you learned")
    elif not any(".score()" in s for s in text[learned:]):
        problems.append("the lesson's score (checks.score()) after What you learned")
    siblings = sorted(p.name for p in path.parent.glob("*.ipynb"))
    at = siblings.index(path.name)
    end = text[-1]
    if "../index.ipynb" not in end:
        problems.append("← All lessons in the last cell")
    if at > 0 and f"]({siblings[at - 1]})" not in end:
        problems.append(f"a link to the previous lesson {siblings[at - 1]} in the last cell")
    if at < len(siblings) - 1 and f"]({siblings[at + 1]})" not in end:
        problems.append(f"a link to the next lesson {siblings[at + 1]} in the last cell")
    for i, (cell, source) in enumerate(zip(cells, text, strict=True)):
        if cell["cell_type"] == "markdown" and "**Try this" in source:
            following = cells[i + 1] if i + 1 < len(cells) else None
            if (
                not following
                or following["cell_type"] != "code"
                or not CHECK_CELL.search("".join(following["source"]))
            ):
                problems.append(f"a check cell right after the Try this of cell {i}")
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_lesson_has_checks_objectives_and_what_you_learned(path):
    name = str(path.relative_to(ROOT / "notebooks"))
    problems = shape_problems(path)
    if name in NOT_YET_SHAPED:
        assert problems, f"{name} has the lesson shape now: take it off NOT_YET_SHAPED"
    else:
        assert not problems, problems


def test_the_not_yet_shaped_list_names_real_lessons():
    names = {str(p.relative_to(ROOT / "notebooks")) for p in LESSONS}
    assert names >= NOT_YET_SHAPED
