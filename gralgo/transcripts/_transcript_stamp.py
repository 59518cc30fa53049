"""Skip rewriting ``samples.jsonl``, ``report.html`` and its shards when a re-run would write the
same bytes.

The job's record (``job.json``, field ``transcripts``) holds a SHA-256 of every input of the two
files -- the code that writes them (its source and pandas' version), the page's title, facts,
tables and figures, the prompts, each sample's record and its texts, streamed from the ledger
a chunk at a time -- and the size and modification time of both files as written. A re-run
rewrites them unless the digest and both files' size and time match: reading and hashing the
text costs a fraction of encoding and writing it again. When there is nothing to compare with
(a first write, or files changed since), the digest is taken in the pass that writes them.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.results import FileStates, TranscriptsState
from gralgo.transcripts import _html, _page_template, _sample_log, _shards
from gralgo.transcripts._html import HtmlReport

if TYPE_CHECKING:
    pass


def _code_digest() -> bytes:
    import pandas as pd

    digest = hashlib.sha256(pd.__version__.encode())
    for module in (
        _html,
        _page_template,
        _sample_log,
        _shards,
        sys.modules[__name__],
        sys.modules["gralgo.transcripts._transcripts"],
    ):
        digest.update(Path(str(module.__file__)).read_bytes())
    return digest.digest()


def _text(value: object) -> bytes:
    return b"\0" if value is None else b"\1" + str(value).encode("utf-8", "surrogatepass") + b"\0"


class TranscriptsDigest:
    """SHA-256 of everything ``samples.jsonl`` and ``report.html`` are made of, fed a chunk of
    records at a time (:meth:`add`), so the pass that writes the files can also hash them."""

    def __init__(self, report: HtmlReport, dataset_dir: Path | str) -> None:
        self._sha = hashlib.sha256(_code_digest())
        self._sha.update(b"".join(_text(k) + _text(t) for k, t in report.certificates.items()))
        self._sha.update(_text(dataset_dir))
        for key, prompt in report.prompts.items():
            self._sha.update(_text(key) + _text(prompt))

    def add(self, records: str) -> None:
        """Hash one chunk of records: its JSON array (:func:`_sample_log.records_json` of a
        :func:`_sample_log.record_chunks` chunk), the text the page holds and ``samples.jsonl``
        is made of (with the dataset folder, hashed already)."""
        self._sha.update(records.encode("utf-8", "surrogatepass"))

    def hexdigest(self, head: str) -> str:
        """The digest, with ``head`` (:func:`gralgo.transcripts._html.page_head` of the report:
        template, tables, figures) hashed last: the figures may be drawn while records are."""
        sha = self._sha.copy()
        sha.update(b"\0head\0" + head.encode("utf-8", "surrogatepass"))
        return sha.hexdigest()


def file_states(paths: Iterable[Path]) -> FileStates:
    """[size, mtime_ns] of each existing file, by name."""
    return {p.name: [p.stat().st_size, p.stat().st_mtime_ns] for p in paths if p.is_file()}


def untouched(previous: TranscriptsState, paths: list[Path]) -> bool:
    """True when ``paths`` all exist as they were when ``previous`` was recorded."""
    state = file_states(paths)
    return previous.files == state and len(state) == len(paths)


def written(digest: str, paths: list[Path]) -> TranscriptsState:
    """The state to record after ``paths`` were just written from inputs with ``digest``."""
    return TranscriptsState(digest=digest, files=file_states(paths))
