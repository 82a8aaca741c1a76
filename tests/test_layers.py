"""The layers know only the one below: gamelib never imports a UI library (brief, issue #2)
nor any storage, and record/ (the learner's record, issue #24) knows no game, widget or UI."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"ipywidgets", "plotly", "IPython", "traitlets"}
STORAGE = {"sqlalchemy", "alembic", "sqlite3", "psycopg", "record"}  # gamelib imports none
RECORD_FORBIDDEN = FORBIDDEN | {"gamelib", "widgets"}  # record/ sits beside gamelib


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def offenders(package: str, forbidden: set[str]) -> dict[str, list[str]]:
    """Each source file of ``package`` (migrations included) -> the forbidden modules it names."""
    found = {
        str(path.relative_to(ROOT)): sorted(imported_modules(path) & forbidden)
        for path in (ROOT / package).rglob("*.py")
    }
    return {k: v for k, v in found.items() if v}


def loaded_by_importing(package: str, forbidden: set[str]) -> list[str]:
    """The forbidden modules present after importing every module of ``package`` in a fresh
    interpreter: also catches imports behind importlib or a dependency that pulls one in."""
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / package).rglob("*.py")
        if "__main__" not in p.name and "migrations" not in p.parts
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"print(sorted(n for n in sys.modules if n.split('.')[0] in {sorted(forbidden)!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert modules
    return ast.literal_eval(out.stdout.strip())


def test_gamelib_sources_import_no_ui_library():
    assert offenders("gamelib", FORBIDDEN) == {}


def test_importing_every_gamelib_module_loads_no_ui_library():
    assert loaded_by_importing("gamelib", FORBIDDEN) == []


def test_gamelib_imports_no_storage():
    """Rules are pure: what a learner did is kept by record/, never by gamelib."""
    assert offenders("gamelib", STORAGE) == {}
    assert loaded_by_importing("gamelib", STORAGE) == []


def test_record_knows_no_game_widget_or_ui():
    """record/ returns codes and data; the widgets word them, and no rule lives there."""
    assert offenders("record", RECORD_FORBIDDEN) == {}
    assert loaded_by_importing("record", RECORD_FORBIDDEN) == []


def test_the_checker_would_catch_an_offender(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import plotly.graph_objects as go\nfrom ipywidgets import Button\n")
    assert imported_modules(bad) & FORBIDDEN == {"plotly", "ipywidgets"}


def test_the_checker_would_catch_a_storage_or_game_offender(tmp_path, monkeypatch):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import sqlite3\nfrom sqlalchemy import select\nimport psycopg\n"
        "from record.store import Store\n"
        "def later():\n    from gamelib.cnw import rules\n    import widgets.common\n"
    )
    names = imported_modules(bad)
    assert names & STORAGE == {"sqlite3", "sqlalchemy", "psycopg", "record"}
    assert names & RECORD_FORBIDDEN == {"gamelib", "widgets"}
    # and the package-wide checks see it: a fake package holding that file
    package = tmp_path / "fakepkg"
    package.mkdir()
    (package / "__init__.py").write_text("import json\n")
    (package / "bad.py").write_text("import sqlite3\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert offenders("fakepkg", STORAGE) == {"fakepkg/bad.py": ["sqlite3"]}
    assert "sqlite3" in loaded_by_importing("fakepkg", STORAGE)
