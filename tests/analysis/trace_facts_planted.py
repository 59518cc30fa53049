"""A labelled set for the trace-fact checker: traces written from each task's solver, in every
format, with planted errors of every kind (generated, so the labels are exact).

Each trace is a list of statements; a statement is correct or carries exactly one planted
error (its kind and its character span). Filler prose with numbers and arithmetic is mixed in
to catch false claims. Deterministic: the same seed writes the same traces.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx

from gralgo.tasks import InstanceRejected, Problem, Solution, TaskSettings, make_task

TASKS = (
    "diameter",
    "distance_k",
    "distance_threshold",
    "max_clique",
    "max_degree",
    "max_kcore",
    "max_weight_triangle",
    "mst_weight",
    "path_sum",
)
FORMATS = ("edge_list", "adjacency_list", "markdown_table", "numeric_ids", "long_context")
NAMES = (
    "Paris",
    "Lyon",
    "New York",
    "Saint-Denis",
    "São Paulo",
    "Kyoto",
    "Ada Lovelace",
    "Río de la Plata",
    "Oslo",
    "Tel Aviv-Yafo",
    "Cape Town",
    "Bergen",
    "Dublin",
    "Graz",
)
ADJECTIVES = ("amber", "quiet", "misty", "golden", "royal", "western", "pale", "calm")
NOUNS = ("harbour", "orchard", "bridge", "castle", "palace", "river", "market", "tower")
"""Words of lengthened long-context names (as ``gralgo.formats.lengthen_names`` writes them)."""
FILLER = (
    "Let me think about this step by step.",
    "Step 3: so we have 5 candidates left, and 12 - 5 = 7.",
    "Wait, let me recount the list above.",
    "Now 3 + 4 = 7, which is below the threshold of 9.",
    "I will run a breadth-first search and keep a queue.",
    "So the answer might be 4, but let me double-check.",
)


@dataclass
class Planted:
    """One generated trace with its exact labels."""

    task: str
    format: str
    graph: nx.Graph[str]
    """The graph as the checker sees it (long names for ``long_context``)."""
    params: dict[str, object]
    numeric_ids: bool
    text: str = ""
    errors: list[tuple[int, int, str]] = field(default_factory=list)
    """``(start, end, error kind)`` of every planted error."""
    correct: list[tuple[int, int]] = field(default_factory=list)
    """Spans of the correct statements."""


def _graph(task: str, rng: random.Random) -> tuple[nx.Graph[str], dict[str, object]]:
    n = rng.randint(8, 11)
    names = rng.sample(NAMES, n)
    if task == "path_sum":
        graph = nx.Graph()
        graph.add_node(names[0])
        for i, name in enumerate(names[1:], start=1):
            graph.add_edge(names[rng.randrange(max(1, i // 2 + 1))], name)
    else:
        graph = nx.Graph()
        graph.add_nodes_from(names)
        for i in range(1, n):  # connected: a random tree, then random extra edges
            graph.add_edge(names[i], names[rng.randrange(i)])
        for _ in range(n):
            u, v = rng.sample(names, 2)
            graph.add_edge(u, v)
    if task in ("mst_weight", "path_sum", "distance_threshold"):
        for u, v in graph.edges:
            graph.edges[u, v]["weight"] = rng.randint(1, 10)
    if task == "max_weight_triangle":
        for node in graph:
            graph.nodes[node]["weight"] = rng.randint(1, 20)
    params: dict[str, object] = {}
    if task == "distance_k":
        params = {"node": names[0], "k": 2}
    elif task == "path_sum":
        params = {"root": names[0], "tau": 8}
    elif task == "max_kcore":
        params = {"k": 2}
    elif task == "distance_threshold":
        params = {"tau": 6}
    return graph, params


def _long_names(graph: nx.Graph[str], rng: random.Random) -> dict[str, str]:
    return {
        node: f"{node}, "
        + ", ".join(
            f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}" for _ in range(rng.randint(1, 3))
        )
        for node in graph
    }


class _Writer:
    """Appends statements and records their spans and labels."""

    def __init__(self, planted: Planted) -> None:
        self.planted = planted
        self.parts: list[str] = []
        self.length = 0

    def add(self, text: str, error: str | None, newline: bool = True) -> None:
        start = self.length
        self.parts.append(text + ("\n" if newline else " "))
        self.length += len(self.parts[-1])
        if error is None:
            self.planted.correct.append((start, start + len(text)))
        else:
            self.planted.errors.append((start, start + len(text), error))

    def filler(self, text: str) -> None:
        self.parts.append(text + "\n")
        self.length += len(self.parts[-1])


def write_trace(task: str, fmt: str, seed: int) -> Planted:
    """One labelled trace of ``task`` in ``fmt``: the solver's facts, generic facts, and one
    planted error of every kind that applies to the task."""
    rng = random.Random(f"{task}:{fmt}:{seed}")
    solver = make_task(task, TaskSettings("test", "dataset"))
    for _ in range(100):  # redraw until the solver accepts the instance (a unique answer)
        graph, params = _graph(task, rng)
        try:
            solution = solver.solve(Problem(graph=graph, params=dict(params)))
            break
        except InstanceRejected:
            continue
    long = _long_names(graph, rng) if fmt == "long_context" else {n: n for n in graph}
    shown_graph = nx.relabel_nodes(graph, long)
    shown_params = {k: long.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
    numeric = fmt == "numeric_ids"
    ids = {name: str(i) for i, name in enumerate(sorted(shown_graph.nodes()))}
    planted = Planted(task, fmt, shown_graph, shown_params, numeric)

    def show(node: str) -> str:
        return f"node {ids[long[node]]}" if numeric else long[node]

    def bare(node: str) -> str:
        return ids[long[node]] if numeric else long[node]

    writer = _Writer(planted)
    facts = _Facts(graph, rng, show, bare, fmt)
    statements: list[Callable[[_Writer], None]] = facts.generic() + facts.task(
        task, params, solution
    )
    rng.shuffle(statements)
    for statement in statements:
        statement(writer)
        if rng.random() < 0.3:
            writer.filler(rng.choice(FILLER))
    planted.text = "".join(writer.parts)
    return planted


class _Facts:
    """Statement writers over one graph (closures that write to a :class:`_Writer`)."""

    def __init__(
        self,
        graph: nx.Graph[str],
        rng: random.Random,
        show: Callable[[str], str],
        bare: Callable[[str], str],
        fmt: str,
    ) -> None:
        self.graph, self.rng, self.show, self.bare, self.fmt = graph, rng, show, bare, fmt
        self.weighted = any("weight" in d for _, _, d in graph.edges(data=True))
        self.nodes = sorted(graph)
        # Sorted: nx.non_edges walks a set, whose order follows PYTHONHASHSEED for names.
        self.non_edges = sorted((min(u, v), max(u, v)) for u, v in nx.non_edges(graph))
        self.edges = sorted(graph.edges)

    def _weight(self, u: str, v: str, delta: int = 0) -> str:
        if not self.weighted:
            return ""
        return f" (weight {int(self.graph.edges[u, v]['weight']) + delta})"

    def _edge_line(self, u: str, v: str, weight: str) -> str:
        """An edge as the format's own rows write it (or in prose)."""
        b = self.bare
        if self.fmt in ("edge_list", "long_context"):
            return f'"{b(u)}" -- "{b(v)}"{weight}'
        if self.fmt == "numeric_ids":
            return f"{b(u)} -- {b(v)}{weight}"
        if self.fmt == "markdown_table":
            w = weight.strip(" ()").replace("weight ", "")
            head = (
                "| Source | Target | Weight |\n| --- | --- | --- |"
                if w
                else "| Source | Target |\n| --- | --- |"
            )
            return f"{head}\n| {b(u)} | {b(v)} |" + (f" {w} |" if w else "")
        return f"{b(u)} - {b(v)}{weight}"

    def _adjacent_prose(self, u: str, v: str) -> str:
        s = self.show
        return self.rng.choice(
            [
                f"{s(u)} is connected to {s(v)}.",
                f"{s(u)} and {s(v)} are adjacent.",
                f"There is an edge between {s(u)} and {s(v)}.",
                f"{s(u)} is adjacent to {s(v)}.",
            ]
        )

    def generic(self) -> list[Callable[[_Writer], None]]:
        rng, s = self.rng, self.show
        out: list[Callable[[_Writer], None]] = []
        u, v = rng.choice(self.edges)
        out.append(lambda w, u=u, v=v: w.add(self._edge_line(u, v, self._weight(u, v)), None))
        u, v = rng.choice(self.edges)
        out.append(lambda w, u=u, v=v: w.add(self._adjacent_prose(u, v), None))
        if self.non_edges:
            a, b = rng.choice(self.non_edges)
            out.append(lambda w, a=a, b=b: w.add(self._adjacent_prose(a, b), "hallucinated_edge"))
            a, b = rng.choice(self.non_edges)
            out.append(lambda w, a=a, b=b: w.add(self._edge_line(a, b, ""), "hallucinated_edge"))
            a, b = rng.choice(self.non_edges)
            out.append(lambda w, a=a, b=b: w.add(f"{s(a)} is not connected to {s(b)}.", None))
        u, v = rng.choice(self.edges)
        out.append(
            lambda w, u=u, v=v: w.add(
                rng.choice(
                    [
                        f"{s(u)} is not connected to {s(v)}.",
                        f"There is no edge between {s(u)} and {s(v)}.",
                        f"{s(u)} and {s(v)} are not adjacent.",
                    ]
                ),
                "missed_edge",
            )
        )
        node = rng.choice([n for n in self.nodes if self.graph.degree(n) >= 2])
        out.append(lambda w, n=node: w.add(self._neighbours(n, omit=True), "missed_edge"))
        node = rng.choice(self.nodes)
        out.append(lambda w, n=node: w.add(self._neighbours(n, omit=False), None))
        if self.weighted:
            u, v = rng.choice(self.edges)
            delta = rng.choice([-1, 1, 2, 3]) if self.graph.edges[u, v]["weight"] > 1 else 2
            out.append(
                lambda w, u=u, v=v, d=delta: w.add(
                    self._edge_line(u, v, self._weight(u, v, d)), "wrong_weight"
                )
            )
        for error in (None, "wrong_degree"):
            node = rng.choice(self.nodes)
            out.append(lambda w, n=node, e=error: w.add(self._degree(n, e is not None), e))
        for error in (None, "wrong_distance", None):
            a, b = rng.sample(self.nodes, 2)
            out.append(lambda w, a=a, b=b, e=error: w.add(self._distance(a, b, e is not None), e))
        for error in (None, "wrong_distance"):
            a, b = rng.sample(self.nodes, 2)
            out.append(lambda w, a=a, b=b, e=error: w.add(self._path(a, b, e is not None), e))
        return out

    def _neighbours(self, node: str, omit: bool) -> str:
        others = sorted(self.graph[node])
        if omit:
            others.remove(self.rng.choice(others))
        s, b = self.show, self.bare
        if self.fmt == "adjacency_list":
            items = ", ".join(f'"{b(o)}"' + self._weight(node, o) for o in others)
            return f'"{b(node)}": {items}'
        return self.rng.choice(
            [
                f"Neighbors of {s(node)}: {', '.join(s(o) for o in others)}.",
                f"The neighbours of {s(node)} are {', '.join(s(o) for o in others)}.",
            ]
        )

    def _degree(self, node: str, wrong: bool) -> str:
        d = self.graph.degree(node) + (self.rng.choice([-1, 1, 2]) if wrong else 0)
        s = self.show
        if self.fmt == "markdown_table":
            return f"| Node | Degree |\n| --- | --- |\n| {self.bare(node)} | {d} |"
        return self.rng.choice(
            [
                f"{s(node)} has degree {d}.",
                f"deg({s(node)}) = {d}",
                f"The degree of {s(node)} is {d}.",
            ]
        )

    def _distance(self, a: str, b: str, wrong: bool) -> str:
        if self.weighted:
            d = nx.shortest_path_length(self.graph, a, b, weight="weight")
        else:
            d = nx.shortest_path_length(self.graph, a, b)
        d += self.rng.choice([1, 2, 3]) if wrong else 0
        s = self.show
        return self.rng.choice(
            [
                f"dist({s(a)}, {s(b)}) = {d}",
                f"The distance from {s(a)} to {s(b)} is {d}.",
                f"The shortest path from {s(a)} to {s(b)} has length {d}.",
            ]
        )

    def _path(self, a: str, b: str, wrong: bool) -> str:
        weight = "weight" if self.weighted else None
        path = nx.shortest_path(self.graph, a, b, weight=weight)
        if len(path) < 3:
            path = [*path, *[n for n in self.graph[path[-1]] if n not in path][:1]]
        pairs = list(zip(path, path[1:], strict=False))
        total = (
            sum(int(self.graph.edges[p].get("weight", 1)) for p in pairs)
            if self.weighted
            else len(pairs)
        )
        total += self.rng.choice([1, 2, 5]) if wrong else 0
        arrow = self.rng.choice([" → ", " -> "])
        return f"Path: {arrow.join(self.show(n) for n in path)}, total {total}"

    def task(
        self, task: str, params: dict[str, object], solution: Solution
    ) -> list[Callable[[_Writer], None]]:
        """The solver's own facts (its certificate), once right and once with a planted error."""
        s, rng, graph = self.show, self.rng, self.graph
        out: list[Callable[[_Writer], None]] = []
        certificate = solution.certificate

        def listed(nodes: list[str]) -> str:
            return "{" + ", ".join(s(n) for n in nodes) + "}"

        if task == "max_clique":
            clique = list(certificate["clique"])
            out.append(lambda w: w.add(f"The clique {listed(clique)} is the largest.", None))
            outsider = next(
                n
                for n in self.nodes
                if any(not graph.has_edge(n, c) for c in clique) and n not in clique
            )
            out.append(
                lambda w: w.add(
                    f"{listed([*clique, outsider])} forms a clique.", "hallucinated_edge"
                )
            )
        if task == "max_kcore":
            k, core = int(certificate["k"]), list(certificate["nodes"])
            out.append(lambda w: w.add(f"The {k}-core is {listed(core)}.", None))
            extra = (
                next(n for n in self.nodes if n not in core)
                if len(core) < len(self.nodes)
                else None
            )
            wrong = [*core, extra] if extra else core[1:]
            out.append(lambda w: w.add(f"So the {k}-core is {listed(wrong)}.", "wrong_set"))
        if task == "distance_k":
            node, k, within = (
                str(certificate["node"]),
                int(certificate["k"]),
                list(certificate["nodes"]),
            )
            out.append(
                lambda w: w.add(
                    f"Nodes within {k} hops of {s(node)}: {', '.join(s(n) for n in within)}.", None
                )
            )
            out.append(
                lambda w: w.add(
                    f"Nodes within {k} hops of {s(node)}: {', '.join(s(n) for n in within[1:])}.",
                    "wrong_set",
                )
            )
        if task == "max_weight_triangle":
            triangle = list(certificate["triangle"])
            out.append(lambda w: w.add(f"Triangle: {', '.join(s(n) for n in triangle)}.", None))
            for node in triangle[:2]:
                weight = int(graph.nodes[node]["weight"])
                out.append(
                    lambda w, n=node, x=weight: w.add(
                        rng.choice(
                            [
                                f"{s(n)} has weight {x}.",
                                f"w({s(n)}) = {x}",
                                f"The weight of {s(n)} is {x}.",
                            ]
                        ),
                        None,
                    )
                )
            node = triangle[2]
            weight = int(graph.nodes[node]["weight"]) + rng.choice([1, 2, 4])
            out.append(lambda w: w.add(f"{s(node)} has weight {weight}.", "wrong_weight"))
        if task == "mst_weight":
            for u, v, weight in certificate["edges"][:3]:
                out.append(
                    lambda w, u=u, v=v, x=weight: w.add(f"Take {s(u)} – {s(v)} ({x}).", None)
                )
        if task == "diameter":
            u, v = certificate["pair"]
            out.append(
                lambda w: w.add(
                    f"The distance from {s(u)} to {s(v)} is {certificate['diameter']}.", None
                )
            )
        if task == "path_sum":
            root = str(params["root"])
            for entry in certificate["leaves_above"][:2]:
                path = nx.shortest_path(graph, root, entry["leaf"])
                out.append(
                    lambda w, p=path, x=entry["sum"]: w.add(
                        f"Path: {' → '.join(s(n) for n in p)}, total {x}", None
                    )
                )
        return out


def labelled_set(seeds: int = 4) -> list[Planted]:
    """Every task in every format, ``seeds`` traces each."""
    return [
        write_trace(task, fmt, seed) for task in TASKS for fmt in FORMATS for seed in range(seeds)
    ]
