"""#10.4: outside Voilà too, a kernel started by a Jupyter server (JupyterLab, a hub's
single-user server) points its maps at the bundled base maps, which that server serves."""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

from .serverkit import ROOT, launched, run_async

TOKEN = uuid.uuid4().hex
CODE = "from widgets.assets import plotly_config; print(plotly_config().get('topojsonURL'))"


def api(base: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=60) as resp:
        return json.loads(resp.read() or b"{}")


async def run_in_kernel(ws_base: str, kernel_id: str, code: str) -> str:
    """What the kernel prints for ``code`` (Jupyter's messaging protocol over the websocket)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    url = f"{ws_base}/api/kernels/{kernel_id}/channels?session_id={session}"
    ws = await websocket_connect(
        HTTPRequest(url, headers={"Authorization": f"token {TOKEN}"}, connect_timeout=60)
    )
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": "execute_request", "username": "t",
              "session": session, "date": "", "version": "5.3"}  # fmt: skip
    content = {"code": code, "silent": False, "store_history": False, "user_expressions": {},
               "allow_stdin": False}  # fmt: skip
    message = {"header": header, "parent_header": {}, "metadata": {}, "content": content,
               "channel": "shell", "buffers": []}  # fmt: skip
    await ws.write_message(json.dumps(message))
    out = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        msg = json.loads(await ws.read_message())
        if msg.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        if msg["msg_type"] == "error":
            raise AssertionError(msg["content"]["evalue"])
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            break
    ws.close()
    return "".join(out).strip()


def jupyter_server(port: int) -> list[str]:
    """A single-user Jupyter Server as a hub would start it, with no port retries of its own."""
    return [sys.executable, "-m", "jupyter_server", "--no-browser", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={ROOT}",
            "--ServerApp.base_url=/user/student/",
            *(["--allow-root"] if os.geteuid() == 0 else [])]  # fmt: skip


def test_a_jupyterlab_kernel_loads_the_base_map_from_its_own_server():
    # the status without a token: 403, but an answer
    with launched(jupyter_server, "jupyter-server", "/user/student/api/status", timeout=90) as srv:
        base = srv.base + "/user/student"
        session = api(
            base,
            "/api/sessions",
            {"path": "notebooks/cnw/01_board_and_dice.ipynb", "type": "notebook",
             "name": "", "kernel": {"name": "python3"}},
        )  # fmt: skip
        kernel_id = session["kernel"]["id"]
        url = run_async(run_in_kernel(base.replace("http", "ws", 1), kernel_id, CODE))
        assert url == "/user/student/files/notebooks/assets/topojson/"
        request = urllib.request.Request(
            f"{srv.base}{url}world_110m.json", headers={"Authorization": f"token {TOKEN}"}
        )
        with urllib.request.urlopen(request, timeout=60) as resp:
            assert json.loads(resp.read())["type"] == "Topology"
