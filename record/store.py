"""The learner's record behind one API: SQLite in one file by default, PostgreSQL by URL.

A ``Store`` knows no game, no widget and no language: it takes and returns plain data and
refuses with a :class:`RecordError` code. Every write is one short transaction, retried a
bounded number of times while the database is busy (SQLite's lock, PostgreSQL's serialization
failures or a dropped connection), then refused with ``record.unavailable``. On SQLite a write
takes the write lock at its start (``BEGIN IMMEDIATE``), so it waits for its turn under
``busy_timeout`` instead of failing halfway; readers never wait (WAL).
"""

from __future__ import annotations

import math
import os
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    delete,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.pool import StaticPool

from record import exchange, fields, identity
from record.errors import RecordError
from record.schema import events, guesses, learner_keys, learners, metadata, saves

T = TypeVar("T")

DB_FILE = "record.sqlite3"
APP_DIR = "game-lessons"
EXPIRE_DAYS = 365
# Resume-code guesses: this many failures per client in this window, then record.throttled.
GUESS_LIMIT = 10
GUESS_WINDOW = timedelta(minutes=10)
# A learner's "last seen" is written at most this often (a write per event would be waste).
SEEN_EVERY = timedelta(hours=1)
# Browser keys a learner may hold (one a device); past this, the least recently seen goes, so
# typing the code again and again never grows a learner's keys without end.
KEYS_PER_LEARNER = 20
BUSY_TIMEOUT_MS = 5_000  # SQLite waits this long for the write lock, each attempt
ATTEMPTS = 8  # attempts of one transaction before record.unavailable
BACKOFF_S = 0.05  # first pause between attempts, doubled each time (at most 1 s), jittered


def utcnow() -> datetime:
    """Now, as stored: naive UTC (tests replace it to move the clock)."""
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class Learner:
    """A learner as the widgets see one. ``key`` (for the browser) is set only by
    :meth:`Store.new_learner` and :meth:`Store.add_key`, ``code`` (``ABCD-EFGH``, for paper)
    only by :meth:`Store.new_learner`: the store keeps hashes of them."""

    id: int
    nickname: str | None
    key: str | None = None
    code: str | None = None


@dataclass(frozen=True)
class Event:
    """One entry of a lesson's history; ``at`` is aware, in UTC."""

    lesson: str
    item: str
    kind: str
    payload: dict[str, Any]
    at: datetime


def default_data_dir() -> Path:
    """``$LESSONS_DATA_DIR``, else the per-user data folder (``~/.local/share/game-lessons``)."""
    if env := os.environ.get("LESSONS_DATA_DIR"):
        return Path(env).expanduser()
    try:
        from platformdirs import user_data_dir
    except ImportError:
        return Path.home() / ".local" / "share" / APP_DIR
    return Path(user_data_dir(APP_DIR, appauthor=False))


def _sqlite_file(data_dir: Path) -> str:
    """The database file in ``data_dir``, created private to this user (people's data)."""
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = data_dir / DB_FILE
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))  # -wal and -shm copy its mode
    return f"sqlite:///{path}"


def open_store(
    url: str | None = None, *, data_dir: Path | None = None, expire_days: int = EXPIRE_DAYS
) -> Store:
    """The record store, migrated to this code's schema and with expired learners erased.

    Where: ``url`` if given; else SQLite in ``data_dir`` if given; else ``$LESSONS_DB_URL``
    (a PostgreSQL URL on a JupyterHub, where a class spans many servers); else SQLite in
    :func:`default_data_dir`. Explicit arguments win over the environment.
    """
    if url is None:
        env = os.environ.get("LESSONS_DB_URL")
        if data_dir is not None or not env:
            url = _sqlite_file(Path(data_dir) if data_dir is not None else default_data_dir())
        else:
            url = env
    store = Store(url, expire_days=expire_days)
    try:
        store.migrate()
        store.expire()
    except BaseException:
        store.close()
        raise
    return store


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            raise RecordError("record.backend_unsupported", backend="sqlite-memory")
        engine = create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        _sqlite_transactions(
            engine,
            f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = NORMAL",
        )
        return engine
    if backend == "postgresql":
        # psycopg 3 whatever driver the URL named; one kept connection a kernel (a class on a
        # hub opens many kernels), a few more while busy; a dead one is noticed before use.
        # No statement waits long for a lock: the write is tried again instead.
        return create_engine(
            parsed.set(drivername="postgresql+psycopg"),
            pool_size=1,
            max_overflow=4,
            pool_pre_ping=True,
            connect_args={"connect_timeout": 10, "options": "-c lock_timeout=5000"},
        )
    raise RecordError("record.backend_unsupported", backend=backend)


