"""The round-21 held-out phrasing bank for the trace-fact checker (split ``round21``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 20. Like rounds
17 to 20 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices and round 20 the steps of each task's algorithm, round 21
takes the parts of a trace around the main search, in mixed voices and across the nine tasks:
the first reading of the input, restating edges, weights and rows as the model copies them out
("Let me parse the graph first, copying the edges out as I go — A–B is one of them.", "Copying
the input: A to B, weight 7.", ``G.add_edge(A, B, weight=7)  # parsed from the input``); the
back-and-forth of self-correction, where the slip names no node or value of its own and the one
fact is the restated one ("No wait, I skipped a line when I copied the list. A–B is an edge
too.", "Hmm, that tally's wrong. Correct: deg(A) = 4.", "Ugh, arithmetic slip. Redoing it: A →
B → C = 3 + 6 = 9."); the final verification pass and the recap before the answer ("Final
check: the shortest distance from A to C is 9.", "Summary of what I found: A has degree 4.",
"Therefore the 3-core is {A, B, C, D}.", ``assert G.degree[A] == 4  # final check``, ``Recap:
\\( d(A, C) = 9 \\).``, ``**Verified:** A–B is an edge``); and answers that justify themselves
("The answer is 9, because the path A → B → C adds up to 9.", "I include C because the shortest
distance from A to C is 9."). About 60 % is such prose; about 15 % is Python / NetworkX as
models write it while parsing or checking (``G.add_edge``, ``G.add_node(A, weight=7)``,
``Counter`` over the edge list, ``assert`` lines marked "final check"); about 10 % LaTeX in
recaps; about 15 % Markdown bullets ("- Parsed: …", "- Verified: …"), bold labels ("**Final
check — A:** degree 4"), arrows and ✓ / ✗ marks, and Markdown tables with the headers models use
when they copy the input or recheck it ("| Node | Degree (parsed) |", "| Edge (as given) |
Weight |", "| Target | Shortest distance (A) | Verified |"). Every phrasing differs from those
of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round20``) and states exactly one
fact, as the writer's claim (no suppositions, no questions), so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels. The
filler states none (plans to parse or recheck, Markdown headings, a slip without a correction,
questions to self, an empty ``nx.Graph()`` and a parsing loop, an unchecked checklist item,
arithmetic, a LaTeX definition). Each kind's list is ordered (and sized) so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round21``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        (
            "prose",
            "Let me parse the graph first, copying the edges out as I go — {u}–{v} is one of them.",
        ),
        ("prose", "Restating the input so I don't misread it later: {u} is joined to {v}."),
        ("prose", "First pass over the input: {u} links to {v}, noted."),
        ("prose", "No wait, I skipped a line when I copied the list. {u}–{v} is an edge too."),
        ("prose", "Hmm, that's wrong, I crossed the columns. Correct: {u} and {v} are adjacent."),
        (
            "prose",
            "Oops, scratch my last line — it's {u}–{v} that's in the list, so those two share an "
            "edge.",
        ),
        ("prose", "Final check: {u}–{v} appears in the original edge list, so that edge is real."),
        ("prose", "Summary of what I found: {u} and {v} are directly connected."),
        ("prose", "Therefore {u} and {v} are neighbors, and that pair passes the clique test."),
        ("prose", "{v} is in my answer because {u} connects to it directly."),
        (
            "prose",
            "Before answering, let me re-verify the edges I relied on: {u}–{v}, yes, it's in the "
            "input.",
        ),
        ("prose", "This pair is fine because {u} and {v} are joined by an edge in the input."),
        ("prose", "Reading the adjacency list from the top: {u}'s line has {v} on it."),
        (
            "prose",
            "Wait, I told myself there was no such edge, but I was wrong: {u}–{v} is listed.",
        ),
        ("prose", "Double-checking against the prompt: yep, {u} and {v} are adjacent."),
        ("prose", "Okay, the input's parsed. Notably {u} has an edge to {v}."),
        ("code", "G.add_edge({bu}, {bv})  # from the input"),
        ("code", "adj[{bu}].add({bv}); adj[{bv}].add({bu})  # line from the input"),
        ("code", "assert G.has_edge({bu}, {bv})  # final check, passes"),
        ("code", "edges = parse(prompt)  # ({bu}, {bv}) is among them"),
        ("latex", "Final check: \\( {bu}{bv} \\in E \\) ✓"),
        ("latex", "$$({bu}, {bv}) \\in E \\;\\checkmark$$"),
        ("list", "- Parsed: {bu} — {bv}"),
        ("bold", "**Verified:** {bu}–{bv} is an edge"),
        ("arrow", "{bu} → {bv}  (copied from the input)"),
        ("list", "✔ {bu}-{bv} — in the edge list (final check)"),
    ],
    "non_edge": [
        (
            "prose",
            "Let me parse the graph first — going through every line, {u} and {v} never show up "
            "together, so there's no edge between them.",
        ),
        ("prose", "Restating the input so I don't misread it later: {u} is not joined to {v}."),
        ("prose", "First pass over the input: no {u}–{v} line, noted."),
        ("prose", "No wait, I invented that one. {u} and {v} are not adjacent."),
        (
            "prose",
            "Hmm, that's wrong, I crossed the columns. Correct: there's no edge between {u} and "
            "{v}.",
        ),
        ("prose", "Oops — scratch my last line; {u}–{v} isn't in the list at all."),
        (
            "prose",
            "Final check: {u}–{v} is not in the original edge list, so that pair isn't adjacent.",
        ),
        ("prose", "Summary of what I found: {u} and {v} share no edge."),
        ("prose", "Therefore {u} and {v} are not neighbors, and the clique breaks on that pair."),
        ("prose", "{v} can't go in the same clique as {u} because there's no {u}–{v} edge."),
        ("prose", "Before answering, let me re-verify: {u}–{v}? Not in the input."),
        ("prose", "Reading the adjacency list from the top: {u}'s line doesn't have {v} on it."),
        (
            "prose",
            "Wait, I wrote that as an edge a moment ago, but it isn't: {u} and {v} are "
            "unconnected.",
        ),
        ("prose", "Double-checking against the prompt: nope, {u} and {v} aren't adjacent."),
        ("prose", "Okay, the input's parsed. Worth noting: {u} has no edge to {v}."),
        (
            "prose",
            "The answer can't contain both {u} and {v}, because nothing joins {u} to {v} directly.",
        ),
        ("code", "G.has_edge({bu}, {bv})  # False — final check"),
        ("code", "assert ({bu}, {bv}) not in edges  # parsed input, holds"),
        ("code", "# parsed: no edge between {bu} and {bv}"),
        ("code", "assert {bv} not in adj[{bu}]  # re-checked, no edge"),
        ("latex", "Verification: \\( \\{{{bu}, {bv}\\}} \\notin E \\)."),
        ("latex", "$$({bu}, {bv}) \\notin E$$"),
        ("list", "- Parsed: no {bu}–{bv} edge"),
        ("bold", "**Verified:** {bu}–{bv} is not an edge"),
        ("arrow", "{bu} → {bv}: ✗ not in the input"),
        ("list", "✘ {bu}-{bv} — absent (final check)"),
    ],
    "neighbours": [
        ("prose", "Let me parse the graph first. {u}: {items} — that's the whole line for {u}."),
        ("prose", "Restating {u}'s adjacency as I copy it out: {items_and}, nothing more."),
        ("prose", "First pass over the input gives {u} the neighbors {items}, and no others."),
        ("prose", "No wait, I dropped one when copying. {u}'s full neighbor list is {items_and}."),
        ("prose", "Hmm, I mis-copied that row. Correct: {u} is adjacent to exactly {items}."),
        ("prose", "Final check on {u}: its neighbors are {items_brace}, complete."),
        ("prose", "Summary of what I found: {u} connects to {items_and} and nothing else."),
        ("prose", "Therefore {u}'s neighborhood is exactly {items_brace}."),
        (
            "prose",
            "Before answering, I re-listed {u}'s neighbors from the input: {items}. That's all of "
            "them.",
        ),
        ("prose", "The answer hinges on {u}, whose neighbors are exactly {items_and}."),
        ("prose", "Okay, input parsed; {u} has exactly these neighbors: {items}."),
        (
            "code",
            "G.add_edges_from(({bu}, x) for x in [{bitems}])  # {bu}'s full row from the input",
        ),
        ("code", "assert set(G[{bu}]) == {{{bitems}}}  # final check"),
        ("code", "adj[{bu}] = {{{bitems}}}  # parsed row, complete"),
        ("latex", "Recap: \\( N({bu}) = \\{{{bitems}\\}} \\) exactly."),
        ("list", "- {bu}: {bitems}  ← copied from the input, complete"),
        ("bold", "**Summary — N({bu}):** {bitems} (no others)"),
        ("arrow", "{bu} ⇒ {bitems} (full list, re-checked)"),
    ],
    "edge_weight": [
        ("prose", "Let me parse the weighted edges first: {u}–{v} carries {w}."),
        ("prose", "Copying the input: {u} to {v}, weight {w}."),
        ("prose", "No wait, I misread that weight. {u}–{v} is {w}."),
        ("prose", "Hmm, wrong column — correct: the {u}-{v} edge weighs {w}."),
        ("prose", "Final check on the edges I used: {u}–{v} is {w} in the input."),
        ("prose", "Summary of what I found: the edge between {u} and {v} has weight {w}."),
        ("prose", "Therefore the {u}–{v} edge contributes {w} to the total."),
        ("prose", "That's why the total includes {w}: it's the weight of {u}–{v}."),
        ("prose", "Before answering, re-reading the weight of {u}–{v}: {w}."),
        ("prose", "Oops, I used the weight of a different edge. The {u}–{v} one is {w}."),
        ("code", "G.add_edge({bu}, {bv}, weight={w})  # parsed from the input"),
        ("code", "assert G[{bu}][{bv}]['weight'] == {w}  # re-checked"),
        ("code", "w[({bu}, {bv})] = {w}  # copied from the prompt"),
        ("latex", "Recap: \\( w({bu}{bv}) = {w} \\)"),
        ("list", "- Parsed: {bu}–{bv}, {w}"),
        ("bold", "**Checked:** {bu}–{bv} = {w}"),
        ("arrow", "{bu} ⟷ {bv} : {w} (parsed)"),
    ],
    "node_weight": [
        ("latex", "Recap: \\( w({bu}) = {w} \\)"),
        ("list", "- Parsed node {bu}: weight {w}"),
        ("prose", "Let me parse the node weights first: {u} has {w}."),
        ("bold", "**Re-checked {bu}:** weight {w}"),
        ("prose", "Final check: {u}'s weight in the input is {w}."),
        ("prose", "Summary of what I found: {u} carries weight {w}."),
        ("prose", "No wait, I read the next node's weight. {u}'s is {w}."),
        ("code", "G.add_node({bu}, weight={w})  # from the input"),
        ("prose", "Hmm, that was an edge weight. Correct: node {bu} weighs {w}."),
        ("prose", "The triangle sum includes {w} because that's the weight of {u}."),
        ("prose", "Copying the weights out: {u} gets {w}."),
        ("prose", "Before answering, I'll re-read {u}'s weight: {w}, same as before."),
    ],
    "degree": [
        ("prose", "Let me parse the graph first and count as I go: {u} comes up {d} times."),
        ("prose", "Restating the adjacency of {u} as I copy it: {d} neighbors."),
        ("prose", "Ugh, I double-counted a line. Redoing it: {u} has {d} neighbors."),
        ("prose", "Hmm, that tally's wrong. Correct: deg({u}) = {d}."),
        ("prose", "Final check: {u} has {d} incident edges in the original list."),
        ("prose", "Summary of what I found: {u} has degree {d}."),
        ("prose", "Therefore {u}'s degree is {d_words}."),
        ("prose", "The answer is {u}, because it has {d} neighbors."),
        ("prose", "Before answering, I recount {u}'s edges: {d}, same as before."),
        ("prose", "Scratch that count. {u} ends up with {d} edges."),
        ("prose", "Okay so after parsing, {u} appears in exactly {d} edges."),
        ("prose", "{u} can't be the max-degree node, since its degree is only {d}."),
        ("code", "deg = Counter(x for e in edges for x in e)  # deg[{bu}] == {d}"),
        ("code", "assert G.degree[{bu}] == {d}  # final check"),
        ("code", "print(G.degree({bu}))  # {d}, re-checked"),
        ("code", "len(adj[{bu}])  # {d} after parsing"),
        ("latex", "Recap: \\( \\deg({bu}) = {d} \\)"),
        ("latex", "$$\\deg({bu}) = {d} \\quad \\text{{(verified)}}$$"),
        ("list", "- Parsed {bu}: {d} edges"),
        ("bold", "**Final check — {bu}:** degree {d}"),
        ("arrow", "{bu} → {d} edges (recounted)"),
    ],
    "distance": [
        ("prose", "No wait, I forgot to relax one edge. {u} to {v} is actually {d}."),
        (
            "prose",
            "Hmm, that distance was off. Correct: the shortest path from {u} to {v} has length "
            "{d}.",
        ),
        ("prose", "Final check: the shortest distance from {u} to {v} is {d}."),
        ("prose", "Summary of what I found: {v} is at distance {d} from {u}."),
        ("prose", "Therefore, by the shortest route, {v} is {d} away from {u}."),
        ("prose", "I include {v} because the shortest distance from {u} to {v} is {d}."),
        ("prose", "Before answering, let me re-run Dijkstra from {u}: {v} still comes out at {d}."),
        (
            "prose",
            "Oops, I added the wrong edge weight there. Redoing it: {u} to {v} is {d} at best.",
        ),
        ("prose", "Scratch that, I used a longer route. The shortest {u}–{v} distance is {d}."),
        ("prose", "For the diameter, {u} and {v} are {d} apart along a shortest path."),
        ("prose", "Re-verifying the pair ({u}, {v}): shortest distance {d}, matches."),
        ("prose", "Okay, {u} to {v} is {d}, and I've confirmed no cheaper route exists."),
        ("code", "assert nx.dijkstra_path_length(G, {bu}, {bv}) == {d}  # final check"),
        ("code", "dist_from[{bu}][{bv}] = {d}  # shortest"),
        ("code", "assert dist[{bv}] == {d}  # source {bu}, re-verified"),
        ("latex", "Recap: \\( d({bu}, {bv}) = {d} \\)."),
        ("latex", "Therefore $d({bu}, {bv}) = {d}$."),
        ("list", "- Verified: dist({bu} → {bv}) = {d}"),
        ("bold", "**Final check — {bu} to {bv}:** {d}"),
        ("arrow", "{bu} ⟹ {bv}: {d} (shortest)"),
    ],
    "hops": [
        ("prose", "No wait, I skipped a layer. {v} is {h} hops from {u}."),
        ("prose", "Hmm, wrong level. Correct: {v} is {h} edges away from {u} at minimum."),
        ("prose", "Final check: the fewest hops from {u} to {v} is {h}."),
        ("prose", "Summary of what I found: {v} is {h} hops from {u}."),
        ("prose", "Therefore {u} and {v} are {h} hops apart, no fewer."),
        ("prose", "{v} belongs in the answer because it's {h} hops from {u}."),
        ("prose", "Before answering, I re-run the BFS from {u}: {v} is still at depth {h}."),
        ("prose", "Scratch that, I miscounted the hops. {u} to {v} takes {h_words} hops."),
        ("prose", "Okay, counting edges only: {u} to {v} is {h}, checked twice."),
        ("code", "assert nx.shortest_path_length(G, {bu}, {bv}) == {h}  # hops, re-checked"),
        (
            "code",
            "bfs = nx.single_source_shortest_path_length(G, {bu})  # re-run: bfs[{bv}] == {h}",
        ),
        ("latex", "Recap: \\( d_{{\\text{{hop}}}}({bu}, {bv}) = {h} \\)"),
        ("list", "- Verified: {bv} is {h} hops from {bu}"),
        ("bold", "**Final check — hops {bu} to {bv}:** {h}"),
        ("prose", "Let me copy the BFS result out before answering: {v} is {h} hops from {u}."),
        ("arrow", "{bu} ⇒ {bv}: {h} hops (re-checked)"),
    ],
    "path": [
        ("arrow", "No wait, I dropped an edge from the sum. {path} totals {d}."),
        ("arrow", "Ugh, arithmetic slip. Redoing it: {path} = {sum} = {d}."),
        ("arrow", "Final check: the path {path} has total weight {d}."),
        ("bold", "**Final check — {bpath}:** {sum} = {d}"),
        ("arrow", "Therefore going {path} costs {d}."),
        ("arrow", "The answer is {d}, because the path {path} adds up to {d}."),
        ("arrow", "Before answering, re-adding {path}: {sum} = {d}."),
        ("arrow", "Let me copy the given path out first: {path}. Its weights total {d}."),
        ("arrow", "Scratch that total. {path} comes to {d}."),
        ("code", "total = nx.path_weight(G, path, weight='weight')  # {bpath} → {d}"),
        ("latex", "Recap: \\( w({bpath}) = {d} \\)"),
        ("list", "- Verified: {bpath} = {d}"),
        ("arrow", "Summary of what I found: {path}, total {d}."),
        ("list", "{bpath} ⇒ {d} (re-added)"),
        ("arrow", "Oops, I summed the wrong route. The path {path} totals {d}."),
        ("arrow", "So the answer is {d}: the given route {path} sums to exactly {d}."),
        ("arrow", "Copying the path from the question: {path}, which adds up to {d}."),
    ],
    "clique": [
        (
            "prose",
            "Before answering, I re-checked all pairs of {items}: each is an edge, so it's a "
            "{shape}.",
        ),
        (
            "prose",
            "No wait, I had the wrong set. {items_and} are pairwise adjacent, so it's a {shape}.",
        ),
        ("prose", "Therefore {items_and} form a {shape}, all pairs connected."),
        ("prose", "Summary of what I found: {items_brace} is a {shape}."),
        (
            "code",
            "assert all(G.has_edge(a, b) for a, b in combinations([{bitems}], 2))  # final check: "
            "{shape}",
        ),
        ("prose", "Final check on the {shape}: every pair among {items} is an edge."),
        ("list", "- Final: {bitems} → {shape}, every pair adjacent"),
        ("bold", "**Verified {shape}:** {bitems}"),
        ("latex", "Recap: \\( \\{{{bitems}\\}} \\) is a {shape}."),
        (
            "prose",
            "The answer is {items_brace}, because every two of them are adjacent — a {shape}.",
        ),
    ],
    "k_core": [
        ("prose", "No wait, I removed a node too early. The {k}-core is {items_and}."),
        ("prose", "Therefore the {k}-core is {items_brace}."),
        (
            "prose",
            "Final check: the {k}-core is {items}, every member keeps degree ≥ {k} inside it.",
        ),
        (
            "prose",
            "So my answer is the {k}-core, {items_brace}, since nothing in it has fewer than {k} "
            "neighbors inside.",
        ),
        ("list", "- Final: {k}-core = {bitems}"),
        ("latex", "Recap: the \\({k}\\)-core is \\(\\{{{bitems}\\}}\\)."),
        ("prose", "Before answering, I redid the peeling: the {k}-core is still {items}."),
        ("bold", "**Verified {k}-core:** {bitems}"),
        ("prose", "Summary of what I found: the {k}-core consists of {items_and}."),
        ("code", "assert set(nx.k_core(G, {k})) == {{{bitems}}}  # final check"),
    ],
    "hop_ball": [
        ("list", "- Verified: within {k} hops of {bu}, minus {bu} → {bitems}"),
        ("bold", "**Final answer set (≤ {k} hops from {bu}, {bu} excluded):** {bitems}"),
        ("latex", "Recap: \\( \\{{ v \\neq {bu} : d({bu}, v) \\le {k} \\}} = \\{{{bitems}\\}} \\)"),
        (
            "prose",
            "Before answering, I redid the BFS from {u} to depth {k}: besides {u}, it reaches "
            "{items}.",
        ),
        (
            "prose",
            "No wait, I forgot a node at the last layer. Within {k} hops of {u}, excluding {u}: "
            "{items_and}.",
        ),
        (
            "prose",
            "Summary of what I found: {items_brace} is everything within {k} hops of {u} ({u} "
            "itself excluded).",
        ),
        ("prose", "Final check: the nodes within {k} hops of {u}, not counting {u}, are {items}."),
        (
            "prose",
            "Therefore the answer set for {u} at distance {k} is {items_brace}, {u} left out.",
        ),
        (
            "code",
            "assert set(nx.single_source_shortest_path_length(G, {bu}, cutoff={k})) - {{{bu}}} == "
            "{{{bitems}}}  # final check",
        ),
    ],
}
"""Statement kinds and their round-21 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree (parsed) |", "| {bu} | {d} |"),
        ("| Node | Degree | Re-checked |", "| {bu} | {d} | ✓ |"),
        ("| Vertex | Edges in input |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| Edge (as given) | Weight |", "| {bu}–{bv} | {w} |"),
        ("| Edge | w (from input) | ✓ |", "| {bu}-{bv} | {w} | ✓ |"),
        ("| u | v | Weight (parsed) |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| Node | Final dist from {src} |", "| {bv} | {d} |"),
        ("| Target | Shortest distance ({src}) | Verified |", "| {bv} | {d} | ✓ |"),
        ("| Node | d({src}, v) — recap |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Let me parse the graph first.",
    "Okay, I'll copy the edge list out so I can refer back to it.",
    "Hmm, I misread something above. Let me redo it.",
    "No wait, that's not right. Let me look at {u} again.",
    "Final check before I answer.",
    "**Summary**",
    "### Verification",
    "Let me make sure I didn't skip any line mentioning {u}.",
    "Therefore, putting it all together:",
    "Let me recap what I have so far for {u} and {v}.",
    "edges = [tuple(line.split()) for line in prompt.splitlines()]",
    "G = nx.Graph()",
    "# parse the input",
    "Hmm, did I copy {v}'s line correctly? Let me look.",
    "Scratch the last paragraph; I'll start the check over from {u}.",
    "So 4 + 3 + 2 = 9 in the tally so far.",
    "The question asks about {u}, so I'll verify everything touching it.",
    "Before answering, let me go through each step once more.",
    "Let \\(G = (V, E)\\) be the graph from the prompt.",
    "**Final answer:** below, after one more check.",
    "Wait, which line was {u} on? Let me scroll up.",
    "I'm fairly confident now, but let me double-check {v}.",
    "Let me restate the task in my own words: it's about {u} and {v}.",
    "- [ ] verify {bu}",
    "Ah, I see my mistake — I mixed up two lines.",
    "Nodes first: let me list them all before anything else.",
]
"""Prose that names nodes and numbers but states no fact: plans to parse or recheck, Markdown
headings, a slip without a correction, questions to self, an empty graph and a parsing loop, an
unchecked checklist item, arithmetic, a LaTeX definition. Filled with ``{u} {v} {bu} {bv}``
only."""
