"""The round-16 held-out phrasing bank for the trace-fact checker (split ``round16``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 15, in the voices
of free-form reasoning traces (DeepSeek-R1's "Hmm, okay, so …"; Qwen3's "Let me verify. …";
o3's clipped "Check A–B: edge. ✓" and "dist A→C: 9. Done."; Claude's "I'll note that …";
Gemini 2.5 and Kimi K2's "As regards A, …"; GLM-4.5 and Llama's circled-number and "➤" lists;
Mistral and Magistral drifting into Swedish, Polish, Turkish, Vietnamese, Indonesian, Greek and
Hebrew ("A och B är grannar — det finns en kant mellan dem", "Waga krawędzi A–B wynosi 7",
"A ile C arasındaki en kısa mesafe 9", "Bậc của đỉnh A là 4", "Bobot sisi A–B adalah 7",
"Ο βαθμός του A είναι 4", "אין צלע בין A ל-B")): new verbs and nouns ("is shared by", "is
carried by", "separates", "peeling", "radius-2 neighbourhood"), passives ("An edge is shared
by A and B", "A total of 9 is paid along A → B → C"), appositions and relative clauses ("B,
the vertex at the other end of an edge from A, is next", "A, whose degree is 4, stays in the
running"), dashes around the value ("C — shortest distance 9 from A — gets settled now"),
conditionals that still assert ("Unless I misread the list (I didn't), A is adjacent to B"),
"Neither A's list nor B's mentions the other", "Zero edges run between A and B", numbers in
words, units ("hops", "units", "depth"), code in languages and libraries earlier rounds did not
use (Groovy ``assert g.hasEdge(A, B)``, Ada ``pragma Assert``, Smalltalk ``(adj at: A)
includes: B.``, APL ``M[A;B]  ⍝ 1`` and ``+/M[A;]``, Fortran ``! F``, Crystal ``includes?``,
Elm ``Set.member``, Pascal ``{ … }`` comments, Coq ``Goal … reflexivity. Qed.``, Isabelle
``by eval``, Alloy ``check { … }``, MiniZinc ``solve minimize``, GraphQL, Excel ``COUNTIFS`` /
``XLOOKUP``, SQL ``SUM(w) OVER (ORDER BY step)``, R igraph ``are_adjacent`` /
``adjacent_vertices`` / ``is_complete`` / ``bfs(…)$dist``, Boost.Graph ``out_degree``,
petgraph ``contains_edge`` / ``dijkstra``, NetworkX ``is_path`` / ``bfs_layers`` /
``descendants_at_distance``, graphology and cytoscape.js), LaTeX (``G \\models E(A, B)``,
``\\chi_E``, ``\\lVert A_{i,\\cdot} \\rVert_1``, ``\\operatorname{card}``,
``\\operatorname{dist}_G^w``, ``\\min\\limits_{P \\in \\mathcal{P}(A,B)}``, ``d_{\\mathrm{hop}}``,
``C_k(G)``, ``\\{x \\ne A : d(A, x) \\le k\\}``, ``G[S]`` complete), "➤" and circled-number
lists with an ellipsis before the value, new arrows (``⬌``, ``⇎``, ``↣``, ``⤑``, ``⇀``,
``⟵ 7 ⟶``), HTML ``<strong>`` and ``<mark>``, and Markdown tables with Turkish, Swedish, Polish
and Vietnamese headers, an adjacency-row-sum column, the weight first and a "Via" column. Every
phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ...
``round15``) and states exactly one fact, so ``trace_facts_phrasings.write_trace`` plants
errors of a known kind with exact labels; negations are facts (non-edges) in new wordings. The
filler states none (plans, "Should A–B turn out to be an edge, …", "Whether A touches B decides
…", ordinals, a line of the input that mentions a node, questions to self, Pascal, Fortran,
Smalltalk, Rust, GraphQL, MiniZinc and Excel that only declare or read, arithmetic, a
retraction, asides in the seven languages above). Each kind's list is ordered (and sized) so
that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round15``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round16``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Hmm, okay, so {u} and {v} — yes, they're directly linked. One edge."),
        ("prose", "Let me verify. {v} appears in {u}'s adjacency list, so {u}–{v} is an edge."),
        ("prose", "Check {u}–{v}: edge. ✓"),
        ("prose", "I'll note that {u} and {v} are joined by an edge."),
        ("prose", "An edge is shared by {u} and {v}."),
        ("prose", "As regards {u} and {v}: directly connected, by one edge."),
        ("prose", "{v}, the vertex at the other end of an edge from {u}, is next."),
        ("prose", "Unless I misread the list (I didn't), {u} is adjacent to {v}."),
        ("prose", "{u} och {v} är grannar — det finns en kant mellan dem."),
        ("prose", "{u} i {v} są połączone krawędzią (edge)."),
        ("prose", "{u} ile {v} arasında bir kenar var (edge)."),
        ("prose", "Οι {u} και {v} συνδέονται με ακμή (edge)."),
        ("code", "assert g.hasEdge({bu}, {bv})  // Groovy: passes"),
        ("code", "pragma Assert (Adjacent (G, {bu}, {bv}));  -- Ada: holds"),
        ("code", '(adj at: {bu}) includes: {bv}.  "Smalltalk → true"'),
        ("code", "M[{bu};{bv}]  ⍝ APL: 1"),
        ("code", "nx.is_path(G, [{bu}, {bv}])  # True — a one-edge path"),
        ("code", "g.contains_edge({bu}, {bv})  // petgraph: true"),
        ("code", "Goal adj {bu} {bv} = true. Proof. reflexivity. Qed."),
        ("latex", "$G \\models E({bu}, {bv})$"),
        ("latex", "$$\\chi_E(\\{{{bu}, {bv}\\}}) = 1$$"),
        ("list", "➤ {bu} ~ {bv} … linked"),
        ("list", "① pair {bu}/{bv} — adjacent: yes"),
        ("arrow", "{bu} ⬌ {bv}   (edge)"),
        ("bold", "<strong>{bu}–{bv}</strong>: edge exists"),
    ],
    "non_edge": [
        ("prose", "Hmm, okay, so {u} and {v} — no, nothing links them directly. No edge."),
        ("prose", "Let me verify. {v} is absent from {u}'s adjacency list: no {u}–{v} edge."),
        ("prose", "Check {u}–{v}: no edge. ✗"),
        ("prose", "I'll note that {u} and {v} have no edge between them."),
        ("prose", "No edge is shared by {u} and {v}."),
        ("prose", "As regards {u} and {v}: not adjacent."),
        ("prose", "{v}, a non-neighbour of {u}, gets skipped here."),
        ("prose", "Neither {u}'s list nor {v}'s mentions the other, so they aren't adjacent."),
        ("prose", "Zero edges run between {u} and {v}."),
        ("prose", "Det finns ingen kant mellan {u} och {v} (no edge)."),
        ("prose", "Không có cạnh nào giữa {u} và {v} (no edge)."),
        ("prose", "{u} dan {v} tidak bertetangga (tidak ada sisi)."),
        ("prose", "אין צלע בין {u} ל-{v} (no edge)."),
        ("code", "assert !g.hasEdge({bu}, {bv})  // Groovy: passes"),
        ("code", "print *, adj({bu}, {bv})  ! Fortran: F (no edge)"),
        ("code", "adj[{bu}].includes?({bv})  # Crystal => false"),
        ("code", "Set.member ({bu}, {bv}) edgeSet  -- Elm: False"),
        ("code", "are_adjacent(g, {bu}, {bv})  # R igraph: FALSE"),
        ("code", "cy.$id({bu}).edgesWith(cy.$id({bv})).length  // cytoscape: 0"),
        ("code", 'lemma "({bu}, {bv}) ∉ E" by eval  (* Isabelle: proved *)'),
        ("latex", "$G \\models \\neg E({bu}, {bv})$"),
        ("latex", "$$\\chi_E(\\{{{bu}, {bv}\\}}) = 0$$"),
        ("list", "➤ {bu} ~ {bv} … not linked"),
        ("list", "② pair {bu}/{bv} — adjacent: no"),
        ("arrow", "{bu} ⇎ {bv}   (no edge)"),
        ("bold", "<strong>{bu}–{bv}</strong>: no such edge"),
    ],
    "neighbours": [
        ("prose", "Hmm, okay, so {u}'s neighbours are {items_and} — that's every one of them."),
        ("prose", "Let me verify {u}'s list once more: {items}. Complete, nothing missing."),
        ("prose", "I'll note that {u} is adjacent to exactly {items_and}, no others."),
        ("prose", "Every neighbour of {u} is listed here: {items}."),
        ("prose", "As regards {u}, its neighbourhood is precisely {items_brace}."),
        ("prose", "{u}'s neighbours (all of them — I checked each edge): {items}."),
        ("prose", "Grannarna till {u} är exakt {items} (alla grannar)."),
        ("prose", "{u} düğümünün komşuları yalnızca {items} (all neighbours)."),
        ("prose", "Các đỉnh kề với {u} là {items}, không còn đỉnh nào khác."),
        ("code", "sorted(nx.all_neighbors(G, {bu}))  # [{bitems}] — every one"),
        ("code", "g.neighbors({bu}).collect::<Vec<_>>()  // petgraph: [{bitems}] (all)"),
        ("code", "graph.neighbors({bu})  // graphology → [{bitems}], complete"),
        ("code", "adjacent_vertices(g, {bu})[[1]]  # R igraph: {bitems} (complete)"),
        ("code", "{{ node(id: {bu}) {{ neighbours {{ id }} }} }}  # GraphQL → [{bitems}], all"),
        ("latex", "$\\{{x \\in V : \\{{x, {bu}\\}} \\in E\\}} = \\{{{bitems}\\}}$"),
        ("latex", "$$N({bu}) = \\{{{bitems}\\}} \\quad\\text{{(and no other vertex)}}$$"),
        ("list", "➤ {bu} … {bitems}, full list"),
        ("arrow", "{bu} ↣ {items_brace} (every neighbour)"),
        ("bold", "<strong>N({bu})</strong> = {bitems}, complete"),
    ],
    "edge_weight": [
        ("prose", "Hmm, okay, so the {u}–{v} edge has weight {w}."),
        ("prose", "Let me verify the {u}–{v} weight: {w}. Yes."),
        ("prose", "I'll note that the edge between {u} and {v} weighs {w}."),
        ("prose", "A weight of {w} is carried by the {u}–{v} edge."),
        ("prose", "As regards the {u}–{v} edge, its cost is {w} units."),
        ("prose", "The {u}–{v} edge (weight {w} in the input) goes on the list."),
        ("prose", "Kanten {u}–{v} har vikten {w}."),
        ("prose", "Waga krawędzi {u}–{v} wynosi {w}."),
        ("prose", "Bobot sisi {u}–{v} adalah {w}."),
        ("prose", "Το βάρος της ακμής {u}–{v} είναι {w}."),
        ("code", "g.getEdge({bu}, {bv}).weight  // Groovy: {w}"),
        ("code", "W({bu}, {bv})  ! Fortran weight matrix: {w}"),
        ("code", "E(g, P = c({bu}, {bv}))$weight  # R igraph: {w}"),
        ("code", "graph.getEdgeAttribute({bu}, {bv}, 'weight')  // graphology: {w}"),
        ("latex", "$w_{{{bu},\\,{bv}}} = {w}$"),
        ("list", "➤ {bu}–{bv} … {w} units"),
        ("arrow", "{bu} ⟵ {w} ⟶ {bv}"),
        ("bold", "<strong>{bu}–{bv}</strong> weight: <mark>{w}</mark>"),
    ],
    "node_weight": [
        ("prose", "Hmm, okay, so {u} has a node weight of {w}."),
        ("prose", "I'll note that the vertex weight of {u} is {w}."),
        ("prose", "A node weight of {w} is carried by vertex {bu}."),
        ("prose", "As regards {u} itself: weight {w}."),
        ("prose", "Trọng số của đỉnh {u} là {w}."),
        ("prose", "המשקל של הצומת {u} הוא {w} (node weight)."),
        ("code", "V(g)[{bu}]$weight  # R igraph: {w}"),
        ("code", "graph.getNodeAttribute({bu}, 'weight')  // graphology: {w}"),
        ("latex", "$\\omega_{{{bu}}} = {w}$ (node weight)"),
        ("list", "③ vertex {bu} … weight {w}"),
        ("bold", "<strong>{bu}</strong> (node) — weight <mark>{w}</mark>"),
    ],
    "degree": [
        ("prose", "Hmm, okay, so {u} ends up with degree {d}."),
        ("prose", "Let me verify by counting {u}'s edges again: {d_words}. Degree {d}."),
        ("prose", "I'll note that {d} edges meet at {u}."),
        ("prose", "As regards {u}, degree {d}."),
        ("prose", "{u}, whose degree is {d}, stays in the running."),
        ("prose", "Graden för {u} är {d}."),
        ("prose", "Stopień wierzchołka {u} wynosi {d}."),
        ("prose", "{u} düğümünün derecesi {d}."),
        ("prose", "Ο βαθμός του {u} είναι {d}."),
        ("prose", "Bậc của đỉnh {u} là {d}."),
        ("code", "Degree(G, {bu})  {{ Pascal: returns {d} }}"),
        ("code", "count(adj({bu}, :))  ! Fortran: {d}"),
        ("code", "+/M[{bu};]  ⍝ APL row sum: {d}"),
        ("code", "out_degree({bu}, g)  // Boost.Graph, undirected: {d}"),
        ("code", "cy.$id({bu}).degree()  // cytoscape: {d}"),
        ("code", "=COUNTIF(Edges!A:B, {bu})   → {d}"),
        ("latex", "$\\lVert A_{{{bu},\\cdot}} \\rVert_1 = {d}$"),
        ("latex", "$$\\operatorname{{card}} N({bu}) = {d}$$"),
        ("list", "➤ {bu} … {d_words} incident edges"),
        ("arrow", "{bu} ⇀ degree {d}"),
        ("bold", "<strong>deg({bu})</strong> = <mark>{d}</mark>"),
    ],
    "distance": [
        ("prose", "Hmm, okay, so the shortest distance from {u} to {v} is {d}, nothing shorter."),
        ("prose", "Let me verify the distance {u}→{v} once more: {d}."),
        ("prose", "dist {bu}→{bv}: {d}. Done."),
        ("prose", "I'll note that {v} lies at shortest distance {d} from {u}."),
        ("prose", "A shortest distance of {d} separates {u} from {v}."),
        ("prose", "As regards {v}, the cheapest route from {u} totals {d}."),
        ("prose", "{v} — shortest distance {d} from {u} — gets settled now."),
        ("prose", "Unless I botched the relaxations (I didn't), dist({u}, {v}) is {d}."),
        ("prose", "Kortaste avståndet från {u} till {v} är {d}."),
        ("prose", "Najkrótsza odległość z {u} do {v} wynosi {d}."),
        ("prose", "{u} ile {v} arasındaki en kısa mesafe {d}."),
        ("prose", "Khoảng cách ngắn nhất từ {u} đến {v} là {d}."),
        ("code", "SELECT MIN(cost) FROM walks WHERE src = {bu} AND dst = {bv};  -- {d}"),
        ("code", "dijkstra(&g, {bu}, Some({bv}), |e| *e.weight())[&{bv}]  // petgraph: {d}"),
        ("code", "cy.elements().dijkstra(cy.$id({bu})).distanceTo(cy.$id({bv}))  // {d}"),
        ("code", "solve minimize cost;  % MiniZinc optimum for {bu}→{bv}: {d}"),
        ("latex", "$$\\operatorname{{dist}}_{{G}}^{{w}}({bu}, {bv}) = {d}$$"),
        ("latex", "$\\min\\limits_{{P \\in \\mathcal{{P}}({bu},{bv})}} w(P) = {d}$"),
        ("list", "➤ shortest {bu} → {bv} … {d}"),
        ("arrow", "{bu} ⤑ {bv}  ⇒ {d} (shortest)"),
        ("bold", "<strong>dist({bu}, {bv})</strong> = <mark>{d}</mark> (shortest)"),
    ],
    "hops": [
        ("prose", "Hmm, okay, so {v} is {h} hops from {u}, at the fewest."),
        ("prose", "Let me verify with a BFS from {u}: {v} shows up at depth {h}."),
        ("prose", "hops {bu}→{bv}: {h} (min)."),
        ("prose", "I'll note that reaching {v} from {u} takes {h_words} hops at minimum."),
        ("prose", "{v} is separated from {u} by {h} hops, no fewer."),
        ("prose", "As regards {v}, the fewest edges on any walk from {u} is {h}."),
        ("prose", "Från {u} till {v} krävs minst {h} hopp."),
        ("prose", "Dari {u} ke {v} dibutuhkan minimal {h} lompatan (hops)."),
        ("code", "next(i for i, L in enumerate(nx.bfs_layers(G, {bu})) if {bv} in L)  # {h}"),
        ("code", "bfs(g, root = {bu}, dist = TRUE)$dist[{bv}]  # R igraph: {h} hops"),
        ("code", "{{ hops(from: {bu}, to: {bv}) }}  # GraphQL → {h}"),
        ("latex", "$d_{{\\mathrm{{hop}}}}({bu}, {bv}) = {h}$"),
        ("list", "➤ {bu} ⇒ {bv} … {h_words} hops, fewest"),
        ("arrow", "{bu} ⇀⇀ {bv}  [{h} hops min]"),
        ("bold", "<strong>hops {bu}→{bv}</strong>: <mark>{h}</mark> (min)"),
    ],
    "path": [
        ("arrow", "Hmm, okay, so the route {path} costs {d} in total."),
        ("arrow", "Let me verify the sum along {path}: {d}."),
        ("arrow", "I'll note that {path} has total weight {d}."),
        ("arrow", "A total of {d} is paid along {path}."),
        ("arrow", "As regards the walk {path}, it sums to {d_words}."),
        ("arrow", "{path} — {sum} — comes to {d}."),
        ("arrow", "{path} yolunun toplam maliyeti {d}."),
        ("arrow", "Η διαδρομή {path} κοστίζει συνολικά {d}."),
        ("code", "p.collate(2, 1, false).sum {{ a, b -> w(a, b) }}  // Groovy: {d} for {bpath}"),
        ("code", "sum(E(g, path = p)$weight)  # R igraph: {d}, p = {bpath}"),
        ("code", "SUM(w) OVER (ORDER BY step)  -- running total is {d} at the end of {bpath}"),
        ("latex", "$$\\sum_{{i}} w(v_i, v_{{i+1}}) = {sum} = {d} \\quad ({bpath})$$"),
        ("list", "➤ {bpath} … {d} altogether"),
        ("bold", "<strong>{bpath}</strong> — total <mark>{d}</mark>"),
    ],
    "clique": [
        ("prose", "Hmm, okay, so {items_and} are pairwise adjacent — a {shape}."),
        ("prose", "Let me verify each pair among {items}: all adjacent. A {shape}."),
        ("prose", "I'll note that every two of {items_and} share an edge (a {shape})."),
        ("prose", "{items_and} tworzą {shape} — każda para jest połączona."),
        ("code", "is_complete(induced_subgraph(g, c({bitems})))  # R igraph: TRUE, a {shape}"),
        (
            "code",
            "check {{ all disj a, b: S | a->b in edges }}  -- Alloy, S = {{{bitems}}}: "
            "no counterexample ({shape})",
        ),
        ("latex", "$G[\\{{{bitems}\\}}]$ is complete (a {shape})"),
        ("list", "➤ {bitems} … all pairs adjacent, {shape}"),
        ("bold", "<strong>{shape}</strong>: {items_and} (pairwise adjacent)"),
    ],
    "k_core": [
        ("prose", "Hmm, okay, so after peeling, the {k}-core is {items_and}."),
        ("prose", "I'll note that the {k}-core contains exactly {items}."),
        ("prose", "As regards the {k_words}-core: {items}, all of it."),
        ("prose", "{k}-kärnan består av {items} (the {k}-core)."),
        ("code", "{{ kCore(k: {k}) {{ id }} }}  # GraphQL → [{bitems}]"),
        ("latex", "$$C_{{{k}}}(G) = \\{{{bitems}\\}}$$"),
        ("list", "➤ {k}-core … {bitems}, nothing else"),
        ("bold", "<strong>{k}-core</strong> = {bitems}"),
    ],
    "hop_ball": [
        ("prose", "Hmm, okay, so within {k} hops of {u} (not counting {u}) lie exactly {items}."),
        ("prose", "I'll note that the vertices at most {k} hops from {u}, {u} aside, are {items}."),
        ("prose", "As regards {u}'s radius-{k} neighbourhood, minus {u} itself: {items}."),
        ("prose", "Trong vòng {k} bước từ {u} (không tính {u}): {items}."),
        (
            "code",
            "set().union(*(nx.descendants_at_distance(G, {bu}, i) for i in range(1, {k} + 1)))"
            "  # {{{bitems}}}",
        ),
        ("latex", "$$\\{{x \\ne {bu} : d({bu}, x) \\le {k}\\}} = \\{{{bitems}\\}}$$"),
        ("list", "➤ ≤{k} hops from {bu}, {bu} excluded … {bitems}"),
        ("bold", "<strong>{k}-hop ball of {bu}</strong> minus {bu}: {bitems}"),
    ],
}
"""Statement kinds and their round-16 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Düğüm | Derece (kenar sayısı) |", "| {bu} | {d} kenar |"),
        ("| Node | Incident edges, spelled out | Checked |", "| {bu} | {d_words} | yes |"),
        ("| Row sum of A | Vertex |", "| {d} | `{bu}` |"),
    ],
    "edge_weight": [
        ("| Kant | Vikt |", "| {bu}–{bv} | {w} (vikt) |"),
        ("| u | v | w(u, v) | Source |", "| {bu} | {bv} | {w} | input |"),
        ("| Weight | Between |", "| {w} | {bu} & {bv} |"),
    ],
    "distance": [
        ("| Cel | Odległość od {src} |", "| {bv} | {d} (najkrótsza) |"),
        ("| Vertex | Final dist from {src} | Via |", "| {bv} | {d} | – |"),
        ("| Khoảng cách ngắn nhất từ {src} | Đỉnh |", "| {d} | đỉnh {bv} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Hmm, okay, so the question is about {u}. Let me start there.",
    "Let me verify the input format before touching {u}.",
    "Next: {u}–{v}? Unknown yet.",
    "I'll note the order I visit things in: {u} first, then {v}.",
    "Should {u}–{v} turn out to be an edge, step 2 has to be redone.",
    "As regards {v}, nothing is settled yet.",
    "The fourth line of the input mentions {u}.",
    "First pop, second pop, third pop — the third one was {u}.",
    "Is {v} within reach of {u} at all? Checking.",
    "Whether {u} touches {v} decides the whole answer.",
    "If the answer hinges on {u}, I'll double-check it at the end.",
    "Wait — I conflated {u} with {v} a moment ago; ignore that line.",
    "var visited: array of Boolean;  {{ Pascal: all False at the start }}",
    "integer :: dist(n) = huge(0)  ! Fortran: every distance starts at infinity",
    'Q := OrderedCollection with: {bu}.  "Smalltalk BFS queue"',
    "let mut queue = VecDeque::from([{bu}]);  // Rust BFS queue",
    "query {{ node(id: {bu}) {{ id }} }}  # GraphQL: just fetching the node",
    "solve satisfy;  % MiniZinc: model only, not run yet",
    "=COUNTA(Edges!A:A)   (how many rows? not computed yet)",
    "$$S \\leftarrow \\varnothing,\\ T \\leftarrow \\{{{bu}, {bv}\\}}$$",
    "Let's see: 7 + 5 = 12, and 12 < 15, so keep going.",
    "Round two of the relaxations starts now.",
    "<strong>Plan:</strong> BFS from {bu}, then compare with {bv}.",
    "Jag börjar om från {u} (starting over).",
    "Sprawdzę jeszcze raz {u} (checking again).",
    "{u} için tekrar bakalım (look again).",
    "Xét lại {u} một lần nữa (re-checking).",
    "Coba lihat {u} dulu (look at it first).",
    "Ας ξαναδούμε το {u} (look again).",
    "נבדוק שוב את {u} (check again).",
]
"""Prose that names nodes and numbers but states no fact: plans, questions to self, a
hypothetical that asserts nothing, ordinals, a line of the input that mentions a node, a
retraction, Pascal, Fortran, Smalltalk, Rust, GraphQL, MiniZinc, Excel and LaTeX that only
declare or read, arithmetic, Swedish, Polish, Turkish, Vietnamese, Indonesian, Greek and Hebrew
asides. Filled with ``{u} {v} {bu} {bv}`` only."""
