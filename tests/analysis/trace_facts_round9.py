"""The round-9 held-out phrasing bank for the trace-fact checker (split ``round9``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses`` or
any other ``gralgo/analysis/_trace_*`` module) nor the design note's sections on how claims are
read, in the styles of free-form reasoning traces (DeepSeek-R1 / V3, Qwen3, QwQ, Claude /
o-series thinking, Gemini, Llama, Mistral, Phi, GPT-OSS, Kimi, GLM): claims split across two
sentences ("Looking at B. It is linked to A by an edge", "Looking at A. Its full neighbour set
is {B, C}"), passive voice ("A degree of 4 is observed for A", "An edge between A and B is
absent from the input", "The weight 7 belongs to the edge between A and B"), numbers in words,
parentheticals, code-ish notation (``(A, B) in edge_set # True``, ``adj[A].includes(B) //
true``, ``neighbors[A] = {B, C} # complete``, ``nx.dijkstra_path_length(G, A, B) # 9``,
``level[B] = 2 # BFS from A``, ``is_clique(G, [A, B, C])``, ``kcore_members = [A, B, C]``),
LaTeX (``$\\Gamma(A)$``, ``$\\operatorname{deg}(A) = 4$``, ``$d^{*}(A, B) = 9$``, ``$\\{x : 1
\\le \\mathrm{hop}(A, x) \\le 2\\}$``), bullets with check marks, ``A —7→ B``, ``A ~~> B``,
**bold** labels, numbered lists and Markdown tables with other headers. Every phrasing differs
from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round8``) and states
exactly one fact, so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with
exact labels; the filler states none (quoting the question, restating the task's rules, "wait,
no" backtracking, hypotheticals, questions, plans, queue / heap / seen states, to-do checkboxes,
arithmetic, tentative values).

Same structure and placeholders as ``trace_facts_round8``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round9``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Looking at {v}. It is linked to {u} by an edge."),
        ("prose", "Right, {u} and {v} are joined directly."),
        ("prose", "{u} is directly linked with {v} (the edge is in the input)."),
        ("prose", "Confirmed: an edge runs between {u} and {v}."),
        ("prose", "Node {bu} shares an edge with node {bv}, good."),
        ("code", "({bu}, {bv}) in edge_set  # True"),
        ("code", "adj[{bu}].includes({bv})  // true"),
        ("latex", "Since $\\{{{bu}, {bv}\\}} \\in E(G)$, the two are adjacent."),
        ("list", "• {bu} ↔ {bv} — edge ✔"),
        ("arrow", "{bu} ⟷ {bv} (direct edge)"),
        ("bold", "**Adjacent:** {bu} & {bv}"),
    ],
    "non_edge": [
        ("prose", "Looking at {v}. There is no edge from it to {u}."),
        ("prose", "No edge connects {u} with {v}; they're non-adjacent."),
        ("prose", "Nope — {u} doesn't link to {v} directly."),
        ("prose", "An edge between {u} and {v} is absent from the input."),
        ("prose", "No direct link exists between node {bu} and node {bv}."),
        ("code", "({bu}, {bv}) in edge_set  # False"),
        ("code", "adj[{bu}].includes({bv})  // false"),
        ("latex", "Here $\\{{{bu}, {bv}\\}} \\not\\in E$, hence they are non-adjacent."),
        ("list", "• {bu} ↔ {bv} — no edge ✘"),
        ("arrow", "{bu} ✗→ {bv} (not adjacent)"),
        ("bold", "**Not adjacent:** {bu} & {bv}"),
    ],
    "neighbours": [
        ("prose", "Looking at {u}. Its full neighbour set is {items_brace}."),
        ("prose", "Every neighbour of {u}: {items_and}. Nothing more."),
        ("prose", "{u} links to exactly these: {items}."),
        ("prose", "Exactly {items_and} are joined to {u}; that's every neighbour."),
        ("prose", "Node {bu} — neighbours (complete): {bitems}."),
        ("code", "neighbors[{bu}] = {{{bitems}}}  # complete"),
        ("code", "set(G.adj[{bu}]) == {{{bitems}}}  # all of them"),
        ("latex", "$\\Gamma({bu}) = \\{{{bitems}\\}}$ (all neighbours)"),
        ("list", "- {bu}: [{bitems}] ← whole neighbour list"),
        ("bold", "**Neighbours of {bu} (all):** {bitems}"),
        ("arrow", "{bu} ⇉ {items_and}, nothing else"),
    ],
    "edge_weight": [
        ("prose", "Looking at {u}–{v}. That edge weighs {w}."),
        ("prose", "{u}–{v} is weighted {w}, per the input."),
        ("prose", "Weight on the {u}, {v} edge: {w}."),
        ("prose", "The weight {w} belongs to the edge between {u} and {v}."),
        ("code", "edge_w[{bu}][{bv}] = {w}"),
        ("code", "cost({bu}, {bv}) -> {w}"),
        ("latex", "$\\mathrm{{w}}(\\{{{bu}, {bv}\\}}) = {w}$"),
        ("list", "1. ({bu}, {bv}), weight {w}"),
        ("arrow", "{bu} —{w}→ {bv}  (edge weight)"),
        ("bold", "**w({bu}, {bv}) = {w}**"),
    ],
    "node_weight": [
        ("prose", "Looking at {u}. The weight on this node is {w}."),
        ("prose", "Node weight of {u} comes out as {w}."),
        ("prose", "The vertex {u} weighs {w}."),
        ("code", "node_weights = {{{bu}: {w}}}"),
        ("latex", "$c_{{{bu}}} = {w}$ (vertex weight)"),
        ("list", "• {bu} → node weight {w}"),
        ("bold", "**Vertex {bu}** (weight {w})"),
        ("arrow", "{bu} ⇒ w = {w}"),
    ],
    "degree": [
        ("prose", "Looking at {u}. Exactly {d_words} edges meet there."),
        ("prose", "{u}'s degree works out to {d}."),
        ("prose", "Counting incident edges for {u}: {d}."),
        ("prose", "A degree of {d} is observed for {u}."),
        ("prose", "So node {bu} is of degree {d_words}."),
        ("code", "G.degree({bu})  # {d}"),
        ("code", "degrees[{bu}] = {d}  # counted"),
        ("latex", "$\\operatorname{{deg}}({bu}) = {d}$"),
        ("list", "- {bu} (deg {d})"),
        ("bold", "**Degree({bu})** → {d}"),
        ("arrow", "{bu} ⟶ degree {d}"),
    ],
    "distance": [
        ("prose", "Looking at {u}. The cheapest route to {v} costs {d}."),
        ("prose", "The minimum-weight path from {u} to {v} totals {d_words}."),
        ("prose", "{v}'s final shortest distance (source {u}) is {d}."),
        ("prose", "No path from {u} to {v} is shorter than {d}, and one achieves it."),
        ("code", "nx.dijkstra_path_length(G, {bu}, {bv})  # {d}"),
        ("code", "shortest[{bu}][{bv}] = {d}"),
        ("latex", "$d^{{*}}({bu}, {bv}) = {d}$"),
        ("latex", "$\\text{{SP}}({bu} \\to {bv}) = {d}$"),
        ("list", "* shortest {bu}→{bv}: {d}"),
        ("arrow", "{bu} ~~> {bv} = {d} (optimal)"),
        ("bold", "**dist({bu}, {bv})** = {d} (shortest)"),
    ],
    "hops": [
        ("prose", "Looking at {v}. It sits {h} edges away from {u}, at the fewest."),
        ("prose", "{v} first appears in BFS layer {h} from {u}."),
        ("prose", "Minimum hop count from {u} to {v}: {h_words}."),
        ("prose", "{u} and {v} are separated by {h} hops (shortest, unweighted)."),
        ("code", "nx.shortest_path_length(G, {bu}, {bv})  # {h} hops, unweighted"),
        ("code", "level[{bv}] = {h}  # BFS from {bu}"),
        ("latex", "$h({bu}, {bv}) = {h}$ edges minimum"),
        ("list", "- hops {bu}→{bv}: {h} (min)"),
        ("bold", "**Hop distance {bu}–{bv}:** {h}"),
        ("arrow", "{bu} ⇢ {bv} = {h} hop(s), minimum"),
    ],
    "path": [
        ("arrow", "Route {path}: weights sum to {d}."),
        ("arrow", "Following {path}, the total is {d_words}."),
        ("arrow", "{path} — total {d}."),
        ("arrow", "Going {bpath} costs {sum} = {d}."),
        ("arrow", "Looking at the path {path}. Its length is {d}."),
        ("code", "path_len = {d}  # {bpath}"),
        ("latex", "$P: {bpath}$, $\\ell(P) = {d}$"),
        ("list", "- path: {path}; total {d}"),
        ("bold", "**Total along {path}:** {d}"),
    ],
    "clique": [
        ("prose", "Looking at {items_and}. Each pair is joined, so they form a {shape}."),
        ("prose", "{items_brace} makes a {shape}: every pair is adjacent."),
        ("prose", "Mutually adjacent: {items_and}, hence a {shape}."),
        ("prose", "Found a {shape} among {items_and}."),
        ("code", "is_clique(G, [{bitems}])  # True ({shape})"),
        ("latex", "$\\forall x \\ne y \\in \\{{{bitems}\\}}: xy \\in E$, a {shape}."),
        ("list", "- {shape}: {bitems} (all pairs adjacent)"),
        ("bold", "**{shape} found:** {items_and}"),
        ("arrow", "[{bitems}] → {shape}, every pair linked"),
    ],
    "k_core": [
        ("prose", "Looking at the {k}-core. Its members are {items_and}."),
        ("prose", "The vertices of the {k}-core: {items}."),
        ("prose", "{items_brace} is exactly the {k}-core."),
        ("prose", "Only {items_and} survive in the {k_words}-core."),
        ("code", "kcore_members = [{bitems}]  # k={k}"),
        ("latex", "$C_{{{k}}} = \\{{{bitems}\\}}$ (the {k}-core)"),
        ("list", "• {k}-core → {bitems}"),
        ("bold", "**{k}-core members:** {bitems}"),
        ("arrow", "prune deg < {k} ⇒ {items_brace} remain"),
    ],
    "hop_ball": [
        ("prose", "Looking at {u}. Everything within {k} hops, itself excluded, is {items_and}."),
        ("prose", "Other than {u}, the nodes reachable in at most {k_words} hops are {items}."),
        ("prose", "Within distance {k} of {u} we find exactly {items_and} (not counting {u})."),
        ("code", "ball({bu}, r={k}) - {{{bu}}} == {{{bitems}}}"),
        ("latex", "$\\{{x : 1 \\le \\mathrm{{hop}}({bu}, x) \\le {k}\\}} = \\{{{bitems}\\}}$"),
        ("list", "- ≤{k} hops from {bu}, excl. itself: {bitems}"),
        ("bold", "**Within {k} hops of {bu}:** {bitems}"),
        ("arrow", "{bu} ⇒ (≤ {k} hops) {items_brace}"),
    ],
}
"""Statement kinds and their round-9 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Vertex | Adjacent to | Deg |", "| {bu} | {bitems} | {d} |"),
        ("| node id | degree |", "| {bu} | {d} |"),
        ("| Node | # incident edges |", "| **{bu}** | {d} |"),
    ],
    "edge_weight": [
        ("| Edge pair | Given weight |", "| ({bu}, {bv}) | {w} |"),
        ("| e | weight(e) |", "| {bu}—{bv} | `{w}` |"),
        ("| Start | End | w |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| Target | Shortest dist. from {src} |", "| {bv} | {d} |"),
        ("| Node | d({src}, ·), final |", "| {bv} | {d} |"),
        ("| To | Cheapest cost (from {src}) |", "| `{bv}` | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Wait, no, that's wrong: I misread the line. Redo.",
    "Hmm, is {u} even adjacent to {v}? Let me scroll back up.",
    'The question asks: "What is the shortest path length from {bu} to {bv}?"',
    "Reminding myself of the rules: edges are undirected, no self-loops.",
    "Suppose {u} connected to {v} — then a triangle would close. Only a hypothetical.",
    "If the edge {bu}–{bv} had weight 1, the answer could change; not relevant yet.",
    "queue = deque([{bu}])  # BFS start; {bv} not yet seen",
    "pq: [(0, {bu})], popped = []",
    "Step 2: relax the edges out of {u}, then move on to {v}.",
    "Let me first write down all the edges, then count degrees.",
    "9 + 3 = 12; 12 < 14, so update.",
    "That gives 5 choose 2 = 10 pairs to check.",
    "Possibly {v} is closer to {u} than I thought — to be confirmed.",
    "Actually scratch that, I'll restart from {u}.",
    "**Plan:** compute degrees, peel, repeat.",
    "`seen = set()`  # initialise before the search",
    "- [ ] check {bu}–{bv}",
    "Is $({bu}, {bv}) \\in E$? To be checked.",
    "Does {u} touch {v}? I'll return to this.",
    "current = {bu}; next candidate = {bv}",
    "Keep in mind: a k-core keeps only nodes with at least k neighbours inside it.",
    "Not sure about the weight of {u} yet; let me look again.",
]
"""Prose that names nodes and numbers but states no fact: "wait, no" backtracking, quoting the
question, restating the task's rules, hypotheticals, questions, queue / heap / seen states,
plans, to-do checkboxes, arithmetic, tentative values. Filled with ``{u} {v} {bu} {bv}`` only."""
