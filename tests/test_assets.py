"""Offline assets: bundled base maps, and the URL Voila serves them under."""

import json
import re

from widgets import assets


def test_bundled_topojson_files_are_real_topologies():
    for name in ("world_110m", "north-america_110m"):
        data = json.loads((assets.TOPOJSON / f"{name}.json").read_text())
        assert data["type"] == "Topology"
        assert {"land", "coastlines", "countries"} <= set(data["objects"])


def test_voila_url_for_a_lesson_two_folders_deep(tmp_path):
    root = assets.ASSETS.parent.parent
    env = {"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/voila/render/notebooks/cnw/x.ipynb"}
    url = assets.voila_files_url(assets.TOPOJSON, env, cwd=str(root / "notebooks" / "cnw"))
    assert url == "/voila/files/notebooks/assets/topojson/"


def test_voila_url_keeps_a_base_url_and_a_root_started_in_notebooks():
    notebooks = assets.ASSETS.parent
    env = {"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/user/ab12/voila/render/index.ipynb"}
    url = assets.voila_files_url(assets.TOPOJSON, env, cwd=str(notebooks))
    assert url == "/user/ab12/voila/files/assets/topojson/"


def test_outside_voila_plotly_keeps_its_default():
    assert assets.voila_files_url(assets.TOPOJSON, {}, cwd=".") is None
    assert "topojsonURL" not in assets.plotly_config() or re.search(
        "voila/files", str(assets.plotly_config())
    )


def test_voila_config_admits_the_assets_and_uses_the_offline_template():
    import pathlib

    root = pathlib.Path(assets.__file__).resolve().parent.parent
    for name in ("voila.json", "jupyter_server_config.json"):
        conf = json.loads((root / name).read_text())["VoilaConfiguration"]
        assert conf["template"] == "lessons"
        assert any(
            re.fullmatch(p, "notebooks/assets/topojson/world_110m.json")
            for p in conf["file_allowlist"]
        )
        assert not any(re.fullmatch(p, "gamelib/core.py") for p in conf["file_allowlist"])
