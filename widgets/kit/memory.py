"""A lesson page's memory: what the learner does here goes to their record (``record/``), and
comes back when they return (a reload, a closed lid, another device, a restarted server).

The learner is a random key in the browser's own storage (:class:`~widgets.kit.browser_store.
BrowserStore`): it reaches the kernel when the page connects, which in a preheated kernel is
long after the notebook ran. So a page's parts (checks, notes, tables) register with
:func:`memory` as they are built, and are given their history once the browser has spoken:
:meth:`Memory.track` calls a part's ``restore(events)`` then (or at once, if the history is
already in). A first visit's learner is made as the browser speaks, in the writer's thread (the
resume code's hash takes tens of milliseconds), so the first answer waits for nothing; reading
a page records no event, and the landing page (``read_only``) makes no learner.

Writes never block a click: :class:`record.writer.Writer` runs them in a thread. Where there is
no store (``LESSONS_RECORD=off``, a store that cannot be opened) the memory is inert and says so
(:attr:`Memory.state`); the page works as before.

On the static site (Python in the browser, no server) :class:`BrowserMemory` keeps the same
records in the browser itself: a store in the page's memory (SQLite through sql.js), filled at
arrival from the export the browser keeps (``BrowserStore.records``), and mirrored back there
after each change. No key, no resume code: the records are this browser's.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import sys
import threading
from collections import defaultdict, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from record.errors import RecordError
from record.writer import Writer
from widgets.lesson_ids import current_summaries, former

if TYPE_CHECKING:  # the store (SQLAlchemy) is imported only where it is used: not on Pyodide
    from record.store import Event, Learner, Store

Restore = Callable[[list["Event"]], None]
Listener = Callable[["Memory"], None]

# what the memory can do now, for the page to say
OFF = "off"  # no store here (static site, LESSONS_RECORD=off, no lesson started)
WAITING = "waiting"  # the browser has not sent its key yet
READY = "ready"  # the browser spoke; the learner (if any yet) is known
BROKEN = "broken"  # the store could not be opened: nothing is kept
EARLY_LIMIT = 200  # events kept while waiting for the browser, at most
NOTE_DELAY = 1.0  # seconds a note's keystrokes are gathered before one write
NOTE_LIMIT = 4000  # characters of a note kept (a page of writing)
SUMMARY = "score"  # the save slot of a lesson's score line (the landing page reads them all)
MIRROR_DELAY = 1.0  # seconds: the browser's copy of the records is written at most this often
# the browser's Python loads these only when a lesson's record opens (not at the page's start)
BROWSER_PACKAGES = ("sqlalchemy",)
# what the static site's memory says went wrong with the browser's own storage (the bar words
# them as common.record.browser.<name>)
UNREADABLE = "browser.unreadable"  # the kept records were damaged or foreign: a fresh start
FULL = "browser.too_large"  # the records no longer fit in the browser's storage
REFUSED = "browser.unavailable"  # the browser refuses to store anything (private mode, off)


def in_browser() -> bool:
    """Whether this Python runs in the learner's browser (the static site, Pyodide)."""
    return sys.platform == "emscripten"


def store_enabled() -> bool:
    """Whether this kernel keeps records on its server: not in a browser's Python (the static
    site keeps them in the browser instead, :class:`BrowserMemory`) and not when
    ``LESSONS_RECORD=off``."""
    return not in_browser() and os.environ.get("LESSONS_RECORD", "") != "off"


def later(delay: float, fn: Callable[[], Any]) -> None:
    """``fn()`` in ``delay`` seconds, off the caller's path: a timer thread on a server, the
    page's own event loop in the browser's Python (which cannot start a thread)."""
    if sys.platform == "emscripten":
        asyncio.get_event_loop().call_later(delay, fn)
        return
    timer = threading.Timer(delay, fn)
    timer.daemon = True
    timer.start()


