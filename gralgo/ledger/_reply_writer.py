"""Group commit: a run's replies are written by one thread, a group per transaction.

The event loop hands each received reply to :meth:`ReplyWriter.keep` and awaits it; the
thread takes every reply pending, commits them in one transaction
(:meth:`ResponseKeeper.keep_group`: a sample the group does not take is kept on its own,
retried, else rescued) and only then settles their futures, so a reply is durable before the
runner counts it. A lone reply is written at once; the replies that arrive while a commit runs
go together into the next one. SQLite releases the interpreter lock while it writes, so the
loop keeps sending and receiving meanwhile.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence

from gralgo.ledger._logprobs import SampleLogprobs
from gralgo.ledger._records import SampleRecord
from gralgo.ledger._response_keeper import ResponseKeeper

_Pending = tuple[SampleRecord, SampleLogprobs | None, "asyncio.Future[bool]"]


class ReplyWriter:
    """Writes a run's replies from one thread; create it in the running event loop, and
    :meth:`close` it before the run's claims are released."""

    def __init__(self, keeper: ResponseKeeper, on_failure: Callable[[], None]) -> None:
        self.keeper, self.on_failure = keeper, on_failure
        self._loop = asyncio.get_running_loop()
        self._pending: list[_Pending] = []
        self._wake = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._write, name="gralgo-ledger", daemon=True)
        self._thread.start()

    async def keep(self, rec: SampleRecord, logprobs: SampleLogprobs | None = None) -> bool:
        """Once ``rec`` is durable: True when the ledger took it, False when it went to the
        rescue file or memory (as :meth:`ResponseKeeper.keep`; ``on_failure`` has run)."""
        future: asyncio.Future[bool] = self._loop.create_future()
        with self._wake:
            self._pending.append((rec, logprobs, future))
            self._wake.notify()
        return await future

    async def close(self) -> None:
        """Write what is pending, then end the thread (a cancelled waiter's reply is written
        too: it was received)."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        await asyncio.to_thread(self._thread.join)

    def _write(self) -> None:
        try:
            while True:
                with self._wake:
                    while not self._pending and not self._closed:
                        self._wake.wait()
                    group, self._pending = self._pending, []
                if not group:
                    return
                self._keep(group)
        finally:
            self.keeper.ledger.close_thread_connection()

    def _keep(self, group: Sequence[_Pending]) -> None:
        items = [(rec, logprobs) for rec, logprobs, _ in group]
        try:
            outcomes = self.keeper.keep_group(items)
        except Exception as err:  # never lose a reply: in memory, saved at the run's end
            self.keeper.note(err)
            self.keeper.unsaved.extend(rec for rec, _ in items)
            for rec, logprobs in items:
                if logprobs is not None:
                    self.keeper.unsaved_logprobs[(rec.request_key, rec.sample_index)] = logprobs
            outcomes = [False] * len(items)
        self._loop.call_soon_threadsafe(self._settle, group, outcomes)

    def _settle(self, group: Sequence[_Pending], outcomes: Sequence[bool]) -> None:
        if not all(outcomes):
            self.on_failure()  # before any of these waiters runs on: no new call starts
        for (_, _, future), outcome in zip(group, outcomes, strict=True):
            if not future.done():  # a waiter cancelled after the grace
                future.set_result(outcome)
