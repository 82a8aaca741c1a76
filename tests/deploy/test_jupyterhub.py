"""The JupyterHub recipe (deploy/jupyterhub) run for real: hub, npm proxy, spawner, culler.

Everything listens on 127.0.0.1, state lives in a temporary folder, every wait is bounded, and
the hub with every server it spawned is stopped at the end even when a test fails. Figures
(hub start, per-student start, memory per student server) go to
test-artifacts/jupyterhub-figures.json; docs/jupyterhub.md quotes them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
FIGURES = ROOT / "test-artifacts" / "jupyterhub-figures.json"
PASSWORD = "lesson-test-password"
ADMIN_PASSWORD = "teacher-test-password-" + os.urandom(8).hex()  # >= 32 characters
ADMIN_TOKEN = "lessons-hub-test-" + os.urandom(12).hex()
CULL_TIMEOUT = 20  # seconds: long enough for a test's own traffic, short enough to wait for
LESSON_TEXT = "Learn four tabletop games"


def _load_recipe(state: Path, **env: str):
    """Run the recipe as JupyterHub would, without starting anything: its config object."""
    from traitlets.config import Config

    clean = {k: v for k, v in os.environ.items() if not k.startswith("LESSONS_HUB_")}
    config = Config()
    code = compile(RECIPE.read_text(), str(RECIPE), "exec")
    with mock.patch.dict(os.environ, {**clean, "LESSONS_HUB_STATE": str(state), **env}, clear=True):
        exec(code, {"get_config": lambda: config, "__file__": str(RECIPE), "__name__": "config"})
    return config


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(what: str, check, timeout: float, hub: Hub | None = None, every: float = 0.5):
    """Poll `check` until it returns something truthy; fail with the hub's log after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if hub is not None and hub.proc.poll() is not None:
            pytest.fail(f"the hub exited ({hub.proc.returncode}) waiting for {what}\n{hub.tail()}")
        result = check()
        if result:
            return result
        time.sleep(every)
    pytest.fail(f"timed out after {timeout:.0f}s waiting for {what}\n{hub.tail() if hub else ''}")


@dataclass
class Hub:
    proc: subprocess.Popen
    url: str
    api_port: int
    log: Path
    landing: str
    proxy_api_port: int = 0
    figures: dict = field(default_factory=dict)

    def tail(self, lines: int = 60) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def api(self, method: str, path: str, **kwargs):
        import requests

        headers = {"Authorization": f"token {ADMIN_TOKEN}"}
        return requests.request(
            method, f"{self.url}/hub/api{path}", headers=headers, timeout=20, **kwargs
        )

    def server(self, user: str) -> dict | None:
        """The user's default server as the hub's admin API reports it (with its pid)."""
        reply = self.api("GET", f"/users/{user}", params={"include_stopped_servers": "0"})
        assert reply.status_code == 200, reply.text
        return reply.json()["servers"].get("")

    def spawned_pids(self) -> list[int]:
        """Processes (servers, kernels) started for this hub: they carry its API URL."""
        marker = f"JUPYTERHUB_API_URL=http://127.0.0.1:{self.api_port}/hub/api".encode()
        return _pids("environ", lambda text: marker in text.split(b"\0"))

    def proxy_pids(self) -> list[int]:
        """The hub's configurable-http-proxy, found by its API port: it runs in a session of
        its own, so neither a signal to the hub's process group nor the hub's exit ends it."""
        marker = f"--api-port\0{self.proxy_api_port}\0".encode()
        return _pids("cmdline", lambda text: b"configurable-http-proxy" in text and marker in text)


