"""Serve the lessons with Voilà: to one visitor (``make run``) or to a class (``make classroom``).

Voilà 0.5.13 as it comes, with what a public demo and a classroom need on top:

- **Only the lessons are public.** Voilà serves ``notebooks/`` (not the repository), so its files,
  render and tree handlers cannot reach the source, ``.git`` or the packaging files; ``/`` and the
  tree redirect to the landing page, the contents API answers 404, and the old addresses
  ``voila/render/notebooks/...`` redirect to the new ones.
- **Kernels end.** Voilà's page asks for its kernel's shutdown when it is closed, but the request
  is refused for want of an ``_xsrf`` cookie that no lesson page sets (voila-dashboards/voila#1458):
  the render handler sets it. Idle kernels with no page connected are culled
  (``MappingKernelManager.cull_*``, defaults in ``voila.json``, overridable here).
- **A visitor cannot start kernels without end**: at most ``--per-visitor`` at a time (visitors
  are told apart by Voilà's anonymous-user cookie) and ``--max-kernels`` in all; past either, a
  page says why, with status 429.
- **Classroom mode** (``--classroom LESSON...``): every lesson of the day gets a pool of preheated
  kernels (Voilà's ``preheat_kernel``), one per student, filled before the class arrives; once a
  lesson's pool is first drawn from, it is refilled only to a reserve, so the server does not
  start thirty new kernels while thirty students are arriving.

    .venv/bin/python classroom/serve.py [--host 127.0.0.1] [--port 8866]
    .venv/bin/python classroom/serve.py --classroom cnw/01_board_and_battles --students 30
"""

from __future__ import annotations

import argparse
import contextvars
import os
import socket
import sys
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LANDING = "voila/render/index.ipynb"
LANDING_IT = "voila/render/it/index.ipynb"  # the Italian landing page (notebooks/it/)
SHARE = ROOT / "share" / "jupyter"
# Voilà finds the lessons' template here even before the package's data files are installed.
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    p for p in (str(SHARE), os.environ.get("JUPYTER_PATH", "")) if p
)

import tornado.web  # noqa: E402
from jupyter_core.paths import jupyter_config_path  # noqa: E402
from jupyter_core.utils import ensure_async  # noqa: E402
from jupyter_server._tz import utcnow  # noqa: E402
from jupyter_server.utils import url_path_join  # noqa: E402
from tornado.ioloop import IOLoop, PeriodicCallback  # noqa: E402
from traitlets import default  # noqa: E402
from voila.app import Voila  # noqa: E402
from voila.static_file_handler import TemplateStaticFileHandler  # noqa: E402
from voila.tornado.contentshandler import VoilaContentsHandler  # noqa: E402
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402
from voila.tornado.treehandler import TornadoVoilaTreeHandler  # noqa: E402


@dataclass
class Ticket:
    """One page being rendered for one visitor; holds its kernel once started."""

    visitor: str
    kernel_id: str | None = None


# the page being rendered in the current request (kernel starts are credited to it)
_TICKET: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar("ticket", default=None)


@dataclass
class Limits:
    """Kernels started for visitors, per visitor, and the caps on them."""

    per_visitor: int
    total: int
    tickets: list[Ticket] = field(default_factory=list)

    def live(self, kernel_manager) -> list[Ticket]:
        self.tickets = [
            t for t in self.tickets if t.kernel_id is None or t.kernel_id in kernel_manager
        ]
        return self.tickets

    def refusal(self, visitor: str, kernel_manager) -> str | None:
        """Why ``visitor`` may not open one more lesson now, or ``None``."""
        live = self.live(kernel_manager)
        mine = sum(t.visitor == visitor for t in live)
        if mine >= self.per_visitor:
            return (
                f"You already have {mine} lessons open on this server, the most one visitor may "
                "have at a time. Close a tab of this site (its lesson ends within seconds), then "
                "reload this page."
            )
        if len(live) >= self.total:
            return (
                f"The server is full: {len(live)} lessons are open. Try again in a few minutes, "
                "when some have been closed."
            )
        return None


def credit(kernel_id: str) -> None:
    """Record that the page being rendered got ``kernel_id``."""
    ticket = _TICKET.get()
    if ticket is not None and ticket.kernel_id is None:
        ticket.kernel_id = kernel_id


