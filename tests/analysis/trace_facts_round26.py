"""The round-26 held-out phrasing bank for the trace-fact checker (split ``round26``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 25. Like rounds
17 to 25 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search, round 22 the length and mess of long traces, round 23 smaller models'
formulaic traces and recaps, round 24 facts used as premises and round 25 self-questions
answered at once in a crisp Q-then-A rhythm, round 26 takes the questioning voice of real traces
in a looser, conversational form (Claude, Gemini, Kimi K2, GLM, DeepSeek-R1 in its "Wait," loops),
in mixed voices across the nine tasks: tag questions and rhetorical questions the writer answers
("A and B are adjacent, right? Right — the list has them.", "A–B is 3, isn't it? Yes, 3.",
"Why can't B go in with A? Because A and B have no edge between them."), questions about a value
answered after a digression ("And the weight on A–B? I had it somewhere... it's 3."), answers
that echo the question ("Is there an edge A–B? There is.", "How many neighbours does A have? It
has 4."), questions put to the reader ("You might ask whether A and B are directly linked; they
are.") and questions whose answer is a correction of the writer's own doubt ("is that a real
edge or did I make it up? It's real"). The question never states a fact other than the answer's
(no other node pair, no number of its own); the answer states the one fact, affirmatively or, for
non-edges, negatively. About 60 % is such prose; about 15 % is Python / NetworkX cells whose
query is the question and whose printed value is the answer (``print(G.degree(A))`` then ``4``,
``G.has_edge(A, B)`` then ``# Out: True``, ``assert not G.has_edge(A, B)``); about 10 % LaTeX
that asks and answers (``And \\( w(A,B) \\)? It's \\( 3 \\).``); about 15 % bold questions
(``**How far, A to B?** 3.``), bullets and arrows with "?" and tables whose headers ask in the
same voice ("| Node | Degree, isn't it? |", "| Edge | What did it cost? |"). Every phrasing
differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round25``) and
states exactly one fact, as the writer's claim (no suppositions, no open questions, no negated
hypotheticals but the stated non-edges), so ``trace_facts_phrasings.write_trace`` plants errors
of a known kind with exact labels. The filler states none: questions left open, put off or
answered with a plan, a code cell not yet run, an open bold label, an undecided LaTeX membership.
Each kind's list is ordered (and sized) so that ``labelled_set(split, seeds=2)`` uses every
phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round26``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "{u} and {v} are adjacent, right? Right — the list has them."),
        ("prose", "Do {u} and {v} touch at all? They do, directly."),
        ("prose", "Is there an edge {u}–{v}? There is."),
        ("prose", "{u} is joined to {v}, isn't it? It is, I can see the pair in the input."),
        ("prose", "Wait, {u}–{v} — that's an edge, isn't it? Yes, it's listed."),
        ("prose", "You might ask whether {u} and {v} are directly linked; they are."),
        (
            "prose",
            "Hold on, does {u} reach {v} in one step? Let me scroll back up to the edges... "
            "okay, there it is. Yes, {u}–{v} is an edge.",
        ),
        (
            "prose",
            "Hmm, {v} sits right next to {u}, doesn't it? Yeah, it does — they share an edge.",
        ),
        ("prose", "And is {v} among {u}'s neighbours? It is, yes."),
        ("prose", "Could {u} and {v} be adjacent? Actually they are, the edge is in the input."),
        (
            "prose",
            "Now, {u} to {v} — is that a real edge or did I make it up? It's real, it's in the "
            "list.",
        ),
        ("prose", "Right, so are {u} and {v} connected by an edge? They are, yes, directly."),
        (
            "prose",
            "Wait, wait. Is {u}–{v} actually an edge? Let me not trust memory... checking... "
            "yes, it is an edge.",
        ),
        ("prose", "{u} and {v}, are they neighbours? They are neighbours."),
        ("prose", "Why can I step from {u} straight to {v}? Because there's an edge between them."),
        ("code", "print('edge?', G.has_edge({bu}, {bv}))\n# edge? True"),
        ("code", "G.has_edge({bu}, {bv})\n# Out: True"),
        ("code", "assert G.has_edge({bu}, {bv})  # adjacent? yes, it passes"),
        ("latex", "Is \\( ({bu}, {bv}) \\in E \\)? It is: \\( ({bu}, {bv}) \\in E \\)."),
        (
            "latex",
            "So \\( {bu} \\) and \\( {bv} \\) are adjacent, aren't they? They are: "
            "\\( \\{{{bu}, {bv}\\}} \\in E \\).",
        ),
        ("bold", "**Adjacent, {bu} and {bv}?** Yes, they are."),
        ("list", "- is {bu}–{bv} an edge? it is ✓"),
        ("arrow", "{bu}–{bv} an edge, right? → right, it's listed"),
    ],
    "non_edge": [
        ("prose", "Do {u} and {v} touch at all? Not directly."),
        ("prose", "Is there an edge {u}–{v}? There isn't."),
        ("prose", "{u} and {v} aren't adjacent, are they? No, they aren't — no such pair listed."),
        ("prose", "Wait, {u}–{v} — that's not an edge, is it? No, it's not in the list."),
        ("prose", "You might ask whether {u} and {v} are directly linked; they are not."),
        (
            "prose",
            "Hold on, does {u} reach {v} in one step? Let me scroll back up to the edges... "
            "no. There's no {u}–{v} edge.",
        ),
        ("prose", "Hmm, {v} isn't next to {u}, is it? No, there's no edge between them."),
        ("prose", "And is {v} among {u}'s neighbours? It isn't."),
        ("prose", "Could {u} and {v} be adjacent? Actually no, the input has no {u}–{v} edge."),
        (
            "prose",
            "Now, {u} to {v} — is that a real edge or did I make it up? I made it up; {u} and "
            "{v} aren't adjacent.",
        ),
        ("prose", "Right, so are {u} and {v} connected by an edge? Not connected, no."),
        ("latex", "Is \\( ({bu}, {bv}) \\in E \\)? It is not: \\( ({bu}, {bv}) \\notin E \\)."),
        ("prose", "{u} and {v}, are they neighbours? They are not neighbours."),
        ("prose", "Why can't {v} go in with {u}? Because {u} and {v} have no edge between them."),
        ("prose", "Can I step from {u} straight to {v}? I can't — no edge joins them."),
        ("code", "print('edge?', G.has_edge({bu}, {bv}))\n# edge? False"),
        ("code", "G.has_edge({bu}, {bv})\n# Out: False"),
        ("code", "assert not G.has_edge({bu}, {bv})  # adjacent? no, it passes"),
        (
            "prose",
            "Wait, wait. Is {u}–{v} actually an edge? Let me not trust memory... checking... "
            "no, it is not an edge.",
        ),
        (
            "latex",
            "So \\( {bu} \\) and \\( {bv} \\) aren't adjacent, are they? They aren't: "
            "\\( \\{{{bu}, {bv}\\}} \\notin E \\).",
        ),
        ("bold", "**Adjacent, {bu} and {bv}?** No, they aren't."),
        ("list", "- is {bu}–{bv} an edge? it isn't ✗"),
        ("arrow", "{bu}–{bv} an edge, right? → wrong, it's not listed"),
    ],
    "neighbours": [
        ("prose", "Who does {u} connect to? {items_and} — that's every one of them."),
        ("prose", "{u}'s neighbours are {items}, aren't they? Yes, exactly those, no more."),
        (
            "prose",
            "So what's around {u}? Let me go through the edges one more time, slowly... "
            "{items_and}. That's the whole list.",
        ),
        ("prose", "You might wonder which nodes {u} touches. All of them: {items_brace}."),
        (
            "prose",
            "And {u}'s neighbourhood? I wrote it down earlier... here: {items_brace}, complete.",
        ),
        ("prose", "Which nodes hang off {u}? {items_and}, and that's it, right? Right."),
        ("bold", "**Who neighbours {bu}?** All of {bitems}, no others."),
        ("prose", "Okay, {u} — neighbours? All of them: {items}."),
        ("prose", "Where does an edge from {u} lead? To {items_and}, nowhere else."),
        ("prose", "Hmm, the nodes adjacent to {u}, what are they? They are {items}, the lot."),
        ("code", "print(sorted(G.neighbors({bu})))  # who's next to it?\n[{bitems}]"),
        ("code", "set(G[{bu}])\n# Out: {{{bitems}}}"),
        ("latex", "What is \\( N({bu}) \\), then? It's \\( \\{{{bitems}\\}} \\), all of it."),
        ("prose", "Wait, what does {u} touch again? {items_and}, the full set."),
        ("list", "- neighbours of {bu}, all of them? {bitems} ✓"),
        ("arrow", "{bu}'s neighbours, complete? → {bitems}"),
    ],
    "edge_weight": [
        ("prose", "And the weight on {u}–{v}? I had it somewhere... it's {w}."),
        ("prose", "How heavy is {u}–{v}? It weighs {w}."),
        ("prose", "{u}–{v} is {w}, isn't it? Yes, {w}."),
        ("prose", "What did {u}–{v} cost again? Scrolling up... there: {w}."),
        ("prose", "You might ask what the {u}–{v} edge weighs; it weighs {w}."),
        ("prose", "Hmm, the edge between {u} and {v}, its weight? {w}, per the input."),
        ("prose", "Wait, {u}-{v} carries {w}, right? Right, {w}."),
        ("prose", "So what's {u}–{v} worth? It's worth {w}."),
        ("prose", "Which weight does {u}–{v} have, again? Let me not guess. It has weight {w}."),
        ("code", "print('w =', G[{bu}][{bv}]['weight'])\n# w = {w}"),
        ("code", "G.get_edge_data({bu}, {bv})\n# Out: {{'weight': {w}}}"),
        ("latex", "What's \\( w({bu},{bv}) \\)? It's \\( {w} \\)."),
        ("bold", "**Weight of {bu}–{bv}?** It's {w}."),
        ("list", "- {bu}–{bv}, how much? {w}"),
        ("arrow", "{bu}–{bv} weighs what? → {w}"),
    ],
    "node_weight": [
        ("prose", "And {u}'s own weight? I saw it at the top... {w}."),
        ("prose", "{u} weighs {w}, doesn't it? It does."),
        ("prose", "How much does {u} weigh? It weighs {w}."),
        ("prose", "You might ask what {u} is worth here; it's worth {w}."),
        (
            "prose",
            "Wait, what was the weight on node {u}? Let me find it rather than guess... {w}.",
        ),
        ("prose", "So {u} brings {w} to the triangle, right? Yes, {u}'s weight is {w}."),
        ("code", "print(G.nodes[{bu}])\n# {{'weight': {w}}}"),
        ("latex", "And \\( w({bu}) \\)? It's \\( {w} \\), from the node list."),
        ("bold", "**{bu}'s weight?** {w}."),
        ("list", "- weight on {bu}? it's {w}"),
    ],
    "degree": [
        ("prose", "How many neighbours does {u} have? It has {d}."),
        ("prose", "{u} has degree {d}, right? Right, {d}."),
        (
            "prose",
            "And {u}'s degree? Let me go through the list once more, carefully this time... {d}.",
        ),
        ("prose", "{u}'s degree is {d}, isn't it? It is."),
        ("prose", "You might ask how many edges {u} has; it has {d}."),
        ("prose", "Wait, how many edges touch {u}? I keep losing count... {d}. {d} edges."),
        ("prose", "Hmm, {u} — how many neighbours was that? {d_words}."),
        ("prose", "So how connected is {u}, really? Degree {d}, that's it."),
        ("prose", "What does {u} have, degree-wise? {d}."),
        ("prose", "Does {u} have many neighbours? It has {d} of them."),
        ("prose", "And {u}? How many? {d}, I counted on the edge list."),
        ("code", "print(G.degree({bu}))  # how many neighbours?\n{d}"),
        ("code", "G.degree[{bu}]\n# Out: {d}"),
        ("code", "len(list(G.neighbors({bu})))\n# Out: {d}"),
        ("latex", "What's \\( \\deg({bu}) \\)? It's \\( {d} \\)."),
        ("bold", "**How many neighbours does {bu} have?** {d}."),
        ("list", "- deg {bu}? it's {d}"),
        ("arrow", "{bu}, degree? → {d}, counted"),
    ],
    "distance": [
        (
            "prose",
            "And the shortest distance from {u} to {v}? I worked it out above somewhere... {d}.",
        ),
        ("prose", "How far is {u} from {v}? It's {d} away."),
        ("prose", "{v} is {d} from {u}, isn't it? Yes, {d} is the shortest."),
        ("prose", "You might ask how far {v} is from {u}; the shortest distance is {d}."),
        ("prose", "Wait, did I get the {u}-to-{v} distance right? Let me redo it... yes, {d}."),
        ("prose", "So what does the shortest way from {u} to {v} cost? It costs {d}."),
        ("prose", "Hmm, {u} to {v}, shortest — what was it? {d}, I think... yes, {d}."),
        ("prose", "Is {v} near {u}? Depends on the threshold, but the distance itself is {d}."),
        ("prose", "And {v}, from {u}? Shortest distance, {d}."),
        ("prose", "The distance from {u} to {v} is {d}, right? Right."),
        ("prose", "How close does {v} get to {u}? As close as {d}, no closer."),
        ("prose", "Where does {v} land, distance-wise, from {u}? At {d}."),
        ("code", "print(nx.shortest_path_length(G, {bu}, {bv}, weight='weight'))\n{d}"),
        ("code", "dist = nx.single_source_dijkstra_path_length(G, {bu})\ndist[{bv}]\n# Out: {d}"),
        ("latex", "And \\( d({bu},{bv}) \\)? It comes out to \\( {d} \\)."),
        ("bold", "**How far, {bu} to {bv}?** {d}."),
        ("list", "- {bu} → {bv}, shortest? {d}"),
        ("arrow", "{bu} ⇒ {bv}, how far? → {d}, shortest"),
    ],
    "hops": [
        ("prose", "How many hops from {u} to {v}? It's {h} hops."),
        ("prose", "{v} is {h} hops from {u}, isn't it? It is."),
        ("prose", "And {v}'s BFS level from {u}? Let me retrace the layers... {h}."),
        ("prose", "You might ask how many edges separate {u} and {v}; {h} at the fewest."),
        ("prose", "Wait, which BFS layer did {v} land in from {u}? Layer {h}, yes."),
        ("prose", "Hmm, {u} to {v} in hops — what was it? {h_words}."),
        ("prose", "Does {v} come up early in the BFS from {u}? It comes up at depth {h}."),
        ("prose", "So the hop count from {u} to {v}? {h}, no shortcut."),
        ("code", "print(nx.shortest_path_length(G, {bu}, {bv}))  # hops\n{h}"),
        ("latex", "How many hops is \\( {bu} \\to {bv} \\)? \\( {h} \\)."),
        ("bold", "**Hops, {bu} to {bv}?** {h}."),
        ("list", "- hops {bu} → {bv}? {h}"),
    ],
    "path": [
        ("arrow", "And the total along {path}? I added it above... {d}."),
        ("arrow", "What does {path} come to? It comes to {d}."),
        ("arrow", "{path} sums to {d}, doesn't it? It does: {sum} = {d}."),
        ("arrow", "You might ask what the route {path} costs; it costs {d}."),
        (
            "arrow",
            "Wait, {path} — what was its length? Let me re-add, slowly... {sum}, that's {d}.",
        ),
        ("arrow", "Hmm, so what's the weight of going {path}? {d} in total."),
        ("arrow", "How much is {path}, end to end? {d}."),
        ("arrow", "So {path} adds up to what? To {d}."),
        ("arrow", "Okay — {path}, how long is that? {d} altogether."),
        ("code", "print(total)  # length of {bpath}\n{d}"),
        ("latex", "And \\( w({bpath}) \\)? It totals \\( {d} \\)."),
        ("bold", "**Cost of {bpath}?** {d}, end to end."),
        ("list", "- {bpath}, total? {d}"),
    ],
    "clique": [
        ("prose", "{items_and} form a {shape}, don't they? They do — every pair is an edge."),
        ("prose", "Are {items} all mutually adjacent? They are, so that's a {shape}."),
        (
            "prose",
            "You might ask whether {items_brace} is really a {shape}; it is, each pair is joined.",
        ),
        (
            "prose",
            "Hmm, {items_brace} — {shape} or not? Going pair by pair... a {shape}, all pairs "
            "present.",
        ),
        ("prose", "Wait, do {items_and} really all touch each other? They do; it's a {shape}."),
        (
            "code",
            "print(all(G.has_edge(a, b) for a, b in combinations([{bitems}], 2)))\nTrue",
        ),
        (
            "latex",
            "Is \\( \\{{{bitems}\\}} \\) complete? Yes, \\( \\{{{bitems}\\}} \\) is a {shape}.",
        ),
        ("bold", "**Is {bitems} a {shape}?** It is, every pair adjacent."),
    ],
    "k_core": [
        ("prose", "And the {k}-core? After all that peeling... {items_brace}."),
        ("prose", "What survives in the {k}-core? {items_and}, exactly."),
        ("prose", "The {k}-core is {items_brace}, isn't it? Yes, that's it."),
        (
            "prose",
            "You might ask what's left of the graph at k = {k}; the {k}-core is {items_brace}.",
        ),
        ("prose", "Wait, which nodes did the {k}-core keep? {items}, only those."),
        ("prose", "So who makes it into the {k}-core? {items_and}."),
        ("code", "print(sorted(nx.k_core(G, k={k}).nodes))\n[{bitems}]"),
        ("latex", "And \\( C_{{{k}}} \\)? It's \\( \\{{{bitems}\\}} \\)."),
        ("bold", "**{k}-core?** {bitems}, nothing more."),
    ],
    "hop_ball": [
        ("prose", "Which nodes sit within {k} hops of {u}, {u} itself aside? {items_and}."),
        (
            "prose",
            "And everything within {k} hops of {u}, not counting {u}? Let me collect the BFS "
            "layers... {items_brace}.",
        ),
        (
            "prose",
            "The nodes within {k} hops of {u}, other than {u}, are {items}, aren't they? Yes, "
            "those.",
        ),
        ("prose", "You might ask who's within {k} hops of {u} besides {u}; it's {items_and}."),
        (
            "prose",
            "Wait, who did the BFS from {u} reach in at most {k} hops, leaving {u} out? {items}.",
        ),
        ("prose", "So, besides {u}, what's within {k} hops of it? {items_brace}."),
        (
            "code",
            "ball = nx.single_source_shortest_path_length(G, {bu}, cutoff={k})\n"
            "print(sorted(n for n in ball if n != {bu}))\n[{bitems}]",
        ),
        (
            "latex",
            "And \\( \\{{v \\neq {bu} : d({bu}, v) \\le {k}\\}} \\)? It's "
            "\\( \\{{{bitems}\\}} \\).",
        ),
        ("bold", "**Within {k} hops of {bu}, {bu} excluded?** {bitems}."),
    ],
}
"""Statement kinds and their round-26 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree, isn't it? |", "| {bu} | {d} |"),
        ("| Node | How many neighbours? |", "| {bu} | {d} |"),
        ("| Node | Degree? | Recounted? |", "| {bu} | {d} | yes |"),
    ],
    "edge_weight": [
        ("| Edge | Weighs? |", "| {bu}–{bv} | {w} |"),
        ("| Edge | What did it cost? |", "| {bu} - {bv} | {w} |"),
        ("| From | To | How heavy, again? |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| Node | How far is it from {src}? |", "| {bv} | {d} |"),
        ("| Target | Shortest from {src}, right? |", "| {bv} | {d} |"),
        ("| Node | Distance from {src}? | Rechecked? |", "| {bv} | {d} | yes |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Is {u} going to matter here? Hard to say yet.",
    "Hmm, what was I checking? Right, {v}. Let me get back to it.",
    "Wait, am I doing this in the right order? I think so; let me continue.",
    "You might ask why I don't just guess; because I'd rather be sure.",
    "Where does {u} come in? We'll see.",
    "Does the order of {u} and {v} matter? Not for this.",
    "Isn't there a faster way? Maybe, but let me stay with the plain method.",
    "print(G.has_edge({bu}, {bv}))  # let me run this next",
    "**Still open:** does {bu} belong in the answer?",
    "Okay, and then? Then the next node.",
    "Did I already look at {u}? I'm not sure, I'll look again.",
    "Right, where was I? The queue, I think.",
    "- {bu}? (come back to it)",
    "\\( {bu} \\in S \\)? (to be decided)",
    "Should I trust my earlier count? Let me redo it rather than trust it.",
    "What's the question again? Let me reread it before going on.",
]
"""Prose that names nodes but states no fact: questions left open, put off or answered with a
plan, a code cell not yet run, an open bold label, an unticked bullet, an undecided LaTeX
membership. Filled with ``{u} {v} {bu} {bv}`` only."""
