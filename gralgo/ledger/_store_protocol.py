"""The ledger's interface as its users see it: a ``typing.Protocol`` that the SQLite
(:class:`~gralgo.ledger._sqlite.Ledger`) and the PostgreSQL
(:class:`~gralgo.ledger._postgres.PostgresLedger`) stores both satisfy, so mypy checks every
call the runner, the batch runner, the results reader and the app make on either."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, Self

from gralgo.ledger._batches import BatchRecord
from gralgo.ledger._claims import ClaimResult, Pair
from gralgo.ledger._records import Request, RequestInfo, SampleRecord

if TYPE_CHECKING:
    from gralgo.ledger._logprobs import SampleLogprobs
    from gralgo.ledger._postgres import ServerLocation


class LedgerStore(Protocol):
    """What every ledger offers (``open_ledger`` returns one)."""

    @property
    def path(self) -> Path | ServerLocation:
        """Where the ledger is, for messages: a file, or a server URL without its password."""

    @property
    def rescue_path(self) -> Path:
        """Where samples go when the ledger cannot take them (imported on the next open)."""

    @property
    def last_write_error(self) -> BaseException | None:
        """Why the last write the store refused failed."""

    def identity(self) -> str: ...

    # samples
    def record(
        self, rec: SampleRecord, owner: str | None = None, logprobs: SampleLogprobs | None = None
    ) -> None: ...
    def record_durably(
        self,
        rec: SampleRecord,
        attempts: int = 5,
        owner: str | None = None,
        logprobs: SampleLogprobs | None = None,
    ) -> bool: ...
    def record_group(
        self, items: Sequence[tuple[SampleRecord, SampleLogprobs | None]], owner: str | None = None
    ) -> int: ...
    def rescue(
        self,
        records: Sequence[SampleRecord],
        path: Path | None = None,
        logprobs: Mapping[Pair, SampleLogprobs] | None = None,
    ) -> None: ...
    def missing(self, requests: Sequence[Request], k: int) -> list[tuple[Request, int]]: ...
    def completed(self, request_keys: Iterable[str]) -> set[tuple[str, int]]: ...
    def samples(self, request_keys: Iterable[str]) -> dict[tuple[str, int], SampleRecord]: ...
    def all_samples(self) -> list[SampleRecord]: ...
    def rows(
        self, request_keys: Iterable[str] | None, columns: Sequence[str]
    ) -> Iterator[tuple[object, ...]]: ...
    def read_logprobs(self, pairs: Iterable[Pair]) -> dict[Pair, SampleLogprobs]: ...

    # requests
    def register_requests(self, infos: Iterable[RequestInfo]) -> None: ...
    def requests(
        self, request_keys: Iterable[str] | None = None, *, messages: bool = True
    ) -> list[RequestInfo]: ...

    # claims
    def claim(
        self,
        pairs: Sequence[Pair],
        owner: str,
        lease_s: float,
        limit: int,
        watched: frozenset[Pair] = frozenset(),
    ) -> ClaimResult: ...
    def renew_claims(self, owner: str, lease_s: float) -> int: ...
    def release_claims(self, owner: str, pairs: Sequence[Pair] | None = None) -> None: ...

    # provider batches (``_batch_store``)
    def open_batch(
        self, draft: BatchRecord, pairs: Sequence[Pair], limit: int
    ) -> tuple[BatchRecord, list[Pair]]: ...
    def update_batch(self, batch_ref: str, **changes: object) -> None: ...
    def batches(self, job: str | None = None, open_only: bool = False) -> list[BatchRecord]: ...
    def batch(self, batch_ref: str) -> BatchRecord | None: ...
    def batch_pairs(self, batch_ref: str) -> list[Pair]: ...
    def take_batch(self, batch_ref: str, collector: str, lease_s: float) -> bool: ...
    def drop_collector(self, collector: str) -> None: ...
    def store_batch_results(
        self,
        batch_ref: str,
        records: Sequence[SampleRecord],
        logprobs: Mapping[Pair, SampleLogprobs] | None = None,
    ) -> None: ...
    def finish_batch(self, batch_ref: str, state: str, note: str | None) -> None: ...

    def close_thread_connection(self) -> None: ...
    def close(self) -> None: ...
    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
