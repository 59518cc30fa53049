"""Provider batches in the ledger: one row per batch, from intent to collection (schema v3).

A batch is recorded (state ``intent``) in the same transaction that claims its samples for the
owner ``batch:<ref>`` with a lease as long as the provider's completion window plus a margin,
so the claim survives the process that made it. The row then gains the uploaded file id
(``uploaded``), the provider's batch id (``created``) and ends ``collected`` (results stored,
the rest released) or ``abandoned`` (never created at the provider). See ``design/batch.md``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, fields

from gralgo.ledger._claims import Pair

BATCH_STATES = ("intent", "uploaded", "created", "collected", "abandoned")
"""A batch row's states, in order; the last two are final."""
OPEN_STATES = ("intent", "uploaded", "created")
BATCH_OWNER_PREFIX = "batch:"


@dataclass(frozen=True)
class BatchRecord:
    """One row of the ledger's ``batches`` table."""

    batch_ref: str
    """Our id for the batch (random hex), known before the provider's; in its metadata."""
    job: str
    """The job that submitted it (a digest of its config), in the batch's metadata."""
    provider: str
    """``openai`` (Files + Batches API, also OpenAI-compatible servers) or ``anthropic``."""
    endpoint: str
    """The API base URL (empty for the provider's default)."""
    digest: str
    """Digest of the batch's ``custom_id`` list (request key and sample index of each line)."""
    requests: int
    """Lines in the batch."""
    state: str
    """One of :data:`BATCH_STATES`."""
    creator: str
    """Owner id (``host:pid:random``) of the process that recorded the intent."""
    created_at: float
    """Unix time of the intent."""
    expires_at: float
    """When the samples' claims run out (completion window plus margin)."""
    input_file_id: str | None = None
    """The uploaded request file (OpenAI); ``None`` before upload or for Anthropic."""
    batch_id: str | None = None
    """The provider's batch id, once known."""
    collector: str | None = None
    """Owner currently collecting the results."""
    collector_until: float | None = None
    """When that collector's lease runs out."""
    finished_at: float | None = None
    """When the batch reached a final state here."""
    note: str | None = None
    """The provider's final status (``completed``, ``expired``...) or why it was abandoned."""

    @property
    def owner(self) -> str:
        """The claim owner that holds the batch's samples."""
        return batch_owner(self.batch_ref)

    @property
    def is_open(self) -> bool:
        return self.state in OPEN_STATES


BATCH_COLUMNS = tuple(f.name for f in fields(BatchRecord))


def batch_owner(batch_ref: str) -> str:
    """The claim owner of a batch. Its host part is ``batch``, never a real host, so the claim
    is never taken for a dead process's: it ends by its lease or by collection."""
    return BATCH_OWNER_PREFIX + batch_ref


def custom_id(pair: Pair) -> str:
    """The ``custom_id`` of a sample in a batch file: ``<request key>-<sample index>``
    (Anthropic allows ``[A-Za-z0-9_-]{1,64}``; a key is 32 hex digits)."""
    return f"{pair[0]}-{pair[1]}"


def parse_custom_id(value: str) -> Pair:
    """The (request key, sample index) of a ``custom_id``; ``ValueError`` if not ours."""
    key, sep, index = value.rpartition("-")
    if not sep or not key or not index.isdigit():
        raise ValueError(f"not a gralgo custom_id: {value!r}")
    return key, int(index)


def pairs_digest(pairs: Iterable[Pair]) -> str:
    """A digest of the batch's samples (order-free), put in the batch's metadata."""
    text = "\n".join(sorted(custom_id(p) for p in pairs))
    return hashlib.sha256(text.encode()).hexdigest()[:32]
