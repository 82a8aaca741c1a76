"""Serve the lessons with Voilà: to one visitor (``make run``) or to a class (``make classroom``).

Voilà 0.5.13 as it comes, with what a public demo and a classroom need on top:

- **Only the lessons are public.** Voilà serves ``notebooks/`` (not the repository), so its files,
  render and tree handlers cannot reach the source, ``.git`` or the packaging files; ``/`` and the
  tree redirect to the landing page, the contents API answers 404, and the old addresses
  ``voila/render/notebooks/...`` redirect to the new ones.
- **Kernels end.** Voilà's page asks for its kernel's shutdown when it is closed, but the request
  is refused for want of an ``_xsrf`` cookie that no lesson page sets (voila-dashboards/voila#1458):
  the render handler sets it. Idle kernels with no page connected are culled
  (``MappingKernelManager.cull_*``, defaults in ``voila.json``, overridable here). A kernel whose
  page was sent but that no page connects to within ``--claim-timeout`` seconds (a script, a
  prefetch) ends then, not ten minutes later.
- **A visitor cannot start kernels without end**: at most ``--per-visitor`` at a time (visitors
  are told apart by Voilà's anonymous-user cookie), ``--per-address`` from one client address
  (a client that drops the cookie is a new visitor at every request; behind a reverse proxy,
  ``--trusted-proxy`` names it and its ``X-Forwarded-For`` counts) and ``--max-kernels`` in all
  (by default what fits in 70 % of the memory); past any, a page says why in the lesson's
  language, with status 429. A reload, or a lesson asked again whose old page is gone, replaces
  its old kernel instead of being counted beside it.
- **Classroom mode** (``--classroom LESSON...``): every lesson of the day gets a pool of preheated
  kernels (Voilà's ``preheat_kernel``), one per student, filled before the class arrives; once a
  lesson's pool is first drawn from, it is refilled only to a reserve, so the server does not
  start thirty new kernels while thirty students are arriving.

    .venv/bin/python classroom/serve.py [--host 127.0.0.1] [--port 8866]
    .venv/bin/python classroom/serve.py --classroom cnw/01_board_and_dice --students 30
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
    address: str = ""
    path: str = ""
    kernel_id: str | None = None


# the page being rendered in the current request (kernel starts are credited to it)
_TICKET: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar("ticket", default=None)

KERNEL_MB = 110  # a lesson's kernel, measured with 30 students (104-113 MB)
MEMORY_SHARE = 0.7  # of the machine's memory, for kernels: the rest for the server, the system


def memory_cap(kernel_mb: float = KERNEL_MB, share: float = MEMORY_SHARE) -> tuple[int, float]:
    """How many kernels fit in ``share`` of this machine's memory, and that memory in GiB; 60
    where the memory cannot be read (not POSIX)."""
    try:
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return 60, 0.0
    return max(1, int(share * total / 2**20 / kernel_mb)), total / 2**30


@dataclass
class Limits:
    """Kernels started for visitors, per visitor, per client address, and the caps on them.

    ``per_address`` (0: none) holds the door of a public demo against a client that drops the
    visitor cookie and so is a new visitor at every request; it is sized so that a class coming
    in through one school address still gets in."""

    per_visitor: int
    total: int
    per_address: int = 0
    tickets: list[Ticket] = field(default_factory=list)

    def live(self, kernel_manager) -> list[Ticket]:
        self.tickets = [
            t for t in self.tickets if t.kernel_id is None or t.kernel_id in kernel_manager
        ]
        return self.tickets

    def refusal(
        self, visitor: str, kernel_manager, address: str = "", path: str = ""
    ) -> tuple[str, int] | None:
        """Why ``visitor`` (from ``address``) may not open one more lesson now, as a code and
        the count that refuses it, or ``None``."""
        live = self.live(kernel_manager)
        mine = sum(t.visitor == visitor for t in live)
        if mine >= self.per_visitor:
            return "per_visitor", mine
        if self.per_address and address:
            here = sum(t.address == address for t in live)
            if here >= self.per_address:
                return "per_address", here
        if len(live) >= self.total:
            return "full", len(live)
        return None

    def replaced(self, visitor: str, path: str, kernel_manager, reload: bool) -> str | None:
        """The kernel of the page that ``visitor`` asks for again, which the new page replaces
        instead of being counted beside it: on a reload, their oldest page of ``path``;
        otherwise only one whose page is gone (no connection: a closed lid, a crashed tab), so
        that a second tab of a lesson never ends the first one's."""
        connections = getattr(kernel_manager, "_kernel_connections", {})
        for t in self.live(kernel_manager):
            if t.visitor != visitor or t.path != path or t.kernel_id is None:
                continue
            if reload or connections.get(t.kernel_id, 0) == 0:
                return t.kernel_id
        return None


