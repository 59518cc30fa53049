"""Certificate mode: each task's validator on valid, hallucinated, infeasible and suboptimal
answers, the tolerant reader, and every solver certificate (as a model would write it) optimal."""

from __future__ import annotations

import networkx as nx
import pytest

from gralgo.score import NodeNames, read_certificate
from gralgo.tasks import TASKS, InstanceRejected, Problem

A, B, C, D, E, F = (
    "Washington, D.C. Dulles",
    "O'Hare",
    "Zürich Airport",
    'Rue "A", B',
    "x -> y",
    "Straße-1",
)


def k4_tail() -> nx.Graph:
    """K4 on A, B, C, D, then a tail D - E - F. Degrees 3, 3, 3, 4, 2, 1; diameter 3."""
    graph = nx.Graph()
    weights = {
        (A, B): 1,
        (A, C): 4,
        (A, D): 3,
        (B, C): 2,
        (B, D): 5,
        (C, D): 6,
        (D, E): 1,
        (E, F): 2,
    }
    for (u, v), w in weights.items():
        graph.add_edge(u, v, weight=w)
    for node, w in {A: 1, B: 2, C: 3, D: 10, E: 5, F: 5}.items():
        graph.nodes[node]["weight"] = w
    return graph


def verdict(build_task, name, graph, answer, params=None, numeric_ids=False, **options):
    task = build_task(name, **options)
    problem = Problem(graph=graph, params=params or {})
    solution = task.solve(problem)
    read = read_certificate(answer, task.certificate_shape, NodeNames(graph, numeric_ids))
    return task.check_certificate(problem, solution, read)


def statuses(build_task, name, graph, answers, params=None, **options):
    return {
        key: (v.status, None if v.ratio is None else round(v.ratio, 3))
        for key, answer in answers.items()
        for v in [verdict(build_task, name, graph, answer, params, **options)]
    }


def test_max_degree(build_task) -> None:
    got = statuses(
        build_task,
        "max_degree",
        k4_tail(),
        {
            "valid": f"{D}",
            "annotated": f"{D} (degree 4)",
            "suboptimal": f"{A}",
            "hallucinated": "Heathrow",
            "empty": "",
        },
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "annotated": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.75),
        "hallucinated": ("hallucinated", None),
        "empty": ("unparsed", None),
    }


def test_max_weight_triangle(build_task) -> None:
    got = statuses(
        build_task,
        "max_weight_triangle",
        k4_tail(),
        {
            "valid": f"{B}, {C}, {D}",
            "suboptimal": f"[{A}, {B}, {C}]",
            "not_a_triangle": f"{A}, {B}, {E}",
            "two_nodes": f"{A}, {B}",
            "hallucinated": f"{A}, {B}, Gatwick",
        },
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.4),
        "not_a_triangle": ("infeasible", None),
        "two_nodes": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def test_max_clique(build_task) -> None:
    got = statuses(
        build_task,
        "max_clique",
        k4_tail(),
        {
            "valid": f"\\{{{A}, {B}, {C}, {D}\\}}",
            "suboptimal": f"{A}; {B}; {C}",
            "infeasible": f"{A}, {B}, {E}",
            "hallucinated": f"{A}, Nowhere",
        },
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.75),
        "infeasible": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def test_diameter(build_task) -> None:
    got = statuses(
        build_task,
        "diameter",
        k4_tail(),
        {
            "valid": f"{F} -> {E} -> {D} -> {A}",
            "arrows": f"{F} → {E} → {D} → {B}",
            "suboptimal": f"{F}, {E}, {D}",
            "no_edge": f"{F}, {E}, {C}",
            "not_shortest": f"{A}, {B}, {C}",
            "hallucinated": f"{F}, Mars, {A}",
        },
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "arrows": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.667),
        "no_edge": ("infeasible", None),
        "not_shortest": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def test_distance_k(build_task) -> None:
    got = statuses(
        build_task,
        "distance_k",
        k4_tail(),
        {
            "valid": f"{A}, {B}, {C}, {E}",
            "suboptimal": f"{A}, {B}",
            "infeasible": f"{A}, {F}",
            "itself": f"{A}, {B}, {C}, {D}, {E}",
            "hallucinated": f"{A}, Zzz",
        },
        params={"node": D, "k": 1},
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.5),
        "infeasible": ("infeasible", None),
        "itself": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def test_max_kcore(build_task) -> None:
    graph = k4_tail()
    graph.add_edges_from(nx.complete_graph(["p", "q", "r", "s", "t"]).edges())
    got = statuses(
        build_task,
        "max_kcore",
        graph,
        {
            "valid": f"{A}, {B}, {C}, {D}, p, q, r, s, t",
            "suboptimal": "p, q, r, s, t",
            "infeasible": f"{A}, {B}, {C}",
            "hallucinated": f"{A}, u",
        },
        params={"k": 3},
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.556),
        "infeasible": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def test_mst_weight(build_task) -> None:
    got = statuses(
        build_task,
        "mst_weight",
        k4_tail(),
        {
            "valid": f"({A}, {B}), ({B}, {C}), ({A}, {D}), ({D}, {E}), ({E}, {F})",
            "weighted_lines": f"{A} - {B} (1)\n{B} - {C} (2)\n{A} - {D} (3)\n{D} - {E} (1)\n"
            f"{E} - {F} (2)",
            "suboptimal": f"({A}, {B}), ({A}, {C}), ({A}, {D}), ({D}, {E}), ({E}, {F})",
            "too_few": f"({A}, {B}), ({B}, {C}), ({A}, {D}), ({D}, {E})",
            "cycle": f"({A}, {B}), ({B}, {C}), ({A}, {C}), ({D}, {E}), ({E}, {F})",
            "no_such_edge": f"({A}, {B}), ({B}, {C}), ({A}, {D}), ({D}, {E}), ({C}, {F})",
            "hallucinated": f"({A}, {B}), ({B}, Lyon)",
        },
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "weighted_lines": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.818),
        "too_few": ("infeasible", None),
        "cycle": ("infeasible", None),
        "no_such_edge": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