REFUSAL_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Too many lessons open</title>
<style>body {{ font-family: sans-serif; max-width: 40em; margin: 4em auto; line-height: 1.5; }}
</style></head>
<body class="lessons-refused"><h1>Too many lessons open</h1><p>{reason}</p>
<p><a href="{landing}">Back to the list of lessons</a></p></body></html>
"""


class LessonHandler(TornadoVoilaHandler):
    """Voilà's render handler: sets the ``_xsrf`` cookie the page's shutdown beacon returns, and
    refuses a lesson past the caps."""

    @tornado.web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018  (reading it sets the _xsrf cookie)
        if not path or not path.endswith(".ipynb"):
            return await super().get(path)  # a file: Voilà redirects it to voila/files/
        limits: Limits = self.settings["lesson_limits"]
        visitor = self.current_user.username if self.current_user else self.request.remote_ip
        reason = limits.refusal(visitor, self.kernel_manager)
        if reason:
            self.set_status(429)
            self.set_header("Content-Type", "text/html")
            self.set_header("Retry-After", "60")
            landing = url_path_join(self.base_url, LANDING)
            self.finish(REFUSAL_PAGE.format(reason=escape(reason), landing=escape(landing)))
            return
        ticket = Ticket(visitor)
        limits.tickets.append(ticket)
        token = _TICKET.set(ticket)
        try:
            await super().get(path)
        finally:
            _TICKET.reset(token)
            if ticket.kernel_id is None:  # no kernel started (missing notebook, error)
                limits.tickets.remove(ticket)


class NotFound(tornado.web.RequestHandler):
    """The listing handlers a public demo does not have."""

    def prepare(self):
        raise tornado.web.HTTPError(404)


class TemplateStatic(TemplateStaticFileHandler):
    """Voilà's template static files, with a 404 (not an assertion's 500) for a path that is not
    ``<template>/static/<file>``."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.replace("\\", "/").split("/")
        if len(parts) < 3 or parts[1] != "static" or ".." in parts or "" in (parts[0], parts[-1]):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)


def _moved(url: str) -> dict:
    return {"url": url, "permanent": False}


class LessonsVoila(Voila):
    """Voilà serving ``notebooks/`` with the handlers above."""

    name = "voila"  # reads voila.json like Voilà itself
    per_visitor = 4
    max_kernels = 60
    pools: dict[str, int] = {}  # noqa: RUF012  notebook path -> warm kernels at start
    reserve = 0
    overrides: dict = {}  # noqa: RUF012  Class -> {trait: value}, applied over the config files

    @default("config_file_paths")
    def _config_file_paths_default(self):
        return [str(ROOT), *jupyter_config_path()]

    def initialize(self, argv=None):
        super().initialize(argv)
        for section, values in self.overrides.items():
            for trait, value in values.items():
                self.config[section][trait] = value
        if self.pools:
            self.voila_configuration.preheat_kernel = True
            self.voila_configuration.default_pool_size = 0
            pools = {"default": {"pool_size": 0}}
            pools.update({nb: {"pool_size": n} for nb, n in self.pools.items()})
            self.config.VoilaKernelManager.kernel_pools_config = pools

    def init_settings(self):
        settings = super().init_settings()
        settings["lesson_limits"] = Limits(self.per_visitor, self.max_kernels)
        km = self.kernel_manager
        start_kernel = km.start_kernel

        async def start_and_credit(*args, **kwargs):
            kernel_id = await ensure_async(start_kernel(*args, **kwargs))
            credit(kernel_id)
            return kernel_id

        km.start_kernel = start_and_credit  # Voilà's handler calls the instance's attribute
        if self.pools:
            rendered = km.get_rendered_notebook
            reserve = self.reserve

            async def pooled_and_credit(notebook_name, *args, **kwargs):
                # the first student of a lesson: from now on refill only to the reserve
                config = km.kernel_pools_config.get(notebook_name)
                if config is not None:
                    config["pool_size"] = min(config["pool_size"], reserve)
                result = await rendered(notebook_name, *args, **kwargs)
                credit(result[2])
                # it waited in the pool, idle and protected from the culler; now that it has
                # left the pool, its idle time starts now, or the culler would end it before
                # the student's page connects to it
                km.get_kernel(result[2]).last_activity = utcnow()
                return result

            km.get_rendered_notebook = pooled_and_credit
        return settings

    def init_handlers(self):
        landing = url_path_join(self.base_url, LANDING)
        render = url_path_join(self.base_url, "voila/render/")
        ours = [
            (self.server_url, tornado.web.RedirectHandler, _moved(landing)),
            (url_path_join(self.server_url, r"/voila/tree.*"), tornado.web.RedirectHandler,
             _moved(landing)),
            (url_path_join(self.server_url, r"/voila/api/contents.*"), NotFound),
            (url_path_join(self.server_url, r"/voila/render/notebooks/(.*)"),
             tornado.web.RedirectHandler, _moved(render + "{0}")),
        ]  # fmt: skip
        theirs = []
        for pattern, handler, *rest in super().init_handlers():
            if handler in (TornadoVoilaTreeHandler, VoilaContentsHandler):
                continue
            if handler is TornadoVoilaHandler:
                handler = LessonHandler
            if handler is TemplateStaticFileHandler:
                handler = TemplateStatic
            theirs.append((pattern, handler, *rest))
        return ours + theirs

    def listen(self):
        if self.pools:
            self._report_pools()
        super().listen()

    def _report_pools(self) -> None:
        """Say once when every lesson's warm kernels are ready."""
        km = self.kernel_manager

        def rendered(task) -> bool:
            """The kernel started and the notebook ran in it."""
            if not task.done():
                return False
            try:
                return task.result()["task"].done()
            except Exception:  # a kernel that failed to start is not waited for
                return True

        def check() -> None:
            pools = {nb: km._pools.get(nb, []) for nb in self.pools}
            if all(rendered(task) for pool in pools.values() for task in pool):
                ready = ", ".join(f"{len(p)} for {nb}" for nb, p in pools.items())
                print(f"\n  Warm kernels ready: {ready}. Students may come in.\n", flush=True)
                callback.stop()

        callback = PeriodicCallback(check, 2000)
        IOLoop.current().add_callback(callback.start)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return socket.gethostbyname(socket.gethostname())


