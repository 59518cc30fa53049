"""The round-4 held-out phrasing bank for the trace-fact checker (split ``round4``).

Written without reading the extractor (``gralgo.analysis._trace_claims``), in the style of
free-form reasoning traces (DeepSeek-R1 / Qwen3 / o1-like thinking): "Okay, so node 5 connects
to 7, 9 and 12 — that's all of its neighbors", "From Boston we can reach Denver (cost 7)",
"Boston's got three neighbors", "going 4 -> 7 -> 9 costs 3 + 4 = 7", "deg = 4 for node 12",
bullet lists, LaTeX and Markdown tables with other headers. Every phrasing differs from those of
the earlier splits (``dev``, ``dev2``, ``dev3``, ``test``) and states exactly one fact, so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels.

Same structure and placeholders as ``trace_facts_phrasings.PHRASINGS`` (statement kind -> list
of ``(style, template)``), plus ``{d_words}``, ``{h_words}`` and ``{k_words}``: the number
spelled out ("three"), as models often write small counts. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round4``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Okay, so {u} is joined directly to {v}."),
        ("prose", "From {u} there's a direct link to {v}."),
        ("prose", "Right, {v} is one of {u}'s neighbours."),
        ("prose", "There's a road between {u} and {v}."),
        ("prose", "{u} shares a link with {v}."),
        ("latex", "Since $\\{{{bu}, {bv}\\}} \\in E$, they're adjacent."),
        ("list", "* {bu} <-> {bv} ✓"),
        ("prose", "The edge list contains {bu}-{bv}, good."),
        ("prose", "{u} is hooked up to {v}."),
        ("prose", "{u} neighbors {v}."),
        ("arrow", "{bu} ↔ {bv} is one of the edges."),
    ],
    "non_edge": [
        ("prose", "{u} and {v} aren't neighbours."),
        ("prose", "No direct link between {u} and {v}."),
        ("prose", "The pair ({bu}, {bv}) does not appear in the edge list."),
        ("prose", "{v} is not directly reachable from {u}."),
        ("latex", "$\\{{{bu}, {bv}\\}} \\notin E$"),
        ("prose", "{u} has no link to {v}."),
        ("prose", "{u} isn't directly connected with {v}."),
        ("prose", "There's no road from {u} to {v}."),
        ("prose", "{u} and {v} are non-adjacent."),
        ("prose", "Checking {u}: {v} is not one of its neighbors."),
    ],
    "neighbours": [
        ("prose", "Okay, so {u} connects to {bitems} — that's all of its neighbors."),
        ("prose", "{u}'s neighbor list is {items}."),
        ("prose", "The neighbours of {u} are exactly {items_and}."),
        ("latex", "$\\mathcal{{N}}({bu}) = \\{{{bitems}\\}}$"),
        ("list", "- {bu} → neighbours: {bitems}"),
        ("prose", "{u} is linked to {items_and}, and nothing else."),
        ("prose", "So {u} has these neighbors: {items}."),
        ("prose", "All of {u}'s neighbours: {items}."),
        ("prose", "Neighborhood of {u} = {items_brace}"),
        ("prose", "{u} only connects to {items_and}."),
    ],
    "edge_weight": [
        ("prose", "From {u} we can reach {v} (cost {w})."),
        ("prose", "{bu}–{bv} has length {w}."),
        ("prose", "The direct road from {u} to {v} has length {w}."),
        ("list", "- edge {bu}~{bv}: w = {w}"),
        ("latex", "$w_{{{bu},{bv}}} = {w}$"),
        ("prose", "{u} and {v} share a weight-{w} edge."),
        ("arrow", "{bu} --{w}-- {bv}"),
        ("prose", "The edge weight for {bu}–{bv} is {w}."),
        ("arrow", "{u} ↔ {v} costs {w}."),
        ("prose", "Okay, the link {bu}-{bv} carries a weight of {w}."),
    ],
    "node_weight": [
        ("prose", "{u}'s got weight {w}."),
        ("prose", "weight of {bu} = {w}"),
        ("prose", "{u} is worth {w}."),
        ("latex", "$w_{{{bu}}} = {w}$"),
        ("list", "- {bu} (w = {w})"),
        ("prose", "Node weight for {u}: {w}."),
        ("arrow", "{u} → weight {w}"),
        ("prose", "Looking at {u}, its weight is {w}."),
        ("prose", "The weight on {u} is {w}."),
    ],
    "degree": [
        ("prose", "{u}'s got {d_words} neighbors."),
        ("prose", "deg = {d} for {u}."),
        ("prose", "{u} has {d} incident edges."),
        ("prose", "{u} has exactly {d_words} neighbours."),
        ("latex", "$\\deg_G({bu}) = {d}$"),
        ("prose", "Counting the edges at {u}: {d} in total."),
        ("prose", "{u} is connected to {d_words} other nodes."),
        ("list", "- {bu}: deg {d}"),
        ("prose", "The degree of vertex {bu} is {d}."),
        ("prose", "{u} has a degree equal to {d}."),
    ],
    "distance": [
        ("prose", "So the shortest distance from {u} to {v} works out to {d}."),
        ("prose", "Shortest path {u} to {v}: {d}."),
        ("prose", "The cheapest way from {u} to {v} costs {d}."),
        ("prose", "{v} is {d} away from {u}."),
        ("latex", "$\\operatorname{{dist}}({bu}, {bv}) = {d}$"),
        ("prose", "shortest({bu}, {bv}) = {d}"),
        ("prose", "Dijkstra from {u} settles {v} at distance {d}."),
        ("prose", "Min distance between {u} and {v} = {d}."),
        ("prose", "The length of the shortest {bu}–{bv} path is {d}."),
    ],
    "hops": [
        ("prose", "{v} is {h_words} hops out from {u}."),
        ("prose", "From {u} it takes at minimum {h} hops to reach {v}."),
        ("prose", "BFS from {u} puts {v} at level {h}."),
        ("prose", "{v} sits at depth {h} in the BFS tree from {u}."),
        ("prose", "hop count from {u} to {v}: {h}"),
        ("prose", "The fewest hops between {u} and {v} is {h}."),
        ("prose", "The minimum number of edges between {u} and {v} is {h_words}."),
        ("prose", "Hop distance between {u} and {v} = {h}."),
    ],
    "path": [
        ("arrow", "going {bpath} costs {sum} = {d}"),
        ("arrow", "{path} — that's {d} in total."),
        ("arrow", "Route: {bpath} (length {d})"),
        ("arrow", "Via {path} the total cost is {d}."),
        ("arrow", "{bpath} adds up to {d}."),
        ("arrow", "So the path {path} has weight {d}."),
        ("latex", "{path}: ${sum} = {d}$"),
        ("arrow", "Sum along {bpath}: {d}."),
        ("arrow", "Path cost for {path} = {d}."),
        ("arrow", "Taking {path} gives a length of {d}."),
    ],
    "clique": [
        ("prose", "{items_and} are all connected to each other — a {shape}."),
        ("prose", "Every pair among {items} is adjacent, so that's a {shape}."),
        ("prose", "Best {shape} found: {items_brace}."),
        ("prose", "{items_brace} gives a {shape}."),
        ("prose", "The {shape} here is {items}."),
        ("prose", "So {items_and} form a complete subgraph (a {shape})."),
        ("arrow", "Largest {shape} → {bitems}"),
        ("prose", "Check {items}: all pairs are edges, so it's a valid {shape}."),
    ],
    "k_core": [
        ("prose", "After peeling, the {k}-core is left with {items_and}."),
        ("arrow", "{k}-core → {items_brace}"),
        ("prose", "So the nodes that survive in the {k}-core are {items}."),
        ("prose", "The {k}-core ends up being {items_brace}."),
        ("latex", "$\\text{{{k}-core}} = \\{{{bitems}\\}}$"),
        ("prose", "What remains as the {k}-core: {items}."),
        ("prose", "The {k}-core's members are {items_and}."),
        ("prose", "{items_and} make up the {k}-core."),
    ],
    "hop_ball": [
        ("prose", "Everything within {k_words} hops of {u}: {items}."),
        ("prose", "The nodes at most {k} hops from {u} are {items_and}."),
        ("prose", "{k}-hop ball around {u} = {items_brace}"),
        ("prose", "Within {k} steps of {u} we reach exactly {items}."),
        ("prose", "So the set of nodes reachable from {u} in at most {k} hops is {items_brace}."),
        ("latex", "$B_{{{k}}}({bu}) = \\{{{bitems}\\}}$"),
        ("prose", "Nodes no more than {k_words} hops from {u}: {items}."),
        ("prose", "Ball of radius {k} around {u}: {items}."),
    ],
}
"""Statement kinds and their round-4 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Vertex | # neighbours |", "| {bu} | {d} |"),
        ("| node | deg(node) |", "| {bu} | {d} |"),
        ("| City | Connections |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| u | v | w |", "| {bu} | {bv} | {w} |"),
        ("| Edge | Cost |", "| {bu} – {bv} | {w} |"),
        ("| Endpoints | Length |", "| {bu} ↔ {bv} | {w} |"),
    ],
    "distance": [
        ("| Destination | Cost from {src} |", "| {bv} | {d} |"),
        ("| Node | Shortest path length from {src} |", "| {bv} | {d} |"),
        ("| To | Distance (source: {src}) |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Okay, let me re-read the edge list before going further.",
    "If {u} were adjacent to {v}, the answer would change.",
    "Suppose {u} connects to {v}; then we'd get a bigger clique.",
    "Is {u} a neighbor of {v}? Let me check.",
    "{u}: 2 neighbours not yet visited.",
    "Queue now holds {bu} and {bv}.",
    "Tentative distance to {v}: 14 (may still drop).",
    "So 7 + 2 = 9 and 9 < 11, keep going.",
    "Let me double-check whether {u} and {v} share an edge.",
    "Wait, I should compute the degree of {u} before moving on.",
    "Plan: find the shortest path from {u} to {v}, then compare it with 10.",
    "Hmm, what is the distance from {u} to {v}? Let me work it out.",
    "We need {u} to have at least 3 neighbors for this to work.",
    "Assume for contradiction that {u} is adjacent to {v}.",
    "Running total: 3 + 4 + 5 = 12.",
    "Candidates so far: {bu}, {bv}.",
]
"""Prose that names nodes and numbers but states no fact: plans, questions, hypotheticals,
queue states, tentative values, arithmetic. Filled with ``{u} {v} {bu} {bv}`` only."""
