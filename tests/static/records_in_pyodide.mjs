// node tests/static/records_in_pyodide.mjs <pyodide dir> <sql.js dist dir> <repo> <wheel>...
// Pyodide under Node, as the static site's kernel has it (no sqlite3), with the given wheels
// unpacked and sql.js loaded: runs the record's store through record.sqljs and prints JSON.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [pyodideDir, sqljsDir, repo, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
for (const wheel of wheels) py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(repo) }, "/repo");
const initSqlJs = createRequire(import.meta.url)(resolve(sqljsDir, "sql-wasm.js"));
const SQL = await initSqlJs({ locateFile: (f) => resolve(sqljsDir, f) });
py.globals.set("SQL", SQL);
console.log(
  py.runPython(`
import json, sys
sys.path.insert(0, "/repo")
try:
    import sqlite3  # noqa: F401
    has_sqlite3 = True
except ImportError:
    has_sqlite3 = False
from record import sqljs
from record.store import memory_store

sqljs.use_sql_js(SQL)
store = memory_store(sqljs)
learner = store.new_learner()
store.record(learner.id, "cnw/01", "dice", "attempt", {"answer": "7", "é": None, "n": 1.5})
store.put_save(learner.id, "cnw/01", "score", '{"right": 1}')
store.put_save(learner.id, "cnw/01", "score", '{"right": 2}')
store.set_nickname(learner.id, "Zoë")
exported = store.export(learner.id)
other = store.new_learner()
counts = [store.import_(other.id, exported), store.import_(other.id, exported)]
refused = ""
try:
    store.put_save(other.id + 99, "cnw/01", "score", "{}")
except Exception as error:
    refused = str(error)
json.dumps({
    "sqlite3": has_sqlite3,
    "version": sqljs.sqlite_version,
    "code": learner.code,
    "events": [[e.item, e.kind, e.payload] for e in store.events(learner.id)],
    "saves": store.saves_of(other.id, "score"),
    "nickname": store.nickname(other.id),
    "counts": counts,
    "refused": refused,
    "forgot": [store.forget(learner.id), store.forget(learner.id)],
    "modules": sorted(m for m in ("alembic", "mako", "sqlite3") if m in sys.modules),
})
`)
);
