"""Run inside Pyodide (static/precompile.mjs): wheels (and the standard library's zip) with
CPython 3.13 bytecode.

The browser would otherwise compile every module it imports from source, at every visit: the
largest part of a lesson's start after unpacking. Pyodide's own packages ship bytecode for the same
reason. Third-party modules keep only their ``.pyc`` (as Pyodide's builds do); the project's
modules keep their source too (tracebacks show lines), with unchecked-hash ``.pyc`` files beside
it in ``__pycache__`` (an unpacked wheel's file times say nothing about the source).
"""

import base64
import hashlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc
from pathlib import Path

SITE = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/"
TAG = sys.implementation.cache_tag


def compiled(name: str, source: bytes, keep_source: bool, optimize: int) -> list[tuple[str, bytes]]:
    """The members a ``.py`` member becomes."""
    code = compile(source, SITE + name, "exec", dont_inherit=True, optimize=optimize)
    if not keep_source:
        return [(name[:-3] + ".pyc", bytes(_code_to_timestamp_pyc(code, 0, 0)))]
    folder, _, module = name.rpartition("/")
    pyc = f"{folder + '/' if folder else ''}__pycache__/{module[:-3]}.{TAG}.pyc"
    digest = importlib.util.source_hash(source)
    return [(name, source), (pyc, bytes(_code_to_hash_pyc(code, digest, checked=False)))]


def precompile(source: Path, target: Path, keep_source: bool, optimize: int) -> None:
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zo:
        record = next((n for n in zin.namelist() if n.endswith(".dist-info/RECORD")), None)
        lines = []
        for info in zin.infolist():
            if info.filename == record:
                continue
            data = zin.read(info)
            top = info.filename.split("/")[0]
            if info.filename.endswith(".py") and not top.endswith((".data", ".dist-info")):
                try:
                    members = compiled(info.filename, data, keep_source, optimize)
                except SyntaxError:  # e.g. a template or a file for another Python
                    members = [(info.filename, data)]
            else:
                members = [(info.filename, data)]
            for name, payload in members:
                member = zipfile.ZipInfo(name, date_time=info.date_time)
                zo.writestr(member, payload, zipfile.ZIP_DEFLATED)
                digest = base64.urlsafe_b64encode(hashlib.sha256(payload).digest()).rstrip(b"=")
                lines.append(f"{name},sha256={digest.decode()},{len(payload)}\n")
        if record:  # a wheel (the standard library's zip has none)
            member = zipfile.ZipInfo(record, date_time=(1980, 1, 1, 0, 0, 0))
            zo.writestr(member, "".join(lines) + f"{record},,\n", zipfile.ZIP_DEFLATED)


def main(in_dir: str, out_dir: str, keep: str, strip: str) -> None:
    """``keep``: names whose source stays; ``strip``: names compiled without docstrings and
    asserts (``-OO``: plotly's generated classes are mostly docstrings nobody reads here)."""
    keep_source = set(keep.split(",")) if keep else set()
    stripped = set(strip.split(",")) if strip else set()
    for wheel in sorted(Path(in_dir).glob("*.*")):
        name = wheel.name.split("-")[0]
        optimize = 2 if name in stripped else 0
        precompile(wheel, Path(out_dir) / wheel.name, name in keep_source, optimize)
        print("bytecode:", wheel.name)