def _sqlite_transactions(engine: Engine, *pragmas: str) -> None:
    """SQLite's transactions as the store wants them: its foreign keys on, ``pragmas`` sent at
    each connection, and our own BEGIN (pysqlite's comes too late and never as IMMEDIATE)."""

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record) -> None:
        dbapi_conn.isolation_level = None
        cursor = dbapi_conn.cursor()
        for pragma in (*pragmas, "PRAGMA foreign_keys = ON"):
            cursor.execute(pragma)
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("record_write")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def memory_store(dbapi: Any = None) -> Store:
    """A store in this process's memory (no file), its tables made from :mod:`record.schema`
    rather than by the migrations (Alembic and its templates are not needed; the tests check the
    two schemas are the same). Its learners get no resume code: there is no server to resume
    on, and the browser's Python has no scrypt. ``dbapi``: the SQLite driver, ``sqlite3`` by
    default; on the static site :mod:`record.sqljs`, SQLite compiled for the browser. Gone with
    the process: the static site mirrors each learner's export in the browser's storage."""
    options: dict[str, Any] = {"poolclass": StaticPool}  # one connection: one database
    if dbapi is not None:
        options["module"] = dbapi
    engine = create_engine("sqlite://", connect_args={"check_same_thread": False}, **options)
    _sqlite_transactions(engine)
    metadata.create_all(engine)
    return Store("sqlite://", engine=engine, codes=False)


def _id(learner_id: object) -> int:
    """A learner id as the database compares it; anything else is no one's."""
    if not isinstance(learner_id, int) or isinstance(learner_id, bool):
        raise RecordError("record.not_found")
    return learner_id


def _transient(exc: DBAPIError, backend: str) -> bool:
    """Worth another attempt: SQLite busy or locked; on PostgreSQL any operational error
    (serialization failure, deadlock, a connection lost or refused)."""
    if backend == "sqlite":
        message = str(exc.orig).lower()
        return "locked" in message or "busy" in message
    return isinstance(exc, OperationalError) or exc.connection_invalidated