MST = ((A, B), (B, C), (A, D), (D, E), (E, F))
"""The minimum spanning tree of :func:`k4_tail` (weight 9)."""


def _mst_text(edge: str, sep: str = ", ") -> str:
    return sep.join(edge.format(u=u, v=v) for u, v in MST)


@pytest.mark.parametrize(
    ("written", "status"),
    [
        # Every edge notation in common use reads the optimal tree.
        (_mst_text("{u} - {v}"), "optimal"),
        (_mst_text("{u} -- {v}"), "optimal"),
        (_mst_text("{u} – {v}"), "optimal"),
        (_mst_text("{u}–{v}"), "optimal"),
        (_mst_text("{u}-{v}"), "optimal"),
        (_mst_text("{u}-{v}", "\n"), "optimal"),
        (_mst_text("{u} -> {v}"), "optimal"),
        (_mst_text("\\{{{u}, {v}\\}}"), "optimal"),
        (_mst_text("[{u}, {v}]", "; "), "optimal"),
        (_mst_text("{u} - {v}", "\n"), "optimal"),
        ("\\{" + _mst_text("\\{{{u}, {v}\\}}") + "\\}", "optimal"),
        (_mst_text("(\\text{{{u}}}, \\text{{{v}}})"), "optimal"),
        # Unread, repeated or extra parts are never accepted, wherever they stand.
        (_mst_text("({u}, {v})") + f", ({A}, {B}, {C})", "infeasible"),
        (f"({A}, {B}, {C}), " + _mst_text("({u}, {v})"), "infeasible"),
        (_mst_text("({u}, {v})") + ", (Lyon, Nice)", "hallucinated"),
        (_mst_text("({u}, {v})") + ", (see the list above)", "unparsed"),
        (_mst_text("({u}, {v})") + ", " + _mst_text("({u}, {v})"), "infeasible"),
        (_mst_text("({u}, {v})") + f", ({B}, {A})", "infeasible"),
        # A non-edge between real nodes is infeasible, as in every other task.
        (_mst_text("({u}, {v})").replace(f"({E}, {F})", f"({C}, {F})"), "infeasible"),
        ("see the list above", "unparsed"),
        ("none", "infeasible"),
    ],
)
def test_mst_edge_notations_and_unread_parts(build_task, written, status) -> None:
    assert verdict(build_task, "mst_weight", k4_tail(), written).status == status, written


def _numbered(edge: str, extra: str = "") -> str:
    """The MST in numeric ids (sorted-name order), each edge written as ``edge``."""
    ids = {name: i for i, name in enumerate(sorted(k4_tail().nodes()))}
    weights = k4_tail().edges
    return (
        ", ".join(edge.format(u=ids[u], v=ids[v], w=weights[u, v]["weight"]) for u, v in MST)
        + extra
    )


@pytest.mark.parametrize(
    ("written", "status"),
    [
        (_numbered("{u}-{v}"), "optimal"),
        (_numbered("{u} - {v}"), "optimal"),
        (_numbered("{u}–{v}"), "optimal"),
        (_numbered("({u}, {v}, {w})"), "optimal"),
        (_numbered("[{u}, {v}]"), "optimal"),
        (_numbered("({u}, {v})", ", (0, 999999)"), "hallucinated"),
        ("(0, 999999), " + _numbered("({u}, {v})"), "hallucinated"),
        (_numbered("({u}, {v})", ", (0, 1, 2, 3)"), "infeasible"),
    ],
)
def test_mst_numeric_ids(build_task, written, status) -> None:
    got = verdict(build_task, "mst_weight", k4_tail(), written, numeric_ids=True)
    assert got.status == status, (written, got)


