"""The layers know only the one below: gamelib never imports a UI library (brief, issue #2)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"ipywidgets", "plotly", "IPython", "traitlets"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_gamelib_sources_import_no_ui_library():
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_modules(path) & FORBIDDEN)
        for path in (ROOT / "gamelib").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_every_gamelib_module_loads_no_ui_library():
    """Also catches imports hidden behind importlib or a dependency that pulls a UI in."""
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "gamelib").rglob("*.py")
        if "__main__" not in p.name
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"print(sorted(n for n in sys.modules if n.split('.')[0] in {sorted(FORBIDDEN)!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_checker_would_catch_an_offender(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import plotly.graph_objects as go\nfrom ipywidgets import Button\n")
    assert imported_modules(bad) & FORBIDDEN == {"plotly", "ipywidgets"}
