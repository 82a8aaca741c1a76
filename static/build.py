"""Build the lessons as a static site (``make static`` -> ``build/static/``) with Voici.

Every browser runs its own Python (Pyodide), so the site needs no server beyond static files.
Everything comes from the two package registries, PyPI and npm, and is cached under
``build/static-cache/`` so a second build is fast and needs no network:

- Pyodide's core (JS, wasm, standard library) is the npm package ``pyodide``; it has none of the
  package wheels Pyodide's CDN serves, so we write its ``pyodide-lock.json`` again, pointing only at
  the pure wheels of ``static/pyodide-requirements.txt`` (from PyPI), the kernel's own wheels (from
  jupyterlite-pyodide-kernel), and this project's wheel. ``jupyter-lite.json`` preloads them all, so
  the notebooks stay as they are (no ``%pip`` cell) and nothing is fetched from elsewhere.
- What the profile showed the browser spends its start on is cut at build time: plotly's wheel
  without its JavaScript bundles and data files (the page has its own plotly.js), and no jedi or
  sqlite3 (IPython works without them: no completion and no history, which a Voici page never uses).
  anywidget's wheel loses its page side too: the site carries it as an extension (FRONT_ENDS).
- The learner's record (issue #24) needs SQLite: Pyodide's ``sqlite3`` is not on either registry,
  so the site carries sql.js (SQLite compiled to WebAssembly, from npm) beside Pyodide, and
  SQLAlchemy's pure wheel in the lock file but not preloaded (ON_DEMAND): a lesson loads both
  when its record opens, after the page has started (``widgets.kit.memory.prepare_browser``).

Run it as ``python static/build.py`` (``--offline`` fails instead of reaching a registry).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "static"
CACHE = ROOT / "build" / "static-cache"
OUT = ROOT / "build" / "static"
PYODIDE_VERSION = "0.29.0"
PYODIDE_DIR = "pyodide"  # inside the site
SQLJS_VERSION = "1.13.0"  # npm's sql.js: SQLite for the record (record/sqljs.py)
SQLJS_FILES = ("sql-wasm.js", "sql-wasm.wasm")  # copied beside Pyodide's files
# In the lock file, not preloaded: loaded when a lesson's record opens (memory.BROWSER_PACKAGES)
ON_DEMAND = ("sqlalchemy",)
KERNEL_PYPI = (
    Path(sys.prefix)
    / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
)
# The kernel installs these at start unless they are preloaded (see its initKernel).
KERNEL_NAMES = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi"]
# Imported by IPython only inside try/except ImportError: an empty distribution of the same name
# tells the kernel "already there" and leaves the import to fail as IPython expects.
ABSENT = {
    "sqlite3": "Pyodide's sqlite3 is a compiled module with no wheel on PyPI",
    "jedi": "completion only; 1.6 MB and a slow import the page never needs",
}
# Compiled with -OO: plotly's generated classes are mostly docstrings (20 MB -> see docs/static.md).
STRIP_DOCSTRINGS = ("plotly",)
# Imported from one zip rather than unpacked (see zipped()); Pyodide 0.29 is CPython 3.13.
ZIPPED = ("plotly", "networkx")
SITE_PACKAGES = "/lib/python3.13/site-packages"
# plotly's wheel without what a Python kernel never reads (19 MB -> see docs/static.md).
PLOTLY_DROP = re.compile(
    r"^(plotly-[^/]+\.data/|jupyterlab_plotly/(labextension|nbextension)/|"
    r"plotly/package_data/(plotly\.min\.js|datasets/)|plotly/matplotlylib/)"
)
# anywidget's wheel carries its page side twice (1.1 of its 1.2 MB); the site has it once, as an
# extension (FRONT_ENDS)
ANYWIDGET_DROP = re.compile(r"^(anywidget-[^/]+\.data/|anywidget/(labextension|nbextension)/)")
SLIM = {"plotly": PLOTLY_DROP, "anywidget": ANYWIDGET_DROP}  # wheel name -> members dropped
# Widgets whose page side is a JupyterLab extension (wheel name -> its folder): JupyterLite's
# build copies every extension of the environment it runs in into the site, so the site has it
# when this environment has the package. A widget's model asks for its own release of the page
# side (anywidget: "~0.11.*"), so the browser's pinned wheel and the extension must agree.
FRONT_ENDS = {"anywidget": "anywidget"}
LABEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"


# Everything the site is made from: a build whose stamp matches these files is reused as is.
INPUTS = ("static", "notebooks", "gamelib", "widgets", "record", "share/jupyter", "pyproject.toml")
STAMP = OUT / ".inputs-sha256"


def inputs_digest() -> str:
    """One hash of every input file (names and contents), caches and bytecode excluded."""
    digest = hashlib.sha256()
    for top in INPUTS:
        path = ROOT / top
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts and file.suffix != ".pyc":
                digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(file.read_bytes())
    return digest.hexdigest()


def up_to_date() -> bool:
    return STAMP.exists() and STAMP.read_text().strip() == inputs_digest()


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def pinned() -> list[str]:
    lines = (HERE / "pyodide-requirements.txt").read_text().splitlines()
    return [ln.split("#")[0].strip() for ln in lines if ln.split("#")[0].strip()]


def wheel_for(spec: str, folder: Path) -> Path | None:
    name, version = spec.split("==")
    stem = f"{re.sub(r'[-.]+', '_', name).lower()}-{version}-"
    found = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)]
    return found[0] if found else None


def fetch_wheels(offline: bool) -> list[Path]:
    """The pinned pure wheels, from the cache or PyPI."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    specs = pinned()
    missing = [s for s in specs if wheel_for(s, folder) is None]
    if missing:
        if offline:
            sys.exit(f"not in {folder}: {missing}")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py",
            "--abi", "none", "--platform", "any", "-d", folder, *missing)  # fmt: skip
    return [wheel_for(s, folder) for s in specs]  # type: ignore[misc]


