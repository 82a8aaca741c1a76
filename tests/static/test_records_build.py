"""#24: what the static site needs for the learner's record. SQLAlchemy's pure wheel is in the
browser's wheels at the server's version, in the lock file but not preloaded (a lesson loads it
when its record opens, so the page starts no slower); sql.js (SQLite for the browser, from npm)
goes beside Pyodide. With the marker ``static`` (``make test-static``, after the build): the
store runs in Pyodide itself, under Node, through record.sqljs and sql.js, with no sqlite3."""

from __future__ import annotations

import json
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

from record import sqljs
from tests.static.conftest import _build_module
from widgets.kit import memory

ROOT = Path(__file__).resolve().parents[2]
build = _build_module()


def test_sqlalchemy_is_pinned_as_the_server_runs_it_and_loaded_on_demand():
    pins = dict(spec.split("==") for spec in build.pinned())
    assert pins.get("sqlalchemy") == metadata.version("sqlalchemy")
    assert "greenlet" not in pins  # SQLAlchemy's core needs none (it has no pure wheel)
    assert set(build.ON_DEMAND) == set(memory.BROWSER_PACKAGES) == {"sqlalchemy"}
    preload = build.lite_config(["plotly", "sqlalchemy", "typing-extensions"])[
        "jupyter-config-data"
    ]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    assert "sqlalchemy" not in preload["packages"]
    assert {"plotly", "typing-extensions"} <= set(preload["packages"])


def test_the_site_carries_the_files_record_sqljs_loads():
    assert build.SQLJS_FILES == sqljs.SQLJS_FILES


@pytest.mark.static
def test_the_store_runs_in_pyodide_through_sql_js(static_site):
    """The site's own Pyodide (its core, from the build's cache), with no sqlite3: SQLAlchemy's
    and typing_extensions' wheels, this repository's record/, and sql.js."""
    wheels = build.CACHE / "wheels"
    pins = dict(spec.split("==") for spec in build.pinned())
    needed = [
        build.wheel_for(f"{n}=={pins[n]}", wheels) for n in ("sqlalchemy", "typing_extensions")
    ]
    core = build.CACHE / "npm" / f"pyodide-{build.PYODIDE_VERSION}" / "package"
    dist = build.CACHE / "npm" / f"sql.js-{build.SQLJS_VERSION}" / "package" / "dist"
    out = subprocess.run(
        ["node", ROOT / "tests/static/records_in_pyodide.mjs", core, dist, ROOT, *needed],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["sqlite3"] is False  # the browser's Python: no sqlite3 module
    assert found["code"] is None and found["modules"] == []  # no resume code, no Alembic
    assert found["events"] == [["dice", "attempt", {"answer": "7", "n": 1.5, "é": None}]]
    assert found["saves"] == {"cnw/01": '{"right": 2}'} and found["nickname"] == "Zoë"
    assert found["counts"] == [{"events": 1, "saves": 1}, {"events": 0, "saves": 0}]
    assert found["refused"].startswith("record.not_found") and found["forgot"] == [True, False]
