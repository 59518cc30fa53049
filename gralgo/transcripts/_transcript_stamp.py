"""Skip rewriting ``samples.jsonl`` and ``report.html`` when a re-run would write the same bytes.

The job's record (``job.json``, field ``transcripts``) holds a SHA-256 of every input of the two
files -- the code that writes them (its source and pandas' version), the page's title, facts,
tables and figures, the prompts, each sample's record and its texts, streamed from the ledger
a chunk at a time -- and the size and modification time of both files as written. A re-run
rewrites them unless the digest and both files' size and time match: reading and hashing the
text costs a fraction of encoding and writing it again.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from gralgo.results import FileStates, TranscriptsState
from gralgo.transcripts import _html, _sample_log
from gralgo.transcripts._html import HtmlReport, write_page
from gralgo.transcripts._sample_log import TextLookup, record_chunks

if TYPE_CHECKING:
    import pandas as pd

_LONG = ("answer_text", "reasoning_text", "error_message")


def _code_digest() -> bytes:
    import pandas as pd

    digest = hashlib.sha256(pd.__version__.encode())
    for module in (
        _html,
        _sample_log,
        sys.modules[__name__],
        sys.modules["gralgo.transcripts._transcripts"],
    ):
        digest.update(Path(str(module.__file__)).read_bytes())
    return digest.digest()


def _text(value: object) -> bytes:
    return b"\0" if value is None else b"\1" + str(value).encode("utf-8", "surrogatepass") + b"\0"


def transcripts_digest(
    frame: pd.DataFrame, report: HtmlReport, dataset_dir: Path | str, texts: TextLookup | None
) -> str:
    """SHA-256 of everything ``samples.jsonl`` and ``report.html`` are made of."""
    import io

    digest = hashlib.sha256(_code_digest())
    page = io.StringIO()  # the page without samples and prompts: template, tables, figures
    write_page(HtmlReport(title=report.title, records=(), tables=report.tables,
                          figures=report.figures, facts=report.facts,
                          summary_html=report.summary_html,
                          certificates=report.certificates), page, ())  # fmt: skip
    digest.update(page.getvalue().encode("utf-8", "surrogatepass"))
    digest.update(_text(dataset_dir))
    for key, prompt in report.prompts.items():
        digest.update(_text(key) + _text(prompt))
    for chunk in record_chunks(frame, texts):
        long = [c for c in _LONG if c in chunk.columns]
        digest.update(chunk.drop(columns=long).to_json(orient="split", index=False).encode())
        for column in long:
            digest.update(b"".join(_text(v) for v in chunk[column]))
    return digest.hexdigest()


def file_states(paths: Iterable[Path]) -> FileStates:
    """[size, mtime_ns] of each existing file, by name."""
    return {p.name: [p.stat().st_size, p.stat().st_mtime_ns] for p in paths if p.is_file()}


def up_to_date(previous: TranscriptsState, digest: str, paths: list[Path]) -> bool:
    """True when ``paths`` were written from inputs with ``digest`` and not touched since."""
    state = file_states(paths)
    return previous.digest == digest and previous.files == state and len(state) == len(paths)


def written(digest: str, paths: list[Path]) -> TranscriptsState:
    """The state to record after ``paths`` were just written from inputs with ``digest``."""
    return TranscriptsState(digest=digest, files=file_states(paths))
