"""Every lesson executes headless, is linked from the landing page and keeps the lesson shape."""

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]
LESSONS = [p for p in NOTEBOOKS if p.name != "index.ipynb"]


def ids(paths):
    return [str(p.relative_to(ROOT / "notebooks")) for p in paths]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebook_executes_without_error(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
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
