"""The round-5 held-out phrasing bank for the trace-fact checker (split ``round5``).

Written without reading the extractor (``gralgo.analysis._trace_claims`` and
``_trace_clauses``), in the styles of free-form reasoning traces (DeepSeek-R1, Qwen3,
Claude / o-series thinking, Gemini): "Wait, actually node 4 IS adjacent to node 9; I misread
earlier", "I can go straight from Boston to Denver in one step", "Counting node 7's edges gives
three", "Dijkstra finishes with d[C] = 9 (source A)", "**A–B** is an edge of the graph",
``$\\Gamma(A) = \\{B, C\\}``, ``A -[5]- B``, bullet and numbered lists and Markdown tables with
other headers. Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``,
``round4``) and states exactly one fact, so ``trace_facts_phrasings.write_trace`` plants
errors of a known kind with exact labels; the filler states none (hypotheticals, questions,
plans, queue and frontier states, tentative values, arithmetic, "wait, no" backtracking).

Same structure and placeholders as ``trace_facts_round4``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round5``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Hmm, looking back at the input, {u} and {v} are directly linked."),
        ("prose", "{v} appears in {u}'s adjacency, so that edge is real."),
        ("latex", "We have $({bu},{bv}) \\in E(G)$."),
        ("list", "1. {bu} — {bv} (edge present)"),
        ("prose", "I can go straight from {u} to {v} in one step."),
        ("prose", "Yes — {bu} touches {bv} directly."),
        ("arrow", "{bu} ⟷ {bv}: adjacent."),
        ("prose", "Wait, actually {u} IS adjacent to {v}; I misread earlier."),
        ("prose", "The input lists an edge joining {u} with {v}."),
        ("bold", "**{bu}–{bv}** is an edge of the graph."),
        ("prose", "{u} and {v} are one hop apart."),
    ],
    "non_edge": [
        ("prose", "{u} and {v} have no edge between them."),
        ("prose", "Nope, {v} is not adjacent to {u}."),
        ("latex", "$({bu}, {bv}) \\notin E(G)$, so no direct hop."),
        ("list", "- {bu} / {bv}: not connected"),
        ("prose", "I don't see {v} anywhere in {u}'s adjacency list, so they're not neighbours."),
        ("prose", "Wait, no — {u} does not connect to {v} directly."),
        ("prose", "{bu} can't reach {bv} in a single step."),
        ("arrow", "{bu} ↮ {bv} (no edge)"),
        ("prose", "There is no direct connection linking {u} with {v}."),
        ("prose", "{u}–{v} isn't in the input, so those two aren't adjacent."),
    ],
    "neighbours": [
        ("prose", "Let me list {u}'s neighbours: {items}."),
        ("prose", "{u} is adjacent to {items_and} (that's the full list)."),
        ("latex", "$\\Gamma({bu}) = \\{{{bitems}\\}}$"),
        ("list", "* Neighbours of {bu} → [{bitems}]"),
        ("prose", "Directly adjacent to {u} (all of them): {items}."),
        ("prose", "{u} links to {items_and}; no other edges touch it."),
        ("prose", "The full neighbour set of {u} is {items_brace}."),
        ("arrow", "From the adjacency list, {u} → {items}."),
        ("prose", "Scanning the edges touching {u}, I get {items_and}."),
        ("prose", "{u} has edges to {items} and to nothing else."),
    ],
    "edge_weight": [
        ("prose", "The {u}–{v} edge weighs {w}."),
        ("prose", "Edge between {u} and {v}: weight {w}."),
        ("latex", "$c({bu}, {bv}) = {w}$"),
        ("list", "- ({bu}, {bv}) → {w}"),
        ("prose", "Going from {u} directly to {v} costs {w}."),
        ("prose", "{u} connects to {v} with a cost of {w}."),
        ("arrow", "{bu} -[{w}]- {bv}"),
        ("prose", "The edge {bu}, {bv} carries {w}."),
        ("prose", "Hmm, {u} to {v} is a {w}-weight edge."),
        ("latex", "$\\omega(\\{{{bu}, {bv}\\}}) = {w}$"),
        ("prose", "weight({bu}, {bv}) is {w}"),
    ],
    "node_weight": [
        ("prose", "{u} carries a weight of {w}."),
        ("prose", "The value attached to {u} is {w}."),
        ("latex", "$\\omega({bu}) = {w}$"),
        ("list", "* {bu}: weight {w}"),
        ("prose", "{u} has node weight {w}."),
        ("prose", "From the input, {u}'s weight equals {w}."),
        ("arrow", "{bu} ⇒ w={w}"),
        ("prose", "Weight({bu}) = {w}."),
        ("prose", "{u} (weight {w}) is a candidate vertex."),
    ],
    "degree": [
        ("prose", "{u} sits on {d} edges."),
        ("prose", "So {u} ends up with degree {d_words}."),
        ("latex", "$d({bu}) = {d}$"),
        ("list", "- {bu} → {d} neighbours"),
        ("prose", "{u} has {d_words} adjacent nodes."),
        ("prose", "{u}: degree {d}."),
        ("prose", "The number of neighbours of {u} is {d}."),
        ("prose", "Counting {u}'s edges gives {d_words}."),
        ("prose", "{u} is of degree {d}."),
        ("latex", "$|N({bu})| = {d}$"),
    ],
    "distance": [
        ("prose", "Therefore the shortest distance between {u} and {v} is {d}."),
        ("prose", "{v} can be reached from {u} at a minimum cost of {d}."),
        ("latex", "$\\delta_G({bu} \\to {bv}) = {d}$"),
        ("list", "- dist {bu}→{bv}: {d}"),
        ("prose", "The optimal route from {u} to {v} has total weight {d}."),
        ("prose", "Dijkstra finishes with d[{bv}] = {d} (source {bu})."),
        ("prose", "Shortest {u}-to-{v} distance: {d}."),
        ("arrow", "{u} → {v} shortest: {d}"),
        ("prose", "So {v} is at distance {d} from {u}."),
        ("latex", "$d_G({bu}, {bv}) = {d}$"),
    ],
    "hops": [
        ("prose", "{v} is {h_words} edges away from {u}."),
        ("prose", "Getting from {u} to {v} needs {h} hops, no fewer."),
        ("prose", "{u} reaches {v} in {h_words} hops at best."),
        ("latex", "$\\text{{hops}}({bu}, {bv}) = {h}$"),
        ("list", "- {bv}: {h} hops from {bu}"),
        ("prose", "The BFS layer of {v}, starting at {u}, is {h}."),
        ("prose", "Minimum hop count between {u} and {v} is {h_words}."),
        ("prose", "{u} and {v} are separated by {h} edges on the shortest route."),
        ("prose", "The fewest edges on any {u}–{v} path: {h}."),
    ],
    "path": [
        ("arrow", "{path}, total = {d}."),
        ("arrow", "Path {bpath} with cost {sum} = {d}."),
        ("latex", "${sum} = {d}$ for the route {path}"),
        ("list", "- {bpath}: {d}"),
        ("arrow", "Following {path}, I get a total of {d}."),
        ("arrow", "The route {bpath} sums to {d}."),
        ("arrow", "So {path} is a path of total weight {d}."),
        ("arrow", "{path} ({sum} = {d})"),
        ("arrow", "Best route found: {bpath}, length {d}."),
        ("arrow", "Walking {path} costs {d} overall."),
    ],
    "clique": [
        ("prose", "{items_and} are pairwise adjacent, forming a {shape}."),
        ("prose", "So the {shape} is {items_brace}."),
        ("latex", "$\\{{{bitems}\\}}$ is a {shape}."),
        ("list", "- {shape}: {bitems}"),
        ("prose", "I found a {shape}: {items}."),
        ("prose", "Every two of {items_and} share an edge — it's a {shape}."),
        ("prose", "The answer {shape} consists of {items_and}."),
        ("prose", "{items} — each pair connected, so a {shape}."),
        ("bold", "**{shape}** = {items_brace}"),
    ],
    "k_core": [
        ("prose", "Once nothing more can be removed, the {k}-core is {items_brace}."),
        ("prose", "The {k_words}-core contains {items_and}."),
        ("latex", "$C_{{{k}}} = \\{{{bitems}\\}}$"),
        ("list", "- {k}-core: {bitems}"),
        ("prose", "Remaining after pruning every node of degree below {k}: {items}."),
        ("prose", "{items_and} survive, so they form the {k}-core."),
        ("prose", "The members of the {k}-core: {items}."),
        ("prose", "I get the {k}-core as {items_brace}."),
        ("prose", "So the core with k = {k} is {items}."),
    ],
    "hop_ball": [
        ("prose", "Within {k_words} hops of {u}, the nodes are {items}."),
        ("prose", "All nodes reachable from {bu} using at most {k} edges: {items_brace}."),
        ("latex", "$N_{{\\le {k}}}({bu}) = \\{{{bitems}\\}}$"),
        ("list", "- ≤{k} hops from {u}: {bitems}"),
        ("prose", "The {k}-hop neighbourhood of {u} is {items_and}."),
        ("prose", "Nodes with hop distance ≤ {k} from {bu}: {bitems}."),
        ("prose", "So {items_and} are all within {k} hops of {u}, and no others."),
        ("prose", "Up to {k} hops out from {u} we get {items_brace}."),
    ],
}
"""Statement kinds and their round-5 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Vertex | Neighbour count |", "| {bu} | {d} |"),
        ("| Node | Number of edges |", "| **{bu}** | {d} |"),
        ("| id | deg |", "| `{bu}` | {d} |"),
    ],
    "edge_weight": [
        ("| From | To | Weight |", "| {bu} | {bv} | {w} |"),
        ("| Edge (u, v) | w(u, v) |", "| ({bu}, {bv}) | {w} |"),
        ("| Pair | Edge weight |", "| {bu} / {bv} | {w} |"),
    ],
    "distance": [
        ("| Target | dist({src}, ·) |", "| {bv} | {d} |"),
        ("| Node | Final distance from {src} |", "| **{bv}** | {d} |"),
        ("| Vertex | δ from {src} |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Wait, no — scratch that, let me recount.",
    "What if {u} were linked to {v}? Then the degree would go up.",
    "Hypothetically, adding an edge {bu}–{bv} would close a triangle.",
    "Should I check {u}'s neighbours first, or {v}'s?",
    "Next I'll pop {bu} from the queue and relax its edges.",
    "Current frontier: [{bu}, {bv}].",
    "dist[{bv}] tentatively 11, might improve later.",
    "6 + 5 = 11, which beats 13.",
    "Let me verify that {u} is really adjacent to {v}.",
    "Hmm, I assumed {u}–{v} is an edge earlier; wait, I haven't checked that.",
    "Visited set so far: {{{bu}, {bv}}}.",
    "If the distance from {u} to {v} were 4, the answer would be yes.",
    "I need the weight of edge {bu}-{bv} next.",
    "Let's see whether {v} shows up among {u}'s neighbours.",
    "Step 3: mark {bu} as processed.",
    "Wait, no, that's not right — I mixed up {u} and {v}.",
    "Could {u} and {v} be in the same clique? Not sure yet.",
    "Plan: compute degrees for every node, then take the max.",
    "Suppose the path goes through {u}; would it be cheaper than via {v}?",
    "Subtotal: 2 + 9 = 11, carry on.",
]
"""Prose that names nodes and numbers but states no fact: "wait, no" backtracking, questions,
hypotheticals, plans, queue / frontier / visited states, tentative values, arithmetic. Filled
with ``{u} {v} {bu} {bv}`` only."""