class Memory:
    """One lesson page's link to the learner's record.

    ``lesson``: the lesson's id without its language (``cnw/01_board_and_dice``), so the
    Italian and the English page of a lesson share one record. ``opener``: how to open the
    store (tests give their own). ``read_only``: the page only reads (the landing page).
    """

    in_browser = False  # the records live on a server (BrowserMemory: in the browser)

    def __init__(
        self,
        lesson: str,
        *,
        opener: Callable[[], Store] | None = None,
        client: str = "",
        read_only: bool = False,
    ) -> None:
        self.read_only = read_only
        self.lesson = lesson
        self._opener = (opener or _open_store) if store_enabled() and lesson else None
        self.state = OFF if self._opener is None else WAITING
        self.problem: str = ""  # a RecordError code the page should show, or ""
        self.problem_details: dict[str, Any] = {}
        self.store: Store | None = None
        self.learner: Learner | None = None
        self.key = ""  # the browser's key, kept to tell the browser store about a new learner
        # who is guessing resume codes, for the store's limit: the browser's key, else this page
        # (never one name for every fresh browser, or one guesser would lock them all out)
        self.client = client or f"page:{secrets.token_hex(8)}"
        self.bridge: Any = None
        self._restorers: dict[str, list[Restore]] = defaultdict(list)
        self._history: dict[str, list[Event]] = {}
        self._early: deque[tuple[str, str, dict[str, Any]]] = deque(maxlen=EARLY_LIMIT)
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        self._notes: dict[str, str] = {}
        self._summary = ""
        self._creating = False  # the writer is creating this page's learner
        self.writer: Writer | None = None

    # ------------------------------------------------------------------ the browser speaks
    def attach(self, bridge: Any) -> None:
        """Listen to the page's browser store (a :class:`BrowserStore` or alike)."""
        self.bridge = bridge
        if self._opener is not None:
            bridge.on_loaded(lambda b: self.arrived(b.key, b.nickname))

    def arrived(self, key: str, nickname: str = "") -> None:
        """The browser's key ("" for a first visit): find the learner, replay their history."""
        if self._opener is None or self.state in (READY, BROKEN):
            return
        try:
            self.store = self._opener()
        except RecordError as error:
            self.state, self.problem = BROKEN, error.code
            self._changed()
            return
        self.writer = Writer(self._failed)
        self.learner = self.store.learner_by_key(key) if key else None
        self.key = key if self.learner is not None else ""
        if key and self.learner is None:
            self.problem = "record.not_found"  # expired or erased: a fresh start
        self.state = READY
        self._write_early()
        self._load_history()
        if self.learner is None and not self.read_only:
            # a first visit gets its learner now, in the writer's thread (the resume code's
            # hash takes tens of milliseconds): the first answer then blocks no click
            self._creating = True
            self.writer.submit(self._create_learner)
        self._changed()

    def _create_learner(self) -> None:
        """The writer's job for a first visit: a learner, whose key and code go to the
        browser. A failure is said on the page; the first answer tries again."""
        try:
            if self.learner is None:
                self._adopt(self.store.new_learner())
        except RecordError as error:
            self.problem = error.code
            self._changed()
        finally:
            self._creating = False

    def _adopt(self, learner: Learner) -> None:
        self.learner = learner
        self.key = learner.key or ""
        if self.bridge is not None:
            self.bridge.remember(self.key, learner.code or "", "")
        self.problem = ""
        self._changed()

    def _write_early(self) -> None:
        """What the learner did before the browser spoke goes into the record first, so that
        the history given back to the page holds it (restoring without it would set those
        checks back to open)."""
        early, self._early = list(self._early), deque(maxlen=EARLY_LIMIT)
        for item, kind, payload in early:
            self.record(item, kind, payload)
        if early:
            self.flush()

    def _load_history(self) -> None:
        self._history = defaultdict(list)
        if self.learner is not None and self.store is not None:
            # a renumbered lesson reads its old ids' events first (widgets/lesson_ids.py)
            for lesson in (*former(self.lesson), self.lesson):
                for event in self.store.events(self.learner.id, lesson):
                    self._history[event.item].append(event)
        for item, restorers in self._restorers.items():
            for restore in restorers:
                restore(list(self._history.get(item, [])))

    # ------------------------------------------------------------------ parts of the page
    def track(self, item: str, restore: Restore) -> None:
        """``restore(events)`` with ``item``'s history once it is known (now, if it is). A part
        built again (a re-run cell) replaces the old one's restorer."""
        self._restorers[item] = [restore]
        if self.state == READY:
            restore(list(self._history.get(item, [])))

    def on_change(self, listener: Listener) -> None:
        """``listener(memory)`` whenever the state, the learner or a problem changes."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    # ------------------------------------------------------------------ keeping things
    def ensure_learner(self) -> Learner | None:
        """The learner: the one the writer is making (waited for), or made now if that failed;
        told to the browser."""
        if self.state != READY or self.store is None:
            return None
        if self._creating:  # the writer is making it (a first visit): wait for it
            self.flush()
        if self.learner is None:
            try:
                self._adopt(self.store.new_learner())
            except RecordError as error:
                self.problem = error.code
                self._changed()
                return None
        return self.learner

    def record(self, item: str, kind: str, payload: dict[str, Any] | None = None) -> None:
        """Keep one event of ``item`` (an attempt, a hint seen, a note, ...), off the click."""
        payload = payload or {}
        if self.state == WAITING:
            self._early.append((item, kind, payload))
            return
        learner = self.ensure_learner()
        if learner is None or self.store is None:
            return
        self._submit(self.store.record, learner.id, self.lesson, item, kind, payload)

    def note(self, item: str, text: str) -> None:
        """A note being typed: the latest text is kept within ``NOTE_DELAY`` seconds, one write
        for a burst of keystrokes rather than one a key."""
        with self._lock:
            first = item not in self._notes
            self._notes[item] = text[:NOTE_LIMIT]
        if first:
            later(NOTE_DELAY, lambda: self._write_note(item))

    def _write_note(self, item: str) -> None:
        with self._lock:
            text = self._notes.pop(item, None)
        if text is not None:
            self.record(item, "note", {"text": text})

    def save_game(self, table: str, text: str) -> None:
        """The table's latest save (seed and actions): a reload resumes at this move."""
        learner = self.ensure_learner()
        if learner is None or self.store is None:
            return
        self._submit(self.store.put_save, learner.id, self.lesson, table, text)

    def keep_summary(self, summary: dict[str, Any]) -> None:
        """The lesson's score line, for the landing page's progress: kept only for a learner
        who already has a record, once per change."""
        if self.learner is None or self.store is None:
            return
        text = json.dumps(summary, sort_keys=True)
        if text != self._summary:
            self._summary = text
            self._submit(self.store.put_save, self.learner.id, self.lesson, SUMMARY, text)

    def _submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """One write, off the click (the writer's thread)."""
        if self.writer is not None:
            self.writer.submit(fn, *args)

    def summaries(self) -> dict[str, dict[str, Any]]:
        """Every lesson's last score line of this learner, by lesson id."""
        if self.learner is None or self.store is None:
            return {}
        self.flush()
        found = {}
        for lesson, text in self.store.saves_of(self.learner.id, SUMMARY).items():
            try:
                value = json.loads(text)
            except ValueError:
                continue
            if isinstance(value, dict):
                found[lesson] = value
        return current_summaries(found)

    def saved_game(self, table: str) -> str | None:
        """The table's save kept in the record, if any (what "continue your game" loads)."""
        if self.learner is None or self.store is None:
            return None
        self.flush()
        for lesson in (self.lesson, *former(self.lesson)):  # a renumbered lesson's old id too
            text = self.store.get_save(self.learner.id, lesson, table)
            if text is not None:
                return text
        return None

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every write submitted so far is done, notes being typed included (tests;
        before a read)."""
        for item in list(self._notes):
            self._write_note(item)
        return self.writer.flush(timeout) if self.writer is not None else True

    def _failed(self, _fn: Callable[..., Any], _args: tuple, error: BaseException) -> None:
        code = error.code if isinstance(error, RecordError) else "record.unavailable"
        with self._lock:
            self.problem = code
        self._changed()

    # ------------------------------------------------------------------ the learner's rights
    def resume(self, code: str) -> bool:
        """Open the record of a resume code (another device): True if found; the page's parts
        are given that learner's history. A wrong code changes nothing."""
        if self.state != READY or self.store is None:
            return False
        self.flush()
        try:
            found = self.store.learner_by_code(code, f"key:{self.key}" if self.key else self.client)
        except RecordError as error:
            self.problem, self.problem_details = error.code, dict(error.details)
            self._changed()
            return False
        if found is None:
            self.problem = "record.not_found"
            self._changed()
            return False
        # this browser gets a key of its own for the found learner (the store keeps only hashes,
        # so the other device's key cannot be handed out, and it keeps working)
        self.learner = self.store.add_key(found.id)
        self.key = self.learner.key or ""
        if self.bridge is not None:
            self.bridge.remember(self.key, self.learner.code or "", self.learner.nickname or "")
        self.problem = ""
        self._load_history()
        self._changed()
        return True

    def nickname(self) -> str | None:
        if self.learner is None or self.store is None:
            return None
        return self.store.nickname(self.learner.id)

    def set_nickname(self, nickname: str) -> str | None:
        """A nickname chosen by the learner (checked by the store; "" clears it)."""
        learner = self.ensure_learner()
        if learner is None or self.store is None:
            raise RecordError("record.unavailable")
        self.flush()
        name = self.store.set_nickname(learner.id, nickname.strip() or None)
        if self.bridge is not None:
            self.bridge.remember(self.key, self.bridge.code, name or "")
        return name

    def export(self) -> dict[str, Any] | None:
        if self.learner is None or self.store is None:
            return None
        self.flush()
        return self.store.export(self.learner.id)

    def import_(self, data: str | bytes) -> dict[str, int]:
        """Merge an exported file into this learner's record (refused whole with a
        :class:`RecordError`), then show it."""
        learner = self.ensure_learner()
        if learner is None or self.store is None:
            raise RecordError("record.unavailable")
        self.flush()
        counts = self.store.import_(learner.id, data)
        self._load_history()
        self._changed()
        return counts

    def forget(self) -> None:
        """Forget me: the learner's records erased on the server and the key in the browser."""
        if self.learner is not None and self.store is not None:
            self.flush()
            self.store.forget(self.learner.id)
        self.learner, self.key = None, ""
        if self.bridge is not None:
            self.bridge.forget()
        self._load_history()
        self._changed()


