"""The round-10 held-out phrasing bank for the trace-fact checker (split ``round10``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 4 to 9, in the voices
of free-form reasoning traces (DeepSeek-R1's "Okay, so", Qwen3 / QwQ's "But wait", Claude and
o-series thinking's "I notice", Gemini's bold step labels, GPT-OSS's terse "Edge list includes
A-B; good.", Llama, Mistral, Phi, Kimi, GLM): claims split across sentences ("Next pair: A, B.
These two share an edge.", "What about A and B? They are not adjacent.", "Degree of A?
Counting its lines: 4."), passive voice ("B is joined to A by one of the given edges", "A
shortest distance of 9 is obtained between A and C", "A total of 9 is accumulated along A → B →
C"), numbers in words, parentheticals, code-ish notation in Python, JavaScript, Rust and
pseudo-code (``graph.get(A).has(B); // => true``, ``assert!(!g.contains_edge(A, B));``,
``weightOf(A, B) === 7 // true``, ``bfs_depth(A)[B]  # 2``, ``DIST[A, C] ← 9  ▷ after
Floyd–Warshall``, ``CORE ← {A, B, C}  ▷ the 2-core, final``), LaTeX inline and display
(``$$\\{A,\\ B\\} \\notin E$$``, ``\\begin{aligned} … \\end{aligned}``, ``\\rho(A \\to
B)``, ``\\tbinom{K}{2} \\subseteq E``), numbered and bulleted lists, arrows (``->``, ``=>``,
``⟶``, ``↦``, ``⟼``, ``←``), **bold** verdicts and labels, numeric ids in prose ("Vertices 3 and
5 are unconnected") and Markdown tables with other headers. Every phrasing differs from those
of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round9``) and states exactly one
fact, so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels;
the filler states none (quoting the question, restating the rules, backtracking, hypotheticals
and "for the sake of argument", questions, plans and step headings, frontier / queue / visited
states, TODOs, arithmetic).

Same structure and placeholders as ``trace_facts_round9``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round10``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Okay, so {u} has an edge to {v}; I can see it in the input."),
        ("prose", "{v} is joined to {u} by one of the given edges."),
        ("prose", "Next pair: {u}, {v}. These two share an edge."),
        ("prose", "{u} (yes, I checked twice) is adjacent to {v}."),
        ("prose", "Edge list includes {bu}-{bv}; good."),
        ("prose", "Vertex {bu} neighbours vertex {bv} directly."),
        ("code", "assert!(g.contains_edge({bu}, {bv}));"),
        ("code", "graph.get({bu}).has({bv}); // => true"),
        ("latex", "$$\\{{{bu},\\ {bv}\\}} \\in E \\quad \\text{{(edge present)}}$$"),
        ("list", "3. pair ({bu}; {bv}) … an edge, confirmed"),
        ("arrow", "check {bu} -> {bv}: found in the edge list ✓"),
        ("bold", "**Verdict for {bu}, {bv}:** adjacent"),
    ],
    "non_edge": [
        ("prose", "Okay, {u} and {v}: I don't see an edge between them anywhere."),
        ("prose", "{u} is not joined to {v} by any edge."),
        ("prose", "What about {u} and {v}? They are not adjacent."),
        ("prose", "Vertices {bu} and {bv} are unconnected (no direct edge)."),
        ("prose", "Edge list lacks {bu}-{bv}; not adjacent."),
        ("prose", "{v} isn't among the neighbours of {u}, so no edge there."),
        ("code", "assert!(!g.contains_edge({bu}, {bv}));"),
        ("code", "graph.get({bu}).has({bv}); // => false"),
        ("latex", "$$\\{{{bu},\\ {bv}\\}} \\notin E \\quad \\text{{(no edge)}}$$"),
        ("list", "4. pair ({bu}; {bv}) … no edge, confirmed"),
        ("arrow", "check {bu} -> {bv}: not in the edge list ✗"),
        ("bold", "**Verdict for {bu}, {bv}:** no edge"),
    ],
    "neighbours": [
        ("prose", "Okay, so {u} is adjacent to {items_and}, and those are all of them."),
        ("prose", "{u} connects with {items_and} alone."),
        ("prose", "Now {u}. Scanning its lines gives {items_and}, and nothing else."),
        ("prose", "The complete adjacency of vertex {bu} is {bitems}."),
        ("prose", "I notice {u} touches just {items_and} (no other node)."),
        ("code", "list(nx.all_neighbors(G, {bu}))  # [{bitems}], complete"),
        ("code", "const nb = [{bitems}]; // every neighbour of {bu}"),
        ("latex", "$$\\operatorname{{adj}}({bu}) = \\{{{bitems}\\}}$$ (exhaustive)"),
        ("list", "- adjacent to {bu}, full list: {bitems}"),
        ("arrow", "{bu} => {bitems}  // that is every neighbour"),
        ("bold", "**{bu}**: neighbours {items_brace}, none missing"),
    ],
    "edge_weight": [
        ("prose", "Reading the line for {u}–{v}: weight {w}."),
        ("prose", "The edge joining {v} and {u} has been labelled {w}."),
        ("prose", "Next, {u} to {v}. That edge is worth {w}."),
        ("prose", "Edge between vertex {bu} and vertex {bv}: w = {w}."),
        ("prose", "{u} and {v} are linked with weight {w} (straight from the list)."),
        ("code", "w = g.edge_weight({bu}, {bv})  // {w}"),
        ("code", "weightOf({bu}, {bv}) === {w} // true"),
        ("latex", "$$\\text{{weight}}(\\{{{bu}, {bv}\\}}) = {w}$$"),
        ("list", "- ({bu} ⟷ {bv}) weighs {w}"),
        ("arrow", "edge {bu} ⟶ {bv}, w={w}"),
        ("bold", "**Weight on {bu}–{bv}** = {w}"),
    ],
    "node_weight": [
        ("prose", "Okay, {u} contributes {w} as its own weight."),
        ("prose", "{w} is the weight given to {u}."),
        ("prose", "Weight check on {u}. It's {w}."),
        ("prose", "The number on vertex {bu} is {w} (its weight)."),
        ("code", "G.nodes(data='weight')[{bu}]  # {w}"),
        ("code", "nodeWeight[{bu}] === {w} // node, not edge"),
        ("latex", "$$\\begin{{aligned}} w_V({bu}) &= {w} \\end{{aligned}}$$"),
        ("list", "3. {bu} (node weight = {w})"),
        ("arrow", "{bu} ⟼ {w}, the vertex's own weight"),
        ("bold", "**{bu}'s own weight** = {w}"),
    ],
    "degree": [
        ("prose", "Okay, {u} turns out to have degree {d_words}."),
        ("prose", "{u} is an endpoint of exactly {d} edges."),
        ("prose", "Degree of {u}? Counting its lines: {d}."),
        ("prose", "Vertex {bu}: I make its degree {d}."),
        ("prose", "I count {d_words} edges meeting {u}, so that's its degree."),
        ("code", "adj.get({bu}).size // degree {d}"),
        ("latex", "$$\\left|\\delta({bu})\\right| = {d}$$ (edges at {bu})"),
        ("latex", "hence $\\mathrm{{deg}}\\,{bu} = {d}$"),
        ("list", "- {bu} … deg = {d_words}"),
        ("arrow", "deg({bu}) -> {d}"),
        ("bold", "**{bu}** is of degree **{d}**"),
    ],
    "distance": [
        ("prose", "So the least total cost from {u} to {v} is {d}."),
        ("prose", "A shortest distance of {d} is obtained between {u} and {v}."),
        ("prose", "Now {u} to {v}. The shortest distance works out to {d_words}."),
        ("prose", "Vertex {bv} costs {d} to reach from vertex {bu}, and no route is cheaper."),
        ("prose", "Therefore the shortest {bu}-to-{bv} value is {d}."),
        ("code", "nx.bellman_ford_path_length(G, {bu}, {bv})  # {d}"),
        ("code", "dist.get({bv}) === {d} // from {bu}, settled"),
        ("code", "DIST[{bu}, {bv}] ← {d}  ▷ after Floyd–Warshall"),
        (
            "latex",
            "$$\\begin{{aligned}} \\operatorname{{dist}}({bu}, {bv}) &= {d} \\end{{aligned}}$$",
        ),
        ("latex", "$\\text{{d}}_{{\\min}}({bu}, {bv}) = {d}$"),
        ("list", "1. from {bu}, {bv} settles at {d}"),
        ("arrow", "{bu} => {bv} :: min cost {d}"),
        ("bold", "**Optimal cost, {bu}→{bv}:** {d}"),
    ],
    "hops": [
        ("prose", "{v} is {h_words} edges away from {u} if the weights are ignored."),
        ("prose", "{v} is reached from {u} in {h} hops at the least."),
        ("prose", "Unweighted now. From {u}, {v} needs {h} hops."),
        ("prose", "Vertex {bv} lies {h} hops from vertex {bu} (fewest, ignoring weights)."),
        ("code", "bfs_depth({bu})[{bv}]  # {h}"),
        ("code", "hopCount({bu}, {bv}) // {h}, unweighted"),
        ("code", "depth({bv}) ← {h}  ▷ BFS tree rooted at {bu}"),
        ("latex", "$$\\rho({bu} \\to {bv}) = {h}\\ \\text{{edges (unweighted)}}$$"),
        ("list", "2. {bu} / {bv}: {h} hops (BFS)"),
        ("arrow", "{bu} -> … -> {bv}: {h} edges, fewest possible"),
        ("bold", "**BFS distance {bu}→{bv}:** {h} hop(s)"),
    ],
    "path": [
        ("arrow", "Okay, so along {path} I get {d} in total."),
        ("arrow", "A total of {d} is accumulated along {path}."),
        ("arrow", "Try {path}. Sum: {d_words}."),
        ("arrow", "{bpath} => adding {sum} gives {d}"),
        ("arrow", "Walk {path}: it comes to {d_words} all told."),
        ("code", "total = {sum}  # {bpath} -> {d}"),
        ("code", "pathCost([{bpath}]) // {d}"),
        ("latex", "$$\\sum_{{e \\in P}} w(e) = {d}, \\quad P = {bpath}$$"),
        ("list", "- {path} (sum {d})"),
        ("bold", "**{path}** ⇒ **{d}** altogether"),
    ],
    "clique": [
        ("prose", "Okay, {items_and} are pairwise connected, a {shape}."),
        (
            "prose",
            "Between any two of {items_and} an edge is present, so together they are a {shape}.",
        ),
        ("prose", "Check {items_and}. All pairs are edges; that's a {shape}."),
        ("prose", "Vertices {bitems} constitute a {shape}."),
        ("code", "isClique([{bitems}]) // true -> {shape}"),
        ("latex", "$$K = \\{{{bitems}\\}},\\ \\tbinom{{K}}{{2}} \\subseteq E$$ (a {shape})"),
        ("list", "1. {shape} candidate {items_brace}: all pairs adjacent ✓"),
        ("arrow", "{items_brace} → pairwise adjacent → {shape}"),
        ("bold", "**{shape}:** {bitems} (every pair linked)"),
    ],
    "k_core": [
        ("prose", "{items_and} are kept in the {k}-core; every other node is removed."),
        ("prose", "Peeling done for k = {k}. Left over: {items_brace}."),
        ("prose", "Vertices {bitems} make up the {k_words}-core."),
        ("code", "CORE ← {{{bitems}}}  ▷ the {k}-core, final"),
        ("latex", "$$V(H_{{{k}}}) = \\{{{bitems}\\}} \\quad (H_{{{k}}}\\text{{: the {k}-core}})$$"),
        ("list", "2. {k}-core (final): {bitems}"),
        ("arrow", "{k}-core ← {items_brace} (after peeling)"),
        ("bold", "**Final {k}-core** — {items_and}"),
    ],
    "hop_ball": [
        ("prose", "{items_and} are reached from {u} within {k_words} hops, and no other node is."),
        ("prose", "BFS from {u}, depth {k}. Reached, not counting {u}: {items}."),
        ("prose", "Within {k} hops of vertex {bu}, the other vertices are exactly {bitems}."),
        ("code", "[x for x in G if 0 < hop({bu}, x) <= {k}]  # [{bitems}]"),
        (
            "latex",
            "$$\\{{{bitems}\\}} = \\{{y \\ne {bu} \\mid \\text{{hops}}({bu}, y) \\le {k}\\}}$$",
        ),
        ("list", "- radius {k} around {bu} (minus {bu}): {bitems}"),
        ("arrow", "{bu} ==[≤ {k} hops]==> {bitems} (centre excluded)"),
        ("bold", "**Ball of radius {k} at {bu}, centre excluded:** {bitems}"),
    ],
}
"""Statement kinds and their round-10 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| v | N(v) | deg(v) |", "| {bu} | {{{bitems}}} | {d} |"),
        ("| Which node | Edges touching it |", "| {bu} | {d} edges |"),
        ("| Node | How many neighbours |", "| {bu} | {d_words} |"),
    ],
    "edge_weight": [
        ("| Node 1 | Node 2 | Edge weight (input) |", "| {bu} | {bv} | w={w} |"),
        ("| Connection | Its weight |", "| {bu} ⇄ {bv} | {w} |"),
        ("| Edge (as listed) | w |", "| ({bu}, {bv}) | **{w}** |"),
    ],
    "distance": [
        ("| Destination | Dijkstra label from {src} |", "| to {bv} | {d} |"),
        ("| Vertex | Settled distance ({src} = source) |", "| {bv} | {d} (final) |"),
        ("| Reached node | Min cost ({src} as source) |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Okay, so the problem gives an undirected graph; let me restate the rules before anything.",
    'Quoting the prompt: "Edges are listed one per line, as u v w."',
    "Hmm, wait. Did I skip {u}? Let me go back.",
    "Suppose the edge {bu}–{bv} existed; would the answer change? Keep it in mind.",
    "For the sake of argument, let {u} be adjacent to {v}; does anything break?",
    "What is the cheapest way from {u} to {v}? Let me compute it.",
    "Plan: (1) list what {u} touches, (2) compare with {v}, (3) count.",
    "frontier = [{bu}, {bv}]; visited = set()",
    "PQ after popping {bu}: [(6, {bv})]  # not final",
    "Running total: 8 + 6 = 14 > 11, so reject.",
    "Backtrack: the {bu}–{bv} step was a misread; discard it.",
    "Before going on I want to re-verify the {bu}/{bv} pair.",
    "Rule reminder: a shortest path never repeats a vertex.",
    "The question wants how many nodes lie within k hops, not which ones.",
    "If {v} had degree 1 it would be peeled first; I haven't counted yet.",
    "Is {bu} in the core? Unknown for now.",
    "// TODO: verify the weight of {bu}–{bv}",
    "But wait, maybe I should start from {v} instead of {u}.",
    "Hmm, 3 + 9 is 12, not 11; fix the running sum.",
    "Not yet: the line for {u} still has to be read.",
    "Candidate pair ({bu}, {bv}): pending.",
    "$$\\text{{best}} \\leftarrow \\infty$$ to start with.",
    "**Step 2: Analyze the neighbourhood of {bu}** (next).",
    "Hmm, {u} versus {v}... give me a moment.",
]
"""Prose that names nodes and numbers but states no fact: restating the rules, quoting the
question, backtracking, hypotheticals, a proof by contradiction's assumption, questions, plans,
frontier / heap / visited states, TODOs, arithmetic, step headings. Filled with
``{u} {v} {bu} {bv}`` only."""