def _minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def front_end_problems(folder: Path = LABEXTENSIONS) -> list[str]:
    """What keeps the site from drawing a widget of ``FRONT_ENDS``: an extension missing from
    ``folder`` (the extensions the build copies), or of another release than the pinned wheel."""
    pins = dict(spec.split("==") for spec in pinned())
    problems = []
    for wheel, extension in FRONT_ENDS.items():
        package = folder / extension / "package.json"
        if not package.is_file():
            problems.append(f"no {package}: install {wheel} in the environment that builds")
            continue
        version = json.loads(package.read_text(encoding="utf-8"))["version"]
        if _minor(version) != _minor(pins.get(wheel, "")):
            problems.append(
                f"{extension} {version} here, {wheel}=={pins.get(wheel)} in the browser's wheels"
            )
    return problems


def site_front_end_problems(site: Path) -> list[str]:
    """The extensions of ``FRONT_ENDS`` the built site does not carry."""
    return [
        f"{site}/extensions/{extension} missing"
        for extension in FRONT_ENDS.values()
        if not (site / "extensions" / extension / "package.json").is_file()
    ]


def fetch_pyodide(offline: bool) -> Path:
    """Pyodide's core from npm, unpacked once."""
    folder = CACHE / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    tgz = folder / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if offline:
            sys.exit(f"not cached: {tgz}")
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", cwd=folder)
    unpacked = folder / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "package" / "pyodide.js").exists():
        with tarfile.open(tgz) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def fetch_sqljs(offline: bool) -> Path:
    """sql.js's ``dist/`` folder from npm, unpacked once."""
    folder = CACHE / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    tgz = folder / f"sql.js-{SQLJS_VERSION}.tgz"
    if not tgz.exists():
        if offline:
            sys.exit(f"not cached: {tgz}")
        run("npm", "pack", f"sql.js@{SQLJS_VERSION}", "--silent", cwd=folder)
    unpacked = folder / f"sql.js-{SQLJS_VERSION}"
    if not all((unpacked / "package" / "dist" / name).exists() for name in SQLJS_FILES):
        with tarfile.open(tgz) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package" / "dist"


def project_wheel(offline: bool) -> Path:
    """This repository's wheel, built in an isolated environment (setuptools from the cache)."""
    tools = CACHE / "build-tools"
    tools.mkdir(parents=True, exist_ok=True)
    if not list(tools.glob("setuptools-*.whl")):
        if offline:
            sys.exit(f"no setuptools wheel in {tools}")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
            "-d", tools, "setuptools>=77")  # fmt: skip
    out = CACHE / "project"
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
        "--find-links", tools, "-w", out, ROOT)  # fmt: skip
    return next(out.glob("*.whl"))


def _fixed(name: str) -> zipfile.ZipInfo:
    """A member dated 1980-01-01: rebuilt archives are byte for byte the same (cache keys, and
    the browser's HTTP cache keeps them across builds)."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite_wheel(source: Path, target: Path, drop: re.Pattern[str]) -> None:
    """``source`` without the members ``drop`` matches, with a RECORD that agrees."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zo:
        record_name = next(n for n in zin.namelist() if n.endswith(".dist-info/RECORD"))
        lines = []
        for info in zin.infolist():
            if drop.match(info.filename) or info.filename == record_name:
                continue
            data = zin.read(info)
            zo.writestr(info, data)  # its own date: the same input gives the same bytes
            lines.append(_record_line(info.filename, data))
        lines.append(f"{record_name},,")
        zo.writestr(_fixed(record_name), "\n".join(lines) + "\n")


