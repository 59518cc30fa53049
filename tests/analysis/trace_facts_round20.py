"""The round-20 held-out phrasing bank for the trace-fact checker (split ``round20``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 19. Like rounds
17 to 19 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 takes the tasks: each phrasing is a line lifted
from a trace of one of the nine tasks as a model solves it, with the bookkeeping such a step
has. Max degree: a tally per node ("Max degree scan: A appears 4 times in the edge list, so
deg = 4.", "Running tally for A ends at 4."); max-weight triangle: candidate triangles and
their sums ("Triangle sum needs the node weights; A is 7.", "So the side A–B is missing, and
that triangle is dead."); max clique: growing a clique and testing each new node against the
members ("Testing B against the current members — A first: A-B is an edge, okay."); path sum:
a running total edge by edge ("Path sum, edge by edge: A to B contributes 7.", "Running total
along A → B → C ends at 9."); distance-k: BFS layers ("BFS layer 2 from A includes C.",
"Layers 1 through 2 of the BFS from A together give ..."); diameter: eccentricities ("Eccentricity
of A needs every distance; the one to C is 9."); k-core: peeling ("For the k-core peeling, A
starts with degree 4.", "Nothing left has degree under 3, so the 3-core is ..."); MST weight:
Kruskal and Prim steps ("Kruskal, next in sorted order: A–B, weight 7.", "Prim is at A; one of
the edges leaving it goes to B."); distance threshold: Dijkstra from each source ("Pop C from
the heap with d = 9; source is A, so that's its final distance.", "For the threshold count
from A: C sits at shortest distance 9."). About 60 % is such prose, in mixed voices (checks,
"okay so", "hmm", "ugh", corrections, recaps); about 15 % is Python / NetworkX as models write
it inline (``if B not in G[A]: continue``, ``nx.density(G.subgraph([...])) == 1.0``,
``heapq.heappop(pq)  # (9, C)``, ``total_w += G[A][B]['weight']``, ``nx.bfs_layers``); about
10 % LaTeX as in reasoning (``\\(e = AB \\in E\\)``, ``$$d_{A}(C) = 9$$``, ``\\{v : 1 \\le
d(A, v) \\le k\\}``); about 15 % task-list checkboxes, bullets, bold labels, arrows (``A ⟶ B :
7``, ``↳ A–B: in E``) and Markdown tables with the headers models use for these steps ("| Node
| Tally | Max so far |", "| Candidate edge | w | Cycle? |", "| Node | Dijkstra label (from A)
|"). Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4``
... ``round19``) and states exactly one fact, as the writer's claim (no suppositions, no
questions), so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact
labels. The filler states none (initialisations of a best-so-far, a frontier, a union-find or
a distance map, plans for the next step of the algorithm, a loop header, questions to self, a
hypothetical, arithmetic, bold step titles, a LaTeX definition of the MST weight or the
eccentricity). Each kind's list is ordered (and sized) so that ``labelled_set(split, seeds=2)``
uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round20``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        (
            "prose",
            "Triangle candidates through {u}: first I need {u}–{v}, and yes, that edge is in "
            "the list.",
        ),
        ("prose", "Growing the clique from {u}: {v} is adjacent to {u}, so {v} passes that test."),
        ("prose", "Kruskal: {u}–{v} is in the edge list and doesn't close a cycle, so I add it."),
        (
            "prose",
            "Counting for max degree, going down the edge list: {u}-{v} is one of {u}'s edges, "
            "so that counts toward {u}'s tally.",
        ),
        ("prose", "BFS, expanding {u}: {v} is right there in its adjacency, push it."),
        ("prose", "For the path, the next hop {u} → {v} has to be a real edge — checked, it is."),
        (
            "prose",
            "Peeling for the k-core: {u} still has its edge to {v}, since {v} hasn't been removed "
            "yet.",
        ),
        ("prose", "Testing {v} against the current members — {u} first: {u}-{v} is an edge, okay."),
        ("prose", "While computing eccentricities I'll need the edge {u}–{v}, and it does exist."),
        ("prose", "Prim is at {u}; one of the edges leaving it goes to {v}."),
        ("prose", "Dijkstra from the source: relaxing {u}'s edges, there's one to {v}."),
        ("prose", "Scrolling back up to {u}'s edges: {v} is there, so {u}–{v} exists."),
        ("prose", "So the triangle can use the side {u}–{v}; that edge exists."),
        ("prose", "Edge {u}–{v} confirmed, one more pair of the candidate done."),
        ("code", "if {bv} in G[{bu}]: clique.append({bv})  # edge {bu}-{bv} present, appended"),
        ("code", "for nbr in G[{bu}]:  # hits {bv}, so {bu}-{bv} is an edge"),
        ("code", "tri_edges_ok = G.has_edge({bu}, {bv})  # True"),
        ("latex", "Edge $\\{{{bu},{bv}\\}}$ is present, so the clique test passes for this pair."),
        ("latex", "\\(e = {bu}{bv} \\in E\\): usable in Kruskal."),
        ("list", "- [x] {bu}–{bv} (edge found)"),
        ("bold", "**Pair {bu}, {bv}** → adjacent ✓"),
        ("arrow", "  ↳ {bu}–{bv}: in E"),
        ("list", "• {bu}—{bv} … edge ✓"),
    ],
    "non_edge": [
        (
            "prose",
            "Triangle candidates through {u}: I'd need {u}–{v}, but that edge isn't in the list, "
            "so no triangle there.",
        ),
        (
            "prose",
            "Growing the clique from {u}: {v} is not adjacent to {u}, so {v} fails the test.",
        ),
        (
            "prose",
            "Testing {v} against the current members — {u} first: no {u}-{v} edge, so it's out.",
        ),
        (
            "prose",
            "For the path, hopping straight from {u} to {v} isn't possible — there's no such edge.",
        ),
        ("prose", "Prim is at {u}, but none of the edges leaving it goes to {v}."),
        (
            "prose",
            "Dijkstra from the source: relaxing {u}'s edges, there's no edge to {v} among them.",
        ),
        ("prose", "Scrolling back up to {u}'s edges: {v} isn't there, so there's no {u}–{v} edge."),
        ("prose", "The max-degree tally for {u} doesn't include {v}; {u} and {v} have no edge."),
        (
            "prose",
            "For the BFS layers, {v} can't be reached from {u} in one step — they aren't adjacent.",
        ),
        ("prose", "So the side {u}–{v} is missing, and that triangle is dead."),
        ("prose", "{u} and {v} aren't linked, which rules out any clique containing both."),
        ("prose", "Ugh, {u}–{v} isn't an edge. Scrap that candidate."),
        ("prose", "Checked {u} against {v}: not adjacent, move on to the next candidate."),
        ("prose", "Kruskal can't use {u}–{v} at all; there's no edge between them in the input."),
        ("code", "if {bv} not in G[{bu}]: continue  # {bu}-{bv} missing, skip"),
        ("code", "G.has_edge({bu}, {bv})  # False → candidate rejected"),
        ("code", "tri_edges_ok = G.has_edge({bu}, {bv})  # False"),
        ("latex", "$\\{{{bu},{bv}\\}} \\notin E$, so the clique test fails for this pair."),
        ("latex", "\\({bu}{bv} \\notin E(G)\\): no direct edge."),
        ("list", "- [ ] {bu}–{bv} (no edge)"),
        ("bold", "**Pair {bu}, {bv}** → not adjacent ✗"),
        ("arrow", "  ↳ {bu}–{bv}: not in E"),
        ("list", "• {bu}—{bv} … no edge ✗"),
    ],
    "neighbours": [
        ("prose", "Expanding {u} in the BFS, I push all of its neighbors: {items}."),
        (
            "prose",
            "For max degree, {u}'s neighbors are {items_and} — I listed every edge with {u}.",
        ),
        (
            "prose",
            "To grow the clique around {u}, the candidates are its neighbors, which are exactly "
            "{items}.",
        ),
        ("prose", "Triangles through {u} can only use its neighbors: {items_and}, no others."),
        (
            "prose",
            "Peeling: {u} is adjacent to {items} in the original graph, that's the full list.",
        ),
        (
            "prose",
            "Prim from {u}: the edges out of {u} go to {items_and}, and those are all of them.",
        ),
        ("prose", "Dijkstra pops {u}; relax every neighbor: {items}."),
        (
            "prose",
            "Building the adjacency for {u} from the edge list gives {items_brace}, complete.",
        ),
        ("prose", "So {u}'s neighbor set is {items_brace} — I went through all the lines twice."),
        ("prose", "Okay, {u} touches {items_and}. Nothing else mentions {u}."),
        ("prose", "Let me write {u}'s row of the adjacency list in full: {items}."),
        ("code", "adj[{bu}]  # {{{bitems}}} — complete after parsing"),
        ("code", "for x in G.neighbors({bu}): ...  # iterates over {bitems}, nothing else"),
        ("latex", "$\\mathcal{{N}}({bu}) = \\{{{bitems}\\}}$, the full neighbor set."),
        ("list", "- {bu}: {bitems} (every neighbor)"),
        ("bold", "**Expand {bu}** → {bitems} (all of its neighbors)"),
    ],
    "edge_weight": [
        ("prose", "Kruskal, next in sorted order: {u}–{v}, weight {w}."),
        ("prose", "Adding {u}–{v} to the MST; its weight is {w}."),
        ("prose", "Path sum, edge by edge: {u} to {v} contributes {w}."),
        ("prose", "Relax {u} → {v}: the edge weight is {w}."),
        ("prose", "Prim's frontier from {u}: the edge to {v} costs {w}."),
        (
            "prose",
            "Now the edge between {u} and {v} — weight {w}, reading it straight off the input.",
        ),
        ("prose", "For the threshold, the direct edge {u}–{v} is {w} on its own."),
        ("prose", "Okay, {u}-{v} is a {w}-weight edge."),
        ("prose", "Prim picks the {u}–{v} edge next, which weighs {w}."),
        ("prose", "Hmm, I wrote the wrong number for {u}–{v} before; the input says {w}."),
        ("code", "total_w += G[{bu}][{bv}]['weight']  # +{w}"),
        ("code", "heapq.heappush(frontier, ({w}, {bv}))  # edge {bu}-{bv}"),
        ("latex", "\\(w_{{{bu}{bv}}} = {w}\\) goes into the running sum."),
        ("list", "- add {bu}–{bv} (w {w})"),
        ("bold", "**{bu}–{bv}** ({w}) → MST"),
        ("arrow", "{bu} ⟶ {bv} : {w}"),
    ],
    "node_weight": [
        ("prose", "Triangle sum needs the node weights; {u} is {w}."),
        ("prose", "{u}'s weight is {w}, so it adds {w} to the triangle."),
        ("prose", "Candidate triangle with {u}: start the sum with {u}'s weight, {w}."),
        ("prose", "Looking up the node weights again, {u} has {w}."),
        ("prose", "Okay so {u} is a heavy one, weight {w}."),
        ("prose", "The weight attached to node {bu} is {w}."),
        ("prose", "Hmm, I used the wrong weight for {u}; it's {w}."),
        ("code", "tri_sum += G.nodes[{bu}]['weight']  # {w}"),
        ("code", "weights = nx.get_node_attributes(G, 'weight'); weights[{bu}]  # {w}"),
        ("latex", "\\(w_{{{bu}}} = {w}\\) for the triangle sum"),
        ("bold", "- **{bu}** (w = {w})"),
        ("list", "- {bu}: node weight {w}, noted for the triangle sums"),
        ("prose", "Weight of {u} for this triangle: {w}, per the node list."),
    ],
    "degree": [
        ("prose", "Max degree scan: {u} appears {d} times in the edge list, so deg = {d}."),
        ("prose", "{u}: I tick off its edges one by one and get {d}."),
        ("prose", "Running tally for {u} ends at {d}."),
        ("prose", "Next node, {u}. Its edges: {d} of them."),
        ("prose", "So {u} has {d} neighbours — noting that for the comparison."),
        ("prose", "For the k-core peeling, {u} starts with degree {d}."),
        ("prose", "In the original graph {u} has degree {d}, before any removals."),
        ("prose", "Tallying {u}: that makes {d}."),
        ("prose", "So deg({u}) is {d}, which I'll compare with the best so far."),
        ("prose", "Going by the adjacency list, {u} has {d} entries, so degree {d}."),
        ("prose", "Degree check on {u} gives {d}."),
        ("prose", "Hmm, {u} turns out to have {d_words} neighbors, fewer than I guessed."),
        ("code", "sum(1 for e in edges if {bu} in e)  # {d}"),
        ("code", "dict(G.degree)[{bu}]  # {d}"),
        ("code", "best = max(best, (G.degree({bu}), {bu}))  # degree of {bu} is {d}"),
        ("latex", "\\(\\deg({bu}) = {d}\\), the tally for {bu}"),
        ("latex", "$$\\deg_{{G}}({bu}) = {d}$$"),
        ("list", "- deg {bu} = {d}"),
        ("bold", "**{bu}:** {d} incident edges"),
    ],
    "distance": [
        (
            "prose",
            "Pop {v} from the heap with d = {d}; source is {u}, so that's its final distance.",
        ),
        ("prose", "Dijkstra from {u} settles {v} at {d}."),
        ("prose", "For the threshold count from {u}: {v} sits at shortest distance {d}."),
        ("prose", "Eccentricity of {u} needs every distance; the one to {v} is {d}."),
        (
            "prose",
            "Relaxing doesn't improve {v} anymore — its distance from {u} stays {d}, final.",
        ),
        ("prose", "{v}'s label from source {u} is now permanent: {d}."),
        ("prose", "Shortest {u}→{v} works out as {d} once every route is compared."),
        (
            "prose",
            "Checking the pair ({u}, {v}) for the diameter: their shortest-path distance is {d}.",
        ),
        ("prose", "After all relaxations, {v} ends with distance {d} from source {u}."),
        ("prose", "Okay, so {v} is {d} from {u} on the cheapest route."),
        ("prose", "From {u}, the best I find to {v} is {d}, nothing beats it."),
        ("prose", "Row {u} of the all-pairs table: the entry for {v} is {d}."),
        ("code", "dist, _ = nx.single_source_dijkstra(G, {bu}); dist[{bv}]  # {d}"),
        ("code", "heapq.heappop(pq)  # ({d}, {bv}) — settled, source {bu}"),
        ("code", "D[{bu}][{bv}]  # {d}, shortest (Floyd–Warshall)"),
        ("latex", "\\(\\text{{d}}({bu}, {bv}) = {d}\\) after settling"),
        ("latex", "$$d_{{{bu}}}({bv}) = {d}$$"),
        ("list", "- settle {bv}: {d} (from {bu})"),
        ("bold", "**{bv}** settled at {d} (source {bu})"),
    ],
    "hops": [
        ("prose", "BFS layer {h} from {u} includes {v}."),
        ("prose", "Layer by layer from {u}: {v} first shows up at depth {h}."),
        ("prose", "For distance-k, {v} is {h} hops from {u}, counting edges."),
        ("prose", "{v} gets discovered in round {h} of the BFS from {u}."),
        ("prose", "Eccentricity count (unweighted) from {u}: {v} is {h} edges away at best."),
        ("prose", "So it's {h_words} hops from {u} to {v}, no shortcut."),
        ("prose", "{v} lands in the depth-{h} frontier of the BFS from {u}."),
        ("code", "depth = nx.shortest_path_length(G, {bu}); depth[{bv}]  # {h}"),
        ("code", "dict(enumerate(nx.bfs_layers(G, [{bu}])))[{h}]  # contains {bv}"),
        ("latex", "$\\ell_{{{bu}}}({bv}) = {h}$ (BFS level)"),
        ("list", "- depth {h}: {bv} (BFS from {bu})"),
        ("bold", "**{bv}** — level {h} from {bu}"),
        ("prose", "Hmm, I put {v} one layer off; from {u} it's really {h} hops."),
    ],
    "path": [
        ("arrow", "Summing the path {path} edge by edge: {sum}, total {d}."),
        ("arrow", "Running total along {path} ends at {d}."),
        ("arrow", "Adding each edge weight of {path}, I land on {d}."),
        ("arrow", "The given path {path} sums to {d}."),
        ("arrow", "So walking {path} the tally is {d}."),
        ("arrow", "Tracing back through predecessors: {path}, and its cost adds up to {d}."),
        ("arrow", "Edge weights along {path} are {sum}, so {d}."),
        ("arrow", "Okay, {path}: {sum}, that's {d}."),
        ("arrow", "Total for {path} comes to {d}, I re-added it."),
        ("code", "sum(G[a][b]['weight'] for a, b in pairwise(path))  # path = {bpath} → {d}"),
        ("code", "running = {sum}  # {bpath}, total {d}"),
        ("latex", "\\( w({bpath}) = {sum} = {d} \\)"),
        ("list", "- path {bpath}: running total {d}"),
    ],
    "clique": [
        (
            "prose",
            "Adding {items_and} one at a time, each new node was adjacent to all the ones before "
            "it — so it's a {shape}.",
        ),
        ("prose", "Every pair among {items} checks out, which makes them a {shape}."),
        ("prose", "So the {shape} I've grown is {items_brace}: all pairwise edges present."),
        ("prose", "Candidate {items}: every pair adjacent, a valid {shape}."),
        ("prose", "Okay, {items_and} — pairwise connected, {shape} confirmed."),
        ("code", "nx.density(G.subgraph([{bitems}])) == 1.0  # True, a {shape}"),
        ("latex", "$K = \\{{{bitems}\\}}$ is pairwise adjacent: a {shape}."),
        ("list", "- grow: {bitems} → every pair adjacent ({shape})"),
        ("bold", "**Current {shape}:** {bitems} (all pairs checked)"),
    ],
    "k_core": [
        (
            "prose",
            "Peeling stops here: {items_and} each keep at least {k} neighbors among themselves, "
            "so that's the {k}-core.",
        ),
        ("prose", "After the last removal round the survivors are {items}, i.e. the {k}-core."),
        ("prose", "Nothing left has degree under {k}, so the {k}-core is {items_brace}."),
        ("prose", "Removed everything below {k} and repeated; the {k}-core comes down to {items}."),
        ("code", "list(nx.k_core(G, {k}))  # [{bitems}]"),
        ("latex", "\\(\\mathrm{{core}}_{{{k}}} = \\{{{bitems}\\}}\\)"),
        ("list", "- survivors (deg ≥ {k}): {bitems} = {k}-core"),
        ("bold", "**{k}-core after peeling:** {bitems}"),
        ("prose", "Okay, the peeling's done and the {k}-core is {items_and}."),
    ],
    "hop_ball": [
        (
            "prose",
            "Layers 1 through {k} of the BFS from {u} together give {items} (leaving {u} itself "
            "out).",
        ),
        ("prose", "Collecting every node within {k} hops of {u}, minus {u}: {items_and}."),
        ("prose", "So the distance-{k} answer for {u}, without {u}, is {items_brace}."),
        ("prose", "Union of BFS levels up to {k} from {u}, {u} excluded: {items}."),
        (
            "code",
            "{{x for x, dd in nx.single_source_shortest_path_length(G, {bu}, cutoff={k}).items()"
            " if dd > 0}}  # {{{bitems}}}",
        ),
        ("latex", "$\\{{v : 1 \\le d({bu}, v) \\le {k}\\}} = \\{{{bitems}\\}}$"),
        ("list", "- up to {k} hops from {bu} (not {bu}): {bitems}"),
        ("bold", "**Nodes ≤ {k} hops from {bu}, {bu} excluded:** {bitems}"),
    ],
}
"""Statement kinds and their round-20 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Tally | Max so far |", "| {bu} | {d} | – |"),
        ("| Vertex | Incident edges counted |", "| {bu} | {d} |"),
        ("| Node | deg | Peel? |", "| {bu} | {d} | ? |"),
    ],
    "edge_weight": [
        ("| Candidate edge | w | Cycle? |", "| {bu}–{bv} | {w} | ? |"),
        ("| Edge on path | Weight |", "| {bu} → {bv} | {w} |"),
        ("| From | To | Edge weight |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| Node | Dijkstra label (from {src}) |", "| {bv} | {d} |"),
        ("| v | d({src}, v) | Within threshold? |", "| {bv} | {d} | ? |"),
        ("| Node | Settled distance from {src} |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Initialize: best_degree = 0, best_node = None.",
    "Sort the edges by weight before running Kruskal.",
    "Start the clique with {u} and try to extend it greedily.",
    "Peeling round 2: recompute everyone's degree after the removals.",
    "Next, the eccentricity of {u}; that needs a full BFS from it.",
    "Running total reset to 0 for the next path.",
    "Let me list the triangles that contain {u} and compare their sums.",
    "frontier = [{bu}]; depth = 0",
    "dist = dict.fromkeys(G, math.inf)",
    "best = (None, -1)  # (node, degree)",
    "The threshold applies to each source separately, so I'll repeat this for {v}.",
    "Does {v} belong in the clique? I'll test it against each member.",
    "Now check whether adding {u} would close a cycle.",
    "$$\\text{{MST weight}} = \\sum_{{e \\in T}} w(e)$$",
    "$\\operatorname{{ecc}}(v) = \\max_{{x}} d(v, x)$ for each $v$.",
    "**Kruskal, step 4**",
    "That's 5 + 2 = 7 so far.",
    "I'll come back to {u} once the smaller-degree nodes are gone.",
    "Hmm, let me redo the sum for this path, I think I dropped a term.",
    "Which of {u}'s neighbors haven't been visited yet? Let me look.",
    "for a, b in combinations(members, 2):  # pairwise adjacency test",
    "uf = nx.utils.UnionFind()",
    "Okay, on to the next source node after {u}.",
    "Remaining candidates for the triangle: still working through {u}'s list.",
    "**Recap so far:** nothing final yet.",
    "If {v} ends up in the core, I'll need to recheck {u} too.",
]
"""Prose that names nodes and numbers but states no fact: initialisations of a best-so-far, a
frontier, a union-find or a distance map, plans for the algorithm's next step, a loop header,
questions to self, a hypothetical, arithmetic, bold step titles, LaTeX that only defines.
Filled with ``{u} {v} {bu} {bv}`` only."""
