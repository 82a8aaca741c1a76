"""What Binder (repo2docker) needs from environment.yml and the package, short of running conda.

repo2docker builds a conda env from environment.yml, runs its pip section (``.``: this package,
with the lessons' Voila template as data files) and serves the repository with jupyter_server,
Voila's extension reading jupyter_server_config.json from the repository. docs/jupyterhub.md
says how the pip part was installed into a fresh virtualenv and served; these tests keep the
parts of that check that need no network.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = Path("share/jupyter/voila/templates/lessons")


def test_every_file_of_the_lessons_template_is_installed_with_the_package():
    """A Binder or pip install has only the data files pyproject lists (page.html was missing)."""
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(data_files["data-files"][str(TEMPLATE)])
    on_disk = {str(p.relative_to(ROOT)) for p in (ROOT / TEMPLATE).iterdir() if p.is_file()}
    assert on_disk == listed


def test_environment_installs_this_package_on_the_python_pyproject_requires():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip = [item["pip"] for item in env["dependencies"] if isinstance(item, dict)]
    assert pip and "." in pip[0], "the pip section installs the package and its template"
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python="))
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    major_minor = python.removeprefix("python=")
    assert re.fullmatch(r"3\.\d+", major_minor)
    assert f">={major_minor}" in requires.replace(" ", "")


def test_voila_settings_are_where_a_binder_server_reads_them():
    """Binder starts its server in the repository, whose jupyter_server_config.json names it."""
    config = yaml.safe_load((ROOT / "jupyter_server_config.json").read_text())
    assert config["VoilaConfiguration"]["template"] == TEMPLATE.name
    assert (ROOT / "environment.yml").read_text().count("urlpath=voila/render/") == 1
