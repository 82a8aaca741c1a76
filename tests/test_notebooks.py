"""Every lesson executes headless, is linked from the landing page and keeps the lesson shape."""

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]
LESSONS = [p for p in NOTEBOOKS if p.name != "index.ipynb"]


def ids(paths):
    return [str(p.relative_to(ROOT / "notebooks")) for p in paths]


class SharedKernel:
    """One kernel runs every notebook in turn: starting a kernel and importing plotly,
    ipywidgets, scipy and networkx again for each notebook was most of this test's time. Between
    notebooks the user namespace is reset (``%reset -f``), the widgets are closed and the working
    directory is the notebook's, so a notebook cannot lean on names another one defined. Each
    notebook in a fresh kernel is what the browser tests do (Voila starts one per page)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.km = AsyncKernelManager(kernel_name="python3")
        self.loop.run_until_complete(self.km.start_kernel(cwd=str(ROOT)))
        self.kc = self.km.client()
        self.kc.start_channels()
        self.loop.run_until_complete(self.kc.wait_for_ready(timeout=120))

    def execute(self, path: Path) -> nbformat.NotebookNode:
        fresh = (
            "%reset -f\nimport os, ipywidgets\nipywidgets.Widget.close_all()\n"
            f"os.chdir({str(path.parent)!r})"
        )
        reply = self.loop.run_until_complete(
            self.kc.execute_interactive(fresh, store_history=False, timeout=60)
        )
        assert reply["content"]["status"] == "ok", reply["content"]
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, km=self.km, timeout=300, kernel_name="python3")
        client.kc = self.kc  # the shared client: nbclient neither restarts nor stops it
        self.loop.run_until_complete(client.async_execute())
        return nb

    def close(self) -> None:
        self.kc.stop_channels()
        self.loop.run_until_complete(self.km.shutdown_kernel(now=True))
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
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
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
