"""score_samples -> instance_metrics -> aggregate on small hand-made sample tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gralgo.score import (
    SAMPLE_COLUMNS,
    ScoringInputError,
    aggregate,
    instance_metrics,
    majority_vote,
    pass_at_k,
    score_samples,
)


def samples_for(
    instance_id: str,
    texts: list[str | None],
    expected: str = "5",
    *,
    errors: dict[int, str] | None = None,
    finish: dict[int, str] | None = None,
    model: str = "m",
    task: str = "max_degree",
    level: int = 1,
    kind: str = "integer",
) -> list[dict[str, object]]:
    errors, finish = errors or {}, finish or {}
    return [
        {
            "instance_id": instance_id,
            "model": model,
            "task": task,
            "taxonomy": "enumeration",
            "complexity": "easy",
            "level": level,
            "format": "edge_list",
            "context": "standard",
            "sample_index": i,
            "answer_text": text,
            "reasoning_text": r"\boxed{5}",
            "finish_reason": finish.get(i, "stop"),
            "error_class": errors.get(i),
            "expected": expected,
            "answer_kind": kind,
        }
        for i, text in enumerate(texts)
    ]


def box(value: object) -> str:
    return f"Reasoning... so the answer is \\boxed{{{value}}}."


def test_outcomes_per_sample() -> None:
    rows = samples_for(
        "i1",
        [box(5), box("5.0"), box(6), "no box here", None, r"cut \boxed{5", box(5), box(7)],
        errors={4: "RateLimitError", 7: "Timeout"},
        finish={5: "length", 6: "length"},
    )
    scored = score_samples(pd.DataFrame(rows))
    assert scored["outcome"].tolist() == [
        "correct",
        "correct",
        "wrong",
        "no_answer",
        "error",
        "truncated",
        "correct",
        "error",
    ]
    assert scored["correct"].tolist() == [True, True, False, False, False, False, True, False]
    assert scored["answer"].tolist()[:3] == ["5", "5", "6"]


def test_reasoning_text_is_never_read() -> None:
    scored = score_samples(pd.DataFrame(samples_for("i1", ["I think so.", None])))
    assert scored["outcome"].tolist() == ["no_answer", "no_answer"]


def test_errors_are_excluded_not_wrong() -> None:
    rows = samples_for("i1", [box(5), box(6), None, None], errors={2: "E", 3: "E"})
    inst = instance_metrics(score_samples(pd.DataFrame(rows)), k=4)
    row = inst.iloc[0]
    assert (row["n_samples"], row["n_success"], row["n_error"], row["n_wrong"]) == (4, 2, 2, 1)
    assert row["accuracy"] == 0.5
    assert row["pass_at_k"] == pass_at_k(2, 1, 4) == 1.0
    assert row["cons_at_k"] == 1.0  # 1-1 tie, "5" voted first


def test_all_errors_make_an_incomplete_instance() -> None:
    rows = samples_for("bad", [None] * 4, errors={i: "AuthError" for i in range(4)})
    rows += samples_for("good", [box(5)] * 2 + [box(6)] * 2)
    inst = instance_metrics(score_samples(pd.DataFrame(rows)), k=4)
    bad = inst[inst["instance_id"] == "bad"].iloc[0]
    assert bad["incomplete"] and np.isnan(bad["pass_at_k"]) and np.isnan(bad["cons_at_k"])
    agg = aggregate(inst, by=["model"])
    assert agg["n_instances"].tolist() == [1] and agg["n_incomplete"].tolist() == [1]
    assert agg["pass_at_k"].tolist() == [1.0] and agg["accuracy"].tolist() == [0.5]
    assert agg["share_error"].tolist() == [0.5]
    assert agg["share_correct"].tolist() == [0.5] and agg["share_wrong"].tolist() == [0.5]


def test_cons_tie_uses_sample_index_not_row_order() -> None:
    rows = samples_for("i1", [box(6), box(5), box(5), box(6), "none"])
    # Row order puts a "5" first; sample order puts a "6" first.
    frame = pd.DataFrame(rows).iloc[[2, 4, 1, 3, 0]].reset_index(drop=True)
    inst = instance_metrics(score_samples(frame), k=5)
    assert inst.loc[0, "majority_answer"] == "6"
    assert inst.loc[0, "cons_at_k"] == 0.0


def test_cons_votes_only_among_the_first_k_samples() -> None:
    rows = samples_for("i1", [box(6), box(6), box(5), box(5), box(5), box(5)])
    scored = score_samples(pd.DataFrame(rows))
    assert instance_metrics(scored, k=2).loc[0, "cons_at_k"] == 0.0
    assert instance_metrics(scored, k=6).loc[0, "cons_at_k"] == 1.0
    # pass@2 uses all 6 samples through the unbiased estimator.
    assert instance_metrics(scored, k=2).loc[0, "pass_at_k"] == pytest.approx(pass_at_k(6, 4, 2))


def test_no_vote_gives_cons_zero_and_node_answers_match_loosely() -> None:
    rows = samples_for("i1", ["none", "none"])
    rows += samples_for(
        "i2",
        [box(r"\text{charles DE  gaulle}"), box("Orly")],
        expected="Charles de Gaulle",
        kind="node",
        task="distance_threshold",
    )
    inst = instance_metrics(score_samples(pd.DataFrame(rows)), k=2)
    assert inst.set_index("instance_id")["cons_at_k"].to_dict() == {"i1": 0.0, "i2": 1.0}


def test_bad_input_is_reported() -> None:
    frame = pd.DataFrame(samples_for("i1", [box(5)]))
    with pytest.raises(ScoringInputError, match="missing columns"):
        score_samples(frame.drop(columns=["expected"]))
    with pytest.raises(ScoringInputError, match="repeated"):
        score_samples(pd.concat([frame, frame]))
    with pytest.raises(ScoringInputError, match="answer_kind"):
        score_samples(frame.assign(answer_kind="float"))
    with pytest.raises(ScoringInputError, match="k must be"):
        instance_metrics(score_samples(frame), k=0)
    assert set(SAMPLE_COLUMNS) <= set(frame.columns)


def test_aggregate_groups_and_intervals() -> None:
    rows = []
    for i in range(20):
        rows += samples_for(f"a{i}", [box(5 if i % 2 else 6)] * 2, level=1)
        rows += samples_for(f"b{i}", [box(5)] * 2, level=2)
    inst = instance_metrics(score_samples(pd.DataFrame(rows)), k=2)
    agg = aggregate(inst, by=["model", "level"], n_resamples=200, seed=3)
    assert agg["level"].tolist() == [1, 2]
    assert agg["accuracy"].tolist() == [0.5, 1.0]
    assert agg.loc[0, "accuracy_lo"] < 0.5 < agg.loc[0, "accuracy_hi"]
    assert agg.loc[1, "accuracy_lo"] == agg.loc[1, "accuracy_hi"] == 1.0
    again = aggregate(inst[inst["level"] == 1], by=["model", "level"], n_resamples=200, seed=3)
    assert again.loc[0, "accuracy_lo"] == agg.loc[0, "accuracy_lo"]  # per-group seeds
    overall = aggregate(inst, by=[], n_resamples=200)
    assert overall["n_instances"].tolist() == [40]


def test_the_same_instances_have_the_same_interval_however_grouped() -> None:
    """A job's overall interval and a study's row for that model were drawn apart ([0.71, 0.92]
    vs [0.69, 0.92]): the seed came from the group's key, not from its instances."""
    rows = []
    for i in range(30):
        rows += samples_for(f"i{i}", [box(5 if i % 3 else 6)] * 2, task="max_degree")
    inst = instance_metrics(score_samples(pd.DataFrame(rows)), k=2)
    job = aggregate(inst, by=[], n_resamples=300).iloc[0]
    study_table = inst.sample(frac=1.0, random_state=7).assign(format="edge_list", mode="direct")
    study = aggregate(study_table, by=["format", "mode", "model"], n_resamples=300).iloc[0]
    by_task = aggregate(inst, by=["task"], n_resamples=300).iloc[0]  # one task: same instances
    for column in ("pass_at_k_lo", "pass_at_k_hi", "accuracy_lo", "accuracy_hi"):
        assert job[column] == study[column] == by_task[column], column
    assert job["pass_at_k_lo"] < job["pass_at_k"] < job["pass_at_k_hi"]


