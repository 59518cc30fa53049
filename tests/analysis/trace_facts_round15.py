"""The round-15 held-out phrasing bank for the trace-fact checker (split ``round15``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 14, in the voices
of free-form reasoning traces (Qwen3's "Okay, let's see. …" and "Okay, let's count: …";
DeepSeek-R1's "Wait, let me check again… yes, …" and "Wait, I miscounted before — …"; Claude's
"Actually, I was wrong earlier: …"; o3's clipped "Key point: A↔B is one of the given edges.";
Kimi K2 and GLM-4.5's "(1)" lists and "•" bullets with an ellipsis before the value; Llama's
HTML ``<b>…</b>`` and ``***…***``; Gemini 2.5 and Mistral drifting into Portuguese, Russian,
Korean, Hindi, Arabic and Dutch ("Então A e B são vizinhos", "Итак, A и B соединены ребром",
"A와 B 사이에 간선이 있다", "A और B के बीच एक किनारा है", "درجة A هي 4", "De kortste afstand
van A naar C is 9")): "as for A, …", passives ("B is reached from A by a single edge", "B is
first reached from A at BFS level 2"), appositions ("A, a direct neighbour of B, goes on the
frontier", "A, a weight-7 vertex, is a candidate"), parentheticals ("A (degree 4) goes next"),
conditionals that still assert ("If the edge list is right — and it is — A touches B", "If I
take the A–B edge, I pay 7 for it"), retractions that assert the corrected value, new nouns
("strangers", "roster", "adjacency row"), numbers in words, units ("steps", "hops", "BFS
level"), code in languages and libraries earlier rounds did not use (Java streams
``adj.get(A).stream().anyMatch(B::equals)``, JGraphT, C++ ``std::ranges::contains``, Dart,
Zig ``expectEqual``, Nim ``doAssert``, Lua ``== nil``, Racket ``(has-edge? g A B) ; => #t``,
Erlang ``lists:member``, PowerShell ``-contains``, ``grep -c`` and ``awk``, ``jq``, Datalog,
Z3 ``prove``, NetworkX ``number_of_edges`` / ``path_weight`` / ``density`` / ``k_core``,
igraph ``are_adjacent`` / ``is_clique`` / ``neighborhood``, graph-tool, pandas, numpy
``np.count_nonzero(A[i])``, Neo4j GDS), LaTeX (``A_{i,j} = 1``, ``E(G) \\ni \\{A, B\\}``,
``\\nsim``, ``\\mathcal{N}_G``, ``\\lvert\\delta(A)\\rvert``, ``d_G(A)``, ``c_e``,
``w\\colon \\{A, B\\} \\mapsto 7``, ``\\mu(A)``, CLRS's ``\\delta_w``, ``\\inf_{P}``,
``\\binom{S}{2} \\subseteq E``, ``\\max\\{S : \\delta(G[S]) \\ge k\\}``,
``\\bigcup_{i=1}^{k} N^{i}(A)``), "•" bullets with "…", "(1)" lists, new arrows (``<──>``,
``<─╳─>``, ``◀──▶``, ``─(7)─``, ``⇝``, ``↝``, ``⇶``, ``↦``), HTML bold and italics, and
Markdown tables with Portuguese headers, a "Query | Answer" table, a "Used in MST?" column and
the value before the node. Every phrasing differs from those of the earlier splits (``dev`` ...
``dev4``, ``round4`` ... ``round14``) and states exactly one fact, so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels; negations
are facts (non-edges) in new wordings. The filler states none (plans, "What if A–B were an
edge?", "Suppose, for contradiction, …", the order vertices were popped, a line number in the
input, step counters, heap / queue / visited states in Python, Java and Lua, an ``awk`` and a
NetworkX call that only read the input, a Z3 set-up, arithmetic, retractions, asides in the
six languages above). Each kind's list is ordered (and sized) so that ``labelled_set(split,
seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round14``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round15``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Okay, let's see. {u}'s row in the input has {v} on it, so that's an edge."),
        ("prose", "Wait, let me check again… yes, {u}—{v} is listed. Edge."),
        ("prose", "As for {u} and {v}, they share a direct link."),
        ("prose", "{v} is reached from {u} by a single edge."),
        ("prose", "{u}, a direct neighbour of {v}, goes on the frontier."),
        ("prose", "If the edge list is right — and it is — {u} touches {v}."),
        ("prose", "Actually, I was wrong earlier: {u} and {v} *are* adjacent."),
        ("prose", "Então {u} e {v} são vizinhos (há uma aresta)."),
        ("prose", "Итак, {u} и {v} соединены ребром (edge)."),
        ("prose", "{u}와 {v} 사이에 간선이 있다 (edge)."),
        ("prose", "Key point: {u}↔{v} is one of the given edges."),
        ("code", "adj.get({bu}).stream().anyMatch({bv}::equals)  // true → edge"),
        ("code", "G.number_of_edges({bu}, {bv})  # 1"),
        ("code", "(has-edge? g {bu} {bv})  ; => #t"),
        ("code", "lists:member({bv}, maps:get({bu}, Adj)).  % => true"),
        ("code", "$adj[{bu}] -contains {bv}   # PowerShell: True"),
        ("code", "doAssert g.hasEdge({bu}, {bv})  # Nim: passes, edge"),
        ("code", "grep -c '^{bu} {bv}$' edges.txt   # 1"),
        ("latex", "$A_{{{bu},{bv}}} = 1$ (adjacency matrix)"),
        ("latex", "$$E(G) \\ni \\{{{bu}, {bv}\\}}$$"),
        ("list", "• {bu}–{bv} … edge ✓"),
        ("arrow", "{bu} <──> {bv}  [edge]"),
        ("bold", "***Edge found:*** {bu}–{bv}"),
        ("bold", "<b>{bu}</b>–<b>{bv}</b>: edge"),
    ],
    "non_edge": [
        ("prose", "Okay, let's see. {u}'s row in the input has no {v} on it, so no edge."),
        ("prose", "Wait, let me check again… no, {u}—{v} isn't listed. No edge."),
        ("prose", "As for {u} and {v}, they share no direct link."),
        ("prose", "{v} can't be reached from {u} by a single edge."),
        ("prose", "{u}, not a neighbour of {v}, can be skipped for this pair."),
        ("prose", "If the edge list is right — and it is — {u} doesn't touch {v}."),
        ("prose", "Actually, I was wrong earlier: {u} and {v} are *not* adjacent."),
        ("prose", "Então {u} e {v} não são vizinhos (sem aresta)."),
        ("prose", "Итак, между {u} и {v} ребра нет (no edge)."),
        ("prose", "{u} और {v} के बीच कोई किनारा नहीं है (no edge)."),
        ("prose", "{u} and {v} are strangers — no edge between them."),
        ("code", "adj.get({bu}).stream().noneMatch({bv}::equals)  // true → no edge"),
        ("code", "std::ranges::contains(adj.at({bu}), {bv})  // false"),
        ("code", "G.number_of_edges({bu}, {bv})  # 0"),
        ("code", "g.are_adjacent({bu}, {bv})  # igraph → False"),
        ("code", "graph[{bu}]!.contains({bv}); // Dart → false"),
        ("code", "print(adj[{bu}][{bv}] == nil)  --> true (Lua: no edge)"),
        ("code", "grep -c '^{bu} {bv}$' edges.txt   # 0"),
        ("latex", "$A_{{{bu},{bv}}} = 0$ (adjacency matrix)"),
        ("latex", "$$ {bu} \\nsim {bv} $$"),
        ("list", "• {bu}–{bv} … no edge ✗"),
        ("list", "(1) {bu}/{bv}: no, not adjacent"),
        ("arrow", "{bu} <─╳─> {bv}  [no edge]"),
        ("bold", "<b>{bu}</b>–<b>{bv}</b>: no edge"),
    ],
    "neighbours": [
        ("prose", "Okay, let's list them: {u} is adjacent to {items_and}, and that's the lot."),
        ("prose", "Wait, {u}'s neighbours — let me recount: {items}. Yes, that's all of them."),
        ("prose", "As for {u}, its adjacency row is {items_brace}, in full."),
        ("prose", "{u} is joined to {items_and} (and to nothing else)."),
        ("prose", "The full roster of {u}'s neighbours: {items}."),
        ("prose", "Os vizinhos de {u} são exatamente {items} (all neighbours)."),
        ("prose", "{u}의 이웃은 {items}뿐이다 (all neighbours)."),
        ("code", "sorted(G.adj[{bu}])  # [{bitems}] — every neighbour"),
        ("code", "adj.get({bu}).stream().sorted().toList()  // [{bitems}] (all)"),
        ("code", "maps:get({bu}, Adj).  % => [{bitems}], the full list"),
        ("code", "jq '.adj[{bu}]' graph.json   # [{bitems}], all of them"),
        ("code", "np.flatnonzero(A[{bu}])  # array([{bitems}]), the whole row"),
        ("latex", "$\\mathcal{{N}}_G({bu}) = \\{{{bitems}\\}}$ (complete)"),
        ("latex", "$$\\operatorname{{Adj}}({bu}) = \\{{{bitems}\\}}$$ — exhaustive"),
        ("list", "• {bu}: {bitems} … and no one else"),
        ("arrow", "{bu} ==> {items_brace}, nobody else"),
        ("bold", "***{bu}'s neighbours (all):*** {items_and}"),
        ("bold", "<b>Adjacency of {bu}</b> — {bitems}, complete"),
    ],
    "edge_weight": [
        ("prose", "Okay, let's see, {u}–{v}… weight {w}."),
        ("prose", "Wait, the {u}–{v} edge — its weight is {w}, not what I wrote before."),
        ("prose", "As for the edge {u}–{v}, it's worth {w}."),
        ("prose", "The edge joining {u} and {v} is weighted {w}."),
        ("prose", "{u}–{v} (weight: {w}) goes into the candidate list."),
        ("prose", "If I take the {u}–{v} edge, I pay {w} for it."),
        ("prose", "O peso da aresta {u}–{v} é {w} (edge weight)."),
        ("prose", "Вес ребра {u}–{v} равен {w} (edge weight)."),
        ("prose", "{u}–{v} 간선의 가중치는 {w}이다 (edge weight)."),
        ("code", "G.get_edge_data({bu}, {bv})['weight']  # {w}"),
        ("code", "g.es[g.get_eid({bu}, {bv})]['weight']  # igraph: {w}"),
        ("code", "df.loc[(df.src == {bu}) & (df.dst == {bv}), 'w'].item()  # {w}"),
        ("code", "awk '$1=={bu} && $2=={bv} {{print $3}}' edges.txt   # {w}"),
        ("latex", "$c_e = {w}$ with $e = \\{{{bu}, {bv}\\}}$"),
        ("latex", "$$w\\colon \\{{{bu}, {bv}\\}} \\mapsto {w}$$"),
        ("list", "• {bu}–{bv} … w = {w}"),
        ("arrow", "{bu} ─({w})─ {bv}"),
        ("bold", "<b>{bu}–{bv}</b> weighs <i>{w}</i>"),
    ],
    "node_weight": [
        ("prose", "Okay, {u} itself is worth {w} (its node weight)."),
        ("prose", "As for {u}, its vertex weight is {w}."),
        ("prose", "{u}, a weight-{w} vertex, is a candidate."),
        ("prose", "The weight assigned to vertex {u} is {w}."),
        ("prose", "Вес вершины {u} — {w}."),
        ("code", "g.vs[{bu}]['weight']  # igraph: {w}"),
        ("code", "weights.getOrDefault({bu}, 0)  // Java → {w}"),
        ("code", "vw[g.vertex({bu})]  # graph-tool vertex property: {w}"),
        ("latex", "$\\mu\\left({bu}\\right) = {w}$, a vertex weight"),
        ("list", "• node {bu} … weight {w}"),
        ("arrow", "{bu} ↦ {w} (vertex weight)"),
        ("bold", "<b>{bu}</b> (vertex) weighs <i>{w}</i>"),
    ],
    "degree": [
        ("prose", "Okay, let's count: {u} has {d_words} incident edges."),
        ("prose", "Wait, I miscounted before — {u}'s degree is actually {d}."),
        ("code", "prove(Deg({bu}) == {d})  # z3: proved"),
        ("prose", "Incident to {u}: {d_words} edges, no more, no less."),
        ("prose", "{u} (degree {d}) goes next."),
        ("prose", "O grau de {u} é {d} (degree)."),
        ("prose", "Степень вершины {u} равна {d}."),
        ("prose", "{u} की डिग्री {d} है (degree)."),
        ("prose", "درجة {u} هي {d} (degree)."),
        ("code", "adj.get({bu}).size()  // Java: {d}"),
        ("code", "nx.degree(G, {bu})  # {d}"),
        ("code", "g.vertex({bu}).out_degree()  # graph-tool, undirected: {d}"),
        ("code", "np.count_nonzero(A[{bu}])  # {d}"),
        ("code", "try expectEqual(@as(usize, {d}), g.degree({bu}));  // Zig test passes"),
        ("prose", "As for {u}, it touches {d} edges."),
        ("latex", "$\\lvert\\delta({bu})\\rvert = {d}$"),
        ("latex", "$$d_G({bu}) = {d}$$"),
        ("list", "• {bu} … degree {d_words}"),
        ("arrow", "{bu} ⇶ {d} edges (its degree)"),
        ("bold", "<b>{bu}</b> has degree <i>{d}</i>"),
    ],
    "distance": [
        ("prose", "Okay, so the shortest distance from {u} to {v} works out to {d}."),
        ("prose", "Wait, let me recheck the distance {u}→{v}… it's {d}, confirmed."),
        ("prose", "As for {v}, its distance from {u} is {d}."),
        ("prose", "{v} is reached from {u} at a minimum cost of {d}."),
        ("prose", "{v}, at shortest distance {d} from {u}, is popped next."),
        ("prose", "If I go from {u} to {v} the cheapest way, I pay {d}."),
        ("prose", "A distância mínima de {u} até {v} é {d}."),
        ("prose", "Кратчайшее расстояние от {u} до {v} — {d}."),
        ("prose", "De kortste afstand van {u} naar {v} is {d}."),
        ("code", "nx.single_source_dijkstra(G, {bu}, {bv})[0]  # {d}"),
        ("code", "g.distances({bu}, {bv}, weights='weight')[0][0]  # igraph: {d}"),
        ("code", "dijkstra.getPath({bu}, {bv}).getWeight()  // JGraphT: {d}"),
        ("code", "YIELD totalCost  // gds.shortestPath.dijkstra {bu}→{bv}: {d}"),
        ("latex", "$\\delta_w({bu}, {bv}) = {d}$"),
        ("latex", "$$\\inf_{{P : {bu} \\leadsto {bv}}} w(P) = {d}$$"),
        ("list", "• {bu} → {bv} … shortest = {d}"),
        ("list", "(5) dist({bu}, {bv}): {d_words}"),
        ("arrow", "{bu} ⇝ {bv} :: {d} (shortest)"),
        ("bold", "<b>shortest {bu}→{bv}</b>: <i>{d}</i>"),
    ],
    "hops": [
        ("prose", "Okay, in terms of hops, {v} is {h} away from {u}."),
        ("prose", "Wait — unweighted, {u} to {v} takes {h_words} steps at minimum."),
        ("prose", "As for hops, {u}→{v} needs {h}, and no route needs fewer."),
        ("prose", "{v} is first reached from {u} at BFS level {h}."),
        ("prose", "{v}, {h_words} hops from {u} at the fewest, joins the frontier."),
        ("prose", "От {u} до {v} минимум {h} перехода(ов) (hops)."),
        ("code", "len(nx.bidirectional_shortest_path(G, {bu}, {bv})) - 1  # {h} hops"),
        ("code", "g.distances({bu}, {bv})[0][0]  # igraph, unweighted: {h}"),
        ("code", "shortest_distance(g, {bu}, {bv})  # graph-tool, no weights: {h}"),
        ("latex", "$\\delta_1({bu}, {bv}) = {h}$ (every edge counted as 1)"),
        ("latex", "$$\\ell_{{\\mathrm{{BFS}}}}({bu}, {bv}) = {h}$$"),
        ("list", "• {bu} ⇒ {bv} … {h} hops (min)"),
        ("arrow", "{bu} ↝ {bv} [{h} hops, fewest]"),
        ("bold", "<b>hops({bu}, {bv})</b> = <i>{h}</i>"),
    ],
    "path": [
        ("arrow", "Okay, adding up {path}: {d} in total."),
        ("arrow", "Wait, the route {path} — let me re-add — costs {d}."),
        ("arrow", "As for the route {path}, its total weight is {d}."),
        ("arrow", "{path}, a route of total cost {d}, is a candidate."),
        ("arrow", "Walking {path} costs {d_words} altogether."),
        ("arrow", "O caminho {path} custa {d} no total."),
        ("code", "nx.path_weight(G, path, weight='weight')  # {d}, path = {bpath}"),
        (
            "code",
            "IntStream.range(0, p.size() - 1).map(i -> w(p.get(i), p.get(i + 1))).sum()"
            "  // {d} for {bpath}",
        ),
        ("code", "(for/sum ([a p] [b (cdr p)]) (w a b))  ; => {d}, p = {bpath}"),
        ("latex", "$$\\ell({bpath}) = {sum} = {d}$$"),
        ("latex", "$w(P) = {d}$ where $P$ = {path}"),
        ("bold", "<b>{bpath}</b> costs <i>{d}</i>"),
        ("arrow", "{path}: {sum} ⇒ {d}"),
    ],
    "clique": [
        ("prose", "Okay, {items_and} are all mutually adjacent — a {shape}."),
        ("prose", "As for {items}, every pair is joined: that's a {shape}."),
        ("prose", "{items_and} — a {shape}, every pair linked — stand out."),
        ("code", "nx.density(G.subgraph([{bitems}])) == 1.0  # True: a {shape}"),
        ("code", "g.is_clique([{bitems}])  # igraph → True ({shape})"),
        ("latex", "$$\\binom{{\\{{{bitems}\\}}}}{{2}} \\subseteq E$$, so a {shape}"),
        ("list", "• {bitems} … pairwise adjacent ({shape})"),
        ("arrow", "{bitems} ◀──▶ every pair ⇒ {shape}"),
        ("bold", "<b>{shape}</b>: <i>{items_and}</i>, every pair adjacent"),
    ],
    "k_core": [
        (
            "prose",
            "Okay, once no vertex has fewer than {k} neighbours left, what remains — "
            "{items_and} — is the {k}-core.",
        ),
        ("prose", "As for the {k}-core, it consists of {items}."),
        ("prose", "The {k_words}-core is made up of {items_and}."),
        ("code", "sorted(nx.k_core(G, {k}))  # [{bitems}]"),
        ("code", "[v for v, c in enumerate(g.coreness()) if c >= {k}]  # igraph: [{bitems}]"),
        ("latex", "$$\\max\\{{S \\subseteq V : \\delta(G[S]) \\ge {k}\\}} = \\{{{bitems}\\}}$$"),
        ("list", "• {k}-core … {bitems}"),
        ("bold", "<b>{k}-core</b> = <i>{items_and}</i>"),
    ],
    "hop_ball": [
        ("prose", "Okay, within {k} hops of {u}, {u} itself excluded, there are {items_and}."),
        ("prose", "As for {u}'s {k}-hop neighbourhood (minus {u}), it's {items}."),
        ("prose", "Reachable from {u} in at most {k_words} steps, apart from {u}: {items}."),
        ("code", "g.neighborhood({bu}, order={k}, mindist=1)  # igraph: [{bitems}]"),
        ("code", "reach({bu}, X, D), D <= {k}, X != {bu}.  % Datalog: X ∈ {{{bitems}}}"),
        ("latex", "$$\\bigcup_{{i=1}}^{{{k}}} N^{{i}}({bu}) = \\{{{bitems}\\}}$$"),
        ("list", "• ≤ {k} hops from {bu} (not {bu}) … {bitems}"),
        ("bold", "<b>within {k} hops of {bu}</b>, excluding it: <i>{bitems}</i>"),
    ],
}
"""Statement kinds and their round-15 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Vértice | Grau |", "| {bu} | {d} (contado) |"),
        ("| Query | Answer |", "| deg({bu}) | {d} |"),
        ("| Count | Of edges at |", "| {d_words} | {bu} |"),
    ],
    "edge_weight": [
        ("| From | To | Direct-edge cost |", "| {bu} | {bv} | {w}, direct |"),
        ("| Aresta | Peso |", "| {bu} ─ {bv} | peso {w} |"),
        ("| Edge (as listed) | w | Used in MST? |", "| ({bu}, {bv}) | {w} | ? |"),
    ],
    "distance": [
        ("| Node | Dijkstra label from {src} | Final |", "| {bv} | {d} | ✓ final |"),
        ("| Destino | Distância mínima desde {src} |", "| {bv} | {d} (mínima) |"),
        ("| # | Shortest distance from {src} | Target |", "| – | {d} | {bv} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Okay, let's see. I need to be careful with {u} here.",
    "Wait, let me check again whether {u} and {v} are adjacent.",
    "Hmm, what if {u}–{v} were an edge? Then a triangle would close. Need to verify.",
    "Suppose, for contradiction, that {u} is adjacent to {v}.",
    "As for {u}, I'll come back to it.",
    "{u} was the third vertex I popped off the heap.",
    "{u} appears on line 4 of the input.",
    "Step 3 of 5: relax the edges out of {bu}.",
    "heap = [(0, {bu})]; seen = set()",
    "visited = {{{bu}}}  # BFS just started, {bv} not reached yet",
    "Deque<String> q = new ArrayDeque<>(List.of({bu}));  // BFS queue",
    "local frontier = {{ {bu} }}  -- Lua, start of the BFS",
    "G = nx.read_weighted_edgelist('edges.txt')  # load the input first",
    "awk '{{print $1}}' edges.txt | sort -u | wc -l   # how many nodes?",
    "s = Solver(); s.add(constraints)  # z3: encoding only, no result yet",
    "12 vs 14 — keep 12 and move on.",
    "That's 2 of the 6 checks done.",
    "Let me not assume anything about {v} yet.",
    "Let me think about this differently and start from {v}.",
    "If {bu} turns out to be isolated, the answer changes — not checked yet.",
    "Scratch the last line about {u} and {v}; I misread the row.",
    "Since the question is about {u}, {v} can wait.",
    "$$Q \\gets \\{{{bu}\\}},\\ \\mathrm{{seen}} \\gets \\varnothing$$",
    "**Next:** compare {bu} with {bv}.",
    "Vou recomeçar por {u} (starting over).",
    "Проверю {u} ещё раз (re-checking).",
    "{u}부터 다시 보자 (start again).",
    "पहले {u} देखते हैं (look at it first).",
    "لنبدأ من {u} (start here).",
    "Even {u} nakijken (just checking).",
]
"""Prose that names nodes and numbers but states no fact: plans, questions to self, a
hypothetical and a supposition for contradiction, the order of pops, a line number of the input,
step counters, heap / visited / queue / frontier states (Python, Java, Lua, LaTeX), input-only
``awk`` and NetworkX calls, a Z3 set-up, arithmetic comparisons, retractions, Portuguese,
Russian, Korean, Hindi, Arabic and Dutch asides. Filled with ``{u} {v} {bu} {bv}`` only."""
