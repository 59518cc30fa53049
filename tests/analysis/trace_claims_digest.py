"""Every claim the trace-fact reader finds, written out to compare two versions of the code.

A speed change to ``gralgo/analysis/_trace_*.py`` must not change what is read: this writes
every claim (kind, nodes, value, span, verdict, error) of (a) the texts of
``bench_trace_facts.py`` and (b) every labelled set the reader is measured on (the planted set
and each split of ``tests/analysis/trace_facts_phrasings.py``), one line per claim, and the
CPU seconds the extraction took. Run it on two checkouts and diff the files:

``python tests/analysis/trace_claims_digest.py --out new.txt``
``python tests/analysis/trace_claims_digest.py --repo ../base --out old.txt``, then
``diff old.txt new.txt``

``--job PATH`` adds (c) a finished job folder's responses (e.g. the real ``+experiment=main``
job ``bench_trace_facts.py --whole-process`` makes), read as the analysis reads them (scored,
segmented, each instance's names and facts kept): ``--parts bench,labelled,job``.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def _bench_texts(responses: int) -> Iterator[tuple[str, str, Any, dict[str, Any], bool]]:
    from bench_trace_facts import synthetic_job

    samples, instances = synthetic_job(responses)
    for index, (text, instance_id) in enumerate(
        zip(samples["answer_text"], samples["instance_id"], strict=True)
    ):
        yield f"bench:{index}", text, instances[instance_id].to_networkx(), {}, False


def _labelled_texts(seeds: int) -> Iterator[tuple[str, str, Any, dict[str, Any], bool]]:
    from tests.analysis import trace_facts_phrasings, trace_facts_planted

    for index, trace in enumerate(trace_facts_planted.labelled_set(seeds)):
        yield f"planted:{index}", trace.text, trace.graph, trace.params, trace.numeric_ids
    for split in trace_facts_phrasings.SPLITS:
        for index, trace in enumerate(trace_facts_phrasings.labelled_set(split, seeds)):
            yield f"{split}:{index}", trace.text, trace.graph, trace.params, trace.numeric_ids


def _job_lines(job: Path) -> tuple[list[str], float]:
    """Every checked claim of ``job``'s responses, as ``analysis=trace_facts`` finds them, and
    the CPU seconds extraction and checking took."""
    from gralgo.analysis._responses import scored_responses
    from gralgo.analysis._segmentation_method import Segmentation, segment_responses
    from gralgo.analysis._trace_facts import _rows, checked_claims, instances_for
    from gralgo.results import read_samples

    scored = scored_responses(read_samples(job, reasoning=True, prompts=True))
    instances = instances_for([job], None)
    rows = _rows(scored, segment_responses(scored, Segmentation()))
    cache: dict[Any, Any] = {}
    lines: list[str] = []
    cpu = 0.0
    for row in rows:
        start = time.process_time()
        checked = checked_claims(row, instances, cache)
        cpu += time.process_time() - start
        for c in checked:
            claim = c.claim
            lines.append(f"job:{row[0]}\t{claim.kind}\t{' | '.join(claim.nodes)}\t{claim.value}\t"
                         f"{claim.start}\t{claim.end}\t{claim.implicit_source}\t{c.segment}\t"
                         f"{c.verdict}\t{c.error}\t{c.truth}")  # fmt: skip
    return lines, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the checkout whose gralgo (and tests) to run")  # fmt: skip
    parser.add_argument("--responses", type=int, default=2000)
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--parts", default="bench,labelled", help="of bench, labelled, job")
    parser.add_argument("--job", type=Path, help="a job folder: its responses (part job)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    sys.path[:0] = [str(args.repo), str(args.repo / "benchmarks")]

    from gralgo.analysis._trace_check import GraphFacts, check_claims
    from gralgo.analysis._trace_claims import extract_claims, longest_name_words
    from gralgo.score import NodeNames

    lines: list[str] = []
    cpu: dict[str, float] = {"bench": 0.0, "labelled": 0.0, "job": 0.0}
    names_of: dict[int, tuple[Any, NodeNames, int]] = {}  # (the graph kept: its id stays)
    parts = {"bench": lambda: _bench_texts(args.responses),
             "labelled": lambda: _labelled_texts(args.seeds)}  # fmt: skip
    for part in args.parts.split(","):
        if part == "job":
            if args.job is None:
                parser.error("--parts job needs --job PATH")
            found, cpu["job"] = _job_lines(args.job)
            lines += found
            continue
        texts = parts[part]()
        for label, text, graph, params, numeric in texts:
            if id(graph) not in names_of:  # the analysis's own per-instance cache
                words = 2 if numeric else longest_name_words(graph.nodes)
                names_of[id(graph)] = (graph, NodeNames(graph, numeric), words)
            _, names, words = names_of[id(graph)]
            start = time.process_time()
            claims = extract_claims(text, names, words if part == "bench" else None, graph)
            cpu[part] += time.process_time() - start
            for c in check_claims(claims, GraphFacts(graph, params)):
                claim = c.claim
                lines.append(f"{label}\t{claim.kind}\t{' | '.join(claim.nodes)}\t{claim.value}\t"
                             f"{claim.start}\t{claim.end}\t{claim.implicit_source}\t"
                             f"{c.verdict}\t{c.error}\t{c.truth}")  # fmt: skip
    args.out.write_text("\n".join(lines) + "\n")
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()[:16]
    print(f"{len(lines)} claims, sha256 {digest}; extraction CPU: bench {cpu['bench']:.2f} s, "
          f"labelled {cpu['labelled']:.2f} s, job (with checking) {cpu['job']:.2f} s")  # fmt: skip


if __name__ == "__main__":
    main()
