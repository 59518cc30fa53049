"""The ``mode=certificate`` report: feasible / hallucination / optimal rates and the mean
optimality ratio per task x level, next to direct-mode accuracy on the same instances."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

RATE_COLUMNS = ("feasible_rate", "hallucination_rate", "optimal_rate", "mean_ratio")


def certificate_report(
    frame: pd.DataFrame,
    instances: Sequence[Any],
    numeric_ids: bool,
    out_dir: Path,
    task_options: Mapping[str, Mapping[str, Any]] | None = None,
    direct_accuracy: pd.DataFrame | None = None,
) -> tuple[list[Path], dict[str, float]]:
    """Classify every stored sample's certificate; write ``certificate_samples.csv``,
    ``tables/certificates.csv`` and ``tables/certificates.md``; return paths and metrics.

    ``direct_accuracy`` (columns task, level, direct_accuracy) fills the comparison column;
    without it the column is empty (run the same job with ``mode=direct`` to fill it).
    """
    from gralgo.score import certificate_table, certificate_verdicts

    by_id = {instance.id: instance for instance in instances}
    verdicts = (
        frame  # already checked (the report page shows the verdicts too)
        if {"certificate_status", "certificate_ratio", "certificate_detail"} <= set(frame.columns)
        else certificate_verdicts(frame, by_id, numeric_ids, task_options)
    )
    answered = verdicts[verdicts["certificate_status"].notna()]
    tables = out_dir / "tables"
    tables.mkdir(parents=True, exist_ok=True)
    samples_path = out_dir / "certificate_samples.csv"
    columns = ["instance_id", "task", "level", "sample_index", "certificate_status",
               "certificate_ratio", "certificate_detail"]  # fmt: skip
    verdicts[columns].to_csv(samples_path, index=False, float_format="%.6g")
    if answered.empty:
        table = pd.DataFrame(columns=["task", "level", "n", *RATE_COLUMNS, "direct_accuracy"])
    else:
        table = certificate_table(answered, by=("task", "level"))
        if direct_accuracy is not None and not direct_accuracy.empty:
            table = table.merge(direct_accuracy, on=["task", "level"], how="left")
        else:
            table["direct_accuracy"] = float("nan")
    csv_path = tables / "certificates.csv"
    table.to_csv(csv_path, index=False, float_format="%.6g")
    md_path = tables / "certificates.md"
    md_path.write_text(_markdown(table), encoding="utf-8")
    metrics: dict[str, float] = {}
    if not answered.empty:
        overall = certificate_table(answered.assign(all="all"), by=("all",)).iloc[0]
        for column in RATE_COLUMNS:
            value = overall[column]
            if pd.notna(value):
                metrics[f"certificate.{column}"] = float(value)
    return [samples_path, csv_path, md_path], metrics


def _markdown(table: pd.DataFrame) -> str:
    header = (
        "| task | level | n | feasible | hallucinated | optimal | mean ratio | direct acc. |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|\n"
    )
    rows = []
    for row in table.itertuples(index=False):
        cells = [row.feasible_rate, row.hallucination_rate, row.optimal_rate, row.mean_ratio,
                 row.direct_accuracy]  # fmt: skip
        shown = ["–" if pd.isna(c) else f"{c:.2f}" for c in cells]
        rows.append(f"| {row.task} | {row.level} | {row.n} | " + " | ".join(shown) + " |")
    note = (
        "\nRates over answered samples (errors excluded). feasible = valid witness (optimal or "
        "not); mean ratio = mean value/optimum over feasible witnesses; direct acc. = direct-"
        "mode accuracy of the same model on the same instances, from the ledger (– if not run).\n"
    )
    return "# Certificates\n\n" + header + "\n".join(rows) + "\n" + note