class Store:
    """The record of every learner of one database. Thread-safe; one per process is enough."""

    def __init__(
        self,
        url: str,
        *,
        expire_days: int = EXPIRE_DAYS,
        engine: Engine | None = None,
        codes: bool = True,
    ) -> None:
        if not isinstance(expire_days, int) or expire_days < 1:
            raise RecordError("record.invalid", field="expire_days", reason="range")
        self.expire_days = expire_days
        # codes=False: learners without a resume code (memory_store)
        self.codes = codes
        self._engine = engine if engine is not None else _engine(url)
        self.backend: str = self._engine.dialect.name
        self.url = self._engine.url.render_as_string(hide_password=True)

    # -- plumbing ---------------------------------------------------------------------------

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def migrate(self) -> None:
        """Bring the schema to head; ``record.db_newer`` for a database newer than this code."""
        from record import migrate  # Alembic: only where a database is migrated

        self._attempt(lambda: migrate.upgrade(self._engine))

    def _attempt(self, work: Callable[[], T]) -> T:
        last: Exception | None = None
        for attempt in range(ATTEMPTS):
            try:
                return work()
            except IntegrityError:
                raise  # a constraint of ours, for the caller to handle
            except DBAPIError as exc:
                if not _transient(exc, self.backend):
                    raise RecordError("record.unavailable", reason="error") from exc
                last = exc
            if attempt + 1 < ATTEMPTS:
                time.sleep(min(BACKOFF_S * 2**attempt, 1.0) * random.uniform(0.5, 1.5))
        raise RecordError("record.unavailable", reason="busy", attempts=ATTEMPTS) from last

    def _write(self, fn: Callable[[Connection], T]) -> T:
        """``fn`` in one write transaction, attempted again while the database is busy."""

        def work() -> T:
            connection = self._engine.connect().execution_options(record_write=True)
            with connection as conn, conn.begin():
                return fn(conn)

        return self._attempt(work)

    def _read(self, fn: Callable[[Connection], T]) -> T:
        def work() -> T:
            with self._engine.connect() as conn, conn.begin():
                return fn(conn)

        return self._attempt(work)

    def _seen(self, conn: Connection, learner_id: object, now: datetime) -> int:
        """The learner's id, checked, their last-seen time moved on; else record.not_found."""
        _id(learner_id)
        seen = conn.execute(
            select(learners.c.seen_at).where(learners.c.id == learner_id)
        ).scalar_one_or_none()
        if seen is None:
            raise RecordError("record.not_found")
        if seen < now - SEEN_EVERY:
            conn.execute(update(learners).where(learners.c.id == learner_id).values(seen_at=now))
        return learner_id

    def _insert_or_update(self):
        return postgresql.insert if self.backend == "postgresql" else sqlite.insert

    # -- learners ---------------------------------------------------------------------------

    def new_learner(self, nickname: str | None = None) -> Learner:
        """A new learner; their key and resume code are in the result, and nowhere else."""
        name = None if nickname is None else identity.clean_nickname(nickname)
        for _ in range(5):  # a code already taken: draw another (about 1 in 10^7 a learner)
            key, code = identity.new_key(), identity.new_code() if self.codes else None
            # no code: a random value no code hashes to, for the column's uniqueness
            digest_of_code = identity.code_hash(code) if code else secrets.token_hex(32)
            row = {"code_hash": digest_of_code, "nickname": name}
            digest = identity.key_hash(key)

            def insert(conn: Connection, row=row, digest=digest) -> int:
                now = utcnow()
                learner_id = conn.execute(
                    learners.insert()
                    .values(**row, created_at=now, seen_at=now)
                    .returning(learners.c.id)
                ).scalar_one()
                conn.execute(
                    learner_keys.insert().values(
                        key_hash=digest, learner_id=learner_id, created_at=now, seen_at=now
                    )
                )
                return learner_id

            try:
                learner_id = self._write(insert)
            except IntegrityError:
                continue
            return Learner(learner_id, name, key=key, code=code and identity.show_code(code))
        raise RecordError("record.unavailable", reason="codes")

    def _found(self, column, digest: str, conn: Connection) -> Learner | None:
        row = conn.execute(
            select(learners.c.id, learners.c.nickname, learners.c.seen_at).where(column == digest)
        ).one_or_none()
        if row is None:
            return None
        now = utcnow()
        if row.seen_at < now - SEEN_EVERY:
            conn.execute(update(learners).where(learners.c.id == row.id).values(seen_at=now))
        return Learner(row.id, row.nickname)

    def _by_key(self, digest: str):
        return select(
            learners.c.id,
            learners.c.nickname,
            learners.c.seen_at,
            learner_keys.c.seen_at.label("key_seen_at"),
        ).where(learner_keys.c.key_hash == digest, learner_keys.c.learner_id == learners.c.id)

    def learner_by_key(self, key: str) -> Learner | None:
        """The learner whose browser holds ``key`` (any of their keys); None for a missing,
        forged, malformed or dropped key. The learner and the key count as seen."""
        digest = identity.key_hash(key)
        if digest is None:
            return None
        row = self._read(lambda conn: conn.execute(self._by_key(digest)).one_or_none())
        if row is None:
            return None
        lately = utcnow() - SEEN_EVERY
        if row.seen_at >= lately and row.key_seen_at >= lately:
            return Learner(row.id, row.nickname)  # both seen lately: no write

        def seen(conn: Connection) -> Learner | None:
            row = conn.execute(self._by_key(digest)).one_or_none()
            if row is None:  # forgotten, expired or dropped meanwhile
                return None
            now = utcnow()
            if row.seen_at < now - SEEN_EVERY:
                conn.execute(update(learners).where(learners.c.id == row.id).values(seen_at=now))
            if row.key_seen_at < now - SEEN_EVERY:
                conn.execute(
                    update(learner_keys)
                    .where(learner_keys.c.key_hash == digest)
                    .values(seen_at=now)
                )
            return Learner(row.id, row.nickname)

        return self._write(seen)

    def add_key(self, learner_id: int) -> Learner:
        """A new browser key for a learner (another device, once the code found them): in the
        result, ``key``, and nowhere else; their other keys keep working. Past
        :data:`KEYS_PER_LEARNER` the least recently seen of the others is dropped. Counts as
        being seen; ``record.not_found`` for no such learner."""
        _id(learner_id)
        key = identity.new_key()
        digest = identity.key_hash(key)

        def add(conn: Connection) -> Learner:
            now = utcnow()
            # the learner's row locked (PostgreSQL; SQLite's write lock is the database's), so
            # two devices adding keys at once cannot both stay under the cap and overshoot it
            name = conn.execute(
                select(learners.c.nickname).where(learners.c.id == learner_id).with_for_update()
            ).one_or_none()
            if name is None:
                raise RecordError("record.not_found")
            self._seen(conn, learner_id, now)
            conn.execute(
                learner_keys.insert().values(
                    key_hash=digest, learner_id=learner_id, created_at=now, seen_at=now
                )
            )
            beyond = (
                select(learner_keys.c.key_hash)
                .where(learner_keys.c.learner_id == learner_id, learner_keys.c.key_hash != digest)
                .order_by(
                    learner_keys.c.seen_at.desc(),
                    learner_keys.c.created_at.desc(),
                    learner_keys.c.key_hash,
                )
                .offset(KEYS_PER_LEARNER - 1)
            )
            dropped = conn.execute(beyond).scalars().all()
            if dropped:
                conn.execute(delete(learner_keys).where(learner_keys.c.key_hash.in_(dropped)))
            return Learner(learner_id, name.nickname, key=key)

        return self._write(add)

    def new_code(self, learner_id: int) -> str:
        """A fresh resume code (``ABCD-EFGH``) for a learner who lost theirs, returned here and
        nowhere else; the old code stops working at once, the learner's keys do not. Counts as
        being seen; ``record.not_found`` for no such learner."""
        _id(learner_id)
        for _ in range(5):  # a code already taken: draw another
            code = identity.new_code()
            digest = identity.code_hash(code)  # slow on purpose: before the write lock

            def change(conn: Connection, digest=digest) -> None:
                self._seen(conn, learner_id, utcnow())
                conn.execute(
                    update(learners).where(learners.c.id == learner_id).values(code_hash=digest)
                )

            try:
                self._write(change)
            except IntegrityError:
                continue
            return identity.show_code(code)
        raise RecordError("record.unavailable", reason="codes")

    def learner_by_code(self, code: str, client: str) -> Learner | None:
        """The learner whose resume code this is (any case, with or without the dash), else
        None. ``client`` names who is guessing (the server's notion: a browser session or an
        address; only its hash is kept): after :data:`GUESS_LIMIT` failures in
        :data:`GUESS_WINDOW` every guess of that client is refused with ``record.throttled``
        (``retry_after`` seconds) until its oldest failure leaves the window. A malformed code
        is None without counting: it cannot be anyone's, so it tells a guesser nothing."""
        if not isinstance(client, str) or not client:
            raise RecordError("record.invalid", field="client", reason="text")
        who = identity.client_hash(client)
        canonical = identity.normalise_code(code)
        digest = None if canonical is None else identity.code_hash(canonical)  # before the lock

        def guess(conn: Connection) -> Learner | None:
            if self.backend == "postgresql":  # one guess of a client at a time
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:c))"), {"c": who})
            now = utcnow()
            since = now - GUESS_WINDOW
            oldest, failures = conn.execute(
                select(func.min(guesses.c.at), func.count()).where(
                    guesses.c.client_hash == who, guesses.c.at > since
                )
            ).one()
            if failures >= GUESS_LIMIT:
                wait = (oldest + GUESS_WINDOW - now).total_seconds()
                raise RecordError("record.throttled", retry_after=max(1, math.ceil(wait)))
            if digest is None:
                return None
            found = self._found(learners.c.code_hash, digest, conn)
            if found is None:
                conn.execute(
                    delete(guesses).where(guesses.c.client_hash == who, guesses.c.at <= since)
                )
                conn.execute(guesses.insert().values(client_hash=who, at=now))
            return found

        return self._write(guess)

    def set_nickname(self, learner_id: int, nickname: str | None) -> str | None:
        """Set (or with None, clear) a learner's nickname; the stored form is returned."""
        name = None if nickname is None else identity.clean_nickname(nickname)

        def change(conn: Connection) -> None:
            self._seen(conn, learner_id, utcnow())
            conn.execute(update(learners).where(learners.c.id == learner_id).values(nickname=name))

        self._write(change)
        return name

    def nickname(self, learner_id: int) -> str | None:
        _id(learner_id)

        def read(conn: Connection) -> str | None:
            row = conn.execute(
                select(learners.c.nickname).where(learners.c.id == learner_id)
            ).one_or_none()
            if row is None:
                raise RecordError("record.not_found")
            return row.nickname

        return self._read(read)

    # -- a lesson's history and its saves -----------------------------------------------------

    def record(
        self,
        learner_id: int,
        lesson: str,
        item: str,
        kind: str,
        payload: dict[str, Any],
        at: datetime | None = None,
    ) -> None:
        """Append one event to a learner's history (kinds the widgets use: attempt, shown,
        hint, note, step, new_question; any ``[a-z_]{1,24}``). Checked before writing."""
        row = {
            "lesson": fields.name("lesson", lesson),
            "item": fields.name("item", item),
            "kind": fields.kind(kind),
            "payload": fields.payload_text(payload),
        }
        when = None if at is None else fields.moment(at)

        def append(conn: Connection) -> None:
            now = utcnow()
            self._seen(conn, learner_id, now)
            conn.execute(events.insert().values(learner_id=learner_id, at=when or now, **row))

        self._write(append)

    def events(self, learner_id: int, lesson: str | None = None) -> list[Event]:
        """A learner's events in the order they were recorded (of one lesson, if given)."""
        _id(learner_id)
        query = select(events).where(events.c.learner_id == learner_id).order_by(events.c.id)
        if lesson is not None:
            query = query.where(events.c.lesson == lesson)
        rows = self._read(lambda conn: conn.execute(query).all())
        return [
            Event(r.lesson, r.item, r.kind, fields.payload_from(r.payload), fields.aware(r.at))
            for r in rows
        ]

    def put_save(self, learner_id: int, lesson: str, table: str, text: str) -> None:
        """Keep ``text`` as the latest save of this game table (replacing the one before)."""
        lesson, table = fields.name("lesson", lesson), fields.name("table", table)
        body = fields.save_text(text)
        insert = self._insert_or_update()

        def upsert(conn: Connection) -> None:
            now = utcnow()
            self._seen(conn, learner_id, now)
            statement = insert(saves).values(
                learner_id=learner_id, lesson=lesson, game_table=table, text=body, at=now
            )
            conn.execute(
                statement.on_conflict_do_update(
                    index_elements=[saves.c.learner_id, saves.c.lesson, saves.c.game_table],
                    set_={"text": statement.excluded.text, "at": statement.excluded.at},
                )
            )

        self._write(upsert)

    def get_save(self, learner_id: int, lesson: str, table: str) -> str | None:
        """The latest save of this game table, None if there is none."""
        _id(learner_id)
        return self._read(
            lambda conn: conn.execute(
                select(saves.c.text).where(
                    saves.c.learner_id == learner_id,
                    saves.c.lesson == lesson,
                    saves.c.game_table == table,
                )
            ).scalar_one_or_none()
        )

    def saves_of(self, learner_id: int, table: str) -> dict[str, str]:
        """Every lesson's latest save of the table ``table``, by lesson (a landing page reads
        each lesson's summary at once)."""
        _id(learner_id)
        return self._read(
            lambda conn: {
                row.lesson: row.text
                for row in conn.execute(
                    select(saves.c.lesson, saves.c.text).where(
                        saves.c.learner_id == learner_id, saves.c.game_table == table
                    )
                )
            }
        )

    # -- the learner's own copy, forgetting, expiry --------------------------------------------

    def _rows(self, conn: Connection, learner_id: int):
        event_rows = [
            exchange.EventRow(r.lesson, r.item, r.kind, r.payload, r.at)
            for r in conn.execute(
                select(events).where(events.c.learner_id == learner_id).order_by(events.c.id)
            )
        ]
        save_rows = [
            exchange.SaveRow(r.lesson, r.game_table, r.text, r.at)
            for r in conn.execute(
                select(saves)
                .where(saves.c.learner_id == learner_id)
                .order_by(saves.c.lesson, saves.c.game_table)
            )
        ]
        return event_rows, save_rows

    def export(self, learner_id: int) -> dict[str, Any]:
        """Everything kept about a learner, as the versioned file of :mod:`record.exchange`."""
        _id(learner_id)

        def read(conn: Connection) -> dict[str, Any]:
            nickname = conn.execute(
                select(learners.c.nickname).where(learners.c.id == learner_id)
            ).one_or_none()
            if nickname is None:
                raise RecordError("record.not_found")
            event_rows, save_rows = self._rows(conn, learner_id)
            return exchange.document(nickname[0], utcnow(), event_rows, save_rows)

        return self._read(read)

    def import_(self, learner_id: int, data: dict | str | bytes) -> dict[str, int]:
        """Merge an exported file into a learner's record, all or nothing.

        The file is checked whole first (:func:`record.exchange.parse`: ``record.too_large``,
        ``record.foreign``, ``record.future_version``, ``record.corrupt``), then written in one
        transaction: events not already there are appended in the file's order, a save
        replaces the learner's own only if it is newer, the nickname is taken only if the
        learner has none. Importing the same file twice changes nothing the second time.
        Returns how many events and saves were added or replaced.
        """
        doc = exchange.parse(data)
        insert = self._insert_or_update()

        def merge(conn: Connection) -> dict[str, int]:
            self._seen(conn, learner_id, utcnow())
            have_events, have_saves = self._rows(conn, learner_id)
            known = set(have_events)
            new = [e for e in doc.events if e not in known]
            if new:
                conn.execute(
                    events.insert(),
                    [
                        {"learner_id": learner_id, **vars(e)}
                        for e in dict.fromkeys(new)  # a file's own duplicates, once
                    ],
                )
            latest = {(s.lesson, s.table): s.at for s in have_saves}
            newer = [
                s
                for s in doc.saves
                if (s.lesson, s.table) not in latest or s.at > latest[s.lesson, s.table]
            ]
            for s in newer:
                statement = insert(saves).values(
                    learner_id=learner_id,
                    lesson=s.lesson,
                    game_table=s.table,
                    text=s.text,
                    at=s.at,
                )
                conn.execute(
                    statement.on_conflict_do_update(
                        index_elements=[saves.c.learner_id, saves.c.lesson, saves.c.game_table],
                        set_={"text": statement.excluded.text, "at": statement.excluded.at},
                    )
                )
            if doc.nickname is not None:
                conn.execute(
                    update(learners)
                    .where(learners.c.id == learner_id, learners.c.nickname.is_(None))
                    .values(nickname=doc.nickname)
                )
            return {"events": len(dict.fromkeys(new)), "saves": len(newer)}

        return self._write(merge)

    def _erase(self, conn: Connection, ids) -> None:
        # each table by hand: ON DELETE CASCADE would too, but on SQLite only while the
        # foreign_keys pragma is on
        conn.execute(delete(learner_keys).where(learner_keys.c.learner_id.in_(ids)))
        conn.execute(delete(events).where(events.c.learner_id.in_(ids)))
        conn.execute(delete(saves).where(saves.c.learner_id.in_(ids)))
        conn.execute(delete(learners).where(learners.c.id.in_(ids)))

    def forget(self, learner_id: int) -> bool:
        """Erase a learner, all their keys and everything recorded of them; False if there was
        no such one."""
        _id(learner_id)

        def erase(conn: Connection) -> bool:
            found = conn.execute(
                select(learners.c.id).where(learners.c.id == learner_id)
            ).one_or_none()
            self._erase(conn, [learner_id])
            return found is not None

        return self._write(erase)

    def expire(self, now: datetime | None = None) -> int:
        """Erase every learner not seen for ``expire_days``, with all their records (and
        guesses older than the guess window). Returns how many learners were erased."""
        moment = utcnow() if now is None else fields.moment(now)
        cutoff = moment - timedelta(days=self.expire_days)

        def erase(conn: Connection) -> int:
            stale = select(learners.c.id).where(learners.c.seen_at < cutoff)
            count = conn.execute(
                select(func.count()).select_from(learners).where(learners.c.seen_at < cutoff)
            ).scalar_one()
            if count:
                self._erase(conn, stale)
            conn.execute(delete(guesses).where(guesses.c.at <= moment - GUESS_WINDOW))
            return count

        return self._write(erase)
