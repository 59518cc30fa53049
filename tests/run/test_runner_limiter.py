"""AdaptiveLimiter: cap on in-flight calls, halving on 429 once per epoch, pause, recovery."""

from __future__ import annotations

import asyncio
import time

import pytest

from gralgo.run._limiter import AdaptiveLimiter


def test_never_more_than_limit_in_flight() -> None:
    async def scenario() -> int:
        limiter = AdaptiveLimiter(3)
        peak = 0

        async def work() -> None:
            nonlocal peak
            await limiter.acquire()
            peak = max(peak, limiter.in_flight)
            await asyncio.sleep(0.001)
            limiter.release()

        await asyncio.gather(*(work() for _ in range(30)))
        assert limiter.in_flight == 0
        return peak

    assert asyncio.run(scenario()) == 3


def test_waiters_are_served_in_fifo_order() -> None:
    async def scenario() -> list[int]:
        limiter = AdaptiveLimiter(1)
        order: list[int] = []
        await limiter.acquire()

        async def work(i: int) -> None:
            await limiter.acquire()
            order.append(i)
            limiter.release()

        tasks = [asyncio.create_task(work(i)) for i in range(5)]
        await asyncio.sleep(0)
        limiter.release()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == [0, 1, 2, 3, 4]


def test_burst_of_429s_from_one_epoch_halves_once() -> None:
    async def scenario() -> None:
        limiter = AdaptiveLimiter(16)
        epochs = [await limiter.acquire() for _ in range(8)]
        for epoch in epochs:
            limiter.rate_limited(epoch, 0.0)
            limiter.release()
        assert limiter.limit == 8 and limiter.rate_limits == 8
        epoch = await limiter.acquire()
        limiter.rate_limited(epoch, 0.0)  # a new epoch: halves again
        limiter.release()
        assert limiter.limit == 4 and limiter.min_limit_seen == 4

    asyncio.run(scenario())


def test_limit_never_drops_below_one() -> None:
    async def scenario() -> None:
        limiter = AdaptiveLimiter(2)
        for _ in range(5):
            limiter.rate_limited(await limiter.acquire(), 0.0)
            limiter.release()
        assert limiter.limit == 1

    asyncio.run(scenario())


def test_retry_after_pauses_new_acquires() -> None:
    async def scenario() -> float:
        limiter = AdaptiveLimiter(4)
        epoch = await limiter.acquire()
        assert limiter.rate_limited(epoch, 0.3) == pytest.approx(0.3)
        limiter.release()
        start = time.monotonic()
        await limiter.acquire()
        return time.monotonic() - start

    assert asyncio.run(scenario()) >= 0.28


def test_default_pause_when_no_retry_after() -> None:
    limiter = AdaptiveLimiter(4)
    assert limiter.rate_limited(limiter.epoch, None) == pytest.approx(1.0)
    assert limiter.rate_limited(limiter.epoch, None) == pytest.approx(2.0)  # grows while 429s last
    limiter.succeeded()
    assert limiter.rate_limited(limiter.epoch, None) == pytest.approx(1.0)


def test_recovers_additively_to_the_maximum() -> None:
    async def scenario() -> None:
        limiter = AdaptiveLimiter(8, successes_per_step=2)
        limiter.rate_limited(await limiter.acquire(), 0.0)
        limiter.release()
        assert limiter.limit == 4
        for expected in (4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8):
            assert limiter.limit == expected
            limiter.succeeded()
        assert limiter.limit == 8

    asyncio.run(scenario())


def test_cancelled_waiter_does_not_leak_a_slot() -> None:
    async def scenario() -> None:
        limiter = AdaptiveLimiter(1)
        await limiter.acquire()
        waiter = asyncio.create_task(limiter.acquire())
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        limiter.release()
        assert limiter.in_flight == 0
        await asyncio.wait_for(limiter.acquire(), 1)
        assert limiter.in_flight == 1

    asyncio.run(scenario())


def test_rejects_a_zero_limit() -> None:
    with pytest.raises(ValueError):
        AdaptiveLimiter(0)


def test_cancelled_waiter_dropped_by_a_wake_up_cancels_cleanly() -> None:
    from gralgo.run._limiter import AdaptiveLimiter

    async def scenario() -> int:
        limiter = AdaptiveLimiter(1)
        await limiter.acquire()
        waiter = asyncio.create_task(limiter.acquire())
        await asyncio.sleep(0)
        waiter.cancel()
        limiter.release()  # the wake-up pops the cancelled future before the task resumes
        try:
            await waiter
        except asyncio.CancelledError:
            pass
        return limiter.in_flight

    assert asyncio.run(scenario()) == 0
