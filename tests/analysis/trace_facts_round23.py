"""The round-23 held-out phrasing bank for the trace-fact checker (split ``round23``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 22. Like rounds
17 to 22 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search and round 22 the length and mess of long traces, round 23 takes two
things, in mixed voices across the nine tasks. First, the traces of smaller open models
(Llama-3.1-8B, Qwen2.5-7B, Mistral-7B, Phi-4, Gemma-2-9B, distilled R1-7B): formulaic and
repetitive, with slightly off grammar ("Node A are connected with B.", "The neighbors of A is
B, C.", "The edge A-B have weight 7."), "Step 3:" scaffolding ("Step 2: Find the neighbors of
A. The neighbors of A are B, C, and D."), the fact restated twice in a row ("Okay, so A has
degree 4. Degree 4, yes.", "Hmm, the neighbors of A... B, C. Yes, B, C."), "Therefore," chains
("A is connected to 4 nodes. Therefore, the Degree of A is 4."), over-explained arithmetic
("We add the weights: 3 + 6. The sum of the weights is 9. Therefore, the total is 9.") and odd
capitalisation of common words ("Neighbors", "Edge", "Shortest Distance"). Second, the recap
and verification sections at the end of traces, where the fact is restated as a confirmation
("To summarize, A and B are connected directly by one edge.", "Double-checking the answer: the
weight of A–B in the input is 7. ✓", "I can confirm that the degree of A is four (4).",
"Everything checks out: A and B share an edge, as I said before.", "**Final check:** A–B is an
edge ✔", "- ✓ A: degree 4 (correct)", "Therefore, \\( d(A, C) = 9 \\). \\( \\checkmark \\)").
About 60 % is such prose; about 15 % is Python / NetworkX as small models print it
(``print(G.degree[A])  # Output: 4``, ``assert ... # ✓``); about 10 % LaTeX closing a
verification; about 15 % ✓ lists, bold labels, arrows and Markdown tables with the headers
small models and verification sections use ("| Node | Degree | Correct? |", "| Edge | Weight |
Verified |", "| Node | Shortest Distance from A | Check |"). Every phrasing differs from those
of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round22``) and states exactly one
fact, as the writer's claim (no suppositions, no questions; a restatement repeats the same
fact with the same values), so ``trace_facts_phrasings.write_trace`` plants errors of a known
kind with exact labels. The filler states none ("Let's solve this problem step by step.", step
titles, "### Verification Step", "**Final check:**", "To summarize, here are the results:",
hopes and hesitations, arithmetic, ``import networkx as nx``, a ticked checklist item that
names a node and no fact). Each kind's list is ordered (and sized) so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round23``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Node {bu} are connected with {v}."),
        (
            "prose",
            "Step 2: Check the edge between {u} and {v}. The edge between {u} and {v} is exist in "
            "the edge list.",
        ),
        ("prose", "{u} is connected to {v}. Therefore, {u} and {v} is adjacent."),
        (
            "prose",
            "Looking at the edge list, we can see that {u} is connected with {v}. So {u} and {v} "
            "are Neighbors.",
        ),
        ("prose", "From the given Edges, {u} have a edge with {v}."),
        ("prose", "Okay, so {u} and {v} are connected. Yeah, {u}–{v} is an edge, that's right."),
        (
            "prose",
            "We can see that there is an Edge between {u} and {v}. This means {u} and {v} are "
            "directly connected.",
        ),
        (
            "prose",
            "Now, let's check {u} and {v}. {u} and {v} are connected by an edge. So this pair is "
            "okay.",
        ),
        ("prose", "To summarize, {u} and {v} are connected directly by one edge."),
        (
            "prose",
            "Double-checking the answer: the edge {u}–{v} is really in the list, so {u} and {v} "
            "are adjacent. ✓",
        ),
        ("prose", "Let me verify again. {u} is adjacent to {v}. Yes, this is correct."),
        ("prose", "I can confirm that {u} is linked to {v} in the given graph."),
        ("prose", "Verification of the edges I used: {u} to {v} — present, good."),
        ("prose", "Everything checks out: {u} and {v} share an edge, as I said before."),
        ("prose", "So, the answer is correct because {u} is connected to {v}."),
        ("prose", "Hmm, so {u} connects with {v}. So {u} connects with {v}, okay."),
        (
            "prose",
            "It is clear that {u} and {v} are adjacent to each other, so they are neighbors of "
            "each other.",
        ),
        ("code", "print(G.has_edge({bu}, {bv}))  # Output: True"),
        ("code", "edge_ok = ({bu}, {bv}) in G.edges()  # True ✓"),
        ("code", "if G.has_edge({bu}, {bv}):  # this is True, {bu} and {bv} are connected"),
        ("latex", "Therefore, \\( ({bu}, {bv}) \\in E \\). \\( \\checkmark \\)"),
        ("latex", "$$\\{{{bu}, {bv}\\}} \\in E \\quad \\text{{(verified)}}$$"),
        ("list", "- ✓ {bu} – {bv}: Edge exists (correct)"),
        ("bold", "**Final check:** {bu}–{bv} is an edge ✔"),
        ("arrow", "{bu} → {bv}: connected ✓ (verified)"),
    ],
    "non_edge": [
        ("prose", "Node {bu} are not connected with {v}."),
        (
            "prose",
            "Step 3: Check if {u} and {v} are connected. There are no edge between {u} and {v}.",
        ),
        ("prose", "{u} is not connected to {v}. Therefore, {u} and {v} is not adjacent."),
        ("prose", "Looking at the edge list, we can see that {u} does not have a Edge with {v}."),
        ("prose", "From the given edges, {u} and {v} are not Neighbors."),
        (
            "prose",
            "Okay, so {u} and {v} are not connected. Yeah, there's no {u}–{v} edge, that's right.",
        ),
        (
            "prose",
            "We can see that there is no Edge between {u} and {v}. This means {u} and {v} are not "
            "directly connected.",
        ),
        (
            "prose",
            "Now, let's check {u} and {v}. {u} and {v} are not connected. So this pair is not "
            "okay.",
        ),
        ("prose", "To summarize, {u} and {v} have no direct edge between them."),
        (
            "prose",
            "Double-checking the answer: the pair {u}, {v} is not in the edge list, so they are "
            "not adjacent. ✓",
        ),
        ("prose", "Let me verify again. {u} is not adjacent to {v}. Yes, this is correct."),
        ("prose", "I can confirm that {u} is not linked to {v} in the given graph."),
        ("prose", "Verification of the missing pairs: {u} to {v} — absent, good."),
        ("prose", "Everything checks out: {u} and {v} do not share an edge, as I said before."),
        ("prose", "The pair can not be in the clique because {u} is not connected to {v}."),
        ("prose", "Hmm, so {u} doesn't connect with {v}. So {u} doesn't connect with {v}, okay."),
        (
            "prose",
            "It is clear that {u} and {v} are not adjacent to each other, so they are not "
            "neighbors.",
        ),
        ("code", "print(G.has_edge({bu}, {bv}))  # Output: False"),
        ("code", "edge_ok = ({bu}, {bv}) in G.edges()  # False ✗"),
        ("code", "if not G.has_edge({bu}, {bv}):  # this is True, {bu} and {bv} are not connected"),
        ("latex", "Therefore, \\( ({bu}, {bv}) \\notin E \\). \\( \\checkmark \\)"),
        ("latex", "$$\\{{{bu}, {bv}\\}} \\notin E \\quad \\text{{(verified)}}$$"),
        ("list", "- ✓ {bu} – {bv}: No edge (correct)"),
        ("bold", "**Final check:** {bu}–{bv} is not an edge ✔"),
        ("arrow", "{bu} → {bv}: not connected ✓ (verified)"),
        ("prose", "Let me see, {u} and {v}... there is no edge. {u} and {v} are not connected."),
        ("prose", "So {v} is not a Neighbor of {u}. I checked all the edges, so this is correct."),
    ],
    "neighbours": [
        ("prose", "The neighbors of {u} is {items}."),
        (
            "prose",
            "Step 2: Find the neighbors of {u}. The neighbors of {u} are {items_and}.",
        ),
        ("prose", "{u} are connected with {items_and}. So the Neighbors of {u} are {items}."),
        (
            "prose",
            "Let's look at {u}. {u} is connected to {items}. These are all the neighbors of {u}.",
        ),
        ("prose", "Okay, so {u} has neighbors {items}. Only these, nothing else."),
        ("prose", "To summarize, the neighbors of {u} are {items_and}, and there are no more."),
        (
            "prose",
            "Double-checking the answer: {u}'s neighbors in the input are {items}, which "
            "matches. ✓",
        ),
        ("prose", "I can confirm that the full neighbor list of {u} is {items_brace}."),
        ("prose", "We observe that {u} is adjacent to {items_and} only."),
        ("prose", "Verification for {u}: its neighbors are {items}, all of them are checked."),
        ("prose", "Hmm, the neighbors of {u}... {items}. Yes, {items}."),
        ("prose", "The Node {bu} has the following neighbors: {items}."),
        ("code", "neighbors = list(G.neighbors({bu}))  # Output: [{bitems}]"),
        ("code", "print(sorted(G[{bu}]))  # [{bitems}] ✓ correct"),
        ("latex", "Therefore, \\( N({bu}) = \\{{ {bitems} \\}} \\). \\( \\checkmark \\)"),
        ("list", "- ✓ Neighbors of {bu}: {bitems} (verified)"),
        ("bold", "**Neighbors of {bu}:** {bitems} ✔ (all checked)"),
        ("arrow", "{bu} → neighbors: {bitems} ✓"),
        (
            "prose",
            "Let me see, {u} has these neighbors: {items_and}. That is the complete list for {u}.",
        ),
        (
            "prose",
            "So the adjacent Nodes of {u} are {items}. I checked all the edges, so this is "
            "correct.",
        ),
    ],
    "edge_weight": [
        ("prose", "The weight of the edge between {u} and {v} are {w}."),
        ("prose", "Step 4: The edge {u}-{v} have weight {w}. So the weight is {w}."),
        (
            "prose",
            "{u} and {v} are connected with weight {w}. Therefore, the cost of {u}–{v} is {w}.",
        ),
        ("prose", "Looking at the input, the Weight of edge ({u}, {v}) is {w}."),
        ("prose", "Okay so {u} to {v} has weight {w}. Weight {w}, yes."),
        ("prose", "To summarize, the edge {u}–{v} carries a weight of {w}."),
        ("prose", "Double-checking the answer: the weight of {u}–{v} in the input is {w}. ✓"),
        ("prose", "I can confirm that the edge from {u} to {v} has weight {w}."),
        ("prose", "Let me verify the weights again. {u}–{v}: {w}. Correct."),
        ("prose", "We add the edge {u}–{v}, which has the weight of {w}, to the tree."),
        ("code", "print(G[{bu}][{bv}]['weight'])  # Output: {w}"),
        ("code", "assert G.edges[{bu}, {bv}]['weight'] == {w}  # ✓ passes"),
        ("latex", "Therefore, \\( w({bu}, {bv}) = {w} \\). \\( \\checkmark \\)"),
        ("latex", "$$ w(\\{{{bu}, {bv}\\}}) = {w} \\quad \\checkmark $$"),
        ("list", "- ✓ {bu} – {bv}: weight {w} (correct)"),
        ("bold", "**Final check:** weight({bu}, {bv}) = {w} ✔"),
        ("arrow", "{bu} → {bv}: weight {w} ✓"),
    ],
    "node_weight": [
        ("prose", "The weight of node {bu} are {w}."),
        ("prose", "Step 2: Find the weight of each node. The Node {bu} has weight {w}."),
        ("prose", "{u} has the weight {w}. Therefore, the weight of {u} is {w}."),
        ("prose", "Okay so the weight of {u} is {w}, yes {w}."),
        ("prose", "To summarize, {u} has a node weight of {w}."),
        ("prose", "Double-checking the answer: the weight of {u} in the input is {w}. ✓"),
        ("prose", "I can confirm that {u} weighs {w}."),
        ("code", "print(G.nodes[{bu}]['weight'])  # Output: {w}"),
        ("latex", "Therefore, \\( w({bu}) = {w} \\). \\( \\checkmark \\)"),
        ("list", "- ✓ Node {bu}: weight {w} (verified)"),
        ("bold", "**Weight of {bu}:** {w} ✔"),
    ],
    "degree": [
        ("prose", "The degree of {u} are {d}."),
        (
            "prose",
            "Step 1: Count the neighbors of {u}. {u} has {d} neighbors. So the degree of {u} is "
            "{d}.",
        ),
        ("prose", "{u} is connected to {d} nodes. Therefore, the Degree of {u} is {d}."),
        (
            "prose",
            "We count each edge of {u} one by one, and we add one for every edge. The total is "
            "{d}, so the degree of {u} is {d}.",
        ),
        ("prose", "Okay, so {u} has degree {d}. Degree {d}, yes."),
        ("prose", "Let's count the edges for {u}. {u} appears in {d} edges."),
        ("prose", "To summarize, {u} has {d} incident edges."),
        ("prose", "Double-checking the answer: {u} has {d} neighbors in the edge list. ✓"),
        ("prose", "I can confirm that the degree of {u} is {d_words} ({d})."),
        ("prose", "Verification: the number of edges connected to {u} is {d}, which is correct."),
        ("prose", "Hmm, {u}... it has {d} connections. So degree of {u} is {d}."),
        ("prose", "The Node {bu} have {d_words} neighbors."),
        ("code", "print(G.degree[{bu}])  # Output: {d}"),
        ("code", "degree[{bu}] = {d}  # ✓ matches the edge list"),
        ("code", "assert len(list(G.neighbors({bu}))) == {d}  # ✓"),
        ("latex", "Therefore, \\( \\deg({bu}) = {d} \\). \\( \\checkmark \\)"),
        ("latex", "$$\\text{{Degree}}({bu}) = {d} \\; \\checkmark$$"),
        ("list", "- ✓ {bu}: degree {d} (correct)"),
        ("bold", "**Degree of {bu}:** {d} ✔"),
        ("arrow", "{bu} → {d} neighbors ✓"),
    ],
    "distance": [
        ("prose", "The shortest distance from {u} to {v} are {d}."),
        (
            "prose",
            "Step 5: Find the shortest path from {u} to {v}. The shortest distance from {u} to "
            "{v} is {d}.",
        ),
        (
            "prose",
            "The shortest path from {u} to {v} have length {d}. Therefore, the distance between "
            "{u} and {v} is {d}.",
        ),
        (
            "prose",
            "We add the weights along the shortest path from {u} to {v}, and the sum is {d}. So "
            "the distance is {d}.",
        ),
        ("prose", "Okay, so the distance from {u} to {v} is {d}. It's {d}, yeah."),
        ("prose", "Now, the Shortest Distance between {u} and {v} is equal to {d}."),
        ("prose", "To summarize, {v} is at a shortest distance of {d} from {u}."),
        (
            "prose",
            "Double-checking the answer: the shortest path from {u} to {v} still gives {d}. ✓",
        ),
        ("prose", "I can confirm that the minimum distance from {u} to {v} is {d}."),
        ("prose", "Verification: dist({u}, {v}) = {d}, this is consistent with Dijkstra."),
        ("prose", "Hmm, from {u} the distance to {v} is {d}... yes {d}."),
        ("prose", "So, the distance of {v} from {u} is {d}, which is the smallest possible."),
        ("code", "print(nx.shortest_path_length(G, {bu}, {bv}, weight='weight'))  # Output: {d}"),
        ("code", "assert dist[{bu}][{bv}] == {d}  # ✓ verified"),
        ("code", "distances[{bv}] = {d}  # from {bu}, ✓ correct"),
        ("latex", "Therefore, \\( d({bu}, {bv}) = {d} \\). \\( \\checkmark \\)"),
        ("latex", "$$\\text{{dist}}({bu}, {bv}) = {d} \\quad \\checkmark$$"),
        ("list", "- ✓ {bu} to {bv}: shortest distance {d} (correct)"),
        ("bold", "**Shortest distance ({bu}, {bv}):** {d} ✔"),
        ("arrow", "{bu} → {bv}: distance = {d} ✓"),
    ],
    "hops": [
        ("prose", "The number of hops from {u} to {v} are {h}."),
        ("prose", "Step 3: Do BFS from {u}. The node {bv} is found at level {h}."),
        (
            "prose",
            "{v} is {h} hops away from {u}. Therefore, the hop distance from {u} to {v} is {h}.",
        ),
        ("prose", "Okay, so {u} to {v} is {h} hops. {h} hops, right."),
        ("prose", "To summarize, {v} can be reached from {u} with a minimum of {h} hops."),
        ("prose", "Double-checking the answer: BFS from {u} reaches {v} after {h} hops. ✓"),
        (
            "prose",
            "I can confirm that the fewest number of edges between {u} and {v} is {h_words}.",
        ),
        ("prose", "Verification: {v} is in the BFS level {h} of {u}, this is correct."),
        ("prose", "Hmm, {v} is {h} steps from {u}, so the hop distance is {h}."),
        ("code", "print(nx.shortest_path_length(G, {bu}, {bv}))  # Output: {h}"),
        ("code", "assert levels[{bv}] == {h}  # BFS from {bu} ✓"),
        ("latex", "Therefore, \\( \\text{{hops}}({bu}, {bv}) = {h} \\). \\( \\checkmark \\)"),
        ("list", "- ✓ {bu} to {bv}: {h} hops (correct)"),
        ("bold", "**Hop distance ({bu}, {bv}):** {h} ✔"),
    ],
    "path": [
        ("arrow", "The total weight of the path {path} are {d}."),
        (
            "arrow",
            "Step 4: Add the weights of the path {path}. {sum} = {d}. So the total is {d}.",
        ),
        (
            "arrow",
            "We go {path}. We add the weights: {sum}. The sum of the weights is {d}. Therefore, "
            "the total is {d}.",
        ),
        ("arrow", "Okay, so {path} gives {d}. Total {d}, yes."),
        ("arrow", "To summarize, the path {path} has a total weight of {d}."),
        ("arrow", "Double-checking the answer: {path} → {sum} = {d}. ✓"),
        ("arrow", "I can confirm that the path {path} costs {d} in total."),
        ("arrow", "Verification: the sum along {path} is {d}, which is correct."),
        ("arrow", "Hmm, {path}... that is {d}. Yes, the total is {d}."),
        ("arrow", "The path is {path}, and the total length of this path is {d}."),
        (
            "code",
            "print(nx.path_weight(G, path, weight='weight'))  # Output: {d}, path = {bpath}",
        ),
        ("code", "assert total == {d}  # {bpath} ✓"),
        ("latex", "Therefore, \\( {sum} = {d} \\) for {bpath}. \\( \\checkmark \\)"),
        ("list", "- ✓ Path {bpath}: total {d} (correct)"),
        ("bold", "**Path total ({bpath}):** {d} ✔"),
    ],
    "clique": [
        ("prose", "The nodes {items_and} is forming a {shape}."),
        (
            "prose",
            "Step 4: Check if {items} form a {shape}. All pairs are connected. So {items} is a "
            "{shape}.",
        ),
        ("prose", "{items_and} are all connected with each other. Therefore, they form a {shape}."),
        ("prose", "Okay, so {items_brace} is a {shape}. Every pair is connected, yes."),
        (
            "prose",
            "To summarize, {items_brace} forms a {shape} because every two of them are adjacent.",
        ),
        (
            "prose",
            "Double-checking the answer: all pairs in {items} are edges, so it is a {shape}. ✓",
        ),
        ("prose", "I can confirm that {items_and} form a {shape}."),
        (
            "code",
            "print(all(G.has_edge(a, b) for a, b in itertools.combinations([{bitems}], 2)))  # "
            "Output: True ({shape})",
        ),
        ("latex", "Therefore, \\( \\{{{bitems}\\}} \\) is a {shape}. \\( \\checkmark \\)"),
        ("list", "- ✓ {shape}: {bitems} (all pairs connected)"),
    ],
    "k_core": [
        ("prose", "The {k}-core of the graph are {items}."),
        (
            "prose",
            "Step 5: Remove the nodes with degree less than {k}. The nodes left are {items}. So "
            "the {k}-core is {items}.",
        ),
        (
            "prose",
            "After removing all nodes with degree less than {k}, the remaining nodes is "
            "{items_and}. Therefore, this is the {k}-core.",
        ),
        ("prose", "Okay, so the {k}-core is {items_brace}. That's the {k}-core, yes."),
        ("prose", "To summarize, the {k}-core contains the nodes {items_and}."),
        (
            "prose",
            "Double-checking the answer: every node in {items_brace} keeps at least {k} neighbors "
            "inside it, so the {k}-core is {items_brace}. ✓",
        ),
        ("code", "print(sorted(nx.k_core(G, k={k}).nodes()))  # Output: [{bitems}]"),
        (
            "latex",
            "Therefore, the \\( {k} \\)-core is \\( \\{{{bitems}\\}} \\). \\( \\checkmark \\)",
        ),
    ],
    "hop_ball": [
        ("prose", "The nodes within {k} hops of {u} (not including {u}) is {items}."),
        (
            "prose",
            "Step 3: Find all nodes within distance {k} from {u}. The nodes are {items}, not "
            "counting {u} itself.",
        ),
        (
            "prose",
            "Nodes in distance {k} or less from {u} are {items_and}. Therefore, the answer is "
            "{items_brace}, without {u}.",
        ),
        (
            "prose",
            "Okay, so within {k} hops of {u}, excluding {u}, we get {items}. Yes, {items}.",
        ),
        (
            "prose",
            "To summarize, the nodes at most {k} hops away from {u}, apart from {u} itself, are "
            "{items_and}.",
        ),
        (
            "prose",
            "Double-checking the answer: BFS from {u} up to depth {k} gives {items_brace} "
            "(without {u}). ✓",
        ),
        (
            "code",
            "print(set(nx.single_source_shortest_path_length(G, {bu}, cutoff={k})) - {{{bu}}})  # "
            "Output: {{{bitems}}}",
        ),
        (
            "latex",
            "Therefore, \\( \\{{ v \\neq {bu} : d({bu}, v) \\leq {k} \\}} = \\{{{bitems}\\}} \\). "
            "\\( \\checkmark \\)",
        ),
        ("list", "- ✓ Within {k} hops of {bu} (excluding {bu}): {bitems}"),
    ],
}
"""Statement kinds and their round-23 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree | Correct? |", "| {bu} | {d} | ✓ |"),
        ("| Node | Number of Neighbors |", "| {bu} | {d} |"),
        ("| **Node** | **Degree** |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| Edge | Weight | Verified |", "| {bu} - {bv} | {w} | ✓ |"),
        ("| Start Node | End Node | Weight |", "| {bu} | {bv} | {w} |"),
        ("| **Edge** | **Weight** |", "| ({bu}, {bv}) | {w} |"),
    ],
    "distance": [
        ("| Node | Shortest Distance from {src} | Check |", "| {bv} | {d} | ✓ |"),
        ("| Destination | Distance from {src} |", "| {bv} | {d} |"),
        ("| **Node** | **Shortest distance from {src}** |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Let's solve this problem step by step.",
    "Step 1: Understand the problem.",
    "Step 2: List all the edges of the graph.",
    "**Step 3: Verify the answer**",
    "We need to find the answer for the given graph, so let's start.",
    "Now, let's check the next node, {u}.",
    "Next, we will look at {u} and {v}.",
    "### Verification Step",
    "**Final check:**",
    "To summarize, here are the results:",
    "Double-checking the answer:",
    "All steps are done. Now let's verify the result.",
    "Let me verify each step again to be sure.",
    "Okay, so now I need to look at {u}. Hmm.",
    "Therefore, we move on to {v}.",
    "I hope this is correct.",
    "Wait, let me think again about {u}.",
    "We add the numbers: 3 + 4 = 7. Then 7 + 2 = 9.",
    "# Verification",
    "import networkx as nx",
    "Let \\( G = (V, E) \\) be the given Graph.",
    "- [x] Checked node {bu}",
    "The Answer must be checked carefully, because the graph is big.",
    "Hmm, okay. So far so good.",
    "Now I will compare {u} with {v}.",
    "So, so, let me go back to {u} one more time.",
]
"""Prose that names nodes and numbers but states no fact: step titles, verification headings,
hopes and hesitations, arithmetic, an import, a LaTeX definition, a ticked checklist item that
names a node. Filled with ``{u} {v} {bu} {bv}`` only."""
