"""deploy/zero-to-jupyterhub/values.yaml: untested on Kubernetes here, so at least well-formed.

The key names are checked against the ones the "jupyterhub" Helm chart 4.4.0 documents (its
values.schema.yaml, the source of z2jh.jupyter.org's configuration reference); a misspelt key
would otherwise be silently ignored by a hand-written check and rejected by helm at install time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
VALUES = ROOT / "deploy" / "zero-to-jupyterhub" / "values.yaml"
# Paths of the chart's values (4.4.0 values.schema.yaml) this file may use. hub.config is
# free-form (traitlets config for JupyterHub's classes) and is checked against the classes.
DOCUMENTED = {
    "hub.config",
    "singleuser.image.name",
    "singleuser.image.tag",
    "singleuser.defaultUrl",
    "singleuser.storage.type",
    "singleuser.memory.guarantee",
    "singleuser.memory.limit",
    "singleuser.cpu.guarantee",
    "singleuser.cpu.limit",
    "singleuser.startTimeout",
    "cull.enabled",
    "cull.timeout",
    "cull.every",
    "cull.users",
}
UNITS = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _values() -> dict:
    return yaml.safe_load(VALUES.read_text())


def _paths(tree: dict, prefix: str = "") -> list[str]:
    paths = []
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and path != "hub.config":
            paths += _paths(value, path + ".")
        else:
            paths.append(path)
    return paths


def _bytes(quantity: str) -> int:
    """A KubeSpawner byte quantity ("384M", "1G") in bytes."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMGT])", str(quantity))
    assert match, f"not a byte quantity: {quantity!r}"
    return int(float(match.group(1)) * UNITS[match.group(2)])


def test_header_says_untested_and_which_chart_the_keys_follow():
    header = VALUES.read_text().split("\n\n", 1)[0]
    assert "UNTESTED HERE" in header and "4.4.0" in header


def test_every_key_is_one_the_chart_documents():
    assert sorted(set(_paths(_values())) - DOCUMENTED) == []


def test_login_is_the_shared_password_authenticator_without_a_committed_password():
    config = _values()["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "shared-password"
    assert not {"user_password", "admin_password"} & set(config["SharedPasswordAuthenticator"])
    auth = pytest.importorskip("jupyterhub.authenticators.shared", reason="jupyterhub absent")
    traits = auth.SharedPasswordAuthenticator.class_trait_names(config=True)
    assert set(config["SharedPasswordAuthenticator"]) <= set(traits)


def test_students_land_where_binder_opens_the_lessons():
    """Both run repo2docker's image of this repository, whose home folder is the repository."""
    landing = _values()["singleuser"]["defaultUrl"]
    binder = re.search(r"urlpath=(\S+)", (ROOT / "environment.yml").read_text())
    assert binder and "/" + binder.group(1) == landing
    assert (ROOT / landing.removeprefix("/voila/render/")).is_file()


def test_resources_fit_a_measured_student_server_and_idle_pods_are_culled():
    single = _values()["singleuser"]
    guarantee, limit = (_bytes(single["memory"][k]) for k in ("guarantee", "limit"))
    measured = 306 * 2**20  # server, landing page and one lesson: tests/deploy/test_jupyterhub.py
    assert measured < guarantee < limit
    assert 0 < single["cpu"]["guarantee"] <= single["cpu"]["limit"]
    assert single["storage"]["type"] == "none"  # a home volume would hide the lessons
    cull = _values()["cull"]
    assert cull["enabled"] and 0 < cull["every"] < cull["timeout"]
