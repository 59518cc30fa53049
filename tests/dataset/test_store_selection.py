"""Reading only what a job needs: one format's prompts, no graphs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from test_store import make_instance

from gralgo.dataset import PromptVariant, read_instances, write_dataset


def test_reads_only_the_wanted_formats_and_can_skip_graphs(tmp_path: Path) -> None:
    full = replace(
        make_instance("a", 1, 0),
        prompts={
            "edge_list": PromptVariant("edges", "1"),
            "adjacency_list": PromptVariant("adj", "1"),
            "numeric_ids": PromptVariant("ids", "0"),
        },
    )
    write_dataset(tmp_path / "ds", {"a": [full]}, config={})
    assert read_instances(tmp_path / "ds") == [full]
    light = read_instances(tmp_path / "ds", formats=["numeric_ids"], with_graphs=False)
    assert light == [replace(full, graph={}, prompts={"numeric_ids": PromptVariant("ids", "0")})]
    assert read_instances(tmp_path / "ds", formats=["markdown_table"])[0].prompts == {}