answers = st.lists(st.sampled_from([None, "1", "2", "3"]), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(st.lists(answers, min_size=1, max_size=6))
def test_vectorised_cons_matches_majority_vote(per_instance: list[list[str | None]]) -> None:
    rows = []
    for i, votes in enumerate(per_instance):
        texts = [box(v) if v is not None else "none" for v in votes]
        rows += samples_for(f"i{i}", texts, expected="2")
    inst = instance_metrics(score_samples(pd.DataFrame(rows)), k=8).set_index("instance_id")
    for i, votes in enumerate(per_instance):
        assert inst.loc[f"i{i}", "majority_answer"] == majority_vote(votes)
        assert inst.loc[f"i{i}", "cons_at_k"] == float(majority_vote(votes) == "2")


def test_aggregate_scores_splits_apart_with_baselines_and_clusters() -> None:
    """Scores are of the paper split; the hard split has its own n and scores (absent when
    empty); the guessing baselines are means over the same instances; clusters widen."""
    rows = []
    for i in range(6):
        rows += samples_for(f"p{i}", [box(5), box(5)], expected="5" if i < 4 else str(i + 10))
    rows += samples_for("h0", [box(1), box(1)], expected="2")
    frame = pd.DataFrame(rows)
    frame["splits"] = ["hard" if i == "h0" else ("paper,hard" if i == "p5" else "paper")
                       for i in frame["instance_id"]]  # fmt: skip
    inst = instance_metrics(score_samples(frame), k=2)
    agg = aggregate(inst, by=["model"], n_resamples=200)
    row = agg.iloc[0]
    assert row["n_instances"] == 6 and row["n_samples"] == 12  # h0 is not in the paper split
    assert row["pass_at_k"] == pytest.approx(4 / 6)
    assert row["hard_n_instances"] == 2 and row["hard_pass_at_k"] == 0.0  # p5 and h0
    # answers 5 5 5 5 14 15 -> leave-one-out: a "5" sees 3 of 5 others; 14 and 15 none
    draws = [1 - (1 - 3 / 5) ** 2] * 4 + [0.0, 0.0]
    assert row["guess_pass_draws"] == pytest.approx(np.mean(draws))
    assert row["guess_cons"] == pytest.approx(4 / 6)
    plain = frame[frame["instance_id"] != "h0"].drop(columns="splits")
    lone = aggregate(instance_metrics(score_samples(plain), k=2), by=["model"], n_resamples=200)
    assert np.isnan(lone["hard_pass_at_k"].iloc[0]) and lone["hard_n_instances"].iloc[0] == 0
    assert lone["pass_at_k"].iloc[0] == row["pass_at_k"]  # no splits column: all paper

    small = aggregate(instance_metrics(score_samples(frame[frame["instance_id"] < "p3"]), 2),
                      by=["model"], n_resamples=200)  # fmt: skip
    assert np.isnan(small["guess_cons"].iloc[0])  # 3 instances: n too small, no baseline

    clustered = plain.assign(overlap_cluster=["c" if i < "p4" else None
                                              for i in plain["instance_id"]])  # fmt: skip
    wide = aggregate(instance_metrics(score_samples(clustered), k=2), by=["model"],
                     n_resamples=2000)  # fmt: skip
    narrow = aggregate(instance_metrics(score_samples(plain), k=2), by=["model"],
                       n_resamples=2000)  # fmt: skip
    width = wide["pass_at_k_hi"] - wide["pass_at_k_lo"]
    assert float(width.iloc[0]) > float((narrow["pass_at_k_hi"] - narrow["pass_at_k_lo"]).iloc[0])
