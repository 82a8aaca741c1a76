"""A throwaway PostgreSQL server for the record store's tests, started from Debian's binaries.

The cluster lives in a temporary folder and listens only on 127.0.0.1 (a free port) and on a
unix socket inside that folder; trust authentication is enough there. PostgreSQL refuses to
run as root, so as root the folder is handed to ``nobody`` and every server command runs as
that user (``subprocess``'s ``user=``). Every wait is bounded; ``stop`` ends the server with
``pg_ctl stop -m fast`` and removes the folder. ``make postgres`` installs the binaries.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

MISSING = (
    "no PostgreSQL server binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin or on PATH):"
    " run `make postgres` (as root it installs Debian's postgresql package)"
)
START_TIMEOUT = 60  # seconds, each of initdb, start and stop


def bin_dir() -> Path | None:
    """The newest installed server's bin folder, else the one on PATH, else None."""
    versions = {Path(p).parents[1].name: p for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")}
    found = [versions[v] for v in sorted(versions, key=lambda v: int(v) if v.isdigit() else 0)]
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="record-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sock"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self._user: dict[str, object] = {}
        if os.geteuid() == 0:  # the server will not run as root
            nobody = pwd.getpwnam("nobody")
            self._user = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
        self.sockets.mkdir()
        if self._user:
            os.chown(self.sockets, nobody.pw_uid, nobody.pw_gid)
        self.started = False

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            cwd=self.root,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C"},
            **self._user,
        )

    def start(self) -> None:
        out = self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
            "--locale=C", "--no-sync",
        )  # fmt: skip
        if out.returncode:
            raise RuntimeError(f"initdb failed: {out.stdout}{out.stderr}")
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.sockets} -c fsync=off"
            " -c max_connections=200 -c shared_buffers=32MB"
        )
        out = self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", str(START_TIMEOUT),
            "-o", options, "start",
        )  # fmt: skip
        if out.returncode:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {out.stdout}{out.stderr}\n{log}")
        self.started = True

    def stop(self) -> None:
        try:
            if self.started:
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "stop")
                self.started = False
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of an empty database on this server: one database whose schema is dropped
        and made again for each test (CREATE DATABASE each time would write a copy of the
        template through the WAL). A connection a test left open is ended first, so the reset
        never waits on its locks."""
        with self._connect("postgres") as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = 'record_test'")
            if not found.fetchone():
                conn.execute("CREATE DATABASE record_test")
        with self._connect("record_test") as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = 'record_test' AND pid <> pg_backend_pid()"
            )
            conn.execute("DROP SCHEMA public CASCADE")
            conn.execute("CREATE SCHEMA public")
        return self.url("record_test")

    def _connect(self, database: str) -> psycopg.Connection:
        return psycopg.connect(
            host="127.0.0.1", port=self.port, user="postgres", dbname=database, autocommit=True,
            connect_timeout=10,
        )  # fmt: skip
