"""The ledger's side of provider batches, shared by the SQLite and the PostgreSQL stores.

Every method is one transaction: claiming a batch's samples and recording its intent; moving
it on (file id, batch id); taking the collector's lease; storing a chunk of its results while
dropping their claims; and closing it, which releases every sample it did not answer (they
are pending again). The stores supply the transaction (``BEGIN IMMEDIATE`` on SQLite, the
advisory lock on PostgreSQL) and the parameter marker.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any

from gralgo.ledger._batches import (
    BATCH_COLUMNS,
    BATCH_STATES,
    OPEN_STATES,
    BatchRecord,
    pairs_digest,
)
from gralgo.ledger._claims import ClaimDecision, Pair, SampleState, owner_is_dead
from gralgo.ledger._logprobs import SQLITE_TABLE, SampleLogprobs, logprob_row
from gralgo.ledger._normalise import storable_record
from gralgo.ledger._records import SampleRecord
from gralgo.ledger._sqlite_schema import SAMPLE_COLUMNS, upsert_sample_sql

_CHUNK = 400  # pairs looked up per query


class BatchStore:
    """Batch methods of a ledger; a store implements the three hooks below."""

    _placeholder = "?"
    _logprobs_upsert = "INSERT OR REPLACE INTO logprobs VALUES (?, ?, ?, ?, ?, ?, ?)"
    """How the store writes a logprob row (the live path's statement)."""
    _logprobs_table = SQLITE_TABLE

    def _batch_transaction(self) -> AbstractContextManager[Any]:
        """A write transaction that serialises claimers; yields the connection."""
        raise NotImplementedError

    def _batch_read(self) -> Any:
        """A connection for reads."""
        raise NotImplementedError

    def _executemany(self, conn: Any, sql: str, rows: Sequence[tuple[object, ...]]) -> None:
        conn.executemany(sql, rows)

    def _sql(self, text: str) -> str:
        return text.replace("?", self._placeholder)

    def _states(self, conn: Any, pairs: Sequence[Pair]) -> Iterator[tuple[Pair, SampleState]]:
        """The ledger state of each pair, in input order, a chunk at a time."""
        for start in range(0, len(pairs), _CHUNK):
            chunk = pairs[start : start + _CHUNK]
            keys = sorted({k for k, _ in chunk})
            marks = ", ".join([self._placeholder] * len(keys))
            rows = conn.execute(
                self._sql(
                    "SELECT request_key, sample_index, error_class IS NULL FROM samples "
                    f"WHERE request_key IN ({marks})"
                ),
                keys,
            ).fetchall()
            held = conn.execute(
                self._sql(
                    "SELECT request_key, sample_index, owner, expires_at FROM claims "
                    f"WHERE request_key IN ({marks})"
                ),
                keys,
            ).fetchall()
            stored = {(k, i): bool(ok) for k, i, ok in rows}
            claims = {(k, i): (o, e) for k, i, o, e in held}
            for pair in chunk:
                holder, expires = claims.get(pair, (None, 0.0))
                yield pair, SampleState(pair in stored, stored.get(pair, False), holder, expires)

    def open_batch(
        self, draft: BatchRecord, pairs: Sequence[Pair], limit: int
    ) -> tuple[BatchRecord, list[Pair]]:
        """Claim up to ``limit`` of ``pairs`` for the batch ``draft`` (owner ``batch:<ref>``,
        lease until ``draft.expires_at``) and record its intent, in one transaction. Pairs
        answered or held by another owner are skipped. Returns the recorded batch (its digest
        and request count set) and the claimed pairs; nothing is recorded when none is free."""
        decision = ClaimDecision(draft.owner, frozenset())
        claimed: list[Pair] = decision.result.claimed
        with self._batch_transaction() as conn:
            for pair, state in self._states(conn, pairs):
                if len(claimed) >= limit:
                    break
                decision.take(pair, state)
            if not claimed:
                return draft, []
            record = replace(draft, digest=pairs_digest(claimed), requests=len(claimed))
            self._executemany(
                conn,
                self._sql("DELETE FROM claims WHERE request_key = ? AND sample_index = ?"),
                claimed,
            )
            self._executemany(
                conn,
                self._sql(
                    "INSERT INTO claims (request_key, sample_index, owner, expires_at) "
                    "VALUES (?, ?, ?, ?)"
                ),
                [(*pair, record.owner, record.expires_at) for pair in claimed],
            )
            marks = ", ".join([self._placeholder] * len(BATCH_COLUMNS))
            conn.execute(
                f"INSERT INTO batches ({', '.join(BATCH_COLUMNS)}) VALUES ({marks})",
                tuple(getattr(record, c) for c in BATCH_COLUMNS),
            )
        return record, list(claimed)

    def update_batch(self, batch_ref: str, **changes: object) -> None:
        """Set columns of a batch row (``state``, ``input_file_id``, ``batch_id``...)."""
        unknown = set(changes) - set(BATCH_COLUMNS)
        if unknown or changes.get("state", "intent") not in BATCH_STATES:
            raise ValueError(f"bad batch update {changes}")
        sets = ", ".join(f"{c} = ?" for c in changes)
        with self._batch_transaction() as conn:
            conn.execute(
                self._sql(f"UPDATE batches SET {sets} WHERE batch_ref = ?"),
                (*changes.values(), batch_ref),
            )

    def batches(self, job: str | None = None, open_only: bool = False) -> list[BatchRecord]:
        """Batch rows (of ``job`` when given), oldest first."""
        where, args = [], []
        if job is not None:
            where.append("job = ?")
            args.append(job)
        if open_only:
            where.append(f"state IN ({', '.join(['?'] * len(OPEN_STATES))})")
            args.extend(OPEN_STATES)
        sql = f"SELECT {', '.join(BATCH_COLUMNS)} FROM batches"
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = self._batch_read().execute(self._sql(sql + " ORDER BY created_at"), args)
        return [BatchRecord(*row) for row in rows.fetchall()]

    def batch(self, batch_ref: str) -> BatchRecord | None:
        rows = self._batch_read().execute(
            self._sql(f"SELECT {', '.join(BATCH_COLUMNS)} FROM batches WHERE batch_ref = ?"),
            (batch_ref,),
        )
        row = rows.fetchone()
        return None if row is None else BatchRecord(*row)

    def batch_pairs(self, batch_ref: str) -> list[Pair]:
        """The samples the batch still holds (claimed, no result stored yet)."""
        from gralgo.ledger._batches import batch_owner

        rows = self._batch_read().execute(
            self._sql(
                "SELECT request_key, sample_index FROM claims WHERE owner = ? "
                "ORDER BY request_key, sample_index"
            ),
            (batch_owner(batch_ref),),
        )
        return [(k, int(i)) for k, i in rows.fetchall()]

    def take_batch(self, batch_ref: str, collector: str, lease_s: float) -> bool:
        """Become the batch's collector (one at a time): True when the batch is open and has no
        other live collector. Renew by calling again."""
        with self._batch_transaction() as conn:
            row = conn.execute(
                self._sql(
                    "SELECT state, collector, collector_until FROM batches WHERE batch_ref = ?"
                ),
                (batch_ref,),
            ).fetchone()
            if row is None or row[0] not in OPEN_STATES:
                return False
            state, holder, until = row
            now = time.time()
            if (
                holder is not None
                and holder != collector
                and (until or 0) > now
                and not owner_is_dead(holder)
            ):
                return False
            conn.execute(
                self._sql(
                    "UPDATE batches SET collector = ?, collector_until = ? WHERE batch_ref = ?"
                ),
                (collector, now + lease_s, batch_ref),
            )
        return True

    def drop_collector(self, collector: str) -> None:
        """Give up every collector lease ``collector`` holds (its run ends)."""
        with self._batch_transaction() as conn:
            conn.execute(
                self._sql(
                    "UPDATE batches SET collector = NULL, collector_until = NULL "
                    "WHERE collector = ?"
                ),
                (collector,),
            )

    def store_batch_results(
        self,
        batch_ref: str,
        records: Sequence[SampleRecord],
        logprobs: Mapping[Pair, SampleLogprobs] | None = None,
    ) -> None:
        """Store results of the batch (a success row stays final; each row's ``batch_ref`` is
        the batch's) with the ``logprobs`` of those that have them, and drop their claims, in
        one transaction."""
        from gralgo.ledger._batches import batch_owner

        if not records:
            return
        owner = batch_owner(batch_ref)
        upsert = upsert_sample_sql(self._placeholder)
        rows = [
            tuple(batch_ref if c == "batch_ref" else getattr(r, c) for c in SAMPLE_COLUMNS)
            for r in map(storable_record, records)  # the live path's one normalisation
        ]
        with self._batch_transaction() as conn:
            self._executemany(conn, upsert, rows)
            if logprobs:
                lines = [logprob_row(key, index, data) for (key, index), data in logprobs.items()]
                conn.execute(self._logprobs_table)
                self._executemany(conn, self._logprobs_upsert, lines)
            self._executemany(
                conn,
                self._sql(
                    "DELETE FROM claims WHERE request_key = ? AND sample_index = ? AND owner = ?"
                ),
                [(r.request_key, r.sample_index, owner) for r in records],
            )

    def finish_batch(self, batch_ref: str, state: str, note: str | None) -> None:
        """Close the batch: release every sample it still holds (pending again) and set its
        final ``state`` (``collected`` or ``abandoned``), in one transaction."""
        from gralgo.ledger._batches import batch_owner

        if state not in ("collected", "abandoned"):
            raise ValueError(f"not a final batch state: {state}")
        with self._batch_transaction() as conn:
            conn.execute(self._sql("DELETE FROM claims WHERE owner = ?"), (batch_owner(batch_ref),))
            conn.execute(
                self._sql(
                    "UPDATE batches SET state = ?, note = ?, finished_at = ?, collector = NULL, "
                    "collector_until = NULL WHERE batch_ref = ?"
                ),
                (state, note, time.time(), batch_ref),
            )
