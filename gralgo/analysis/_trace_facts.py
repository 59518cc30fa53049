"""``analysis=trace_facts``: check the graph facts every response states, without a judge.

Each response's claims (:mod:`gralgo.analysis._trace_claims`) are checked against its
instance's graph (:mod:`gralgo.analysis._trace_check`), located in the over-thinking segments,
and summarised per response, per task x level and per model. Offline, no cost; the checker's
code digest is written with the results. See ``design/trace-facts.md``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from gralgo.analysis._output import AnalysisOutput
from gralgo.analysis._responses import AnalysisInputError, scored_responses
from gralgo.analysis._trace_check import ERROR_KINDS, CheckedClaim, GraphFacts, check_claims
from gralgo.analysis._trace_claims import extract_claims, longest_name_words
from gralgo.analysis._trace_reading import Claim
from gralgo.analysis._trace_report import Marks, claim_marks, summary_table, write_report_shards

if TYPE_CHECKING:
    from gralgo.analysis._segmentation_method import Segmentation, SegmentedResponse
    from gralgo.dataset import Instance
    from gralgo.score import NodeNames

log = logging.getLogger("gralgo")

MEMORIZATION_ERRORS = ("hallucinated_edge", "missed_edge", "wrong_weight")
"""Errors in the given facts themselves (edges, weights): what the paper's judge labels a
"graph memorization error"; the rest are computed facts (degrees, distances, sets)."""

JUDGE_MEMORIZATION_LABEL = "graph_memorization_error"


CHECKER_MODULES = ("_trace_claims", "_trace_clauses", "_trace_anchored", "_trace_check")
"""The modules of ``gralgo.analysis`` whose source is the results' code version."""


def checker_version() -> str:
    """Digest of the extractor's and checker's source: the results' code version."""
    digest = hashlib.sha256()
    for name in CHECKER_MODULES:
        digest.update((Path(__file__).parent / f"{name}.py").read_bytes())
    return digest.hexdigest()[:12]


HELD_OUT_CAVEAT = (
    "Read as lower bounds: on wording nobody tuned the reader on, measured once per list, it "
    "found 74-99 % of the wrong claims of each kind on five lists in the mix real traces use "
    "and 49-91 % on eight more, but 3-70 % on three where facts are answers to the model's own "
    "questions ('Is A adjacent to B? Yes.'), 36-54 % where the node is named a clause before "
    "its fact ('Take A. Neighbours: B, C.'), 48-79 % in unusual notation (twenty authors); "
    "a flagged hallucinated edge was a real one 50-100 % of the time; check flags against the "
    "true fact shown beside each (design/trace-facts.md, What the held-out rounds say)."
)
"""What the held-out rounds measured, said wherever the measures are shown."""


CLAIM_COLUMNS = (
    "item", "kind", "nodes", "value", "start", "end", "segment", "verdict", "error", "truth",
)  # fmt: skip
"""Columns of ``claims.csv`` (one row per claim)."""


@dataclass(frozen=True)
class ResponseFacts:
    """The checked claims of one response as ``claims.csv``'s lines (cheap to send back from a
    worker: one string, not a row object per claim), their counts, and where its first wrong
    claim falls."""

    item: str
    claims_csv: str
    """The response's lines of ``claims.csv`` (:data:`CLAIM_COLUMNS` and the checker version)."""
    claims: int
    checkable: int
    """Claims checked correct or wrong."""
    wrong: int
    errors: tuple[int, ...]
    """Wrong claims per error kind (:data:`ERROR_KINDS`)."""
    first_wrong_char: int | None
    first_wrong_tokens: int | None
    first_wrong_segment: int | None
    segments: int
    marks: Marks
    """What the job's report page marks in the response (:func:`claim_marks`)."""

    def rows(self) -> list[tuple[Any, ...]]:
        """The claims as rows of :data:`CLAIM_COLUMNS` again (read back from the CSV text)."""
        import csv
        import io

        return [
            (item, kind, nodes, None if value == "" else int(value), int(start), int(end),
             int(segment), verdict, error or None, truth)
            for item, kind, nodes, value, start, end, segment, verdict, error, truth, _ in
            csv.reader(io.StringIO(self.claims_csv, newline=""))
        ]  # fmt: skip


