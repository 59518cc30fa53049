"""The round-11 held-out phrasing bank for the trace-fact checker (split ``round11``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 10, in the voices
of free-form reasoning traces (Grok's "Alright,", Claude and o-series thinking's "Let me check
…", GPT-OSS's "We have edge A-B in the input.", DeepSeek-R1 / V3, Qwen3 and QwQ's "Let me …"
asides, Gemini's bold labels, Kimi and GLM's checklists, Llama, Mistral, Phi): claims split
across sentences ("Let me check A against B. Yes, there's an edge.", "Let me count A's edges.
That's 4 in total.", "Who is A adjacent to? Exactly B and C."), passive voice ("An edge is drawn
between A and B", "The edge from A to B is given a weight of 7", "A cost of 12 is incurred along
A → B → C", "A triangle is spanned by the vertices A, B, C"), a double negation ("No pair among
A, B and C is missing an edge"), numbers in words, parentheticals, code-ish notation in Python,
JavaScript and pseudo-code (dicts ``{A: 4}``, tuple keys ``wt[(A, B)] = 7``, ``frozenset((A,
B)) in E  # False``, ``neighbors.get(A)?.includes(B) // => true``, ``nodes.find(n => n.id ===
A).weight``, ``DEGREE(A) := 4``, ``core_3 := {A, B, C}``), LaTeX inline and display (``A
\\sim_G B``, ``A \\nsim_G B``, adjacency-matrix entries ``\\mathbf{A}[A][B] = 0``,
``\\begin{aligned} … \\end{aligned}``, ``\\text{…}``, ``\\ell^{\\star}(A \\to B)``,
``\\mathcal{N}_{\\le 2}(A)``), bullet, numbered and checkbox lists, arrows (``->``, ``-->``,
``<->``, ``=>``, ``↦``, ``↛``, ``⇝``, ``⟹``), **bold** labels, numeric ids in prose ("Vertex 3
and vertex 5 share an edge of weight 7") and Markdown tables with other headers. Every phrasing
differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round10``) and
states exactly one fact, so ``trace_facts_phrasings.write_trace`` plants errors of a known kind
with exact labels; the filler states none (quoting the question, restating the rules,
backtracking, hypotheticals and a proof by contradiction's assumption, unanswered questions,
plans and step headings, heap / stack / visited / queue states, TODOs, arithmetic). Each kind's
list is ordered so that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test
checks it; the draws depend on the lists' lengths and on each chosen phrasing's fields).

Same structure and placeholders as ``trace_facts_round10``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round11``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Alright, {u} and {v}: those two are directly connected."),
        ("prose", "An edge is drawn between {v} and {u} in this graph."),
        ("prose", "We have edge {bu}-{bv} in the input. So they are adjacent."),
        ("prose", "Let me check {u} against {v}. Yes, there's an edge."),
        ("prose", "Is {v} one of {u}'s neighbours? Yes, directly."),
        ("prose", "{u}, which I almost overlooked, is adjacent to {v}."),
        ("prose", "The input has a line for vertex {bu} and vertex {bv}, so they're linked."),
        ("code", "frozenset(({bu}, {bv})) in E  # True"),
        ("code", "neighbors.get({bu})?.includes({bv}) // => true"),
        ("latex", "$$ {bu} \\sim_G {bv} \\qquad \\text{{(they share an edge)}} $$"),
        ("latex", "so $\\mathbf{{A}}[{bu}][{bv}] = 1$ in the adjacency matrix."),
        ("list", "* [x] {bu}–{bv} is an edge"),
        ("arrow", "{bu} → {bv} : edge exists in G"),
        ("bold", "**Edge found:** {bu} — {bv}"),
        ("prose", "Both {u} and {v} appear on the same line of the edge list: adjacent."),
        ("list", "2) {bu} paired with {bv}: an edge, yes"),
        ("code", "{bv} in G[{bu}]  # True, adjacent"),
    ],
    "non_edge": [
        ("prose", "Alright, {u} and {v} aren't directly connected."),
        ("prose", "No edge is drawn between {v} and {u} in this graph."),
        ("prose", "We lack edge {bu}-{bv} in the input. So they are non-adjacent."),
        ("prose", "Let me check {u} against {v}. Nope, no edge."),
        ("prose", "Is {v} one of {u}'s neighbours? No, it isn't."),
        (
            "prose",
            "{u} and {v} never appear together on one line of the edge list, so they aren't "
            "neighbours.",
        ),
        ("prose", "{u} (despite what I assumed a moment ago) is not adjacent to {v}."),
        ("prose", "No line in the input pairs vertex {bu} with vertex {bv}, so they're unlinked."),
        ("code", "frozenset(({bu}, {bv})) in E  # False"),
        ("code", "assert {bv} not in adj[{bu}]  # non-adjacent"),
        ("code", "neighbors.get({bu})?.includes({bv}) // => false"),
        ("latex", "$$ {bu} \\nsim_G {bv} \\qquad \\text{{(no shared edge)}} $$"),
        ("latex", "so $\\mathbf{{A}}[{bu}][{bv}] = 0$ in the adjacency matrix."),
        ("list", "+ {bu}, {bv}: not found among the given edges"),
        ("arrow", "{bu} ↛ {bv} : no such edge in G"),
        ("bold", "**No edge:** {bu} — {bv}"),
    ],
    "neighbours": [
        ("prose", "Alright, the neighbours of {u} are {items_and}, and that's the whole list."),
        ("prose", "{u}'s adjacency list reads {items}; nothing more."),
        ("prose", "Let me gather {u}'s neighbours. Full set: {items_brace}."),
        ("prose", "Vertex {bu} has these neighbours and no others: {bitems}."),
        ("prose", "{u} is adjacent to {items_and}, and to no other vertex."),
        ("code", "adj[{bu}] = ({bitems})  # tuple of all neighbours"),
        ("code", "const adjacent = G.neighbors({bu}); // [{bitems}], all of them"),
        (
            "latex",
            "$$\\begin{{aligned}} N_G({bu}) &= \\{{{bitems}\\}} \\quad \\text{{(complete)}} "
            "\\end{{aligned}}$$",
        ),
        ("list", "1) {bu}'s neighbours, every one: {bitems}"),
        ("arrow", "{bu} ↦ ⟨{bitems}⟩, nobody else"),
        ("bold", "**Neighbourhood of {bu}, in full** — {bitems}"),
        ("prose", "Who is {u} adjacent to? Exactly {items_and}."),
        ("list", "- neighbours({bu}) → {bitems} (that's all)"),
    ],
    "edge_weight": [
        ("prose", "Alright, the {u}–{v} edge carries a weight of {w}."),
        ("prose", "The edge from {u} to {v} is given a weight of {w} in the problem."),
        ("prose", "Let me read off {u} to {v}. The input lists it with weight {w}."),
        ("prose", "Vertex {bu} and vertex {bv} share an edge of weight {w}."),
        ("prose", "{u}–{v} (one of the heavier-looking ones?) has weight {w}."),
        ("code", "wt[({bu}, {bv})] = {w}  # from input"),
        ("code", "getWeight({bu}, {bv}) // returns {w}"),
        (
            "latex",
            "$$\\begin{{aligned}} c({bu}, {bv}) &= {w} \\quad \\text{{(edge cost)}} "
            "\\end{{aligned}}$$",
        ),
        ("latex", "and $\\omega({bu}, {bv}) = {w}$ from the list"),
        ("list", "- the {bu}, {bv} edge: {w} (as given)"),
        ("arrow", "{bu} <-> {bv} @ w={w}"),
        ("bold", "**Weight lookup** {bu}, {bv} ⇒ {w}"),
    ],
    "node_weight": [
        ("prose", "Alright, {u} itself is weighted {w}."),
        ("prose", "A weight of {w} is attached to vertex {bu}."),
        ("prose", "Let me look up {u}. Node weight: {w}."),
        ("prose", "{u}'s weight (the node's, not an edge's) is {w}."),
        ("code", "vertex_weight = {{{bu}: {w}}}  # dict entry"),
        ("code", "nodes.find(n => n.id === {bu}).weight // {w}"),
        ("latex", "$$\\pi_{{{bu}}} = {w} \\quad \\text{{(weight of vertex {bu})}}$$"),
        ("list", "- {bu} (vertex) has weight {w}"),
        ("arrow", "{bu} ⟶ its vertex weight, {w}"),
        ("bold", "**Weight of {bu} (vertex):** {w}"),
    ],
    "degree": [
        ("prose", "Alright, {u} has {d_words} incident edges."),
        ("prose", "Exactly {d} edges are incident to {u}."),
        ("prose", "Let me count {u}'s edges. That's {d} in total."),
        ("prose", "Tallying vertex {bu}'s incident edges gives {d}."),
        ("prose", "{u} (counting each edge once) has degree {d}."),
        ("prose", "Edges ending at {u}: {d_words}, and I've got them all."),
        ("code", "deg = {{{bu}: {d}}}  # dict of degrees"),
        ("code", "adjList[{bu}].length // {d}"),
        ("code", "DEGREE({bu}) := {d}"),
        ("latex", "$$\\deg_G({bu}) = {d} \\quad \\text{{(edges at {bu})}}$$"),
        ("latex", "so $\\lvert N({bu}) \\rvert = {d}$."),
        ("list", "3) {bu}: {d_words} edges"),
        ("list", "• {bu}, degree {d_words}"),
        ("arrow", "{bu} -> {d} edges meet here"),
        ("bold", "**Degree check, {bu}:** {d_words}"),
        ("code", "sum(1 for e in E if {bu} in e)  # {d}"),
    ],
    "distance": [
        ("prose", "Alright, the optimum from {u} to {v} is {d}."),
        ("prose", "A minimum cost of {d} is needed to get from {u} to {v}."),
        ("prose", "Let me settle {v}. Its final label from {u} is {d_words}."),
        ("prose", "{u} to {v}, best possible: {d}."),
        ("prose", "Shortest path length from vertex {bu} to vertex {bv} = {d}."),
        ("prose", "We get dist from {u} to {v} equals {d}, and nothing beats it."),
        ("code", "apsp[({bu}, {bv})] = {d}  # all-pairs table"),
        ("code", "dijkstra(G, {bu}).get({bv}) // → {d}"),
        ("code", "d[{bv}] := {d}  // popped from heap, source {bu}"),
        ("latex", "$$\\begin{{aligned}} \\delta({bu}, {bv}) &= {d} \\end{{aligned}}$$"),
        ("latex", "$\\ell^{{\\star}}({bu} \\to {bv}) = {d}$"),
        ("list", "2) shortest from {bu} to {bv}: {d}"),
        ("arrow", "{bu} --> ... --> {bv}, best total {d}"),
        ("bold", "**Min distance** ({bu}, {bv}) → {d}"),
        ("prose", "Cheapest way from {u} to {v}? It costs {d}, nothing less."),
        ("arrow", "{bu} ⟹ {bv}: lowest total {d}"),
    ],
    "hops": [
        ("prose", "Alright, ignoring weights, {v} is {h} hops from {u}."),
        ("prose", "At minimum, {h_words} hops separate {u} from {v} (unweighted)."),
        ("prose", "Let me BFS from {u}. {v} shows up at depth {h}."),
        ("prose", "Counting edges only, the closest {v} gets to {u} is {h_words} steps."),
        ("prose", "Fewest edges between vertex {bu} and vertex {bv}: {h}."),
        ("prose", "{v} is reached from {u} after {h} hops, no fewer (edge count, not weight)."),
        ("code", "hops[{bu}][{bv}] == {h}  # BFS, unweighted"),
        ("code", "bfs({bu}).depth.get({bv}) // {h}"),
        ("code", "len(nx.shortest_path(G, {bu}, {bv})) - 1  # = {h}"),
        ("latex", "$$\\lambda({bu}, {bv}) = {h} \\quad \\text{{(hop count, weights ignored)}}$$"),
        ("list", "- {bu} … {bv}: {h_words} edge(s) at fewest"),
        ("arrow", "{bu} ⇝ {bv}: {h} edges (unweighted shortest)"),
        ("bold", "**Hops from {bu} to {bv}:** {h}"),
        ("bold", "**BFS layer of {bv}** (root {bu}): {h}"),
    ],
    "path": [
        ("arrow", "Alright, summing along {path} I get {d}."),
        ("arrow", "Length of the route {path}? {d_words}."),
        ("arrow", "Let me add up {path}. Total = {d}."),
        ("arrow", "A cost of {d} is incurred along {path}."),
        ("arrow", "{bpath}; weights {sum}, so {d}"),
        ("code", "pathCost = {sum}; // {bpath} => {d}"),
        ("code", "total({bpath}) == {d}  # True"),
        ("latex", "$$\\sum_{{i}} w(e_i) = {d} \\quad \\text{{for }} {bpath}$$"),
        ("list", "1) {path}, {d} total"),
        ("bold", "**Path:** {path} **Cost:** {d}"),
    ],
    "clique": [
        ("prose", "Alright, {items_and} are all mutually adjacent: a {shape}."),
        ("prose", "No pair among {items_and} is missing an edge, so they make a {shape}."),
        ("prose", "Let me verify {items_brace}. Each pair is an edge, so it's a {shape}."),
        ("prose", "A {shape} is spanned by the vertices {bitems}."),
        (
            "code",
            "not [p for p in combinations([{bitems}], 2) if p not in E]  # True: {shape}",
        ),
        ("code", "[{bitems}].every((x, i, a) => a.slice(i + 1).every(y => adj(x, y))) // {shape}"),
        ("latex", "$$G\\big[\\{{{bitems}\\}}\\big] \\text{{ is complete: a {shape}}}$$"),
        ("list", "3. {items_brace}: complete subgraph, i.e. a {shape}"),
        ("arrow", "{items_brace} ⟹ {shape} (every pair adjacent)"),
        ("bold", "**{shape} located**: exactly {items_and}"),
    ],
    "k_core": [
        ("prose", "Alright, what's left in the {k}-core is {items_and}."),
        (
            "prose",
            "After repeatedly removing nodes of degree below {k}, what survives is {items_brace}.",
        ),
        ("prose", "Let me finish peeling. The {k_words}-core is {items}."),
        ("prose", "Vertices {bitems} are retained in the {k}-core (all others pruned)."),
        ("code", "core_{k} := {{{bitems}}}  // final k-core"),
        ("latex", "$$V\\!\\left(\\operatorname{{core}}_{{{k}}}(G)\\right) = \\{{{bitems}\\}}$$"),
        ("list", "1) survivors of {k}-peeling: {bitems}"),
        ("arrow", "strip nodes with deg < {k} ⟶ left: {items_brace}"),
        ("bold", "**Core (k = {k})** ⟶ {items_and}"),
    ],
    "hop_ball": [
        ("prose", "Alright, within {k} hops of {u} we reach {items_and} (besides {u} itself)."),
        (
            "prose",
            "Leaving {u} out, {items} are the nodes no more than {k_words} hops away from it.",
        ),
        (
            "prose",
            "Let me run BFS from {u} up to depth {k}. Other than {u}, that gives {items_brace}.",
        ),
        (
            "prose",
            "{items_and} are found within {k} hops of vertex {bu}, and nothing else is "
            "(not counting {bu}).",
        ),
        ("code", "ball({bu}, {k}).filter(x => x !== {bu}) // [{bitems}]"),
        (
            "latex",
            "$$\\mathcal{{N}}_{{\\le {k}}}({bu}) = \\{{{bitems}\\}} \\quad "
            "\\text{{(excluding {bu})}}$$",
        ),
        ("list", "- depth ≤ {k} from {bu} (source excluded): {bitems}"),
        ("arrow", "{bu} → (≤{k} hops) → {bitems}, excluding {bu}"),
        ("bold", "**Radius-{k} neighbourhood of {bu}, minus {bu}** = {items_brace}"),
    ],
}
"""Statement kinds and their round-11 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Vertex label | Number of incident edges |", "| {bu} | {d} incident |"),
        ("| Node | Its neighbours | Tally |", "| {bu} | {bitems} | tally {d_words} |"),
        ("| vertex | deg_G(vertex) |", "| v={bu} | {d} |"),
    ],
    "edge_weight": [
        ("| End 1 | End 2 | Listed weight |", "| {bu} | {bv} | {w} (listed) |"),
        ("| Pair | Cost on the edge |", "| {bu} & {bv} | {w} |"),
        ("| Edge | Weight from input |", "| {bu}–{bv} | wt {w} |"),
    ],
    "distance": [
        ("| Node | Best distance, source {src} |", "| {bv} | {d} (best) |"),
        ("| Goal node | δ({src}, goal) |", "| {bv} | δ = {d} |"),
        ("| Endpoint | Final label (source {src}) | Status |", "| {bv} | {d} | settled |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Alright, let me restate: the graph is undirected and each edge is listed once.",
    'The question says: "Report the answer as a single integer."',
    "Wait, my first plan (start at {u}) was wasteful; backtracking to start at {v}.",
    "In case {bu} and {bv} turn out to be adjacent, the answer goes up by one; not checked yet.",
    "Assume, for contradiction, that {u} lies in the core.",
    "Could {v} be closer to {u} via some other route? Let me think.",
    "Next steps: gather {u}'s edges, then {v}'s, then compare.",
    "heap = [(0, {bu})]; done = []",
    "stack top: {bv}; visited so far: [{bu}]",
    "Partial sum 5 + 4 = 9, still under the bound.",
    "Hmm, 7 - 2 = 5; that's the slack left.",
    "Hmm, scratch the plan of pairing {bu} with {bv} first; the order doesn't matter.",
    "Per the problem statement, edge weights are positive integers.",
    "Does {u} have any other neighbours? I'll come back to it.",
    "Let me double-check the edge list for {bu} before committing.",
    "Maybe {v} is a better starting point than {u}; unclear yet.",
    "# TODO: recount edges at {bu}",
    "**Step 3: Compare {bu} with {bv}**",
    "$$\\text{{ans}} \\gets 0$$ initially.",
    "Candidate: ({bu}, {bv})? Not decided yet.",
    "Hmm, is there an edge {bu}–{bv} at all? Checking the list now.",
    "Would relaxing {bu} via {bv} improve anything? Check later.",
    "The prompt asks for the minimum over all pairs, which I haven't got yet.",
    "queue = deque([{bu}, {bv}])  # BFS not started",
    "Let me think about whether {u} could even be in a triangle.",
]
"""Prose that names nodes and numbers but states no fact: restating the rules, quoting the
question, backtracking, hypotheticals, a proof by contradiction's assumption, unanswered
questions, plans, heap / stack / visited / queue states, TODOs, arithmetic, step headings.
Filled with ``{u} {v} {bu} {bv}`` only."""
