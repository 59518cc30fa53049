"""A throwaway PostgreSQL server in a temporary folder, for the server-ledger tests and benchmark.

Needs the PostgreSQL server binaries (Debian: ``apt-get install postgresql``; they live in
``/usr/lib/postgresql/<version>/bin``). PostgreSQL refuses to run as root, so under root the
server runs as the ``postgres`` user that the package creates. Trust authentication on
127.0.0.1 only; ``fsync=off`` (a test server's data is thrown away).
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


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def server_bin_dir() -> Path:
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "pg_ctl").is_file():
            return Path(candidate)
    raise PostgresUnavailable("PostgreSQL server binaries not found (apt-get install postgresql)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """A running server; :attr:`url` connects as the superuser ``gralgo`` to db ``postgres``."""

    def __init__(self) -> None:
        self.bin = server_bin_dir()
        self.base = Path(tempfile.mkdtemp(prefix="gralgo-pg-", dir="/tmp"))
        self.data = self.base / "data"
        self.user_prefix: list[str] = []
        if os.geteuid() == 0:
            postgres = pwd.getpwnam("postgres")
            os.chown(self.base, postgres.pw_uid, postgres.pw_gid)
            self.user_prefix = ["runuser", "-u", "postgres", "--"]
        self.port = _free_port()
        self.url = f"postgresql://gralgo@127.0.0.1:{self.port}/postgres"
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "gralgo",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        for attempt in range(3):  # a port taken meanwhile (tests on two xdist workers): another
            try:
                self._run(
                    "pg_ctl",
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.base / "server.log"),
                    "-w",
                    "-o",
                    f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 "
                    "-c fsync=off -c max_connections=200",
                    "start",
                )
                break
            except RuntimeError:
                if attempt == 2:
                    raise
                self.port = _free_port()
                self.url = f"postgresql://gralgo@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(
            [*self.user_prefix, str(self.bin / program), *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}")

    def new_database(self, name: str) -> str:
        """Create database ``name``; its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


def run_sql(url: str, *statements: str) -> list[tuple[object, ...]]:
    """Run ``statements`` on the database at ``url``; the rows of the last one (if any)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        cursor = None
        for statement in statements:
            cursor = conn.execute(statement)
        return cursor.fetchall() if cursor is not None and cursor.description else []
