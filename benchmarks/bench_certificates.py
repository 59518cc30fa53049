"""Time certificate validation of 21,600 answers: box extraction, reading, name matching, check.

9 tasks x 6 levels (8-15 ... 121-160 nodes) x 50 instances x 8 answers. Graphs are random
(small-world, trees for path_sum) with real-looking names containing commas, quotes and dashes;
answers mix the exact witness, suboptimal and infeasible ones, hallucinated names, numeric ids
and answers without a box. Building the problems is not timed. Target: <= 5 s on 2 cores.

    python benchmarks/bench_certificates.py [--per-level 50] [--rounds 3] [--json PATH]

Paths, interleaved in every round: a fresh process (start-up, imports, reading the pickled
problems and answers, validation) and the validation in this process after imports.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import (
    CHILD,
    REPO,
    Row,
    child_process,
    interleaved,
    print_rows,
    report_parts,
    timed,
    write_rows,
)

sys.path.insert(0, str(REPO))  # time this checkout's gralgo, not the installed one

import networkx as nx  # noqa: E402

from gralgo.graphs import SampledGraph  # noqa: E402
from gralgo.score import NodeNames, check_certificate_answer  # noqa: E402
from gralgo.tasks import TASKS, InstanceRejected, TaskSettings, make_task  # noqa: E402

LEVEL_SIZES = ((8, 15), (16, 30), (31, 60), (61, 90), (91, 120), (121, 160))
INSTANCES = 50
ANSWERS = 8
WORDS = ("Rue", "Saint", "Avenue", "Washington, D.C.", "O'Hare", "Zürich", "Köln-Bonn", '"Le"')


def _names(rng: random.Random, n: int) -> list[str]:
    return [f"{rng.choice(WORDS)} {i} {rng.choice(WORDS)}" for i in range(n)]


def _sample(task: str, rng: random.Random, n: int) -> SampledGraph:
    if task == "path_sum":
        graph = nx.random_labeled_tree(n, seed=rng.randrange(2**32))
    else:
        graph = nx.connected_watts_strogatz_graph(n, 4, 0.3, seed=rng.randrange(2**32))
    graph = nx.relabel_nodes(graph, dict(enumerate(_names(rng, n))))
    if task == "distance_threshold":
        for u, v in graph.edges():
            graph.edges[u, v]["weight"] = rng.randint(100, 3000)
    return SampledGraph(graph=graph, start=sorted(graph)[0], provenance={"sampler": "bench"})


def _witness(name: str, problem, certificate: dict) -> list[str]:
    if name == "max_degree":
        return certificate["nodes"][:1]
    if name == "max_weight_triangle":
        return certificate["triangle"]
    if name == "max_clique":
        return certificate["clique"]
    if name == "path_sum":
        return [entry["leaf"] for entry in certificate["leaves_above"]]
    if name == "diameter":
        return certificate["path"]
    if name == "distance_threshold":
        node, tau = certificate["node"], certificate["tau"]
        lengths = nx.single_source_dijkstra_path_length(problem.graph, node)
        return [node, *sorted(u for u, d in lengths.items() if u != node and d <= tau)]
    return certificate.get("nodes", [])


def _answers(name: str, problem, solution, rng: random.Random) -> list[tuple[str, bool]]:
    """(response text, numeric ids?) pairs of several kinds."""
    ids = {n: str(i) for i, n in enumerate(sorted(problem.graph))}
    if name == "mst_weight":
        edges = [(u, v) for u, v, _ in solution.certificate["edges"]]
        exact = ", ".join(f"({u}, {v})" for u, v in edges)
        numeric = ", ".join(f"({ids[u]}, {ids[v]}, 1)" for u, v in edges)
        short = ", ".join(f"({u}, {v})" for u, v in edges[:-1])
        fake = exact + ", (Atlantis, Lyon)"
    else:
        nodes = _witness(name, problem, solution.certificate)
        exact = " -> ".join(nodes) if name == "diameter" else ", ".join(f'"{n}"' for n in nodes)
        numeric = "[" + ", ".join(ids[n] for n in nodes) + "]"
        short = ", ".join(nodes[:-1]) or "none"
        fake = ", ".join([*nodes[:-1], "Atlantis International"])
    kinds = [
        (exact, False),
        (numeric, True),
        (short, False),
        (fake, False),
        (exact.lower(), False),
        (exact, False),
        (short, False),
    ]
    texts = [(f"Reasoning ... so the answer is \\boxed{{{t}}}.", ids_) for t, ids_ in kinds]
    texts.append(("I could not finish.", False))
    return texts[:ANSWERS]


def make_work(per_level: int) -> list[Any]:
    """(task, problem, solution, answers) for 9 tasks x 6 levels x ``per_level`` instances."""
    rng = random.Random(0)
    work = []
    for name in TASKS:
        options = {"source": "openflights"} if name == "distance_threshold" else {}
        task = make_task(name, TaskSettings(source=options.get("source", "osm"), sampler="bench"))
        for low, high in LEVEL_SIZES:
            made = 0
            while made < per_level:
                try:
                    problem = task.make_problem(_sample(name, rng, rng.randint(low, high)), rng)
                    solution = task.solve(problem)
                except InstanceRejected:
                    continue
                work.append((task, problem, solution, _answers(name, problem, solution, rng)))
                made += 1
    return work


def validate(work: list[Any]) -> Counter[str]:
    """Check every answer; verdicts counted by status."""
    statuses: Counter[str] = Counter()
    for task, problem, solution, answers in work:
        names = {False: NodeNames(problem.graph, False), True: NodeNames(problem.graph, True)}
        for text, numeric in answers:
            verdict = check_certificate_answer(task, problem, solution, text, names[numeric])
            statuses[verdict.status] += 1
    return statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-level", type=int, default=INSTANCES)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="append the result rows to this JSON-lines file")
    parser.add_argument("--input", help=argparse.SUPPRESS)  # the child's pickled work
    parser.add_argument(CHILD, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        started = time.perf_counter()
        work = pickle.loads(Path(args.input).read_bytes())
        read_s = time.perf_counter() - started
        started = time.perf_counter()
        validate(work)
        report_parts({"read": read_s, "validate": time.perf_counter() - started})
        return
    work = make_work(args.per_level)
    total = sum(len(answers) for *_, answers in work)
    print(f"{total:,} answers; verdicts {dict(validate(work))}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        pickled = Path(tmp) / "work.pkl"
        pickled.write_bytes(pickle.dumps(work))
        script = Path(__file__).resolve()
        results = interleaved(
            {"fresh process (start-up, imports, read problems, validate)":
                 lambda _: child_process(script, ["--input", str(pickled)]),
             "in process (validate)": lambda _: timed(lambda: validate(work))},
            args.rounds,
        )  # fmt: skip
    rows = [Row("bench_certificates", f"{name}, {total:,} answers", samples, goal="<= 5 s")
            for name, samples in results.items()]  # fmt: skip
    print_rows(rows)
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
