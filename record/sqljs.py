"""A DB-API 2.0 driver over sql.js (SQLite compiled to WebAssembly), for the static site.

The browser's Python (Pyodide, as the static site builds it) has no ``sqlite3``: Pyodide's is a
compiled module that is not on PyPI or npm. sql.js is SQLite itself, built for the browser and
published on npm, so :func:`record.store.memory_store` runs the same SQL on the same engine
through this module (``memory_store(dbapi=record.sqljs)``): same tables, same queries, same
export. It is what SQLAlchemy's SQLite dialect asks of a driver and no more: ``qmark``
parameters, autocommit with the store's own ``BEGIN``/``COMMIT``, rows fetched whole (a
learner's record is small), errors as the DB-API's classes so SQLAlchemy tells an integrity
error from another.

The database itself is a JavaScript object: :func:`use` is given a factory of them (in the
browser: :func:`prepare`, which loads sql.js; in the tests: a stand-in over ``sqlite3``), with
one method ``run(sql, params)`` returning ``{columns, rows, changes, lastId}``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

apilevel = "2.0"
threadsafety = 1
paramstyle = "qmark"
sqlite_version = "0.0.0"  # set by use(): SQLAlchemy reads it before the first connection
sqlite_version_info: tuple[int, ...] = (0, 0, 0)
Binary = bytes

SQLJS_FILES = ("sql-wasm.js", "sql-wasm.wasm")  # what the site carries (static/build.py)


class Warning(Exception):  # noqa: A001 - the DB-API's own name
    pass


class Error(Exception):
    pass


class InterfaceError(Error):
    pass


class DatabaseError(Error):
    pass


class DataError(DatabaseError):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class InternalError(DatabaseError):
    pass


class ProgrammingError(DatabaseError):
    pass


class NotSupportedError(DatabaseError):
    pass


Database = Any  # run(sql, params) -> {"columns", "rows", "changes", "lastId"}; close()
_factory: Callable[[], Database] | None = None
_CHANGES = re.compile(r"\s*(insert|update|delete|replace)\b", re.IGNORECASE)
_BEGIN = re.compile(r"\s*begin\b", re.IGNORECASE)
_END = re.compile(r"\s*(commit|end|rollback)\b(?!\s+to\b)", re.IGNORECASE)


def use(factory: Callable[[], Database], version: str) -> None:
    """Databases come from ``factory()`` from now on; ``version`` is their SQLite's."""
    global _factory, sqlite_version, sqlite_version_info
    _factory = factory
    sqlite_version = version
    sqlite_version_info = tuple(int(part) for part in version.split(".")[:3])


def _error(message: str) -> Error:
    text = message.removeprefix("Error: ")
    if "constraint failed" in text:  # UNIQUE, NOT NULL, FOREIGN KEY, CHECK
        return IntegrityError(text)
    return OperationalError(text)


class Cursor:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.description: tuple | None = None
        self.rowcount = -1
        self.lastrowid: int | None = None
        self.arraysize = 1
        self._rows: list[tuple] = []

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Cursor:
        result = self.connection._run(sql, list(parameters))
        columns = result["columns"]
        self.description = tuple((c, None, None, None, None, None, None) for c in columns) or None
        self._rows = [tuple(row) for row in result["rows"]]
        self.rowcount = result["changes"] if _CHANGES.match(sql) else -1
        if result.get("lastId") is not None:
            self.lastrowid = result["lastId"]
        return self

    def executemany(self, sql: str, seq_of_parameters: Sequence[Sequence[Any]]) -> Cursor:
        total = 0
        for parameters in seq_of_parameters:
            self.execute(sql, parameters)
            total += max(self.rowcount, 0)
        self.rowcount = total
        self.description, self._rows = None, []
        return self

    def fetchone(self) -> tuple | None:
        return self._rows.pop(0) if self._rows else None

    def fetchmany(self, size: int | None = None) -> list[tuple]:
        size = self.arraysize if size is None else size
        rows, self._rows = self._rows[:size], self._rows[size:]
        return rows

    def fetchall(self) -> list[tuple]:
        rows, self._rows = self._rows, []
        return rows

    def close(self) -> None:
        self._rows = []

    def setinputsizes(self, *_args: Any) -> None:
        pass

    def setoutputsize(self, *_args: Any) -> None:
        pass


