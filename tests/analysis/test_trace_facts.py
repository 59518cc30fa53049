"""``analysis=trace_facts`` on a finished evaluation job of the stub: claims read from the
responses, checked on the instances' graphs, tables, figure, and agreement with the judge."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from gralgo.analysis import run_analysis
from gralgo.dataset import read_instances
from gralgo.evaluate import evaluate, load_instances
from gralgo.settings import analyze_settings_from_config
from gralgo.testing import FAKE_KEY_ENV, StubServer

CONF = Path(__file__).resolve().parents[2] / "conf"


@pytest.fixture()
def job_with_claims(make_settings, judge_stub: StubServer) -> tuple[Path, list[str]]:
    """Three responses: a right answer resting on a hallucinated edge, a wrong answer with a
    wrong degree, a right answer with a true edge. Returns the job and the expected items'
    first wrong claims (text)."""
    settings = make_settings(
        "model=openai_compatible", "model.name=stub-model", f"model.api_base={judge_stub.api_base}",
        f"model.api_key_env={FAKE_KEY_ENV}", "task=[max_degree]", "level=1",
        "dataset.per_level=3", "sampling.k=1", "mlflow.enabled=false",
    )  # fmt: skip
    load_instances(settings)  # builds the dataset
    instances = read_instances(settings.dataset_dir, tasks=["max_degree"], levels=[1],
                               per_level=3, context="standard", formats=["edge_list"])  # fmt: skip
    answers = {}
    for index, instance in enumerate(instances):
        graph = instance.to_networkx()
        (u, v), node = next(iter(graph.edges)), next(iter(graph.nodes))
        absent = next((a, b) for a in graph for b in graph if a != b and not graph.has_edge(a, b))
        prompt = instance.prompts["edge_list"]
        if index == 0:
            text = f"{u} -- {v}. Wait, {absent[0]} is connected to {absent[1]}. "
            text += f"\\boxed{{{prompt.answer}}}"
        elif index == 1:
            text = f"{node} has degree {graph.degree(node) + 1}. So \\boxed{{999}}"
        else:
            text = f"{u} is adjacent to {v}. \\boxed{{{prompt.answer}}}"
        answers[prompt.text] = text
    judge_stub.control(answers=answers)
    return evaluate(settings).output_dir, [instance.id for instance in instances]


def _settings(job: Path, out: Path, *extra: str):
    with initialize_config_dir(config_dir=str(CONF), version_base=None):
        cfg = compose(
            "config",
            overrides=["command=analyze", "analysis=trace_facts", f"analyze.inputs=[{job}]",
                       "mlflow.enabled=false", f"paths.outputs={out.parent / 'outputs'}", *extra],
        )  # fmt: skip
    plain = OmegaConf.to_container(cfg, resolve=True)
    assert isinstance(plain, dict)
    return analyze_settings_from_config(plain, out)


def test_trace_facts_reads_checks_and_summarises(job_with_claims, tmp_path: Path) -> None:
    job, _ = job_with_claims
    result = run_analysis(_settings(job, tmp_path / "out"))
    responses = pd.read_csv(result.output_dir / "responses.csv").sort_values("item")
    assert list(responses["claims"]) == [2, 1, 1] or sorted(responses["claims"]) == [1, 1, 2]
    assert responses["hallucinated_edge"].sum() == 1
    assert responses["wrong_degree"].sum() == 1
    right_wrong = responses[responses["right_for_wrong_reasons"]]
    assert len(right_wrong) == 1 and right_wrong["hallucinated_edge"].iloc[0] == 1
    assert right_wrong["first_wrong_segment"].iloc[0] == 1  # after "Wait"
    assert right_wrong["first_wrong_tokens"].iloc[0] > 0
    claims = pd.read_csv(result.output_dir / "claims.csv")
    assert set(claims["verdict"]) == {"correct", "wrong"}
    assert claims["checker_version"].nunique() == 1
    values = pd.read_csv(result.output_dir / "claims.csv", dtype=str)["value"].dropna()
    assert len(values) and not values.str.endswith(".0").any()  # a degree is 3, not 3.0
    assert result.metrics["right_for_wrong_reasons"] == pytest.approx(0.5)
    assert (result.output_dir / "wrong_claims_by_model.png").is_file()
    page = (result.output_dir / "highlights.html").read_text(encoding="utf-8")
    assert page.count("<h2>") == 2 and '<mark class="wrong"' in page
    summary = result.summary.read_text(encoding="utf-8")
    assert "Trace facts per task and level" in summary and "Trace facts per model" in summary
    assert "_trace_clauses.py" in summary and "_trace_anchored.py" in summary
    assert "Read as lower bounds" in summary
    assert json.loads((result.output_dir / "metrics.json").read_text())["claims"] == 4


def test_the_files_are_the_same_with_claims_written_beside(job_with_claims, tmp_path: Path) -> None:
    """With several workers claims.csv is written by a process of its own while the parent
    writes the rest: every file (and the report shards) as one process writes them."""
    job, _ = job_with_claims
    written = {}
    for workers in (1, 2):
        result = run_analysis(
            _settings(job, tmp_path / f"w{workers}", f"analysis.workers={workers}")
        )
        files = sorted(result.output_dir.iterdir()) + sorted((job / "report_data").glob("trace*"))
        written[workers] = {path.name: path.read_bytes() for path in files}
    assert written[1] == written[2]
    assert {"claims.csv", "responses.csv", "summary.md", "trace-facts-00000.js"} <= set(written[1])


def test_kappa_against_the_judges_memorization_labels(job_with_claims, tmp_path: Path) -> None:
    job, _ = job_with_claims
    first = run_analysis(_settings(job, tmp_path / "first"))
    responses = pd.read_csv(first.output_dir / "responses.csv")
    flagged = set(responses.loc[responses["hallucinated_edge"] > 0, "item"])
    sections = pd.DataFrame(
        {
            "item": list(responses["item"]),
            "labels": [
                "graph_memorization_error" if i in flagged else "redundancy"
                for i in responses["item"]
            ],
        }  # fmt: skip
    )
    sections.to_csv(tmp_path / "sections.csv", index=False)
    result = run_analysis(
        _settings(job, tmp_path / "out", f"analysis.judge_labels={tmp_path / 'sections.csv'}")
    )
    assert result.metrics["judge_kappa"] == pytest.approx(1.0)
    agreement = pd.read_csv(result.output_dir / "judge_agreement.csv")
    assert agreement["responses"].iloc[0] == 3 and agreement["both"].iloc[0] == 1


def test_a_ledger_input_without_a_dataset_names_the_fix(tmp_path: Path) -> None:
    from gralgo.analysis._responses import AnalysisInputError
    from gralgo.analysis._trace_facts import instances_for

    (tmp_path / "ledger.sqlite").write_bytes(b"")
    with pytest.raises(AnalysisInputError, match="analysis.dataset_dir"):
        instances_for([tmp_path / "ledger.sqlite"], None)


def test_worker_processes_give_the_same_claims_as_one_process() -> None:
    from types import SimpleNamespace

    from gralgo.analysis import Segmentation
    from gralgo.analysis._trace_facts import check_responses
    from tests.analysis.trace_facts_planted import write_trace

    traces = [write_trace(task, "edge_list", seed) for task in ("max_kcore", "mst_weight")
              for seed in range(5)]  # fmt: skip
    instances = {
        f"i{n}": SimpleNamespace(to_networkx=lambda t=t: t.graph, params=t.params)
        for n, t in enumerate(traces)
    }
    scored = pd.DataFrame(
        [{"item": f"r{n}:{k}", "instance_id": f"i{n}", "format": "edge_list", "text": t.text}
         for n, t in enumerate(traces) for k in range(60)]
    )  # fmt: skip
    one, _ = check_responses(scored, instances, Segmentation(), "cl100k_base", workers=1)
    two, _ = check_responses(scored, instances, Segmentation(), "cl100k_base", workers=2)
    assert len(scored) >= 500  # the size at which workers start
    assert one == two and sum(f.claims for f in one) > 1000


def test_the_jobs_report_shows_the_measures_and_highlights_wrong_claims(
    job_with_claims, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Issue 39: after the analysis, the job's own report.html shows the trace-facts tables
    and, in an opened sample, its wrong claim highlighted with the true fact beside it."""
    from gralgo.transcripts import item_shard, read_shard

    job, ids = job_with_claims
    run_analysis(_settings(job, tmp_path / "out"))
    shards = job / "report_data"
    summary = read_shard(shards / "trace-facts.js")
    assert summary["flagged"] == sorted(ids[:2]) or sorted(summary["flagged"]) == sorted(ids[:2])
    assert [t["caption"] for t in summary["tables"]] == [
        "Trace facts per model", "Trace facts per task and level"]  # fmt: skip
    responses = pd.read_csv(tmp_path / "out" / "responses.csv")
    first = responses[responses["right_for_wrong_reasons"]]["item"].iloc[0]
    entry = read_shard(shards / f"trace-facts-{item_shard(first, summary['shards']):05d}.js")[
        "items"][first]  # fmt: skip
    wrong = [c for c in entry["c"] if c[2] == "wrong"]
    assert len(wrong) == 1 and wrong[0][3] == "hallucinated_edge"
    assert wrong[0][4].startswith("no edge ")
    assert entry["m"]["right_for_wrong_reasons"] is True and entry["m"]["claims"] == 2

    page = request.getfixturevalue("chromium_page")  # its loop starts after the job's
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto((job / "report.html").as_uri())
    page.wait_for_function("document.documentElement.dataset.samples === 'loaded' && "
                           "document.documentElement.dataset.traceFacts === 'loaded'")  # fmt: skip
    box = page.locator("#trace-facts")
    assert box.is_visible() and "Trace facts per model" in box.inner_text()
    assert "Read as lower bounds" in box.inner_text()  # what the held-out rounds measured
    page.click("#trace-flagged")  # the instances whose responses hold a wrong claim
    assert page.locator("#samples tr.sample").count() == 2
    instance = ids[0]
    page.goto((job / "report.html").as_uri() + f"#ids={instance}")
    page.wait_for_function("document.documentElement.dataset.samples === 'loaded' && "
                           "document.documentElement.dataset.traceFacts === 'loaded'")  # fmt: skip
    page.locator("#samples tr.sample").first.click()
    detail = page.locator("#samples tr.detail")
    mark = detail.locator("mark.wrong")
    mark.first.wait_for(timeout=30_000)  # the sample's texts load from their shard when opened
    assert mark.count() == 1 and " is connected to " in mark.inner_text()
    truth = detail.locator("span.truth").inner_text()
    assert truth == f"[{wrong[0][4]}]"
    assert detail.locator("span.correct").count() == 1  # the true edge, underlined
    measures = detail.locator("p.trace-measures").inner_text()
    assert "2 claims, 2 checkable, 1 wrong (hallucinated edge 1)" in measures
    assert "right for wrong reasons" in measures
    assert errors == []


