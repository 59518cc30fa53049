"""The round-25 held-out phrasing bank for the trace-fact checker (split ``round25``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 24. Like rounds
17 to 24 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search, round 22 the length and mess of long traces, round 23 smaller models'
formulaic traces and recaps and round 24 facts used as premises, round 25 takes self-questions
answered at once, the commonest rhythm of DeepSeek-R1, QwQ and o-series traces, in mixed voices
across the nine tasks: the model asks itself and answers in the same or the next sentence ("Is A
connected to B? Yes — it's right there in the list.", "What's A's degree? Counting: 4.", "How
far is C from A? 3 hops."), the answer coming after a pause, an ellipsis, a "let me look", a
"hmm" or a short check ("Does the path go through B? ... no, A and B aren't adjacent."), and the
bare answers models give to the task's own sub-questions ("Heaviest triangle's first vertex,
A: weight? 7."). The question never states a fact of its own (no other node pair, no number);
the answer states the one fact, affirmatively or, for non-edges, negatively. About 60 % is such
prose; about 15 % is Python / NetworkX with the answer in a trailing comment or a REPL echo
(``G.has_edge(A, B)  # -> True``, ``>>> G.degree[A]`` then the value); about 10 % LaTeX that
asks and answers (``\\( \\deg(A) = ? \\) Counting: \\( \\deg(A) = 4 \\).``); about 15 % bold
``**Q:** ... **A:** ...`` labels, bullets with "?" and "→", arrows and Markdown tables whose
headers ask ("| Node | deg? |", "| Edge | How heavy? |", "| Node | How far from A? |").
Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ...
``round24``) and states exactly one fact, as the writer's claim (no suppositions, no open
questions, no negated hypotheticals but the stated non-edges), so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels. The
filler states none: questions left open or answered with a plan ("Is A the answer? Too early
to say."), questions about the method, a question whose answer is a choice of what to check
next, a REPL prompt without output, an unanswered "**Q:**" label. Each kind's list is ordered
(and sized) so that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test
checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round25``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Is {u} connected to {v}? Yes — it's right there in the list."),
        ("prose", "Hmm, are {u} and {v} adjacent? Let me look... yes, they are."),
        ("prose", "Does {u} have an edge to {v}? It does."),
        ("prose", "So is there a {u}–{v} edge? Checking the input again. Yes, there is."),
        ("prose", "Can I go straight from {u} to {v}? Yeah, {u} and {v} are joined directly."),
        ("prose", "Is {v} a neighbor of {u}? ... Yes. {v} is adjacent to {u}."),
        ("prose", "Wait, do {u} and {v} share an edge? Hmm. Yes, they do, I see the pair."),
        ("prose", "Is {u}–{v} in the edge list? Let me scan... found it, yes."),
        ("prose", "Okay, {u} and {v}: connected? Yes, directly connected."),
        ("prose", "Next question: is {v} linked to {u}? It is — there's an edge between them."),
        ("prose", "Is the pair {u}, {v} an edge? Quick check: yes, {u} is adjacent to {v}."),
        ("prose", "Are {u} and {v} neighbors? Let me double-check. Yep, neighbors."),
        ("prose", "Does the edge {u}-{v} exist? Yes. I was worried it didn't, but it's there."),
        ("prose", "And {u} to {v}, is that an edge? Let me see. Yes, an edge."),
        ("code", "G.has_edge({bu}, {bv})  # -> True"),
        ("code", ">>> {bv} in G.adj[{bu}]\nTrue"),
        ("code", "print(G.has_edge({bu}, {bv}))  # is {bu} adjacent to {bv}? -> True"),
        ("latex", "Is \\( \\{{{bu}, {bv}\\}} \\in E \\)? Yes: \\( \\{{{bu}, {bv}\\}} \\in E \\)."),
        ("latex", "\\( {bu} \\sim {bv} \\)? Checking the list — yes, \\( {bu} \\sim {bv} \\)."),
        ("bold", "**Q:** {bu}–{bv} adjacent? **A:** Yes."),
        ("list", "- {bu}–{bv} an edge? → yes"),
        ("arrow", "{bu} — {bv}? → edge present ✔"),
    ],
    "non_edge": [
        ("prose", "Does the path go through {v}? ... no, {u} and {v} aren't adjacent."),
        ("prose", "Is {u} connected to {v}? No — there's no such edge in the list."),
        ("prose", "Hmm, are {u} and {v} adjacent? Let me look... no, they aren't."),
        ("prose", "Does {u} have an edge to {v}? It doesn't."),
        ("prose", "So is there a {u}–{v} edge? Scanning the input... no, there isn't one."),
        ("prose", "Can I jump straight from {u} to {v}? No, {u} and {v} aren't joined directly."),
        ("prose", "Is {v} a neighbor of {u}? ... No. {v} is not adjacent to {u}."),
        ("prose", "Wait, do {u} and {v} share an edge? Hmm. No, they don't."),
        ("prose", "Is {u}–{v} in the edge list? Let me scan... not there. No edge."),
        ("prose", "Okay, {u} and {v}: connected? No, not directly."),
        ("prose", "Can {v} join {u} in the clique? No — {u} and {v} have no edge between them."),
        ("prose", "Are {u} and {v} neighbors? Let me double-check. Nope, not neighbors."),
        ("prose", "Does the edge {u}-{v} exist? No. I half expected it, but it's not there."),
        ("prose", "And {u} to {v}, is that an edge? Let me see. No, it isn't."),
        ("prose", "Does {u}'s line mention {v}? Let me look. No, so {u}–{v} is not an edge."),
        ("code", "G.has_edge({bu}, {bv})  # -> False"),
        ("code", ">>> {bv} in G.adj[{bu}]\nFalse"),
        ("code", "print(G.has_edge({bu}, {bv}))  # is {bu} adjacent to {bv}? -> False"),
        (
            "latex",
            "Is \\( \\{{{bu}, {bv}\\}} \\in E \\)? No: \\( \\{{{bu}, {bv}\\}} \\notin E \\).",
        ),
        ("bold", "**Q:** {bu}–{bv} adjacent? **A:** No."),
        ("list", "- {bu}–{bv} an edge? → no"),
        ("arrow", "{bu} — {bv}? → no edge ✘"),
    ],
    "neighbours": [
        ("prose", "Who are {u}'s neighbors? Let me list them: {items_and}, and that's all."),
        ("prose", "What is {u} adjacent to? Hmm... {items}. Nothing else."),
        ("prose", "Which nodes touch {u}? Looking at the edges: exactly {items_and}."),
        ("prose", "So what's {u}'s full neighborhood? It's {items_brace}."),
        ("prose", "Neighbors of {u}? Let me collect them... {items}, and no others."),
        (
            "prose",
            "Where can I go from {u}? Checking every edge that has {u} in it: only to {items_and}.",
        ),
        ("prose", "Okay, what does {u} connect to? Exactly {items}, that's the complete set."),
        ("prose", "What's adjacent to {u}, all of it? {items_brace}, full stop."),
        ("prose", "Wait, which nodes are {u}'s neighbors again? Right: {items_and}, only those."),
        ("prose", "And {u}'s neighbor set? Let me make sure I have all of them. {items_brace}."),
        ("code", ">>> sorted(G[{bu}])  # all neighbors of {bu}\n[{bitems}]"),
        ("code", "list(G.neighbors({bu}))  # -> [{bitems}], nothing else"),
        ("latex", "\\( N({bu}) = ? \\) Reading off the edges, \\( N({bu}) = \\{{{bitems}\\}} \\)."),
        ("bold", "**Q:** all neighbors of {bu}? **A:** {bitems}."),
        ("list", "- nbrs of {bu}? → {bitems} (complete)"),
        ("arrow", "{bu} → ? ⇒ {bitems}, and no one else"),
    ],
    "edge_weight": [
        ("prose", "What's the weight of {u}–{v}? Let me look... {w}."),
        ("prose", "How heavy is the edge {u}-{v}? Hmm, it's {w}."),
        ("prose", "And {u} to {v}, what does that edge cost? {w}."),
        ("prose", "So what does {u}–{v} weigh? Checking the input: weight {w}."),
        ("prose", "Wait, what was the weight on {u}-{v} again? It's {w}, right, {w}."),
        ("prose", "How much is {u}–{v}? The list says {w}."),
        ("prose", "Cost of the edge between {u} and {v}? Let me find it... {w}."),
        ("prose", "Okay, {u}–{v}: what weight? {w}, I'm reading it straight from the input."),
        ("prose", "Which weight goes with {u}-{v}? That one carries {w}."),
        ("code", "G[{bu}][{bv}]['weight']  # -> {w}"),
        ("code", ">>> G.edges[{bu}, {bv}]['weight']\n{w}"),
        ("latex", "\\( w({bu}, {bv}) = ? \\) From the input, \\( w({bu}, {bv}) = {w} \\)."),
        ("bold", "**Q:** weight of {bu}–{bv}? **A:** {w}."),
        ("list", "- w({bu}, {bv})? → {w}"),
        ("arrow", "{bu}–{bv}: weight? → {w}"),
    ],
    "node_weight": [
        ("prose", "What's {u}'s weight? Let me look... {w}."),
        ("prose", "How much is {u} worth? Hmm, {w}."),
        ("prose", "And the weight of node {u}? Checking the node list: {w}."),
        ("prose", "Wait, what did {u} weigh again? {w}. Yes, {w}."),
        ("prose", "Okay, {u}: what weight does it carry? It carries {w}."),
        ("prose", "So what does {u} contribute to a triangle? Its weight, which is {w}."),
        ("code", "G.nodes[{bu}]['weight']  # {bu}'s weight? -> {w}"),
        ("code", ">>> G.nodes[{bu}]['weight']\n{w}"),
        ("latex", "\\( w({bu}) = ? \\) From the node weights, \\( w({bu}) = {w} \\)."),
        ("bold", "**Q:** weight of {bu}? **A:** {w}."),
    ],
    "degree": [
        ("prose", "What's {u}'s degree? Counting: {d}."),
        ("prose", "How many neighbors does {u} have? Let me count them... {d}."),
        ("prose", "Hmm, what's the degree of {u}? It's {d}."),
        ("prose", "So how many edges touch {u}? {d}, I counted twice."),
        ("prose", "Wait, what did I get for {u}'s degree? {d_words}. Yes, {d_words}."),
        ("prose", "And {u}? Degree {d}."),
        ("prose", "Okay, how connected is {u}? It has {d} neighbors."),
        ("prose", "Does {u} survive this round of peeling? Let me count its edges: degree {d}."),
        ("prose", "How many times does {u} appear in the edge list? {d} times, so degree {d}."),
        ("prose", "What about {u}'s degree? Let me see. {d}."),
        ("prose", "Is {u} the biggest hub? Counting its neighbors gives {d}."),
        ("code", "G.degree[{bu}]  # -> {d}"),
        ("code", ">>> G.degree({bu})\n{d}"),
        ("code", "len(G[{bu}])  # how many neighbors? -> {d}"),
        ("latex", "\\( \\deg({bu}) = ? \\) Counting: \\( \\deg({bu}) = {d} \\)."),
        ("bold", "**Q:** degree of {bu}? **A:** {d}."),
        ("list", "- deg({bu})? → {d}"),
        ("arrow", "{bu}: how many neighbors? → {d}"),
    ],
    "distance": [
        ("prose", "How far is {v} from {u}? Shortest distance {d}."),
        ("prose", "What's the shortest distance from {u} to {v}? Let me run it... {d}."),
        ("prose", "Hmm, how close is {v} to {u}? The shortest route comes to {d}."),
        ("prose", "So what's d({u}, {v})? Working it out: {d}."),
        ("prose", "Wait, what did I get for the distance from {u} to {v}? {d}. Right."),
        ("prose", "And from {u} to {v}? Shortest path length {d}."),
        ("prose", "Is {v} within reach of {u}? The shortest distance between them is {d}."),
        ("prose", "Okay, how far apart are {u} and {v}? {d} at the least."),
        ("prose", "What's {v}'s final label from {u}? It comes off the heap at {d}."),
        ("prose", "Does {v} make the threshold from {u}? Let me check. Its distance is {d}."),
        ("prose", "How long is the shortest {u}-{v} route? Let me see... {d} in all."),
        ("prose", "What's the gap between {u} and {v}? The minimum is {d}."),
        ("code", "nx.shortest_path_length(G, {bu}, {bv}, weight='weight')  # how far? -> {d}"),
        ("code", ">>> dist[{bv}]  # from {bu}\n{d}"),
        ("latex", "\\( d({bu}, {bv}) = ? \\) Running Dijkstra, \\( d({bu}, {bv}) = {d} \\)."),
        ("bold", "**Q:** shortest distance {bu} → {bv}? **A:** {d}."),
        ("list", "- d({bu}, {bv})? → {d}"),
        ("arrow", "{bu} ⇝ {bv}: how far? → {d}"),
    ],
    "hops": [
        ("prose", "Is {v} close to {u}? It's {h} hops away."),
        ("prose", "Hmm, which layer is {v} on, starting from {u}? Layer {h}."),
        ("prose", "And {v}'s hop distance from {u}? Let me look. {h}."),
        ("prose", "How far is {v} from {u}? {h} hops."),
        ("prose", "How many hops from {u} to {v}? Let me trace the BFS... {h}."),
        ("latex", "\\( d_{{\\text{{hop}}}}({bu}, {bv}) = ? \\) BFS gives {h}."),
        ("prose", "Wait, what's {v}'s BFS depth from {u}? {h_words}, yes."),
        ("code", "nx.shortest_path_length(G, {bu}, {bv})  # hops -> {h}"),
        ("bold", "**Q:** hops from {bu} to {bv}? **A:** {h}."),
        ("prose", "So how many edges at minimum between {u} and {v}? {h}."),
        ("list", "- BFS depth of {bv} from {bu}? → {h}"),
        ("prose", "Okay, how many steps does it take to get from {u} to {v}? {h}, no fewer."),
    ],
    "path": [
        ("arrow", "What does {path} add up to? {sum} = {d}."),
        ("arrow", "How much does the route {path} cost? Let me add... {d}."),
        ("arrow", "Hmm, what's the total along {path}? It's {d}."),
        ("arrow", "So what's the weight of {path}? Summing the edges: {d}."),
        ("arrow", "Wait, what did {path} come to? {d}. Yes."),
        ("arrow", "And {path}, total? {d}."),
        ("arrow", "Okay, the path {path}: what's its sum? Let me check. {d}."),
        ("arrow", "How long is the walk {path} in total? {d}, adding edge by edge."),
        ("arrow", "What does going {path} cost me? {d} altogether."),
        ("code", "cost = path_cost(G, route)  # route is {bpath}; cost? -> {d}"),
        ("latex", "\\( w({bpath}) = ? \\) Adding the edges, \\( w({bpath}) = {d} \\)."),
        ("bold", "**Q:** total of {bpath}? **A:** {d}."),
        ("list", "- cost of {bpath}? → {d}"),
    ],
    "clique": [
        ("prose", "Is {items_brace} a {shape}? Let me check every pair... yes, it is."),
        ("prose", "Do {items_and} form a {shape}? Hmm. Yes, all pairs are adjacent."),
        ("prose", "So are {items} pairwise connected? Yes, they make a {shape}."),
        ("prose", "What's the {shape} here? It's {items_brace}, every pair linked."),
        ("prose", "Wait, is {items_and} really a {shape}? Checked each pair again: yes."),
        ("prose", "Which nodes make up the {shape}? {items_and}, all mutually adjacent."),
        ("code", ">>> all(G.has_edge(a, b) for a, b in combinations([{bitems}], 2))\nTrue"),
        ("latex", "Is \\( \\{{{bitems}\\}} \\) a {shape}? Yes, every pair is in \\( E \\)."),
        ("bold", "**Q:** {bitems} a {shape}? **A:** Yes, pairwise adjacent."),
    ],
    "k_core": [
        ("prose", "Wait, which nodes survive peeling at {k}? {items_and}, and nothing else."),
        ("list", "- {k}-core? → {bitems}"),
        ("prose", "So what is the {k}-core? It's {items_brace}."),
        ("bold", "**Q:** the {k}-core? **A:** {bitems}."),
        ("prose", "And the {k}-core, finally? {items_brace}."),
        ("prose", "Hmm, what survives the peeling for k = {k}? Let me look... {items_brace}."),
        ("prose", "What's left in the {k}-core? Let me peel... {items_and}."),
        ("latex", "\\( C_{{{k}}} = ? \\) After peeling, \\( C_{{{k}}} = \\{{{bitems}\\}} \\)."),
        ("code", ">>> sorted(nx.k_core(G, {k}))\n[{bitems}]"),
        ("prose", "Which nodes make the {k}-core? Hmm, exactly {items}."),
    ],
    "hop_ball": [
        ("prose", "Which nodes are at most {k} hops from {u}, not counting {u}? {items_and}."),
        ("prose", "What does the BFS from {u} pick up within {k} hops, {u} aside? {items}."),
        ("prose", "So who's within {k} hops of {u}, {u} excluded? It's {items_brace}."),
        ("prose", "Wait, what's in the radius-{k} ball around {u}, minus {u}? {items_and}, only."),
        ("prose", "And the nodes within {k} hops of {u}, other than {u}? Let me see... {items}."),
        ("code", "sorted(n for n, d in dist.items() if 0 < d <= {k})  # from {bu} -> [{bitems}]"),
        (
            "latex",
            "\\( \\{{ v \\ne {bu} : d({bu}, v) \\le {k} \\}} = ? \\) BFS gives "
            "\\( \\{{{bitems}\\}} \\).",
        ),
        ("bold", "**Q:** within {k} hops of {bu}, {bu} excluded? **A:** {bitems}."),
        ("list", "- within {k} hops of {bu} (not {bu})? → {bitems}"),
        ("prose", "Who do I reach from {u} in {k} hops or fewer, {u} left out? Hmm... {items}."),
    ],
}
"""Statement kinds and their round-25 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | deg? |", "| {bu} | {d} |"),
        ("| Which node? | How many neighbors? |", "| {bu} | {d} |"),
        ("| Node | Degree? | Checked? |", "| {bu} | {d} | ✓ |"),
    ],
    "edge_weight": [
        ("| Edge | How heavy? |", "| {bu}–{bv} | {w} |"),
        ("| Which edge? | Weight? | Checked? |", "| {bu} - {bv} | {w} | yes |"),
        ("| u | v | w(u, v)? |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| Node | How far from {src}? |", "| {bv} | {d} |"),
        ("| Target | d({src}, ·) = ? |", "| {bv} | {d} |"),
        ("| Node | Shortest from {src}? | Sure? |", "| {bv} | {d} | yes |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Is {u} the answer? Too early to say.",
    "Hmm, what should I check next? Probably {v}.",
    "Why am I doing this by hand? Because there's no tool here, so let me keep going.",
    "Which one first, {u} or {v}? Doesn't matter much — {u}.",
    "Did I miss anything? Let me keep that question for the end.",
    "What's the plan? BFS from the source, then read off the layers.",
    "Is Dijkstra safe here? Only if the weights are non-negative, so let me keep that in mind.",
    "Okay, what about {u}? I'll come back to it.",
    ">>> G.degree({bu})",
    "**Q:** is {bu} in the answer? **A:** not yet decided.",
    "Hmm, where does {v} fit in? Let me think about that after the next step.",
    "Could I be overcounting? Maybe — I'll recount at the end.",
    "What is the question asking, exactly? The value, not the nodes.",
    "Should I use Prim or Kruskal? Either works; Kruskal.",
    "- [ ] {bu} vs {bv}: which one? (open)",
    "Is this the best so far? Let me compare once everything is in.",
    "$$\\text{{is }} {bu} \\text{{ in the set?}}$$",
    "Wait, what was I doing? Right — back to {u}.",
]
"""Prose that names nodes but states no fact: questions left open or answered with a plan, a
question about the method, which node to check next, a REPL prompt without output, an
unanswered bold Q label, an unchecked checklist item, a LaTeX question. Filled with ``{u} {v}
{bu} {bv}`` only."""
