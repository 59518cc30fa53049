"""The round-32 held-out phrasing bank for the trace-fact checker (split ``round32``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 31. Like round 18
after round 17, round 32 is a second general validation list after round 31: the mix real
traces use, lines as if lifted from long traces of DeepSeek-R1 / V3.1, Qwen3-Thinking, QwQ,
GPT-OSS / o3 / o4-mini, Claude Sonnet 4 / Opus 4, Gemini 2.5 Pro, Kimi K2, GLM-4.5, Llama-3.3
and Magistral solving the nine tasks on graphs with real-world node names, start to finish, in
voices and sentence shapes rounds 17, 18 and 31 did not take: the GPT-OSS "We" voice ("We have
edge A-B."), Gemini's progress narration ("I've confirmed A–B is listed."), Claude's "I notice"
and "Actually,", DeepSeek's "But hold on", Kimi's and GLM's clipped checks, Magistral's plain
declaratives; reading the input, planning, the main search (neighbour lists while scanning,
weights read while summing or comparing, degrees while counting or peeling, distances while
relaxing or layering, sets while closing a core or a clique), corrections and the final check,
with a little of each themed round's shape (a question answered, a code cell with its output, a
terse note, a fact about a node named just before, a premise after 'since', a recap line), each
at most about 5 %; about three fifths prose, the rest inline Python / NetworkX, LaTeX and
Markdown, and tables with plain headers. Every phrasing differs from those of the earlier splits
(``dev`` ... ``dev4``, ``round4`` ... ``round31``) and states exactly one fact, as the writer's
claim, so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels.
The filler states none and names no node or number of its own. Each kind's list is ordered (and
sized) so that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round32``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "We have edge {u}-{v} in the input."),
        ("prose", "I've confirmed that {u}–{v} is one of the listed edges."),
        ("prose", "I notice {u} and {v} share an edge, which helps the clique."),
        ("prose", "But hold on, {u}-{v} is actually in the list too, I overlooked it."),
        ("prose", "Reading the input line by line: {u} is joined to {v}."),
        ("prose", "Now, the pair {u}, {v} — they are linked by an edge."),
        ("prose", "Since {u}–{v} is an edge, the BFS reaches {v} straight from {u}."),
        ("prose", "Right, {v} connects directly to {u}."),
        ("prose", "Cross-checking against the edges given: {u}—{v} exists."),
        ("prose", "Actually, {u} does border {v}; I had dropped that edge."),
        ("prose", "There's an edge between {u} and {v}, I can see it in the input."),
        ("prose", "The next edge I read is {u}-{v}, so those two are adjacent."),
        ("prose", "Does {u} share an edge with {v}? It does."),
        ("code", "{bv} in G[{bu}]\n# True"),
        ("code", "G.has_edge({bu}, {bv})  # True, so we have that edge"),
        ("latex", "We have $({bu}, {bv}) \\in E$."),
        ("latex", "$e = \\{{{bu}, {bv}\\}}$ is an edge of the graph."),
        ("list", "* {bu} — {bv}: edge ✓"),
        ("bold", "**Edge found:** {bu}–{bv}"),
        ("arrow", "{bu} — {bv} ⇒ adjacent"),
    ],
    "non_edge": [
        ("prose", "We have no edge {u}-{v} in the input."),
        ("prose", "I've confirmed that {u}–{v} is not one of the listed edges."),
        ("prose", "I notice {u} and {v} share no edge, which breaks the clique."),
        ("prose", "But hold on, {u}-{v} isn't in the list, I imagined it."),
        ("prose", "Reading the input line by line: {u} is never joined to {v}."),
        ("prose", "Now, the pair {u}, {v} — no edge links them."),
        ("prose", "Since {u}–{v} is not an edge, the BFS can't go straight from {u} to {v}."),
        ("prose", "Right, {v} does not connect directly to {u}."),
        ("prose", "Cross-checking against the edges given: {u}—{v} doesn't exist."),
        ("prose", "Actually, {u} doesn't border {v}; I had invented that edge."),
        ("prose", "There's no edge between {u} and {v}, I can't find it in the input."),
        ("prose", "None of the lines I read is {u}-{v}, so those two are not adjacent."),
        ("prose", "Does {u} share an edge with {v}? It does not."),
        ("code", "{bv} in G[{bu}]\n# False"),
        ("code", "G.has_edge({bu}, {bv})  # False, so we lack that edge"),
        ("latex", "We have $({bu}, {bv}) \\notin E$."),
        ("latex", "$\\{{{bu}, {bv}\\}}$ is not an edge of the graph."),
        ("list", "* {bu} — {bv}: no edge ✗"),
        ("bold", "**No edge:** {bu}–{bv}"),
        ("arrow", "{bu} — {bv} ⇒ not adjacent"),
    ],
    "neighbours": [
        ("prose", "We have {u} adjacent to {items_and}, and those are all its neighbours."),
        ("prose", "I've gathered every neighbour of {u}: {items}."),
        ("prose", "Collecting the edges at {u} gives exactly {items_and} on the other end."),
        ("prose", "Now {u}'s entire neighbourhood: {items_brace}."),
        ("prose", "Actually, the complete list for {u} is {items}; I missed one earlier."),
        ("prose", "Since {u} touches only {items_and}, those are the candidates to extend."),
        ("prose", "The nodes next to {u}, all of them, are {items}."),
        ("prose", "Who borders {u}? {items_and}, and nobody else."),
        ("code", "sorted(G.adj[{bu}])\n# [{bitems}]  (all of them)"),
        ("code", "nbrs[{bu}] = [{bitems}]  # complete"),
        ("latex", "$\\mathcal{{N}}({bu}) = \\{{{bitems}\\}}$, nothing more."),
        ("list", "* {bu} → {bitems} (that's all)"),
        ("bold", "**All neighbours of {bu}:** {bitems}"),
    ],
    "edge_weight": [
        ("prose", "We have weight {w} on edge {u}-{v}."),
        ("prose", "I've noted that the {u}–{v} edge carries {w}."),
        ("prose", "Comparing candidates, {u}–{v} costs {w}."),
        ("prose", "But hold on, {u}-{v} is weighted {w}, not what I used."),
        ("prose", "Summing along, the hop from {u} to {v} adds {w}."),
        ("prose", "Since {u}–{v} weighs {w}, it goes into the tree next."),
        ("prose", "Reading the weights: {u} to {v} is {w}."),
        ("prose", "The cheapest edge left is {u}–{v} at {w}."),
        ("prose", "What does {u}–{v} weigh? {w}."),
        ("code", "G.edges[{bu}, {bv}]['weight']  # -> {w}"),
        ("code", "total += {w}  # edge {bu}-{bv}"),
        ("latex", "$w_{{{bu}{bv}}} = {w}$ (given)."),
        ("list", "* {bu}–{bv}, w = {w}"),
        ("arrow", "{bu} → {bv} costs {w}"),
    ],
    "node_weight": [
        ("prose", "We have node weight {w} on {u}."),
        ("prose", "The weight attached to {u} is {w}."),
        ("prose", "I've read off {u}'s weight as {w}."),
        ("prose", "Summing the triangle, {u} contributes {w}."),
        ("prose", "Actually, {u} weighs {w}; I misread it before."),
        ("code", "node_w[{bu}]  # {w}"),
        ("latex", "$\\omega({bu}) = {w}$."),
        ("list", "* {bu} (weight {w})"),
        ("bold", "**Weight of {bu}:** {w}"),
        ("prose", "Since {u} carries weight {w}, the triangle through it is worth checking."),
    ],
    "degree": [
        ("prose", "We have degree {d} for {u}."),
        ("prose", "I've counted the edges touching {u}: {d}."),
        ("prose", "Peeling round: {u} sits at degree {d}."),
        ("prose", "But hold on, {u} actually has degree {d}; I miscounted."),
        ("prose", "Tallying incident edges, {u} comes to {d}."),
        ("prose", "Since {u} has degree {d}, it stays a max-degree candidate for now."),
        ("prose", "Now {u}: {d} incident edges."),
        ("prose", "Right, the count for {u} is {d_words}."),
        ("prose", "Scanning for the maximum degree, {u} reaches {d}."),
        ("prose", "How many neighbours does {u} have? {d}."),
        ("prose", "Recap so far: {u} has degree {d}."),
        ("code", "len(G[{bu}])  # {d} neighbours"),
        ("code", "dict(G.degree())[{bu}]\n# {d}"),
        ("latex", "Degree: $d({bu}) = {d}$."),
        ("latex", "Here $\\deg({bu}) = {d}$ by counting."),
        ("list", "* {bu}: degree {d}"),
        ("bold", "**deg({bu})** = {d}"),
    ],
    "distance": [
        ("prose", "We have dist({u}, {v}) = {d} after relaxation finishes."),
        ("prose", "I've settled {v}: the shortest distance from {u} is {d}."),
        ("prose", "Popping {v} from the heap, its distance from {u} is final at {d}."),
        ("prose", "But hold on, the best path from {u} to {v} is {d}, shorter than I had."),
        ("prose", "Comparing routes, {u} to {v} can be done in {d} and no less."),
        ("prose", "Since {v} is {d} from {u}, it's within reach for the threshold."),
        ("prose", "Now {v} is finalized at {d} from {u}."),
        ("prose", "The minimum total weight from {u} to {v} is {d}."),
        ("prose", "How far is {v} from {u}? {d}, shortest."),
        ("prose", "For the diameter pair, the shortest {u}–{v} distance is {d}."),
        ("code", "nx.single_source_dijkstra_path_length(G, {bu})[{bv}]\n# {d}"),
        ("code", "print(dist[{bv}])  # {d}, source {bu}"),
        ("latex", "We get $\\delta({bu}, {bv}) = {d}$ once {bv} is settled."),
        ("list", "* {bv}: {d} from {bu} (final)"),
        ("bold", "**dist({bu}, {bv})** = {d}"),
    ],
    "hops": [
        ("prose", "We have {v} at hop distance {h} from {u}."),
        ("prose", "I've layered the BFS from {u}; {v} lands in layer {h}."),
        ("prose", "Unweighted, the shortest {u}–{v} path has {h} edges."),
        ("prose", "Since {v} sits {h} hops from {u}, the layer count is right."),
        ("prose", "Now {v}: reached from {u} at depth {h}."),
        ("prose", "The fewest edges between {u} and {v} is {h}."),
        ("prose", "How many hops from {u} to {v}? {h_words}."),
        ("code", "nx.single_source_shortest_path_length(G, {bu})[{bv}]\n# {h}"),
        ("latex", "$d_{{\\text{{hop}}}}({bu}, {bv}) = {h}$ (edges counted)"),
        ("list", "* {bv} — {h} hops from {bu}"),
        ("bold", "**Hops {bu}→{bv}:** {h}"),
    ],
    "path": [
        ("arrow", "We have {path} with total {d}."),
        ("arrow", "I've summed {path}: {d}."),
        ("arrow", "Along {path} the weights add to {d}."),
        ("arrow", "But hold on, {path} totals {d}, I mis-added."),
        ("arrow", "Checking the answer: {path} is {sum} = {d}."),
        ("arrow", "Now {path} — that one sums to {d}."),
        ("arrow", "The path {path} weighs {d} overall."),
        ("arrow", "Recap: {path} gives {d}."),
        ("code", "nx.path_weight(G, '{bpath}'.split(' -> '), 'weight')  # {d}"),
        ("latex", "Total: $w({bpath}) = {d}$"),
        ("list", "* {bpath}: total {d}"),
        ("bold", "**Total for {bpath}:** {d}"),
    ],
    "clique": [
        ("prose", "We have {items_and} pairwise adjacent, a {shape}."),
        ("prose", "I've verified all pairs among {items}; they form a {shape}."),
        ("prose", "Closing the clique: {items_brace} is a {shape}."),
        ("prose", "Now {items_and} — every two of them are linked, so that's a {shape}."),
        ("prose", "The nodes {items} make a {shape}."),
        ("code", "nx.is_clique(G, [{bitems}])  # True -> {shape}"),
        ("latex", "$K = \\{{{bitems}\\}}$ forms a {shape}."),
        ("list", "* {shape} ✓: {bitems}"),
        ("bold", "**Found a {shape}:** {bitems}"),
        ("prose", "Final check on the answer: {items} really is a {shape}."),
    ],
    "k_core": [
        ("prose", "We have the {k}-core as {items_and}."),
        ("prose", "I've finished peeling; {items} is the {k}-core."),
        ("prose", "Nothing more drops below {k}, so the {k}-core is {items_brace}."),
        ("prose", "The {k}-core ends up being {items_and}."),
        ("code", "list(nx.k_core(G, {k}).nodes)\n# [{bitems}]"),
        ("latex", "So $\\text{{core}}_{{{k}}}(G) = \\{{{bitems}\\}}$ after peeling."),
        ("list", "* {k}-core → {bitems}"),
        ("bold", "**{k}-core nodes:** {bitems}"),
    ],
    "hop_ball": [
        (
            "code",
            "r = nx.single_source_shortest_path_length(G, {bu}, cutoff={k})\n"
            "sorted(x for x in r if x != {bu})  # [{bitems}]",
        ),
        ("prose", "We have {items_and} within {k} hops of {u}, {u} excluded."),
        ("prose", "I've collected every node at most {k} hops from {u}, besides {u}: {items}."),
        ("prose", "Other than {u}, the nodes no more than {k} hops away are {items_brace}."),
        ("prose", "Within distance {k_words} of {u} (not {u} itself) lie {items}."),
        ("latex", "Hence $B_{{{k}}}({bu}) \\setminus \\{{{bu}\\}} = \\{{{bitems}\\}}$."),
        ("list", "* ≤{k} hops from {bu}, excluding {bu}: {bitems}"),
        ("bold", "**Within {k} of {bu} (without it):** {bitems}"),
    ],
}
"""Statement kinds and their round-32 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree counted |", "| {bu} | {d} |"),
        ("| Candidate | Incident edges |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| From | To | Weight (input) |", "| {bu} | {bv} | {w} |"),
        ("| Edge (u–v) | w |", "| {bu}–{bv} | {w} |"),
    ],
    "distance": [
        ("| Target | Shortest total from {src} |", "| {bv} | {d} |"),
        ("| Node | dist (source {src}) |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "We need to look at {u} next.",
    "I'm now moving on to {v}.",
    "Now I'll work through the relaxations in order.",
    "Alright, let me organise the input before searching.",
    "dist = {{}}  # filled as nodes are settled",
    "**Step: {bu}**",
    "I should keep track of which nodes I have visited.",
    "Let's see what {u} and {v} give us.",
    "$Q \\leftarrow V$",
    "Back to the question for a moment.",
    "* up next: {bv}",
    "I'll be careful with the arithmetic here.",
    "Turning to the edges around {u}.",
]
"""Moves on, sets up a structure, re-reads the question or turns to a node without saying
anything about it. Filled with ``{u} {v} {bu} {bv}`` only; names no node or number of its
own."""
