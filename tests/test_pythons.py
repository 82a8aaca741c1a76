"""Any current CPython runs the project (issue #23), not only the 3.11 these tests run on.

The metadata admits 3.11 to 3.14 and Binder's pin agrees with it; `make` takes the newest
python3.X on PATH and refuses an older one with a sentence (tools/pick_python.sh); no code of
ours uses what 3.12 or 3.13 removed or deprecated, by lint and by importing every module with
our DeprecationWarnings made errors.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PICKER = ROOT / "tools" / "pick_python.sh"


def requires_python() -> SpecifierSet:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return SpecifierSet(data["project"]["requires-python"])


@pytest.mark.parametrize("version", ["3.11.0", "3.12.0", "3.13.0", "3.14.0"])
def test_the_metadata_admits_every_current_python(version: str):
    assert requires_python().contains(version)


def test_the_metadata_refuses_python_3_10():
    assert not requires_python().contains("3.10.12")


def test_the_classifiers_name_the_pythons_admitted():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    named = {
        c.rsplit(" :: ", 1)[1]
        for c in data["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert named == {"3.11", "3.12", "3.13", "3.14"}
    assert all(requires_python().contains(f"{v}.0") for v in named)


def test_binders_python_is_one_the_metadata_admits():
    """repo2docker reads only ``python=X.Y`` (its PYTHON_REGEX); without it Binder starts from its
    default Python and upgrades the whole environment, so environment.yml pins one, admitted."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pins = [d for d in env["dependencies"] if isinstance(d, str) and re.match(r"python\b", d)]
    assert len(pins) == 1, pins
    match = re.fullmatch(r"python=(3\.\d+)", pins[0])
    assert match, f"{pins[0]!r}: Binder reads only python=X.Y"
    assert requires_python().contains(f"{match.group(1)}.0")


# tools/pick_python.sh with a PATH of fake interpreters: tiny scripts answering --version.


