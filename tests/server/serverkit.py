"""The lessons' server as students meet it: started like ``make run`` / ``make classroom``, visited
by headless Chromium (nothing outside 127.0.0.1) or by a client speaking Voilà's own protocol.

Shared by tests/server/ and benchmarks/load.py, so the benchmark measures what the tests check.
A protocol session does what Voilà 0.5.13's page does: GET the render page (a pooled kernel ran
the notebook before the student came), open the kernel's websocket, ask for every widget's state
at once (ipywidgets 8's ``_loadFromKernel``: a ``jupyter.widget.control`` comm and one
``request_states``; the page draws once the answer is in; no answer within 4 s and it asks the
widget comms, ``comm_info_request``, then each widget's ``request_state``), and on leaving POST
the shutdown beacon with the ``_xsrf`` cookie's value.

Issue #10's 30 s for a class of 30 was this client's own doing: it asked widget by widget (the
page's fallback), 553 requests a page, each answered by three kernel messages (busy, state,
idle) relayed by the server: 553 round trips through two processes, each waiting for its turn
on a busy machine's cores (3 such pages beside 2 Chromium took 50-59 s at load 14, while the
server and the kernels used 10 CPU-seconds). Asked at once, as the page does, a page costs three
messages and ~1 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import psutil

from tests.chromium import record_outside

ROOT = Path(__file__).resolve().parents[2]
SERVE = ROOT / "classroom" / "serve.py"
LOGS = ROOT / "test-artifacts"
FIRST_WIDGET = ".jupyter-widgets, .widget-box, .js-plotly-plot"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    base: str
    proc: subprocess.Popen
    log: Path

    def kernels(self) -> list[psutil.Process]:
        """The kernel processes this server started (and that are still running): counted in its
        own process tree, so another server's kernels (another test worker's) never count."""
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        found = []
        for child in children:
            try:
                if "ipykernel_launcher" in " ".join(child.cmdline()):
                    found.append(child)
            except psutil.Error:
                pass
        return found

    def kernel_rss_mb(self) -> list[float]:
        sizes = []
        for k in self.kernels():
            with suppress(psutil.Error):
                sizes.append(k.memory_info().rss / 2**20)
        return sizes

    def wait_kernels(self, at_most: int, timeout: float) -> int:
        """Until at most ``at_most`` kernels run (or ``timeout`` s); returns how many run."""
        deadline = time.monotonic() + timeout
        while len(self.kernels()) > at_most and time.monotonic() < deadline:
            time.sleep(0.5)
        return len(self.kernels())

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def listens(self, port: int) -> bool:
        """Whether this server itself holds ``port`` (not some other process that took it)."""
        try:
            held = psutil.Process(self.proc.pid).net_connections(kind="tcp")
        except psutil.Error:
            return False
        return any(c.status == psutil.CONN_LISTEN and c.laddr.port == port for c in held)


PORT_TAKEN = "already in use"  # what Voila and Jupyter Server log when they cannot bind


@contextmanager
def launched(
    command: Callable[[int], list[str]],
    name: str,
    probe: str = "/",
    *,
    env: dict[str, str] | None = None,
    ready: str | None = None,
    timeout: float = 240,
    attempts: int = 3,
    port: int | None = None,
) -> Iterator[Server]:
    """``command(port)`` run from the repository on a free 127.0.0.1 port, its output in
    ``test-artifacts/<name>-<port>.log``, until it listens on that port and answers ``probe``
    (any HTTP status) and, with ``ready``, that text is in its output; stopped on leaving.

    Tests run beside each other (pytest-xdist workers, other test runs): a port free when
    picked may be taken by another server before this one binds it. The command must then exit
    (its own port retries off), and another port is tried: a server that moved to another port
    unseen, or an answer from another process's server, would test the wrong thing. That is why
    "up" means this process listens on the port, not only that the port answers. ``port``: this
    one (a server started again where its pages were: a browser's storage belongs to the
    address), tried once."""
    LOGS.mkdir(exist_ok=True)
    wanted = port
    for attempt in range(1 if wanted else attempts):
        port = wanted or free_port()
        log = LOGS / f"{name}-{port}.log"
        with open(log, "w") as out:
            proc = subprocess.Popen(
                command(port),
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=dict(os.environ, PYTHONUNBUFFERED="1", **(env or {})),
            )
        server = Server(f"http://127.0.0.1:{port}", proc, log)
        try:
            if _started(server, port, probe, ready, time.monotonic() + timeout):
                yield server
                return
        finally:
            stop(proc)
        if PORT_TAKEN not in server.log_text() or attempt == attempts - 1:
            raise RuntimeError(f"{name} stopped:\n{server.log_text()[-3000:]}")


def _started(server: Server, port: int, probe: str, ready: str | None, deadline: float) -> bool:
    """Until ``server`` is up (True) or has stopped (False); RuntimeError past ``deadline``."""
    while True:
        if server.proc.poll() is not None:
            return False
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start:\n{server.log_text()[-3000:]}")
        try:
            urllib.request.urlopen(server.base + probe, timeout=2)
            up = True
        except urllib.error.HTTPError:
            up = True  # it answers
        except OSError:
            up = False
        if up and server.listens(port) and (ready is None or ready in server.log_text()):
            return True
        time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    """End a server we started: terminate, then kill if it lingers."""
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@contextmanager
def running_server(
    *args: str, ready: str | None = None, timeout: float = 240, port: int | None = None
) -> Iterator[Server]:
    """``classroom/serve.py *args`` on a free 127.0.0.1 port (serve.py starts Voila with no
    port retries); with ``ready``, also wait until that text is in its output (e.g. the
    classroom's "Warm kernels ready")."""
    with launched(
        lambda port: [sys.executable, str(SERVE), "--host=127.0.0.1", f"--port={port}", *args],
        "server",
        "/voila/static/",
        ready=ready,
        timeout=timeout,
        port=port,
    ) as server:
        yield server


def offline_context(browser, outside: list[str]):
    """A browser context whose requests leaving this machine fail (tests/chromium.py's flags)
    and are listed in ``outside``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    return record_outside(context, outside)


# --- Voilà's protocol, as its page speaks it --------------------------------------------------


@dataclass
class Session:
    """One student's visit over HTTP + the kernel websocket."""

    notebook: str
    # seconds from the GET to every widget's state received: when Voilà's page can draw them
    first_widget: float | None = None
    kernel_id: str | None = None
    widgets: int = 0
    error: str | None = None
    stage: str = "page"  # how far the visit got: page, websocket, comms, states, open
    states: int = 0  # widget states received
    asked_again: int = 0  # states asked for a second time after a quiet spell
    views: int = 0  # widget outputs in the page's HTML (a lost cell output shows here)
    fell_back: bool = False  # the control comm did not answer in time: one request per widget
    # seconds from the GET to each step (page, websocket, asked, answered, ...): where time goes
    trace: dict[str, float] = field(default_factory=dict)
    cookies: dict[str, str] = field(default_factory=dict)


QUIET = 10.0  # seconds without a message before the missing widget states are asked again
# ipywidgets 8's manager (Voilà 0.5's page) asks for every state at once on the control comm and,
# with no answer within 4 s, falls back to asking each widget's comm (``_loadFromKernel``)
CONTROL_WAIT = 4.0
CONTROL = "jupyter.widget.control"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _decode(raw: str | bytes) -> dict:
    """A kernel message from the websocket: JSON text, or (a message with binary buffers, in the
    legacy protocol) a binary frame: a count, that many big-endian offsets, the JSON part first."""
    if isinstance(raw, str):
        return json.loads(raw)
    count = int.from_bytes(raw[:4], "big")
    offsets = [int.from_bytes(raw[4 + 4 * i : 8 + 4 * i], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(raw)
    return json.loads(raw[offsets[0] : end].decode("utf-8"))


def _msg(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "student",
            "session": session,
            "date": "",
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
        "channel": "shell",
        "buffers": [],
    }


def _cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in cookies.items())


def _keep_cookies(headers, cookies: dict[str, str]) -> None:
    for line in headers.get_list("Set-Cookie"):
        jar = SimpleCookie()
        jar.load(line)
        cookies.update({k: m.value for k, m in jar.items()})


class _Kernel:
    """The kernel's websocket as a student's page reads it: messages in, each logged in the
    session's trace the first time its kind arrives."""

    def __init__(self, ws, s: Session, session: str, start: float, deadline: float) -> None:
        self.ws, self.s, self.session, self.start, self.deadline = ws, s, session, start, deadline

    def mark(self, step: str) -> None:
        self.s.trace.setdefault(step, round(time.perf_counter() - self.start, 3))

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg = _msg(msg_type, content, self.session, metadata)
        await self.ws.write_message(json.dumps(msg))
        return msg["header"]["msg_id"]

    async def read(self, wait: float) -> dict:
        """The next message; ``TimeoutError`` after ``wait`` s (or at the visit's deadline)."""
        left = min(wait, self.deadline - time.monotonic())
        if left <= 0:
            raise TimeoutError
        raw = await asyncio.wait_for(self.ws.read_message(), left)
        if raw is None:
            raise ConnectionError("the kernel's websocket closed")
        return _decode(raw)


async def _all_at_once(k: _Kernel) -> bool:
    """The page's first try: one ``request_states`` on a control comm; False if no answer came
    within ``CONTROL_WAIT`` s (the page then asks widget by widget)."""
    comm_id = uuid.uuid4().hex
    await k.send(
        "comm_open",
        {"comm_id": comm_id, "target_name": CONTROL, "data": {}},
        {"version": "1.0.0"},
    )
    await k.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
    k.mark("asked all")
    until = time.monotonic() + CONTROL_WAIT
    while time.monotonic() < until:
        try:
            msg = await k.read(until - time.monotonic())
        except TimeoutError:
            break
        content = msg.get("content", {})
        if msg.get("msg_type") == "comm_msg" and content.get("comm_id") == comm_id:
            data = content.get("data", {})
            if data.get("method") == "update_states":
                k.mark("all states")
                k.s.widgets = k.s.states = len(data.get("states", {}))
                await k.send("comm_close", {"comm_id": comm_id, "data": {}})
                return True
    k.mark("control comm silent")
    return False


async def _one_by_one(k: _Kernel) -> None:
    """The page's fallback: the widget comms (``comm_info_request``), then each one's state."""
    s = k.s
    info = await k.send("comm_info_request", {"target_name": "jupyter.widget"})
    k.mark("asked comms")
    waiting: set[str] = set()
    while True:
        try:
            msg = await k.read(QUIET)
        except TimeoutError:
            if not waiting or time.monotonic() >= k.deadline:
                raise
            # quiet with states missing: ask again for those only (the page would not: this
            # shows a lost reply as a count, not as a page that never draws)
            k.mark("quiet spell")
            s.asked_again += len(waiting)
            for comm_id in waiting:
                await k.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}})
            continue
        parent = msg.get("parent_header", {}).get("msg_id")
        if msg.get("msg_type") == "comm_info_reply" and parent == info:
            k.mark("comms")
            comms = msg["content"].get("comms", {})
            s.widgets = len(comms)
            if not comms:
                raise LookupError("no widget in the kernel")
            waiting = set(comms)
            s.stage = "states"
            for comm_id in comms:
                await k.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}})
            k.mark("asked states")
        elif (
            msg.get("msg_type") == "comm_msg"
            and msg["content"].get("data", {}).get("method") == "update"
        ) or msg.get("msg_type") == "comm_close":  # a closed widget is drawn by no page
            k.mark("first state")
            waiting.discard(msg["content"].get("comm_id"))
            s.states = s.widgets - len(waiting)
            if not waiting and s.widgets:
                k.mark("all states")
                return