_NODE_ANSWERS = {
    "max_degree": f"{D}",
    "max_weight_triangle": f"{B}, {C}, {D}",
    "max_clique": f"{A}, {B}, {C}, {D}",
    "diameter": f"{F}, {E}, {D}, {A}",
    "distance_k": f"{A}, {B}, {C}, {E}",
    "max_kcore": f"{A}, {B}, {C}, {D}",
    "distance_threshold": f"{E}, {D}",
    "path_sum": f"{B}, {E}",
}
_PARAMS = {"distance_k": {"node": D, "k": 1}, "max_kcore": {"k": 3}}


def _chain() -> nx.Graph:
    """A - B - C - D - E with weights 1, 1, 1, 2: at tau 2, E alone reaches fewest (only D)."""
    graph = nx.Graph()
    for u, v, w in ((A, B, 1), (B, C, 1), (C, D, 1), (D, E, 2)):
        graph.add_edge(u, v, weight=w)
    return graph


def _tree() -> nx.Graph:
    """Rooted at R: R-A-B (5, 5), R-C (1), C-D (2), C-E (9); above tau 4: B and E."""
    tree = nx.Graph()
    for u, v, w in (("R", A, 5), (A, B, 5), ("R", C, 1), (C, D, 2), (C, E, 9)):
        tree.add_edge(u, v, weight=w)
    return tree


def _uniform_case(build_task, name: str, written: str, numeric_ids: bool = False):
    if name == "path_sum":
        return verdict(build_task, name, _tree(), written, {"root": "R", "tau": 4}, numeric_ids)
    if name == "distance_threshold":
        return verdict(
            build_task, name, _chain(), written, {"tau": 2}, numeric_ids, source="openflights"
        )
    return verdict(build_task, name, k4_tail(), written, _PARAMS.get(name), numeric_ids)


@pytest.mark.parametrize("name", sorted(_NODE_ANSWERS))
def test_every_task_classifies_alike(build_task, name) -> None:
    """unparsed = nothing could be read; hallucinated = a node that does not exist;
    infeasible = real nodes, not a valid witness (here: a repeated node, an empty claim)."""
    answer = _NODE_ANSWERS[name]
    assert _uniform_case(build_task, name, answer).status == "optimal"
    assert _uniform_case(build_task, name, "see the list above").status == "unparsed"
    assert _uniform_case(build_task, name, f"{answer}, see the list above").status == "unparsed"
    assert _uniform_case(build_task, name, "3").status == "unparsed"
    assert _uniform_case(build_task, name, f"{answer}, Heathrow").status == "hallucinated"
    assert _uniform_case(build_task, name, "Heathrow").status == "hallucinated"
    assert _uniform_case(build_task, name, f"{answer}, {D}").status == "infeasible"
    assert _uniform_case(build_task, name, "none").status == "infeasible"
    # Names with a comma inside \text{}, and LaTeX arrows, read as the names.
    assert _uniform_case(build_task, name, _text_wrapped(answer)).status == "optimal"


def _text_wrapped(answer: str) -> str:
    """Each node of a comma-separated answer wrapped in \\text{} (names keep their commas)."""
    parts = []
    for node in (A, B, C, D, E, F):
        answer = answer.replace(node, f"\x00{len(parts)}\x00")
        parts.append(node)
    for i, node in enumerate(parts):
        answer = answer.replace(f"\x00{i}\x00", f"\\text{{{node}}}")
    return answer


def test_diameter_reads_latex_arrows_and_refuses_an_integer(build_task) -> None:
    path = f"\\text{{{F}}} \\to \\text{{{E}}} \\to \\text{{{D}}} \\to \\text{{{A}}}"
    assert _uniform_case(build_task, "diameter", path).status == "optimal"
    assert _uniform_case(build_task, "diameter", "3").status == "unparsed"
    assert _uniform_case(build_task, "diameter", f"{F}").status == "infeasible"


@pytest.mark.parametrize("name", ["distance_k", "path_sum"])
def test_none_is_wrong_when_nodes_qualify_and_right_when_none_do(build_task, name) -> None:
    if name == "distance_k":
        assert _uniform_case(build_task, name, "none").status == "infeasible"
        return
    tree = nx.Graph()
    for u, v, w in (("R", A, 5), (A, B, 5), ("R", C, 1)):
        tree.add_edge(u, v, weight=w)
    many = verdict(build_task, name, tree, "\\emptyset", {"root": "R", "tau": 4})
    assert many.status == "infeasible" and many.ratio is None
    nobody = verdict(build_task, name, tree, "none", {"root": "R", "tau": 100})
    assert nobody.status == "optimal"


