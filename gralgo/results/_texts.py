"""The long texts of a job's samples, read from its ledger a chunk of request keys at a time.

Scoring and metrics need no reasoning text; the transcripts (``samples.jsonl``,
``report.html``) do. They stream it through :class:`JobTexts` instead of holding every
sample's text at once, so a job's memory does not grow with the text its ledger stores.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from gralgo.results._job import read_job

TEXT_FIELDS: tuple[str, ...] = ("answer_text", "reasoning_text")
"""The sample columns :class:`JobTexts` reads (the bulk of what a ledger stores)."""

Texts = dict[tuple[str, int], tuple[Any, ...]]
"""(request key, sample index) -> the values of the asked-for fields, in their order."""


class JobTexts:
    """Texts of the samples of a job folder's ledger; use as a context manager.

    ``texts(keys, fields)`` returns the stored values of ``fields`` (some of
    :data:`TEXT_FIELDS`) for every stored sample of ``keys``; a never-stored sample is absent.
    """

    def __init__(self, job_dir: str | os.PathLike[str]) -> None:
        from gralgo.results._reader import _open_ledger

        self._ledger = _open_ledger(read_job(Path(job_dir)).ledger_path)

    def texts(self, request_keys: Sequence[str], fields: Sequence[str]) -> Texts:
        """The stored ``fields`` of every sample of ``request_keys``."""
        unknown = [f for f in fields if f not in TEXT_FIELDS]
        if unknown:
            raise ValueError(f"not text fields: {unknown}; known: {list(TEXT_FIELDS)}")
        return {(row[0], row[1]): row[2:] for row in self._ledger.rows(request_keys, fields)}

    def close(self) -> None:
        self._ledger.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
