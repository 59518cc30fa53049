"""A live progress bar for a run: done / total, tokens, cost, errors, ETA."""

from __future__ import annotations

from types import TracebackType

from gralgo.run._records import SampleRecord


class RunProgress:
    """Rich progress bar fed by the runner's ``on_progress`` callback."""

    def __init__(self, total: int, description: str = "sampling") -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.tokens = 0
        self.cost = 0.0
        self.errors = 0
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[stats]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            transient=False,
        )
        self._task = self._progress.add_task(description, total=total, stats=self._stats())

    def _stats(self) -> str:
        return f"tokens {self.tokens:,}  cost ${self.cost:,.4f}  errors {self.errors}"

    def __call__(self, record: SampleRecord) -> None:
        self.tokens += (record.prompt_tokens or 0) + (record.completion_tokens or 0)
        self.cost += record.cost_usd or 0.0
        self.errors += 0 if record.ok else 1
        self._progress.update(self._task, advance=1, stats=self._stats())

    def __enter__(self) -> RunProgress:
        self._progress.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.stop()
