"""Per-endpoint concurrency limit that halves on rate limiting and recovers additively (AIMD)."""

from __future__ import annotations

import asyncio
import time
from collections import deque

DEFAULT_PAUSE_S = 1.0
MAX_PAUSE_S = 60.0


class AdaptiveLimiter:
    """At most ``limit`` calls in flight to one endpoint; FIFO for waiters.

    A 429 halves the limit (at least 1) once per *epoch* — a burst of 429s from calls launched
    under the same limit counts as one signal — and pauses new calls until the Retry-After
    time. Every ``successes_per_step`` successes raise the limit by one, back up to ``max_limit``.
    """

    def __init__(self, max_limit: int, successes_per_step: int = 4) -> None:
        if max_limit < 1:
            raise ValueError(f"max_limit must be >= 1, got {max_limit}")
        self.max_limit = max_limit
        self.limit = max_limit
        self.min_limit_seen = max_limit
        self.successes_per_step = max(1, successes_per_step)
        self.in_flight = 0
        self.epoch = 0
        self.rate_limits = 0
        self._successes = 0
        self._consecutive_rate_limits = 0
        self._pause_until = 0.0
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._wake_handle: asyncio.TimerHandle | None = None

    @property
    def paused_for(self) -> float:
        """Seconds left in the current Retry-After pause (0 when not paused)."""
        return max(0.0, self._pause_until - time.monotonic())

    async def acquire(self) -> int:
        """Wait for a slot; returns the epoch to pass back to :meth:`rate_limited`."""
        if not self._waiters and self.paused_for == 0 and self.in_flight < self.limit:
            self.in_flight += 1
            return self.epoch
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(future)
        self._schedule_wake()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # the slot was granted just before the cancel
            elif future in self._waiters:  # a wake-up may already have dropped it
                self._waiters.remove(future)
            raise
        return self.epoch

    def release(self) -> None:
        """Give back a slot (after the call finished, whatever the outcome)."""
        self.in_flight -= 1
        self._wake()

    def succeeded(self) -> None:
        """One successful call: count towards raising the limit."""
        self._consecutive_rate_limits = 0
        if self.limit >= self.max_limit:
            return
        self._successes += 1
        if self._successes >= self.successes_per_step:
            self._successes = 0
            self.limit += 1
            self._wake()

    def rate_limited(self, epoch: int, retry_after_s: float | None) -> float:
        """A 429 for a call launched in ``epoch``; returns the pause in seconds."""
        self.rate_limits += 1
        if epoch == self.epoch:
            self.epoch += 1
            self.limit = max(1, self.limit // 2)
            self.min_limit_seen = min(self.min_limit_seen, self.limit)
            self._successes = 0
            self._consecutive_rate_limits += 1
        if retry_after_s is None:
            retry_after_s = min(
                MAX_PAUSE_S, DEFAULT_PAUSE_S * 2 ** (self._consecutive_rate_limits - 1)
            )
        pause = min(MAX_PAUSE_S, retry_after_s)
        self._pause_until = max(self._pause_until, time.monotonic() + pause)
        return pause

    def _wake(self) -> None:
        if self.paused_for > 0:
            self._schedule_wake()
            return
        while self._waiters and self.in_flight < self.limit:
            future = self._waiters.popleft()
            if future.done():
                continue
            self.in_flight += 1
            future.set_result(None)

    def _schedule_wake(self) -> None:
        delay = self.paused_for
        if delay <= 0:
            self._wake()
            return
        if self._wake_handle is not None and not self._wake_handle.cancelled():
            self._wake_handle.cancel()
        self._wake_handle = asyncio.get_running_loop().call_later(delay + 0.001, self._wake)
