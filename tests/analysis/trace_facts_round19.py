"""The round-19 held-out phrasing bank for the trace-fact checker (split ``round19``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 18. Like rounds
17 and 18 it aims at realism rather than novelty (no rare languages, no exotic notation), in
model-family voices those rounds lack: the terse "analysis channel" of o3 / GPT-OSS ("Need
A–B. In the list? Yes. Edge.", "A-B: absent. Skip.", "Weight of A? Lookup → 7."); DeepSeek-R1's
long "Okay, so ..." monologue with the fact inside one run-on sentence ("Okay, so let me count
how many times A shows up in the edge list, ... and... that's 4 times, so its degree is 4.");
Qwen / QwQ's "Let me verify once more: ..."; Claude's "I'll trace through this carefully: ...";
Gemini's headed sections and bullets (``*   **A–B:** Present in the edge list.``); Kimi and
GLM's numbered sub-steps (``2.3) Check A–B → exists in the edge list.``); facts as the result
of a lookup ("Looking up A in the adjacency list, I find B among its entries."), as the answer
to the model's own question ("And the degree of A? That's 4."), inside parentheses ("Then B
(which is adjacent to A) goes into the queue."), after "since" / "because", in a closing recap
list (``- recap: A–B ✓``), in a Python comment or a docstring (``# no edge A-B in the input``,
``\"\"\"Edge A–B exists in the input graph.\"\"\"``); corrections ("Hmm, wait, no — ..."),
and non-native but fluent English ("The node A is having an edge with B", "There is not any
edge between A and B, I checked the list two times.", "The shortest distance from A till C is
coming 9.").
About 60 % is such prose; about 15 % is Python / NetworkX as models write it inline
(``>>> G.has_edge(A, B)  # True``, ``G.get_edge_data(A, B)['weight']``, ``nx.core_number``,
``single_source_shortest_path_length``, ``itertools.combinations``); about 10 % LaTeX as in
reasoning (``\\(A\\) and \\(B\\) are adjacent in \\(G\\)``, ``\\Gamma(A)``, ``w_{A,B}``,
``\\text{dist}``); about 15 % Gemini bullets with bold labels, numbered sub-steps, recap lists,
arrows (``A ⟷ B``, ``A ⇒ C``) and Markdown tables with the headers models use ("| Node |
deg(·) | Candidate? |", "| Edge | Weight | Added? |", "| Node | d(A, ·) | Status |"). Every
phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ...
``round18``) and states exactly one fact, so ``trace_facts_phrasings.write_trace`` plants
errors of a known kind with exact labels. The filler states none (re-reading the question,
plans, Markdown headings, numbered sub-step titles, questions to self, a retraction without a
replacement, a hypothetical, a queue or heap initialisation, an import, a docstring that only
describes, arithmetic, a LaTeX definition). Each kind's list is ordered (and sized) so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round19``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Need {u}–{v}. In the list? Yes. Edge."),
        (
            "prose",
            "Okay, so now I have to figure out whether {u} and {v} are connected, and going back "
            "up to the edges the problem gave me, yeah, {u}-{v} is right there, so they are.",
        ),
        ("prose", "Let me verify once more: {u} and {v} — the edge is there."),
        (
            "prose",
            "I'll trace through this carefully: starting from {u}, one of its edges leads "
            "straight to {v}.",
        ),
        ("prose", "Is {v} adjacent to {u}? Yes — I can see {u}-{v} in the input."),
        ("prose", "Since {u}–{v} is an edge, {v} stays in the candidate set."),
        ("prose", "Then {v} (which is adjacent to {u}) goes into the queue."),
        (
            "prose",
            "Hmm, wait, no — I said earlier they weren't, but {u} and {v} do share an edge, I "
            "just skipped over it.",
        ),
        ("prose", "The node {bu} is having an edge with {v}, it is given in the input."),
        ("prose", "Looking up {u} in the adjacency list, I find {v} among its entries."),
        ("list", "2.3) Check {u}–{v} → exists in the edge list."),
        ("prose", "{u}-{v}: present. Good, moving on."),
        ("prose", "So {u} is linked with {v} also, yes."),
        ("prose", "Right, {u} and {v} are neighbours of each other, I double-checked."),
        (
            "prose",
            "Okay wait, actually {v} connects back to {u} directly, so no detour is needed there.",
        ),
        ("code", ">>> G.has_edge({bu}, {bv})  # True"),
        ("code", "if G.has_edge({bu}, {bv}):  # taken — the edge exists"),
        ("code", "# {bu}-{bv} is an edge (it's in the input)"),
        ("code", '"""Edge {bu}–{bv} exists in the input graph."""'),
        ("latex", "Since $({bu},{bv}) \\in E$, the pair is fine."),
        ("latex", "\\({bu}\\) and \\({bv}\\) are adjacent in \\(G\\)."),
        ("bold", "*   **{bu}–{bv}:** Present in the edge list."),
        ("list", "- recap: {bu}–{bv} ✓"),
        ("arrow", "{bu} ⟷ {bv}: yes"),
    ],
    "non_edge": [
        ("prose", "Need {u}–{v}. In the list? No. Not an edge."),
        (
            "prose",
            "Okay, so then I was thinking maybe {u} and {v} could be connected, but when I go "
            "back and look through the whole edge list line by line there's just no {u}-{v} "
            "anywhere, so no, they're not adjacent.",
        ),
        ("prose", "Let me verify once more: {u} and {v} — no edge between them."),
        ("prose", "I'll trace through this carefully: {u}'s edges don't reach {v} directly."),
        ("prose", "Is {v} adjacent to {u}? No, {u}-{v} isn't in the input."),
        ("prose", "Because {u} and {v} aren't adjacent, this set can't be a clique."),
        ("prose", "Then {v} (not adjacent to {u}, by the way) can be skipped."),
        (
            "prose",
            "Hmm, wait, no — I thought {u}-{v} was an edge, but it isn't; I misread the line.",
        ),
        ("prose", "There is not any edge between {u} and {v}, I checked the list two times."),
        ("prose", "Looking up {u} in the adjacency list, {v} is not among its entries."),
        ("list", "2.4) Check {u}–{v} → not in the edge list."),
        ("prose", "{u}-{v}: absent. Skip."),
        ("prose", "So {u} is not connected with {v}, unfortunately."),
        ("prose", "Right, {u} and {v} are not neighbours of each other."),
        ("prose", "Okay so {v} doesn't connect back to {u} directly — I'd need a detour."),
        ("code", ">>> G.has_edge({bu}, {bv})  # False"),
        ("code", "if G.has_edge({bu}, {bv}):  # not taken, no such edge"),
        ("code", "# no edge {bu}-{bv} in the input"),
        ("code", "assert not G.has_edge({bu}, {bv})  # ok, holds"),
        ("latex", "Since $({bu},{bv}) \\notin E$, the pair fails."),
        ("latex", "\\({bu}\\) and \\({bv}\\) are not adjacent in \\(G\\)."),
        ("bold", "*   **{bu}–{bv}:** Not present in the edge list."),
        ("list", "- recap: {bu}–{bv} ✗"),
        ("arrow", "{bu} ⟷ {bv}: no"),
    ],
    "neighbours": [
        ("prose", "N({u}): {items}. Done, no more."),
        (
            "prose",
            "Okay, so for {u} I need all of its neighbors, so let me go through the edge list "
            "from the top, and every line with {u} in it gives me one, and that gives "
            "{items_and}, and I don't think I missed any.",
        ),
        ("prose", "Let me verify once more: {u}'s neighbors are exactly {items}."),
        (
            "prose",
            "I'll trace through {u}'s edges carefully — they go to {items_and}, and nowhere else.",
        ),
        ("prose", "What are {u}'s neighbors? {items_and}, that's the full list."),
        (
            "prose",
            "Since {u} is adjacent to exactly {items_and}, the intersection has to come from "
            "those.",
        ),
        ("prose", "The neighbours of {u} are coming out as {items}, only these."),
        ("prose", "Looking up {u} in the adjacency list gives {items_brace}, complete."),
        ("prose", "Hmm, wait, no — I forgot one; {u}'s full neighbor list is {items}."),
        ("prose", "All of {u}'s neighbors: {items}."),
        ("code", "list(G.adj[{bu}])  # [{bitems}] (complete)"),
        ("code", "# neighbors({bu}) = {bitems}, all of them"),
        ("latex", "$\\Gamma({bu}) = \\{{{bitems}\\}}$ (whole neighbourhood)"),
        ("bold", "*   **{bu}'s adjacency:** {bitems} — that's everything."),
        ("list", "2.1) {bu}: neighbors = {bitems}, full list"),
        ("arrow", "{bu} ⟶ {{{bitems}}} (all)"),
        ("list", "- recap: N({bu}) = {bitems}, complete"),
    ],
    "edge_weight": [
        ("prose", "Lookup {u}–{v} weight → {w}."),
        (
            "prose",
            "Okay, so now Kruskal wants the next smallest edge, and scanning what's left I think "
            "it's {u}-{v}, and its weight is {w}, which is fine because it doesn't make a cycle.",
        ),
        ("prose", "Let me verify once more: the {u}–{v} edge has weight {w}."),
        (
            "prose",
            "I'll trace through this carefully: the edge from {u} to {v} carries a weight of {w}.",
        ),
        ("prose", "What's the weight on {u}-{v}? It's {w}."),
        ("prose", "Since the {u}–{v} edge only costs {w}, Prim takes it next."),
        ("prose", "The weight of edge {u}-{v} is given as {w} only."),
        ("prose", "Then {v} (edge weight {w} from {u}) gets relaxed."),
        ("prose", "Hmm, wait, no — {u}–{v} is {w}, I read the wrong row before."),
        ("code", "w = G.get_edge_data({bu}, {bv})['weight']  # {w}"),
        ("code", "total += {w}  # weight of {bu}-{bv}"),
        ("code", "print(G[{bu}][{bv}])  # {{'weight': {w}}}"),
        ("latex", "so \\(w_{{{bu},{bv}}} = {w}\\)"),
        ("bold", "*   **{bu}–{bv}:** weight {w}"),
        ("list", "3.2) {bu}–{bv}, w = {w}"),
        ("arrow", "{bu} ↔ {bv}, w={w}"),
        ("list", "- recap: {bu}-{bv} costs {w}"),
    ],
    "node_weight": [
        ("prose", "Hmm, wait, no — {u}'s weight is {w}, I mixed it up with an edge weight."),
        ("list", "- recap: weight[{bu}] = {w}"),
        ("prose", "Weight of {u}? Lookup → {w}."),
        ("prose", "Since {u} weighs {w}, including it helps the sum."),
        ("code", "G.nodes[{bu}].get('weight')  # {w}"),
        ("prose", "I'll note {u}'s own weight: {w}."),
        ("prose", "The node {bu} is having weight {w}."),
        ("prose", "Let me verify once more: {u} has node weight {w}."),
        (
            "prose",
            "Okay, so for the triangle I also need the node weights, and {u} is the one I keep "
            "forgetting, its weight is {w}, right, {w}.",
        ),
        ("bold", "*   **{bu}:** node weight {w}"),
        ("latex", "$w(\\text{{{bu}}}) = {w}$"),
    ],
    "degree": [
        ("prose", "Count {u}'s edges: {d}. ok."),
        (
            "prose",
            "Okay, so let me count how many times {u} shows up in the edge list, I'll go slowly "
            "because I messed this up before, and... that's {d} times, so its degree is {d}.",
        ),
        ("prose", "Let me verify once more: {u} has exactly {d} neighbors."),
        ("prose", "I'll trace through {u}'s edges carefully and tally them: {d}."),
        ("prose", "And the degree of {u}? That's {d}."),
        ("prose", "Since {u} has degree {d}, it can't beat the current max."),
        ("prose", "The node {bu} is having {d} neighbours."),
        ("prose", "Then {u} (degree {d}) goes next."),
        ("prose", "Hmm, wait, no — {u} has {d} edges, I double-counted one before."),
        ("prose", "So the degree of {u} comes to {d_words}."),
        ("prose", "{u} is touching {d} edges in total."),
        ("prose", "Looking up {u}'s row, I count {d} entries."),
        ("code", "d = G.degree({bu})  # {d}"),
        ("code", "print(len(list(G.neighbors({bu}))))  # {d}"),
        ("code", "# degree of {bu} is {d}"),
        ("code", "deg = {{n: len(nbrs) for n, nbrs in G.adj.items()}}  # deg[{bu}] == {d}"),
        ("latex", "$\\deg(\\text{{{bu}}}) = {d}$"),
        ("latex", "\\(\\text{{deg}}_{{G}}({bu}) = {d}\\)"),
        ("bold", "*   **{bu}:** degree {d}"),
        ("list", "4.1) deg({bu}) = {d}"),
        ("list", "- recap: {bu} → {d} neighbors"),
    ],
    "distance": [
        ("prose", "dist {u}→{v}? Dijkstra says {d}."),
        (
            "prose",
            "Okay, so from {u} there are a couple of ways to get to {v}, and I tried both, and "
            "the cheaper one comes out to {d}, so the shortest distance is {d}, I'm pretty sure.",
        ),
        ("prose", "Let me verify once more: the shortest distance from {u} to {v} is {d}."),
        (
            "prose",
            "I'll trace through Dijkstra carefully: {v} gets settled with distance {d} from {u}.",
        ),
        ("prose", "So what's the shortest distance from {u} to {v}? {d}."),
        ("prose", "Since d({u}, {v}) = {d}, I'll record it."),
        ("prose", "The shortest distance from {u} till {v} is coming {d}."),
        ("prose", "Then {v} (at shortest distance {d} from {u}) is settled."),
        ("prose", "Hmm, wait, no — there's a cheaper route; {u} to {v} is really {d}."),
        ("prose", "Looking up {v} in the dist table for source {u}: {d}."),
        ("arrow", "{u} → {v} shortest: {d}. ok."),
        ("prose", "The best I can do from {u} to {v} is {d}, no route does better."),
        ("code", "nx.shortest_path_length(G, source={bu}, target={bv}, weight='weight')  # {d}"),
        ("code", "# shortest {bu} -> {bv}: {d}"),
        ("code", "length, path = nx.single_source_dijkstra(G, {bu}, {bv})  # length == {d}"),
        ("code", "assert dist[{bu}][{bv}] == {d}  # from Floyd–Warshall"),
        ("latex", "$\\text{{dist}}(\\text{{{bu}}}, \\text{{{bv}}}) = {d}$"),
        ("latex", "\\[ \\text{{sp}}({bu}, {bv}) = {d} \\]"),
        ("bold", "*   **Shortest distance {bu} → {bv}:** {d}"),
        ("list", "5.2) {bu} ⇒ {bv} = {d} (shortest)"),
        ("list", "- recap: dist({bu}, {bv}) = {d}"),
        (
            "prose",
            "Hmm, so the cheapest way from {u} over to {v} comes to {d}, I think that's right.",
        ),
    ],
    "hops": [
        ("prose", "Hops from {u} to {v}? {h}, minimum."),
        (
            "prose",
            "Okay, and if I just count edges and forget the weights for a second, going from {u} "
            "to {v} the fewest I can do is {h} edges, yeah, {h} hops.",
        ),
        ("prose", "Let me verify once more: {v} is {h} hops from {u}, not fewer."),
        ("prose", "I'll trace the BFS carefully: {v} first appears in layer {h} from {u}."),
        ("prose", "How many hops from {u} to {v}? {h_words}, at minimum."),
        ("prose", "Since {v} is {h} hops away from {u} at minimum, I'll note it."),
        ("prose", "The node {bv} is coming at {h} hops from {u}, minimum."),
        ("prose", "Hmm, wait, no — the BFS puts {v} at depth {h} from {u}, not what I had."),
        ("code", "hops = nx.single_source_shortest_path_length(G, {bu}); hops[{bv}]  # {h}"),
        ("code", "# BFS: {bv} is {h} hops from {bu}"),
        ("latex", "$\\text{{hops}}({bu} \\to {bv}) = {h}$"),
        ("bold", "*   **Hops {bu} → {bv}:** {h} (fewest)"),
        ("list", "- recap: {bv} at BFS depth {h} from {bu}"),
        ("list", "6.1) fewest hops {bu}→{bv} = {h}"),
        ("prose", "Fewest edges {u}→{v}: {h}. ok."),
    ],
    "path": [
        ("arrow", "Path {path}: total {d}. ok."),
        (
            "arrow",
            "Okay, so if I go {path}, then adding up the pieces I get {sum}, which is {d}, and "
            "that's the total for that route.",
        ),
        ("arrow", "Let me verify once more: {path} has total length {d}."),
        ("arrow", "I'll trace the route carefully: {path}, total {d}."),
        ("arrow", "What does {path} cost in total? {d}."),
        ("arrow", "Since {path} comes to {d} in total, it's the one I'll report."),
        ("arrow", "The path {path} is giving total {d} only."),
        ("arrow", "Hmm, wait, no — I mis-added; {path} is {sum} = {d}."),
        ("arrow", "Reading the parent pointers gives {path}, so the total is {d}."),
        ("code", "# cost of {bpath} = {d}"),
        ("latex", "$$\\sum_{{e \\in P}} w(e) = {sum} = {d}, \\quad P = {bpath}$$"),
        ("latex", "\\(\\text{{cost}}({bpath}) = {d}\\)"),
        ("bold", "*   **Path:** {bpath} — total {d}"),
        ("list", "7.3) {bpath}: {sum} = {d}"),
        ("list", "- recap: {bpath} = {d}"),
    ],
    "clique": [
        ("prose", "Check all pairs of {items}: all edges. So {shape}."),
        (
            "prose",
            "Okay, so now I have {items_and}, and I went through every pair, and each pair has "
            "an edge, so these really do form a {shape}, which is what I wanted.",
        ),
        (
            "prose",
            "Let me verify once more: every pair in {items_brace} is adjacent, so it's a {shape}.",
        ),
        ("prose", "Is {items_brace} a {shape}? Yes, each pair is connected."),
        ("prose", "Since every two of {items_and} are adjacent, I've got a {shape}."),
        ("prose", "{items_and} are making a {shape}, all pairs are connected."),
        (
            "code",
            "assert all(v in G[u] for u, v in itertools.combinations([{bitems}], 2))  # {shape} ✓",
        ),
        ("latex", "$\\{{{bitems}\\}}$ is a {shape}: every pair is in $E$."),
        ("bold", "*   **{shape}:** {bitems} (all pairs connected)"),
        ("list", "- recap: {bitems} → {shape} ✓"),
    ],
    "k_core": [
        ("code", "core = [n for n, c in nx.core_number(G).items() if c >= {k}]  # [{bitems}]"),
        ("bold", "*   **Final {k}-core:** {bitems} (nothing else survives)"),
        (
            "prose",
            "Okay, so I keep peeling off nodes with degree below {k}, and after a few rounds "
            "nothing else drops out, and what's left is {items_and}, so that's the {k}-core.",
        ),
        ("list", "- recap: {k}-core = {bitems}"),
        ("latex", "$V(C_{{{k}}}) = \\{{{bitems}\\}}$ ({k}-core)"),
        ("prose", "Since nothing under degree {k} remains, the {k}-core is {items_brace}."),
        ("prose", "The {k}-core is coming out as {items}."),
        ("prose", "Let me verify once more: the {k}-core is exactly {items_brace}."),
        ("prose", "What's the {k}-core? {items_and}."),
        ("prose", "That leaves {items} (the {k}-core)."),
        ("code", "# {k}-core -> [{bitems}]"),
        ("prose", "{k}-core? After pruning: {items}."),
    ],
    "hop_ball": [
        ("latex", "$N_{{\\le {k}}}({bu}) = \\{{{bitems}\\}}$ (without {bu})"),
        ("list", "- recap: {k}-hop set of {bu}, {bu} excluded = {bitems}"),
        ("prose", "Within {k} hops of {u}, minus {u}: {items}."),
        (
            "prose",
            "Let me verify once more: the nodes within {k} hops of {u} (not {u}) are "
            "{items_brace}.",
        ),
        (
            "prose",
            "The nodes reachable within {k} hops from {u}, leaving {u} out, are coming {items}.",
        ),
        ("prose", "Which nodes are within {k} hops of {u}, {u} excluded? {items_and}."),
        (
            "prose",
            "Okay, so BFS from {u} and I stop once I'm {k} levels deep, and everything I touched "
            "apart from {u} itself is {items_and}, so that's the set.",
        ),
        (
            "code",
            "ball = set(nx.single_source_shortest_path_length(G, {bu}, cutoff={k})) - {{{bu}}}"
            "  # {{{bitems}}}",
        ),
        ("bold", "*   **Within {k} hops of {bu} (excluding {bu}):** {bitems}"),
    ],
}
"""Statement kinds and their round-19 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | deg(·) | Candidate? |", "| {bu} | {d} | – |"),
        ("| Vertex | Neighbours (count) |", "| {bu} | {d} |"),
        ("| Node | Degree (from edge list) | Notes |", "| {bu} | {d} | ok |"),
    ],
    "edge_weight": [
        ("| Edge | Weight | Added? |", "| ({bu}, {bv}) | {w} | ? |"),
        ("| u | v | weight | Used? |", "| {bu} | {bv} | {w} | ? |"),
        ("| Edge | Weight (input) |", "| `{bu}-{bv}` | {w} |"),
    ],
    "distance": [
        ("| Node | dist from {src} | Prev |", "| {bv} | {d} | – |"),
        ("| Vertex | Final distance (source {src}) |", "| {bv} | {d} |"),
        ("| Node | d({src}, ·) | Status |", "| {bv} | {d} | settled |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Need: shortest {u}→{v}. Plan: Dijkstra.",
    "Okay, so let me first re-read the problem, it gives an undirected graph and asks something "
    "about {u} and {v}, so I'll need the adjacency first.",
    "Hmm.",
    "Let me verify once more before answering.",
    "I'll trace through this carefully, one node at a time, starting with {u}.",
    "## Step 2: Build the adjacency list",
    "### Checking {bu}",
    "2.2) Now handle {u}.",
    "Is {u} even relevant here? Let me think.",
    "Wait, no, that's the wrong node — I meant {v}.",
    "pq = [(0, {bu})]  # source",
    "from itertools import combinations",
    '"""Return the degree of every node."""',
    "# TODO: double-check {bu} later",
    "Running sum: 8 + 6 = 14.",
    "$$\\text{{diam}}(G) = \\max_{{u,v}} d(u, v)$$",
    "Let $Q$ be the BFS queue, initially containing only {bu}.",
    "The node {bu} I will check at the end, first the others.",
    "So, {u}. Next.",
    "Okay wait, what was I doing? Right, the degrees.",
    "If {u} and {v} were adjacent, the answer would change, so it matters.",
    "**Summary so far:** still working on it.",
    "Let me think about whether BFS or Dijkstra is the better fit here.",
    "Sub-step (c): compare with the best found.",
    "I need to be careful not to count any edge twice, since each appears under both endpoints.",
]
"""Prose that names nodes and numbers but states no fact: re-reading the question, plans,
Markdown headings, numbered sub-step titles, questions to self, a retraction without a
replacement, a hypothetical, a heap initialisation, an import, a docstring and a TODO comment
that only describe, arithmetic, a LaTeX definition. Filled with ``{u} {v} {bu} {bv}`` only."""