def _pids(part: str, matches: Callable[[bytes], bool]) -> list[int]:
    """The processes whose ``/proc/<pid>/<part>`` ``matches``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if matches((entry / part).read_bytes()):
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def _stop(hub: Hub) -> None:
    """SIGTERM to the hub alone lets it stop its servers and services in its own order (sent to
    its whole process group, the hub took the full 30 s timeout every run); whatever is left,
    the proxy included, is stopped by pid."""
    if hub.proc.poll() is None:
        os.kill(hub.proc.pid, signal.SIGTERM)
        try:
            hub.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(hub.proc.pid, signal.SIGKILL)
            hub.proc.wait(timeout=10)
    for pid in hub.spawned_pids():
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    # the hub stops the proxy it started (cleanup_proxy) when it has the time; under load it
    # has been seen to exit first and leave the proxy running
    proxies = hub.proxy_pids()
    for pid in proxies:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while proxies and time.monotonic() < deadline:
        proxies = [pid for pid in proxies if Path(f"/proc/{pid}").exists()]
        time.sleep(0.1)
    for pid in proxies:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[Hub]:
    pytest.importorskip("jupyterhub", reason="jupyterhub is not installed (make test installs it)")
    pytest.importorskip("jupyterhub_idle_culler", reason="jupyterhub-idle-culler not installed")
    pytest.importorskip("requests", reason="requests (a jupyterhub dependency) is not installed")
    if not PROXY.exists():
        pytest.skip(
            f"{PROXY.relative_to(ROOT)} missing: node/npm absent (make hub-proxy needs them)"
        )
    tmp = tmp_path_factory.mktemp("hub")
    # The recipe as shipped, plus one service whose token lets the test use the admin API.
    config = tmp / "test_config.py"
    config.write_text(
        f"load_subconfig({str(RECIPE)!r})\n"
        "c = get_config()\n"
        f"c.JupyterHub.services.append({{'name': 'test-admin', 'api_token': {ADMIN_TOKEN!r}}})\n"
        "c.JupyterHub.load_roles.append({'name': 'admin', 'services': ['test-admin']})\n"
    )
    ports = {name: _free_port() for name in ("public", "hub", "proxy_api")}
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTERHUB_", "LESSONS_"))}
    env.update(
        LESSONS_HUB_STATE=str(tmp / "state"),
        LESSONS_HUB_PASSWORD=PASSWORD,
        LESSONS_HUB_ADMIN_PASSWORD=ADMIN_PASSWORD,
        LESSONS_HUB_CULL_TIMEOUT=str(CULL_TIMEOUT),
        LESSONS_HUB_CULL_EVERY="5",
    )
    log = tmp / "hub.log"
    started = time.monotonic()
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [
                str(JUPYTERHUB),
                "-f",
                str(config),
                f"--JupyterHub.bind_url=http://127.0.0.1:{ports['public']}",
                f"--JupyterHub.hub_bind_url=http://127.0.0.1:{ports['hub']}",
                f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{ports['proxy_api']}",
            ],
            cwd=tmp,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    landing = _load_recipe(tmp / "probe", LESSONS_HUB_PASSWORD=PASSWORD).Spawner.default_url
    hub = Hub(
        proc, f"http://127.0.0.1:{ports['public']}", ports["hub"], log, landing, ports["proxy_api"]
    )
    try:
        import requests

        def healthy() -> bool:
            try:
                return requests.get(f"{hub.url}/hub/health", timeout=2).status_code == 200
            except requests.ConnectionError:
                return False

        _wait("the hub's health check", healthy, timeout=45, hub=hub)
        assert hub.proxy_pids(), "the hub's proxy is not found by its API port"
        hub.figures["hub_start_s"] = round(time.monotonic() - started, 2)
        hub.figures["memory_mb_hub_proxy_culler"] = _memory_mb(proc.pid)  # no servers yet
        yield hub
    finally:
        _stop(hub)
        left = [
            pid for pid in hub.spawned_pids() + hub.proxy_pids() if Path(f"/proc/{pid}").exists()
        ]
        FIGURES.parent.mkdir(exist_ok=True)
        FIGURES.write_text(json.dumps(hub.figures, indent=2) + "\n")
        assert not left, f"processes left after stopping the hub: {left}"


def _log_in_and_open_lessons(hub: Hub, user: str):
    """A student's path: the hub's login form, the spawn, then their own server's landing page."""
    import requests

    session = requests.Session()
    form = session.get(f"{hub.url}/hub/login", timeout=20)
    assert form.status_code == 200 and 'name="password"' in form.text
    started = time.monotonic()
    reply = session.post(
        f"{hub.url}/hub/login",
        data={"username": user, "password": PASSWORD, "_xsrf": session.cookies.get("_xsrf")},
        timeout=60,
    )
    assert reply.status_code == 200, reply.text[:500]

    def ready() -> bool:
        pending = session.get(
            f"{hub.url}/hub/spawn-pending/{user}", allow_redirects=False, timeout=20
        )
        return pending.status_code == 302 and f"/user/{user}/" in pending.headers["Location"]

    _wait(f"{user}'s server", ready, timeout=60, hub=hub)
    page = session.get(f"{hub.url}/user/{user}/", timeout=60)
    hub.figures.setdefault("login_to_lessons_s", {})[user] = round(time.monotonic() - started, 2)
    return session, page


