"""Set-up files agree with each other: pyproject, environment.yml, README, Makefile, CI."""

import re
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent


def _norm(requirement: str) -> tuple[str, str]:
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement)
    assert match, requirement
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return name, match.group(2).replace(" ", "")


# A PyPI requirement's name with extras -> the conda-forge package that is the same thing.
# psycopg[binary] is the wheel with libpq inside; conda-forge's psycopg depends on its libpq.
CONDA_NAMES = {"psycopg[binary]": "psycopg"}


def _conda_name(requirement: str) -> str:
    for pip_name, conda_name in CONDA_NAMES.items():
        if requirement.startswith(pip_name):
            return conda_name + requirement[len(pip_name) :]
    return requirement


def pyproject_deps() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return dict(_norm(_conda_name(r)) for r in data["project"]["dependencies"])


def environment_deps() -> dict[str, str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps: dict[str, str] = {}
    for item in env["dependencies"]:
        specs = item["pip"] if isinstance(item, dict) else [item]
        for spec in specs:
            if spec in {"pip", "."} or spec.startswith(("python=", "-e ")):
                continue  # the interpreter, pip itself, and this project
            name, version = _norm(spec)
            deps[name] = version
    return deps


def test_environment_yml_lists_the_same_dependencies_as_pyproject():
    assert environment_deps() == pyproject_deps()


def test_the_pins_the_browser_test_proves():
    deps = pyproject_deps()
    assert deps["plotly"] == "==5.24.1"  # plotly 6/7 FigureWidget does not render in Voila 0.5
    assert deps["voila"] == "==0.5.13"
    assert "ipykernel" in deps  # voila does not pull it in


@pytest.mark.parametrize("name", ["README.md", "README.it.md"])
def test_readme_has_exactly_the_two_setup_commands(name: str):
    readme = (ROOT / name).read_text(encoding="utf-8")
    blocks = re.findall(r"```(?:sh|bash|shell)?\n(.*?)```", readme, re.S)
    commands = [
        ln.strip() for b in blocks for ln in b.splitlines() if ln.strip().startswith("make ")
    ]
    assert sorted(set(commands)) == ["make run", "make test"]


def test_ci_runs_make_test():
    assert "make test" in (ROOT / ".ci" / "run").read_text()
