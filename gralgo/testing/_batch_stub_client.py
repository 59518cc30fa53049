"""Client side of the loopback batch stub: start it, steer it, read what it was paid for."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

BATCH_STUB_SCRIPT = Path(__file__).resolve().with_name("batch_stub_server.py")


class BatchStub:
    """Handle on a running ``batch_stub_server.py`` (OpenAI, Anthropic and Gemini batch APIs)."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process, self.port = process, port
        self.base = f"http://127.0.0.1:{port}"
        self.api_base = f"{self.base}/v1"
        """``model.api_base`` for OpenAI-style models (Anthropic models use :attr:`base`, Gemini
        models ``base + "/v1beta"``)."""

    def control(self, **settings: Any) -> dict[str, Any]:
        """Set ``delay_s``, ``hold``, ``fail_every``, ``expire``, ``expire_fraction``,
        ``reasoning`` and ``answers`` (exact prompt -> scripted reply) for batches created from
        now on. Batches created under ``hold=True`` run until ``release=True``."""
        request = urllib.request.Request(
            self.base + "/control",
            data=json.dumps(settings).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return dict(json.loads(response.read()))

    def stats(self) -> dict[str, Any]:
        """``paid`` (answered lines per custom_id), ``batches``, ``files`` (input files alive),
        ``deleted_files``, ``created``."""
        with urllib.request.urlopen(self.base + "/stats", timeout=30) as response:
            return dict(json.loads(response.read()))

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


def start_batch_stub(folder: Path) -> BatchStub:
    """Start the batch stub on a free port (its files under ``folder``); wait until it listens."""
    process = subprocess.Popen(
        [sys.executable, str(BATCH_STUB_SCRIPT), "--port", "0", "--dir", str(folder)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("LISTENING "):
        process.kill()
        raise RuntimeError(f"batch stub did not start: {line!r}")
    return BatchStub(process, int(line.split()[1]))
