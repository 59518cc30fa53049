"""Client side of the loopback stub server: start it, steer it, read its statistics."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gralgo.ledger import Request

STUB_SCRIPT = Path(__file__).resolve().with_name("stub_server.py")
"""The server, run as a script so that a child process needs no import path set up."""
FAKE_KEY_ENV = "GRALGO_TEST_STUB_KEY"
FAKE_KEY = "sk-test-SECRET123"


class StubServer:
    """Handle on a running ``stub_server.py`` process."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process, self.port = process, port
        self.base = f"http://127.0.0.1:{port}"
        self.api_base = f"{self.base}/v1"

    def _post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return dict(json.loads(response.read()))

    def control(
        self,
        latency_s: float = 0.0,
        faults: list[dict[str, Any]] | None = None,
        reasoning: bool = False,
        answers: Mapping[str, str | Sequence[str]] | None = None,
        skills: dict[str, float] | None = None,
        reply_chars: int = 0,
    ) -> None:
        """Set latency, faults and canned answers (prompt → reply, or a list of replies served
        in turn to that prompt's calls), and reset the statistics.
        ``skills`` (request model → share of the ``answers`` prompts it gets right, the rest
        answered ``\\boxed{-1}``) lets one server play several models of a sweep.
        ``reply_chars`` > 0: each reply is that much reasoning before its answer, with usage
        counted from the texts (realistic replies for benchmarks)."""
        self._post(
            "/control",
            {
                "latency_s": latency_s,
                "faults": faults or [],
                "reasoning": reasoning,
                "answers": {
                    p: r if isinstance(r, str) else list(r) for p, r in (answers or {}).items()
                },
                "skills": skills or {},
                "reply_chars": reply_chars,
            },
        )

    def stats(self) -> dict[str, Any]:
        with urllib.request.urlopen(self.base + "/stats", timeout=10) as response:
            return dict(json.loads(response.read()))


def start_stub(*args: str) -> StubServer:
    """Start the stub on a free port and wait until it listens."""
    process = subprocess.Popen(
        [sys.executable, str(STUB_SCRIPT), "--port", "0", *args],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("LISTENING "):
        process.kill()
        raise RuntimeError(f"stub server did not start: {line!r}")
    return StubServer(process, int(line.split()[1]))


def stop_stub(stub: StubServer) -> None:
    os.kill(stub.process.pid, signal.SIGKILL)
    stub.process.wait(timeout=10)


def make_requests(
    api_base: str, n: int, *, seed: int | None = None, tag: str = "q"
) -> list[Request]:
    """``n`` distinct requests to the stub model."""
    from gralgo.ledger import ModelSpec, Request, SamplingParams

    model = ModelSpec(
        name="stub", litellm_model="openai/stub-model", api_base=api_base, api_key_env=FAKE_KEY_ENV
    )
    sampling = SamplingParams(max_tokens=64, seed=seed)
    return [
        Request(
            f"inst-{tag}-{i}",
            ({"role": "user", "content": f"{tag} question {i}"},),
            model,
            sampling,
        )
        for i in range(n)
    ]
