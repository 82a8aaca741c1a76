"""Offline assets: bundled base maps, and the URL the app serves them under."""

import json
import re
from pathlib import Path

from widgets import assets

ROOT = Path(assets.__file__).resolve().parent.parent
NOTEBOOKS = assets.ASSETS.parent


def test_bundled_topojson_files_are_real_topologies():
    for name in ("world_110m", "north-america_110m"):
        data = json.loads((assets.TOPOJSON / f"{name}.json").read_text())
        assert data["type"] == "Topology"
        assert {"land", "coastlines", "countries"} <= set(data["objects"])


def test_a_preheated_voila_kernel_gets_a_url_relative_to_its_page():
    # a pooled kernel knows only Voila's base URL and its folder: no SCRIPT_NAME, no root
    env = {"VOILA_BASE_URL": "/", "VOILA_PREHEAT": "True"}
    assert assets.topojson_url(env, cwd=NOTEBOOKS / "cnw") == "../assets/topojson/"
    assert assets.topojson_url(env, cwd=NOTEBOOKS) == "assets/topojson/"


def test_a_voila_page_on_request_keeps_the_relative_url_whatever_the_root_and_base():
    for script, cwd in [
        ("/voila/render/cnw/x.ipynb", NOTEBOOKS / "cnw"),  # root notebooks/
        ("/user/ab12/voila/render/notebooks/cnw/x.ipynb", NOTEBOOKS / "cnw"),  # root repo, base
    ]:
        env = {"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": script, "VOILA_BASE_URL": "/"}
        assert assets.topojson_url(env, cwd=cwd) == "../assets/topojson/"


def test_a_voila_root_below_the_assets_falls_back_to_plotly_default():
    # Voila started in notebooks/cnw: the page is voila/render/x.ipynb, the assets unreachable
    env = {"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/voila/render/x.ipynb"}
    assert assets.topojson_url(env, cwd=NOTEBOOKS / "cnw") is None
    single = {"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/"}
    assert assets.topojson_url(single, cwd=NOTEBOOKS / "cnw") is None


def test_a_jupyterlab_kernel_gets_the_servers_files_url(tmp_path):
    info = {"base_url": "/user/ab12/", "root_dir": str(ROOT), "pid": 4242}
    (tmp_path / "jpserver-4242.json").write_text(json.dumps(info))
    url = assets.topojson_url({}, cwd=NOTEBOOKS / "cnw", ppid=4242, runtime_dir=tmp_path)
    assert url == "/user/ab12/files/notebooks/assets/topojson/"
    info["root_dir"] = str(tmp_path)  # the assets are outside the server's root
    (tmp_path / "jpserver-4242.json").write_text(json.dumps(info))
    assert assets.topojson_url({}, cwd=".", ppid=4242, runtime_dir=tmp_path) is None


def test_outside_any_server_plotly_keeps_its_default(tmp_path):
    assert assets.topojson_url({}, cwd=".", ppid=1, runtime_dir=tmp_path) is None


def test_server_configs_admit_the_assets_and_nothing_of_the_source():
    for name in ("voila.json", "jupyter_server_config.json"):
        conf = json.loads((ROOT / name).read_text())
        voila = conf["VoilaConfiguration"]
        assert voila["template"] == "lessons"
        assert voila["show_tracebacks"] is False
        for served in ("notebooks/assets/topojson/world_110m.json", "assets/topojson/x.json"):
            assert any(re.fullmatch(p, served) for p in voila["file_allowlist"])
        for secret in ("gamelib/core.py", "gamelib/cnw/data/board.json", "pyproject.toml"):
            assert not any(re.fullmatch(p, secret) for p in voila["file_allowlist"])
        culling = conf["MappingKernelManager"]
        assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