def instances_for(inputs: Sequence[Path], dataset_dir: Path | None) -> dict[str, Instance]:
    """The instances (with graphs) of the input jobs, by id: from each job's dataset folder
    (its ``job.json``), or ``dataset_dir`` when given."""
    from gralgo.dataset import read_instances
    from gralgo.results import ResultsError, read_job

    folders: list[Path] = []
    if dataset_dir is not None:
        folders.append(dataset_dir)
    else:
        for path in inputs:
            try:
                folders.append(Path(read_job(path).dataset_dir))
            except ResultsError as err:
                raise AnalysisInputError(
                    f"trace_facts needs each response's graph: {path} has no job record "
                    f"({err}); pass analysis.dataset_dir=<the dataset folder>"
                ) from err
    found: dict[str, Instance] = {}
    for folder in dict.fromkeys(folders):
        if not folder.is_dir():
            raise AnalysisInputError(
                f"dataset folder {folder} does not exist; pass analysis.dataset_dir=<folder>"
            )
        for instance in read_instances(folder, formats=[], with_graphs=True):
            found[instance.id] = instance
    return found


Prepared = dict[tuple[str, bool], tuple["NodeNames", GraphFacts, int]]
"""Per (instance, numeric ids): its names, its graph's facts, the most words in a name."""


def check_responses(
    scored: pd.DataFrame,
    instances: Mapping[str, Instance],
    segmentation: Segmentation,
    tokenizer: str,
    workers: int = 0,
    version: str | None = None,
) -> tuple[list[ResponseFacts], Sequence[SegmentedResponse | None]]:
    """Every scored response's claims checked against its instance's graph, over ``workers``
    processes (0: one per core; responses of one instance stay in one process, which reads
    its graph and computes its distances once, and splits its responses into segments); with
    the segmented responses. ``version``: the checker version written in each claim's row
    (default :func:`checker_version`)."""
    import os

    from gralgo.analysis._segmentation_method import response_pieces
    from gralgo.analysis._workers import map_in_workers

    missing = sorted(set(scored["instance_id"]) - set(instances))
    if missing:
        raise AnalysisInputError(
            f"{len(missing)} responses' instances are not in the dataset (e.g. {missing[0]}); "
            "pass analysis.dataset_dir=<the dataset the job was run on>"
        )
    segmented = response_pieces(scored, segmentation)
    heads = _heads(scored)
    by_instance: dict[str, list[int]] = {}
    for index, head in enumerate(heads):
        by_instance.setdefault(head[1], []).append(index)
    workers = workers or os.cpu_count() or 1
    chunk_count = 1 if workers == 1 or len(heads) < 500 else workers * 4
    chunks: list[list[int]] = [[] for _ in range(chunk_count)]
    for number, indices in enumerate(by_instance.values()):
        chunks[number % chunk_count].extend(indices)
    cache: Prepared = {}
    version = checker_version() if version is None else version

    texts = scored["text"].tolist()

    def check_chunk(indices: list[int]) -> list[tuple[int, ResponseFacts]]:
        return [
            (
                i,
                _response_facts(
                    (*heads[i], segmented[i]), str(texts[i]), instances, cache, tokenizer, version
                ),
            )  # fmt: skip
            for i in indices
        ]

    if chunk_count == 1:
        done = check_chunk(chunks[0])
    else:
        done = [pair for part in map_in_workers(check_chunk, chunks, workers) for pair in part]
    found: list[ResponseFacts | None] = [None] * len(heads)
    for index, facts in done:
        found[index] = facts
    return [facts for facts in found if facts is not None], segmented


Row = tuple[str, str, bool, "SegmentedResponse | None"]


def _heads(scored: pd.DataFrame) -> list[tuple[str, str, bool]]:
    """Each response's item, instance and whether its format names nodes by number."""
    from gralgo.formats import get_format

    numeric = {fmt: get_format(fmt).codec.numeric for fmt in set(scored["format"])}
    return [
        (item, instance_id, numeric[fmt])
        for item, instance_id, fmt in zip(
            scored["item"], scored["instance_id"], scored["format"], strict=True
        )
    ]