def _memory_mb(pid: int, kernels: bool = True) -> float:
    """Resident memory of a server (and its kernels), in MB."""
    import psutil

    server = psutil.Process(pid)
    procs = [server, *(server.children(recursive=True) if kernels else [])]
    return round(sum(p.memory_info().rss for p in procs) / 2**20, 1)


def _stop_server(hub: Hub, user: str) -> None:
    reply = hub.api("DELETE", f"/users/{user}/server")
    assert reply.status_code in (202, 204), reply.text
    _wait(f"{user}'s server to stop", lambda: hub.server(user) is None, timeout=30, hub=hub)


def test_each_student_lands_on_their_own_voila_server(hub: Hub):
    landing = hub.landing
    pids: dict[str, int] = {}
    sessions = {}
    # two students arriving together: both log in and spawn at the same time
    with ThreadPoolExecutor(2) as pool:
        arrivals = {u: pool.submit(_log_in_and_open_lessons, hub, u) for u in ("alice", "bob")}
        landed = {user: future.result(timeout=150) for user, future in arrivals.items()}
    for user, (session, page) in landed.items():
        sessions[user] = session
        assert page.status_code == 200, page.text[:500]
        assert page.url == f"{hub.url}/user/{user}{landing}"
        assert LESSON_TEXT in page.text
        assert not re.search(r'(?:src|href)="(?:https?:)?//', page.text), "no CDN or remote link"
        server = hub.server(user)
        assert server and server["ready"], server
        pids[user] = server["state"]["pid"]
        hub.figures.setdefault("memory_mb_server_plus_kernel", {})[user] = _memory_mb(pids[user])
        hub.figures.setdefault("memory_mb_server_alone", {})[user] = _memory_mb(pids[user], False)

    # two processes, both alive at once, each serving only its owner
    assert pids["alice"] != pids["bob"]
    assert all(Path(f"/proc/{pid}").exists() for pid in pids.values())
    other = sessions["alice"].get(f"{hub.url}/user/bob{landing}", timeout=30)
    assert other.status_code == 403 and LESSON_TEXT not in other.text

    # a student's server is Voila only: no JupyterLab, no terminals, no writing the lessons
    bob = sessions["bob"]
    assert bob.get(f"{hub.url}/user/bob/lab", timeout=20).status_code == 404
    assert bob.get(f"{hub.url}/user/bob/api/terminals", timeout=20).status_code == 404
    # the offline base maps are served through the student's server (widgets/assets.py)
    topo = bob.get(f"{hub.url}/user/bob/voila/files/assets/topojson/usa_110m.json", timeout=20)
    assert topo.status_code == 200 and topo.json()["type"] == "Topology"
    token = hub.api("POST", "/users/bob/tokens", json={"expires_in": 300}).json()["token"]
    as_bob = {"Authorization": f"token {token}"}
    index = bob.get(f"{hub.url}/user/bob/api/contents/index.ipynb", headers=as_bob, timeout=20)
    assert index.status_code == 200  # the token works: reading is allowed, writing is not
    probe = ROOT / "notebooks" / "hub-write-probe.ipynb"
    write = bob.put(
        f"{hub.url}/user/bob/api/contents/notebooks/{probe.name}",
        json={"type": "notebook", "content": {"cells": [], "metadata": {}, "nbformat": 4}},
        headers=as_bob,
        timeout=20,
    )
    written = probe.exists()
    probe.unlink(missing_ok=True)
    assert write.status_code == 403 and not written

    # the repository's server settings reached the student's server (idle kernels are culled)
    assert re.search(r"Culling kernels with idle durations > \d+ seconds", hub.tail(2000))

    # a lesson with widgets runs in the student's server: one more kernel, measured
    lesson = landing.replace("index.ipynb", "cnw/01_board_and_dice.ipynb")
    page = bob.get(f"{hub.url}/user/bob{lesson}", timeout=90)
    assert page.status_code == 200 and "There was an error" not in page.text
    assert "application/vnd.jupyter.widget-view+json" in page.text
    hub.figures["memory_mb_server_landing_and_one_lesson"] = _memory_mb(pids["bob"])

    # the teacher (or a script) stops servers through the hub's API
    for user, pid in pids.items():
        _stop_server(hub, user)
        _wait(f"{user}'s process to end", lambda p=pid: not Path(f"/proc/{p}").exists(), 15)


