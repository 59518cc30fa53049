"""The round-8 held-out phrasing bank for the trace-fact checker (split ``round8``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``
or any other ``gralgo/analysis/_trace_*`` module) nor the design note's sections on how claims
are read, in the styles of free-form reasoning traces (DeepSeek-R1 / V3, Qwen3, QwQ, Claude /
o-series thinking, Gemini, Llama, Mistral, Phi, GPT-OSS): claims split across two sentences
("Looking at A. One of its neighbours is B", "Looking at A. It touches B, C, and D, and
that's the lot"), passive voice ("An edge is listed between A and B", "A weight of 7 is
assigned to the A/B edge"), questions answered in place ("Degree of A? 4."), numbers in
words, parentheticals, code-ish notation (``A[u][v] == 1  # adjacency matrix``,
``{(A, B): 7}  # edge -> weight``, ``all(G.has_edge(a, b) for a, b in combinations(...))``,
``sp = {(A, B): 9}``), LaTeX (``$e = \\{A, B\\}$ is an edge of $G$``, ``$\\delta(A, B) = 9$``,
``$\\omega_{A} = 5$``, ``$\\mathrm{core}_{3}(G)``), GitHub-style checkboxes, ``A --[w=7]--> B``,
**bold** labels, bullet and numbered lists and Markdown tables with other headers. Every
phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ...
``round7``) and states exactly one fact, so ``trace_facts_phrasings.write_trace`` plants errors
of a known kind with exact labels; the filler states none (quoting the question, restating the
task's rules, "wait, no" backtracking, hypotheticals, questions, plans, stack / heap / visited
states, tentative values, arithmetic).

Same structure and placeholders as ``trace_facts_round7``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round8``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Looking at {u}. One of its neighbours is {v}."),
        ("prose", "So {u} adjoins {v}."),
        ("prose", "An edge is listed between {u} and {v}."),
        ("prose", "{v} can be reached from {u} in a single hop (there's a direct edge)."),
        ("prose", "Wait, no — {u} and {v} ARE adjacent after all; the edge is right there."),
        ("prose", "Yes! {bu}–{bv} appears in the edge list."),
        ("prose", "Node {bu} is wired straight to node {bv}."),
        ("code", "A[{bu}][{bv}] == 1  # adjacency matrix"),
        ("code", "adjacent({bu}, {bv})  # -> True"),
        ("latex", "$e = \\{{{bu}, {bv}\\}}$ is an edge of $G$."),
        ("list", "- [x] {bu}–{bv} adjacent"),
        ("arrow", "{bu} <-> {bv}: a real edge"),
        ("bold", "**{bu} ~ {bv}**: yes, there's an edge"),
    ],
    "non_edge": [
        ("prose", "Looking at {u}. {v} is not one of the vertices it touches."),
        ("prose", "Between {u} and {v} there is simply no edge."),
        ("prose", "No, {v} isn't adjacent to {u} — I scanned every line."),
        ("prose", "The edge {u}–{v} does not exist."),
        ("prose", "No edge is given joining {u} to {v}."),
        ("prose", "Node {bu} and node {bv}: not directly connected."),
        ("code", "assert not adjacent({bu}, {bv})"),
        ("code", "A[{bu}][{bv}] == 0  # adjacency matrix: no edge"),
        ("latex", "$({bu}, {bv}) \\notin E$, so no edge."),
        ("list", "- [ ] {bu}–{bv}: absent from the edge list"),
        ("arrow", "{bu} -/- {bv}  (these two aren't adjacent)"),
        ("bold", "**No {bu}–{bv} edge.**"),
    ],
    "neighbours": [
        ("prose", "Looking at {u}. It touches {items_and}, and that's the lot."),
        ("prose", "{u}'s neighbours, all of them: {items}."),
        ("prose", "{items_and} are the only vertices adjacent to {u}."),
        ("prose", "Neighbours of {u} are {items}; I double-checked there are no more."),
        ("prose", "Node {bu} is adjacent to {bitems} and to nothing else."),
        ("code", "G[{bu}] = [{bitems}]  # every neighbour"),
        ("code", "nbrs = {{{bu}: [{bitems}]}}  # full list"),
        ("latex", "$N_G({bu}) = \\{{{bitems}\\}}$, exhaustively."),
        ("list", "1. {bu}: {bitems} (all of its neighbours)"),
        ("bold", "**N({bu})** = {items_brace} — complete"),
        ("arrow", "{bu} → [{bitems}]  (entire neighbourhood)"),
    ],
    "edge_weight": [
        ("prose", "Looking at edge {u}–{v}. Its weight is {w}."),
        ("prose", "A weight of {w} is assigned to the {u}/{v} edge."),
        ("prose", "The {u}-{v} connection costs {w}."),
        ("prose", "Edge weight between {u} and {v}: {w} (from the input)."),
        ("prose", "Hmm, {u} to {v} directly is {w}, according to the list."),
        ("code", "weights[({bu}, {bv})] == {w}"),
        ("code", "{{({bu}, {bv}): {w}}}  # edge -> weight"),
        ("latex", "$\\omega({bu}, {bv}) = {w}$"),
        ("list", "* {bu}–{bv} has w = {w}"),
        ("arrow", "{bu} --[w={w}]--> {bv}"),
        ("bold", "**Edge weight** for {bu}–{bv}: {w}"),
    ],
    "node_weight": [
        ("prose", "{u}'s own weight is {w}."),
        ("prose", "Checking {u}. Its weight is {w}."),
        ("prose", "{u} has been given a weight of {w}."),
        ("prose", "The value attached to node {bu} is {w}."),
        ("code", "node_w[{bu}] == {w}"),
        ("latex", "$\\omega_{{{bu}}} = {w}$"),
        ("list", "- node {bu}, weight: {w}"),
        ("bold", "**{bu}** carries node weight **{w}**"),
        ("arrow", "node weight of {bu} → {w}"),
    ],
    "degree": [
        ("prose", "Looking at {u}. Neighbour count: {d_words}."),
        ("prose", "So {u} sits at degree {d}."),
        ("prose", "{u} has {d} edges hanging off it."),
        ("prose", "What's the degree of {u}? It's {d}."),
        ("prose", "Incident edges at {u}: {d_words} in total, so that's its degree."),
        ("prose", "Node {bu} has {d} incident edges (I counted them in the list)."),
        ("code", "len(G[{bu}]) == {d}"),
        ("code", "deg = {{{bu}: {d}}}"),
        ("latex", "$\\lvert N({bu}) \\rvert = {d}$ (its degree)"),
        ("list", "1) {bu} — {d} adjacent nodes"),
        ("bold", "**{bu}** — touches {d} edge(s)"),
        ("arrow", "{bu} ⟹ {d} edges touch it"),
    ],
    "distance": [
        ("prose", "The shortest distance from {u} to {v} comes to {d}."),
        ("prose", "Looking at {v}. Its shortest distance from {u} is {d}."),
        ("prose", "Dijkstra from {u}: {v} gets the final label {d}."),
        ("prose", "{d} is the minimum cost of reaching {v} from {u}."),
        ("prose", "A shortest path between {u} and {v} has length {d_words}."),
        ("code", "dist[{bv}] == {d}  # source {bu}, final"),
        ("code", "sp = {{({bu}, {bv}): {d}}}  # shortest-path lengths"),
        ("latex", "$\\delta({bu}, {bv}) = {d}$ (shortest-path weight)"),
        ("latex", "$\\mathrm{{dist}}_G({bu}, {bv}) = {d}$"),
        ("list", "- d({bu}, {bv}) = {d} (shortest)"),
        ("arrow", "{bu} ⟿ {bv}: shortest {d}"),
        ("bold", "**Shortest distance**, {bu} to {bv}: {d}"),
    ],
    "hops": [
        ("prose", "{v} is {h_words} hop(s) from {u}."),
        ("prose", "BFS from {u} reaches {v} at depth {h}."),
        ("prose", "It takes {h} edges minimum to go from {u} to {v}."),
        ("prose", "Ignoring weights, {v} is at hop distance {h} from {u}."),
        ("code", "hops[{bv}] == {h}  # BFS from {bu}"),
        ("latex", "$\\mathrm{{hops}}({bu}, {bv}) = {h}$"),
        ("list", "- {bu} to {bv}: {h} hop(s), fewest possible"),
        ("bold", "**{bu} ↔ {bv}: {h} hops** (minimum)"),
        ("arrow", "{bu} ⇒ {bv} in {h} hops (shortest)"),
    ],
    "path": [
        ("arrow", "Path: {path}. Total weight = {d}."),
        ("arrow", "Taking {path} gives {sum} = {d}."),
        ("arrow", "So {path}, length {d_words}."),
        ("arrow", "{bpath} ⇒ cost {d}"),
        ("arrow", "Looking at {path}. That's {d} in total."),
        ("arrow", "The route through {path} adds up to {d}."),
        ("code", "sum(w(e) for e in path) == {d}  # path = {bpath}"),
        ("latex", "$\\text{{cost}} = {sum} = {d}$ along {path}"),
        ("list", "3. {path} | summed weight {d}"),
        ("bold", "**Route {path}** costs **{d}**"),
    ],
    "clique": [
        ("prose", "{items_and} are all adjacent to one another, so that's a {shape}."),
        ("prose", "Looking at {items}. Every two of them share an edge: a {shape}."),
        ("prose", "A {shape} is formed by {items_and}."),
        ("prose", "I'll take {items_brace} — pairwise adjacent, so a {shape}."),
        (
            "code",
            "all(G.has_edge(a, b) for a, b in combinations([{bitems}], 2))  # True, {shape}",
        ),
        ("latex", "$\\{{{bitems}\\}}$ is a {shape} in $G$ (every pair adjacent)."),
        ("list", "- {items_brace} ✓ valid {shape}"),
        ("bold", "**Confirmed {shape}:** {bitems}"),
        ("arrow", "{bitems} ⇒ {shape} (pairwise connected)"),
    ],
    "k_core": [
        ("prose", "The {k}-core consists of {items_and}."),
        ("prose", "Looking at the {k}-core. It is {items_brace}."),
        (
            "prose",
            "After peeling every vertex with fewer than {k} neighbours, what's left is {items}.",
        ),
        ("prose", "{items_and} remain in the {k_words}-core."),
        ("code", "sorted(nx.k_core(G, k={k})) == [{bitems}]"),
        ("latex", "$\\mathrm{{core}}_{{{k}}}(G) = \\{{{bitems}\\}}$"),
        ("list", "1. members of core(k={k}): {bitems}"),
        ("bold", "**The {k}-core:** {items_and}"),
        ("arrow", "peeling (k = {k}) → {items_brace}"),
    ],
    "hop_ball": [
        ("prose", "The nodes at most {k} hops away from {u} (other than {u}) are {items_and}."),
        ("prose", "Looking at {u}. Within {k_words} hops it reaches {items}."),
        ("prose", "{items_and} lie within {k} hops of {u}, and no other node does."),
        (
            "code",
            "{{n for n, d in nx.single_source_shortest_path_length(G, {bu}, cutoff={k}).items()"
            " if d > 0}} == {{{bitems}}}",
        ),
        ("latex", "$\\{{x \\neq {bu} : d({bu}, x) \\le {k}\\}} = \\{{{bitems}\\}}$"),
        ("list", "- within {k} hops of {bu} (excluding it): {bitems}"),
        ("bold", "**{k}-hop neighbourhood of {bu}:** {items_brace}"),
        ("arrow", "BFS({bu}, depth ≤ {k}) → {bitems}"),
    ],
}
"""Statement kinds and their round-8 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Neighbour list | Total |", "| {bu} | [{bitems}] | {d} |"),
        ("| Node | Degree (count of edges) |", "| `{bu}` | {d} |"),
        ("| **Vertex** | **deg(v)** |", "| {bu} | **{d}** |"),
    ],
    "edge_weight": [
        ("| Edge (u–v) | w(e) |", "| {bu}–{bv} | {w} |"),
        ("| u | v | cost of edge |", "| `{bu}` | `{bv}` | {w} |"),
        ("| Endpoints | Weight given |", "| {bu}, {bv} | {w} |"),
    ],
    "distance": [
        ("| Node | Dijkstra label from {src} (final) |", "| {bv} | {d} |"),
        ("| Destination | Min cost from {src} |", "| → {bv} | {d} |"),
        ("| v | δ({src}, v) |", "| `{bv}` | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Wait, no — that sum is off. Let me recompute.",
    "Hmm, hold on. I think I conflated {u} with {v}; ignore the last line.",
    'Question restated: "Is there an edge between {bu} and {bv}?"',
    'The prompt reads: "How many other nodes are within k hops of {bu}?"',
    "Per the instructions, the graph is undirected and the weights are positive integers.",
    "Rule reminder: a triangle needs all three pairs adjacent.",
    "If {u} were linked to {v}, the degree count would shift.",
    "Assuming {bu}–{bv} existed, the path might shorten — but I haven't checked.",
    "Could {v} be a neighbour of {u}? Need to look.",
    "What's the weight between {u} and {v}? Let me find that line.",
    "stack = [{bu}, {bv}]  # DFS, unexplored",
    "heap = [(0, {bu}), (7, {bv})]  # tentative",
    "visited = {{{bu}}}; frontier = [{bv}]",
    "dist[{bv}] = ∞ for now (not yet reached).",
    "Plan: gather each node's neighbours, then intersect the lists to find triangles.",
    "I'll start the BFS at {u} and expand level by level.",
    "7 + 4 = 11, which is bigger than 10, so no update.",
    "3 * 4 / 2 = 6 pairs to test.",
    "Maybe {u} and {v} are connected? I'm not sure yet.",
    "I need to verify whether {bu} touches {bv} before moving on.",
    "Tentatively, {v} might be around 5 from {u}; not final.",
    "Let me think about {u} a bit more.",
    "Backtracking: the branch through {v} was a dead end, try {u}.",
    "Order doesn't matter here: ({bu}, {bv}) is the same pair as ({bv}, {bu}).",
]
"""Prose that names nodes and numbers but states no fact: "wait, no" backtracking, quoting the
question, restating the task's rules, hypotheticals, questions, stack / heap / visited states,
plans, arithmetic, tentative values. Filled with ``{u} {v} {bu} {bv}`` only."""
