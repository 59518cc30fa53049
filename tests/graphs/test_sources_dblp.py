"""DBLP co-authorship loaders: Leipzig DBLP.csv, dblp.xml and author-pair lists."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from gralgo.errors import SourceFileError
from gralgo.graphs.sources import SourceConfig, _dblp, load_source

FIXTURES = Path(__file__).parent / "fixtures" / "dblp"
MUELLER, DOE, WEI = "Hans Müller", "Jane Doe", "Li Wei"


def load(tmp_path: Path, role: str, path: Path, **options: object):
    config = SourceConfig("coauthors", "dblp", {role: str(path)}, options)
    return load_source(config, tmp_path / "cache")


def weights(graph) -> dict[frozenset[str], int]:
    nxg = graph.to_networkx(range(graph.n_nodes))
    return {frozenset((u, v)): w for u, v, w in nxg.edges(data="weight")}


def test_csv_latin1_weights_count_papers(tmp_path: Path) -> None:
    graph = load(tmp_path, "csv", FIXTURES / "DBLP.csv", largest_component=False)
    assert graph.node_names == (MUELLER, DOE, WEI, "Zoë Solo")
    assert weights(graph) == {
        frozenset((MUELLER, DOE)): 2,
        frozenset((DOE, WEI)): 2,
        frozenset((MUELLER, WEI)): 1,
    }
    assert load(tmp_path, "csv", FIXTURES / "DBLP.csv").n_nodes == 3


def test_csv_gzip_and_reordered_rows_identical(tmp_path: Path) -> None:
    lines = (FIXTURES / "DBLP.csv").read_bytes().splitlines(keepends=True)
    reordered = tmp_path / "DBLP.csv.gz"
    reordered.write_bytes(gzip.compress(b"".join([lines[0], *reversed(lines[1:])])))
    a = load(tmp_path, "csv", FIXTURES / "DBLP.csv")
    b = load(tmp_path, "csv", reordered)
    assert a.node_names == b.node_names
    assert a.indices.tolist() == b.indices.tolist()
    assert a.edge_weight.tolist() == b.edge_weight.tolist()


def test_csv_short_row(tmp_path: Path) -> None:
    bad = tmp_path / "DBLP.csv"
    bad.write_text('"id","title","authors","venue","year"\n"a","t","X, Y","v",1\n"b","t","X, Y"\n')
    with pytest.raises(SourceFileError, match=r"DBLP\.csv:3: expected 5 columns, got 3"):
        load(tmp_path, "csv", bad)


def test_csv_without_authors_header(tmp_path: Path) -> None:
    bad = tmp_path / "DBLP.csv"
    bad.write_text('"a","b"\n"1","2"\n')
    with pytest.raises(SourceFileError, match="no 'authors' column"):
        load(tmp_path, "csv", bad)


@pytest.mark.parametrize("chunk_bytes", [1 << 20, 5, 13])
def test_xml_resolves_dtd_entities_and_skips_www(
    tmp_path: Path, monkeypatch, chunk_bytes: int
) -> None:
    monkeypatch.setattr(_dblp, "_CHUNK_BYTES", chunk_bytes)
    xml = tmp_path / "dblp.xml.gz"
    xml.write_bytes(gzip.compress((FIXTURES / "dblp.xml").read_bytes()))
    graph = load(tmp_path, "xml", xml, largest_component=False)
    assert graph.node_names == (MUELLER, DOE, WEI, "Zoë Solo")
    assert weights(graph) == {
        frozenset((MUELLER, DOE)): 2,
        frozenset((DOE, WEI)): 1,
        frozenset((MUELLER, WEI)): 1,
    }


def test_xml_publication_types_option(tmp_path: Path) -> None:
    graph = load(tmp_path, "xml", FIXTURES / "dblp.xml", publication_types=["www"])
    assert graph.node_names == ("J. Doe", DOE)


def test_malformed_xml(tmp_path: Path) -> None:
    bad = tmp_path / "dblp.xml"
    bad.write_text("<dblp>\n<article><author>A</author>\n</dblp>\n")
    with pytest.raises(SourceFileError, match=r"dblp\.xml:3: malformed XML"):
        load(tmp_path, "xml", bad)


def test_pairs_sum_counts(tmp_path: Path) -> None:
    graph = load(tmp_path, "pairs", FIXTURES / "pairs.tsv")
    assert weights(graph) == {frozenset((MUELLER, DOE)): 4, frozenset((DOE, WEI)): 1}
    bad = tmp_path / "pairs.tsv"
    bad.write_text("A\tB\t2\nA\tB\tmany\n", encoding="utf-8")
    with pytest.raises(SourceFileError, match=r"pairs\.tsv:2: count 'many'"):
        load(tmp_path, "pairs", bad)


def test_wrong_encoding_is_reported(tmp_path: Path) -> None:
    with pytest.raises(SourceFileError, match=r"DBLP\.csv: not valid utf-8"):
        load(tmp_path, "csv", FIXTURES / "DBLP.csv", encoding="utf-8")
