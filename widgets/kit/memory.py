"""A lesson page's memory: what the learner does here goes to their record (``record/``), and
comes back when they return (a reload, a closed lid, another device, a restarted server).

The learner is a random key in the browser's own storage (:class:`~widgets.kit.browser_store.
BrowserStore`): it reaches the kernel when the page connects, which in a preheated kernel is
long after the notebook ran. So a page's parts (checks, notes, tables) register with
:func:`memory` as they are built, and are given their history once the browser has spoken:
:meth:`Memory.track` calls a part's ``restore(events)`` then (or at once, if the history is
already in). A learner is created only at the first thing worth keeping, so a visitor who only
reads stores nothing.

Writes never block a click: :class:`record.writer.Writer` runs them in a thread. Where there is
no store (the static site for now, ``LESSONS_RECORD=off``, a store that cannot be opened) the
memory is inert and says so (:attr:`Memory.state`); the page works as before.
"""

from __future__ import annotations

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


def store_enabled() -> bool:
    """Whether this kernel keeps records: not in a browser's Python (the static site keeps no
    server-side store) and not when ``LESSONS_RECORD=off``."""
    return sys.platform != "emscripten" and os.environ.get("LESSONS_RECORD", "") != "off"


class Memory:
    """One lesson page's link to the learner's record.

    ``lesson``: the lesson's id without its language (``cnw/01_board_and_battles``), so the
    Italian and the English page of a lesson share one record. ``opener``: how to open the
    store (tests give their own).
    """

    def __init__(
        self, lesson: str, *, opener: Callable[[], Store] | None = None, client: str = ""
    ) -> None:
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
        self._load_history()
        early, self._early = list(self._early), deque(maxlen=EARLY_LIMIT)
        for item, kind, payload in early:
            self.record(item, kind, payload)
        self._changed()

    def _load_history(self) -> None:
        self._history = defaultdict(list)
        if self.learner is not None and self.store is not None:
            for event in self.store.events(self.learner.id, self.lesson):
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
        """The learner, created at the first thing worth keeping (and told to the browser)."""
        if self.state != READY or self.store is None:
            return None
        if self.learner is None:
            try:
                self.learner = self.store.new_learner()
            except RecordError as error:
                self.problem = error.code
                self._changed()
                return None
            self.key = self.learner.key or ""
            if self.bridge is not None:
                self.bridge.remember(self.key, self.learner.code or "", "")
            self.problem = ""
            self._changed()
        return self.learner

    def record(self, item: str, kind: str, payload: dict[str, Any] | None = None) -> None:
        """Keep one event of ``item`` (an attempt, a hint seen, a note, ...), off the click."""
        payload = payload or {}
        if self.state == WAITING:
            self._early.append((item, kind, payload))
            return
        learner = self.ensure_learner()
        if learner is None or self.writer is None or self.store is None:
            return
        self.writer.submit(self.store.record, learner.id, self.lesson, item, kind, payload)

    def note(self, item: str, text: str) -> None:
        """A note being typed: the latest text is kept within ``NOTE_DELAY`` seconds, one write
        for a burst of keystrokes rather than one a key."""
        with self._lock:
            first = item not in self._notes
            self._notes[item] = text[:NOTE_LIMIT]
        if first:
            timer = threading.Timer(NOTE_DELAY, self._write_note, (item,))
            timer.daemon = True
            timer.start()

    def _write_note(self, item: str) -> None:
        with self._lock:
            text = self._notes.pop(item, None)
        if text is not None:
            self.record(item, "note", {"text": text})

    def save_game(self, table: str, text: str) -> None:
        """The table's latest save (seed and actions): a reload resumes at this move."""
        learner = self.ensure_learner()
        if learner is None or self.writer is None or self.store is None:
            return
        self.writer.submit(self.store.put_save, learner.id, self.lesson, table, text)

    def keep_summary(self, summary: dict[str, Any]) -> None:
        """The lesson's score line, for the landing page's progress: kept only for a learner
        who already has a record (a visitor who only reads stays unknown), once per change."""
        if self.learner is None or self.writer is None or self.store is None:
            return
        text = json.dumps(summary, sort_keys=True)
        if text != self._summary:
            self._summary = text
            self.writer.submit(self.store.put_save, self.learner.id, self.lesson, SUMMARY, text)

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
        return found

    def saved_game(self, table: str) -> str | None:
        """The table's save kept in the record, if any (what "continue your game" loads)."""
        if self.learner is None or self.store is None:
            return None
        self.flush()
        return self.store.get_save(self.learner.id, self.lesson, table)

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


_MEMORY: Memory = Memory("")


def memory() -> Memory:
    """This page's memory (an inert one until a lesson starts)."""
    return _MEMORY


def begin(lesson: str, *, opener: Callable[[], Store] | None = None) -> Memory:
    """A new memory for the page of ``lesson``, replacing the kernel's previous one."""
    global _MEMORY
    if _MEMORY.writer is not None:
        _MEMORY.writer.close(5.0)
    _MEMORY = Memory(lesson, opener=opener)
    return _MEMORY