def is_reload(cache_control: str | None) -> bool:
    """Browsers ask for a page again with ``Cache-Control: max-age=0`` (or ``no-cache`` on a
    hard reload); a link or a new tab sends neither."""
    value = (cache_control or "").replace(" ", "").lower()
    return "max-age=0" in value or "no-cache" in value


def credit(kernel_id: str) -> None:
    """Record that the page being rendered got ``kernel_id``."""
    ticket = _TICKET.get()
    if ticket is not None and ticket.kernel_id is None:
        ticket.kernel_id = kernel_id


# The refusal page in the language of the lesson asked for (notebooks/it/ is Italian); each
# reason has its words for one lesson and for more.
REFUSALS = {
    "en": {
        "title": "Too many lessons open",
        "per_visitor": (
            "You already have a lesson open on this server, the most one visitor may have at a "
            "time. Close that tab (its lesson ends within seconds), then reload this page.",
            "You already have {n} lessons open on this server, the most one visitor may have at "
            "a time. Close a tab of this site (its lesson ends within seconds), then reload "
            "this page.",
        ),
        "per_address": (
            "A lesson is already open from your network, the most one address may have at a "
            "time. Try again in a minute: pages that nobody opened close by themselves.",
            "{n} lessons are already open from your network, the most one address may have at "
            "a time. Try again in a minute: pages that nobody opened close by themselves.",
        ),
        "full": (
            "The server is full: a lesson is open, the most it holds. Try again in a few minutes.",
            "The server is full: {n} lessons are open. Try again in a few minutes, when some "
            "have been closed.",
        ),
        "back": "Back to the list of lessons",
    },
    "it": {
        "title": "Troppe lezioni aperte",
        "per_visitor": (
            "Hai già una lezione aperta su questo server: è il massimo per un solo visitatore. "
            "Chiudi quella scheda (la sua lezione termina in pochi secondi), poi ricarica "
            "questa pagina.",
            "Hai già {n} lezioni aperte su questo server: è il massimo per un solo visitatore. "
            "Chiudi una scheda di questo sito (la sua lezione termina in pochi secondi), poi "
            "ricarica questa pagina.",
        ),
        "per_address": (
            "Dalla tua rete è già aperta una lezione: è il massimo per un solo indirizzo. "
            "Riprova fra un minuto: le pagine che nessuno ha aperto si chiudono da sole.",
            "Dalla tua rete sono già aperte {n} lezioni: è il massimo per un solo indirizzo. "
            "Riprova fra un minuto: le pagine che nessuno ha aperto si chiudono da sole.",
        ),
        "full": (
            "Il server è pieno: è aperta una lezione, il massimo che regge. Riprova fra "
            "qualche minuto.",
            "Il server è pieno: sono aperte {n} lezioni. Riprova fra qualche minuto, quando "
            "alcune saranno state chiuse.",
        ),
        "back": "Torna all'elenco delle lezioni",
    },
}

REFUSAL_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ font-family: sans-serif; max-width: 40em; margin: 4em auto; padding: 0 1em;
line-height: 1.5; }}</style></head>
<body class="lessons-refused"><h1>{title}</h1><p>{reason}</p>
<p><a href="{landing}">{back}</a></p></body></html>
"""


def page_language(path: str) -> str:
    """The language of a lesson's page: Italian under ``it/``, English elsewhere."""
    return "it" if path.replace("\\", "/").lstrip("/").startswith("it/") else "en"


def refusal_page(code: str, n: int, path: str, base_url: str) -> str:
    lang = page_language(path)
    words = REFUSALS[lang]
    landing = url_path_join(base_url, LANDING_IT if lang == "it" else LANDING)
    return REFUSAL_PAGE.format(
        lang=lang,
        title=escape(words["title"]),
        reason=escape(words[code][n != 1].format(n=n)),
        landing=escape(landing),
        back=escape(words["back"]),
    )


