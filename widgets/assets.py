"""Where the bundled offline assets are served from.

plotly fetches a geo figure's base map from ``config.topojsonURL`` (its CDN by default). We point
it at ``notebooks/assets/topojson/`` served by the app itself, so maps render with no internet:

- **Voilà** (standalone, as a Jupyter server extension, with or without a preheated kernel pool).
  The page of a notebook is always ``<base>voila/render/<notebook path>``, and Voilà answers any
  other file under ``voila/render/`` with a redirect to ``voila/files/`` (which serves the
  allow-listed assets). So the URL of the assets *relative to the notebook's folder* is also
  their URL relative to the page: no base URL, no root folder and no request is needed, which
  matters for a preheated kernel, that runs the notebook before any student asks for it (it has
  no ``SCRIPT_NAME``). We recognise Voilà by the variables it sets for every kernel
  (``VOILA_BASE_URL``; ``SERVER_SOFTWARE=voila/...`` per request).
- **JupyterLab / Jupyter server**: the page is ``<base>lab/...`` at any depth, so the URL must be
  absolute: ``<base>files/<path under the server's root>``. The kernel's parent process is the
  server, which writes its ``base_url`` and ``root_dir`` to ``jpserver-<pid>.json`` in Jupyter's
  runtime folder.
- **Voici** (the static site of ``make static``, Python in the browser under Pyodide): the
  kernel runs in a web worker whose script lies under the site's root
  (``<site>extensions/...``), and the lessons' folder is the site's ``files/``: the URL is
  ``<site>files/assets/topojson/``, from the worker's own address (``js.location``).
- Anywhere else (nbclient in the tests, a plain ``python``) there is no page: plotly keeps its
  default.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote

ASSETS = Path(__file__).resolve().parent.parent / "notebooks" / "assets"
TOPOJSON = ASSETS / "topojson"
_MARK = "voila/render/"


def _in_voila(env: Mapping[str, str]) -> bool:
    return "VOILA_BASE_URL" in env or str(env.get("SERVER_SOFTWARE", "")).startswith("voila/")


def voila_relative_url(target: Path, cwd: Path, env: Mapping[str, str]) -> str | None:
    """``target`` relative to the notebook's folder ``cwd`` (= relative to its Voilà page), or
    ``None`` when the page's own address shows the target lies outside the folder Voilà serves."""
    relative = Path(os.path.relpath(Path(target).resolve(), cwd.resolve())).as_posix()
    script = str(env.get("SCRIPT_NAME", ""))
    if script:  # a page rendered on request: check the assets are inside Voilà's root
        if _MARK not in script:
            return None  # single-notebook mode (page at "/"): no voila/render/ to climb from
        depth = len(Path(script.split(_MARK, 1)[1]).parent.parts)
        if relative.split("/").count("..") > depth:
            return None
    return relative.rstrip("/") + "/"


def jupyter_server_files_url(
    target: Path, ppid: int | None = None, runtime_dir: str | Path | None = None
) -> str | None:
    """``<base>files/<target under root>/`` of the Jupyter server that started this kernel, or
    ``None`` when the parent is not a Jupyter server or the target is outside its root."""
    if runtime_dir is None:
        from jupyter_core.paths import jupyter_runtime_dir

        runtime_dir = jupyter_runtime_dir()
    info_file = Path(runtime_dir) / f"jpserver-{ppid if ppid is not None else os.getppid()}.json"
    try:
        info = json.loads(info_file.read_text(encoding="utf-8"))
        relative = Path(target).resolve().relative_to(Path(info["root_dir"]).resolve())
    except (OSError, ValueError, KeyError, TypeError):
        return None
    base = str(info.get("base_url") or "/")
    return f"{base.rstrip('/')}/files/{quote(relative.as_posix())}/"


IN_BROWSER = sys.platform == "emscripten"  # Pyodide: the static site (make static)
_SITE_MARKS = ("/extensions/", "/voici/render/", "/voici/tree/")


def browser_site_url(target: Path, location: str) -> str | None:
    """``<site>files/<target under notebooks/>/`` of a Voici site, from the address ``location``
    of the kernel's worker (or of a page) inside it; ``None`` when the address is not one."""
    for mark in _SITE_MARKS:
        if mark in location:
            site = location.rsplit(mark, 1)[0]
            relative = Path(target).relative_to(ASSETS.parent).as_posix()
            return f"{site}/files/{quote(relative)}/"
    return None


def topojson_url(
    environ: Mapping[str, str] | None = None,
    cwd: str | Path | None = None,
    ppid: int | None = None,
    runtime_dir: str | Path | None = None,
) -> str | None:
    """The base-map URL for this kernel's page, or ``None`` to keep plotly's CDN."""
    env = os.environ if environ is None else environ
    here = Path(cwd or os.getcwd())
    if IN_BROWSER:
        import js  # Pyodide's bridge to the browser (no location under Node)

        location = getattr(js, "location", None)
        return None if location is None else browser_site_url(TOPOJSON, str(location.href))
    if _in_voila(env):
        return voila_relative_url(TOPOJSON, here, env)
    return jupyter_server_files_url(TOPOJSON, ppid, runtime_dir)


def plotly_config() -> dict:
    """The plotly config every figure of the lessons uses."""
    config: dict = {"displaylogo": False, "scrollZoom": False}
    url = topojson_url()
    if url:
        config["topojsonURL"] = url
    return config
