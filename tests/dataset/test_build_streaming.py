"""The build streams instances to disk: same bytes as writing them from memory, flat memory."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from gralgo.dataset import build_dataset, load_sources
from gralgo.dataset._build import build_level
from gralgo.dataset._card import dataset_card
from gralgo.dataset._statistics import (
    graph_stats,
    statistics_csv,
    statistics_markdown,
    summarise,
)
from gralgo.dataset._store import write_dataset
from gralgo.tasks import make_task


def tree_bytes(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def test_streamed_build_is_byte_identical_to_writing_from_memory(
    make_settings, tmp_path: Path
) -> None:
    """Reference: every instance held in memory, then written by ``write_dataset``."""
    spec = make_settings(
        "+experiment=build_dataset", "level=[1,3]", "dataset.per_level=3", "dataset.workers=2"
    ).dataset
    streamed = build_dataset(spec, tmp_path / "streamed").directory
    sources = load_sources(spec)
    instances = {
        name: [
            instance
            for level in spec.levels
            for instance in build_level(
                make_task(name, spec.tasks[name]),
                sources[spec.tasks[name].source],
                level,
                spec.options,
            )
        ]
        for name in sorted(spec.tasks)
    }
    stats = summarise(graph_stats(i) for items in instances.values() for i in items)
    markdown = statistics_markdown(stats)
    counts = {name: len(items) for name, items in instances.items()}
    reference = write_dataset(
        tmp_path / "reference",
        instances,
        config=spec.description(),
        extra_files={
            "statistics.csv": statistics_csv(stats),
            "statistics.md": markdown,
            "README.md": dataset_card(spec, counts, markdown),
        },
    )
    assert tree_bytes(streamed) == tree_bytes(reference)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # part files removed


@pytest.mark.slow
def test_build_memory_is_flat_in_the_number_of_instances(make_settings, tmp_path: Path) -> None:
    """Peak traced memory of a build barely moves from 2 to 12 instances per level (level 4
    instances are ~50 KB each as JSON: holding 90 more of them would add ~4 MB)."""

    def peak(per_level: int) -> int:
        spec = make_settings(
            "+experiment=build_dataset",
            "level=[4]",
            f"dataset.per_level={per_level}",
            "dataset.workers=1",
        ).dataset
        load_sources(spec)
        gc.collect()
        tracemalloc.start()
        try:
            base = tracemalloc.get_traced_memory()[0]
            build_dataset(spec, tmp_path / f"ds-{per_level}")
            return tracemalloc.get_traced_memory()[1] - base
        finally:
            tracemalloc.stop()

    small, large = peak(2), peak(12)
    assert large - small < 1_500_000, (small, large)