def client_address(peer: str, forwarded: str | None, trusted: frozenset[str]) -> str:
    """The visitor's address: the peer's, or, when the peer is a trusted reverse proxy, the
    rightmost address in ``X-Forwarded-For`` that is not one of the trusted proxies (what the
    proxy itself saw; the entries left of it are the client's word and can be forged)."""
    if peer not in trusted or not forwarded:
        return peer
    for hop in reversed([h.strip() for h in forwarded.split(",")]):
        if hop and hop not in trusted:
            return hop
    return peer


class LessonHandler(TornadoVoilaHandler):
    """Voilà's render handler: sets the ``_xsrf`` cookie the page's shutdown beacon returns,
    refuses a lesson past the caps in the page's language, lets a page asked again replace its
    old kernel, and ends a kernel whose page never connects."""

    @tornado.web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018  (reading it sets the _xsrf cookie)
        if not path or not path.endswith(".ipynb"):
            return await super().get(path)  # a file: Voilà redirects it to voila/files/
        limits: Limits = self.settings["lesson_limits"]
        visitor = self.current_user.username if self.current_user else self.request.remote_ip
        address = client_address(
            self.request.remote_ip,
            self.request.headers.get("X-Forwarded-For"),
            self.settings["lesson_trusted_proxies"],
        )
        refused = limits.refusal(visitor, self.kernel_manager, address, path)
        reload = is_reload(self.request.headers.get("Cache-Control"))
        old = limits.replaced(visitor, path, self.kernel_manager, reload) if refused else None
        if old is not None:  # a reload, or a page that is gone: the new page takes its place
            self.log.info("Kernel %s replaced by a new page of %s for its visitor", old, path)
            await ensure_async(self.kernel_manager.shutdown_kernel(old))
            refused = limits.refusal(visitor, self.kernel_manager, address, path)
        if refused:
            self.set_status(429)
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.set_header("Retry-After", "60")
            self.finish(refusal_page(*refused, path, self.base_url))
            return
        ticket = Ticket(visitor, address, path)
        limits.tickets.append(ticket)
        token = _TICKET.set(ticket)
        try:
            await super().get(path)
        finally:
            _TICKET.reset(token)
            if ticket.kernel_id is None:  # no kernel started (missing notebook, error)
                limits.tickets.remove(ticket)
            else:
                self.settings["lesson_claims"].expect(ticket.kernel_id)


class Claims:
    """Kernels whose page was sent and that no page has connected to yet. A page that loads
    connects within seconds (10-26 s measured on a busy 2-core server); a kernel still
    unclaimed after ``timeout`` belongs to a request nobody will open (a script, a prefetch, a
    tab closed while loading) and ends, instead of holding memory until the idle culler."""

    def __init__(self, kernel_manager, timeout: float, log) -> None:
        self.km, self.timeout, self.log = kernel_manager, timeout, log
        self.claimed: set[str] = set()
        notify = kernel_manager.notify_connect

        def notify_connect(kernel_id):
            self.claimed.add(kernel_id)
            return notify(kernel_id)

        kernel_manager.notify_connect = notify_connect  # the websocket calls the instance's

    def expect(self, kernel_id: str) -> None:
        if kernel_id in self.claimed:  # connected already
            self.claimed.discard(kernel_id)
        elif self.timeout > 0:
            IOLoop.current().call_later(self.timeout, self._check, kernel_id)

    async def _check(self, kernel_id: str) -> None:
        if kernel_id in self.claimed:
            self.claimed.discard(kernel_id)  # it did its job; the culler watches it from now on
            return
        if kernel_id not in self.km:
            return
        self.log.info(
            "Kernel %s: no page connected within %.0f s of its page; shutting it down",
            kernel_id,
            self.timeout,
        )
        try:
            await ensure_async(self.km.shutdown_kernel(kernel_id))
        except Exception as exc:  # already gone, or ending: nothing left to do
            self.log.debug("Kernel %s could not be shut down: %s", kernel_id, exc)


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
    per_address = 0
    max_kernels = 60
    claim_timeout = 45.0
    trusted_proxies: frozenset[str] = frozenset()
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
        settings["lesson_limits"] = Limits(self.per_visitor, self.max_kernels, self.per_address)
        settings["lesson_trusted_proxies"] = self.trusted_proxies
        km = self.kernel_manager
        settings["lesson_claims"] = Claims(km, self.claim_timeout, self.log)
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
    """``cnw/01_board_and_dice`` (or with .ipynb, or with notebooks/) as Voilà names it."""
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
        "--per-address",
        type=int,
        default=None,
        help="lessons open at once from one client address (default 40, enough for a class "
        "coming in through one school address; 0 for no limit; classroom mode: none)",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front of this server (repeatable): requests from it are "
        "counted by the client address it puts in X-Forwarded-For",
    )
    parser.add_argument(
        "--claim-timeout",
        type=float,
        default=45.0,
        help="seconds after its page was sent before a kernel no page connected to ends "
        "(default 45; 0 keeps it until the idle culler)",
    )
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=None,
        help="lessons open at once in all (default: what fits in 70%% of this machine's "
        f"memory at {KERNEL_MB} MB a lesson; classroom: at most 3 per student)",
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
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="folder of the learners' record, one SQLite file (default: $LESSONS_DATA_DIR, "
        "else ~/.local/share/game-lessons)",
    )
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="keep the learners' record in PostgreSQL instead (postgresql+psycopg://...; "
        "default: $LESSONS_DB_URL)",
    )
    parser.add_argument(
        "--expire-days",
        type=int,
        default=365,
        help="days after a learner's last visit before their record is erased (default 365)",
    )
    parser.add_argument(
        "--no-record", action="store_true", help="keep nothing of what the learners do"
    )
    parser.add_argument("--log-level", default="INFO")
    return parser.parse_args(argv)  # fmt: skip


