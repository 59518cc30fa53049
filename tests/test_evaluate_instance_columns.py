"""The samples table a job scores carries each instance's split membership and overlap cluster."""

from __future__ import annotations

import pandas as pd

from gralgo.dataset import Instance
from gralgo.evaluate import with_instance_columns


def _instance(name: str, **extra: object) -> Instance:
    return Instance(
        id=name, task="max_degree", taxonomy="enumeration", complexity="easy", level=1,
        context="standard", source="s", seed=0, index=0, answer_kind="integer", graph={},
        params={}, answer="4", certificate={}, provenance=dict(extra.pop("provenance", {})),
        **extra,  # type: ignore[arg-type]
    )  # fmt: skip


def test_samples_carry_splits_and_overlap_clusters() -> None:
    instances = [
        _instance("a", splits=("paper", "hard"), provenance={"overlap_cluster": 3}),
        _instance("b"),  # a dataset from before: paper only, a cluster of its own
    ]
    frame = pd.DataFrame(
        {"instance_id": ["a", "a", "b"], "format": ["edge_list"] * 3, "expected": ["4"] * 3}
    )
    out = with_instance_columns(frame, instances)
    assert out["splits"].tolist() == ["paper,hard", "paper,hard", "paper"]
    assert out["overlap_cluster"].tolist() == ["3", "3", None]