def test_judge_agreement_counts_responses_both_looked_at(tmp_path: Path) -> None:
    from gralgo.analysis._trace_facts import judge_agreement

    zero = {"hallucinated_edge": 0, "missed_edge": 0, "wrong_weight": 0, "wrong_degree": 0}
    responses = pd.DataFrame(
        [
            {"item": "r1", **zero, "hallucinated_edge": 2},
            {"item": "r2", **zero, "wrong_weight": 1},
            {"item": "r3", **zero, "wrong_degree": 3},  # a computed fact: no memorization error
            {"item": "r4", **zero},
            {"item": "r5", **zero, "missed_edge": 1},  # the judge did not look at it
        ]
    )
    pd.DataFrame(
        {
            "item": ["r1", "r1", "r2", "r3", "r4", "r6"],
            "labels": [
                "redundancy",
                "omission;graph_memorization_error",
                "redundancy",
                "state_update_error",
                None,
                "graph_memorization_error",
            ],
        }  # fmt: skip
    ).to_csv(tmp_path / "sections.csv", index=False)
    row = judge_agreement(responses, tmp_path / "sections.csv").iloc[0]
    # checker: r1, r2 flagged; judge: r1 only (any section of it); both looked at r1-r4
    assert (row["responses"], row["both"], row["checker_only"], row["judge_only"]) == (4, 1, 1, 0)
    assert row["kappa"] == pytest.approx(0.5)


