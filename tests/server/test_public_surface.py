"""#9: a public server shows the lessons and nothing else.

Voilà serves notebooks/ (not the repository); the tree and / lead to the landing page; the
contents API, the files, render, template and static handlers give nothing of the source, .git or
the packaging files; no error page carries a traceback or names a host outside the server."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest

from .serverkit import running_server

# the tests share one server: one xdist worker runs them all
pytestmark = pytest.mark.xdist_group("test_public_surface")

# what the source would show if it leaked
SECRETS = re.compile(
    r"\[project\]|\[core\]|^def |^import |IllegalAction|\"objects\"\s*:|gamelib", re.M
)
OUTSIDE = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//(?!127\.0\.0\.1[:/])""", re.I)

FORBIDDEN = [
    "/voila/api/contents",
    "/voila/api/contents/",
    "/voila/api/contents/gamelib",
    "/voila/api/contents/cnw",
    "/voila/api/contents/index.ipynb",
    "/voila/files/gamelib/core.py",
    "/voila/files/../gamelib/core.py",
    "/voila/files/%2e%2e/pyproject.toml",
    "/voila/files/..%2fpyproject.toml",
    "/voila/files/index.ipynb",
    "/voila/files/cnw/01_board_and_dice.ipynb",
    "/voila/files/.git/config",
    "/voila/files/",
    "/voila/render/../gamelib/core.py",
    "/voila/render/..%2fpyproject.toml",
    "/voila/render/..%2f..%2fpyproject.toml",
    "/voila/render/../tests/test_assets.py",
    "/voila/render/missing.ipynb",
    "/voila/static/../../pyproject.toml",
    "/voila/static/..%2f..%2f..%2fpyproject.toml",
    "/voila/templates/x",
    "/voila/templates/lessons/static/",
    "/voila/templates/lab/static/../../lessons/index.html.j2",
    "/voila/templates/..%2f..%2f..%2f..%2fgamelib/static/core.py",
    "/voila/labextensions/../../../pyproject.toml",
    "/voila/api/themes/..%2f..%2fpyproject.toml",
    "/api/kernels",
    "/api/contents/gamelib",
    "/files/pyproject.toml",
    "/tree",
    "/.git/config",
    "/pyproject.toml",
    "/gamelib/core.py",
]


@pytest.fixture(scope="module")
def server():
    with running_server() as srv:
        yield srv


def fetch(url: str) -> tuple[int, str, str]:
    """Status, final URL and body, following redirects, without raising on 4xx/5xx."""
    try:
        with urllib.request.urlopen(url, timeout=60) as resp:
            return resp.status, resp.geturl(), resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.geturl(), err.read().decode("utf-8", "replace")


@pytest.mark.parametrize("path", FORBIDDEN)
def test_nothing_but_the_lessons_is_reachable(server, path):
    status, final, body = fetch(server.base + path)
    assert status in (403, 404), (status, final)
    assert "Traceback" not in body and 'File "' not in body
    assert not SECRETS.search(body), body[:500]
    assert not OUTSIDE.search(body), body[:500]
    if body.lstrip().startswith("{"):
        assert "content" not in json.loads(body)  # no listing


@pytest.mark.parametrize("path", ["/", "/voila/tree", "/voila/tree/gamelib", "/voila/tree/cnw"])
def test_root_and_tree_lead_to_the_landing_page(server, path):
    status, final, body = fetch(server.base + path)
    assert status == 200
    assert final == server.base + "/voila/render/index.ipynb"
    assert "cnw/01_board_and_dice.ipynb" in body  # the landing page links the lessons
    assert not OUTSIDE.search(body), OUTSIDE.search(body)


def test_old_addresses_under_notebooks_lead_to_the_same_lessons(server):
    status, final, _ = fetch(server.base + "/voila/render/notebooks/index.ipynb")
    assert (status, final) == (200, server.base + "/voila/render/index.ipynb")


def test_the_base_maps_are_served_and_reachable_from_a_lessons_page(server):
    status, final, body = fetch(server.base + "/voila/render/assets/topojson/world_110m.json")
    assert status == 200 and final.endswith("/voila/files/assets/topojson/world_110m.json")
    assert json.loads(body)["type"] == "Topology"


def test_a_failing_cell_shows_no_traceback(tmp_path):
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    notebook = {
        "cells": [dict(cell, source="secret = 'do-not-show'\nraise RuntimeError(secret)")],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "index.ipynb").write_text(json.dumps(notebook))
    with running_server(f"--root={tmp_path}") as srv:
        status, _, body = fetch(srv.base + "/voila/render/index.ipynb")
    assert status == 200
    assert "There was an error when executing cell" in body
    assert "Traceback" not in body and "do-not-show" not in body and "RuntimeError" not in body