def test_the_teacher_reaches_the_admin_page_and_a_student_does_not(hub: Hub):
    import requests

    def log_in(user: str, password: str) -> tuple[requests.Session, requests.Response]:
        session = requests.Session()
        session.get(f"{hub.url}/hub/login", timeout=20)
        reply = session.post(
            f"{hub.url}/hub/login",
            data={"username": user, "password": password, "_xsrf": session.cookies.get("_xsrf")},
            allow_redirects=False,  # no server is started for this check
            timeout=30,
        )
        return session, reply

    def admin_page(session: requests.Session) -> int:
        return session.get(f"{hub.url}/hub/admin", allow_redirects=False, timeout=20).status_code

    teacher, reply = log_in("teacher", ADMIN_PASSWORD)
    assert reply.status_code == 302 and admin_page(teacher) == 200
    student, reply = log_in("dave", PASSWORD)
    assert reply.status_code == 302 and admin_page(student) == 403
    # the teacher's name needs the teacher's password, the admin password no student's name
    for user, password in (("teacher", PASSWORD), ("erin", ADMIN_PASSWORD)):
        _, reply = log_in(user, password)
        assert reply.status_code != 302 and "Invalid username or password" in reply.text


def test_the_idle_culler_stops_a_forgotten_server(hub: Hub):
    _, page = _log_in_and_open_lessons(hub, "carol")
    assert page.status_code == 200 and LESSON_TEXT in page.text
    pid = hub.server("carol")["state"]["pid"]
    started = time.monotonic()
    _wait(
        "the idle culler", lambda: hub.server("carol") is None, timeout=CULL_TIMEOUT + 45, hub=hub
    )
    hub.figures["culled_after_idle_s"] = round(time.monotonic() - started, 1)
    _wait("carol's process to end", lambda: not Path(f"/proc/{pid}").exists(), timeout=15)
    assert "idle-culler" in hub.tail(400) and "DELETE /hub/api/users/carol/server" in hub.tail(400)


def test_students_land_on_the_lessons_the_one_machine_server_serves(tmp_path):
    """The landing page is read from classroom/serve.py; it must exist in the folder served."""
    if not PROXY.exists():
        pytest.skip("the recipe checks for the proxy first: node/npm absent")
    config = _load_recipe(tmp_path, LESSONS_HUB_PASSWORD=PASSWORD)
    assert config.Spawner.notebook_dir == str(ROOT / "notebooks")
    landing = config.Spawner.default_url
    assert landing.startswith("/voila/render/") and landing.endswith(".ipynb")
    assert (ROOT / "notebooks" / landing.removeprefix("/voila/render/")).is_file()


def test_the_recipe_refuses_to_start_without_a_class_password(tmp_path):
    with pytest.raises(SystemExit, match="LESSONS_HUB_PASSWORD"):
        _load_recipe(tmp_path)


def test_the_recipe_runs_servers_as_root_only_with_allow_root(monkeypatch, tmp_path):
    """jupyter_server refuses root without --allow-root; CI runs as root, a teacher usually not."""
    if not PROXY.exists():
        pytest.skip("the recipe checks for the proxy first: node/npm absent")
    for uid, args in ((0, ["--allow-root"]), (1000, [])):
        monkeypatch.setattr(os, "geteuid", lambda uid=uid: uid)
        config = _load_recipe(tmp_path, LESSONS_HUB_PASSWORD=PASSWORD)
        assert config.Spawner.args == args


def test_every_students_server_shares_the_classs_record(tmp_path):
    """One record for the class (issue #24): a shared SQLite folder in the hub's state, or the
    PostgreSQL the hub was given; never one per student's home folder."""
    if not PROXY.exists():
        pytest.skip("the recipe checks for the proxy first: node/npm absent")
    config = _load_recipe(tmp_path, LESSONS_HUB_PASSWORD=PASSWORD)
    env = config.Spawner.environment
    assert env["LESSONS_DATA_DIR"] == str((tmp_path / "record").resolve())
    assert "LESSONS_DB_URL" not in env
    url = "postgresql+psycopg://lessons@127.0.0.1:5432/lessons"
    config = _load_recipe(
        tmp_path, LESSONS_HUB_PASSWORD=PASSWORD, LESSONS_DB_URL=url, LESSONS_EXPIRE_DAYS="200"
    )
    env = config.Spawner.environment
    assert env["LESSONS_DB_URL"] == url and env["LESSONS_EXPIRE_DAYS"] == "200"
