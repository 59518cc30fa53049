"""The round-22 held-out phrasing bank for the trace-fact checker (split ``round22``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 21. Like rounds
17 to 21 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm and round 21 the
parts around the search, round 22 takes the length and mess of real long traces, in mixed
voices across the nine tasks: the one fact buried mid-sentence in a long run-on sentence with
clauses of filler around it ("Ok so going back to what I had — and I think this matters for the
triangle — A and B share an edge, which I noted earlier when I was copying the list out."); the
fact said in passing while the model talks about something else, its plan, its doubts or the
task ("I'm not sure yet whether Prim or Kruskal is easier here, but the edge between A and B
weighs 7, whichever I pick.", "The question only needs the count at the end, so this is
bookkeeping, but the shortest path from A to C has length 9."); the fact restated in summary
form with parenthetical asides ("Summary of this messy stretch (lots of relaxing, sorry): C is
9 away from A, shortest.", "(Side note while I plan the peeling: deg A = 4.)"); running notes
with the abbreviations models use ("Running note, so I don't have to recount later: A — 4
nbrs.", "- d(A,C) = 9 (min)", "- B–C: w=7 (from input)", ``# (running notes) edge A -- B:
yes, it's in the input``); and the long multi-word names the placeholders take from the graph
(``Saint-Denis, quiet harbour, royal tower`` under long contexts), which the model brackets,
untangles from their commas or complains about ("Just noting in passing, since I'm here anyway:
[A] — [B] is in the edge list."). About 60 % is such prose; about 15 % is Python / NetworkX
with a trailing comment in the same offhand voice; about 10 % LaTeX at the end of a run-on
("…so, for that pair, \\( d(\\text{A}, \\text{C}) = 9 \\)."); about 15 % bullets with
abbreviations, bold labels, arrows and Markdown tables with the headers models use in running
notes ("| Node | deg (running) | Notes |", "| Edge (long names) | w |", "| v | dist from A |
notes |"). Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``,
``round4`` ... ``round21``) and states exactly one fact, as the writer's claim (no suppositions,
no questions; the filler clauses around it name no node and no number of their own), so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels. The
filler lines state none (losing the thread, plans, doubts, complaints about the long names, a
TODO comment, bookkeeping initialisations, an unchecked checklist item, arithmetic, a LaTeX
definition, headings for scratch work). Each kind's list is ordered (and sized) so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round22``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        (
            "prose",
            "Ok so going back to what I had — and I think this matters for the triangle — {u} and "
            "{v} share an edge, which I noted earlier when I was copying the list out.",
        ),
        (
            "prose",
            "I was about to start the BFS from the wrong node, which would have wasted a lot of "
            "time, but anyway, the thing I actually wanted to write down is that {u} is adjacent "
            "to {v}, and then I'll get back to the plan.",
        ),
        (
            "prose",
            "Honestly this graph is bigger than I'd like and I keep losing my place in the list, "
            "but {u}–{v} is definitely among the edges (I checked it against the prompt while "
            "scrolling).",
        ),
        (
            "prose",
            "So where was I... right, the clique, and the reason I came back here is that {u} "
            "connects directly to {v}, which I'd kind of forgotten about while I was doing the "
            "degrees.",
        ),
        (
            "prose",
            "(Side note while I think about the MST: {u}–{v} is an edge in the input, I saw it "
            "near the top.)",
        ),
        (
            "prose",
            "Let me not overthink this, the task just wants the answer, but for the record, and "
            "because it'll come up again when I look at the paths, {u} and {v} are neighbours.",
        ),
        (
            "prose",
            "I'm starting to doubt my whole approach, to be honest, but what I'm sure about is "
            "that there is an edge between {u} and {v}, so at least that part stands.",
        ),
        (
            "prose",
            "So far (and this is from the edge list, not from memory): {u} is joined to {v}.",
        ),
        (
            "prose",
            "Anyway — long story short, after going back and forth on it for a while — {v} is "
            "directly linked to {u}.",
        ),
        (
            "prose",
            "Wait, hold on, before I go any further with the k-core stuff, which is getting long, "
            "I should write down that {u}–{v} is an edge, because I'll need it when I recount.",
        ),
        (
            "prose",
            "The node with the long name, {u}, does have an edge to {v} — I had to read that line "
            "of the prompt slowly because of all the commas in the names.",
        ),
        (
            "prose",
            "Okay, and then, while I'm scanning for the heaviest triangle, which is taking "
            "forever, I notice {u} and {v} are adjacent, so that side is available.",
        ),
        (
            "prose",
            "Hmm, the question is really about the distances, so this is a bit of a tangent, but "
            "{u}-{v} is an edge and I want it on the page.",
        ),
        (
            "prose",
            "Right, so, to summarise this messy part (sorry, it's been a lot of scrolling): {u} "
            "and {v} are connected by an edge.",
        ),
        (
            "prose",
            "My plan is to go node by node and not skip anything this time, and the first thing "
            "that comes out of that is that {u} has an edge to {v}.",
        ),
        (
            "prose",
            "Just noting in passing, since I'm here anyway: [{u}] — [{v}] is in the edge list.",
        ),
        ("code", "nbrs = G[{bu}]  # long list; {bv} is in it, so {bu}-{bv} is an edge"),
        ("code", "# (running notes) edge {bu} -- {bv}: yes, it's in the input"),
        ("code", "assert G.has_edge({bu}, {bv})  # was unsure with these long names, but it holds"),
        ("code", "edge_ok[({bu}, {bv})] = True  # seen in the input while scanning"),
        (
            "latex",
            "…so, as I said somewhere above, \\( \\{{{bu}, {bv}\\}} \\in E(G) \\), and I'll lean "
            "on that later.",
        ),
        ("latex", "$$ {bu} \\sim {bv} $$ (adjacent — from the input, noted while scanning)"),
        ("list", "- nbrs check: {bu} ~ {bv} → adj ✓ (from the list)"),
        ("bold", "**Note (edges):** {bu}–{bv} is there"),
        ("arrow", "  • {bu} ↔ {bv} — edge (saw it while scrolling)"),
    ],
    "non_edge": [
        (
            "prose",
            "Ok so going back to the clique I was building — and this is the part that kept "
            "bugging me — {u} and {v} don't share an edge, I went through the whole list for it.",
        ),
        (
            "prose",
            "I was halfway through writing the BFS queue out, which is getting really long, when "
            "I realised {u} is not adjacent to {v}, so I'll have to route around that.",
        ),
        (
            "prose",
            "Honestly I keep mixing up these long names, but there's no edge between {u} and {v} "
            "— I checked the prompt line by line.",
        ),
        (
            "prose",
            "So where was I... the triangle, right, and it dies because {u} and {v} aren't "
            "connected, which I'd glossed over before.",
        ),
        (
            "prose",
            "(Side note while I think about the paths: {u}–{v} isn't in the edge list at all.)",
        ),
        (
            "prose",
            "The task only wants a single number at the end, so this is just bookkeeping, but {u} "
            "and {v} are not neighbours, and I don't want to forget that.",
        ),
        (
            "prose",
            "I'm second-guessing a lot of this, but this much I'm sure of: nothing joins {u} to "
            "{v} directly.",
        ),
        (
            "prose",
            "So far (again, from the list itself and not from memory): {u} has no edge to {v}.",
        ),
        (
            "prose",
            "Anyway — long story short, and after way too much scrolling — {v} is not linked to "
            "{u}.",
        ),
        (
            "prose",
            "Before I go any further with the peeling, which is already long, let me write down "
            "that {u}–{v} is not an edge, because it changes the counts.",
        ),
        (
            "prose",
            "The node with the long name, {u}, has no edge to {v}; I read that part of the prompt "
            "slowly because of the commas.",
        ),
        (
            "prose",
            "Okay, and then, while I'm still hunting for the best triangle, I notice {u} and {v} "
            "are not adjacent, so that side is missing.",
        ),
        (
            "prose",
            "This is a tangent from the distance question, but {u}-{v} is not an edge, and I want "
            "that on the page.",
        ),
        (
            "prose",
            "Right, to summarise this messy stretch (sorry, lots of back and forth): {u} and {v} "
            "are not connected by any edge.",
        ),
        (
            "prose",
            "My plan is to be systematic this time, and the first thing that falls out of that is "
            "that {u} has no edge to {v}.",
        ),
        ("prose", "Just noting in passing: [{u}] and [{v}] — no edge between them in the input."),
        ("code", "# running notes: {bu} -- {bv}: no edge (not in the input)"),
        ("code", "{bv} in G[{bu}]  # False, so no {bu}-{bv} edge; moving on with the plan"),
        (
            "code",
            "assert not G.has_edge({bu}, {bv})  # these names are long, so I re-checked; holds",
        ),
        ("code", "edge_ok[({bu}, {bv})] = False  # not in the input, noticed while scanning"),
        (
            "latex",
            "…and, as I said somewhere above, \\( \\{{{bu}, {bv}\\}} \\notin E(G) \\), which I'll "
            "use later.",
        ),
        ("latex", "$$ {bu} \\not\\sim {bv} $$ (not adjacent — checked while scanning)"),
        ("list", "- nbrs check: {bu} ~ {bv} → not adj ✗"),
        ("bold", "**Note (non-edges):** {bu}–{bv} isn't there"),
        ("arrow", "  • {bu} ↔ {bv} — no edge (scrolled the whole list)"),
    ],
    "neighbours": [
        (
            "prose",
            "Ok so going back to {u} — and I think this is where I went wrong before — its "
            "neighbours are {items_and}, and that's all of them, I went line by line.",
        ),
        (
            "prose",
            "I was going to skip this and go straight to the answer, but the full neighbour list "
            "of {u}, which I need for the triangle anyway, is {items}, nothing else.",
        ),
        (
            "prose",
            "Honestly the adjacency list in the prompt is a wall of text with these long names, "
            "but {u}'s line, once I untangle the commas, is exactly {items}.",
        ),
        (
            "prose",
            "So where was I... expanding {u}, right, and its neighbours are {items_and} (all of "
            "them — I checked the edge list too, just in case).",
        ),
        ("prose", "(For the record, while I plan the next step: nbrs of {u} = {items}, complete.)"),
        (
            "prose",
            "The task is about the max degree, so I'm writing out rows as I go, and for {u} the "
            "row reads {items_brace}, that's the whole thing.",
        ),
        (
            "prose",
            "Summary of {u}'s neighbourhood (after a lot of scrolling, sorry): {items_and}, and "
            "there's nothing beyond those.",
        ),
        (
            "prose",
            "I keep second-guessing the bigger plan, but {u} is adjacent to exactly {items} — "
            "that part I'm confident about.",
        ),
        ("prose", "Anyway, long story short, {u} connects to {items_and} and to nothing else."),
        (
            "prose",
            "Let me not lose track: the complete set of nodes next to {u} is {items_brace}, which "
            "I'll come back to when I do the BFS.",
        ),
        (
            "prose",
            "So, as a running note before I forget it — {u}: {items}, and that's the full list.",
        ),
        ("code", "nbrs[{bu}] = [{bitems}]  # full row, untangled from the long names"),
        (
            "code",
            "sorted(G.neighbors({bu}))  # -> [{bitems}], that's all of them; back to the plan",
        ),
        ("code", "# nbrs({bu}) = {bitems} (complete, noted in passing)"),
        (
            "latex",
            "…so, writing it down properly, \\( N(\\text{{{bu}}}) = \\{{{bitems}\\}} \\) and no "
            "more.",
        ),
        ("list", "- nbrs {bu}: {bitems} (all)"),
        ("bold", "**{bu} → nbrs:** {bitems} — full list, fyi"),
        ("arrow", "  ↳ {bu}: {bitems} (complete row)"),
    ],
    "edge_weight": [
        (
            "prose",
            "Ok so going back to the MST — and this is the edge I kept forgetting — {u}–{v} has "
            "weight {w}, straight from the input.",
        ),
        (
            "prose",
            "I'm not sure yet whether Prim or Kruskal is easier here, but the edge between {u} "
            "and {v} weighs {w}, whichever I pick.",
        ),
        (
            "prose",
            "Honestly I had to read that line of the prompt slowly, with the long names and "
            "commas everywhere, but the {u}-{v} edge is {w}.",
        ),
        (
            "prose",
            "So where was I... the path sum, right, and the reason I scrolled back up is that {u} "
            "to {v} costs {w}.",
        ),
        ("prose", "(Side note while I'm thinking about the threshold: w({u}, {v}) = {w}.)"),
        (
            "prose",
            "Long story short, after going back and forth on which row I'd read, the weight on "
            "{u}–{v} is {w}.",
        ),
        (
            "prose",
            "Right, to summarise what I have for this edge (it's been a messy stretch): {u}–{v}, "
            "weight {w}.",
        ),
        (
            "prose",
            "My plan was to sort everything first, and while doing that I noted that {u}-{v} "
            "carries weight {w}.",
        ),
        (
            "prose",
            "Just noting in passing, since the question doesn't ask about it directly: the edge "
            "[{u}]–[{v}] has w = {w}.",
        ),
        (
            "code",
            "w_uv = G.edges[{bu}, {bv}]['weight']  # {w}; long names, so I copied them carefully",
        ),
        ("code", "# running notes: w({bu}, {bv}) = {w}"),
        ("code", "edge_w[{bu}, {bv}] = {w}  # noted in passing"),
        (
            "latex",
            "…which means, writing the weight out, \\( w(\\text{{{bu}}}, \\text{{{bv}}}) = {w} "
            "\\), as in the prompt.",
        ),
        ("list", "- {bu}–{bv}: w={w} (from input)"),
        ("bold", "**w({bu}, {bv})** = {w} (noted while sorting)"),
        ("arrow", "  ↳ {bu} — {bv} : w={w}"),
    ],
    "node_weight": [
        (
            "prose",
            "Ok so going back to the triangle sums — and I think I had this wrong earlier — {u}'s "
            "own weight is {w}.",
        ),
        (
            "prose",
            "I'm still not sure which triangle wins, but {u} carries a node weight of {w}, that "
            "much is fixed.",
        ),
        (
            "prose",
            "Honestly the node weights are buried in a long paragraph with these names, but {u}'s "
            "comes out as {w}.",
        ),
        ("prose", "(Side note while I compare triangles: {u} has weight {w}.)"),
        ("prose", "Long story short, after re-reading the weights section, {u} weighs {w}."),
        ("latex", "…so, for the sum, \\( w(\\text{{{bu}}}) = {w} \\), as listed."),
        ("prose", "Right, to summarise the node weights I need (messy, I know): {u} is {w}."),
        ("code", "node_w[{bu}]  # {w}, copied from the weights paragraph"),
        ("list", "- w({bu}) = {w} (node)"),
        ("bold", "**node {bu}:** w={w} — noted in passing"),
    ],
    "degree": [
        (
            "prose",
            "Ok so going back to the tallies — and this is the node I kept losing track of — {u} "
            "ends up with degree {d}, I counted it off the edge list.",
        ),
        (
            "prose",
            "I was going to jump straight to the answer, but for the record, and because I "
            "doubted it a moment ago, {u} has {d} neighbours.",
        ),
        (
            "prose",
            "Honestly, with names this long it's easy to miscount, but {u} appears in {d} edges, "
            "I went slowly.",
        ),
        ("prose", "So where was I... the max-degree scan, right, and {u} comes to {d}."),
        ("prose", "(Side note while I plan the peeling: deg {u} = {d}.)"),
        (
            "prose",
            "The question only asks for the node with the highest degree, so this is bookkeeping, "
            "but {u}'s degree is {d_words}.",
        ),
        (
            "prose",
            "Summary of where {u} stands (after a lot of counting and recounting): degree {d}.",
        ),
        (
            "prose",
            "I'm doubting the rest of the tallies a bit, but {u} definitely has {d} incident "
            "edges.",
        ),
        ("prose", "Anyway, long story short, {u} is connected to {d} nodes."),
        (
            "prose",
            "Let me not lose track of this while I think about the k-core: {u} has degree {d} in "
            "the full graph.",
        ),
        ("prose", "Running note, so I don't have to recount later: {u} — {d} nbrs."),
        (
            "prose",
            "My plan is to go node by node in the order the prompt gives, and when I get to {u} "
            "the count is {d}.",
        ),
        ("code", "deg[{bu}] = {d}  # long name, counted carefully"),
        ("code", "len(G[{bu}])  # {d}; moving on to the next node"),
        ("code", "# deg({bu}) = {d} (noted while planning)"),
        ("latex", "…which gives, for this node, \\( \\deg(\\text{{{bu}}}) = {d} \\)."),
        ("latex", "$$\\deg({bu}) = {d}$$ — noted while I'm sorting out the plan"),
        ("list", "- deg {bu}: {d} (fyi)"),
        ("bold", "**{bu}** · deg={d}"),
        ("arrow", "  ↳ {bu}: deg {d}"),
    ],
    "distance": [
        (
            "prose",
            "Ok so going back to Dijkstra — and I think this is the number that matters for the "
            "threshold — the shortest distance from {u} to {v} is {d}, which I got after relaxing "
            "everything.",
        ),
        (
            "prose",
            "I'm not sure the diameter pair is this one yet, but d({u}, {v}) = {d}, so at least "
            "that entry is settled.",
        ),
        (
            "prose",
            "Honestly the routes between these long-named nodes are confusing, but the cheapest "
            "way from {u} to {v} costs {d}.",
        ),
        ("prose", "So where was I... the distance table, right, and {v} sits at {d} from {u}."),
        ("prose", "(Side note while I plan the next source: {u} to {v} is {d} at best.)"),
        (
            "prose",
            "The question only needs the count at the end, so this is bookkeeping, but the "
            "shortest path from {u} to {v} has length {d}.",
        ),
        (
            "prose",
            "Summary of this messy stretch (lots of relaxing, sorry): {v} is {d} away from {u}, "
            "shortest.",
        ),
        (
            "prose",
            "I'm doubting a few of the other entries, but the shortest {u}–{v} distance is "
            "definitely {d}.",
        ),
        (
            "prose",
            "Anyway — long story short, after comparing the routes I could find — {u} and {v} are "
            "{d} apart.",
        ),
        (
            "prose",
            "Let me not lose this while I think about eccentricities: dist from {u} to {v} comes "
            "out at {d}.",
        ),
        ("prose", "Running note before I forget: d({u}, {v}) = {d} (shortest)."),
        (
            "prose",
            "My plan is to do every source the same way, and from {u} the distance to {v} ends up "
            "{d}.",
        ),
        (
            "code",
            "dist[{bu}][{bv}] = {d}  # shortest, after all relaxations; long names copied "
            "carefully",
        ),
        ("code", "nx.dijkstra_path_length(G, {bu}, {bv})  # {d}; next source"),
        ("code", "# d({bu}, {bv}) = {d}, noted in passing"),
        ("latex", "…so, for that pair, \\( d(\\text{{{bu}}}, \\text{{{bv}}}) = {d} \\)."),
        ("latex", "$$\\operatorname{{dist}}({bu}, {bv}) = {d}$$ (shortest, noted while planning)"),
        ("list", "- d({bu},{bv}) = {d} (min)"),
        ("bold", "**d({bu}, {bv})** = {d} — fyi"),
        ("arrow", "  ↳ {bu} ⇝ {bv}: {d} (shortest)"),
    ],
    "hops": [
        (
            "prose",
            "Ok so going back to the BFS — and this is where the layers got confusing — {v} is "
            "{h} hops from {u}.",
        ),
        (
            "prose",
            "I'm not sure about the other layers yet, but {v} first shows up {h} hops out from "
            "{u}, that part's settled.",
        ),
        (
            "prose",
            "Honestly, with names this long the BFS queue is a mess, but {u} to {v} takes {h} "
            "hops at minimum.",
        ),
        ("prose", "So where was I... the layers from {u}, right, and {v} lands at depth {h}."),
        ("prose", "(Side note while I plan the next layer: {v} is {h_words} hops from {u}.)"),
        (
            "prose",
            "Summary of this part (it went on a while): fewest edges from {u} to {v} is {h}.",
        ),
        ("prose", "Anyway, long story short, {u} and {v} are {h} hops apart, counting edges only."),
        ("prose", "Running note: hops({u} → {v}) = {h}, min."),
        (
            "prose",
            "My plan is to write the layers down as I go, and from {u} the node {v} is {h} hops "
            "away.",
        ),
        ("code", "hops[{bv}] = {h}  # BFS from {bu}; long names, careful"),
        ("code", "# BFS depth of {bv} from {bu}: {h}"),
        (
            "latex",
            "…so, in hops, \\( d_{{\\mathrm{{hop}}}}(\\text{{{bu}}}, \\text{{{bv}}}) = {h} \\).",
        ),
        ("list", "- hops {bu} → {bv} = {h} (fewest, by BFS)"),
        ("bold", "**{bv}** @ depth {h} (BFS from {bu})"),
    ],
    "path": [
        (
            "arrow",
            "Ok so going back to the path sum — and this is the bit I'd messed up before — going "
            "{path} the total is {d}.",
        ),
        (
            "arrow",
            "I'm still not sure this is the path they want me to check, but {path} adds up to "
            "{d}, whichever way I add it.",
        ),
        (
            "arrow",
            "Honestly, with these long names the path is hard to read, but {path} comes to {d}.",
        ),
        ("arrow", "So where was I... right, the route, and {path} costs {d}."),
        ("arrow", "(Side note while I think about the threshold: {path} totals {d}.)"),
        (
            "arrow",
            "Summary of this messy stretch (lots of re-adding, sorry): {path}, {sum}, so {d}.",
        ),
        ("arrow", "Anyway, long story short, {path} = {sum} = {d}."),
        ("arrow", "Running note: cost({path}) = {d}."),
        ("arrow", "My plan was to add the weights as I go, and for {path} that gives {d}."),
        (
            "arrow",
            "Let me not lose this while I think about the other candidates: the walk {path} sums "
            "to {d}.",
        ),
        ("code", "path_cost = {d}  # {bpath}; long names, summed carefully"),
        ("code", "# {bpath}: {sum} → {d} (noted in passing)"),
        ("latex", "…so, along the path, \\( w({bpath}) = {d} \\)."),
        ("latex", "$$ {sum} = {d} $$ (that's {bpath}, noted while planning)"),
        ("list", "- cost {bpath} = {d} (fyi)"),
        ("bold", "**{bpath}** · total={d}"),
    ],
    "clique": [
        (
            "prose",
            "Ok so going back to the clique — and this is the candidate I kept coming back to — "
            "{items_and} are pairwise adjacent, so they form a {shape}.",
        ),
        (
            "prose",
            "I'm not sure this is the best candidate, but {items} is a {shape}, every pair has "
            "its edge.",
        ),
        (
            "prose",
            "Honestly, with these long names it took a while to check all the pairs, but "
            "{items_brace} is a {shape}.",
        ),
        (
            "prose",
            "So where was I... the candidate set, right, and {items_and} do form a {shape}, all "
            "pairs connected.",
        ),
        (
            "prose",
            "(Side note while I plan the next search: {items} — a {shape}, all pairs adjacent.)",
        ),
        ("prose", "Summary of this part (messy, lots of pair checks): {items_brace} is a {shape}."),
        (
            "code",
            "is_clique = all(G.has_edge(a, b) for a, b in combinations([{bitems}], 2))  # True — "
            "{shape}; noted in passing",
        ),
        (
            "latex",
            "…so, writing it down, \\( \\{{{bitems}\\}} \\) induces a complete subgraph, a "
            "{shape}.",
        ),
        ("list", "- {shape}: {bitems} (all pairs ✓)"),
        ("bold", "**{shape} (fyi):** {bitems} — every pair adjacent"),
    ],
    "k_core": [
        (
            "prose",
            "Ok so going back to the peeling — and this took longer than it should have — the "
            "{k}-core is {items_and}.",
        ),
        ("prose", "I doubted my peeling order for a while, but the {k}-core comes out as {items}."),
        (
            "prose",
            "Honestly, with long names like these the removals were hard to track, but the "
            "{k}-core is {items_brace}.",
        ),
        (
            "prose",
            "So where was I... right, what's left after peeling: {items}, which is the {k}-core.",
        ),
        ("prose", "(Side note while I think about the answer format: {k}-core = {items_brace}.)"),
        (
            "prose",
            "Summary of this messy stretch (lots of recounting): the {k}-core consists of {items}.",
        ),
        ("code", "core = sorted(nx.k_core(G, {k}))  # [{bitems}]; noted in passing"),
        ("latex", "…so, in the end, \\( C_{{{k}}}(G) = \\{{{bitems}\\}} \\)."),
        ("list", "- {k}-core: {bitems} (after peeling, fyi)"),
    ],
    "hop_ball": [
        (
            "prose",
            "Ok so going back to the BFS from {u} — and this is what the question actually asks "
            "for — everything within {k} hops of it, leaving {u} out, is {items_and}.",
        ),
        (
            "prose",
            "I went back and forth on whether to include {u} itself (the task says not to), and "
            "within {k} hops of {u} the other nodes are {items}.",
        ),
        (
            "prose",
            "Honestly, with long names the layers are a mess, but the nodes at distance at most "
            "{k} from {u}, {u} excluded, are {items_brace}.",
        ),
        (
            "prose",
            "So where was I... the answer set, right: within {k} hops of {u}, not counting {u}, "
            "we have {items}.",
        ),
        (
            "prose",
            "(Side note while I format the answer: ≤ {k} hops from {u}, minus {u} → {items_and}.)",
        ),
        (
            "prose",
            "Summary of this part (lots of layer-by-layer scrolling): {items_brace} is everything "
            "within {k} hops of {u} except {u} itself.",
        ),
        (
            "code",
            "ball = set(nx.single_source_shortest_path_length(G, {bu}, cutoff={k})) - {{{bu}}}  # "
            "{{{bitems}}}; noted in passing",
        ),
        (
            "latex",
            "…so the answer is \\( \\{{ v \\ne {bu} : d({bu}, v) \\le {k} \\}} = \\{{{bitems}\\}} "
            "\\).",
        ),
        ("list", "- ≤{k} hops of {bu} (excl. {bu}): {bitems}"),
    ],
}
"""Statement kinds and their round-22 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | deg (running) | Notes |", "| {bu} | {d} | – |"),
        ("| Node (full name) | nbrs count |", "| {bu} | {d} |"),
        ("| v | deg(v) — recount |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| Edge (long names) | w |", "| {bu} — {bv} | {w} |"),
        ("| Endpoint | Endpoint | w= |", "| {bu} | {bv} | {w} |"),
        ("| Edge | Weight (as noted) | Used? |", "| {bu}–{bv} | {w} | – |"),
    ],
    "distance": [
        ("| Node | d({src}, ·) so far → final |", "| {bv} | {d} |"),
        ("| Target (full name) | Shortest from {src} |", "| {bv} | {d} |"),
        ("| v | dist from {src} | notes |", "| {bv} | {d} | – |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    (
        "Okay, this is getting long, so let me slow down and make sure I'm not mixing up {u} and "
        "{v}, because their names look alike in the list."
    ),
    (
        "Hmm, I've been going back and forth for a while now and I'm not even sure I'm answering "
        "the right question, so let me re-read it."
    ),
    (
        "Wait, where was I? I think I was in the middle of something about {u}, but I've lost the "
        "thread."
    ),
    (
        "Let me take a step back. The approach is fine, I just need to be more careful with the "
        "bookkeeping."
    ),
    "Running notes so far (will clean up later):",
    "**Notes (messy, sorry)**",
    (
        "I'll probably need to recount everything around {u} anyway, so let me not trust anything "
        "above yet."
    ),
    "So the plan, roughly: finish the scan, then look at {v}, then sanity-check, then answer.",
    "Ugh, these long names with commas in them make the list really hard to read.",
    "Okay, 7 + 5 = 12, and 12 + 4 = 16, but that's just arithmetic for now, not an answer.",
    (
        "I'm going to keep going even though this is taking a while, because skipping steps is how "
        "I got it wrong before."
    ),
    "# TODO: double-check the part about {bu} once the rest is done",
    "seen = set(); notes = []  # running bookkeeping",
    "Let \\( V \\) be the node set and \\( E \\) the edge set, as usual.",
    (
        "Actually, let me not go down that path — I was about to do something about {v} that the "
        "question doesn't need."
    ),
    "Where does {u} even come in? I'll figure that out when I get there.",
    "Okay, deep breath. Back to the main thing.",
    "I think I wrote something wrong a few paragraphs up, but I'll fix it when I reach it.",
    "- [ ] recheck {bu} / {bv} at the end",
    (
        "Lots of commas in these names — I'll put them in brackets when I need to be clear, like "
        "[{u}]."
    ),
    "Let me look at {u} and {v} again later; for now I'll keep moving.",
    "(Not sure any of this matters for the final answer, but I'm writing it down anyway.)",
    "That was a long detour. Okay.",
    "I'll trust the list over my memory from here on, since I've misremembered {u}'s line before.",
    "### Scratch work (long, skip ahead if you like)",
    "Hmm, maybe I should have started from {v} instead, but it's too late to switch now.",
]
"""Prose that names nodes and numbers but states no fact: losing the thread, plans, doubts,
complaints about the long names, a TODO comment, bookkeeping initialisations, an unchecked
checklist item, arithmetic, a LaTeX definition, a heading for scratch work. Filled with ``{u}
{v} {bu} {bv}`` only."""
