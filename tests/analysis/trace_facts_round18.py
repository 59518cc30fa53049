"""The round-18 held-out phrasing bank for the trace-fact checker (split ``round18``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 17. Like round 17
it aims at realism rather than novelty (no rare languages, no exotic notation), but in other
voices and sentence shapes: longer self-talk with the fact in mid-sentence or after a
subordinate clause ("Going pair by pair, A and B do have an edge between them, so that one's
fine.", "When I scan A's line in the adjacency list, B is on it, so the two are connected."),
step-numbered reasoning ("Step 3: is there an edge A–B? Looking at the input, yes there is."),
hedges ("I think A's degree should be 4.", "I'm fairly sure they're adjacent, and
double-checking the list confirms it"), corrections ("Hold on, I need to correct myself — A and
B actually aren't connected."), walkthroughs of Dijkstra, Prim, Kruskal and BFS ("Running
Dijkstra from A, by the time C comes off the queue its distance is 9, and that's final.",
"Kruskal's next candidate is A–B at weight 7.", "BFS from A reaches C on layer 2.") and closing
summaries ("So in total, A ends up with degree 4."). About 60 % is such prose; about 15 % is
Python / NetworkX as models write it inline (```G.has_edge(A, B)`` returns ``True``,
``G.degree[A]  # 4``, ``nx.dijkstra_path_length(G, A, C)  # 9``, ``heapq.heappush(pq, (7, A,
B))``, ``nx.ego_graph(G, A, radius=2)``, a subgraph's edge count against ``n(n-1)/2``); about
10 % LaTeX as in reasoning (``\\( (A, B) \\in E(G) \\)``, ``A \\sim B``, ``\\deg_G(A)``,
``\\operatorname{dist}``, ``\\min_P w(P)``, ``G[\\{A, B, C\\}]`` complete); about 15 % numbered
and bulleted lists, bold labels, ✅ / ❌ marks and arrows (``A ↔ B``, ``A --7-- B``, ``A ⇝ C``),
and Markdown tables with headers models use ("| Node | Degree (incident edges) |", "| Sorted
edge | Weight | Cycle? |", "| Vertex | dist[A→v] | Settled? |"). Every phrasing differs from
those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round17``) and states
exactly one fact, so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with
exact labels. The filler states none (restating the question, numbered plans, hypotheticals,
"wait, did I already handle A?", a heap / union-find / BFS initialisation, a loop header,
arithmetic, a notation note, a retraction without a replacement). Each kind's list is ordered
(and sized) so that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks
it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round18``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("arrow", "{bu} ↔ {bv} (adjacent)"),
        ("prose", "Next I relax the edge from {u} to {v}."),
        ("prose", "Because there's an edge joining {u} and {v}, that pair is covered."),
        ("prose", "Step 3: is there an edge {u}–{v}? Looking at the input, yes there is."),
        ("prose", "So yes, {v} is one of {u}'s neighbors — the edge is listed explicitly."),
        (
            "prose",
            "When I scan {u}'s line in the adjacency list, {v} is on it, so the two are connected.",
        ),
        (
            "prose",
            "For the pair ({u}, {v}), the edge exists, so I can keep both in the candidate set.",
        ),
        ("bold", "- **Edge check** {bu}, {bv}: yes"),
        ("prose", "Alright, {u} to {v} is a direct edge, no intermediate node needed."),
        (
            "prose",
            "{u} and {v}: I'm fairly sure they're adjacent, and double-checking the list confirms "
            "it.",
        ),
        ("prose", "Expanding {u} in the BFS, one of the edges I follow goes to {v}."),
        ("list", "1. {bu}–{bv} → edge ✅"),
        ("code", "`G.has_edge({bu}, {bv})` returns `True`, as expected."),
        ("prose", "Yes, that one's an edge too: {u}–{v}."),
        ("prose", "Does {u} connect to {v}? It does, I can see that edge in the input."),
        ("code", "{bv} in adj[{bu}]  # True"),
        ("prose", "I think {u} is adjacent to {v} — yeah, it's right there in the edge list."),
        ("prose", "Hold on, I need to correct myself — {u} and {v} actually are connected."),
        (
            "prose",
            "Going pair by pair, {u} and {v} do have an edge between them, so that one's fine.",
        ),
        ("code", "adj_matrix[{bu}][{bv}]  # 1 → edge"),
        ("latex", "\\( ({bu}, {bv}) \\in E(G) \\), good."),
        ("latex", "So \\({bu} \\sim {bv}\\) (they're adjacent)."),
    ],
    "non_edge": [
        ("prose", "That kills it, since {u} and {v} aren't linked."),
        (
            "prose",
            "When I scan {u}'s line in the adjacency list, {v} isn't on it, so the two aren't "
            "connected.",
        ),
        ("prose", "Step 3: is there an edge {u}–{v}? Looking at the input, no, there isn't."),
        ("code", "{bv} in adj[{bu}]  # False"),
        ("prose", "For the pair ({u}, {v}), there's no edge, so they can't both be in the clique."),
        (
            "prose",
            "Because nothing joins {u} and {v} directly, I'd have to go through another node.",
        ),
        ("arrow", "{bu} ↔ {bv}? ✗ not adjacent"),
        ("prose", "So no, {v} is not one of {u}'s neighbors."),
        ("code", "adj_matrix[{bu}][{bv}]  # 0 → no edge"),
        ("prose", "Does {u} connect to {v}? It doesn't, I don't see that edge anywhere."),
        ("prose", "Alright, {u} to {v} is not a direct edge, I'd need an intermediate node."),
        ("bold", "- **Edge check** {bu}, {bv}: no"),
        ("code", "`G.has_edge({bu}, {bv})` returns `False`, so no."),
        ("prose", "Wait, {v} isn't adjacent to {u} — I was looking at the wrong line."),
        ("prose", "I think {u} isn't adjacent to {v} — yeah, it's nowhere in the edge list."),
        ("latex", "So \\({bu} \\not\\sim {bv}\\) (not adjacent)."),
        (
            "prose",
            "Going pair by pair, {u} and {v} don't have an edge between them, so that pair fails.",
        ),
        ("latex", "\\( ({bu}, {bv}) \\notin E(G) \\), so that pair is out."),
        ("prose", "No edge {u}–{v} either."),
        ("prose", "Hold on, I need to correct myself — {u} and {v} actually aren't connected."),
        (
            "prose",
            "{u} and {v}: I'm fairly sure they're not adjacent, and double-checking the list "
            "confirms it.",
        ),
        ("list", "1. {bu}–{bv} → no edge ❌"),
    ],
    "neighbours": [
        (
            "prose",
            "Okay so for {u}, going through every edge that touches it, the neighbors I find are "
            "{items_and} — and that's the whole list.",
        ),
        ("prose", "Let me write out {u}'s adjacency: {items}. I don't see any others."),
        ("prose", "I think {u}'s neighbors should be {items}, nothing else."),
        ("prose", "After checking each edge, {u} ends up adjacent to exactly {items_and}."),
        ("prose", "Expanding {u}, its full set of neighbors is {items_brace}."),
        ("prose", "Step 2: neighbors of {u} → {items}. That's complete."),
        ("prose", "So {u} only touches {items_and}; there are no other edges at {u}."),
        ("prose", "Hmm, wait, let me redo {u}: the neighbors are {items}, and that's all."),
        (
            "prose",
            "Alright, {u}'s neighborhood is {items_brace}, which I'll use for the intersection.",
        ),
        ("prose", "Right, so {u} is linked to {items_and} and to nothing else."),
        ("prose", "So in total, {u}'s neighbors are {items}."),
        ("code", "list(G.neighbors({bu}))  # → [{bitems}]  (all of them)"),
        ("code", "set(G[{bu}]) == {{{bitems}}}  # True"),
        ("latex", "\\( N({bu}) = \\{{ {bitems} \\}} \\) — the complete neighborhood."),
        ("list", "- {bu} → {bitems} (full adjacency)"),
        ("bold", "**Neighbors of {bu}:** {bitems} — complete"),
        ("list", "* {bu}: [{bitems}] — all neighbors"),
    ],
    "edge_weight": [
        ("prose", "Looking at the input again, the edge between {u} and {v} has a weight of {w}."),
        ("prose", "Kruskal's next candidate is {u}–{v} at weight {w}."),
        ("prose", "I think the {u}-{v} edge has weight {w} — let me double check... yes, {w}."),
        ("prose", "Relaxing {u}'s edge to {v}, whose weight is {w}."),
        ("prose", "Step 4: the edge {u}–{v} weighs {w}."),
        ("prose", "In Prim's step, the edge I'm considering is {u}–{v} with weight {w}."),
        ("prose", "So the cost of going directly from {u} to {v} is {w}."),
        ("prose", "Wait, I had the {u}–{v} weight wrong; it should be {w}."),
        ("prose", "Okay, edge {u}-{v}: weight {w}, noted."),
        ("prose", "The weight on the {u}–{v} edge is listed as {w}, so I'll use that."),
        ("code", "G[{bu}][{bv}]['weight']  # {w}"),
        ("code", "heapq.heappush(pq, ({w}, {bu}, {bv}))  # edge weight {w}"),
        ("latex", "\\(c({bu},{bv}) = {w}\\)"),
        ("list", "- ({bu}, {bv}): {w}"),
        ("bold", "**{bu}–{bv}** → w = {w}"),
        ("arrow", "{bu} --({w})--> {bv}"),
    ],
    "node_weight": [
        ("prose", "{u} has weight {w} according to the list of node weights."),
        ("prose", "For the triangle sum I'll need {u}'s weight, which is {w}."),
        ("prose", "So {u} contributes {w} as its own weight."),
        ("code", "node_weight[{bu}]  # {w}"),
        ("prose", "Now the node weights: {u} is worth {w}."),
        ("latex", "\\(\\omega({bu}) = {w}\\)"),
        ("prose", "I think {u}'s weight is {w}, let me check the input... yes."),
        ("bold", "**{bu}** — weight {w}"),
        ("prose", "Step 2: weight of node {bu} = {w}."),
        ("list", "- {bu}: {w} (node weight)"),
        ("prose", "Wait, {u}'s weight should be {w}, not what I used before."),
    ],
    "degree": [
        ("prose", "So {u} has {d_words} edges touching it."),
        (
            "prose",
            "Going through the list, every time {u} appears I add one, and that ends up at {d}.",
        ),
        ("prose", "Counting {u}'s neighbors one by one, I get {d}."),
        ("prose", "So in total, {u} ends up with degree {d}."),
        ("prose", "Okay, so {u} is degree {d}."),
        ("prose", "Hmm, {u} has {d} neighbors, which is less than I expected."),
        ("prose", "Since {u} appears in {d} edges, its degree is {d}."),
        ("prose", "Wait, let me recount {u}... that's {d}, not what I said."),
        ("prose", "Next, {u}: {d} incident edges."),
        ("prose", "For {u}, I count {d} connections."),
        ("prose", "Step 2: degree of {u} = {d}."),
        ("prose", "I think {u}'s degree should be {d}."),
        ("code", "G.degree[{bu}]  # {d}"),
        ("code", "degrees = dict(G.degree()); degrees[{bu}]  # → {d}"),
        ("latex", "$|N({bu})| = {d}$, so that's the degree"),
        ("code", "len(G[{bu}])  # {d}"),
        ("bold", "**{bu}** → degree {d}"),
        ("list", "- {bu}: {d} neighbors"),
        ("latex", "\\(\\deg_G({bu}) = {d}\\)"),
    ],
    "distance": [
        (
            "prose",
            "Running Dijkstra from {u}, by the time {v} comes off the queue its distance is {d}, "
            "and that's final.",
        ),
        ("prose", "I think the shortest distance from {u} to {v} should be {d}."),
        ("prose", "Step 5: shortest path {u} → {v} has length {d}."),
        (
            "prose",
            "So after relaxing everything, {v}'s tentative distance from {u} settles at {d}.",
        ),
        (
            "prose",
            "Wait, that's not the shortest — going around the other way, {u} to {v} is only {d}.",
        ),
        ("prose", "The distance from {u} to {v}, once I take the best route, is {d}."),
        ("prose", "Hmm, so {v} ends up {d} away from {u} in the shortest-path sense."),
        ("prose", "Let me double check {u} to {v}... the minimum is {d}."),
        ("prose", "Comparing the routes from {u} to {v}, the shortest one comes to {d}."),
        ("prose", "So in total, the shortest distance between {u} and {v} is {d}."),
        ("prose", "Okay, with {u} as the source, {v} gets a final distance of {d}."),
        ("prose", "Since there's no cheaper way around, d({u}, {v}) is {d}."),
        ("code", "nx.dijkstra_path_length(G, {bu}, {bv})  # returns {d}"),
        ("code", "dist = nx.single_source_dijkstra_path_length(G, {bu}); dist[{bv}]  # {d}"),
        ("code", "print(dist[{bv}])  # → {d} (from {bu})"),
        ("latex", "\\( \\operatorname{{dist}}({bu}, {bv}) = {d} \\)"),
        ("latex", "$$d({bu}, {bv}) = \\min_{{P}} w(P) = {d}$$"),
        ("list", "- dist {bu}→{bv} = {d}"),
        ("bold", "**Shortest {bu} → {bv}:** {d}"),
    ],
    "hops": [
        ("prose", "Counting edges instead of weights, {v} is {h} hops from {u}."),
        ("prose", "BFS from {u} reaches {v} on layer {h}."),
        ("prose", "I think {v} is {h} hops out from {u}, no shorter way."),
        ("prose", "Step 3: hop distance from {u} to {v} = {h}."),
        (
            "prose",
            "Ignoring the weights for a moment, the fewest edges I need from {u} to {v} is "
            "{h_words}.",
        ),
        ("prose", "So {v} sits at depth {h} in the BFS tree rooted at {u}."),
        ("prose", "Wait, {v} is actually {h} hops from {u}, I miscounted the layers."),
        ("prose", "When the BFS from {u} first hits {v}, it's at level {h}."),
        ("prose", "So in total, getting from {u} to {v} takes {h} hops at minimum."),
        ("code", "nx.shortest_path_length(G, source={bu}, target={bv})  # {h} (unweighted)"),
        ("code", "bfs_depth[{bv}]  # {h}, BFS rooted at {bu}"),
        ("latex", "\\(\\operatorname{{hops}}({bu}, {bv}) = {h}\\)"),
        ("list", "- {bu} ⇝ {bv}: {h} hops"),
    ],
    "path": [
        ("arrow", "Taking {path}, the weights add up to {sum} = {d}."),
        ("arrow", "So along {path} the total comes to {d}."),
        ("arrow", "I think the best route is {path}, for a total of {d}."),
        ("arrow", "Step 4: {path}, cost {sum}, so {d} total."),
        ("arrow", "Wait, let me re-add {path}: {sum} = {d}."),
        ("arrow", "Following the predecessors back gives {path}, with length {d}."),
        ("arrow", "If I go {path}, that's {d} in total."),
        ("arrow", "So in total: {path} = {d}."),
        ("code", "cost = sum(w[e] for e in zip(p, p[1:]))  # p = {bpath}, cost = {d}"),
        ("code", "# {bpath}: {sum} = {d}"),
        ("latex", "\\( {sum} = {d} \\) along {bpath}"),
        ("latex", "$\\ell({bpath}) = {d}$"),
        ("list", "- Path: {bpath} | total = {d}"),
        ("bold", "**Route:** {bpath} (total {d})"),
    ],
    "clique": [
        ("prose", "So {items_and} are all pairwise connected — that's a {shape}."),
        (
            "prose",
            "I checked every pair among {items} and each one is an edge, so they form a {shape}.",
        ),
        ("prose", "I think {items_brace} is a {shape}: every pair I tried is adjacent."),
        ("prose", "Step 4: {items} — all pairs adjacent ✓, so {shape}."),
        ("prose", "So in total, {items_and} give me a {shape}."),
        (
            "code",
            "H = G.subgraph([{bitems}]); H.number_of_edges() == len(H) * (len(H) - 1) // 2"
            "  # True, {shape}",
        ),
        ("latex", "\\( G[\\{{{bitems}\\}}] \\) is complete, i.e. a {shape}."),
        ("list", "- {shape}: {{{bitems}}} ✔ every pair connected"),
        ("prose", "Since each pair among {items_and} has an edge, they make a {shape}."),
    ],
    "k_core": [
        ("prose", "So in total, the {k}-core is made of {items_and}."),
        ("prose", "I think the {k}-core should be {items_brace}."),
        ("code", "nx.k_core(G, k={k}).nodes  # {bitems}"),
        ("latex", "\\( C_{{{k}}} = \\{{{bitems}\\}} \\)"),
        (
            "prose",
            "Once no node has degree less than {k}, the nodes still standing are {items_and}, i.e. "
            "the {k}-core.",
        ),
        (
            "prose",
            "Removing nodes with degree below {k} until nothing changes, what's left is {items} — "
            "that's the {k}-core.",
        ),
        ("list", "- **{k}-core:** {bitems}"),
        ("prose", "Step 3: after the last removal, the {k}-core = {items}."),
    ],
    "hop_ball": [
        (
            "prose",
            "I think everything within {k} hops of {u}, not counting {u} itself, should be "
            "{items_brace}.",
        ),
        ("latex", "\\( \\{{ x \\neq {bu} : d(x, {bu}) \\le {k} \\}} = \\{{{bitems}\\}} \\)"),
        ("prose", "So in total, within {k} hops of {u} (without {u}) we get {items_and}."),
        ("list", "- within {k} hops of {bu}, {bu} excluded → {bitems}"),
        (
            "prose",
            "Step 3: collecting all nodes at distance ≤ {k} from {u}, excluding {u}: {items}.",
        ),
        ("prose", "After {k} rounds of BFS from {u}, the visited set minus {u} is {items_brace}."),
        (
            "prose",
            "Doing BFS from {u} and stopping at depth {k}, the nodes I reach (other than {u}) are "
            "{items}.",
        ),
        ("code", "set(nx.ego_graph(G, {bu}, radius={k})) - {{{bu}}}  # {{{bitems}}}"),
    ],
}
"""Statement kinds and their round-18 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree (incident edges) |", "| {bu} | {d} |"),
        ("| Vertex | # neighbors |", "| {bu} | {d} |"),
        ("| Node | Degree | Checked |", "| {bu} | {d} | ✓ |"),
    ],
    "edge_weight": [
        ("| Edge | Cost | Take it? |", "| {bu} – {bv} | {w} | ? |"),
        ("| u | v | w(u, v) |", "| {bu} | {bv} | {w} |"),
        ("| Sorted edge | Weight | Cycle? |", "| {bu}-{bv} | {w} | – |"),
    ],
    "distance": [
        ("| Node | Distance from {src} (final) |", "| {bv} | {d} |"),
        ("| Vertex | dist[{src}→v] | Settled? |", "| {bv} | {d} | yes |"),
        ("| Node | Shortest path cost from {src} |", "| `{bv}` | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Okay, so the problem is asking about the shortest path from {u} to {v}, let me think about "
    "how to approach it.",
    "Let me think about which algorithm fits here — probably BFS first, then see.",
    "heap = [(0, {bu})]",
    "I'll go through the nodes one at a time and keep a running count.",
    "Wait, did I already handle {u}? Let me look back up.",
    "Hmm, that doesn't look right. Let me redo this part starting from {u}.",
    "If {v} turned out to be adjacent to {u}, we'd get a bigger clique, so that's worth checking.",
    "So I need to check about 10 pairs, which is manageable.",
    "1. Build the adjacency list. 2. Run BFS from {bu}. 3. Read off the answer.",
    "for u, v, w in sorted(edges, key=lambda e: e[2]):  # Kruskal loop",
    "parent = {{n: n for n in G}}  # union-find",
    "Throughout, \\(d(\\cdot, \\cdot)\\) means the shortest-path distance.",
    "**Plan:** get the degrees, sort them, then pick the top one.",
    "Note to self: the graph is undirected, so checking {u}-{v} and {v}-{u} is the same thing.",
    "That's 6 + 3 = 9, then plus 2 gives 11.",
    "Okay I think I've got it, but let me sanity-check {u} once more before answering.",
    "Hmm, wait. What's the question again? Something about {v}.",
    "Moving on to the next node after {u}.",
    "I'll treat {bu} as the source and compute everything from there.",
    "Actually, ignore what I just wrote about {u} — I'll redo it below.",
    "seen = {{{bu}}}",
    "Let me be careful here, it's easy to mix up {u} and {v}.",
    "The answer should be a single number, so once I have it for {v} I'm done.",
    "while pq:  # standard Dijkstra loop",
    "**Step 3 — distances.**",
    "Before I go further, is {v} even relevant? Probably, since the question mentions it.",
]
"""Prose that names nodes and numbers but states no fact: restating the question, plans,
hypotheticals, questions to self, a retraction without a replacement, a notation note, loop
headers, heap / union-find / visited initialisations, arithmetic, bold step titles."""