async def visit(
    base: str,
    notebook: str,
    timeout: float = 120,
    close: asyncio.Event | None = None,
    opened: asyncio.Event | None = None,
    script_time: float = 0.0,
    control: bool = True,
    session: Session | None = None,
) -> Session:
    """Open ``notebook`` like Voilà's page does, wait for a live widget, keep the page open until
    ``close`` is set (if given), then leave (the shutdown beacon). Errors are recorded, never
    raised. ``script_time``: seconds between the page and its websocket, as a browser spends
    loading Voilà's scripts. ``control``: ask for all states at once first, as the page does;
    False: only widget by widget (the page's fallback). ``session``: the Session to fill (a
    caller that acts as the same visitor while the page is open reads its cookies there)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    s = session if session is not None else Session(notebook)
    client = AsyncHTTPClient(force_instance=True, max_clients=4)
    start = time.perf_counter()
    deadline = time.monotonic() + timeout
    ws = None
    try:
        resp = await client.fetch(
            f"{base}/voila/render/{notebook}", request_timeout=timeout, follow_redirects=False
        )
        s.trace["page"] = round(time.perf_counter() - start, 3)
        _keep_cookies(resp.headers, s.cookies)
        html = resp.body.decode("utf-8", "replace")
        if "There was an error when executing cell" in html or "Traceback" in html:
            s.error = "a cell failed"
            return s
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
        if not found:
            s.error = "no kernel id in the page"
            return s
        s.kernel_id = found.group(1)
        s.views = html.count(WIDGET_VIEW)
        s.stage = "websocket"
        await asyncio.sleep(script_time)
        session = uuid.uuid4().hex
        ws_url = base.replace("http", "ws", 1) + (
            f"/api/kernels/{s.kernel_id}/channels?session_id={session}"
        )
        ws = await websocket_connect(
            HTTPRequest(
                ws_url, headers={"Cookie": _cookie_header(s.cookies)}, connect_timeout=timeout
            )
        )
        k = _Kernel(ws, s, session, start, deadline)
        k.mark("websocket")
        s.stage = "comms"
        if not (control and await _all_at_once(k)):
            s.fell_back = control
            await _one_by_one(k)
        s.first_widget = time.perf_counter() - start
        s.stage = "open"
        if opened is not None:
            opened.set()
        if close is not None:
            await close.wait()
    except (TimeoutError, HTTPClientError, OSError, LookupError) as exc:
        s.error = f"{type(exc).__name__} at {s.stage} ({s.states}/{s.widgets} states): {exc}"
    finally:
        if opened is not None:
            opened.set()
        if ws is not None:
            ws.close()
        if s.kernel_id:
            await leave(client, base, s)
        client.close()
    return s


async def leave(client, base: str, s: Session) -> None:
    """What the page does on ``beforeunload``: POST the shutdown with the _xsrf cookie's value."""
    from tornado.httpclient import HTTPClientError

    body = urlencode({"_xsrf": s.cookies.get("_xsrf", "")})
    try:
        await client.fetch(
            f"{base}/voila/api/shutdown/{s.kernel_id}",
            method="POST",
            body=body,
            headers={
                "Cookie": _cookie_header(s.cookies),
                "Content-Type": "application/x-www-form-urlencoded",
            },
            request_timeout=30,
        )
    except (HTTPClientError, OSError) as exc:
        if s.error is None:
            s.error = f"shutdown refused: {exc}"


def run_async(coroutine):
    """``asyncio.run`` in a thread of its own: Playwright's sync API already runs a loop here."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def visit_many(
    base: str,
    notebook: str,
    n: int,
    timeout: float = 120,
    while_open=None,
    script_time: float = 0.0,
    control: bool = True,
) -> list[Session]:
    """``n`` students opening ``notebook`` at the same moment; once every page has its widgets
    (or failed), ``while_open()`` runs (e.g. to weigh the kernels), then every page is closed."""
    close = asyncio.Event()
    opened = [asyncio.Event() for _ in range(n)]
    tasks = [
        asyncio.ensure_future(visit(base, notebook, timeout, close, o, script_time, control))
        for o in opened
    ]
    await asyncio.gather(*(o.wait() for o in opened))
    if while_open is not None:
        while_open()
    close.set()
    return list(await asyncio.gather(*tasks))
