"""DBpedia loaders: DBpedia50 TSV splits and N-Triples (+ labels)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gralgo.errors import ConfigError, SourceFileError
from gralgo.graphs.sources import SourceConfig, load_source
from gralgo.graphs.sources._dbpedia import relation_name, resource_title, unescape_ntriples

FIXTURES = Path(__file__).parent / "fixtures"
SPLITS = {s: FIXTURES / "dbpedia50" / f"{s}.txt" for s in ("train", "valid", "test")}


def load(tmp_path: Path, files: dict[str, Path], **options: object):
    config = SourceConfig("kg", "dbpedia", {k: str(v) for k, v in files.items()}, options)
    return load_source(config, tmp_path / "cache")


def relations(graph) -> dict[frozenset[str], str]:
    nxg = graph.to_networkx(range(graph.n_nodes))
    return {frozenset((u, v)): r for u, v, r in nxg.edges(data="relation")}


def test_dbpedia50_merges_splits_and_keeps_smallest_relation(tmp_path: Path) -> None:
    graph = load(tmp_path, SPLITS, largest_component=False)
    assert graph.node_names == (
        "Albert Einstein",
        "Café de Flore",
        "Germany",
        "Paris",
        "Princeton, New Jersey",
        "Ulm",
    )
    assert graph.labels == ("birthPlace", "country", "deathPlace", "location", "residence")
    assert relations(graph) == {
        frozenset(("Albert Einstein", "Ulm")): "birthPlace",  # residence (test split) loses
        frozenset(("Albert Einstein", "Princeton, New Jersey")): "deathPlace",
        frozenset(("Ulm", "Germany")): "country",
        frozenset(("Café de Flore", "Paris")): "location",
    }
    largest = load(tmp_path, SPLITS)
    assert largest.node_names == ("Albert Einstein", "Germany", "Princeton, New Jersey", "Ulm")


def test_dbpedia50_splits_option(tmp_path: Path) -> None:
    graph = load(tmp_path, SPLITS, splits=["train"])
    assert graph.labels == ("birthPlace", "country", "deathPlace")
    with pytest.raises(ConfigError, match="splits"):
        load(tmp_path, {"train": SPLITS["train"]}, splits=["train", "test"])


def test_dbpedia50_shuffled_triples_identical(tmp_path: Path) -> None:
    lines = [
        line
        for path in SPLITS.values()
        for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
    ]
    random.Random(1).shuffle(lines)
    merged = tmp_path / "all.txt"
    merged.write_text("".join(lines), encoding="utf-8")
    a = load(tmp_path, SPLITS, largest_component=False)
    b = load(tmp_path, {"train": merged}, largest_component=False)
    assert a.node_names == b.node_names and a.labels == b.labels
    assert a.indices.tolist() == b.indices.tolist()
    assert a.edge_label.tolist() == b.edge_label.tolist()


def test_dbpedia50_two_column_line(tmp_path: Path) -> None:
    bad = tmp_path / "train.txt"
    bad.write_text("A\tB\trel\nA\tB\n", encoding="utf-8")
    with pytest.raises(SourceFileError, match=r"train\.txt:2: expected 3 tab-separated fields"):
        load(tmp_path, {"train": bad})


def test_ntriples_with_labels(tmp_path: Path) -> None:
    files = {
        "objects": FIXTURES / "dbpedia" / "objects.nt",
        "labels": FIXTURES / "dbpedia" / "labels.nt",
    }
    graph = load(tmp_path, files)
    assert graph.node_names == (
        "Albert Einstein",
        "Berlin",
        'Germany "DE" Ü',
        "Mileva Marić",
        "Ulm",
    )
    assert graph.labels == ("birthPlace", "capital", "country", "spouse")
    assert relations(graph) == {
        frozenset(("Albert Einstein", "Ulm")): "birthPlace",
        frozenset(("Albert Einstein", "Mileva Marić")): "spouse",
        frozenset(("Ulm", 'Germany "DE" Ü')): "country",
        frozenset(("Berlin", 'Germany "DE" Ü')): "capital",  # capital < country
    }
    unlabelled = load(tmp_path, {"objects": files["objects"]})
    assert "Germany" in unlabelled.node_names


def test_ntriples_malformed_line(tmp_path: Path) -> None:
    bad = tmp_path / "objects.nt"
    bad.write_text(
        "<http://dbpedia.org/resource/A> <http://dbpedia.org/ontology/r> "
        "<http://dbpedia.org/resource/B> .\nthis is not a triple\n",
        encoding="utf-8",
    )
    with pytest.raises(SourceFileError, match=r"objects\.nt:2: not an N-Triples line"):
        load(tmp_path, {"objects": bad})


def test_helpers() -> None:
    assert resource_title("Caf%C3%A9_de_Flore") == "Café de Flore"
    assert relation_name("http://www.w3.org/2000/01/rdf-schema#label") == "label"
    assert unescape_ntriples(r"a\"b\\c\u00e9\n") == 'a"b\\cé\n'


def test_roles_matching_no_format(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="match no input format"):
        load(tmp_path, {"objects": SPLITS["train"], "train": SPLITS["train"]})