def _rows(scored: pd.DataFrame, segmented: Sequence[SegmentedResponse | None]) -> list[Row]:
    return [(*head, piece) for head, piece in zip(_heads(scored), segmented, strict=True)]


def checked_claims(
    row: Row, instances: Mapping[str, Instance], cache: Prepared
) -> list[CheckedClaim]:
    """One response's claims, checked (``cache`` keeps each instance's names and facts)."""
    from gralgo.score import NodeNames

    _, instance_id, numeric, piece = row
    key = (instance_id, numeric)
    if key not in cache:
        instance = instances[instance_id]
        graph = instance.to_networkx()
        words = 2 if numeric else longest_name_words(graph.nodes)
        cache[key] = (NodeNames(graph, numeric), GraphFacts(graph, instance.params), words)
    names, facts, words = cache[key]
    if piece is None:
        return []
    claims = extract_claims(piece.text, names, words, facts.graph)
    return check_claims(claims, facts, piece.segments)


def _response_facts(
    row: Row,
    text: str,
    instances: Mapping[str, Instance],
    cache: Prepared,
    tokenizer: str,
    version: str,
) -> ResponseFacts:
    from gralgo.formats import count_tokens

    item, piece = row[0], row[3]
    checked = checked_claims(row, instances, cache)
    first = next((c for c in checked if c.verdict == "wrong"), None)
    start = None if first is None else first.claim.start
    rows = [
        (item, c.claim.kind, " | ".join(c.claim.nodes), c.claim.value, c.claim.start,
         c.claim.end, c.segment, c.verdict, c.error, c.truth)
        for c in checked
    ]  # fmt: skip
    errors = [c.error for c in checked if c.error is not None]
    wrong = sum(c.verdict == "wrong" for c in checked)
    return ResponseFacts(
        item,
        claim_lines(rows, version),
        len(checked),
        sum(c.verdict == "correct" for c in checked) + wrong,
        wrong,
        tuple(errors.count(kind) for kind in ERROR_KINDS),
        start,
        None if start is None or piece is None else count_tokens(piece.text[:start], tokenizer),
        None if first is None else first.segment,
        0 if piece is None else len(piece.segments),
        claim_marks(text, rows),
    )


def response_table(scored: pd.DataFrame, facts: Sequence[ResponseFacts]) -> pd.DataFrame:
    """One row per response: claims, checkable, wrong per kind, first wrong claim's position
    (characters, tokens, segment), and whether the answer was right anyway."""
    rows = []
    # only the columns read (the whole frame's records, texts and all, took 0.7 s at 21,600)
    heads = scored[["model", "task", "level", "format", "correct"]].to_dict("records")
    for row, found in zip(heads, facts, strict=True):
        rows.append(
            {
                "item": found.item,
                "model": row["model"],
                "task": row["task"],
                "level": row["level"],
                "format": row["format"],
                "correct": bool(row["correct"]),
                "claims": found.claims,
                "checkable": found.checkable,
                "wrong": found.wrong,
                **dict(zip(ERROR_KINDS, found.errors, strict=True)),
                "first_wrong_char": found.first_wrong_char,
                "first_wrong_tokens": found.first_wrong_tokens,
                "first_wrong_segment": found.first_wrong_segment,
                "segments": found.segments,
                "right_for_wrong_reasons": bool(row["correct"]) and found.wrong > 0,
            }
        )
    return pd.DataFrame(rows)


def claim_lines(rows: Sequence[tuple[Any, ...]], version: str) -> str:
    """``rows`` (:data:`CLAIM_COLUMNS`) with the checker ``version`` as ``claims.csv``'s lines."""
    import csv
    import io

    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows((*row, version) for row in rows)
    return out.getvalue()


def _write_claims(path: Path, facts: Sequence[ResponseFacts]) -> int:
    """``claims.csv``: every claim's row (:data:`CLAIM_COLUMNS`: response, kind, nodes, value,
    span, segment, verdict, error, the truth) and the checker's version, as the workers wrote
    them (a number as Python writes it, ``None`` empty); the number of claims."""
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(",".join((*CLAIM_COLUMNS, "checker_version")) + "\n")
        for found in facts:
            out.write(found.claims_csv)
    return sum(found.claims for found in facts)


