"""The round-12 held-out phrasing bank for the trace-fact checker (split ``round12``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 11, in the voices
of free-form reasoning traces (DeepSeek-R1 / V3's "Indeed,", Qwen3 and QwQ's "Consider A and
B.", Claude and o-series thinking's "Reading it off the input:", Gemini's **bold** verdicts,
GPT-OSS's terse "Adjacent, yes: B and A.", Kimi and GLM's ✅ / ❌ checklists, Llama, Mistral,
Phi, Grok): claims split across sentences ("Consider A and B. The input joins them with an
edge.", "Now the degree of A. I get 4.", "Dijkstra finishes with C. From A, the final value is
9."), questions answered at once ("Does an edge join A and B? It does.", "What does A weigh?
7."), passive voice ("Edges from A are found to B and C only", "A vertex weight of 7 is
assigned to A", "A triangle is induced by {A, B, C}"), inverted word order ("Non-adjacent, as
it turns out: B and A."), numbers in words, parentheticals, code-ish notation in Python,
JavaScript and pseudo-code (``G.has_edge(A, B)  # -> False``, ``edgeSet.has(key(A, B)) //
true``, ``EDGE?(A, B) = TRUE``, ``{'pair': (A, B), 'edge': True}``, ``G.nodes[A]['weight'] ==
7``, ``deg[A] ← 4   ▹ counted``, ``dist_from = {A: {C: 9}}``, ``nx.path_weight(G, path,
'weight')``), LaTeX inline and display (``A \\leftrightarrow B``, ``A \\not\\leftrightarrow
B``, ``\\mathcal{N}(A)``, ``\\begin{aligned} … \\end{aligned}``, ``\\text{…}``,
``\\min_{P: A \\leadsto C}``, ``\\sum_x \\mathbb{1}[\\{A, x\\} \\in E]``, ``B_2(A) \\setminus
\\{A\\}``), bullet, numbered and roman-numbered lists, arrows (``⟺``, ``⇏``, ``⟶``, ``=(7)=``,
``~(2)~>``, ``→(BFS)→``, ``⇒``), **bold** labels, numeric ids in prose ("Vertex number 3 has a
direct edge to vertex number 5") and Markdown tables with other headers. Every phrasing differs
from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round11``) and states
exactly one fact, so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with
exact labels; the filler states none (quoting the question, restating the rules, backtracking,
hypotheticals and suppositions, questions to self, plans and step headings, visited / queue /
priority-queue / distance-table states, notes, arithmetic). Each kind's list is ordered so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round11``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round12``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Indeed, {u} borders {v} directly: that pair is an edge of the graph."),
        ("prose", "Scanning the input, I find {v} listed against {u}. They're adjacent, then."),
        ("prose", "{u} and {v} are linked by a single edge, as the input states."),
        ("prose", "Consider {u} and {v}. The input joins them with an edge."),
        ("prose", "Does an edge join {u} and {v}? It does."),
        ("prose", "Adjacent, yes: {v} and {u}."),
        ("prose", "Vertex {bu} has a direct edge to vertex {bv}."),
        ("code", "edge_exists = ({bu}, {bv}) in G.edges  # True"),
        ("code", "edgeSet.has(key({bu}, {bv})) // true"),
        ("code", "EDGE?({bu}, {bv}) = TRUE"),
        ("code", "{{'pair': ({bu}, {bv}), 'edge': True}}"),
        ("latex", "Clearly ${bu} \\leftrightarrow {bv}$ in $G$ (edge present)."),
        ("latex", "$$ \\text{{edge}}({bu}, {bv}) = \\text{{true}} $$"),
        ("list", "• ({bu}, {bv}) — present in E"),
        ("list", "(iv) {bu} and {bv}: adjacent."),
        ("arrow", "{bu} ⟺ {bv} [adjacent]"),
        ("bold", "**{bu}–{bv}:** edge ✅"),
    ],
    "non_edge": [
        ("prose", "Indeed, {u} does not border {v}; no edge joins them."),
        ("prose", "Scanning the input, I never find {v} listed against {u}. Not adjacent, then."),
        ("prose", "{u} and {v} are not linked by any edge in the input."),
        ("prose", "Consider {u} and {v}. The input gives no edge between them."),
        ("prose", "Does an edge join {u} and {v}? It doesn't."),
        ("prose", "Non-adjacent, as it turns out: {v} and {u}."),
        ("prose", "Vertex {bu} has no direct edge to vertex {bv}."),
        ("code", "edge_exists = ({bu}, {bv}) in G.edges  # False"),
        ("code", "edgeSet.has(key({bu}, {bv})) // false"),
        ("code", "EDGE?({bu}, {bv}) = FALSE"),
        ("code", "{{'pair': ({bu}, {bv}), 'edge': False}}"),
        ("latex", "Clearly ${bu} \\not\\leftrightarrow {bv}$ in $G$ (no edge)."),
        ("latex", "$$ \\text{{edge}}({bu}, {bv}) = \\text{{false}} $$"),
        ("list", "• ({bu}, {bv}) — absent from E"),
        ("list", "(iv) {bu} and {bv}: non-adjacent."),
        ("arrow", "{bu} ⇏ {bv} [no edge]"),
        ("bold", "**{bu}–{bv}:** no edge ❌"),
    ],
    "neighbours": [
        ("prose", "The neighbourhood of {u}, in its entirety, is {items_and}."),
        ("prose", "{u} borders {items_and}: those, and only those."),
        ("prose", "Consider {u}. Its edges go to {items}, and nowhere else."),
        ("prose", "Edges from {u} are found to {items_and} only."),
        ("prose", "And {u}'s full neighbour list? {items_brace}, nothing further."),
        ("prose", "Vertex {bu} borders precisely these: {bitems}."),
        ("code", "sorted(G.neighbors({bu}))  # -> [{bitems}], all of them"),
        ("code", "Array.from(adj.get({bu})) // [{bitems}] (every neighbour)"),
        ("code", "NEIGHBOURS({bu}) ← {{{bitems}}}   ▹ complete"),
        ("latex", "$\\mathcal{{N}}({bu}) = \\{{{bitems}\\}}$ and no other vertex"),
        (
            "latex",
            "$$\\begin{{aligned}} \\Gamma_G({bu}) &= \\{{ {bitems} \\}} && "
            "\\text{{(all of them)}} \\end{{aligned}}$$",
        ),
        ("list", "◦ {bu} | nbrs = {bitems} | complete"),
        ("arrow", "{bu} ⟶ {items_brace} (that is its whole neighbourhood)"),
        ("bold", "**{bu}, all neighbours:** {items_and}"),
    ],
    "edge_weight": [
        ("prose", "Reading it off the input: {u}–{v} weighs in at {w}."),
        ("prose", "{w} is what the edge between {v} and {u} is worth."),
        ("prose", "Now the {u}–{v} edge. Its listed weight: {w}."),
        ("prose", "How heavy is the edge {u}–{v}? {w}."),
        ("prose", "{u}–{v}, with its weight of {w}, enters the candidate set."),
        ("prose", "The edge from node {bu} to node {bv} carries {w} units."),
        ("code", "G.edges[{bu}, {bv}]['weight']  # {w}"),
        ("code", "w_uv = lookup({bu}, {bv});  // == {w}"),
        ("code", "({bu}, {bv}, {{'weight': {w}}})  # edge data"),
        ("code", "W[{bu}][{bv}] ← {w}   ▹ read from input"),
        ("latex", "$\\mathrm{{wt}}(e) = {w}$ where $e = \\{{{bu}, {bv}\\}}$"),
        (
            "latex",
            "$$\\begin{{aligned}} \\varpi({bu}, {bv}) &= {w} && \\text{{(given)}} "
            "\\end{{aligned}}$$",
        ),
        ("list", "+ weight on ({bu}, {bv}) reads {w}"),
        ("arrow", "{bu} ⟵({w})⟶ {bv}"),
        ("bold", "**{bu}–{bv} weight** → {w}"),
    ],
    "node_weight": [
        ("bold", "**Node {bu}:** weight = {w}"),
        ("prose", "A vertex weight of {w} is assigned to {u} in the input."),
        ("prose", "Next, {u}. Vertex weight = {w}."),
        ("prose", "What does {u} weigh? {w}."),
        ("prose", "Node {bu} carries weight {w} (its own, not an edge's)."),
        ("code", "node_attr[{bu}] == {{'weight': {w}}}"),
        ("code", "vertex.get({bu}).w // {w}"),
        ("latex", "$\\mu({bu}) = {w}$ (vertex weight)"),
        ("latex", "$$ w_{{\\text{{node}}}}({bu}) = {w} $$"),
        ("list", "3. vertex {bu}: weight {w}"),
        ("arrow", "{bu} ↦ w={w} (node)"),
        ("prose", "Printed beside {u} in the input: weight {w}."),
    ],
    "degree": [
        ("prose", "Edges touching {u}, all told: {d_words}."),
        ("prose", "A total of {d} edges is incident on {u}."),
        ("prose", "Now the degree of {u}. I get {d}."),
        ("prose", "How many edges end at {u}? {d_words}."),
        ("prose", "Node {bu} ends up with degree {d}."),
        ("prose", "{u} (degree {d}, I recounted) stays a candidate."),
        ("code", "Counter(x for e in E for x in e)[{bu}]  # {d}"),
        ("code", "adj[{bu}].size === {d} // true, its degree"),
        ("code", "deg[{bu}] ← {d}   ▹ counted from the edge list"),
        ("latex", "$d_G({bu}) = {d}$ (its degree)"),
        ("latex", "$$\\sum_{{x}} \\mathbb{{1}}[\\{{{bu}, x\\}} \\in E] = {d}$$"),
        ("list", "▸ {bu} — incident-edge count {d}"),
        ("arrow", "{bu} ⇒ incident edges: {d}"),
        ("bold", "**{bu}** has **{d_words}** incident edges"),
    ],
    "distance": [
        ("prose", "Measured from {u}, {v} is at shortest distance {d}."),
        ("prose", "{u} and {v} are {d} apart along a shortest path."),
        ("prose", "Dijkstra finishes with {v}. From {u}, the final value is {d}."),
        ("prose", "Shortest distance {u} to {v}? {d_words}."),
        ("prose", "From node {bu} to node {bv} the optimum is {d}."),
        ("prose", "Nothing shorter than {d} connects {u} to {v}, and {d} is achieved."),
        ("code", "spl = nx.single_source_dijkstra_path_length(G, {bu}); spl[{bv}]  # {d}"),
        ("code", "distances[{bv}] // {d} (source {bu}, final)"),
        ("code", "SP({bu}, {bv}) = {d}   ▹ optimal"),
        ("code", "dist_from = {{{bu}: {{{bv}: {d}}}}}  # final"),
        ("latex", "$D({bu}, {bv}) = {d}$, the shortest-path distance"),
        ("latex", "$$\\min_{{P:\\, {bu} \\leadsto {bv}}} w(P) = {d}$$"),
        ("list", "• d*({bu} → {bv}) = {d}"),
        ("arrow", "{bu} ⟶ ⋯ ⟶ {bv} ∴ min = {d}"),
        ("bold", "**{bu} to {bv}, shortest:** {d}"),
    ],
    "hops": [
        ("prose", "Counting edges rather than weights, {v} sits {h} away from {u}."),
        ("prose", "Unweighted, the trip from {u} to {v} needs {h} edges at best."),
        ("prose", "Breadth-first from {u}. {v} is in level {h}."),
        ("prose", "How many hops from {u} to {v}, minimum? {h}."),
        ("prose", "Node {bv} is {h_words} hops from node {bu} (fewest possible)."),
        ("code", "bfs_level = {{{bv}: {h}}}  # root {bu}"),
        ("code", "hopDist({bu}, {bv}) === {h} // unweighted BFS"),
        ("latex", "$\\eta_G({bu}, {bv}) = {h}$ (hops)"),
        ("latex", "$$ \\operatorname{{dist}}_{{\\text{{unweighted}}}}({bu}, {bv}) = {h} $$"),
        ("list", "◦ fewest hops {bu}–{bv}: {h}"),
        ("arrow", "{bu} →(BFS)→ {bv} : depth {h}"),
        ("bold", "**Hop count ({bu}, {bv})** = {h_words}"),
    ],
    "path": [
        ("arrow", "Summing the edges of {path} yields {d}."),
        ("arrow", "{d} is the total weight of the path {path}."),
        ("arrow", "Trace the route {path}. Its length is {d_words}."),
        ("arrow", "And the cost of {path}? {d}."),
        ("arrow", "{path}: {sum}, i.e. {d}."),
        ("code", "nx.path_weight(G, path, 'weight')  # {d}, path: {bpath}"),
        ("code", "route.reduce(add, 0) // {d}  ({bpath})"),
        ("latex", "$$\\ell\\big({bpath}\\big) = {sum} = {d}$$"),
        ("list", "3) via {path}, sum {d}"),
        ("bold", "**Length of {path}:** {d_words}"),
    ],
    "clique": [
        ("prose", "{items_and}, each one adjacent to each other one, form a {shape}."),
        ("prose", "A {shape} is induced by {items_brace}."),
        ("prose", "Check the pairs within {items_brace}. All present; {shape} confirmed."),
        ("prose", "Are {items_and} a {shape}? Yes, every pair is joined."),
        ("prose", "Nodes {bitems} are pairwise adjacent ({shape})."),
        ("code", "nx.density(G.subgraph([{bitems}])) == 1.0  # {shape}"),
        ("code", "isComplete(sub([{bitems}])) // true, {shape}"),
        (
            "latex",
            "$E \\supseteq \\{{xy : x \\neq y,\\ x, y \\in \\{{{bitems}\\}}\\}}$ (a {shape})",
        ),
        ("list", "- {shape} ✓ {items_brace}, all pairs joined"),
        ("arrow", "[{bitems}] —all pairs adjacent→ {shape}"),
        ("bold", "**Pairwise adjacent ({shape}):** {items_and}"),
    ],
    "k_core": [
        ("latex", "$$\\operatorname{{core}}_{{k={k}}} = \\{{{bitems}\\}}$$"),
        ("bold", "**Members of the {k_words}-core**: {bitems}"),
        ("list", "▸ survivors at k = {k}: {items_brace}"),
        ("prose", "Peeling converges. Remaining {k}-core: {items}."),
        ("prose", "Nodes {bitems} form the {k}-core, nothing else."),
        (
            "prose",
            "{items_brace} is what is left once every node of degree below {k} has been "
            "stripped away, repeatedly.",
        ),
        ("arrow", "peel(k={k}) ⇒ {bitems}"),
        ("code", "[n for n, c in nx.core_number(G).items() if c >= {k}]  # [{bitems}]"),
    ],
    "hop_ball": [
        (
            "prose",
            "{items_brace} are reached from {u} in at most {k} hops (the source excluded).",
        ),
        (
            "prose",
            "Expanding {u} out to {k_words} levels. New nodes discovered: {items_and}.",
        ),
        ("prose", "Within {k} hops of node {bu}, excluding node {bu}: {bitems}."),
        ("code", "{{x for x in ball({bu}, {k}) if x != {bu}}}  # {{{bitems}}}"),
        (
            "latex",
            "$$\\operatorname{{Ball}}({bu}, {k}) \\setminus \\{{{bu}\\}} = \\{{{bitems}\\}}$$",
        ),
        ("list", "• hop radius {k} from {bu}, {bu} omitted: {bitems}"),
        ("arrow", "{bu} ~({k})~> {items_brace}, excluding {bu}"),
        ("bold", "**≤ {k} hops from {bu} (source not counted):** {items_and}"),
    ],
}
"""Statement kinds and their round-12 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node name | Edge count |", "| {bu} | count={d} |"),
        ("| Vertex | Adjacent vertices | Degree |", "| {bu} | {bitems} | {d_words} in all |"),
        ("| v | d(v) |", "| {bu} | d = {d} |"),
    ],
    "edge_weight": [
        ("| One end | Other end | Weight on the edge |", "| {bu} | {bv} | weighs {w} |"),
        ("| Edge | Input weight |", "| ({bu}, {bv}) | = {w} |"),
        ("| Joined pair | Weight read |", "| {u} ~ {v} | {w} |"),
    ],
    "distance": [
        ("| Target vertex | Distance from {src} |", "| {bv} | {d} (shortest) |"),
        ("| v | dist({src}, v) | Final? |", "| {bv} | {d} | yes |"),
        ("| Node | Shortest path cost (source: {src}) |", "| {v} | cost {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    'Quoting the prompt: "Return only the final number."',
    "Rules recap: no self-loops, no multi-edges, weights are positive.",
    'The problem states: "each edge appears exactly once".',
    "Restating: k counts hops, not weight.",
    "Hypothetically, were {u} adjacent to {v}, the count would go up; unverified.",
    "Suppose {bu} and {bv} were joined by an edge of weight 3. Then what? Probably nothing.",
    "If {v} turns out to have degree 0, we can drop it; not known yet.",
    "What is the degree of {u}? I'll compute it below.",
    "Is {v} within reach of {u}? Let me work it out.",
    "Question to self: does the path through {v} beat the one through {u}?",
    "Plan: (a) list neighbours, (b) count them, (c) compare with {v}.",
    "Going forward I'll handle {u} before {v}.",
    "**Step 4: verify {bu} against {bv}**",
    "visited = [{bu}]; queue = [{bv}]  # iteration 1",
    "pq = [(3, {bv})]  # tentative, {bu} just popped",
    "dist = {{{bu}: 0}}  # initial table, {bv} not yet seen",
    "12 + 3 = 15; 15 > 14, so no improvement.",
    "2 + 2 + 1 = 5, carry on.",
    "Wait, that's wrong: I swapped {u} and {v}. Start over.",
    "Backtracking past {bu}; that branch led nowhere.",
    "Hmm, maybe {bu} and {bv} are adjacent, maybe not; re-read the input.",
    "I should double-check {u}'s line in the input.",
    "# NOTE: recompute the weights touching {bu} later",
    "Let me reconsider {u}; something feels off.",
    "$$S \\gets \\emptyset$$ (the answer set, empty for now).",
]
"""Prose that names nodes and numbers but states no fact: quoting the question, restating the
rules, hypotheticals and suppositions, questions to self, plans and step headings, visited /
queue / priority-queue / distance-table states, arithmetic, backtracking, notes. Filled with
``{u} {v} {bu} {bv}`` only."""
