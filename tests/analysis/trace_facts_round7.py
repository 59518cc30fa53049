"""The round-7 held-out phrasing bank for the trace-fact checker (split ``round7``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``
or any other ``gralgo/analysis/_trace_*`` module), in the styles of free-form reasoning traces
(DeepSeek-R1 / V3, Qwen3, QwQ, Claude / o-series thinking, Gemini, Llama, Mistral, Phi):
"Okay so 3 and 7 — yep, those two are hooked up", "An edge joins A with B (checked twice)",
"OK wait, B was never attached to A", "A's adjacency set comprises B, C — that's all of it",
"Shortest-path cost A ~> B works out to 9", "B sits 3 BFS levels below A", code-ish
notation (``G.has_edge(A, B)  # True``, ``G.degree[A] == 4``, ``G[A][B]['weight'] == 7``,
``nx.shortest_path_length(G, A, B, weight='weight') == 9``), ``$\\{A, B\\} \\in E$``,
``$\\delta_G(A) = 4$``, ``A ==7== B``, bullet and numbered lists, **bold** labels and
Markdown tables with other headers. Every phrasing differs from those of the earlier splits
(``dev`` ... ``dev4``, ``round4``, ``round5``, ``round6``) and states exactly one fact, so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels; the
filler states none (quoting the question, restating the task's rules, hypotheticals,
questions, plans, queue / heap / parent-map states, tentative values, arithmetic, "wait, no"
backtracking).

Same structure and placeholders as ``trace_facts_round6``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round7``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Okay so {bu} and {bv} — yep, those two are hooked up."),
        ("prose", "An edge joins {u} with {v} (checked twice)."),
        ("prose", "{v} is directly reachable from {u}: they share an edge in the input."),
        ("code", "G.has_edge({bu}, {bv})  # True"),
        ("latex", "Clearly $\\{{{bu}, {bv}\\}} \\in E$."),
        ("list", "- ({bu}, {bv}) ✔ edge exists"),
        ("arrow", "{bu} ⇄ {bv} — directly linked"),
        ("bold", "**Adjacent:** {u} & {v}"),
        ("prose", "Indeed, {u} is a neighbor of {v}."),
        ("prose", "I see {u}-{v} listed among the edges, so they're adjacent."),
        ("prose", "{u} and {v} are wired together directly."),
        ("prose", "Oh wait, actually {bu} IS connected to {bv}; I skipped that line before."),
        ("prose", "{v} is linked to {u} by a single edge."),
        ("code", "{bu} in G[{bv}]  # -> True"),
    ],
    "non_edge": [
        ("prose", "OK wait, {v} was never attached to {u}; there's no such edge."),
        ("prose", "No edge connects {u} and {v} in this graph."),
        ("prose", "{bu} and {bv} are not neighbours — I checked the whole edge list."),
        ("code", "G.has_edge({bu}, {bv})  # False"),
        ("latex", "$\\{{{bu}, {bv}\\}} \\notin E(G)$: not adjacent."),
        ("list", "3. ({bu}, {bv}) ✗ not an edge"),
        ("arrow", "{bu} ⇸ {bv} (not adjacent)"),
        ("bold", "**Not adjacent:** {u} & {v}"),
        ("prose", "Nope: {u} is not one of {v}'s neighbors."),
        ("prose", "There's no direct link from {u} to {v}; they are nonadjacent."),
        ("prose", "An edge between {u} and {v}? None exists in the input."),
        ("prose", "So {bu} and {bv} aren't adjacent (not in the edge list)."),
    ],
    "neighbours": [
        ("prose", "{u}'s adjacency set comprises {items} — that's all of it."),
        ("prose", "Scanning the edges at {u}, its neighbors are exactly {items_and}."),
        ("code", "sorted(G.neighbors({bu})) == [{bitems}]"),
        ("code", "G.adj[{bu}].keys() = {{{bitems}}}  # complete"),
        ("latex", "$\\mathcal{{N}}({bu}) = \\{{{bitems}\\}}$ (the full neighbourhood)"),
        ("list", "• {bu} → neighbours (all): {bitems}"),
        ("bold", "**{bu}** — full neighbor set: {items_brace}"),
        ("arrow", "{bu} :: {bitems} (complete neighbour list)"),
        ("prose", "The only nodes {u} connects to are {items_and}."),
        ("prose", "So the neighbourhood of {u} is {items_brace}, nothing else."),
    ],
    "edge_weight": [
        ("prose", "The link from {u} to {v} carries a weight of {w}, per the edge list."),
        ("prose", "Edge {u}–{v} is weighted {w}."),
        ("code", "G[{bu}][{bv}]['weight'] == {w}"),
        ("code", "edge_w[({bu}, {bv})] = {w}"),
        ("latex", "$w\\big(\\{{{bu}, {bv}\\}}\\big) = {w}$"),
        ("list", "- {bu} / {bv} edge: weight {w}"),
        ("arrow", "{bu} =={w}== {bv}"),
        ("bold", "**w({bu},{bv}) = {w}**"),
        ("prose", "{u} is joined to {v} by an edge of weight {w}."),
        ("prose", "A weight of {w} is attached to the edge between {u} and {v}."),
    ],
    "node_weight": [
        ("prose", "The weight of vertex {u} is {w}."),
        ("prose", "Per the input, {u} has node weight {w}."),
        ("code", "G.nodes[{bu}]['weight'] == {w}"),
        ("latex", "$w_{{{bu}}} = {w}$ (vertex weight)"),
        ("list", "1. {bu} — weight {w}"),
        ("bold", "**{bu}** (weight **{w}**)"),
        ("arrow", "weight({bu}) → {w}"),
        ("prose", "Node {bu}'s weight is {w}, taken straight from the list."),
        ("prose", "{u} carries a vertex weight of {w}."),
    ],
    "degree": [
        ("prose", "Okay, {u} has degree {d}."),
        ("prose", "{u} touches {d_words} edges, so its degree is {d_words}."),
        ("prose", "The degree of {u} works out to {d}."),
        ("code", "G.degree[{bu}] == {d}"),
        ("code", "degree_of[{bu}] = {d}"),
        ("latex", "$\\delta_G({bu}) = {d}$ (number of incident edges)"),
        ("latex", "$|\\{{e \\in E : {bu} \\in e\\}}| = {d}$"),
        ("list", "- {bu}: degree = {d}"),
        ("bold", "**deg {bu} = {d}**"),
        ("arrow", "{bu} → {d} incident edges"),
        ("prose", "There are {d_words} edges incident on {u}."),
        ("prose", "{u} is connected to {d} other nodes in total."),
        ("prose", "A degree of {d} is recorded for {u}."),
    ],
    "distance": [
        ("prose", "Shortest-path cost {u} ~> {v} works out to {d}."),
        ("prose", "The minimum distance between {u} and {v} is {d}."),
        ("prose", "Once Dijkstra settles {v} (source {u}), its distance is final at {d}."),
        ("code", "nx.shortest_path_length(G, {bu}, {bv}, weight='weight') == {d}"),
        ("code", "dist_from[{bu}][{bv}] = {d}  # final"),
        ("latex", "$\\operatorname{{d}}_G({bu}, {bv}) = {d}$"),
        ("list", "2. shortest {bu}→{bv} distance: {d}"),
        ("bold", "**dist({bu}, {bv}) = {d}** (shortest)"),
        ("prose", "The shortest way from {u} to {v} has total length {d}."),
        ("prose", "{v} lies at a shortest distance of {d} from {u}."),
    ],
    "hops": [
        ("prose", "{v} sits {h} BFS levels below {u}."),
        ("prose", "The fewest edges on any {u}–{v} path is {h}."),
        ("prose", "Counting hops, {u} to {v} takes {h_words}, no fewer."),
        ("code", "nx.shortest_path_length(G, {bu}, {bv}) == {h}  # unweighted"),
        ("latex", "$\\mathrm{{hopdist}}({bu}, {bv}) = {h}$"),
        ("list", "* {bu} ⟶ {bv}: {h} hops (min)"),
        ("bold", "**Hop count {bu}→{bv}: {h}**"),
        ("prose", "With unit edge lengths, the distance from {u} to {v} is {h}."),
        ("prose", "{u} and {v} are separated by {h_words} edges at the very least."),
    ],
    "path": [
        ("arrow", "Route {path}, summing to {d}."),
        ("arrow", "Best path found: {path} (total {d})."),
        ("arrow", "{path}: {sum} = {d}"),
        ("code", "nx.path_weight(G, P, 'weight') == {d}  # P: {bpath}"),
        ("latex", "$P = $ {path}, $\\; w(P) = {d}$"),
        ("list", "- path {bpath} → total cost {d}"),
        ("bold", "**Shortest path:** {path} — length **{d}**"),
        ("arrow", "Following {path}, the total weight is {d}."),
        ("arrow", "Going {bpath} costs {sum}, so {d} in total."),
        ("arrow", "The path {path} has total length {d}."),
    ],
    "clique": [
        ("prose", "Every pair among {items_and} is connected, so they form a {shape}."),
        ("prose", "{items_brace} is a {shape}: all pairs are adjacent."),
        ("code", "is_complete(G.subgraph([{bitems}]))  # True → {shape}"),
        ("latex", "$G[\\{{{bitems}\\}}] \\cong K_n$ — a {shape}."),
        ("list", "1. {shape}: {bitems} (all pairs linked)"),
        ("bold", "**Found {shape}** → {items_brace}"),
        ("prose", "I've got a {shape} made of {items_and}."),
        ("prose", "The nodes {items} are pairwise adjacent, which makes a {shape}."),
    ],
    "k_core": [
        ("prose", "The {k_words}-core is {items_brace}."),
        ("code", "nx.k_core(G, {k}).nodes == {{{bitems}}}"),
        ("latex", "$\\text{{core}}_{{{k}}} = \\{{{bitems}\\}}$"),
        ("list", "- members of the {k}-core: {bitems}"),
        ("bold", "**{k}-core** = {items_brace}"),
        ("prose", "Exactly {items_and} make up the {k}-core."),
        ("prose", "The vertices surviving in the {k}-core are {items}."),
        ("prose", "{items_and} all survive the peeling, so they form the {k}-core."),
        ("arrow", "peel(k={k}) ⇒ {bitems} remain (the {k}-core)"),
        (
            "prose",
            "Deleting vertices of degree < {k} over and over leaves {items_brace}: the {k}-core.",
        ),
    ],
    "hop_ball": [
        ("prose", "All nodes within {k} hops of {u}: {items_brace}."),
        (
            "prose",
            "Everything at most {k_words} hops from {u} (besides {u} itself) is {items_and}.",
        ),
        ("code", "set(nx.ego_graph(G, {bu}, radius={k})) - {{{bu}}} == {{{bitems}}}"),
        ("latex", "$B_{{{k}}}({bu}) \\setminus \\{{{bu}\\}} = \\{{{bitems}\\}}$"),
        ("list", "- reachable from {bu} in ≤ {k} hops: {bitems}"),
        ("bold", "**≤{k} hops from {bu}:** {bitems}"),
        ("arrow", "{bu} —(≤ {k} hops)→ {items_brace}"),
        ("prose", "Within distance {k} of {u} (in hops) we find exactly {items}."),
    ],
}
"""Statement kinds and their round-7 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Vertex ID | Degree count |", "| {bu} | {d} |"),
        ("| v | Neighbours | deg(v) |", "| {bu} | {bitems} | {d} |"),
        ("| **Node** | **Edges touching it** |", "| **{bu}** | {d} |"),
    ],
    "edge_weight": [
        ("| From | To | w |", "| {bu} | {bv} | {w} |"),
        ("| Edge | Edge weight |", "| {bu} ↔ {bv} | {w} |"),
        ("| Pair (u, v) | Cost |", "| ({bu}, {bv}) | {w} |"),
    ],
    "distance": [
        ("| Target | Shortest distance from {src} |", "| {bv} | {d} |"),
        ("| Node | d({src}, ·) |", "| {bv} | {d} |"),
        ("| Vertex | Final dist. (source {src}) |", "| `{bv}` | **{d}** |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Wait, no, that's not right. Let me redo this part.",
    "Hmm, wait — I mixed up {u} and {v} there. Scratch that line.",
    'The user asks: "What is the shortest path length from {bu} to {bv}?"',
    'The problem says: "Two nodes are adjacent if an edge connects them."',
    "Recall the rule: a k-core keeps only nodes with at least k neighbours inside it.",
    "Suppose {u} were adjacent to {v}; would the answer change?",
    "What if the edge {bu}–{bv} had weight 10 instead?",
    "Does {u} connect to {v}? Let me look.",
    "Is {bv} within 2 hops of {bu}? Not checked yet.",
    "queue = deque([{bu}, {bv}])",
    "pq: [(0, {bu}), (4, {bv})]  # not settled",
    "parent[{bv}] = {bu} (tentative, may change)",
    "First I'll list every edge, then compute degrees, then peel.",
    "Next step: relax edges leaving {u}.",
    "5 + 3 = 8, and 8 < 9, so update.",
    "2 × 3 = 6 comparisons remaining.",
    "Let me double-check if {u} and {v} really share an edge.",
    "I might be wrong about {u}–{v}; re-check later.",
    "Candidate distance to {v}: maybe 6, maybe less.",
    "Hmm, {bu} and {bv}... I'll come back to them.",
    "Now consider the nodes around {u}.",
    "Let's see how far {v} is from {u}.",
]
"""Prose that names nodes and numbers but states no fact: "wait, no" backtracking, quoting the
question, restating the task's rules, hypotheticals, questions, queue / heap / parent-map
states, plans, arithmetic, tentative values. Filled with ``{u} {v} {bu} {bv}`` only."""