def absent_wheel(name: str, folder: Path) -> Path:
    """A distribution with metadata only: see ``ABSENT``."""
    path = folder / f"{name}-0-py3-none-any.whl"
    info = f"{name}-0.dist-info"
    files = {
        f"{info}/METADATA": (
            f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n"
            f"Summary: not available in this static site: {ABSENT[name]}\n"
        ).encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: static/build.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in files.items():
            z.writestr(_fixed(n), data)
        lines = "".join(_record_line(n, d) + "\n" for n, d in files.items())
        z.writestr(_fixed(f"{info}/RECORD"), lines + f"{info}/RECORD,,\n")
    return path


def top_level_imports(wheel: Path) -> list[str]:
    """The wheel's top-level modules (inside ``<name>.zip`` for a zipped one)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        inner = f"{wheel.name.split('-')[0]}.zip"
        if inner in names:
            with zipfile.ZipFile(io.BytesIO(z.read(inner))) as zi:
                names = zi.namelist()
        tops = {n.split("/")[0] for n in names if "/" in n}
    return sorted(t.removesuffix(".py") for t in tops if not t.endswith((".dist-info", ".data")))


def bytecode(
    core: Path, wheels: list[Path], keep_source: set[str], strip: tuple[str, ...] = ()
) -> list[Path]:
    """The wheels with CPython 3.13 bytecode (static/precompile.py), compiled by Pyodide itself
    under Node; cached by the input wheel's hash, so only a changed wheel is compiled again."""
    done = CACHE / "bytecode"
    todo = CACHE / "bytecode-todo"
    shutil.rmtree(todo, ignore_errors=True)
    todo.mkdir(parents=True)
    out: list[Path] = []
    for wheel in wheels:
        flags = ",".join(sorted(strip)).encode()
        key = hashlib.sha256(wheel.read_bytes() + flags).hexdigest()[:16]
        target = done / key / wheel.name
        if not target.exists():
            shutil.copy2(wheel, todo / wheel.name)
        out.append(target)
    if any(todo.iterdir()):
        fresh = CACHE / "bytecode-fresh"
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir()
        run("node", HERE / "precompile.mjs", core, todo, fresh, ",".join(sorted(keep_source)),
            ",".join(strip))  # fmt: skip
        for target in out:
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(fresh / target.name, target)
    return out


def zipped(wheel: Path, folder: Path) -> Path:
    """``wheel`` as its metadata plus one ``<name>.zip`` of everything else, imported from there
    (zipimport, through ``PYTHONPATH``): Pyodide then writes one file instead of thousands
    (plotly: 15,000), which was the longest part of a lesson's start."""
    name = wheel.name.split("-")[0]
    target = folder / wheel.name
    inner = io.BytesIO()
    with zipfile.ZipFile(wheel) as zin:
        with zipfile.ZipFile(inner, "w", zipfile.ZIP_DEFLATED) as zi:
            for info in zin.infolist():
                if ".dist-info/" not in info.filename:
                    zi.writestr(info, zin.read(info))
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zo:
            for info in zin.infolist():
                if ".dist-info/" in info.filename:
                    zo.writestr(info, zin.read(info))
            zo.writestr(_fixed(f"{name}.zip"), inner.getvalue(), zipfile.ZIP_STORED)
    return target


def lock_entry(wheel: Path) -> dict:
    name = wheel.name.split("-")[0]
    return {
        "name": name,
        "version": wheel.name.split("-")[1],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": top_level_imports(wheel),
        "depends": [],
        "unvendored_tests": False,
    }


def write_pyodide(core: Path, stdlib: Path, wheels: list[Path], target: Path) -> list[str]:
    """Pyodide's core (its standard library as bytecode) plus our wheels and their lock file;
    returns the names to preload."""
    target.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "package.json"):  # fmt: skip
        shutil.copy2(core / name, target / name)
    shutil.copy2(stdlib, target / "python_stdlib.zip")
    lock = json.loads((core / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
        entry = lock_entry(target / wheel.name)
        lock["packages"][canonical(entry["name"])] = entry
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(lock["packages"])


def lite_config(packages: list[str]) -> dict:
    """``jupyter-lite.json`` of the site: our Pyodide, every wheel preloaded but those loaded
    on demand (ON_DEMAND), no PyPI."""
    template = json.loads((HERE / "jupyter-lite.json").read_text())
    kernel = template["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    preload = (set(packages) - {canonical(name) for name in ON_DEMAND}) | set(KERNEL_NAMES)
    kernel["loadPyodideOptions"]["packages"] = sorted(preload)
    # on sys.path from the start; Python looks into each zip once Pyodide has written it
    kernel["loadPyodideOptions"]["env"] = {
        "PYTHONPATH": ":".join(f"{SITE_PACKAGES}/{name}.zip" for name in ZIPPED)
    }
    return template


def write_template(target: Path, megabytes: int) -> None:
    """``lessons_static`` (static/template/) under ``target``/voila/templates, its strings filled
    in from the widgets' catalogs in every language."""
    sys.path.insert(0, str(ROOT))
    from widgets import i18n

    strings = {
        lang: {k: v for k, v in i18n.catalog(lang).items() if k.startswith("static.")}
        for lang in ("en", "it")  # notebooks/ and notebooks/it/
    }
    folder = target / "voila" / "templates" / "lessons_static"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copy2(HERE / "template" / "conf.json", folder / "conf.json")
    text = (HERE / "template" / "index.html.j2").read_text(encoding="utf-8")
    text = text.replace("__LESSONS_STATIC_STRINGS__", json.dumps(strings, ensure_ascii=False))
    text = text.replace("__LESSONS_STATIC_MB__", str(megabytes))
    (folder / "index.html.j2").write_text(text, encoding="utf-8")


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# The site's root: straight to the landing page (as the Voila server's "/" does).
ROOT_PAGE = """<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="favicon.ico">
<meta http-equiv="refresh" content="0; url=voici/render/index.html">
<title>Lessons</title>
<a href="voici/render/index.html">Lessons / Lezioni</a>
"""


# JupyterLite's service worker answers every GET of the site itself, with a plain fetch() when its
# cache is off (as here): each wheel and bundle then goes through the worker, which made a second
# visit slower than the first. It keeps the requests it exists for (/api/drive, /api/stdin: the
# kernel's files and input()) and leaves the others to the browser and its HTTP cache.
SW_PASS_THROUGH = "shouldDrop(t,a)||(n=maybeFromCache(e))"


def lighten_service_worker(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if text.count(SW_PASS_THROUGH) != 1:
        sys.exit(f"{path}: JupyterLite's service worker changed; check SW_PASS_THROUGH")
    path.write_text(text.replace(SW_PASS_THROUGH, "!1"), encoding="utf-8")


def build(offline: bool) -> None:
    digest = inputs_digest()
    if problems := front_end_problems():
        sys.exit("\n".join(problems))
    core = fetch_pyodide(offline)
    sqljs = fetch_sqljs(offline)
    wheels = fetch_wheels(offline)
    staged = CACHE / "staged"
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    final: list[Path] = []
    for wheel in wheels:
        drop = SLIM.get(wheel.name.split("-")[0])
        if drop is not None:
            slim = staged / wheel.name
            rewrite_wheel(wheel, slim, drop)
            final.append(slim)
        else:
            final.append(wheel)
    final += [p for p in KERNEL_PYPI.glob("*.whl") if not p.name.startswith("widgetsnbextension")]
    project = project_wheel(offline)
    keep = {project.name.split("-")[0]}
    final = bytecode(core, [*final, project], keep_source=keep, strip=STRIP_DOCSTRINGS)
    final = [zipped(w, staged) if w.name.split("-")[0] in ZIPPED else w for w in final]
    final += [absent_wheel(name, staged) for name in ABSENT]
    stdlib = bytecode(core, [core / "python_stdlib.zip"], keep_source=set())[0]

    lite = CACHE / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    shutil.rmtree(OUT, ignore_errors=True)
    packages = write_pyodide(core, stdlib, final, lite / PYODIDE_DIR)
    for name in SQLJS_FILES:
        shutil.copy2(sqljs / name, lite / PYODIDE_DIR / name)
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=2))
    # what a first visit downloads: Python and its wheels, plus about 8 MB of the page's JavaScript
    megabytes = round(folder_bytes(lite / PYODIDE_DIR) / 1e6 + 8)
    templates = CACHE / "jupyter"
    write_template(templates, megabytes)
    env = dict(
        os.environ, JUPYTER_PATH=os.pathsep.join([str(templates), str(ROOT / "share/jupyter")])
    )
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite,
        "--contents", ROOT / "notebooks", "--output-dir", OUT, "--template", "lessons_static",
        "--no-sourcemaps", cwd=lite, env=env)  # fmt: skip
    shutil.copytree(lite / PYODIDE_DIR, OUT / PYODIDE_DIR, dirs_exist_ok=True)
    (OUT / "index.html").write_text(ROOT_PAGE, encoding="utf-8")
    # a browser asks the site's root for its icon: Voici's own, not a 404 in the console
    shutil.copyfile(OUT / "static" / "favicons" / "favicon.ico", OUT / "favicon.ico")
    lighten_service_worker(OUT / "service-worker.js")
    if problems := site_front_end_problems(OUT):
        sys.exit("\n".join(problems))
    STAMP.write_text(digest + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline", action="store_true", help="use only the download cache")
    build(parser.parse_args().offline)
    print(f"built {OUT}")


if __name__ == "__main__":
    main()