def _open_store() -> Store:
    """The store the server named (``classroom/serve.py`` sets the environment its kernels
    inherit: ``LESSONS_DATA_DIR``, ``LESSONS_DB_URL``, ``LESSONS_EXPIRE_DAYS``)."""
    from record.store import EXPIRE_DAYS, open_store

    try:
        days = int(os.environ.get("LESSONS_EXPIRE_DAYS", EXPIRE_DAYS))
    except ValueError:
        days = EXPIRE_DAYS
    return open_store(expire_days=days)


class _Serialized:
    """A store whose calls take turns (a page's timers and clicks share its one connection)."""

    def __init__(self, store: Store) -> None:
        self._store, self._lock = store, threading.RLock()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if not callable(value):
            return value

        def call(*args: Any, **kwargs: Any) -> Any:
            with self._lock:
                return value(*args, **kwargs)

        return call


def _open_browser_store() -> Store:
    """The static site's store: SQLite in the page's memory (sql.js in the browser; the
    standard ``sqlite3`` where the tests force this mode on a server's Python)."""
    from record.store import memory_store

    if sys.platform == "emscripten":
        from record import sqljs

        return memory_store(sqljs)
    return memory_store()


def site_root(location: str) -> str | None:
    """The static site's root (no trailing slash) from an address inside it (the kernel's web
    worker's), None when the address is not one."""
    from widgets.assets import _SITE_MARKS

    for mark in _SITE_MARKS:
        if mark in location:
            return location.rsplit(mark, 1)[0]
    return None


