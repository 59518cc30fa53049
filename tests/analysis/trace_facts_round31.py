"""The round-31 held-out phrasing bank for the trace-fact checker (split ``round31``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 30. Like rounds
17 to 30 it aims at realism rather than novelty (no rare languages, no exotic notation); where
rounds 19 to 30 each took one theme (model-family voices, the algorithm's steps, the parts
around the search, questions answered, code inside reasoning, the terse scratchpad, reference
across clauses), round 31 is a general validation list like round 17: the mix real traces use,
ordinary facts in ordinary reasoning prose as DeepSeek-R1, QwQ, Qwen3, o3 / GPT-OSS, Claude,
Gemini 2.5, Kimi K2, GLM-4.5, Llama and Mistral write them while solving the nine tasks start to
finish: statements in the middle of the search ("Dijkstra settles C with distance 9 from A.",
"Prim considers A–B; that edge weighs 7."), neighbour lists while scanning ("Expanding A: its
neighbours are B, C, that's every one of them."), weights read off while summing a path ("Adding
up the path, the A–B leg contributes 7."), degrees while peeling or scanning ("Before peeling
anything, A has degree 4."), distances while relaxing, sets while closing a core or a clique
("Peeling done: the 2-core is A, B, and C."), corrections ("Wait, I skipped a line: A-B is also
an edge."), and a little of each shape the themed rounds took, each in about its natural share
(a question answered, a REPL cell with its output line, a terse note, a fact about a node named
just before); about three fifths prose, the rest inline Python / NetworkX, LaTeX and Markdown
(bullets, checkboxes, bold labels, arrows) and tables with plain headers ("| u | v | w(u,v) |").
Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ...
``round30``) and states exactly one fact, as the writer's claim (no suppositions, no open
questions, no negated hypotheticals but the stated non-edges), so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels. The filler
states none and names no node or number of its own: it moves on, sets up a structure, re-reads
the question, or turns to a node without saying anything about it. Each kind's list is ordered
(and sized) so that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks
it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round31``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        (
            "prose",
            "Scanning the edge list for {u}, I find {v} paired with it, so {u}–{v} is an edge.",
        ),
        ("prose", "Okay, {u} and {v} are adjacent — that's one of the input lines."),
        ("prose", "For the clique I need {u}–{v}: present, good."),
        ("prose", "Hmm, let me make sure {u} really connects to {v}... yes, the edge is listed."),
        ("prose", "Prim's tree is at {u}, and {v} hangs off it by a direct edge."),
        ("prose", "So {u} is adjacent to {v}; both can stay in the candidate."),
        ("prose", "Wait, I skipped a line: {u}-{v} is also an edge."),
        ("prose", "The input does have an edge joining {u} with {v}."),
        ("prose", "Good — {v} is in {u}'s adjacency, so the pair is connected."),
        ("prose", "Building the adjacency list, {u} gets {v} as a neighbour."),
        ("prose", "There is a direct edge {u}–{v}, so the BFS can step from one to the other."),
        ("prose", "Is {u} linked to {v}? Yes, directly."),
        ("code", "print({bv} in G.neighbors({bu}))  # True"),
        ("code", "edge_ok = G.has_edge({bu}, {bv})  # True, it's listed"),
        ("latex", "$\\{{{bu}, {bv}\\}} \\in E(G)$ — that edge is given."),
        ("latex", "Since ${bu} \\sim {bv}$ in $G$, the pair is adjacent."),
        ("list", "- [x] {bu}–{bv} is an edge"),
        ("bold", "**Adjacent:** {bu} and {bv}"),
        ("arrow", "{bu} ↔ {bv} (edge in input)"),
        ("prose", "{u}–{v}: edge, yes."),
    ],
    "non_edge": [
        ("prose", "Scanning the edge list for {u}, {v} never appears with it, so no {u}–{v} edge."),
        ("prose", "Okay, {u} and {v} are not adjacent — no input line has both."),
        ("prose", "For the clique I need {u}–{v}: missing, so that fails."),
        ("prose", "Hmm, let me make sure {u} doesn't connect to {v}... right, no such edge."),
        ("prose", "Prim's tree is at {u}, but there's no direct edge from it to {v}."),
        ("prose", "So {u} is not adjacent to {v}; one of them has to leave the candidate."),
        ("prose", "Wait, I misread a line: there's no edge {u}-{v} after all."),
        ("prose", "The input has no edge joining {u} with {v}."),
        ("prose", "No — {v} is absent from {u}'s adjacency, so the pair isn't connected."),
        ("prose", "Building the adjacency list, {u} does not get {v} as a neighbour."),
        ("prose", "There is no direct edge {u}–{v}, so the BFS can't step from one to the other."),
        ("prose", "Is {u} linked to {v}? No, not directly."),
        ("code", "print({bv} in G.neighbors({bu}))  # False"),
        ("code", "edge_ok = G.has_edge({bu}, {bv})  # False, not listed"),
        ("latex", "$\\{{{bu}, {bv}\\}} \\notin E(G)$ — no such edge is given."),
        ("latex", "Since ${bu} \\not\\sim {bv}$ in $G$, the pair is not adjacent."),
        ("list", "- {bu}–{bv}: ✗ not in the edge list"),
        ("bold", "**Not adjacent:** {bu} and {bv}"),
        ("arrow", "{bu} ↔ {bv}: no edge in the input"),
        ("prose", "{u}–{v}: no edge."),
    ],
    "neighbours": [
        ("prose", "Expanding {u}: its neighbours are {items}, that's every one of them."),
        ("prose", "Okay, so {u} is adjacent to {items_and}, and to nothing else."),
        ("prose", "Let me list everything {u} touches: {items_brace}. That's complete."),
        ("prose", "Going line by line, the full neighbour set of {u} comes out as {items}."),
        ("prose", "For the triangle I need all of {u}'s neighbours: {items_and}."),
        ("prose", "Hmm, I need to redo {u}'s adjacency properly. All its neighbours: {items}."),
        ("prose", "BFS pops {u} and looks at every neighbour it has: {items}."),
        ("prose", "What does {u} connect to? Exactly {items_and}."),
        ("code", "list(G.neighbors({bu}))\n# [{bitems}]"),
        ("code", "adj[{bu}]  # -> [{bitems}], the whole row"),
        ("latex", "$N_G({bu}) = \\{{{bitems}\\}}$ (complete)."),
        ("list", "- {bu}: {bitems} — all its neighbours"),
        ("bold", "**Neighbours of {bu} (full list):** {bitems}"),
    ],
    "edge_weight": [
        ("prose", "Kruskal's next edge in sorted order is {u}–{v}, with weight {w}."),
        ("prose", "Adding up the path, the {u}–{v} leg contributes {w}."),
        ("prose", "Okay, the weight on the edge between {u} and {v} is {w}."),
        ("prose", "Let me re-read the input for {u}-{v}... weight {w}."),
        ("prose", "Prim considers {u}–{v}; that edge weighs {w}."),
        ("prose", "Hmm, I had the wrong number for {u}–{v}. Going back to the list, it's {w}."),
        ("prose", "So relaxing {u} → {v} uses an edge of weight {w}."),
        ("prose", "The {u}–{v} edge is listed with weight {w}."),
        ("prose", "Going from {u} to {v} directly costs {w}."),
        ("code", "G[{bu}][{bv}]['weight']\n# {w}"),
        ("code", "mst_edges.append(({bu}, {bv}, {w}))  # weight as given"),
        ("latex", "$w({bu}, {bv}) = {w}$ from the edge list."),
        ("list", "- {bu}–{bv}: weight {w} ✓"),
        ("arrow", "{bu} --{w}-- {bv}  (Kruskal picks it up next)"),
    ],
    "node_weight": [
        ("prose", "{u} has weight {w}, per the list."),
        ("code", "G.nodes[{bu}]\n# {{'weight': {w}}}"),
        ("latex", "Node weight: $w({bu}) = {w}$."),
        ("list", "- {bu}: node weight {w}"),
        ("bold", "**{bu}** — node weight {w} (input)"),
        ("prose", "For the triangle sum I need {u}'s weight: {w}."),
        ("prose", "Okay, node {bu} weighs {w}."),
        ("prose", "Let me look at the node weights again... {u} is {w}."),
        ("prose", "Node weight of {u}, from the input: {w}."),
    ],
    "degree": [
        ("prose", "For the max-degree scan, counting {u}'s edges gives {d}."),
        ("prose", "Okay, {u} has {d} neighbours."),
        ("prose", "Let me tally the edges at {u}: {d_words}."),
        ("prose", "So the degree of {u} is {d}."),
        ("prose", "Before peeling anything, {u} has degree {d}."),
        ("prose", "{u} appears in {d} of the edges, so that's its degree."),
        ("prose", "Hmm, I counted {u} wrong before; it's degree {d}."),
        ("prose", "Going through {u}'s row I count {d} entries."),
        ("prose", "{u} ends up with degree {d} after I recount."),
        ("prose", "I'll note {u}'s degree, {d}, and move to the next node."),
        ("prose", "{u}: degree {d}, noted."),
        ("code", "G.degree[{bu}]\n# {d}"),
        ("code", "deg = Counter(x for e in edges for x in e)\ndeg[{bu}]  # {d}"),
        ("latex", "$\\deg_G({bu}) = {d}$."),
        ("latex", "That gives $|N({bu})| = {d}$."),
        ("list", "- {bu} — {d} edges"),
        ("bold", "**{bu}:** deg = {d}"),
    ],
    "distance": [
        ("prose", "Dijkstra settles {v} with distance {d} from {u}."),
        ("prose", "From {u}, the shortest way to {v} adds up to {d}."),
        ("prose", "So {v} is at distance {d} from {u}; that label is final."),
        ("prose", "Let me double-check {u} to {v} by another route... still {d}, the shortest."),
        ("prose", "For the diameter I need d({u}, {v}), and it comes to {d}."),
        ("prose", "For the threshold check, {v} is {d} away from {u} along the best path."),
        ("prose", "The shortest distance from {u} to {v} is {d}, I'm confident."),
        ("prose", "Heap pop: {v}, distance {d} from {u}. Done with it."),
        ("prose", "Hmm, I had a longer figure for {v} before, but from {u} it's {d} at best."),
        ("code", "dist = nx.dijkstra_path_length(G, {bu}, {bv})\nprint(dist)  # {d}"),
        ("code", "dist[{bv}]  # {d} (from {bu}, settled)"),
        ("latex", "Shortest distance: $\\operatorname{{dist}}({bu}, {bv}) = {d}$."),
        ("latex", "\\[ d({bu}, {bv}) = {d} \\] is the shortest-path distance."),
        ("list", "- shortest {bu} → {bv}: {d}"),
        ("bold", "**Distance {bu} → {bv}:** {d}"),
    ],
    "hops": [
        ("prose", "BFS from {u} reaches {v} on level {h}."),
        ("prose", "Counting edges only, {v} is {h} hops from {u}."),
        ("prose", "So the hop distance between {u} and {v} is {h}."),
        ("prose", "{v} first appears in layer {h} of the BFS started at {u}."),
        ("prose", "Okay, from {u} it takes {h_words} hops to reach {v}, at least."),
        ("prose", "Ignoring the weights, {u} and {v} are {h} edges apart on the shortest route."),
        ("prose", "Depth of {v} in the BFS tree rooted at {u}: {h}."),
        ("code", "nx.shortest_path_length(G, source={bu}, target={bv})\n# {h}"),
        ("latex", "$\\text{{hop}}({bu}, {bv}) = {h}$"),
        ("list", "- {bv}: level {h} (BFS from {bu})"),
        ("bold", "**{bu} → {bv}:** {h} hops"),
    ],
    "path": [
        ("arrow", "Adding along {path}: the total is {d}."),
        ("arrow", "So the path {path} has total weight {d}."),
        ("arrow", "Summing the edges of {path}, {sum}, gives {d}."),
        ("arrow", "Let me recompute {path}... {d}."),
        ("arrow", "Taking {path} costs {d} in total."),
        ("arrow", "Hmm, {path} comes to {d}, I had it wrong before."),
        ("arrow", "The route {path} totals {d}, so that's the candidate answer."),
        ("arrow", "{path}: {sum} = {d}."),
        ("code", "print(path_cost('{bpath}'))  # {d}"),
        ("latex", "$\\sum_{{e \\in P}} w(e) = {d}$ for $P = {bpath}$."),
        ("list", "- {bpath} ⇒ {d}"),
        ("bold", "**Path:** {bpath} — **total:** {d}"),
    ],
    "clique": [
        (
            "prose",
            "I checked every pair in {items_brace}; they're all adjacent, so it's a {shape}.",
        ),
        ("prose", "Okay, {items_and} are mutually connected — a {shape}."),
        ("prose", "So {items} is a {shape}: each pair shares an edge."),
        ("prose", "With the last member added, the {shape} is {items_brace}."),
        ("prose", "Every pair of {items_and} is joined, which gives a {shape}."),
        (
            "code",
            "is_clique = all(G.has_edge(x, y) for x, y in combinations([{bitems}], 2))\n"
            "# True — a {shape}",
        ),
        ("latex", "$\\{{{bitems}\\}}$ is a {shape} in $G$."),
        ("list", "- {shape}: {{{bitems}}} ✓"),
        ("bold", "**{shape}:** {bitems} (pairwise adjacent)"),
    ],
    "k_core": [
        ("prose", "Peeling done: the {k}-core is {items_and}."),
        (
            "prose",
            "Once no node has degree below {k}, what remains is {items_brace} — the {k}-core.",
        ),
        ("prose", "So the {k}-core consists of {items}."),
        ("prose", "After the repeated removals, {items_and} survive as the {k}-core."),
        ("code", "core_nodes = sorted(nx.k_core(G, k={k}))\n# [{bitems}]"),
        ("latex", "$C_{{{k}}} = \\{{{bitems}\\}}$ is the ${k}$-core."),
        ("list", "- {k}-core, once peeling stops: {bitems}"),
        ("bold", "**The {k}-core:** {bitems}"),
    ],
    "hop_ball": [
        ("prose", "Within {k} hops of {u}, not counting {u} itself, I get {items_and}."),
        ("prose", "BFS from {u} to depth {k} collects {items}, leaving out {u}."),
        (
            "prose",
            "So the answer set — nodes at most {k} hops from {u}, excluding it — is {items_brace}.",
        ),
        (
            "prose",
            "Everything reachable from {u} in {k_words} hops or fewer, apart from {u}: {items}.",
        ),
        (
            "code",
            "ball = nx.ego_graph(G, {bu}, radius={k})\nsorted(set(ball) - {{{bu}}})  # [{bitems}]",
        ),
        ("latex", "So $\\{{v \\ne {bu} : d({bu}, v) \\le {k}\\}} = \\{{{bitems}\\}}$."),
        ("list", "- within {k} hops of {bu} (not {bu}): {bitems}"),
        ("bold", "**Distance-{k} set from {bu}:** {bitems}"),
    ],
}
"""Statement kinds and their round-31 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree (count) |", "| {bu} | {d} |"),
        ("| Vertex | # incident edges |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| u | v | w(u,v) |", "| {bu} | {bv} | {w} |"),
        ("| Edge considered | Weight |", "| {bu}–{bv} | {w} |"),
    ],
    "distance": [
        ("| Node | d from {src} |", "| {bv} | {d} |"),
        ("| Settled node | Final distance (source {src}) |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Let me go through the edges for {u} once more.",
    "Next, {v}.",
    "I'll start the search from {u} and see where it leads.",
    "Hmm, not sure yet whether {v} matters here.",
    "Okay, moving on.",
    "Let me set up the distance table before relaxing anything.",
    "heap = []  # to be filled, starting from {bu}",
    "**Checking {bu}**",
    "Wait, let me re-read the question first.",
    "So far so good; the candidate still needs {u} and {v} checked.",
    "$S \\leftarrow \\emptyset$",
    "Let me be careful with the weights this time.",
    "- next: {bu}",
]
"""Moves on, sets up a structure, re-reads the question or turns to a node without saying
anything about it. Filled with ``{u} {v} {bu} {bv}`` only; names no node or number of its
own."""