def _fake_pythons(folder: Path, versions: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    for name, version in versions.items():
        exe = folder / name
        exe.write_text(f"#!/bin/sh\necho 'Python {version}'\n")
        exe.chmod(0o755)
    return folder


def _pick(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["/bin/sh", str(PICKER), *args],
        env={"PATH": str(path)},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_the_picker_takes_the_newest_python_on_path(tmp_path: Path):
    bin_ = _fake_pythons(
        tmp_path / "bin", {"python3.10": "3.10.12", "python3.12": "3.12.3", "python3": "3.10.12"}
    )
    out = _pick(bin_)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(bin_ / "python3.12")
    assert out.stderr.strip() == f"using Python 3.12.3 ({bin_ / 'python3.12'})"


def test_the_picker_prefers_3_14_to_3_11(tmp_path: Path):
    bin_ = _fake_pythons(tmp_path / "bin", {"python3.11": "3.11.7", "python3.14": "3.14.0"})
    assert _pick(bin_).stdout.strip() == str(bin_ / "python3.14")


def test_the_picker_takes_python3_when_it_is_new_enough(tmp_path: Path):
    bin_ = _fake_pythons(tmp_path / "bin", {"python3": "3.13.1"})
    assert _pick(bin_).stdout.strip() == str(bin_ / "python3")


@pytest.mark.parametrize(
    "versions",
    [{"python3.10": "3.10.12"}, {"python3.10": "3.10.12", "python3": "3.10.12"}],
    ids=["only-python3.10", "python3-is-3.10"],
)
def test_the_picker_refuses_when_only_an_older_python_exists(
    tmp_path: Path, versions: dict[str, str]
):
    out = _pick(_fake_pythons(tmp_path / "bin", versions))
    assert out.returncode == 1 and out.stdout == ""
    assert "CPython 3.11 or newer" in out.stderr and "PYTHON=" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_the_picker_checks_the_python_it_is_given(tmp_path: Path):
    bin_ = _fake_pythons(tmp_path / "bin", {"python3.10": "3.10.12", "python3.13": "3.13.2"})
    assert _pick(bin_, "python3.13").stdout.strip() == str(bin_ / "python3.13")
    assert _pick(bin_, str(bin_ / "python3.13")).stdout.strip() == str(bin_ / "python3.13")
    old = _pick(bin_, "python3.10")
    assert old.returncode == 1 and "PYTHON=python3.10 is Python 3.10.12." in old.stderr
    assert _pick(bin_, "python9").returncode == 1
    assert _pick(bin_, "").stdout.strip() == str(bin_ / "python3.13")  # PYTHON= left empty


def test_the_picker_refuses_a_venv_made_by_an_older_or_vanished_python(tmp_path: Path):
    venv = tmp_path / "venv"
    _fake_pythons(venv / "bin", {"python": "3.10.12"})
    out = _pick(tmp_path, "--venv", str(venv))
    assert out.returncode == 1 and "made by Python 3.10.12" in out.stderr
    assert "make clean" in out.stderr
    (venv / "bin" / "python").unlink()
    (venv / "bin" / "python").symlink_to(tmp_path / "gone" / "python3.11")
    out = _pick(tmp_path, "--venv", str(venv))
    assert out.returncode == 1 and "no longer runs" in out.stderr
    (venv / "bin" / "python").unlink()
    _fake_pythons(tmp_path / "new", {"python": "3.12.3"})
    (venv / "bin" / "python").symlink_to(tmp_path / "new" / "python")
    assert _pick(tmp_path, "--venv", str(venv)).returncode == 0


def test_the_picker_on_this_machine_takes_a_supported_python():
    out = subprocess.run(["/bin/sh", str(PICKER)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    version = subprocess.run(
        [out.stdout.strip(), "-c", "import platform; print(platform.python_version())"],
        capture_output=True,
        text=True,
        timeout=30,
    ).stdout.strip()
    assert Version(version) >= Version("3.11")


def test_the_makefile_builds_the_venv_through_the_picker():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^PYTHON \?=\s*$", makefile, re.M)
    assert 'sh tools/pick_python.sh "$(PYTHON)"' in makefile
    assert "sh tools/pick_python.sh --venv $(VENV)" in makefile


# Nothing removed or deprecated in 3.12/3.13.

# ruff's rules that flag a deprecated or removed name, judged for 3.13: unittest's aliases
# (removed in 3.12), typing.Text, universal_newlines, cElementTree, the mock backport, and
# datetime.utcnow/utcfromtimestamp (deprecated in 3.12). Not UP035 (deprecated imports: the
# project lint already flags them for 3.11, and for 3.13 it would also ask for names 3.11 lacks),
# nor rules that rewrite code into 3.12 syntax (PEP 695: UP040, UP046, UP047, UP049).
DEPRECATION_RULES = ("UP005", "UP019", "UP021", "UP023", "UP026", "DTZ003", "DTZ004")

# Standard modules that 3.12 or 3.13 removed (PEP 594, PEP 632 distutils, imp, lib2to3).
REMOVED_MODULES = frozenset(
    "aifc asynchat asyncore audioop cgi cgitb chunk crypt distutils imghdr imp lib2to3 mailcap "  # noqa: SIM905
    "msilib nis nntplib ossaudiodev pipes smtpd sndhdr spwd sunau telnetlib uu xdrlib".split()
)


def test_no_code_uses_what_python_3_13_deprecated_or_removed():
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", "py313"]
        + ["--select", ",".join(DEPRECATION_RULES), "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_code_imports_a_module_that_python_3_12_or_3_13_removed():
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    used = {
        f"{path}: {name}"
        for path in tracked
        if (ROOT / path).is_file()
        for name in _imported_modules(ROOT / path) & REMOVED_MODULES
    }
    assert not used


# Every module imported with a DeprecationWarning attributed to our code made an error; those
# third-party packages raise from their own modules stay warnings (they are not ours to fix).
IMPORT_ALL = r"""
import importlib, importlib.util, pkgutil, sys, warnings
warnings.filterwarnings(
    "error", category=DeprecationWarning, module=r"(gamelib|widgets|classroom)(\.|$)"
)
names = []
for package in sys.argv[2].split(","):
    module = importlib.import_module(package)
    names.append(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        if info.name.rsplit(".", 1)[-1] != "__main__":  # a command, not a module
            importlib.import_module(info.name)
            names.append(info.name)
if sys.argv[1]:
    spec = importlib.util.spec_from_file_location("classroom.serve", sys.argv[1])
    sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # its dataclasses look there
    spec.loader.exec_module(sys.modules[spec.name])
    names.append("classroom.serve")
print(len(names))
"""


def _import_all(packages: str, serve: str, path: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    env.pop("PYTHONWARNINGS", None)
    return subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, serve, packages],
        cwd=path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_module_imports_without_a_deprecation_of_ours():
    out = _import_all("gamelib,widgets", str(ROOT / "classroom" / "serve.py"))
    assert out.returncode == 0, out.stderr[-3000:]
    assert int(out.stdout.split()[-1]) > 100  # the walk reached every game and widget


def test_the_import_check_fails_on_our_deprecation_only(tmp_path: Path):
    """The check itself: a deprecated call in a module of ours fails it, one in a third-party
    module's own code does not."""
    fake = tmp_path / "gamelib"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (tmp_path / "thirdparty.py").write_text(
        "import warnings\n\n"
        "def old():\n    warnings.warn('old', DeprecationWarning, stacklevel=2)\n\n"
        "warnings.warn('ours to ignore', DeprecationWarning)\n"
    )
    (fake / "fine.py").write_text("import thirdparty  # noqa: F401\n")
    assert _import_all("gamelib", "", tmp_path).returncode == 0
    (fake / "calls_old.py").write_text("import thirdparty\n\nthirdparty.old()\n")
    out = _import_all("gamelib", "", tmp_path)
    assert out.returncode != 0 and "DeprecationWarning: old" in out.stderr
