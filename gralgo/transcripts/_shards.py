"""The sample shards beside ``report.html``: what the page loads lazily, a chunk at a time.

``report.html`` holds no samples, so its size does not grow with the job. Its samples sit in
``report_data/`` beside it, one pair of files per chunk of samples: ``index-NNNNN.js`` (the
fields the table and its filters show) and ``text-NNNNN.js`` (answer and reasoning texts, the
prompts and certificates of those samples; loaded when a sample is opened or the texts are
searched). Each file is one script call, ``gralgoShard("index", 3, "<base64 of gzip'd JSON>")``:
a ``<script>`` element may load it from a ``file://`` page (where ``fetch`` may not), and the
page decompresses it with the browser's ``DecompressionStream``. Analyses add their own shards
the same way (``trace-facts.js``; see :func:`write_shard`). Written deterministically (gzip
without a time stamp): the same samples give the same bytes.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import struct
from collections.abc import Iterable
from pathlib import Path
from typing import Any

SHARD_DIR = "report_data"
"""The folder of shards, beside ``report.html``."""
SAMPLE_KINDS = ("index", "text")
"""Kinds of shard the transcripts write (one of each per chunk); others (an analysis's) are
left alone when the transcripts are rewritten."""
LEVEL = 1
"""gzip level: 1 is ~7x faster than the default 6 for ~25 % more bytes (2.3 vs 1.8 MB per
8 MB of reasoning text): a job's reports pay the compression on every write."""
_CALL = re.compile(rb'^gralgoShard\("([a-z-]+)",(-?\d+),"([A-Za-z0-9+/=]*)"\);\n$')


def shard_name(kind: str, number: int | None = None) -> str:
    """``kind-NNNNN.js`` (``kind.js`` for a single shard, ``number`` None)."""
    return f"{kind}.js" if number is None else f"{kind}-{number:05d}.js"


def shard_bytes(kind: str, number: int, payload: str) -> bytes:
    """The script of one shard: ``payload`` (JSON text) gzip'd, base64'd, in one call."""
    packed = gzip.compress(payload.encode("utf-8", "surrogatepass"), LEVEL, mtime=0)
    return (
        f'gralgoShard("{kind}",{number},"'.encode()
        + base64.b64encode(packed)
        + b'");\n'
    )  # fmt: skip


def write_shard(folder: Path, kind: str, number: int | None, payload: str) -> Path:
    """Write one shard (JSON text ``payload``) into ``folder`` (made when missing); its path.
    ``number`` None writes ``kind.js`` (a single shard, e.g. an analysis's summary)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / shard_name(kind, number)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    partial.write_bytes(shard_bytes(kind, -1 if number is None else number, payload))
    os.replace(partial, path)  # never in place: the file may be linked (an MLflow artifact)
    return path


def read_shard(path: Path) -> Any:
    """The JSON value one shard file holds."""
    found = _CALL.match(path.read_bytes())
    if found is None:
        raise ValueError(f"{path} is not a gralgo shard (gralgoShard(kind, n, base64))")
    return json.loads(gzip.decompress(base64.b64decode(found.group(3))).decode("utf-8"))


def remove_stale(folder: Path, kinds: Iterable[str], kept: Iterable[Path]) -> None:
    """Delete the shards of ``kinds`` in ``folder`` that are not ``kept`` (left over from a
    larger job written there before)."""
    keep = {p.name for p in kept}
    for kind in kinds:
        for path in folder.glob(f"{kind}-*.js"):
            if path.name not in keep:
                path.unlink()


def item_shard(item: str, shards: int) -> int:
    """The shard (of ``shards``) that holds ``item``: FNV-1a of its UTF-16 code units, as the
    page's script computes it to find an analysis's record of a sample."""
    units = item.encode("utf-16-le")
    value = 0x811C9DC5
    for unit in struct.unpack(f"<{len(units) // 2}H", units):
        value = ((value ^ unit) * 0x01000193) & 0xFFFFFFFF
    return value % shards


def page_records(page: Path) -> list[dict[str, Any]]:
    """Every sample record a ``report.html`` shows, read back from its shards (index fields
    with the texts joined in): what the page has, for tests and tools."""
    folder = page.parent / SHARD_DIR
    records: list[dict[str, Any]] = []
    number = 0
    while (folder / shard_name("index", number)).is_file():
        index = read_shard(folder / shard_name("index", number))
        text = read_shard(folder / shard_name("text", number))
        for row, texts in zip(index["rows"], text["texts"], strict=True):
            record = dict(zip(index["fields"], row, strict=True))
            record.update(zip(text["fields"], texts, strict=True))
            records.append(record)
        number += 1
    return records