def lesson_path(name: str, root: Path = NOTEBOOKS) -> str:
    """``cnw/01_board_and_battles`` (or with .ipynb, or with notebooks/) as Voilà names it."""
    name = name.strip().removeprefix("notebooks/")
    name = name if name.endswith(".ipynb") else name + ".ipynb"
    if not (root / name).is_file():
        raise SystemExit(f"no lesson {root / name}")
    return name


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default=None, help="127.0.0.1 (default) or 0.0.0.0 for a LAN")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument(
        "--classroom",
        nargs="+",
        metavar="LESSON",
        default=[],
        help="lessons of the day (paths under notebooks/, .ipynb optional)",
    )
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument(
        "--reserve",
        type=int,
        default=None,
        help="warm kernels kept per lesson once the class has arrived "
        "(default: a sixth of the students, at least 2)",
    )
    parser.add_argument("--per-visitor", type=int, default=4)
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=None,
        help="lessons open at once in all (default 60; classroom: 3 per student)",
    )
    parser.add_argument(
        "--cull-idle",
        type=float,
        default=None,
        help="seconds before an idle kernel with no page open is shut down (default: voila.json)",
    )
    parser.add_argument("--cull-interval", type=float, default=None)
    parser.add_argument(
        "--fill-delay",
        type=float,
        default=10.0,
        help="seconds before a used warm kernel is replaced (after the class has come in)",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=NOTEBOOKS,
        help="folder of notebooks to serve (tests serve a folder of their own)",
    )
    parser.add_argument("--log-level", default="INFO")
    return parser.parse_args(argv)  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    classroom = [lesson_path(n, args.root) for n in args.classroom]
    host = args.host or ("0.0.0.0" if classroom else "127.0.0.1")
    LessonsVoila.per_visitor = args.per_visitor
    LessonsVoila.max_kernels = args.max_kernels or (3 * args.students if classroom else 60)
    LessonsVoila.pools = {nb: args.students for nb in classroom}
    LessonsVoila.reserve = args.reserve if args.reserve is not None else max(2, args.students // 6)
    culling = {}
    if args.cull_idle is not None:
        culling["cull_idle_timeout"] = int(args.cull_idle)
    if args.cull_interval is not None:
        culling["cull_interval"] = int(args.cull_interval)
    LessonsVoila.overrides = {
        "MappingKernelManager": culling,
        "VoilaKernelManager": {"fill_delay": args.fill_delay},
        # kernels talk to the server over Unix sockets, not TCP ports: thirty kernels starting
        # at once on a busy machine otherwise race for free ports and some fail to bind
        "KernelManager": {"transport": "ipc"} if os.name == "posix" else {},
    }
    shown = lan_address() if host in ("0.0.0.0", "") else host
    base = f"http://{shown}:{args.port}/"
    print("", flush=True)
    if classroom:
        where = (
            "on the LOCAL NETWORK (0.0.0.0): every machine that can reach this one may open the "
            "lessons"
            if host in ("0.0.0.0", "")
            else f"on {host} only"
        )
        print(f"  Classroom mode, serving {where}.", flush=True)
        print(f"  {args.students} warm kernels per lesson are starting; students open:", flush=True)
        for nb in classroom:
            print(f"    {base}voila/render/{nb}", flush=True)
        print(f"  Landing pages: {base}{LANDING_IT} (italiano)", flush=True)
        print(f"                 {base}{LANDING} (English)", flush=True)
    else:
        print(f"  Lezioni in italiano: {base}{LANDING_IT}", flush=True)
        print(f"  Lessons in English:  {base}{LANDING}", flush=True)
    print("  (Ctrl-C stops the server)\n", flush=True)
    LessonsVoila.launch_instance(
        [
            "--no-browser",
            f"--port={args.port}",
            f"--Voila.ip={host}",
            "--Voila.port_retries=0",
            f"--Voila.log_level={args.log_level}",
            str(args.root.resolve()),
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