class Connection:
    """One sql.js database: in memory, for as long as the page lives."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self.isolation_level: str | None = None  # always autocommit: the store sends BEGIN
        self.in_transaction = False

    def _run(self, sql: str, parameters: list[Any]) -> dict[str, Any]:
        if self._db is None:
            raise ProgrammingError("Cannot operate on a closed database.")
        try:
            result = self._db.run(sql, parameters)
        except Error:
            raise
        except Exception as exc:  # a JavaScript error (pyodide.ffi.JsException) or a stand-in's
            raise _error(str(exc)) from None
        if _BEGIN.match(sql):
            self.in_transaction = True
        elif _END.match(sql):
            self.in_transaction = False
        return result

    def cursor(self) -> Cursor:
        return Cursor(self)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Cursor:
        return self.cursor().execute(sql, parameters)

    def commit(self) -> None:
        if self.in_transaction:
            self._run("COMMIT", [])

    def rollback(self) -> None:
        if self.in_transaction:
            self._run("ROLLBACK", [])

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def create_function(self, *_args: Any, **_kwargs: Any) -> None:
        """SQLAlchemy registers regexp() and floor(); the store's queries use neither."""


def connect(database: str = ":memory:", **_kwargs: Any) -> Connection:
    """A new in-memory database (SQLAlchemy's StaticPool asks once)."""
    if database not in ("", ":memory:"):
        raise NotSupportedError("sql.js keeps its databases in memory only")
    if _factory is None:
        raise OperationalError("sql.js is not loaded (record.sqljs.use)")
    return Connection(_factory())


# The page side: one database object over sql.js's, each statement prepared, bound, stepped
# to its end and freed at once; Python's None reaches JavaScript as undefined, bound as NULL.
_JS_DATABASE = """(SQL) => () => {
  const db = new SQL.Database();
  const changing = /^\\s*(insert|replace)\\b/i;
  return {
    run(sql, params) {
      const stmt = db.prepare(sql);
      try {
        stmt.bind(params.map((v) => (v === undefined ? null : v)));
        const rows = [];
        while (stmt.step()) rows.push(stmt.get());
        const columns = stmt.getColumnNames();
        const changes = db.getRowsModified();
        let lastId = null;
        if (changing.test(sql)) lastId = db.exec("SELECT last_insert_rowid()")[0].values[0][0];
        return JSON.stringify({ columns, rows, changes, lastId });
      } finally {
        stmt.free();
      }
    },
    close() { db.close(); },
  };
}"""


class _Browser:
    """A sql.js database seen from Python: rows come back as JSON text (one conversion, plain
    Python values: numbers, strings, None)."""

    def __init__(self, js_database: Any, to_js: Callable[[Any], Any]) -> None:
        self._db, self._to_js = js_database, to_js

    def run(self, sql: str, params: list[Any]) -> dict[str, Any]:
        return json.loads(self._db.run(sql, self._to_js(params)))

    def close(self) -> None:
        self._db.close()


def use_sql_js(SQL: Any) -> None:  # noqa: N803 - sql.js's own name for its module
    """Databases from sql.js's module ``SQL`` (what ``initSqlJs()`` resolves to)."""
    from pyodide.code import run_js
    from pyodide.ffi import to_js

    make = run_js(_JS_DATABASE)(SQL)
    probe = _Browser(make(), to_js)
    version = probe.run("SELECT sqlite_version()", [])["rows"][0][0]
    probe.close()
    use(lambda: _Browser(make(), to_js), version)


async def prepare(base_url: str) -> None:
    """In the static site's kernel (a web worker): load sql.js from ``base_url`` (the folder of
    :data:`SQLJS_FILES`), then :func:`use_sql_js`. Once is enough; a second call does nothing."""
    if _factory is not None:
        return
    from pyodide.code import run_js

    url = json.dumps(base_url.rstrip("/") + "/")
    loading = run_js(
        f"importScripts({url} + 'sql-wasm.js'); initSqlJs({{ locateFile: (f) => {url} + f }})"
    )
    use_sql_js(await loading)
