"""Where the bundled offline assets are served from.

plotly fetches a geo figure's base map from ``config.topojsonURL`` (its CDN by default). Inside
Voilà we point it at ``notebooks/assets/topojson/`` served by Voilà itself, so maps render with no
internet. Voilà tells the kernel the page it renders through CGI-style environment variables
(``SERVER_SOFTWARE=voila/...``, ``SCRIPT_NAME=<base>voila/render/<notebook path>``); the kernel's
working directory is the notebook's folder. From those two we find Voilà's root folder and build
the URL of the assets under ``<base>voila/files/``, whatever the base URL (Binder adds one) and
whatever folder Voilà was started in.

Outside Voilà (JupyterLab, nbclient) there is no such page: plotly keeps its default CDN.
"""

from __future__ import annotations

import os
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "notebooks" / "assets"
TOPOJSON = ASSETS / "topojson"
_MARK = "voila/render/"


def voila_files_url(
    target: Path, environ: os._Environ | dict | None = None, cwd: str | None = None
) -> str | None:
    """URL under which Voilà serves ``target``, or ``None`` when not running inside Voilà."""
    env = os.environ if environ is None else environ
    if not str(env.get("SERVER_SOFTWARE", "")).startswith("voila/"):
        return None
    script = str(env.get("SCRIPT_NAME", ""))
    if _MARK not in script:
        return None
    prefix, notebook = script.split(_MARK, 1)
    notebook_dir = Path(cwd or os.getcwd()).resolve()
    depth = len(Path(notebook).parent.parts)  # folders between Voila's root and the notebook
    root = notebook_dir
    for _ in range(depth):
        root = root.parent
    try:
        relative = Path(target).resolve().relative_to(root)
    except ValueError:
        return None  # the assets are outside the folder Voila serves
    url = f"{prefix}voila/files/{relative.as_posix()}"
    return url if not Path(target).is_dir() else url.rstrip("/") + "/"


def plotly_config() -> dict:
    """The plotly config every figure of the lessons uses."""
    config: dict = {"displaylogo": False, "scrollZoom": False}
    url = voila_files_url(TOPOJSON)
    if url:
        config["topojsonURL"] = url
    return config