def test_clique_members_must_all_be_adjacent(build_task) -> None:
    """Kills the mutants that skip (part of) the clique's adjacency check: a path a-b-c read
    in order, a star around a hub, and non-adjacent pairs far apart in sorted order."""
    graph = nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("a", "c")])
    graph.add_edges_from([("h", "x"), ("h", "y"), ("h", "z")])
    for written in ("a, b, c, d", "h, x, y", "b, d", "a, b, c, d, h"):
        got = verdict(build_task, "max_clique", graph, written)
        assert got.status == "infeasible", (written, got)
    assert verdict(build_task, "max_clique", graph, "a, b, c").status == "optimal"


def test_path_sum(build_task) -> None:
    tree = nx.Graph()
    for u, v, w in (("R", A, 5), (A, B, 5), ("R", C, 1), (C, D, 2), (C, E, 9)):
        tree.add_edge(u, v, weight=w)
    got = statuses(
        build_task,
        "path_sum",
        tree,
        {
            "valid": f"{B}, {E}",
            "suboptimal": f"{B}",
            "below": f"{B}, {D}",
            "not_a_leaf": f"{A}",
            "hallucinated": f"{B}, Q",
        },
        params={"root": "R", "tau": 4},
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.5),
        "below": ("infeasible", None),
        "not_a_leaf": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def test_distance_threshold(build_task) -> None:
    graph = nx.Graph()
    for u, v, w in ((A, B, 1), (B, C, 1), (C, D, 1), (D, E, 2)):
        graph.add_edge(u, v, weight=w)
    got = statuses(
        build_task,
        "distance_threshold",
        graph,
        {
            "valid": f"{E}, {D}",
            "suboptimal": f"{A}, {C}, {B}",
            "missing": f"{E}",
            "wrong_set": f"{A}, {B}",
            "hallucinated": f"{E}, Q",
        },
        params={"tau": 2},
        source="openflights",
    )
    assert got == {
        "valid": ("optimal", 1.0),
        "suboptimal": ("feasible", 0.5),
        "missing": ("infeasible", None),
        "wrong_set": ("infeasible", None),
        "hallucinated": ("hallucinated", None),
    }


def _render(name: str, problem: Problem, certificate: dict, numeric_ids: bool) -> str:
    """The solver's own certificate written as a model would, under the format's naming."""
    ids = {n: str(i) for i, n in enumerate(sorted(problem.graph.nodes()))}
    show = (lambda n: ids[n]) if numeric_ids else (lambda n: n)
    nodes: list[str]
    if name == "max_degree":
        nodes = certificate["nodes"][:1]
    elif name == "max_weight_triangle":
        nodes = certificate["triangle"]
    elif name == "max_clique":
        nodes = certificate["clique"]
    elif name == "path_sum":
        nodes = [entry["leaf"] for entry in certificate["leaves_above"]]
        if not nodes:
            return "none"
    elif name == "diameter":
        nodes = certificate["path"]
    elif name == "mst_weight":
        return ", ".join(f"({show(u)}, {show(v)}, {w})" for u, v, w in certificate["edges"])
    elif name == "distance_threshold":
        node, tau = certificate["node"], certificate["tau"]
        lengths = nx.single_source_dijkstra_path_length(problem.graph, node)
        nodes = [node] + sorted(u for u, d in lengths.items() if u != node and d <= tau)
    else:
        nodes = certificate["nodes"]
    return "[" + ", ".join(show(n) for n in nodes) + "]"


@pytest.mark.parametrize("name", sorted(TASKS))
@pytest.mark.parametrize("numeric_ids", [False, True])
def test_every_solver_certificate_is_optimal(
    name, numeric_ids, random_samples, random_trees, build_task, seeded
) -> None:
    options = {"source": "openflights"} if name == "distance_threshold" else {}
    task = build_task(name, **options)
    samples = random_trees if name == "path_sum" else random_samples
    checked = 0
    for i, sample in enumerate(samples):
        graph = sample.graph
        if name == "distance_threshold":
            graph = graph.copy()
            for j, (u, v) in enumerate(sorted(graph.edges())):
                graph.edges[u, v]["weight"] = 1 + (7 * j) % 5
        try:
            problem = task.make_problem(
                type(sample)(graph, sample.start, sample.provenance), seeded(name, i)
            )
            solution = task.solve(problem)
        except InstanceRejected:
            continue
        text = _render(name, problem, solution.certificate, numeric_ids)
        names = NodeNames(problem.graph, numeric_ids)
        read = read_certificate(text, task.certificate_shape, names)
        result = task.check_certificate(problem, solution, read)
        assert result.status == "optimal", (text, result)
        checked += 1
    assert checked >= 10
