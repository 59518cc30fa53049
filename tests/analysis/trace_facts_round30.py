"""The round-30 held-out phrasing bank for the trace-fact checker (split ``round30``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 29. Like rounds
17 to 29 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search, rounds 25 to 27 facts that answer the writer's own questions, round 28
code inside reasoning and round 29 the terse scratchpad, round 30 takes reference across
clauses, as long traces of DeepSeek-R1, QwQ, Qwen3, Claude, Gemini, Kimi K2 and GLM state a fact
about a node or edge named earlier in the same passage, in mixed voices across the nine tasks:
the subject named once and then referred to ("Now A. It touches B.", "Look at A next — its
degree comes to 4.", "Between A and B ... that pair has weight 7.", "the latter", "this one",
"that node", "both of them"), facts split over two short sentences or a colon ("Take A.
Neighbours: B, C."), a Markdown heading or bold label naming the node with the fact in the line
or bullet under it (``**A**`` then ``- degree 4``), recap sentences that refer back ("So that's
the edge I was after: A–B, weight 7.") and the fact stated about a node the task's own step
introduces ("The next node popped is C; its distance from A is 9."); inline Python / NetworkX
whose variable is bound on one line and read on the next (``n = A`` then ``G.degree(n)  # 4``),
LaTeX that names the node first and refers to it after (``Let $v = A$. Then $\\deg(v) = 4$.``)
and tables whose second header refers back to the row's node ("| Edge | that edge's weight |").
About three fifths prose, the rest code, LaTeX and Markdown. Each pronoun's antecedent is the
fact's own node, inside the same phrasing; every phrasing differs from those of the earlier
splits (``dev`` ... ``dev4``, ``round4`` ... ``round29``) and states exactly one fact, as the
writer's claim (no suppositions, no open questions, no negated hypotheticals but the stated
non-edges), so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact
labels. The filler states none: it turns to a node without saying anything about it, parks it or
promises to come back to it. Each kind's list is ordered (and sized) so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round30``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Now {u}. It touches {v}."),
        ("prose", "Let me look at {u} for a moment — {v} is one of its neighbours."),
        ("prose", "Okay, {v}. This one is directly linked to {u}."),
        ("prose", "I'll go back to {u}. The edge list pairs it with {v}, so that edge is real."),
        (
            "prose",
            "Take {u} and {v}. Both of them appear on one line of the input, so they're adjacent.",
        ),
        ("prose", "Consider {u}, then {v}: the latter is a direct neighbour of the former."),
        ("prose", "So that's the edge I was after: {u}–{v}. It's in the list."),
        ("prose", "Then there's {v}. Is that node attached to {u}? It is, the input says so."),
        (
            "prose",
            "Hmm, {u}. I keep coming back to that node — and yes, it shares an edge with {v}.",
        ),
        ("prose", "Right, {u} and {v}. That pair is joined directly."),
        ("prose", "Moving to {u}: one of the things it connects to is {v}."),
        ("prose", "Fine — {v} next. It sits right next to {u}, one edge apart."),
        ("code", "a = {bu}\nb = {bv}\nG.has_edge(a, b)  # True"),
        ("code", "node = {bu}\n{bv} in G[node]  # yes, it's there"),
        ("latex", "Fix $x = {bu}$. Then $({bu}, {bv}) \\in E$, i.e. $x \\sim {bv}$."),
        ("bold", "**{bu}**\n- adjacent to {bv}"),
        ("list", "- {bu}\n  - has an edge to {bv}"),
        ("bold", "**Edge check — {bu}, {bv}:** the two of them are connected."),
        ("prose", "And {u}? Looking at its row again, {v} is right there, so it's an edge."),
    ],
    "non_edge": [
        ("prose", "Now {u}. It doesn't touch {v}."),
        ("prose", "Let me look at {u} for a moment — {v} is not one of its neighbours."),
        ("prose", "Okay, {v}. This one has no edge to {u}."),
        (
            "prose",
            "I'll go back to {u}. The edge list never pairs it with {v}, so there's no edge.",
        ),
        ("prose", "Take {u} and {v}. Neither appears on a line with the other, so not adjacent."),
        ("prose", "Consider {u}, then {v}: the latter is not a neighbour of the former."),
        ("prose", "So that's the pair I worried about: {u}–{v}. It's not in the list."),
        ("prose", "Then there's {v}. That node isn't attached to {u}, the input has no such line."),
        ("prose", "Hmm, {u}. Going through that node's row — no, it shares no edge with {v}."),
        ("prose", "Right, {u} and {v}. That pair is not joined."),
        ("prose", "Moving to {u}: {v} is not among the things it connects to."),
        ("prose", "Fine — {v} next. It sits nowhere near {u}; no edge between them."),
        ("code", "a = {bu}\nb = {bv}\nG.has_edge(a, b)  # False"),
        ("code", "node = {bu}\n{bv} in G[node]  # no, not there"),
        ("latex", "Fix $x = {bu}$. Then $({bu}, {bv}) \\notin E$, i.e. $x \\not\\sim {bv}$."),
        ("bold", "**{bu}**\n- not adjacent to {bv}"),
        ("list", "- {bu}\n  - no edge to {bv}"),
        ("bold", "**Edge check — {bu}, {bv}:** the two of them are not connected."),
        ("prose", "And {u}? Looking at its row again, {v} isn't there, so no edge."),
    ],
    "neighbours": [
        ("prose", "Take {u}. Neighbours: {items} — that's the whole list."),
        ("prose", "Now {u}. Everything it touches: {items_and}, and nothing more."),
        ("prose", "Let me pull up {u} again. Its full neighbour set is {items_brace}."),
        ("prose", "Next comes {u}; the complete list of nodes adjacent to it is {items}."),
        ("prose", "{u} — I'll list all of its neighbours here: {items_and}."),
        ("prose", "So that node, {u}, connects to exactly {items_and}. No others."),
        ("code", "n = {bu}\nsorted(G[n])  # [{bitems}], all of them"),
        ("latex", "Write $v = {bu}$. Its whole neighbourhood is $N(v) = \\{{{bitems}\\}}$."),
        ("bold", "**{bu}**\n- neighbours (all): {bitems}"),
        ("list", "### {bu}\n- full adjacency: {bitems}"),
        ("prose", "Back to {u}. Reading its row in full, it touches {items} and only those."),
        ("bold", "**Node {bu}.** Complete neighbour list: {bitems}."),
    ],
    "edge_weight": [
        ("prose", "Between {u} and {v} … that pair has weight {w}."),
        ("prose", "So that's the edge I was after: {u}–{v}, weight {w}."),
        ("prose", "Now the edge {u}–{v}. Its weight is {w}."),
        ("prose", "Look at {u} and {v} next — the edge joining them costs {w}."),
        ("prose", "There's {u}, and there's {v}; the link between the two weighs {w}."),
        ("prose", "Consider {u}–{v}. This one carries a weight of {w}."),
        ("prose", "Then {v}, reached from {u}: that edge is worth {w}."),
        ("code", "e = ({bu}, {bv})\nG.edges[e]['weight']  # {w}"),
        ("latex", "Let $e = \\{{{bu}, {bv}\\}}$. Then $w(e) = {w}$."),
        ("bold", "**{bu}–{bv}**\n- weight: {w}"),
        ("list", "- edge {bu}–{bv}\n  - its weight is {w}"),
        ("code", "u, v = {bu}, {bv}\nw = G[u][v]['weight']  # {w}"),
        ("prose", "The edge from {u} over to {v}; I read its weight off the input as {w}."),
    ],
    "node_weight": [
        ("prose", "Now {u}. Its weight is {w}."),
        ("prose", "Look at {u} next — that node weighs {w}."),
        ("prose", "Then there's {u}; this one carries weight {w}."),
        ("prose", "Take {u}. Weight: {w}."),
        ("code", "x = {bu}\nG.nodes[x]['weight']  # {w}"),
        ("latex", "Fix $x = {bu}$; then $w(x) = {w}$."),
        ("bold", "**{bu}**\n- weight {w}"),
        ("list", "- {bu}\n  - node weight: {w}"),
    ],
    "degree": [
        ("prose", "Look at {u} next — its degree comes to {d}."),
        ("prose", "Now {u}. It has {d} neighbours in total."),
        ("prose", "Take {u}. Degree: {d}."),
        ("prose", "Then there's {u}; that node ends up with degree {d}."),
        ("prose", "Okay, {u}. Counting the edges that touch it, I get {d}."),
        ("prose", "I'll do {u} now. This one has {d_words} edges on it."),
        ("prose", "Next up is {u}, and its degree is {d}."),
        ("prose", "{u} again — recounting its edges gives {d}, same as before."),
        ("prose", "So that's the node I wanted: {u}, degree {d}."),
        ("code", "n = {bu}\nG.degree(n)  # {d}"),
        ("code", "x = {bu}\nlen(adj[x])  # {d} edges"),
        ("latex", "Let $v = {bu}$. Then $\\deg(v) = {d}$."),
        ("bold", "**{bu}**\n- degree {d}"),
        ("list", "#### {bu}\n- degree: {d}"),
        ("bold", "**Node {bu}.** Its degree is {d}."),
        ("prose", "Moving on to {u}: it's incident to {d} edges."),
    ],
    "distance": [
        ("prose", "The next node popped is {v}; its distance from {u} is {d}."),
        ("prose", "Now {v}. Its shortest distance from {u} comes out to {d}."),
        ("prose", "Look at {v} next — from {u}, the cheapest way there costs {d}."),
        ("prose", "Take {u} and {v}. The shortest path between them has length {d}."),
        ("prose", "Then {v} gets settled. Measured from {u}, that node is at {d}."),
        ("prose", "So that's the distance I needed: {u} to {v}, {d}."),
        (
            "prose",
            "Okay, {v}. Nothing beats {d} for getting there from {u}, so that's its distance.",
        ),
        (
            "prose",
            "Starting from {u}, consider {v}: the latter is {d} away along the shortest path.",
        ),
        (
            "code",
            "src, dst = {bu}, {bv}\nnx.shortest_path_length(G, src, dst, weight='weight')  # {d}",
        ),
        ("latex", "Let $t = {bv}$. Then $d({bu}, t) = {d}$."),
        ("bold", "**{bv}** (from {bu})\n- shortest distance {d}"),
        ("list", "- {bv}\n  - distance from {bu}: {d}"),
        ("code", "s = {bu}\ndist = nx.single_source_dijkstra_path_length(G, s)\ndist[{bv}]  # {d}"),
        ("prose", "Back to {v}. Its final distance from {u} stays at {d}."),
    ],
    "hops": [
        ("prose", "BFS from {u}. {v} turns up at depth {h}, so that's its hop count."),
        ("prose", "Now {v}. It's {h} hops from {u}."),
        ("prose", "So that's the hop count I needed: {u} to {v}, {h} edges."),
        ("prose", "Look at {v} next — counting edges from {u}, it's {h} away."),
        ("prose", "Take {u} and {v}. The fewest edges between them: {h}."),
        ("prose", "The next node dequeued is {v}; it's {h_words} hops out from {u}."),
        ("code", "s = {bu}\nhops = nx.single_source_shortest_path_length(G, s)\nhops[{bv}]  # {h}"),
        ("latex", "Let $t = {bv}$. Then $t$ is ${h}$ hops from ${bu}$."),
        ("list", "- {bv}\n  - hops from {bu}: {h}"),
        ("bold", "**{bv}** (BFS from {bu})\n- depth {h}"),
    ],
    "path": [
        ("arrow", "Now the path {path}. It adds up to {d}."),
        ("arrow", "Take {path}. Total: {d}."),
        ("arrow", "So that's the route I was after: {path}, total {d}."),
        ("arrow", "Look at {path} next — its weights sum to {sum} = {d}."),
        ("arrow", "Then there's {path}; this one comes to {d} in total."),
        ("arrow", "Consider {path}. Walking it end to end gives {d}."),
        ("arrow", "Okay, {path}. Its length is {d}."),
        ("code", "p = '{bpath}'\n# total along p: {d}"),
        ("latex", "Let $P = {bpath}$. Then $w(P) = {d}$."),
        ("bold", "**{bpath}**\n- total {d}"),
        ("list", "- path {bpath}\n  - its total: {d}"),
    ],
    "clique": [
        ("prose", "Take {items_brace}. Every pair in it is joined, so it's a {shape}."),
        ("prose", "Now {items_and}. All of them are pairwise adjacent — a {shape}."),
        ("prose", "Look at {items} next — together they make a {shape}."),
        ("prose", "So that's the {shape} I was after: {items_brace}."),
        ("prose", "Consider {items_and}; each of these touches every other one: a {shape}."),
        ("latex", "Let $S = \\{{{bitems}\\}}$. Then $S$ is a {shape}."),
        ("bold", "**{bitems}**\n- {shape}: every pair adjacent"),
        ("list", "- candidate {bitems}\n  - it's a {shape}"),
        ("code", "S = [{bitems}]\n# S is a {shape}: all pairs are edges"),
    ],
    "k_core": [
        ("prose", "Peeling is over. What's left is the {k}-core: {items_brace}."),
        ("prose", "Now the {k}-core. It consists of {items_and}."),
        ("prose", "Take the {k}-core; its members are {items}, and only those."),
        ("prose", "So that's the core I was after: {items_brace}, the {k}-core."),
        ("latex", "Let $C$ be the ${k}$-core. Then $C = \\{{{bitems}\\}}$."),
        ("bold", "**{k}-core**\n- members: {bitems}"),
        ("list", "- the {k}-core\n  - its nodes: {bitems}"),
        ("code", "core = nx.k_core(G, {k})\nsorted(core)  # [{bitems}]"),
    ],
    "hop_ball": [
        ("prose", "Now {u}. The nodes at most {k} hops from it (it excluded) are {items}."),
        ("prose", "Take {u}; within {k} hops of that node, not counting it, lie {items_brace}."),
        ("prose", "So that's the ball I wanted around {u}: radius {k}, {u} left out, {items_and}."),
        ("prose", "Start from {u}. Everything within {k} hops of it, besides itself: {items_and}."),
        ("latex", "Set $s = {bu}$. Then $B_{{{k}}}(s) \\setminus \\{{s\\}} = \\{{{bitems}\\}}$."),
        ("bold", "**{bu}** (radius {k})\n- within reach, itself excluded: {bitems}"),
        (
            "code",
            "s = {bu}\nball = nx.single_source_shortest_path_length(G, s, cutoff={k})\n"
            "sorted(n for n in ball if n != s)  # [{bitems}]",
        ),
        ("list", "- from {bu}, up to {k} hops\n  - reached (besides it): {bitems}"),
    ],
}
"""Statement kinds and their round-30 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node (taken in turn) | its degree |", "| {bu} | {d} |"),
        ("| That node | Degree it ends with |", "| {bu} | → {d} |"),
    ],
    "edge_weight": [
        ("| Edge | that edge's weight |", "| {bu}–{bv} | {w} |"),
        ("| Pair | weight between them |", "| {bu}, {bv} | {w} |"),
    ],
    "distance": [
        ("| Popped node | its distance from {src} |", "| {bv} | {d} |"),
        ("| Settled | how far it is from {src} |", "| {bv} | {d} (final) |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Now {u}. Let me see what I have on it.",
    "Take {u}; I'll come back to that node in a moment.",
    "Look at {v} next — hold on, I need its row first.",
    "Okay, {u}. This one needs a bit more care.",
    "Then there's {v}. I'll park it for now.",
    "**{bu}**\n- (to do)",
    "Back to the one I skipped earlier.",
    "Right, that settles the previous node; on to the next.",
    "n = {bu}  # look at this one next",
    "Hmm, {u} and {v} — both of them I still have to check.",
]
"""Turns to a node or two without saying anything about them: picks the next one, parks it,
promises to come back. Filled with ``{u} {v} {bu} {bv}`` only."""
