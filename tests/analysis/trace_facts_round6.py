"""The round-6 held-out phrasing bank for the trace-fact checker (split ``round6``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``
or any other ``gralgo/analysis/_trace_*`` module), in the styles of free-form reasoning traces
(DeepSeek-R1, Qwen3, QwQ, Claude / o-series thinking, Gemini, Llama): "Right — A borders B
directly", "Hold on, I overlooked it: B is in A's neighbour list after all", "A is incident to
three edges", "Running Dijkstra with A as the source, B ends at 9", "A BFS rooted at A first
reaches B on layer 3", code-ish notation (``adj[A] = {B, C}``, ``deg[A] = 4``,
``w[A][B] = 7``, ``bfs_level[B] = 2  # BFS from A``), ``$A \\sim B$``, ``$A_{A,B} = 0$``,
``A -(7)-> B``, bullet and numbered lists, **bold** labels and Markdown tables with other
headers. Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``,
``round4``, ``round5``) and states exactly one fact, so ``trace_facts_phrasings.write_trace``
plants errors of a known kind with exact labels; the filler states none (quoting the question,
hypotheticals, questions, plans, heap / stack / visited states, tentative values, arithmetic,
"wait, no" backtracking and retractions).

Same structure and placeholders as ``trace_facts_round5``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round6``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Right — {u} borders {v} directly."),
        ("prose", "Hold on, I overlooked it: {v} is in {u}'s neighbour list after all."),
        ("code", "adj[{bu}] contains {bv} ✓"),
        ("latex", "$ {bu} \\sim {bv} $, i.e. they are adjacent."),
        ("latex", "In the adjacency matrix, $A_{{{bu},{bv}}} = 1$."),
        ("list", "2) {bu} – {bv}: yes, an edge"),
        ("arrow", "{bu} <—> {bv} (direct)"),
        ("bold", "**{u}** and **{v}** are neighbours."),
        ("prose", "Let me verify {u}–{v}... yes, it's in the edge list."),
        ("prose", "The graph has an edge between {u} and {v}."),
        ("list", "* **Edge check ({bu}, {bv}):** present"),
        ("prose", "So the two endpoints {u} and {v} are adjacent vertices."),
    ],
    "non_edge": [
        ("prose", "{u} and {v} are not joined by any edge."),
        ("prose", "Hmm, {v} isn't listed among {u}'s neighbours — no edge there."),
        ("code", "{bv} not in adj[{bu}]"),
        ("latex", "$ {bu} \\not\\sim {bv} $"),
        ("latex", "$A_{{{bu},{bv}}} = 0$, so they are not adjacent."),
        ("list", "• {bu}, {bv} → not adjacent"),
        ("bold", "**No edge** between {u} and {v}."),
        ("prose", "Wait, {u} doesn't actually touch {v} — there's no direct edge."),
        ("prose", "The pair {u}, {v} is missing from the edge list, so they aren't neighbours."),
        ("prose", "{u} lacks a direct connection to {v}."),
        ("arrow", "{bu} -x- {bv}: no edge"),
        ("prose", "Answer to that sub-question: {u} and {v} are NOT adjacent."),
        ("prose", "Nothing in the input joins {u} to {v}; they're non-neighbours."),
        ("code", "adj[{bu}][{bv}] == 0"),
    ],
    "neighbours": [
        ("prose", "{u} has exactly these neighbours and no more: {items}."),
        ("code", "adj[{bu}] = {{{bitems}}}"),
        ("code", "neighbors({bu}) -> [{bitems}]"),
        ("latex", "$\\mathrm{{Adj}}({bu}) = \\{{{bitems}\\}}$"),
        ("list", "- {bu} (full neighbour list): {bitems}"),
        ("bold", "**Neighbours of {u}:** {items} (complete)."),
        ("prose", "Reading off the adjacency list, {u} connects only to {items_and}."),
        ("prose", "The vertices adjacent to {u} are {items_and} — no others."),
        ("arrow", "{bu} ⟶ {{{bitems}}} (all neighbours)"),
        ("prose", "Every neighbour of {u}: {items_brace}."),
        ("prose", "Alright, {u} is adjacent to just {items_and}."),
    ],
    "edge_weight": [
        ("prose", "{u} and {v} are linked, and that link weighs {w}."),
        ("code", "w[{bu}][{bv}] = {w}"),
        ("code", "({bu}, {bv}, {{'weight': {w}}})"),
        ("latex", "$c_{{{bu},{bv}}} = {w}$ (edge cost)"),
        ("list", "3. {bu} ↔ {bv}, weight {w}"),
        ("arrow", "{bu} -({w})-> {bv}"),
        ("prose", "The weight on the {u}–{v} edge is {w}."),
        ("prose", "Between {u} and {v} the edge weight is {w}."),
        ("bold", "**{bu}–{bv}** (w = {w})"),
        ("prose", "The direct edge {u} to {v} costs {w}, per the input."),
        ("prose", "The input gives weight {w} for the edge joining {u} and {v}."),
    ],
    "node_weight": [
        ("prose", "{u} is assigned weight {w}."),
        ("code", "node_weight[{bu}] = {w}"),
        ("latex", "$\\mathrm{{wt}}({bu}) = {w}$"),
        ("list", "+ {bu}  [weight = {w}]"),
        ("bold", "**{bu}**: node weight {w}"),
        ("prose", "Vertex {bu} weighs in at {w}."),
        ("prose", "Looking up {u} in the weight list: {w}."),
        ("prose", "{u} contributes {w} to any triangle containing it."),
        ("arrow", "{bu} ↦ {w} (node weight)"),
        ("prose", "A weight of {w} sits on {u}."),
    ],
    "degree": [
        ("prose", "{u} has {d_words} incident edges in total."),
        ("code", "deg[{bu}] = {d}"),
        ("code", "len(adj[{bu}]) == {d}"),
        ("latex", "$\\sum_{{x}} A_{{{bu},x}} = {d}$ (row sum, i.e. the degree)"),
        ("latex", "$k_{{{bu}}} = {d}$ (degree)"),
        ("list", "• {bu}: {d} neighbours in total"),
        ("bold", "**{bu}** → degree {d_words}"),
        ("prose", "Degree-wise, {u} comes to {d}."),
        ("prose", "{u} is incident to {d_words} edges."),
        ("prose", "Counting {u}'s neighbours: there are {d} of them."),
        ("prose", "{d} edges meet at {u}."),
        ("prose", "That gives {u} a degree of {d_words}."),
        ("prose", "{u} shows up in {d_words} of the listed edges."),
        ("arrow", "{bu} ⇒ deg {d}"),
    ],
    "distance": [
        ("prose", "Nothing beats {d} for getting from {u} to {v} — that's the shortest distance."),
        ("code", "D[{bu}, {bv}] = {d}  # shortest-path length"),
        ("latex", "$\\ell^*({bu}, {bv}) = {d}$, the shortest-path length."),
        ("latex", "$\\mathrm{{SP}}({bu}, {bv}) = {d}$"),
        ("list", "- {bu} ⇝ {bv}: shortest distance {d}"),
        ("bold", "**Distance {bu}→{bv} = {d}**"),
        ("prose", "So {u} and {v} are {d_words} apart (shortest path)."),
        ("prose", "Least total cost to go from {u} to {v}: {d}."),
        ("prose", "Running Dijkstra with {u} as the source, {v} ends at {d}."),
        ("prose", "{d} is the length of the shortest path between {u} and {v}."),
        ("prose", "After relaxing everything, the distance of {v} from {u} comes out as {d}."),
    ],
    "hops": [
        ("prose", "Measured in hops, {v} is {h_words} away from {u}."),
        ("prose", "You need at least {h} edges to get from {u} to {v}."),
        ("code", "bfs_level[{bv}] = {h}  # BFS from {bu}"),
        ("latex", "$d_{{\\text{{hop}}}}({bu}, {bv}) = {h}$"),
        ("list", "- hops({bu} → {bv}) = {h}"),
        ("bold", "**{h_words} hops** separate {u} and {v}."),
        ("prose", "In terms of edges, {u} to {v} is {h_words} at the minimum."),
        ("prose", "A BFS rooted at {u} first reaches {v} on layer {h}."),
        ("prose", "The unweighted distance between {u} and {v} is {h}."),
        ("prose", "It's a {h}-hop trip from {u} to {v}, minimum."),
    ],
    "path": [
        ("arrow", "{path} ⇒ total {d}"),
        ("arrow", "Cheapest route: {path}, which comes to {d}."),
        ("arrow", "Weights along {bpath}: {sum} → {d}."),
        ("code", "path: {bpath}  # cost {d}"),
        ("latex", "$\\sum_{{e \\in P}} w(e) = {sum} = {d}$ for $P$ = {path}"),
        ("list", "1. {path} — total length {d}"),
        ("bold", "**Path:** {path} (**{d}**)"),
        ("arrow", "Tracing {path}: the edges add to {d}."),
        ("arrow", "I'll go {bpath}; adding the weights gives {sum}, i.e. {d}."),
        ("arrow", "{path} has length {d} overall."),
        ("arrow", "One shortest path is {path}, of length {d}."),
    ],
    "clique": [
        ("prose", "{items_and} are mutually adjacent — that's a {shape}."),
        ("code", "is_clique([{bitems}]) → True ({shape})"),
        ("latex", "$K = \\{{{bitems}\\}}$ induces a complete subgraph ({shape})."),
        ("list", "- {shape} found → {bitems}"),
        ("bold", "**{shape}:** {items_and}"),
        ("prose", "The {shape} I end up with is {items_brace}."),
        ("prose", "Each of {items} is adjacent to each of the others, giving a {shape}."),
        ("prose", "These nodes form a {shape}: {items}."),
        ("prose", "Taking {items_and} together gives a valid {shape}."),
        ("prose", "So {items_brace} — fully connected, a {shape}."),
    ],
    "k_core": [
        (
            "prose",
            "Pruning nodes of degree < {k} until none remain leaves {items_and}: the {k}-core.",
        ),
        ("code", "core_{k} = {{{bitems}}}"),
        ("code", "k_core(G, k={k}) = [{bitems}]"),
        ("latex", "$\\mathcal{{C}}_{{{k}}}(G) = \\{{{bitems}\\}}$"),
        ("list", "* {k_words}-core nodes: {bitems}"),
        ("bold", "**Answer ({k}-core):** {items_brace}"),
        ("prose", "The {k}-core therefore consists of exactly {items}."),
        ("prose", "Peeling stops here, leaving the {k}-core {items_brace}."),
        ("prose", "{items_and}: these are the {k}-core vertices."),
        ("prose", "So for k = {k}, the core is made up of {items_and}."),
    ],
    "hop_ball": [
        ("prose", "Nodes reachable from {u} in {k_words} hops or fewer: {items}."),
        ("latex", "$\\{{x : 1 \\le d({bu}, x) \\le {k}\\}} = \\{{{bitems}\\}}$"),
        ("code", "ball({bu}, {k}) = {{{bitems}}}"),
        ("list", "- {k}-hop reach of {bu}: {bitems}"),
        ("bold", "**Within {k} hops of {u}:** {items_brace}"),
        ("prose", "BFS from {u}, stopping at depth {k}, discovers exactly {items_and}."),
        ("prose", "The set of nodes at most {k_words} edges away from {u} is {items_brace}."),
        ("prose", "Going out at most {k} hops from {u} gives {items} and nothing more."),
        ("arrow", "{bu} ⟹ ≤{k} hops: {bitems}"),
    ],
}
"""Statement kinds and their round-6 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | # of edges |", "| {bu} | {d} |"),
        ("| Node | Adjacent to | Count |", "| {bu} | {bitems} | {d} |"),
        ("| Vertex | Incident edges |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| Endpoint 1 | Endpoint 2 | Weight |", "| {bu} | {bv} | {w} |"),
        ("| Link | Cost (w) |", "| {bu} -- {bv} | {w} |"),
        ("| u | v | weight(u,v) |", "| `{bu}` | `{bv}` | {w} |"),
    ],
    "distance": [
        ("| Reached node | Total cost from {src} |", "| {bv} | {d} |"),
        ("| Dest. | Min. distance ({src} as source) |", "| **{bv}** | {d} |"),
        ("| v | dist[v] (from {src}) |", "| `{bv}` | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Wait, no — I added those wrong. Redo the sum.",
    "Hmm, no. That line was about {v}, not {u}; ignore it.",
    'The question asks: "Is there an edge between {u} and {v}?"',
    'Re-reading the prompt: "find the shortest distance from {bu} to {bv}".',
    "Had {u} been adjacent to {v}, the core would be larger.",
    "If {u} had 5 neighbours it could sit in the 5-core; does it?",
    "Assuming an edge {bu}–{bv} for a moment, would that create a cycle?",
    "Is {v} in adj[{bu}]? Checking...",
    "heap = [(3, {bu}), (7, {bv})]",
    "visited = {{{bu}}}, stack = [{bv}]",
    "Plan: run BFS from {u}, record each layer, then read off {v}'s layer.",
    "I still need dist({bu}, {bv}) for the final comparison.",
    "4 + 7 = 11, which is under 12, fine.",
    "So far: 2 + 2 + 3 = 7 (partial, not a full path yet).",
    "Not sure yet whether {u} and {v} are neighbours; the list is long.",
    "Step 5 → relax the edges out of {bu} next.",
    "Let me try a different approach, starting from {u} instead of {v}.",
    "Maybe {u} and {v} belong to the same triangle? Need to check their common neighbours.",
    "Candidate pair under consideration: ({bu}, {bv}).",
    "Tentatively d[{bv}] = 9 via {bu}, pending further relaxation.",
    "Scratch the last bit — I haven't actually confirmed that {u} connects to {v}.",
    "Let me count {u}'s neighbours again, more carefully this time.",
    "3 × 4 = 12 ordered pairs to test.",
]
"""Prose that names nodes and numbers but states no fact: quoting the question, "wait, no"
backtracking and retractions, questions, hypotheticals, plans, heap / stack / visited states,
tentative values, arithmetic. Filled with ``{u} {v} {bu} {bv}`` only."""
