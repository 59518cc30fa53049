"""``gralgo view``: the run viewer served on loopback, the page read afresh on every request.

Routes: ``/`` the page; ``/files/<path>`` a file under the outputs folder (reports, study pages:
nothing outside the folder, no link followed out of it); ``/samples/<job folder>`` one page of a
job's ``samples.jsonl`` as JSON (``offset``, ``limit``), so samples load only when asked for.
"""

from __future__ import annotations

import json
import logging
import mimetypes
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from gralgo.view._catalog import JobEntry, read_catalog
from gralgo.view._page import render_page

log = logging.getLogger("gralgo")
SAMPLES_FILE = "samples.jsonl"
SAMPLE_FIELDS = ("instance_id", "task", "level", "sample_index", "extracted", "expected",
                 "outcome", "error_class")  # fmt: skip
MAX_SAMPLES_PAGE = 1000


class ViewError(Exception):
    """A request the viewer refuses (outside the outputs folder, not a job)."""


def inside(root: Path, relative: str) -> Path:
    """``root/relative`` resolved, refused when it leaves ``root`` (``..``, a link out)."""
    base = root.resolve()
    target = (base / unquote(relative).lstrip("/")).resolve()
    if target != base and base not in target.parents:
        raise ViewError(f"{relative!r} is outside the outputs folder")
    return target


def read_samples_page(job: Path, offset: int, limit: int) -> dict[str, Any]:
    """``limit`` samples of a job's ``samples.jsonl`` from ``offset`` (their summary fields)
    and the total count."""
    path = job / SAMPLES_FILE
    if not path.is_file():
        raise ViewError(f"{job} has no {SAMPLES_FILE}")
    shown: list[dict[str, Any]] = []
    total = 0
    with path.open(encoding="utf-8", errors="replace") as lines:
        for total, line in enumerate(lines, start=1):
            if offset < total <= offset + limit:
                record = json.loads(line)
                shown.append({name: record.get(name) for name in SAMPLE_FIELDS})
    return {"total": total, "offset": offset, "samples": shown}


def make_handler(root: Path, mlflow_ui: str) -> type[BaseHTTPRequestHandler]:
    """The request handler class serving ``root``."""

    def link(path: Path) -> str:
        return "/files/" + quote(path.resolve().relative_to(root.resolve()).as_posix())

    def samples_url(job: JobEntry) -> str | None:
        if not (job.folder / SAMPLES_FILE).is_file():
            return None
        return "/samples/" + quote(job.folder.resolve().relative_to(root.resolve()).as_posix())

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002  (stdlib name)
            log.debug("view: " + format, *args)

        def _send(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802  (http.server's name)
            url = urlsplit(self.path)
            try:
                if url.path in ("/", "/index.html"):
                    page = render_page(read_catalog(root), link, mlflow_ui, samples_url)
                    self._send(200, page.encode("utf-8"), "text/html; charset=utf-8")
                elif url.path.startswith("/files/"):
                    target = inside(root, url.path[len("/files/") :])
                    if not target.is_file():
                        raise ViewError(f"{url.path} is not a file")
                    kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
                    self._send(200, target.read_bytes(), kind)
                elif url.path.startswith("/samples/"):
                    job = inside(root, url.path[len("/samples/") :])
                    query = parse_qs(url.query)
                    offset = max(0, int(query.get("offset", ["0"])[0]))
                    limit = min(MAX_SAMPLES_PAGE, max(1, int(query.get("limit", ["200"])[0])))
                    body = json.dumps(read_samples_page(job, offset, limit)).encode("utf-8")
                    self._send(200, body, "application/json")
                else:
                    raise ViewError(f"no page {url.path}")
            except (ViewError, ValueError) as err:
                self._send(404, str(err).encode("utf-8"), "text/plain; charset=utf-8")

    return Handler


def start_server(root: Path, host: str = "127.0.0.1", port: int = 0,
                 mlflow_ui: str = "") -> ThreadingHTTPServer:  # fmt: skip
    """The viewer serving ``root`` on ``host:port`` (0 = a free port), running in a thread."""
    server = ThreadingHTTPServer((host, port), make_handler(root, mlflow_ui))
    threading.Thread(target=server.serve_forever, name="gralgo-view", daemon=True).start()
    return server