def test_highlights_mark_the_claims_the_workers_sent_back() -> None:
    from types import SimpleNamespace

    from gralgo.analysis import Segmentation
    from gralgo.analysis._trace_facts import _checked, check_responses, checked_claims
    from tests.analysis.trace_facts_planted import write_trace

    traces = [write_trace(task, fmt, 0) for task in ("max_kcore", "mst_weight")
              for fmt in ("edge_list", "long_context")]  # fmt: skip
    instances = {
        f"i{n}": SimpleNamespace(to_networkx=lambda t=t: t.graph, params=t.params)
        for n, t in enumerate(traces)
    }
    scored = pd.DataFrame(
        [{"item": f"r{n}", "instance_id": f"i{n}", "format": "edge_list", "text": t.text}
         for n, t in enumerate(traces)]
    )  # fmt: skip
    facts, segmented = check_responses(scored, instances, Segmentation(), "cl100k_base", workers=1)
    for n, found in enumerate(facts):
        read = checked_claims((f"r{n}", f"i{n}", False, segmented[n]), instances, {})
        again = [_checked(row) for row in found.rows()]
        assert [(c.claim.kind, c.claim.nodes, c.claim.value, c.claim.start, c.claim.end,
                 c.verdict, c.error, c.truth, c.segment) for c in read] == [
            (c.claim.kind, c.claim.nodes, c.claim.value, c.claim.start, c.claim.end,
             c.verdict, c.error, c.truth, c.segment) for c in again
        ] and read  # fmt: skip