def judge_agreement(responses: pd.DataFrame, sections_csv: Path) -> pd.DataFrame:
    """Cohen's kappa between "a memorization error was found" (:data:`MEMORIZATION_ERRORS`)
    and the error-taxonomy judge's ``graph_memorization_error`` label, on the responses both
    looked at (the judge's ``sections.csv``)."""
    from gralgo.analysis._error_taxonomy import cohen_kappa

    if not sections_csv.is_file():
        raise AnalysisInputError(
            f"analysis.judge_labels: {sections_csv} is not an error_taxonomy sections.csv "
            "(point it at the error_taxonomy output folder or its sections.csv)"
        )
    sections = pd.read_csv(sections_csv, dtype={"item": str, "labels": str})
    judged = sections.assign(
        memorization=sections["labels"].fillna("").str.split(";").map(
            lambda labels: JUDGE_MEMORIZATION_LABEL in labels
        )
    ).groupby("item")["memorization"].any()  # fmt: skip
    ours = responses.set_index("item")
    common = [item for item in judged.index if item in ours.index]
    mine = [bool(ours.loc[item, list(MEMORIZATION_ERRORS)].sum() > 0) for item in common]
    theirs = [bool(judged[item]) for item in common]
    return pd.DataFrame(
        [
            {
                "responses": len(common),
                "both": sum(a and b for a, b in zip(mine, theirs, strict=True)),
                "checker_only": sum(a and not b for a, b in zip(mine, theirs, strict=True)),
                "judge_only": sum(b and not a for a, b in zip(mine, theirs, strict=True)),
                "kappa": cohen_kappa(mine, theirs) if common else float("nan"),
            }
        ]
    )