async def prepare_browser() -> None:
    """What a lesson's record needs in the browser's Python, loaded when it opens: SQLAlchemy
    (in the site's wheels, not preloaded) and sql.js (``<site>/pyodide/sql-wasm.*``)."""
    import js  # Pyodide's bridge to the browser
    import pyodide_js

    from record import sqljs

    await pyodide_js.loadPackage(list(BROWSER_PACKAGES))
    root = site_root(str(js.location.href))
    if root is None:
        raise RuntimeError(f"not inside the static site: {js.location.href}")
    await sqljs.prepare(f"{root}/pyodide/")


class BrowserMemory(Memory):
    """The static site's memory: the learner's records live in this browser only.

    At arrival the page's store (:func:`record.store.memory_store`, nothing on disk) gets one
    learner, and the export the browser keeps (``BrowserStore.records``) is imported into it; a
    damaged or foreign one is set aside (a fresh start, :data:`UNREADABLE`). The learner counts
    as having a record once something is imported or kept, as on a server. Writes are done at
    once (the store is in memory), and the export is mirrored back to the browser at most every
    :data:`MIRROR_DELAY` seconds and at :meth:`flush`. There is no key and no resume code: to
    move the records, the learner exports them (the same file as a server's) and imports them
    elsewhere. A read-only page (the landing page) reads the kept export and opens no store.
    """

    in_browser = True

    def __init__(
        self,
        lesson: str,
        *,
        opener: Callable[[], Store] | None = None,
        client: str = "",
        read_only: bool = False,
    ) -> None:
        super().__init__(lesson, client=client, read_only=read_only)
        on = bool(lesson) and os.environ.get("LESSONS_RECORD", "") != "off"
        self._opener = (opener or _open_browser_store) if on else None
        self.state = OFF if self._opener is None else WAITING
        self._local: Learner | None = None  # the store's one learner, a record or not yet
        self._read: dict[str, dict[str, Any]] = {}  # a read-only page's summaries
        self._unsaved = False  # the browser's copy is behind the store
        self._mirror_due = False
        self._task: Any = None

    # ------------------------------------------------------------------ the browser speaks
    def attach(self, bridge: Any) -> None:
        self.bridge = bridge
        if self._opener is None:
            return
        bridge.observe(self._storage_said, "problem")
        bridge.observe(self._other_tab, "incoming")
        bridge.on_loaded(lambda _b: self._open())

    def _open(self) -> None:
        if sys.platform != "emscripten" or self.read_only:
            self.arrived()
            return
        self._task = asyncio.ensure_future(self._prepare_then_arrive())

    async def _prepare_then_arrive(self) -> None:
        try:
            await prepare_browser()
        except Exception as exc:  # no SQLAlchemy or no sql.js in this site: nothing can be kept
            self.state, self.problem_details = BROKEN, {"reason": repr(exc)}
            self._changed()
            return
        self.arrived()

    def _other_tab(self, change: dict) -> None:
        """Another tab of the site wrote its records: merge them into this page's store (the
        import keeps what is already here and adds what is not), so that the next copy this
        page writes holds both tabs' answers; write one at once if the other's lacked ours.
        Two tabs that hold the same records stop writing: no tab answers an equal copy."""
        text = change["new"]
        if not text or self.state != READY or self.store is None or self._local is None:
            return
        try:
            added = self.store.import_(self._local.id, text)
        except RecordError:  # the other tab's copy is unreadable: ours stands
            return
        if self.learner is None and any(added.values()):
            self.learner = self._local
        if self.learner is None:
            return
        ours = self.store.export(self.learner.id)
        try:
            theirs = json.loads(text)
        except ValueError:
            return
        if len(ours.get("events", [])) > len(theirs.get("events", [])) or len(
            ours.get("saves", [])
        ) > len(theirs.get("saves", [])):
            self._unsaved = True
            self._mirror()

    def _storage_said(self, change: dict) -> None:
        problem = {"too_large": FULL, "unavailable": REFUSED}.get(change["new"])
        if problem and self.state == READY:
            self.problem = problem
            self._changed()

    def arrived(self, key: str = "", nickname: str = "") -> None:
        """The browser's records ("" for a first visit) into this page's store."""
        if self._opener is None or self.state in (READY, BROKEN):
            return
        bridge = self.bridge
        records = bridge.records if bridge is not None else ""
        said = bridge.problem if bridge is not None else ""
        if said == "corrupt" and not records:  # the page found the kept records unreadable
            self.problem = UNREADABLE
        elif said == "unavailable":
            self.problem = REFUSED
        if self.read_only:
            self._read = self._summaries_in(records)
            self.state = READY
            self._changed()
            return
        try:
            self.store = _Serialized(self._opener())  # type: ignore[assignment]
            self._local = self.store.new_learner()
        except Exception:  # the store could not be made: nothing is kept
            self.state, self.store = BROKEN, None
            self._changed()
            return
        if records:
            try:
                self.store.import_(self._local.id, records)
            except RecordError as error:  # all or nothing: the store's learner is still empty
                self.problem, self.problem_details = UNREADABLE, {"reason": error.code}
            else:
                self.learner = self._local
        self.state = READY
        self._write_early()
        self._load_history()
        self._changed()

    def _summaries_in(self, records: str) -> dict[str, dict[str, Any]]:
        """The lessons' score lines in a kept export, read without a store."""
        if not records:
            return {}
        from record import exchange

        try:
            doc = exchange.parse(records)
        except RecordError:
            self.problem = UNREADABLE
            return {}
        found = {}
        for save in doc.saves:
            if save.table == SUMMARY:
                try:
                    value = json.loads(save.text)
                except ValueError:
                    continue
                if isinstance(value, dict):
                    found[save.lesson] = value
        return current_summaries(found)

    # ------------------------------------------------------------------ keeping things
    def ensure_learner(self) -> Learner | None:
        if self.state != READY or self.store is None or self._local is None:
            return None
        if self.learner is None:
            self.learner = self._local  # a problem with the browser's storage still stands
            self._changed()
        return self.learner

    def _submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """One write, now (the store is in memory), then the browser's copy soon."""
        try:
            fn(*args)
        except RecordError as error:
            self._failed(fn, args, error)
            return
        self._dirty()

    def _dirty(self) -> None:
        self._unsaved = True
        if not self._mirror_due:
            self._mirror_due = True
            later(MIRROR_DELAY, self._mirror_later)

    def _mirror_later(self) -> None:
        self._mirror_due = False
        self._mirror()

    def _mirror(self) -> None:
        """The learner's export into the browser's storage (if it fits: else it says so)."""
        if not self._unsaved or self.learner is None or self.store is None:
            return
        self._unsaved = False
        text = json.dumps(
            self.store.export(self.learner.id), ensure_ascii=False, separators=(",", ":")
        )
        if self.bridge is None:
            return
        self.bridge.records = text
        if self.bridge.records != text:  # over the browser's limit: the previous copy stays
            self.problem = FULL
            self._changed()

    def summaries(self) -> dict[str, dict[str, Any]]:
        if self.read_only:
            return dict(self._read)
        return super().summaries()

    def flush(self, timeout: float = 10.0) -> bool:
        """Notes being typed written, and the browser's copy brought up to date."""
        done = super().flush(timeout)
        self._mirror()
        return done

    # ------------------------------------------------------------------ the learner's rights
    def resume(self, code: str) -> bool:
        """No resume code in a browser: the records move as an exported file."""
        return False

    def set_nickname(self, nickname: str) -> str | None:
        learner = self.ensure_learner()
        if learner is None or self.store is None:
            raise RecordError("record.unavailable")
        name = self.store.set_nickname(learner.id, nickname.strip() or None)
        self._unsaved = True
        self._mirror()
        return name

    def import_(self, data: str | bytes) -> dict[str, int]:
        counts = super().import_(data)
        self._unsaved = True
        self._mirror()
        return counts

    def forget(self) -> None:
        """Forget me: the records erased from this page and from the browser's storage."""
        if self.store is not None and self._local is not None:
            self.store.forget(self._local.id)
            self._local = self.store.new_learner()  # a fresh start, no record yet
        self.learner, self._unsaved = None, False
        if self.problem in (UNREADABLE, FULL):
            self.problem = ""
        if self.bridge is not None:
            self.bridge.forget()
        self._load_history()
        self._changed()


_MEMORY: Memory = Memory("")


def memory() -> Memory:
    """This page's memory (an inert one until a lesson starts)."""
    return _MEMORY


def begin(
    lesson: str, *, opener: Callable[[], Store] | None = None, read_only: bool = False
) -> Memory:
    """A new memory for the page of ``lesson``, replacing the kernel's previous one: the
    server's record, or in the browser's Python the browser's own (:class:`BrowserMemory`)."""
    global _MEMORY
    if _MEMORY.writer is not None:
        _MEMORY.writer.close(5.0)
    kind = BrowserMemory if in_browser() else Memory
    _MEMORY = kind(lesson, opener=opener, read_only=read_only)
    return _MEMORY