def test_claims_csv_is_the_rows_the_workers_wrote_and_reads_back_as_them(tmp_path: Path) -> None:
    # the workers send claims.csv's lines as text; the file and the rows read back from it are
    # those csv.writer gives the rows (commas, quotes, new lines and None included)
    import csv
    import io

    from gralgo.analysis._trace_facts import CLAIM_COLUMNS, ResponseFacts, _write_claims
    from gralgo.analysis._trace_facts import claim_lines as lines

    rows = [
        ("r:0", "edge", 'Paris, Texas | "Rook" (bird)', None, 3, 25, 0, "wrong",
         "hallucinated_edge", 'no edge Paris, Texas – "Rook" (bird)'),
        ("r:0", "degree", "Kyoto", 4, 30, 41, 2, "correct", None, ""),
        ("r:0", "distance", "A | B", 12, 50, 70, 1, "unverifiable", None, "line one\nline two"),
    ]  # fmt: skip
    facts = [
        ResponseFacts("r:0", lines(rows, "v1"), 3, 2, 1, (1, 0, 0, 0, 0, 0), 3, None, 0,
                      1, ("[]", 0)),
        ResponseFacts("r:1", lines([], "v1"), 0, 0, 0, (0,) * 6, None, None, None, 0, ("[]", 0)),
    ]  # fmt: skip
    assert facts[0].rows() == rows and facts[1].rows() == []
    path = tmp_path / "claims.csv"
    assert _write_claims(path, facts) == 3
    expected = io.StringIO(newline="")
    writer = csv.writer(expected, lineterminator="\n")
    writer.writerow([*CLAIM_COLUMNS, "checker_version"])
    writer.writerows((*row, "v1") for row in rows)
    assert path.read_bytes() == expected.getvalue().encode("utf-8")
