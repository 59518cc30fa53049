"""The round-13 held-out phrasing bank for the trace-fact checker (split ``round13``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 12, in the voices
of free-form reasoning traces (Gemini 2.5's first-person progress notes "I've confirmed …",
"I've tallied …"; GPT-OSS and o-series' telegraphic "Need dist A->C. Compute: 9.", "A–B?
Present."; Claude's "I notice …"; QwQ and DeepSeek-R1 drifting into Chinese with an English
gloss, "所以 A 和 B 之间有一条边 (an edge joins them)"; Mistral's Magistral thinking in French,
"Donc A et B sont reliés par une arête"; Llama's ``## Step 3:`` and ``###`` headings; Grok's
"Yep,"; Kimi, GLM and Phi's lettered and nested checklists): new verbs and nouns ("counts
among", "ties", "is priced at", "valency", "a degree-4 vertex", "BFS ring", "punctured ball"),
clefts and inversions ("Between A and B runs an edge", "What connects A and B is a single
direct edge", "Degree 4 belongs to A"), absolute constructions ("With A adjacent to B, that
pair is settled", "Its own weight being 7, A …"), second person ("From A you can step
straight onto B"), the answer before the sentence ("Yes. …", "No. …"), numbers in words,
numeric ids in prose ("3 and 5 are the two ends of one edge"), code in languages earlier
rounds did not use (Cypher ``MATCH (a {id: A})--(b {id: B})``, SQL ``SELECT COUNT(*) FROM
edges …  -- 1``, Prolog ``?- edge(A, B).  true.``, Haskell ``elem (A, B) edges  -- False``,
Lean ``example : G.Adj A B := by decide``, Rust petgraph ``g.find_edge(A, B).is_some()``, Go,
TypeScript, Julia Graphs.jl, R igraph ``ego(g, order = 2, nodes = A, mindist = 1)``, MATLAB
``shortestpath`` / ``findedge``, Mathematica ``VertexDegree[g, A]  (* 4 *)``, C++ Boost,
Graphviz DOT ``A -- B [weight=7];``, JSON), LaTeX (``\\xleftrightarrow{E}``,
``\\overset{7}{\\longleftrightarrow}``, ``\\mathbb{1}_E``, ``\\boxed{…}``, ``\\tag{2}``,
``\\stackrel{\\text{count}}{=}``, ``\\underbrace{3 + 4}_{A \\to B \\to C}``, ``\\iff`` as
completeness, ``\\#\\{x : x \\sim A\\}``, a complement with no edges, a punctured ball
``\\mathbb{B}^{\\circ}_2(A)``), lettered and nested lists (``a)``, ``↳``, ``├─``), box-drawing
and other arrows (``━━``, ``━╳━``, ``──7──``, ``↠``, ``─ ─ ─▷``, ``═▶``, ``⟸``), ``__bold__``
and Markdown headings, and Markdown tables with reversed columns (the value first) and the
weight between the two endpoints. Every phrasing differs from those of the earlier splits
(``dev`` ... ``dev4``, ``round4`` ... ``round12``) and states exactly one fact, so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels; the
filler states none (plans and approaches, Gemini's "I'm now focusing on …", hypotheticals and
counterfactuals, questions to self, open-set / heap / frontier states, SQL, Cypher and MATLAB
that only read the input, a Lean goal, arithmetic, retractions, Chinese and French asides, step
headings). Each kind's list is ordered so that ``labelled_set(split, seeds=2)`` uses every
phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round12``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round13``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "I've confirmed a direct link between {u} and {v}."),
        ("prose", "{u}–{v}? Present. Moving on."),
        ("prose", "Between {u} and {v} runs an edge, per the input."),
        ("prose", "Yep, {v} counts among the neighbours of {u}."),
        ("prose", "What connects {u} and {v} is a single direct edge."),
        ("prose", "所以 {u} 和 {v} 之间有一条边 (an edge joins them)."),
        ("prose", "{bu} and {bv} are the two ends of one edge."),
        ("prose", "From {u} you can step straight onto {v}; the edge is there."),
        ("prose", "With {u} adjacent to {v}, that pair is settled."),
        ("prose", "Yes. {u} and {v} do have an edge between them."),
        ("prose", "Sure enough, an edge ties {u} to {v}."),
        ("prose", "Donc {u} et {v} sont reliés par une arête (an edge)."),
        ("code", "example : G.Adj {bu} {bv} := by decide"),
        ("code", "MATCH (a {{id: {bu}}})--(b {{id: {bv}}}) RETURN a, b  // 1 row: edge exists"),
        ("code", "g.find_edge({bu}, {bv}).is_some()  // true"),
        (
            "code",
            "SELECT COUNT(*) FROM edges WHERE (src, dst) IN (({bu}, {bv}), ({bv}, {bu}));  -- 1",
        ),
        ("code", "?- edge({bu}, {bv}).  true."),
        ("latex", "$${bu} \\xleftrightarrow{{\\;E\\;}} {bv}$$"),
        ("latex", "$\\mathbb{{1}}_E({bu}, {bv}) = 1$"),
        ("list", "a) {bu} · {bv} → edge present"),
        ("list", "  ↳ {bu} & {bv}: joined by an edge"),
        ("arrow", "{bu} ━━ {bv}   (edge)"),
        ("bold", "__{bu}__ and __{bv}__ → **adjacent**"),
        ("bold", "### Edge {bu}–{bv}: exists"),
    ],
    "non_edge": [
        ("prose", "I've confirmed there's no direct link between {u} and {v}."),
        ("prose", "{u}–{v}? Absent. Moving on."),
        ("prose", "Between {u} and {v} runs no edge at all, per the input."),
        ("prose", "Nah, {v} doesn't count among the neighbours of {u}."),
        ("prose", "Nothing connects {u} and {v} directly: no edge."),
        ("prose", "所以 {u} 和 {v} 之间没有边 (no edge joins them)."),
        ("prose", "{bu} and {bv} are never the two ends of one edge."),
        ("prose", "From {u} you can't step straight onto {v}; there's no edge."),
        ("prose", "With {u} not adjacent to {v}, that pair is settled."),
        ("prose", "No. {u} and {v} don't have an edge between them."),
        ("prose", "Sure enough, nothing ties {u} to {v}: no edge."),
        ("prose", "Donc {u} et {v} ne sont pas reliés par une arête (no edge)."),
        ("code", "example : ¬ G.Adj {bu} {bv} := by decide"),
        ("code", "MATCH (a {{id: {bu}}})--(b {{id: {bv}}}) RETURN a, b  // 0 rows: no edge"),
        ("code", "g.find_edge({bu}, {bv}).is_none()  // true"),
        (
            "code",
            "SELECT COUNT(*) FROM edges WHERE (src, dst) IN (({bu}, {bv}), ({bv}, {bu}));  -- 0",
        ),
        ("code", "?- edge({bu}, {bv}).  false."),
        ("code", "elem ({bu}, {bv}) edges  -- False"),
        ("latex", "$${bu} \\not\\xleftrightarrow{{\\;E\\;}} {bv}$$"),
        ("latex", "$\\mathbb{{1}}_E({bu}, {bv}) = 0$"),
        ("list", "a) {bu} · {bv} → no edge"),
        ("list", "  ↳ {bu} & {bv}: not joined by any edge"),
        ("arrow", "{bu} ━╳━ {bv}   (no edge)"),
        ("bold", "__{bu}__ and __{bv}__ → **not adjacent**"),
        ("bold", "### Edge {bu}–{bv}: does not exist"),
    ],
    "neighbours": [
        ("prose", "I've identified {u}'s full set of neighbours: {items_and}."),
        ("prose", "Need nbrs of {u}. From the list: {items}. That's all."),
        ("prose", "{items_and} are adjacent to {u}, and apart from them nothing is."),
        ("prose", "{u} has a neighbourhood of exactly {items_brace}."),
        ("prose", "I notice {u} has edges to {items_and} and to no one else."),
        ("prose", "Collecting node {bu}'s edges gives {bitems}; that exhausts its neighbours."),
        ("code", "AdjacencyList[g, {bu}]  (* {{{bitems}}}, complete *)"),
        ("code", "SELECT dst FROM adj WHERE src = {bu};  -- {bitems} (every row)"),
        ("code", "MATCH ({{id: {bu}}})--(n) RETURN n.id  // {bitems}, nothing else"),
        ("code", "neighbors(g, {bu})  # => [{bitems}], the complete list"),
        ("code", "neighbors(G, {bu})'  % [{bitems}], all of them"),
        ("latex", "$$ x \\sim {bu} \\iff x \\in \\{{{bitems}\\}} $$"),
        ("latex", "$\\mathrm{{nbhd}}({bu}) := \\{{{bitems}\\}}$ (exhaustive)"),
        ("list", "├─ {bu}: {bitems} (exhaustive)"),
        ("list", "b) adjacent to {bu}, all of them — {bitems}"),
        ("arrow", "{bu} ↠ {items_brace}, and nothing else is adjacent"),
        ("bold", "__{bu}__ — **whole neighbourhood**: {items_and}"),
        ("bold", "### Neighbours of {bu} (complete): {bitems}"),
    ],
    "edge_weight": [
        ("prose", "I've noted the weight on {u}–{v}: it's {w}."),
        ("prose", "Need w({bu},{bv}). Input: {w}."),
        ("prose", "Weighing {w}, the {u}–{v} edge is next in line."),
        ("prose", "I notice the {u}–{v} edge is marked {w} in the list."),
        ("prose", "{w} was recorded for the edge {u}–{v}."),
        ("prose", "Between node {bu} and node {bv}, the listed edge weight reads {w}."),
        ("prose", "The edge {u}–{v} is priced at {w}."),
        ("code", "MATCH ({{id: {bu}}})-[r]-({{id: {bv}}}) RETURN r.weight  // {w}"),
        ("code", "SELECT w FROM edges WHERE src = {bu} AND dst = {bv};  -- {w}"),
        ("code", "{bu} -- {bv} [weight={w}];  // DOT"),
        ("code", "lookup ({bu}, {bv}) weights  -- Just {w}"),
        ("code", "get(edge_weight, g, edge({bu}, {bv}, g).first)  // {w}"),
        ("code", "G.Edges.Weight(findedge(G, {bu}, {bv}))  % {w}"),
        ("latex", "$${bu} \\overset{{{w}}}{{\\longleftrightarrow}} {bv}$$"),
        ("latex", "$W[{bu}, {bv}] = {w}$ (weight-matrix entry)"),
        ("list", "  ↳ {bu}·{bv} = {w} (edge weight)"),
        ("list", "c) edge {bu}/{bv} → {w}"),
        ("arrow", "{bu} ──{w}── {bv}"),
        ("bold", "__{bu}–{bv}__: weight **{w}**"),
        ("bold", "### {bu}–{bv} edge weight: {w}"),
    ],
    "node_weight": [
        ("prose", "I've noted {u}'s vertex weight as {w}."),
        ("prose", "Vertex weight lookup, {u}: {w}."),
        ("prose", "{u} is labelled with the number {w}, its weight."),
        ("prose", "所以 {u} 的权重是 {w} (its vertex weight)."),
        ("prose", "Its own weight being {w}, {u} is a decent pick."),
        ("code", "SELECT weight FROM nodes WHERE id = {bu};  -- {w}"),
        ("code", "MATCH (n {{id: {bu}}}) RETURN n.weight  // {w}"),
        ("code", "get_prop(g, {bu}, :weight)  # {w}"),
        ("code", "const w: number = nodeWeights.get({bu})!; // {w}"),
        ("latex", "$\\varphi({bu}) = {w}$, the weight of vertex {bu}"),
        ("latex", "$$\\text{{wt}}_V[{bu}] = {w}$$"),
        ("list", "b) {bu} — vertex weight {w}"),
        ("arrow", "{bu} ⊳ {w} (node weight)"),
        ("bold", "__{bu}__ weighs **{w}** (vertex)"),
        ("bold", "### Weight of node {bu}: {w}"),
    ],
    "degree": [
        ("prose", "I've tallied {u}'s edges: {d_words}."),
        ("prose", "{u} is a degree-{d} vertex."),
        ("prose", "Need deg({bu}). Counting its lines: {d}."),
        ("prose", "Precisely {d_words} edges have {u} as an endpoint."),
        ("prose", "所以 {u} 的度数是 {d} (degree {d})."),
        ("prose", "Degree {d} belongs to {u}."),
        ("prose", "The vertex {bu} has valency {d}."),
        ("prose", "Yep, {u} sees {d_words} edges, so that's its degree."),
        ("code", "SELECT COUNT(*) FROM edges WHERE {bu} IN (src, dst);  -- {d}"),
        ("code", "VertexDegree[g, {bu}]  (* {d} *)"),
        ("code", "igraph::degree(g, {bu})  # {d}"),
        ("code", "deg := len(adj[{bu}]) // {d}"),
        ("code", "MATCH ({{id: {bu}}})--(x) RETURN count(x)  // {d}"),
        ("code", "example : G.degree {bu} = {d} := by decide"),
        ("latex", "$\\deg({bu}) \\stackrel{{\\text{{count}}}}{{=}} {d}$"),
        ("bold", "## Step 3: Count the edges at {bu} — there are {d_words}"),
        ("latex", "$\\boxed{{\\deg {bu} = {d}}}$"),
        ("latex", "$$\\#\\{{x : x \\sim {bu}\\}} = {d}$$"),
        ("list", "c) {bu} ⋯ {d} incident edges"),
        ("list", "  ↳ degree of {bu}: {d_words}"),
        ("arrow", "{bu} ═▶ deg {d}"),
        ("bold", "__{bu}__ → degree **{d}**"),
        ("bold", "### Degree of {bu}: {d}"),
    ],
    "distance": [
        ("prose", "I've determined the shortest distance from {u} to {v}: {d}."),
        ("prose", "Need dist {bu}->{bv}. Compute: {d}."),
        ("prose", "The best I can do from {u} to {v} is {d}, and that's optimal."),
        ("prose", "{d} is attained as the shortest distance between {u} and {v}."),
        ("prose", "Is anything under {d} possible from {u} to {v}? No: {d} is the distance."),
        ("prose", "从 {u} 到 {v} 的最短距离是 {d} (shortest distance)."),
        ("prose", "Starting at node {bu}, node {bv} is {d} units away at best."),
        ("prose", "Optimal, then: {d} from {u} to {v}."),
        ("prose", "Donc la distance la plus courte de {u} à {v} vaut {d}."),
        ("code", "[~, d] = shortestpath(G, {bu}, {bv})  % d = {d}"),
        ("latex", "$$ d_{{G,w}}({bu}, {bv}) = {d} \\tag{{2}} $$"),
        ("code", "dijkstra_shortest_paths(g, {bu}).dists[{bv}]  # {d}"),
        ("code", "GraphDistance[g, {bu}, {bv}]  (* {d} *)"),
        ("code", "distances(g, {bu}, {bv})  # {d}, igraph"),
        ("code", "d[{bv}] == {d}; // after dijkstra_shortest_paths from {bu}"),
        ("latex", "$$d^{{\\ast}}_{{{bu} \\to {bv}}} = {d}$$"),
        ("latex", "$\\boxed{{\\operatorname{{dist}}({bu}, {bv}) = {d}}}$"),
        ("list", "c) shortest {bu}→{bv} ≡ {d}"),
        ("list", "  ↳ distance to {bv} from {bu}: {d_words}"),
        ("arrow", "{bu} ─ ─ ─▷ {bv}  ≔ {d} (shortest)"),
        ("bold", "__Shortest {bu}→{bv}__ = **{d}**"),
        ("bold", "### Distance {bu} to {bv}: {d}"),
    ],
    "hops": [
        ("prose", "I've found {v} to be {h_words} hop(s) from {u} (unweighted)."),
        ("prose", "{v} lands in BFS ring {h} around {u}."),
        ("prose", "Disregarding weights, the hop count {u}→{v} bottoms out at {h}."),
        ("prose", "If I count edges instead of weights, {v} is {h_words} away from {u}."),
        ("prose", "Fewest edges linking {u} to {v}? That'd be {h_words}."),
        ("prose", "Node {bv} needs {h} hops from node {bu}, never fewer."),
        ("code", "gdistances(g, {bu})[{bv}]  # {h} hops"),
        ("code", "distances(g, {bu}, {bv}, weights = NA)  # {h}"),
        ("code", "distances(G, {bu}, {bv}, 'Method', 'unweighted')  % {h}"),
        ("latex", "$\\min_P \\lvert E(P) \\rvert = {h}$ over ${bu}$–${bv}$ paths"),
        (
            "code",
            "MATCH p = shortestPath((a {{id: {bu}}})-[*]-(b {{id: {bv}}})) RETURN length(p)"
            "  // {h}",
        ),
        ("latex", "$\\operatorname{{hd}}({bu}, {bv}) = {h}$ (hop distance)"),
        (
            "latex",
            "$${bu} \\xrightarrow{{\\,{h}\\text{{ hops}}\\,}} {bv} \\quad (\\text{{fewest}})$$",
        ),
        ("list", "d) hop gap {bu}↔{bv}: {h}"),
        ("list", "  ↳ BFS depth of {bv} from {bu}: {h_words}"),
        ("arrow", "{bu} ⋯{h} hops⋯ {bv} (minimum)"),
        ("bold", "__{bu} to {bv}__, unweighted: **{h}** hops"),
    ],
    "path": [
        ("arrow", "I've summed the route {path}: {d}."),
        ("arrow", "Compute cost of {path}: {sum} → {d}."),
        ("arrow", "{path} is priced at {d}."),
        ("arrow", "Going by way of {path} costs {d_words} in all."),
        ("arrow", "For {path} the bill comes to {d}."),
        ("arrow", "{bpath} ≡ {d} in total"),
        ("code", "sum(zipWith w p (tail p))  -- {d}, p = {bpath}"),
        ("code", "path.windows(2).map(|e| w(e[0], e[1])).sum::<u32>()  // {d} ({bpath})"),
        (
            "code",
            "sum(G.Edges.Weight(findedge(G, p(1:end-1), p(2:end))))  % {d}, p = {bpath}",
        ),
        ("latex", "$$\\underbrace{{{sum}}}_{{{bpath}}} = {d}$$"),
        ("latex", "$c(\\pi) = {d}$ for $\\pi$ = {path}"),
        ("list", "e) {path} ⇒ Σ = {d}"),
        ("bold", "__{path}__ totals **{d}**"),
    ],
    "clique": [
        ("prose", "I've verified that {items_and} are pairwise adjacent, a {shape}."),
        ("prose", "Among {items_and}, all possible edges are present: a {shape}."),
        ("prose", "Take any two of {items_and}: they're adjacent. So, a {shape}."),
        ("prose", "Check {items}: pairwise edges present → {shape}."),
        ("code", "CompleteGraphQ[Subgraph[g, {{{bitems}}}]]  (* True: a {shape} *)"),
        ("code", "and [adj x y | (x:ys) <- tails [{bitems}], y <- ys]  -- True, {shape}"),
        (
            "latex",
            "$\\overline{{G}}[\\{{{bitems}\\}}]$ has no edges, so these vertices form a {shape}",
        ),
        ("list", "  ↳ {bitems} ⇒ {shape}, all pairs adjacent"),
        ("arrow", "{bitems} ⇉ pairwise edges ⇉ {shape}"),
        ("bold", "__{shape}__ among **{items_and}**: all pairs adjacent"),
    ],
    "k_core": [
        ("code", "which(coreness(g) >= {k})  # {bitems}"),
        ("arrow", "{items_brace} ⟸ peel until every degree ≥ {k}"),
        ("prose", "{items_brace} constitutes the {k}-core once peeling stops."),
        ("list", "  ↳ {k}-core, final: {bitems}"),
        ("bold", "### The {k}-core: {bitems}"),
        ("prose", "I've finished peeling: {items_and} survive into the {k}-core."),
        ("latex", "$$\\mathcal{{K}}_{{{k}}} = \\{{{bitems}\\}}$$ (the {k}-core)"),
        ("prose", "{k_words}-core, after pruning: {items} (nothing else remains)."),
    ],
    "hop_ball": [
        ("prose", "I've collected everything within {k} hops of {u}, itself aside: {items_and}."),
        ("prose", "Besides {u}, the {k_words}-hop reach takes in {items}."),
        (
            "code",
            "MATCH (s {{id: {bu}}})-[*1..{k}]-(x) WHERE x <> s RETURN DISTINCT x  // {bitems}",
        ),
        ("code", "ego(g, order = {k}, nodes = {bu}, mindist = 1)  # {bitems}"),
        ("code", '{{"source": {bu}, "radius": {k}, "others_within": [{bitems}]}}'),
        (
            "latex",
            "$$\\mathbb{{B}}^{{\\circ}}_{{{k}}}({bu}) = \\{{{bitems}\\}}$$ "
            "(punctured ball: centre removed)",
        ),
        ("list", "  ↳ ≤ {k} hops from {bu}, {bu} left out: {bitems}"),
        ("arrow", "{bu} ⋯(≤{k})⋯ {items_brace}, not counting {bu}"),
        ("bold", "### Within {k} hops of {bu}, excluding it: {bitems}"),
    ],
}
"""Statement kinds and their round-13 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| deg | node |", "| {d} | {bu} |"),
        ("| Vertex | Adjacent vertices (listed) | So, degree |", "| {bu} | {bitems} | → {d} |"),
        ("| Node (id) | Incident edges, counted |", "| `{bu}` | {d} edges |"),
    ],
    "edge_weight": [
        ("| Weight | Edge |", "| {w} | {bu}–{bv} |"),
        ("| u | w(u, v) | v |", "| {bu} | {w} | {bv} |"),
        ("| Edge endpoints | Weight per input |", "| `{bu}` ↔ `{bv}` | {w} |"),
    ],
    "distance": [
        ("| Shortest distance | Node (from {src}) |", "| {d} | {bv} |"),
        ("| Popped | Key (source {src}) |", "| {bv} | {d} (final) |"),
        ("| Goal | Least cost, starting at {src} |", "| {bv} | best = {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "I'm now focusing on {u}'s surroundings.",
    "My next move: inspect {bu}, then {bv}.",
    "Let me lay out the approach: BFS for hops, Dijkstra for weights.",
    "Set-up: every tentative distance starts at infinity, the source at 0.",
    "open_set = {{{bu}}}  # A*-style, {bv} pending",
    "heapq.heappush(pq, (0, {bu}))  # start",
    "frontier ← [{bu}]; explored ← ∅",
    "Suppose, just suppose, {u} had no neighbours at all. Then what?",
    "Counterfactual: delete {u}; would {v} still matter? Not needed here.",
    "Hypothesis to test: {u} and {v} lie on a common triangle.",
    "Do I even need {v}'s degree? Possibly not.",
    "Question for myself: which of {u} and {v} is closer to the source?",
    "8 × 2 = 16, minus 3 is 13.",
    "13 < 15 → keep the old value.",
    "Sanity check pending on {u}.",
    "Retracting my last line about {u}; it was a misread.",
    "No wait — scrap the {bu} computation, I used the wrong row.",
    "TODO(me): cross-check {bu} against {bv} once the table is done.",
    "> Note: if {bu} and {bv} tie, break the tie by name.",
    "(thinking about whether {u} can be skipped…)",
    "「{u}」— 先看这个节点 (look at this node first).",
    "### Step 2 — examine {bu}",
    "$$\\mathcal{{Q}} = \\langle {bu} \\rangle$$ (queue initialised)",
    "SELECT * FROM edges;  -- reading the whole table first",
    "MATCH (n) RETURN n  // list every node before starting",
    "Yep, I'll have to come back to {v} after {u}.",
    "Bon, reprenons depuis {u} (starting over from there).",
    "G = graph(s, t, w);  % build the graph first",
    "-- goal: decide whether {bu} and {bv} are adjacent",
    "## Step 1: Understand the problem",
]
"""Prose that names nodes and numbers but states no fact: plans and approaches, progress
notes, hypotheticals and counterfactuals, questions to self, open-set / heap / frontier /
queue states, queries that only read the input, arithmetic, retractions, notes, a Chinese
aside, step headings. Filled with ``{u} {v} {bu} {bv}`` only."""