def plot_wrong_shares(table: pd.DataFrame, path: Path, by: str) -> Path:
    """Stacked bars: the share of checkable claims that are wrong, by error kind, per group."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(5.0, 0.8 * len(table) + 2), 4))
    bottom = [0.0] * len(table)
    labels = [str(v) for v in table[by]]
    for kind in ERROR_KINDS:
        values = table[f"{kind}_share"].fillna(0.0).tolist()
        ax.bar(labels, values, bottom=bottom, label=kind.replace("_", " "))
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    ax.set_ylabel("share of checkable claims that are wrong")
    ax.set_xlabel(by)
    ax.legend(fontsize=7)
    plt.setp(ax.get_xticklabels(), rotation=30, ha="right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _highlights(
    output: AnalysisOutput,
    responses: pd.DataFrame,
    segmented: Sequence[SegmentedResponse | None],
    facts: Sequence[ResponseFacts],
    limit: int = 200,
) -> None:
    """``highlights.html``: the first ``limit`` responses with a wrong claim, marked from the
    rows the workers sent back (not read a second time)."""
    from gralgo.analysis._trace_highlights import write_highlights

    flagged = [i for i, wrong in enumerate(responses["wrong"].tolist()) if wrong > 0][:limit]
    shown = []
    for i in flagged:
        piece = segmented[i]
        if piece is not None:
            shown.append((facts[i].item, piece.text, [_checked(row) for row in facts[i].rows()]))
    path = write_highlights(output.directory / "highlights.html", shown, limit)
    output.files.append(path)


def _checked(row: tuple[Any, ...]) -> CheckedClaim:
    """A checked claim again from its row (:data:`CLAIM_COLUMNS`)."""
    _, kind, nodes, value, start, end, segment, verdict, error, truth = row
    claim = Claim(kind, tuple(nodes.split(" | ")) if nodes else (), value, start, end)
    return CheckedClaim(claim, verdict, error, truth, segment)


def run_trace_facts(
    samples: pd.DataFrame,
    output: AnalysisOutput,
    *,
    instances: Mapping[str, Instance],
    segmentation: Segmentation,
    tokenizer: str | None = None,
    judge_labels: Path | None = None,
    workers: int = 0,
    report_jobs: Sequence[Path] = (),
) -> pd.DataFrame:
    """The whole analysis into ``output``; returns the per-response table. Each of
    ``report_jobs`` (the input job folders) with a ``report.html`` gets its responses' measures
    and claims beside the page, which then shows them (:mod:`gralgo.analysis._trace_report`)."""
    import contextlib
    import os
    from functools import partial

    from gralgo.analysis._efficiency import tokenizer_for_model
    from gralgo.analysis._workers import start_beside

    scored = scored_responses(samples)
    if scored.empty:
        raise AnalysisInputError("trace_facts: the inputs hold no successful responses")
    token_name = tokenizer or tokenizer_for_model(str(scored["litellm_model"].iloc[0]))
    version = checker_version()
    facts, segmented = check_responses(
        scored, instances, segmentation, token_name, workers, version
    )
    responses = response_table(scored, facts)
    note = (
        f"Checker code {version} (sha256 of gralgo/analysis/"
        f"{', '.join(name + '.py' for name in CHECKER_MODULES)}). Shares of checkable "
        f"claims (correct or wrong); first wrong claim in {token_name} tokens from the start "
        f"of the response and in segments ({segmentation.describe()}); right for wrong "
        f"reasons: share of correct answers whose trace holds a wrong claim. {HELD_OUT_CAVEAT}"
    )
    # Several workers: claims.csv (the largest file, the workers' lines joined) and the report's
    # shards are written by processes of their own while this one writes the rest.
    beside = (workers or os.cpu_count() or 1) > 1
    write_claims = partial(_write_claims, output.directory / "claims.csv", facts)
    claims_written = start_beside(write_claims) if beside else write_claims
    marks = [f.marks for f in facts]
    write_shards = partial(write_report_shards, report_jobs, scored, responses, marks, note,
                           version)  # fmt: skip
    shards_written = start_beside(write_shards) if beside else write_shards
    try:
        _highlights(output, responses, segmented, facts)
        path = output.directory / "responses.csv"
        responses.assign(checker_version=version).to_csv(path, index=False)
        output.files.append(path)
        claims = claims_written()
        output.written(output.directory / "claims.csv")  # its secrets scan starts now
        by_level = summary_table(responses, ("task", "level"))
        by_model = summary_table(responses, ("model",))
        figure = plot_wrong_shares(
            by_model, output.directory / "wrong_claims_by_model.png", "model"
        )
    except BaseException:
        with contextlib.suppress(Exception):  # the first error is the one to show
            claims_written()
        with contextlib.suppress(Exception):
            shards_written()
        raise
    shown = shards_written()
    if shown:
        pages = sorted({str(path.parent.parent / "report.html") for path in shown})
        output.text("The measures and each response's claims, the wrong ones highlighted with "
                    "the true fact, are shown in " + ", ".join(pages) + ".\n")  # fmt: skip
    output.table("by_task_level", by_level, "Trace facts per task and level", note)
    output.table("by_model", by_model, "Trace facts per model", note)
    output.figure(figure)
    overall = summary_table(responses.assign(all="all"), ("all",)).iloc[0]
    output.metrics.update(
        {
            "responses": float(len(responses)),
            "claims": float(responses["claims"].sum()),
            "checkable_share": float(overall["checkable_share"]),
            "wrong_share": float(overall["wrong_share"]),
            "responses_with_wrong": float(overall["responses_with_wrong"]),
            "right_for_wrong_reasons": float(overall["right_for_wrong_reasons"]),
            **{f"{kind}_share": float(overall[f"{kind}_share"]) for kind in ERROR_KINDS},
        }
    )
    if judge_labels is not None:
        path = judge_labels / "sections.csv" if judge_labels.is_dir() else judge_labels
        agreement = judge_agreement(responses, path)
        output.table(
            "judge_agreement",
            agreement,
            "Agreement with the judge's graph-memorization labels (Cohen's kappa)",
            f"Checker: a response has a wrong {', '.join(MEMORIZATION_ERRORS)} claim; judge: a "
            f"section labelled {JUDGE_MEMORIZATION_LABEL} ({path}).",
        )
        output.metrics["judge_kappa"] = float(agreement["kappa"].iloc[0])
    log.info("trace_facts: %d responses, %d claims", len(responses), claims)
    return responses
