"""The round-27 held-out phrasing bank for the trace-fact checker (split ``round27``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 26. Like rounds
17 to 26 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search, round 22 the length and mess of long traces, round 23 smaller models'
formulaic traces and recaps, round 24 facts used as premises, round 25 self-questions answered at
once in a crisp Q-then-A rhythm and round 26 the looser conversational questioning voice, round
27 takes the same class, facts that answer the writer's own questions, as they appear inside
long real traces, in mixed voices across the nine tasks: the question buried mid-sentence after
a clause of work ("I was about to add B to the frontier, so before I go on, does A reach B
directly — yes, it's in the list."), questions chained with "or" and answered by choosing ("Is
A's degree 4, or did I double-count one? 4, no double count.", "Edge or no edge between A and
B? Edge."), "Hmm, wait — is A even a neighbour of B?" answered a sentence later after a look at
the input, the writer putting the question to itself in a long sentence and answering in its
tail ("So the question at this step is A's degree, and going through the list once more it's
4."), confirm-style checks ("Double-checking A–B: present? yes."), the writer quizzing itself
in Markdown ("**Q:** ... **A:** ...", "- [x] ... ? → ..."), Python REPL and notebook cells whose
query is the question and whose output line is the answer (``>>> G.has_edge(A, B)`` then
``True``, ``In [5]: G.degree[A]`` then ``Out[5]: 4``) and LaTeX questions in ``$...$``
(``$\\deg(A) = ?$ Going through its edges... $\\deg(A) = 4$.``). The question never states a
fact other than the answer's (no other node pair, no number of its own); the answer states the
one fact, affirmatively or, for non-edges, negatively. About 60 % is prose, about 15 % code,
about 10 % LaTeX and about 15 % bold labels, ticked bullets, arrows and tables whose headers
quiz or confirm ("| Q: node | A: degree |", "| Node | Degree? | Double-checked |"). Every
phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ...
``round26``) and states exactly one fact, as the writer's claim (no suppositions, no open
questions, no negated hypotheticals but the stated non-edges), so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels. The
filler states none: questions deferred or answered with a plan or a choice of order, a REPL
prompt without output, an unanswered "**Q:**" label, an unticked bullet, an undecided LaTeX
question. Each kind's list is ordered (and sized) so that ``labelled_set(split, seeds=2)`` uses
every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round27``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        (
            "prose",
            "I was about to add {v} to the frontier, so before I go on, does {u} reach {v} "
            "directly — yes, it's in the list.",
        ),
        (
            "prose",
            "Hmm, wait — is {u} even a neighbour of {v}? I need that for the triangle. Scanning "
            "the edges once more, yes: {u}–{v} is there.",
        ),
        (
            "prose",
            "Going through the candidates in order, and here's the thing I keep forgetting to "
            "check: is {v} adjacent to {u} or not? Adjacent.",
        ),
        ("prose", "Double-checking {u}–{v}: present? yes."),
        (
            "prose",
            "Before I commit to this I should ask whether {u} and {v} are actually joined, and "
            "they are — the pair appears in the input.",
        ),
        (
            "prose",
            "Okay so the question at this point is really just whether there's an edge from {u} "
            "to {v}, and looking at the adjacency again there is one.",
        ),
        (
            "prose",
            "Hmm, wait — is {u} connected to {v}, or am I mixing it up? Let me look. No mix-up: "
            "{u} and {v} share an edge.",
        ),
        (
            "prose",
            "Let me make sure about one thing while I'm here (edge {u}–{v}, present or absent?): "
            "present.",
        ),
        ("prose", "Reading down the edge list to settle whether {u} touches {v}... it does."),
        (
            "prose",
            "So far so good, but is {u}–{v} an edge of the input graph or only of my notes? Of "
            "the input graph — it's listed.",
        ),
        (
            "prose",
            "Now for the step I skipped earlier, namely whether {v} is among {u}'s neighbours: "
            "it is.",
        ),
        (
            "prose",
            "I'm tracing the search and need to know, at this point, if {u} has {v} as a direct "
            "neighbour; it has.",
        ),
        ("prose", "Hmm. Edge or no edge between {u} and {v}? Edge."),
        (
            "prose",
            "Actually, quick sanity check before the next layer — {u} and {v}, adjacent? "
            "Confirmed, adjacent.",
        ),
        ("code", "In [4]: G.has_edge({bu}, {bv})\nOut[4]: True"),
        ("code", ">>> G.has_edge({bu}, {bv})\nTrue"),
        ("code", "# sanity: is {bu}-{bv} an edge?\nprint(({bu}, {bv}) in G.edges)  # True"),
        (
            "latex",
            "Is $\\{{{bu}, {bv}\\}}$ one of the edges? Checking: $\\{{{bu}, {bv}\\}} \\in E$, yes.",
        ),
        (
            "latex",
            "$({bu}, {bv}) \\in E$? — I'll verify against the input... $({bu}, {bv}) \\in E$ "
            "holds.",
        ),
        (
            "bold",
            "**Q:** does {bu} connect to {bv}? (needed for the clique) **A:** it does, {bu}–{bv} "
            "is an edge.",
        ),
        ("list", "- [x] {bu}–{bv} in the edge list? — yes, found it"),
        ("arrow", "check {bu}–{bv} → present? → yes"),
        ("bold", "Double-checking **{bu}–{bv}**: present? **yes**"),
    ],
    "non_edge": [
        (
            "prose",
            "I was about to add {v} to the clique, so before I go on, does {u} reach {v} "
            "directly — no, it's not in the list.",
        ),
        (
            "prose",
            "Hmm, wait — is {u} even a neighbour of {v}? I need that for the triangle. Scanning "
            "the edges once more, no: there is no {u}–{v} edge.",
        ),
        (
            "prose",
            "Going through the candidates in order, and here's the thing I keep forgetting to "
            "check: is {v} adjacent to {u} or not? Not adjacent.",
        ),
        ("prose", "Double-checking {u}–{v}: present? no."),
        (
            "prose",
            "Before I commit to this I should ask whether {u} and {v} are actually joined, and "
            "they aren't — the pair never appears in the input.",
        ),
        (
            "prose",
            "Okay so the question at this point is really just whether there's an edge from {u} "
            "to {v}, and looking at the adjacency again there isn't one.",
        ),
        (
            "prose",
            "Hmm, wait — is {u} connected to {v}, or did I imagine that? Let me look. I imagined "
            "it: {u} and {v} share no edge.",
        ),
        (
            "prose",
            "Let me make sure about one thing while I'm here (edge {u}–{v}, present or absent?): "
            "absent.",
        ),
        ("prose", "Reading down the edge list to settle whether {u} touches {v}... it doesn't."),
        (
            "prose",
            "So far so good, but is {u}–{v} an edge of the input graph or only of my notes? Only "
            "of my notes — {u} and {v} aren't adjacent.",
        ),
        (
            "prose",
            "Now for the step I skipped earlier, namely whether {v} is among {u}'s neighbours: "
            "it isn't.",
        ),
        ("prose", "Hmm. Edge or no edge between {u} and {v}? No edge."),
        (
            "prose",
            "Actually, quick sanity check before extending the clique — {u} and {v}, adjacent? "
            "Not adjacent, so that extension fails.",
        ),
        (
            "prose",
            "Can {v} sit in the same clique as {u}, or is a pair missing? The pair is missing: "
            "{u} and {v} aren't adjacent.",
        ),
        ("code", "In [4]: G.has_edge({bu}, {bv})\nOut[4]: False"),
        ("code", ">>> G.has_edge({bu}, {bv})\nFalse"),
        ("code", "# sanity: is {bu}-{bv} an edge?\nprint(({bu}, {bv}) in G.edges)  # False"),
        (
            "latex",
            "Is $\\{{{bu}, {bv}\\}}$ one of the edges? Checking: $\\{{{bu}, {bv}\\}} \\notin E$, "
            "no.",
        ),
        (
            "latex",
            "$({bu}, {bv}) \\in E$? — I'll verify against the input... no, "
            "$({bu}, {bv}) \\notin E$.",
        ),
        (
            "bold",
            "**Q:** does {bu} connect to {bv}? (needed for the clique) **A:** it doesn't, "
            "there's no {bu}–{bv} edge.",
        ),
        ("list", "- [x] {bu}–{bv} in the edge list? — no, not there"),
        ("arrow", "check {bu}–{bv} → present? → no"),
        ("bold", "Double-checking **{bu}–{bv}**: present? **no**"),
    ],
    "neighbours": [
        (
            "prose",
            "I'll need {u}'s full neighbour list for the intersection, so — which nodes is it, "
            "exactly? Going line by line: {items_and}, and no others.",
        ),
        (
            "prose",
            "Hmm, wait — who else touches {u}? I only wrote part of it down. The whole set is "
            "{items_brace}.",
        ),
        (
            "prose",
            "Is that all of {u}'s neighbours, or did I miss some? Rechecking every edge: "
            "{items_and} — complete now.",
        ),
        ("prose", "Double-checking {u}'s neighbours: complete? yes — {items}, nothing missing."),
        (
            "prose",
            "Before computing the overlap I should ask what {u} is actually adjacent to, and the "
            "answer from the input is {items_and}, that's all of them.",
        ),
        (
            "prose",
            "So the question at this step is simply who {u}'s neighbours are, and reading the "
            "adjacency once more they are {items_brace}.",
        ),
        (
            "prose",
            "Okay, pausing the search to ask where the edges out of {u} go — to {items_and}, and "
            "nowhere else.",
        ),
        (
            "prose",
            "Let me collect, since I'm asking myself anyway, all neighbours of {u}: {items}. "
            "Nothing more.",
        ),
        (
            "prose",
            "Which nodes share an edge with {u}, all of them or just the ones I used? All of "
            "them: {items_brace}.",
        ),
        (
            "prose",
            "I keep coming back to {u}, so once and for all, what are its neighbours? "
            "{items_and}, the complete list.",
        ),
        ("code", "In [6]: sorted(G[{bu}])\nOut[6]: [{bitems}]"),
        ("code", ">>> list(G.adj[{bu}])\n[{bitems}]"),
        (
            "latex",
            "What is $N({bu})$? Reading it off every edge: $N({bu}) = \\{{{bitems}\\}}$.",
        ),
        ("bold", "**Q:** {bu}'s neighbours, all of them? **A:** {bitems} — complete."),
        ("list", "- [x] nbrs({bu}) complete? ✓ {bitems}"),
        ("arrow", "{bu}: who's adjacent? → all of {bitems}"),
    ],
    "edge_weight": [
        (
            "prose",
            "I'm about to relax that edge, so before I go on, what does {u}–{v} weigh — {w}, per "
            "the input.",
        ),
        (
            "prose",
            "Hmm, wait — is the {u}–{v} weight the one I think? Let me look it up. It's {w}.",
        ),
        ("prose", "Is {u}–{v} worth {w}, or did I read the wrong row? {w}, the row is right."),
        ("prose", "Double-checking the weight of {u}–{v}: {w}? yes, {w}."),
        (
            "prose",
            "Before Kruskal takes the next edge I have to ask what the edge {u}–{v} costs, and "
            "it costs {w}.",
        ),
        (
            "prose",
            "So the question is just the weight on {u}–{v}, and going back to the input it's {w}.",
        ),
        ("prose", "Okay, what was {u}–{v} again, the weight I mean? {w}."),
        (
            "prose",
            "Going down the sorted edges, and hmm, what's the weight of {u}–{v}, where does it "
            "go? Weight {w}.",
        ),
        ("prose", "Let me settle the weight of the {u}–{v} edge now rather than later: it's {w}."),
        ("code", "In [9]: G.edges[{bu}, {bv}]['weight']\nOut[9]: {w}"),
        ("code", ">>> G[{bu}][{bv}]\n{{'weight': {w}}}"),
        (
            "latex",
            "$w({bu}, {bv})$ — what is it again? Looking it up: $w({bu}, {bv}) = {w}$.",
        ),
        ("bold", "**Q:** cost of edge {bu}–{bv}? **A:** {w}, checked against the input."),
        ("list", "- [x] weight {bu}–{bv}? → {w}"),
        ("arrow", "{bu}–{bv} weight → double-checked? → {w}"),
    ],
    "node_weight": [
        (
            "prose",
            "For the triangle sum I need {u}'s weight, so — what is it? {w}, from the node list.",
        ),
        (
            "prose",
            "Hmm, wait — is {u}'s weight the one I used? Checking the node list: {u} weighs {w}.",
        ),
        ("prose", "Double-checking {u}'s weight: {w}? Yes, {w}."),
        (
            "prose",
            "Before adding it up I should ask what {u} is worth on its own, and it's worth {w}.",
        ),
        ("prose", "Okay, the question I keep skipping: {u}'s weight. It's {w}."),
        ("prose", "Is {u} heavy or light, in numbers? {w}."),
        ("code", "In [2]: G.nodes[{bu}]['weight']\nOut[2]: {w}"),
        ("code", ">>> G.nodes[{bu}]\n{{'weight': {w}}}"),
        ("latex", "And $w({bu})$, the vertex weight — what is it? $w({bu}) = {w}$."),
        ("bold", "**Q:** weight of vertex {bu}? **A:** {w} (node list)."),
    ],
    "degree": [
        (
            "prose",
            "I've been tallying edges for the max-degree question, so before I go on, how many "
            "does {u} have — {d}, counting each line.",
        ),
        (
            "prose",
            "Hmm, wait — is {u}'s degree really what I wrote? Recounting the edges that touch "
            "{u}: {d}.",
        ),
        ("prose", "Is {u}'s degree {d}, or did I double-count one? {d}, no double count."),
        ("prose", "Double-checking {u}'s degree: {d}? yes."),
        (
            "prose",
            "Before I peel anything I should ask how many neighbours {u} actually has, and it "
            "has {d}.",
        ),
        (
            "prose",
            "So the question at this step is {u}'s degree, and going through the list once more "
            "it's {d}.",
        ),
        ("prose", "Okay, how many edges end at {u}? {d_words}, so degree {d_words}."),
        ("prose", "Let me pin down, since it keeps coming up, the degree of {u}: {d}."),
        ("prose", "Hmm. How many edges on {u}, again? {d}."),
        (
            "prose",
            "I'm comparing hubs and need one number first — {u}'s degree, what is it? {d}.",
        ),
        ("prose", "Is {u} a hub or not, degree-wise? It has {d} neighbours."),
        ("code", "In [5]: G.degree[{bu}]\nOut[5]: {d}"),
        ("code", ">>> len(G.adj[{bu}])\n{d}"),
        ("code", "In [11]: dict(G.degree())[{bu}]\nOut[11]: {d}"),
        ("latex", "$\\deg({bu})$? Counting the incident edges, $\\deg({bu}) = {d}$."),
        ("latex", "$\\deg({bu}) = ?$ Going through its edges... $\\deg({bu}) = {d}$."),
        ("bold", "**Q:** how many edges touch {bu}? **A:** {d}."),
        ("list", "- [x] deg({bu}) rechecked? → {d}"),
        ("arrow", "{bu} → degree? → recounted → {d}"),
    ],
    "distance": [
        (
            "prose",
            "The heap has been popping nodes one by one, so before I go on, how far is {v} from "
            "{u} — {d}, now that it's final.",
        ),
        (
            "prose",
            "Hmm, wait — is the {u}-to-{v} distance what I wrote? Rerunning the relaxations: {d}.",
        ),
        ("prose", "Is {v} at {d} from {u}, or can a detour beat it? {d}; no detour is shorter."),
        ("prose", "Double-checking d({u}, {v}): {d}? yes."),
        (
            "prose",
            "Before I compare it with the threshold I should ask how far {v} really is from "
            "{u}, and the shortest distance is {d}.",
        ),
        (
            "prose",
            "So the question here is the shortest distance between {u} and {v}, and working it "
            "out again it's {d}.",
        ),
        ("prose", "Okay, what does it cost at the least to get from {u} to {v}? {d}."),
        (
            "prose",
            "Let me settle the {u}–{v} shortest distance now, because I keep needing it: {d}.",
        ),
        ("prose", "Hmm. Shortest from {u} to {v}, what is it, exactly? {d}."),
        (
            "prose",
            "I'm filling in the distance column and the next question is {v}, from {u} — how "
            "far? {d} at minimum.",
        ),
        ("prose", "Where does Dijkstra from {u} finalise {v}? At distance {d}."),
        ("prose", "How far is {v} from {u}, by the cheapest route? {d}, and no cheaper."),
        ("code", "In [8]: nx.dijkstra_path_length(G, {bu}, {bv})\nOut[8]: {d}"),
        ("code", ">>> nx.shortest_path_length(G, {bu}, {bv}, weight='weight')\n{d}"),
        ("latex", "What's $d({bu}, {bv})$ once everything is relaxed? $d({bu}, {bv}) = {d}$."),
        (
            "latex",
            "$\\delta({bu}, {bv})$, the shortest-path distance — is it settled? Yes: "
            "$\\delta({bu}, {bv}) = {d}$.",
        ),
        ("bold", "**Q:** how far is {bv} from {bu}? **A:** {d}, shortest."),
        ("list", "- [x] d({bu}, {bv}) final? → {d}"),
        ("arrow", "{bu} ⟶ {bv}: shortest distance? ⟶ {d}"),
    ],
    "hops": [
        (
            "prose",
            "The BFS queue is building up, so before I go on, which layer is {v} in from {u} — "
            "layer {h}.",
        ),
        ("prose", "Hmm, wait — is {v} really {h} hops from {u}, or fewer? {h}, no shorter route."),
        ("prose", "Double-checking hops {u} → {v}: {h}? yes."),
        (
            "prose",
            "Before I list the layer I should ask how many edges separate {u} from {v}, and the "
            "fewest is {h}.",
        ),
        (
            "prose",
            "So the question is the hop count between {u} and {v}, and tracing it again it's {h}.",
        ),
        ("prose", "Okay, how many steps from {u} until I hit {v}? {h_words}."),
        ("prose", "Let me settle, ignoring weights, the hop distance from {u} to {v}: {h}."),
        ("prose", "Hmm. Fewest edges from {u} to {v}? {h}."),
        ("code", "In [3]: nx.shortest_path_length(G, {bu}, {bv})\nOut[3]: {h}"),
        ("code", ">>> len(nx.shortest_path(G, {bu}, {bv})) - 1\n{h}"),
        ("latex", "Hop distance $h({bu}, {bv})$? BFS settles it: $h({bu}, {bv}) = {h}$."),
        ("bold", "**Q:** BFS layer of {bv} from {bu}? **A:** {h}."),
    ],
    "path": [
        (
            "arrow",
            "I'm adding up the candidate route, so before I go on, what does {path} total — {d}.",
        ),
        ("arrow", "Hmm, wait — did I add {path} right? Re-adding: {sum} = {d}."),
        ("arrow", "Is {path} a total of {d}, or did I drop an edge? {d}, every edge counted."),
        ("arrow", "Double-checking {path}: total {d}? yes."),
        (
            "arrow",
            "Before I call it the answer I should ask what {path} really sums to, and it sums "
            "to {d}.",
        ),
        (
            "arrow",
            "So the question is the length of {path}, and adding the weights again it's {d}.",
        ),
        ("arrow", "Okay, {path}, how much altogether? {d}."),
        ("arrow", "Let me settle what going {path} costs: {d} in total."),
        ("arrow", "Hmm. {path}: sum of the edge weights? {sum}, so {d}."),
        ("code", "In [12]: nx.path_weight(G, p, 'weight')  # p is {bpath}\nOut[12]: {d}"),
        ("latex", "Total along {bpath}, i.e. $\\sum_e w(e) = ?$ It's ${d}$."),
        ("bold", "**Q:** length of route {bpath}? **A:** {d}."),
        ("list", "- [x] {bpath} summed? → {d}"),
    ],
    "clique": [
        (
            "prose",
            "I've been growing the clique node by node, so before I go on, are {items_and} "
            "pairwise adjacent — yes, all of them; a {shape}.",
        ),
        (
            "prose",
            "Hmm, wait — is {items_brace} really a {shape}? Checking each pair against the list: "
            "it is.",
        ),
        (
            "prose",
            "Is {items_brace} a {shape}, or is a pair missing? A {shape}, no pair missing.",
        ),
        ("prose", "Double-checking {items_brace}: every pair present? yes, it's a {shape}."),
        (
            "prose",
            "Before I report it I should ask whether {items} are all joined to each other, and "
            "they are, so it's a {shape}.",
        ),
        (
            "prose",
            "So the question is whether {items_and} make a {shape}, and going pair by pair they "
            "do.",
        ),
        (
            "code",
            "In [14]: all(G.has_edge(x, y) for x, y in itertools.combinations([{bitems}], 2))\n"
            "Out[14]: True",
        ),
        ("latex", "$\\{{{bitems}\\}}$ pairwise adjacent? Checked all pairs — yes, a {shape}."),
        ("bold", "Double-checking **{bitems}**: {shape}? **yes**"),
    ],
    "k_core": [
        (
            "prose",
            "I've finished the peeling, so before I go on, what's left in the {k}-core — "
            "{items_brace}.",
        ),
        (
            "prose",
            "Hmm, wait — is the {k}-core what I wrote down? Redoing the last peel: it's "
            "{items_and}.",
        ),
        (
            "prose",
            "Is the {k}-core {items_brace}, or did I over-peel? {items_brace}, nothing peeled "
            "wrongly.",
        ),
        ("prose", "Double-checking the {k}-core: {items}? yes, exactly those."),
        (
            "prose",
            "Before I give the answer I should ask which nodes the {k}-core really keeps, and it "
            "keeps {items_and}.",
        ),
        ("code", "In [10]: sorted(nx.k_core(G, k={k}))\nOut[10]: [{bitems}]"),
        ("latex", "$C_{{{k}}}$, the {k}-core — which vertices? $C_{{{k}}} = \\{{{bitems}\\}}$."),
        ("bold", "**Q:** which nodes survive into the {k}-core? **A:** {bitems}."),
    ],
    "hop_ball": [
        (
            "prose",
            "The BFS from {u} has run to depth {k}, so before I go on, who's within {k} hops of "
            "it, {u} itself left out — {items_and}.",
        ),
        (
            "prose",
            "Hmm, wait — is the set within {k} hops of {u} (not counting {u}) the one I have? "
            "Collecting the layers again: {items_brace}.",
        ),
        ("prose", "Double-checking the nodes within {k} hops of {u}, excluding {u}: {items}? yes."),
        (
            "prose",
            "Before I answer I should ask which nodes lie at most {k} hops from {u}, other than "
            "{u}, and they are {items_and}.",
        ),
        (
            "prose",
            "So the question is everything within {k} hops of {u} besides {u}, and going through "
            "the layers again it's {items_brace}.",
        ),
        ("prose", "Okay, within {k} hops of {u}, {u} aside — which ones? {items}."),
        (
            "code",
            "In [13]: lengths = nx.single_source_shortest_path_length(G, {bu}, cutoff={k})\n"
            "In [14]: sorted(n for n in lengths if n != {bu})\nOut[14]: [{bitems}]",
        ),
        (
            "latex",
            "$B_{{{k}}}({bu}) \\setminus \\{{{bu}\\}} = ?$ From the BFS: $\\{{{bitems}\\}}$.",
        ),
        ("bold", "**Q:** nodes ≤ {k} hops from {bu} (not {bu})? **A:** {bitems}."),
    ],
}
"""Statement kinds and their round-27 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | deg — rechecked? |", "| {bu} | {d} |"),
        ("| Q: node | A: degree |", "| {bu} | {d} |"),
        ("| Node | Degree? | Double-checked |", "| {bu} | {d} | ✓ |"),
    ],
    "edge_weight": [
        ("| Edge | w = ? |", "| {bu}–{bv} | {w} |"),
        ("| Q: edge | A: weight |", "| {bu} - {bv} | {w} |"),
        ("| u | v | weight, double-checked? |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| Node | d({src}, ·) — final? |", "| {bv} | {d} |"),
        ("| Q: target | A: distance from {src} |", "| {bv} | {d} |"),
        ("| Node | Shortest from {src}? | Double-checked |", "| {bv} | {d} | ✓ |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Before I go on, should {u} come before {v} in the queue? Doesn't matter yet.",
    "Hmm, wait — did I already handle {u}? I'll check that at the end.",
    "Is it worth checking {v} now, or later? Later.",
    "Double-checking my plan: search first, then read off the answer? yes.",
    "**Q:** is {bu} in the final answer? **A:** can't say yet.",
    "import networkx as nx\nG = nx.Graph()  # built from the input below",
    ">>> G.has_edge({bu}, {bv})",
    "$\\deg({bu}) = ?$ (I'll count it in a moment)",
    "- [ ] recheck {bu}–{bv}? (later)",
    "Which do I need here, Dijkstra or plain BFS? Depends on the weights; let me look first.",
    "So where does {u} fit? I'll see once the loop reaches it.",
    "Okay, is this the best candidate so far, or just the latest? Too early to tell.",
    "Hmm, am I overcomplicating this? Possibly; let me keep going anyway.",
    "Let me ask the obvious thing before going further: what does the answer look like? A "
    "single value.",
    "Does {v} matter for the answer, or is it a dead end? I'll find out after the next step.",
    "Now, the part I was unsure about, whether {u} or {v} goes first — either, so {u}.",
]
"""Prose that names nodes but states no fact: questions deferred or answered with a plan or a
choice of order, a REPL prompt without output, an unanswered bold Q label, an unticked bullet,
an undecided LaTeX question. Filled with ``{u} {v} {bu} {bv}`` only."""
