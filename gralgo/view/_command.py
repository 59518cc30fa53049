"""``gralgo view [OUTPUTS] [--port N] [--html FILE]``: serve (or write) the run viewer page."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

USAGE_EXIT = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gralgo view",
        description="One page listing every job and sweep under an outputs folder: model, "
        "tasks, status, score with its interval, samples, tokens, cost, duration, and links "
        "to each job's transcripts, its sweep's study page and its MLflow run.",
    )
    parser.add_argument(
        "outputs",
        nargs="?",
        default="outputs",
        help="the outputs folder (paths.outputs; default: ./outputs)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to serve on (loopback)")
    parser.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="write the page to FILE (links relative to it) instead of serving",
    )
    parser.add_argument(
        "--mlflow-ui",
        default="http://127.0.0.1:5000",
        help="base URL of the MLflow UI the MLflow links open ('' hides them)",
    )
    return parser  # fmt: skip


def _relative_link(page: Path) -> Callable[[Path], str]:
    base = page.resolve().parent

    def link(path: Path) -> str:
        from urllib.parse import quote

        return quote(Path(os.path.relpath(path.resolve(), base)).as_posix())

    return link


def view_main(argv: list[str]) -> int:
    """Run ``gralgo view`` with ``argv`` (after ``view``); the exit status."""
    args = _parser().parse_args(argv)
    root = Path(args.outputs).expanduser()
    if not root.is_dir():
        print(f"gralgo view: error: {root} is not a folder: pass the outputs folder "
              "(paths.outputs of your runs, default ./outputs)", file=sys.stderr)  # fmt: skip
        return USAGE_EXIT
    from gralgo.view._catalog import read_catalog
    from gralgo.view._page import render_page

    if args.html:
        page = Path(args.html).expanduser()
        page.write_text(
            render_page(read_catalog(root), _relative_link(page), args.mlflow_ui), "utf-8"
        )
        print(f"gralgo view: wrote {page}")
        return 0
    from gralgo.view._serve import start_server

    try:
        server = start_server(root, args.host, args.port, args.mlflow_ui)
    except OSError as err:
        print(f"gralgo view: error: cannot serve on {args.host}:{args.port} ({err}): "
              "choose another --port (0 picks a free one)", file=sys.stderr)  # fmt: skip
        return USAGE_EXIT
    port = server.server_address[1]
    print(f"gralgo view: http://{args.host}:{port}/ lists the runs under {root.resolve()} "
          "(Ctrl-C stops)", flush=True)  # fmt: skip
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()
    return 0