def open_record(args: argparse.Namespace) -> str:
    """Point the kernels at the learners' record (they inherit this environment), open it once
    so that its schema is migrated and expired learners erased before anyone comes, and say
    where it is. A record this code cannot use stops the server with the reason."""
    if args.no_record:
        os.environ["LESSONS_RECORD"] = "off"
        return "not kept (--no-record): every reload starts from zero"
    os.environ.pop("LESSONS_RECORD", None)
    if args.db:
        os.environ["LESSONS_DB_URL"] = args.db
    if args.data is not None:
        os.environ["LESSONS_DATA_DIR"] = str(args.data.expanduser().resolve())
        if not args.db:  # --data means SQLite there, whatever the environment said
            os.environ.pop("LESSONS_DB_URL", None)
    os.environ["LESSONS_EXPIRE_DAYS"] = str(args.expire_days)
    from sqlalchemy.engine import make_url

    from record.errors import RecordError
    from record.store import default_data_dir, open_store

    try:
        open_store(expire_days=args.expire_days).close()
    except RecordError as error:
        raise SystemExit(f"the learners' record cannot be used: {error}") from error
    if url := os.environ.get("LESSONS_DB_URL"):
        shown = make_url(url).render_as_string(hide_password=True)
    else:
        shown = f"SQLite in {default_data_dir()}"
    return f"{shown}, erased {args.expire_days} days after a learner's last visit"


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    classroom = [lesson_path(n, args.root) for n in args.classroom]
    host = args.host or ("0.0.0.0" if classroom else "127.0.0.1")
    LessonsVoila.per_visitor = args.per_visitor
    fits, memory = memory_cap()
    if args.max_kernels:
        LessonsVoila.max_kernels, why = args.max_kernels, "--max-kernels"
    elif classroom:
        LessonsVoila.max_kernels = min(fits, 3 * args.students)
        why = f"3 per student, within 70 % of {memory:.1f} GiB at {KERNEL_MB} MB a lesson"
    else:
        LessonsVoila.max_kernels = fits
        why = f"70 % of {memory:.1f} GiB of memory at {KERNEL_MB} MB a lesson"
    # classroom mode serves a class on its own network: no per-address door there
    per_address = args.per_address if args.per_address is not None else 40
    LessonsVoila.per_address = 0 if classroom else per_address
    LessonsVoila.claim_timeout = args.claim_timeout
    LessonsVoila.trusted_proxies = frozenset(args.trusted_proxy)
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
    record = open_record(args)
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
    door = f", {LessonsVoila.per_address} per address" if LessonsVoila.per_address else ""
    print(
        f"  Up to {LessonsVoila.max_kernels} lessons open at once ({why}), "
        f"{args.per_visitor} per visitor{door}.",
        flush=True,
    )
    print(f"  Learners' record: {record}.", flush=True)
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
