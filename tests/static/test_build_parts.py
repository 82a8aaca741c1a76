"""The static site's build, part by part, with no network and no browser (these run in make test;
the whole site in Chromium is tests/static/test_static_site.py, make test-static)."""

from __future__ import annotations

import json
import zipfile
from importlib import metadata
from pathlib import Path

from tests.static.conftest import _build_module
from widgets import assets

build = _build_module()


def test_base_maps_url_comes_from_the_kernel_workers_address_on_any_host():
    worker = "extensions/@jupyterlite/pyodide-kernel-extension/static/352.ff00.js?v=ff00"
    for site in ("http://127.0.0.1:8000", "https://school.github.io/lessons"):
        url = assets.browser_site_url(assets.TOPOJSON, f"{site}/{worker}")
        assert url == f"{site}/files/assets/topojson/"
    page = "https://school.github.io/lessons/voici/render/it/cnw/01_board_and_dice.html"
    assert assets.browser_site_url(assets.TOPOJSON, page) == (
        "https://school.github.io/lessons/files/assets/topojson/"
    )
    assert assets.browser_site_url(assets.TOPOJSON, "http://127.0.0.1:8866/voila/tree") is None


def _wheel(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


MEMBERS = {
    "pkg/__init__.py": b"VALUE = 1\n",
    "pkg/big.js": b"x" * 1000,
    "pkg-1.0.data/data/share/a.js": b"y",
    "pkg-1.0.dist-info/METADATA": b"Name: pkg\nVersion: 1.0\n",
    "pkg-1.0.dist-info/RECORD": b"",
}


def test_a_rewritten_wheel_drops_what_is_asked_and_is_the_same_bytes_twice(tmp_path):
    source = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", MEMBERS)
    drop = build.re.compile(r"^(pkg-[^/]+\.data/|pkg/big\.js)")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = tmp_path / "a" / source.name
    second = tmp_path / "b" / source.name
    build.rewrite_wheel(source, first, drop)
    build.rewrite_wheel(source, second, drop)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as z:
        names = set(z.namelist())
        record = z.read("pkg-1.0.dist-info/RECORD").decode()
    assert names == {"pkg/__init__.py", "pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/RECORD"}
    assert "pkg/__init__.py,sha256=" in record and "big.js" not in record


def test_a_zipped_wheel_holds_its_metadata_and_one_importable_zip(tmp_path):
    source = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", MEMBERS)
    (tmp_path / "out").mkdir()
    target = build.zipped(source, tmp_path / "out")
    with zipfile.ZipFile(target) as z:
        assert {n for n in z.namelist() if not n.startswith("pkg-1.0.dist-info/")} == {"pkg.zip"}
        (tmp_path / "pkg.zip").write_bytes(z.read("pkg.zip"))
    importer = zipfile.ZipFile(tmp_path / "pkg.zip")
    assert importer.read("pkg/__init__.py") == b"VALUE = 1\n"
    entry = build.lock_entry(target)
    assert entry["name"] == "pkg" and entry["file_name"] == target.name
    assert entry["imports"] == ["pkg"]  # what the zip provides, for Pyodide's import scanner


def test_an_absent_distribution_has_metadata_only(tmp_path):
    wheel = build.absent_wheel("sqlite3", tmp_path)
    with zipfile.ZipFile(wheel) as z:
        assert all(n.startswith("sqlite3-0.dist-info/") for n in z.namelist())
        assert "no wheel on PyPI" in z.read("sqlite3-0.dist-info/METADATA").decode()


def test_the_browsers_requirements_are_pinned_and_cover_the_lessons_imports():
    pins = dict(spec.split("==") for spec in build.pinned())
    assert all(pins.values())
    for needed in ("plotly", "ipywidgets", "networkx", "ipython", "micropip"):
        assert needed in pins, needed
    assert pins["plotly"] == "5.24.1"  # the version the server's browser test proves


def test_the_inputs_digest_changes_with_a_lesson_not_with_bytecode(tmp_path, monkeypatch):
    lesson = tmp_path / "notebooks" / "index.ipynb"
    lesson.parent.mkdir()
    lesson.write_text("{}")
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "INPUTS", ("notebooks",))
    first = build.inputs_digest()
    (tmp_path / "notebooks" / "__pycache__").mkdir()
    (tmp_path / "notebooks" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"x")
    assert build.inputs_digest() == first
    lesson.write_text('{"cells": []}')
    assert build.inputs_digest() != first


def test_anywidget_and_what_it_imports_are_in_the_browsers_wheels():
    """widgets.kit.browser_store is an anywidget: the browser's Python needs it, psygnal and
    typing_extensions (anywidget imports both at its import), pinned as the server runs them."""
    pins = dict(spec.split("==") for spec in build.pinned())
    for needed in ("anywidget", "psygnal", "typing_extensions"):
        assert pins.get(needed) == metadata.version(needed), needed


def test_anywidgets_page_side_is_an_extension_the_build_copies_of_the_pinned_release():
    assert "anywidget" in build.FRONT_ENDS
    assert build.front_end_problems() == [], "this environment builds a site that draws it"
    package = build.LABEXTENSIONS / build.FRONT_ENDS["anywidget"] / "package.json"
    assert json.loads(package.read_text())["name"] == "anywidget"


def test_a_missing_or_other_release_of_a_page_side_stops_the_build(tmp_path):
    assert "no " in build.front_end_problems(tmp_path)[0]
    (tmp_path / "anywidget").mkdir()
    (tmp_path / "anywidget" / "package.json").write_text('{"version": "0.8.4"}')
    assert "anywidget 0.8.4 here" in build.front_end_problems(tmp_path)[0]
    site = tmp_path / "site"
    assert build.site_front_end_problems(site) == [f"{site}/extensions/anywidget missing"]
    (site / "extensions" / "anywidget").mkdir(parents=True)
    (site / "extensions" / "anywidget" / "package.json").write_text("{}")
    assert build.site_front_end_problems(site) == []


def test_anywidgets_wheel_goes_to_the_browser_without_its_page_side(tmp_path):
    members = {
        "anywidget/__init__.py": b"",
        "anywidget/widget.py": b"",
        "anywidget/labextension/static/main.js": b"x" * 100,
        "anywidget/nbextension/index.js": b"y",
        "anywidget-0.11.0.data/data/share/jupyter/labextensions/anywidget/package.json": b"{}",
        "anywidget-0.11.0.dist-info/METADATA": b"Name: anywidget\nVersion: 0.11.0\n",
        "anywidget-0.11.0.dist-info/RECORD": b"",
    }
    source = _wheel(tmp_path / "anywidget-0.11.0-py3-none-any.whl", members)
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / source.name
    build.rewrite_wheel(source, target, build.SLIM["anywidget"])
    with zipfile.ZipFile(target) as z:
        assert set(z.namelist()) == {
            "anywidget/__init__.py",
            "anywidget/widget.py",
            "anywidget-0.11.0.dist-info/METADATA",
            "anywidget-0.11.0.dist-info/RECORD",
        }
