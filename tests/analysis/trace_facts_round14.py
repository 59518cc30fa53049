"""The round-14 held-out phrasing bank for the trace-fact checker (split ``round14``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 13, in the voices
of free-form reasoning traces (DeepSeek-R1's "Hmm, wait — okay, so …" and "Let me double-check:
…, right."; Qwen3 and QwQ's "Alright, so …" and "Hold on, …"; o-series and GPT-OSS's clipped
"We have A/B: linked by an edge."; Claude's "Looking more carefully, it turns out …"; Gemini's
bold section titles "**Verifying the Link** — …"; Kimi and GLM's ✔ / ✘ marks and ``- [x]``
checklists; Llama's "The final answer for this step is: …"; Mistral and Magistral drifting into
German, Spanish and Italian ("A und B sind durch eine Kante verbunden", "La distancia mínima de
A a C es 9", "Il peso del nodo A è 7"); Qwen and Kimi into Japanese ("A と B は辺で結ばれている",
"A の次数は 4 です")): new verbs and nouns ("abuts", "borders", "is wired to", "fan-out",
"spokes", "tips the scale at", "carries a tag of", "the toll", "undercuts", "the bill of the
walk", "the survivors of the cull", "footprint"), clefts ("It is 4 edges that meet at A", "It
is an edge, not a longer route, that joins A and B"), the fact in a relative clause ("B, which
A borders, is one edge away"), a counterfactual that states the value ("Were I to go from A to
C as cheaply as possible, it would cost 9"), "not a single edge", "nobody but", "no fewer and
no more", numbers in words and numeric ids in prose ("vertex #3"), code in languages earlier
rounds did not use (Kotlin ``graph.containsEdge(A, B)``, Scala, Swift, C#, Ruby, Elixir pipes,
Clojure ``(contains? (adj A) B)``, OCaml, Perl ``$w{A}{B}``, F#, Gremlin
``g.V(A).both().count()``, SPARQL ``ASK { :A :adj :B }``, SMT-LIB ``(assert (= (deg A) 4))``,
YAML, TOML, a Python ``assert`` and an IPython ``In [7]: … Out[7]:``), LaTeX (``\\frown``,
``\\mathrel{\\sim_G}``, ``\\checkmark``, ``\\Gamma(A)``, ``\\operatorname{val}``,
``\\omega\\big|_{…}``, ``\\mathsf{deg}``, ``\\sum_{e \\ni A} 1``, ``\\rightsquigarrow``,
``\\overbrace{\\cdots}^{…}``, ``\\mathbf{clique}``, ``\\operatorname{core}_k``,
``S_{\\le k}(A) \\setminus \\{A\\}``), checkbox, ✔ / ✘, roman-numbered and tree (``└──``)
lists, new arrows (``⟷``, ``-//-``, ``⇄``, ``⤳``, ``⟿``, ``~~>``, ``<=7=>``, ``⇢``), inline
code with *italic* values, and Markdown tables with new headers (the value in a middle column, a
"Settled?" column, a degree in words). Every phrasing differs from those of the earlier splits
(``dev`` ... ``dev4``, ``round4`` ... ``round13``) and states exactly one fact, so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels; the
filler states none (plans, Gemini-style "**Planning the Search**" titles, restarts,
hypotheticals, stack / queue / dist-array states, a loop header, a query that only counts the
input's nodes, arithmetic, questions to self, retractions, unchecked checkboxes, German and
Japanese asides). Each kind's list is ordered (and sized) so that ``labelled_set(split,
seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round13``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round14``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Hmm, wait — okay, so {u} abuts {v} directly; there's an edge."),
        ("prose", "Alright, so {u} is wired to {v} by an edge."),
        ("prose", "We have {u}/{v}: linked by an edge."),
        ("prose", "Looking more carefully, it turns out {v} borders {u} (an edge)."),
        ("prose", "It is an edge, not a longer route, that joins {u} and {v}."),
        ("prose", "{v}, which {u} borders, is one edge away: they're adjacent."),
        ("prose", "Vertex #{bu} and vertex #{bv}: an edge runs from one to the other."),
        ("prose", "{u} und {v} sind durch eine Kante verbunden (edge)."),
        ("prose", "{u} と {v} は辺で結ばれている (an edge)."),
        ("prose", "Let me double-check: {u} and {v} are neighbours, right. Yes, edge."),
        ("code", "assert frozenset(({bu}, {bv})) in E  # passes: edge"),
        ("code", "g.V({bu}).both().hasId({bv}).hasNext()  // true, edge"),
        ("code", "ASK {{ :{bu} :adj :{bv} }}   # yes — edge"),
        ("code", "graph.containsEdge({bu}, {bv}) // Kotlin: true"),
        ("code", "(contains? (adj {bu}) {bv}) ;; => true, an edge"),
        ("latex", "$${bu} \\frown {bv}\\quad\\checkmark$$"),
        ("latex", "$ {bu} \\mathrel{{\\sim_G}} {bv} $ holds (edge)"),
        ("list", "- [x] {bu} ⟷ {bv} — edge confirmed"),
        ("list", "✔ {bu}, {bv}: edge"),
        ("arrow", "{bu} ⟷ {bv}  ✔ edge"),
        ("bold", "**Verifying the Link** — {bu} and {bv}: *edge present*"),
        ("bold", "`{bu}`⇄`{bv}` **linked**"),
    ],
    "non_edge": [
        ("prose", "Hmm, wait — okay, so {u} doesn't abut {v}; there's no edge."),
        ("prose", "Alright, so {u} isn't wired to {v}: no edge."),
        ("prose", "We have {u}/{v}: unlinked, no edge."),
        ("prose", "Looking more carefully, it turns out {v} doesn't border {u} (no edge)."),
        ("prose", "Not a single edge runs between {u} and {v}."),
        ("prose", "{u} isn't among the vertices {v} borders: no edge."),
        ("prose", "Vertex #{bu} and vertex #{bv}: no edge runs from one to the other."),
        ("prose", "{u} und {v} sind nicht durch eine Kante verbunden (no edge)."),
        ("prose", "{u} と {v} の間に辺はない (no edge)."),
        ("prose", "Let me double-check: {u} and {v} aren't neighbours, right. No edge."),
        ("code", "assert frozenset(({bu}, {bv})) not in E  # passes: no edge"),
        ("code", "g.V({bu}).both().hasId({bv}).hasNext()  // false, no edge"),
        ("code", "ASK {{ :{bu} :adj :{bv} }}   # no — no edge"),
        ("code", "graph.containsEdge({bu}, {bv}) // Kotlin: false"),
        ("code", "(contains? (adj {bu}) {bv}) ;; => false, no edge"),
        ("latex", "$${bu} \\not\\frown {bv}\\quad\\checkmark$$"),
        ("latex", "$ {bu} \\not\\mathrel{{\\sim_G}} {bv} $ (no edge)"),
        ("list", "- [x] {bu} -//- {bv} — no edge, confirmed"),
        ("list", "✘ {bu}, {bv}: no edge"),
        ("arrow", "{bu} -//- {bv}  ✘ no edge"),
        ("bold", "**Verifying the Link** — {bu} and {bv}: *no edge*"),
        ("bold", "`{bu}`⇄`{bv}` **unlinked**"),
    ],
    "neighbours": [
        ("prose", "Alright, so {u}'s fan-out is {items_and}, and that's everyone."),
        ("prose", "Nobody but {items_and} borders {u}."),
        ("prose", "Hmm, the spokes of {u}: {items}. No others."),
        ("prose", "We have adj({bu}) = {items}, exhaustive."),
        ("prose", "{u} is wired to {items_and}, and to no one besides."),
        ("prose", "Die Nachbarn von {u} sind genau {items} (all neighbours)."),
        ("code", "g.V({bu}).both().id().toList()  // [{bitems}], full list"),
        ("code", "graph.neighbors({bu}) // Swift → [{bitems}] (all)"),
        ("code", "adj[{bu}]  # Ruby => [{bitems}], complete"),
        ("code", "Map.get(adj, {bu})  # Elixir: [{bitems}] — every neighbour"),
        ("latex", "$\\Gamma({bu}) = \\{{{bitems}\\}}$, nothing more"),
        ("latex", "$$\\{{x \\mid x \\frown {bu}\\}} = \\{{{bitems}\\}}$$"),
        ("list", "└── {bu}'s neighbours (all): {bitems}"),
        ("list", "i. {bu} ⇢ {bitems} (complete)"),
        ("arrow", "{bu} ⤳ {items_brace}, the whole neighbour set"),
        ("bold", "**Mapping {bu}'s Neighbourhood**: exactly {items_and}"),
        ("prose", "Hold on, {u}'s neighbour list, in full, is {items}."),
    ],
    "edge_weight": [
        ("prose", "Alright, so the {u}–{v} edge tips the scale at {w}."),
        ("prose", "The toll on the edge between {u} and {v}: {w}."),
        ("prose", "We have w({bu}/{bv}) = {w}."),
        ("prose", "Hmm, the edge {u}–{v} carries a tag of {w}."),
        ("prose", "It is {w} that the {u}–{v} edge weighs."),
        ("prose", "El peso de la arista {u}–{v} es {w} (edge weight)."),
        ("prose", "Crossing the edge from vertex #{bu} to vertex #{bv} costs {w}."),
        ("code", "graph.getEdgeWeight(graph.getEdge({bu}, {bv})) // {w}"),
        ("code", "weights[({bu}, {bv})]  (* OCaml: {w} *)"),
        ("code", "$w{{{bu}}}{{{bv}}}  # Perl: {w}"),
        ("code", "{bu}-{bv}: {{ weight: {w} }}  # YAML"),
        ("latex", "$\\operatorname{{val}}({bu}{bv}) = {w}$"),
        ("latex", "$$\\omega\\big|_{{\\{{{bu},{bv}\\}}}} = {w}$$"),
        ("list", "- [x] edge {bu}/{bv} weighs {w}"),
        ("list", "ii. {bu} ⟷ {bv} … weight {w}"),
        ("arrow", "{bu} <={w}=> {bv}"),
        ("bold", "**Edge Cost Check** — `{bu}–{bv}` = *{w}*"),
    ],
    "node_weight": [
        ("prose", "Alright, so {u} itself tips the scale at {w}."),
        ("prose", "Hmm, the vertex {u} carries a tag of {w} (node weight)."),
        ("prose", "It is {w} that {u} weighs, as a vertex."),
        ("prose", "Vertex #{bu}'s own weight: {w}."),
        ("prose", "Il peso del nodo {u} è {w} (vertex weight)."),
        ("code", "nodeWeight[{bu}] // C#: {w}"),
        ("code", "(get node-weights {bu}) ;; => {w}"),
        ("code", "{bu} = {{ weight = {w} }}  # TOML node table"),
        ("latex", "$\\omega_V({bu}) = {w}$"),
        ("list", "- [x] node {bu} weighs {w}"),
        ("arrow", "{bu} ⇢ weight {w}"),
        ("bold", "**Node Weight** `{bu}`: *{w}*"),
    ],
    "degree": [
        ("prose", "Alright, so {u}'s fan-out is {d_words} edge(s) — that's its degree."),
        ("prose", "Hmm, tallying {u}: {d} spokes, so degree {d}."),
        ("prose", "We have deg {bu} → {d}."),
        ("prose", "It is {d} edge(s) that meet at {u}, no fewer and no more."),
        ("prose", "Vertex #{bu} touches {d_words} edge(s) in all."),
        ("prose", "Der Grad von {u} ist {d} (degree)."),
        ("prose", "{u} の次数は {d} です (degree)."),
        ("prose", "The final answer for this step is: degree of {u} = {d}."),
        ("code", "g.V({bu}).both().count()  // {d}"),
        ("code", "(assert (= (deg {bu}) {d}))"),
        ("code", "graph.degreeOf({bu}) // {d}"),
        ("code", "In [7]: G.degree[{bu}]   Out[7]: {d}"),
        ("code", "adj |> Map.get({bu}) |> length()  # {d}"),
        ("latex", "$\\mathsf{{deg}}_G({bu}) = {d}$"),
        ("latex", "$$\\sum_{{e \\ni {bu}}} 1 = {d}$$"),
        ("list", "- [x] {bu}: {d} incident edges"),
        ("list", "iii. degree({bu}) ⇒ {d}"),
        ("arrow", "{bu} ⟿ {d} edge(s) (degree)"),
        ("bold", "**Counting Edges at {bu}** — *degree {d}*"),
    ],
    "distance": [
        ("prose", "Alright, so the cheapest way from {u} to {v}, weights counted, comes to {d}."),
        ("prose", "Hmm, no route from {u} to {v} undercuts {d}, and one hits it: distance {d}."),
        ("prose", "We have dist {bu}⇢{bv} = {d} (shortest)."),
        ("prose", "It is {d} that the cheapest {u}-to-{v} route costs."),
        ("prose", "From vertex #{bu}, the cheapest way to vertex #{bv} totals {d_words}."),
        ("prose", "La distancia mínima de {u} a {v} es {d} (shortest)."),
        ("prose", "{u} から {v} への最短距離は {d} (shortest distance)."),
        ("prose", "Were I to go from {u} to {v} as cheaply as possible, it would cost {d}."),
        ("code", "dijkstra(g, {bu})[{bv}]  // Scala: {d}, shortest"),
        ("code", "let dist = shortest {bu} {bv}  // F#: {d}"),
        ("code", "dist[{bv}] = {d}  # final, source {bu}"),
        ("code", "(assert (= (dist {bu} {bv}) {d}))"),
        ("latex", "$\\mathsf{{d}}({bu}, {bv}) = {d}$ (weighted, minimal)"),
        ("latex", "$$\\min_{{P\\,:\\,{bu} \\rightsquigarrow {bv}}} \\text{{cost}}(P) = {d}$$"),
        ("list", "- [x] shortest {bu} ⤳ {bv}: {d}"),
        ("list", "iv. {bu} to {bv}, least total … {d}"),
        ("arrow", "{bu} ~~> {bv}  = {d} (shortest)"),
        ("bold", "**Shortest Route {bu} → {bv}** — *{d}*"),
    ],
    "hops": [
        ("prose", "Alright, so {v} is reached from {u} in {h_words} hop(s), at the fewest."),
        ("prose", "Hmm, ignoring weights, {u} to {v} needs no fewer than {h} edge(s)."),
        ("prose", "We have hops({bu}, {bv}) = {h}."),
        ("prose", "It is {h} edge(s) that the shortest unweighted {u}-to-{v} walk uses."),
        ("prose", "Vertex #{bv} sits {h_words} hop(s) out from vertex #{bu}, at minimum."),
        ("prose", "{u} から {v} までは最短 {h} ホップ (hops)."),
        ("code", "bfsDepth({bu})[{bv}] // Kotlin: {h} hops"),
        ("code", "let hops = bfs(from: {bu})[{bv}]!  // Swift: {h}"),
        ("code", "(assert (= (hops {bu} {bv}) {h}))"),
        ("latex", "$\\mathsf{{hop}}({bu}, {bv}) = {h}$"),
        ("latex", "$${bu} \\overbrace{{\\cdots}}^{{{h}\\text{{ edges, min}}}} {bv}$$"),
        ("list", "- [x] fewest hops {bu} ⤳ {bv}: {h}"),
        ("arrow", "{bu} ⇢⇢ {bv}  ({h} hops, fewest)"),
        ("bold", "**Hop Count {bu} → {bv}** — *{h}*"),
    ],
    "path": [
        ("arrow", "Alright, so the walk {path} adds up to {d}."),
        ("arrow", "Hmm, the bill of the walk {path}: {d_words}."),
        ("arrow", "We have cost({bpath}) = {d}."),
        ("arrow", "It is {d} that {path} costs, end to end."),
        ("arrow", "Tracing {path} step by step: {sum}, which makes {d}."),
        ("code", "path.zipWithNext {{ (a, b) -> w(a, b) }}.sum() // {d} for {bpath}"),
        (
            "code",
            "Enum.sum(for [a, b] <- Enum.chunk_every(p, 2, 1, :discard), do: w(a, b))"
            "  # {d}, p = {bpath}",
        ),
        ("latex", "$$\\text{{cost}}({bpath}) = {sum} = {d}$$"),
        ("latex", "$\\sum_{{e \\in P}} \\omega(e) = {d}$, $P$: {path}"),
        ("list", "- [x] {path} … total {d}"),
        ("bold", "**Route Cost** — `{bpath}` = *{d}*"),
        ("list", "v. walk {bpath} ⇒ cost {d_words}"),
    ],
    "clique": [
        ("prose", "Alright, so every two of {items_and} border each other: a {shape}."),
        ("prose", "Hmm, {items}: each pair is wired together, hence a {shape}."),
        ("prose", "It is {items_and} that make up a {shape}, all pairs adjacent."),
        ("code", "(every? (fn [[a b]] (adj? a b)) (pairs [{bitems}])) ;; true → {shape}"),
        ("code", "combos([{bitems}], 2).all {{ |a, b| adj?(a, b) }}  # Ruby: true, {shape}"),
        ("latex", "$$\\{{{bitems}\\}}\\ \\text{{is a }}\\mathbf{{{shape}}}$$"),
        ("list", "- [x] {bitems}: all pairs adjacent, {shape}"),
        ("arrow", "{bitems} ⇄ each other → {shape}"),
        ("bold", "**Checking the {shape}** — `{bitems}` ✔ pairwise adjacent"),
    ],
    "k_core": [
        ("prose", "Alright, so the survivors of the {k}-core cull are {items_and}."),
        ("prose", "Hmm, after stripping every vertex below degree {k}, what's left is {items}."),
        ("code", "g.k_core({k}).nodes()  # Ruby => [{bitems}]"),
        ("latex", "$\\operatorname{{core}}_{{{k}}}(G) = \\{{{bitems}\\}}$"),
        ("list", "- [x] {k}-core: {bitems}"),
        ("arrow", "prune (deg < {k}) ⟿ {items_brace} remain: the {k}-core"),
        ("bold", "**The {k_words}-core** — *{items_and}*"),
        ("prose", "It is {items_and} that form the {k}-core."),
    ],
    "hop_ball": [
        ("prose", "Alright, so within {k} hops of {u}, leaving {u} out, there's {items_and}."),
        ("prose", "Hmm, {u}'s {k_words}-hop footprint (not counting {u}): {items}."),
        (
            "code",
            "g.V({bu}).repeat(both()).times({k}).emit().dedup().not(hasId({bu}))  // [{bitems}]",
        ),
        ("latex", "$S_{{\\le {k}}}({bu}) \\setminus \\{{{bu}\\}} = \\{{{bitems}\\}}$"),
        ("list", "- [x] ≤{k} hops of {bu}, {bu} excluded: {bitems}"),
        ("arrow", "{bu} ⤳(≤{k}) {items_brace}, {bu} itself not included"),
        ("bold", "**Reach of {bu} in {k} Hops** (without {bu}): *{items_and}*"),
        ("prose", "It is {items_and} that lie within {k} hops of {u}, apart from {u}."),
    ],
}
"""Statement kinds and their round-14 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| # | Vertex | Tally | Degree |", "| · | {bu} | counted | {d} |"),
        ("| Vertex | Degree | Neighbours seen |", "| {bu} | {d} | {bitems} |"),
        ("| Node ✔ | Edges touching it |", "| **{bu}** | {d_words} |"),
    ],
    "edge_weight": [
        ("| Endpoint A | Cost | Endpoint B |", "| `{bu}` | {w} | `{bv}` |"),
        ("| Pair | Weight (from input) |", "| ({bu}, {bv}) | *{w}* |"),
        ("| Link | w |", "| {bu} ⟷ {bv} | {w} |"),
    ],
    "distance": [
        ("| Target | d (from {src}) | Settled? |", "| {bv} | {d} | ✔ |"),
        ("| Vertex reached from {src} | Cheapest total |", "| `{bv}` | *{d}* |"),
        ("| Step | Node | Final dist from {src} |", "| … | {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "**Mapping the Route** — I'll start from {u}.",
    "Hmm, wait. Let me restart the scan at {u}.",
    "Alright, plan: BFS from {bu}, then compare with {bv}.",
    "We need to look at {u} and {v} next.",
    "stack = [{bu}]  # DFS, {bv} not yet seen",
    "queue: ⟨{bu}⟩ → pop → push its unvisited neighbours",
    "dist = [∞] * n; dist[{bu}] = 0",
    "for nbr in adj[{bu}]:  # iterate, nothing decided yet",
    "Were {u} a leaf, the problem would be easier — but I haven't checked.",
    "Suppose {v} were the source instead; I'll ignore that.",
    "Is {u} relevant at all? Let me see later.",
    "Do {u} and {v} matter for the answer? Unclear so far.",
    "6 + 7 = 13; 13 + 2 = 15.",
    "15 > 12, so that's worse; discard.",
    "Scratch that — my line about {u} was wrong.",
    "Hold on, I mixed up {bu} and {bv} in the previous line; ignoring it.",
    "- [ ] check {bu}",
    "- [ ] compare {bu} with {bv}",
    "Zuerst {u} ansehen (look at it first).",
    "まず {u} を確認する (check it first).",
    "(let me re-read the input around {u}…)",
    "$\\text{{visited}} = \\varnothing$, frontier $= \\{{{bu}\\}}$",
    "g.V().count()  // just reading the node count first",
    "**Planning the Search** — Dijkstra from {bu}.",
    "Let me double-check the input format before touching {v}.",
    "The final answer will depend on {u}; keep going.",
]
"""Prose that names nodes and numbers but states no fact: plans, Gemini-style titles,
restarts, stack / queue / dist-array states, a loop header, hypotheticals, questions to self,
arithmetic, retractions, unchecked checkboxes, German and Japanese asides, a query that only
reads the input. Filled with ``{u} {v} {bu} {bv}`` only."""
