"""Links from ``study.html`` to the samples behind a cell: the job's ``report.html`` opened with
a URL fragment that filters it (``#model=M&task=T&level=L`` or ``#model=M&ids=ID1,ID2``)."""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

SETTING = ("format", "context", "mode")


def samples_link(job_dir: Any, out_dir: Path, **filters: Any) -> str:
    """Relative link from the study page to the job's report.html, filtered by ``filters``."""
    if not isinstance(job_dir, str) or not job_dir:
        return ""
    page = Path(job_dir) / "report.html"
    if not page.is_file():
        return ""
    from urllib.parse import quote, urlencode

    target = os.path.relpath(page.resolve(), out_dir.resolve())
    query = urlencode({k: str(v) for k, v in filters.items()})
    return quote(Path(target).as_posix()) + "#" + query


JobsOf = dict[tuple[str, ...], dict[str, str]]
"""(format, context, mode, model) -> instance id -> the job folder that answered it."""


def jobs_of(inst: pd.DataFrame) -> JobsOf:
    """Which job folder answered each instance, per setting and model (empty without
    ``job_dir``)."""
    if "job_dir" not in inst.columns:
        return {}
    jobs: JobsOf = {}
    for r in inst[[*SETTING, "model", "instance_id", "job_dir"]].astype(str).to_numpy():
        jobs.setdefault(tuple(r[:4]), {})[r[4]] = r[5]
    return jobs


def ids_links(
    ids: Sequence[str], model: str, jobs: dict[str, str], out_dir: Path
) -> list[tuple[str, int]]:
    """Links to ``model``'s samples on the instances ``ids``, with how many instances each
    shows: one per job folder holding them (one, unless a model's instances were split over
    jobs)."""
    by_job: dict[str, list[str]] = {}
    for instance_id in ids:
        by_job.setdefault(jobs.get(instance_id, ""), []).append(instance_id)
    links = []
    for job_dir, part in sorted(by_job.items()):
        link = samples_link(job_dir, out_dir, model=model, ids=",".join(part))
        if link:
            links.append((link, len(part)))
    return links


def count_cell(count: int, links: Sequence[tuple[str, int]], title: str) -> str:
    """A paired count, linked to the samples behind it (a count per job if they are several)."""
    if not count or not links:
        return str(count)
    return " + ".join(f'<a class="ids" href="{html.escape(link)}" title="{html.escape(title)}">'
                      f"{n}</a>" for link, n in links)  # fmt: skip
