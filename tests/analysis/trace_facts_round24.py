"""The round-24 held-out phrasing bank for the trace-fact checker (split ``round24``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 23. Like rounds
17 to 23 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search, round 22 the length and mess of long traces and round 23 smaller
models' formulaic traces and the closing recaps, round 24 takes facts used as premises in the
middle of the search, in the voices of frontier reasoning models (DeepSeek-R1's "Hmm, wait",
QwQ's "Let me see...", Claude's "I notice ..." / "That rules out ...", Gemini's "Crucially,"
and bold reasons, o3's terse "→ take it"), across the nine tasks. The one fact is stated while
the model justifies a step of its algorithm or weighs options: after "since", "because",
"given that" ("Since A–B weighs 3, the cheapest edge out of the tree right now, Prim takes
it.", "With degree 2, A is the next to peel."), before "so", "hence", "which is why", "that
means" ("So the BFS reaches C at layer 2, which is why it counts."), as the reason a candidate
is kept or dropped ("That rules out A: it isn't adjacent to B.", "The reason C makes the cut is
that it's 9 away from A at best."), with a contrastive "whereas" / "but" clause that adds no
second fact ("A–B carries 3, whereas the alternatives out of the tree look heavier."). The
conclusion drawn names no other node, number, set or distance (keep, drop, take it, peel it,
it counts, new best, the answer follows). About 60 % is such prose; about 15 % is Python /
NetworkX whose trailing comment gives the reason (``to_remove.append(A)  # degree 2, below k,
so peel it``, ``candidates.discard(B)  # not adjacent to A, so it can't extend the clique``);
about 10 % LaTeX that argues (``Since \\( w(A,B) = 3 \\) is the smallest crossing weight, the
cut property puts it in the MST.``, ``$$\\deg(A) = 2 \\;\\Rightarrow\\; A \\text{ is peeled
next}$$``); about 15 % bullets with "→" conclusions, bold reasons ("**Why it fails:** A and B
aren't adjacent."), arrows and Markdown tables whose headers carry the decision ("| Node |
Degree | Therefore |", "| Crossing edge | Weight | Take it? |", "| Node | Distance from A |
Counts? |"). Every phrasing differs from those of the earlier splits (``dev`` ... ``dev4``,
``round4`` ... ``round23``) and states exactly one fact, as the writer's claim (no
suppositions, no questions, no negated hypotheticals but the stated non-edges), so
``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact labels. The
filler states none (choosing between algorithms, invariants and why they hold, which node to
expand first and why, a stale-heap-entry skip, a union step, arithmetic carried forward, bold
"Why this works" labels, a LaTeX inequality that holds in every graph, an unchecked checklist
item). Each kind's list is ordered (and sized) so that ``labelled_set(split, seeds=2)`` uses
every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round24``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        (
            "prose",
            "Since {u}–{v} is an edge, {v} can sit in the clique next to {u}, so I'll try "
            "extending with it.",
        ),
        (
            "prose",
            "Hmm, {v} gets pushed when I expand {u} because the two are adjacent, which is why it "
            "shows up in the next BFS layer.",
        ),
        (
            "prose",
            "So {u} and {v} share an edge, which means the triangle I'm building has the side it "
            "needed.",
        ),
        (
            "prose",
            "Wait, that changes things — {u} is adjacent to {v}, so the candidate doesn't die "
            "here after all.",
        ),
        ("prose", "Okay, {u} connects to {v} directly, hence there's no need for a detour."),
        (
            "prose",
            "The reason {v} stays in the running is simple: {u} and {v} are joined by an edge.",
        ),
        (
            "prose",
            "Given that {u}–{v} exists, Kruskal gets to consider it; whether it closes a cycle is "
            "a separate check.",
        ),
        (
            "prose",
            "Let me see... {v} is one of {u}'s neighbors, so expanding {u} reaches it directly.",
        ),
        (
            "prose",
            "I notice {u} and {v} are directly connected, which is what lets the path skip the "
            "long way round.",
        ),
        ("prose", "That works: {u} has an edge to {v}, so this pair doesn't break the clique."),
        (
            "prose",
            "Alright, because {u}—{v} is in the list, it counts toward {u}'s tally, and I move on.",
        ),
        (
            "prose",
            "Crucially, {u} and {v} are adjacent, whereas the candidate I looked at before failed "
            "this exact test.",
        ),
        ("prose", "This is why {v} remains a candidate: it's adjacent to {u}."),
        (
            "prose",
            "But {u}-{v} is an edge — that's the side I thought was missing, so this candidate "
            "survives.",
        ),
        (
            "prose",
            "Okay so {v} shows up among {u}'s neighbors, which means peeling {v} would also cost "
            "{u} a neighbor.",
        ),
        (
            "prose",
            "Good — since {u} and {v} are linked, I can keep both and go on to the next member.",
        ),
        ("code", "if G.has_edge({bu}, {bv}):  # True, so {bv} stays a candidate"),
        ("code", "clique.append({bv})  # allowed: {bv} is adjacent to {bu}"),
        ("code", "queue.append({bv})  # pushed because {bu}-{bv} is an edge"),
        ("code", "ok = {bv} in G[{bu}]  # True → the pair passes, keep extending"),
        (
            "latex",
            "Since \\( \\{{{bu}, {bv}\\}} \\in E \\), the pair is admissible and the clique can "
            "grow.",
        ),
        (
            "latex",
            "$$\\{{{bu},{bv}\\}} \\in E \\;\\Rightarrow\\; {bv} \\text{{ stays a candidate}}$$",
        ),
        ("list", "- {bu}–{bv} is an edge → keep {bv} in the candidate set"),
        ("bold", "**Why {bv} stays:** it's adjacent to {bu}."),
        ("arrow", "{bu} —edge— {bv} ⇒ pair OK, keep going"),
    ],
    "non_edge": [
        ("prose", "That rules out {u}: it isn't adjacent to {v}, so the clique can't hold both."),
        (
            "prose",
            "Since {u} and {v} have no edge between them, this triangle is dead, so I'll move on.",
        ),
        (
            "prose",
            "Hmm, {v} isn't among {u}'s neighbors, which is why expanding {u} doesn't reach it "
            "directly.",
        ),
        (
            "prose",
            "So {u}–{v} is not an edge, hence the path has to go around through something else.",
        ),
        (
            "prose",
            "Wait, {u} and {v} aren't connected — that means the candidate I was excited about "
            "falls apart.",
        ),
        ("prose", "The reason {v} drops out is that it has no edge to {u}."),
        (
            "prose",
            "Okay, {u} doesn't connect to {v}, so Kruskal never even sees that pair as an option.",
        ),
        (
            "prose",
            "I notice {u} and {v} are not adjacent, which is exactly why this set isn't a clique.",
        ),
        ("prose", "Let me see... there's no {u}-{v} edge, so {v} can't be the next hop from {u}."),
        (
            "prose",
            "Alright, because nothing joins {u} to {v} directly, the pair fails and I drop {v}.",
        ),
        (
            "prose",
            "Crucially, {u} and {v} are non-adjacent, whereas I'd been assuming the opposite a "
            "minute ago.",
        ),
        (
            "prose",
            "But {v} isn't adjacent to {u}, so putting {v} in would break the clique — skip it.",
        ),
        ("prose", "So {u} has no edge to {v}; that's what kills this triangle, not the weights."),
        (
            "prose",
            "Given that {u} and {v} are unconnected, {v} can't come straight off {u} in the BFS.",
        ),
        ("prose", "Since {u}-{v} is missing from the list, I can't use it to shortcut the path."),
        ("prose", "This candidate fails because {u} and {v} share no edge."),
        ("code", "if not G.has_edge({bu}, {bv}): continue  # not adjacent, so skip this pair"),
        ("code", "candidates.discard({bv})  # not adjacent to {bu}, so it can't extend the clique"),
        ("code", "ok = G.has_edge({bu}, {bv})  # False → this triangle is rejected"),
        ("code", "# {bu}-{bv} isn't an edge, hence the clique test fails here"),
        (
            "latex",
            "Since \\( \\{{{bu}, {bv}\\}} \\notin E \\), the set can't be a clique, so I discard "
            "it.",
        ),
        (
            "latex",
            "$$\\{{{bu},{bv}\\}} \\notin E \\;\\Rightarrow\\; \\text{{reject this candidate}}$$",
        ),
        ("list", "- {bu}–{bv}: no edge → candidate rejected"),
        ("bold", "**Why it fails:** {bu} and {bv} aren't adjacent."),
        ("arrow", "{bu} ✗ {bv} (no edge) ⇒ drop the candidate"),
    ],
    "neighbours": [
        (
            "prose",
            "Since {u}'s neighbors are exactly {items}, those are the only nodes expanding {u} "
            "can push.",
        ),
        (
            "prose",
            "So {u} touches only {items_and}, which means any clique containing {u} has to come "
            "from those.",
        ),
        (
            "prose",
            "Hmm, {u} is adjacent to {items} and nothing else, so the triangle search around {u} "
            "only needs those.",
        ),
        (
            "prose",
            "The candidates for extending from {u} are its neighbors, and those are exactly "
            "{items_and}, hence I only test them.",
        ),
        (
            "prose",
            "Because {u}'s full neighbor set is {items_brace}, Prim only has those edges to choose "
            "from at {u}.",
        ),
        (
            "prose",
            "Okay, {u} is linked to {items_and} and to no other node; that's why its count is what "
            "it is.",
        ),
        (
            "prose",
            "Let me see... {u}'s complete adjacency is {items}, so when I peel {u} only those lose "
            "a neighbor.",
        ),
        (
            "prose",
            "I notice {u} connects to exactly {items_and}, which is why the intersection can't "
            "contain anything outside that.",
        ),
        (
            "prose",
            "That settles {u}: its neighbors are {items_brace}, all of them, so relaxing {u} "
            "touches nothing else.",
        ),
        (
            "prose",
            "Given that {u}'s neighbourhood is precisely {items}, the next layer out of {u} can "
            "only come from there.",
        ),
        (
            "prose",
            "Right — {u} only has {items_and} as neighbors, whereas I'd been treating it as a hub.",
        ),
        (
            "code",
            "for x in G[{bu}]:  # x runs over {bitems} and nothing else, so only these get relaxed",
        ),
        ("code", "frontier |= set(G[{bu}])  # adds {bitems}, the whole neighborhood of {bu}"),
        ("code", "cand = set(G[{bu}])  # == {{{bitems}}}, so the clique search stays inside this"),
        (
            "latex",
            "Since \\( N({bu}) = \\{{{bitems}\\}} \\) exactly, every clique through \\( {bu} \\) "
            "lies inside it plus \\( {bu} \\).",
        ),
        ("list", "- N({bu}) = {bitems} (complete) → only these can join {bu}"),
        ("bold", "**{bu}'s neighbors (all):** {bitems} — so the search from {bu} stays among them"),
        ("arrow", "{bu} ⇒ {{{bitems}}} (full list), hence nothing else is adjacent to {bu}"),
    ],
    "edge_weight": [
        (
            "prose",
            "Since {u}–{v} weighs {w}, the cheapest edge out of the tree right now, Prim takes it.",
        ),
        ("prose", "Hmm, {u}-{v} only costs {w}, so Kruskal can take it before the heavier ones."),
        (
            "prose",
            "Relaxing from {u}: the edge to {v} is {w}, which is why {v}'s tentative distance "
            "drops.",
        ),
        ("prose", "The path sum picks up {w} here because that's the weight of {u}–{v}."),
        (
            "prose",
            "Wait, {u}–{v} actually weighs {w}, so it's not the bargain I thought and Prim should "
            "look at the others first.",
        ),
        (
            "prose",
            "Okay so the direct edge {u}–{v} has weight {w}, hence going straight is an option "
            "worth comparing against the detour.",
        ),
        (
            "prose",
            "Let me see, {u}-{v} carries {w}, whereas the alternatives out of the tree look "
            "heavier.",
        ),
        (
            "prose",
            "I'll take {u}–{v} next, given that its weight is {w} and it doesn't close a cycle.",
        ),
        (
            "prose",
            "This edge matters: {u}–{v} has weight {w}, so it's the one to beat among the "
            "remaining candidates.",
        ),
        (
            "prose",
            "Because {u}–{v} costs just {w}, it goes into the MST ahead of everything still "
            "waiting.",
        ),
        (
            "code",
            "heapq.heappush(pq, (d_u + {w}, {bv}))  # {w} = w({bu}, {bv}), so {bv} may improve",
        ),
        ("code", "mst.append(({bu}, {bv}))  # w = {w}, cheapest crossing edge, so it goes in"),
        ("code", "total += G[{bu}][{bv}]['weight']  # that's {w}, hence the running sum grows"),
        (
            "latex",
            "Since \\( w({bu},{bv}) = {w} \\) is the smallest crossing weight, the cut property "
            "puts it in the MST.",
        ),
        ("latex", "$$w({bu},{bv}) = {w} \\;\\Rightarrow\\; \\text{{take it next}}$$"),
        ("list", "- {bu}–{bv} (w = {w}) → lightest crossing edge, take it"),
        ("bold", "**Pick {bu}–{bv}:** weight {w}, cheapest on the frontier"),
    ],
    "node_weight": [
        (
            "prose",
            "Since {u} weighs {w}, swapping it into the triangle changes the sum, so it's worth "
            "comparing.",
        ),
        ("prose", "{u} has weight {w}, which is why the triangle through {u} looks promising."),
        (
            "prose",
            "Hmm, but {u}'s weight is only {w}, so that triangle probably loses to the current "
            "best.",
        ),
        ("prose", "The reason I keep {u} in the running is its weight: {w}."),
        ("prose", "Okay, {u} carries {w}, whereas I'd been using a different number for it."),
        (
            "prose",
            "Given that {u}'s node weight is {w}, the heaviest triangle probably runs through it.",
        ),
        (
            "prose",
            "Let me see... {u} is worth {w}, hence putting it in the candidate lifts the total.",
        ),
        ("code", "score += G.nodes[{bu}]['weight']  # {w}, which is why this triangle pulls ahead"),
        ("code", "best_tri = max(best_tri, s)  # s counts {bu} at {w}, so it may win"),
        (
            "latex",
            "Since \\( w({bu}) = {w} \\), the triangle through \\( {bu} \\) gains that much.",
        ),
        ("bold", "**{bu} (w = {w})** → worth keeping in the triangle"),
    ],
    "degree": [
        ("prose", "With degree {d}, {u} is the next to peel."),
        (
            "prose",
            "Since {u} has {d} neighbors, it beats the current best, so it becomes the new "
            "max-degree candidate.",
        ),
        ("prose", "Hmm, {u} only has degree {d}, which is why it can't be the answer here."),
        ("prose", "{u} has degree {d}, so it survives this pass of the peeling."),
        (
            "prose",
            "Okay so {u}'s degree is {d}, hence it's the node I'll compare everyone else against.",
        ),
        (
            "prose",
            "Because {u} is adjacent to {d} nodes, it's a natural hub to start the clique search "
            "from.",
        ),
        (
            "prose",
            "Wait — {u} has {d_words} neighbors, not fewer, so it stays in the core for now.",
        ),
        (
            "prose",
            "Let me see, {u} appears in {d} edges, so that's its degree and it goes into the "
            "comparison.",
        ),
        ("prose", "I notice {u} has degree {d}, whereas I'd guessed it was the biggest hub."),
        ("prose", "The reason {u} gets peeled early is its degree: just {d}."),
        (
            "prose",
            "Given that deg({u}) = {d}, a clique through {u} can't outgrow its neighborhood, so "
            "I'll look elsewhere.",
        ),
        (
            "prose",
            "Crucially, {u} has {d} incident edges, so it's the one that decides the max-degree "
            "answer.",
        ),
        ("prose", "deg {u} = {d} → below k, so it goes."),
        ("code", "if G.degree[{bu}] > best_deg:  # {d}, so {bu} takes over as best"),
        ("code", "to_remove.append({bu})  # degree {d}, below k, so peel it"),
        ("code", "best = {bu}  # because deg({bu}) == {d}"),
        (
            "latex",
            "Since \\( \\deg({bu}) = {d} \\), node \\( {bu} \\) becomes the current maximum.",
        ),
        ("latex", "$$\\deg({bu}) = {d} \\;\\Rightarrow\\; {bu} \\text{{ is peeled next}}$$"),
        ("list", "- {bu}: deg {d} → new best so far"),
        ("bold", "**Peel {bu}** (degree {d})"),
        ("arrow", "{bu} (deg {d}) ⇒ stays in the running"),
    ],
    "distance": [
        ("prose", "Since {v} is only {d} from {u}, it falls inside the threshold, so it counts."),
        (
            "prose",
            "Hmm, the shortest distance from {u} to {v} is {d}, which is why this pair is my "
            "diameter candidate now.",
        ),
        (
            "prose",
            "Okay, so {v} settles at {d} from {u}, hence nothing later can improve it and I stop "
            "relaxing it.",
        ),
        (
            "prose",
            "Because d({u}, {v}) = {d}, {u} is still in the race for the diameter, so I keep "
            "going from it.",
        ),
        (
            "prose",
            "Wait, {u} to {v} is actually {d} by the shortest route, so the pair I had as the "
            "farthest needs rechecking.",
        ),
        (
            "prose",
            "Let me see, the shortest path from {u} to {v} has length {d}, which means {v} is "
            "settled.",
        ),
        (
            "prose",
            "I notice {v} sits at shortest distance {d} from {u}, whereas I'd guessed it was much "
            "closer.",
        ),
        ("prose", "The reason {v} makes the cut is that it's {d} away from {u} at best."),
        (
            "prose",
            "Given that {u} and {v} are {d} apart on a shortest path, that pair is the new "
            "farthest I've seen.",
        ),
        ("prose", "Alright, {v} comes off the heap at {d} from source {u}, so its label is final."),
        (
            "prose",
            "Crucially, the shortest distance between {u} and {v} is {d}, so this is the pair "
            "that sets the diameter so far.",
        ),
        ("prose", "dist({u}, {v}) = {d}, min over routes → within threshold, count it."),
        (
            "code",
            "if dist[{bv}] <= threshold: count += 1  # dist[{bv}] = {d} from {bu}, so it counts",
        ),
        (
            "code",
            "ecc[{bu}] = max(ecc[{bu}], dist[{bv}])  # d({bu}, {bv}) = {d}, so ecc may grow",
        ),
        ("code", "settled.add({bv})  # final: {d} from {bu}, nothing shorter left"),
        (
            "latex",
            "Since \\( d({bu}, {bv}) = {d} \\), the pair \\( ({bu}, {bv}) \\) becomes the diameter "
            "candidate.",
        ),
        (
            "latex",
            "$$d({bu},{bv}) = {d} \\;\\Rightarrow\\; {bv} \\text{{ counts toward the threshold}}$$",
        ),
        ("list", "- {bv}: {d} from {bu} (shortest) → within threshold, count it"),
        ("bold", "**{bv} counts:** shortest distance from {bu} is {d}"),
        ("arrow", "{bu} ⇝ {bv} = {d} (shortest) ⇒ new farthest pair"),
    ],
    "hops": [
        ("prose", "So the BFS reaches {v} at layer {h} from {u}, which is why it counts."),
        (
            "prose",
            "Since {v} is {h} hops from {u}, it falls within the radius, so it goes in the answer.",
        ),
        (
            "prose",
            "Hmm, {v} is {h} hops out from {u}, hence it gets expanded only after the nearer "
            "layers are done.",
        ),
        (
            "prose",
            "Because {v} is first discovered {h} hops from {u}, that's its BFS level and it won't "
            "change.",
        ),
        (
            "prose",
            "Wait, {v} is actually {h_words} hops from {u}, so it belongs to a later layer than I "
            "had.",
        ),
        (
            "prose",
            "I notice the fewest edges from {u} to {v} is {h}, which means I can stop worrying "
            "about a shortcut.",
        ),
        ("prose", "The reason I queue {v} when I do is that it's {h} hops from {u}."),
        (
            "prose",
            "Given that {v} lies {h} hops from {u} at minimum, the hop count for this pair is "
            "settled.",
        ),
        ("prose", "Let me see... {v} is {h} edges from {u}, no fewer, so that's its layer."),
        ("code", "if level[{bv}] <= k: ball.add({bv})  # level {h} from {bu}, so it's in"),
        ("code", "queue.append(({bv}, {h}))  # {bv} discovered at depth {h} from {bu}"),
        (
            "latex",
            "Since \\( d_{{\\text{{hop}}}}({bu}, {bv}) = {h} \\), node \\( {bv} \\) is placed on "
            "that layer.",
        ),
        ("list", "- {bv} reached at BFS depth {h} from {bu} → include"),
        ("bold", "**{bv}:** {h} hops from {bu}, so it's kept"),
    ],
    "path": [
        ("arrow", "Given that {path} sums to {d} ({sum}), the path-sum answer follows directly."),
        (
            "arrow",
            "So along {path} the cost is {d}, which means this route is done and I can compare.",
        ),
        ("bold", "**Why this route:** {bpath} totals {d}"),
        ("code", "answer = {d}  # because {bpath} sums to that"),
        (
            "arrow",
            "Because the walk {path} costs {d}, this is the value I'll check the other candidates "
            "against.",
        ),
        ("code", "best = min(best, cost)  # cost of {bpath} is {d}, so it may become best"),
        ("arrow", "The reason I keep {path} is its total: {d}."),
        (
            "arrow",
            "Okay, going {path} gives {sum} = {d}, hence it beats the detour I was considering.",
        ),
        ("list", "- {bpath}: total {d} → keep as best route"),
        (
            "arrow",
            "Since {path} totals {d}, it's cheaper than the route I had, so I'll switch to it.",
        ),
        ("arrow", "Wait, {path} comes to {d}, not less, so it's no longer the best route."),
        ("arrow", "I notice {path} has total weight {d}, whereas I'd expected it to be heavier."),
        ("arrow", "Hmm, {path} adds up to {d}, which is why I report that total."),
        ("arrow", "Let me see... {path}: that's {d} in all, so this route stays the candidate."),
        ("latex", "Since \\( w({bpath}) = {d} \\), this path is the one I report."),
    ],
    "clique": [
        (
            "prose",
            "Since {items_and} are pairwise adjacent, they form a {shape}, so the best so far is "
            "at least this big.",
        ),
        (
            "prose",
            "Hmm, every pair among {items} is an edge, which is why I can call it a {shape} and "
            "stop extending for now.",
        ),
        ("prose", "Okay, {items_brace} is a {shape}, hence anything better has to beat it."),
        (
            "prose",
            "Because all of {items_and} are mutually connected, this set is a {shape} and becomes "
            "my current answer.",
        ),
        (
            "prose",
            "The reason I keep {items_brace} is that it's a {shape}: each pair shares an edge.",
        ),
        (
            "prose",
            "Given that {items} form a {shape}, I'll compare it with the remaining candidates "
            "next.",
        ),
        ("code", "best = [{bitems}]  # pairwise adjacent, a {shape}, so it replaces the old best"),
        (
            "latex",
            "Since \\( \\{{{bitems}\\}} \\) is pairwise adjacent, it is a {shape}, so \\( "
            "\\omega(G) \\) is at least its size.",
        ),
        ("list", "- {bitems}: all pairs adjacent → {shape}, new best"),
        ("bold", "**{shape}:** {bitems} — every pair linked, so it's the one to beat"),
    ],
    "k_core": [
        (
            "prose",
            "Since each of {items_and} keeps at least {k} neighbors among themselves and nothing "
            "else survives, the {k}-core is exactly that set, so the answer follows.",
        ),
        (
            "prose",
            "Hmm, after peeling everything under {k}, only {items} remain, which is why I call "
            "that the {k}-core.",
        ),
        ("prose", "Okay, the {k}-core is {items_brace}, hence the peeling stops here."),
        (
            "prose",
            "Because the survivors are {items_and}, the {k}-core is that set and the peeling is "
            "finished.",
        ),
        (
            "prose",
            "Given that the {k}-core comes out as {items}, the question is settled for this k.",
        ),
        ("code", "core = set(nx.k_core(G, {k}))  # {{{bitems}}}, so this is the answer set"),
        (
            "latex",
            "Since every vertex of \\( \\{{{bitems}\\}} \\) keeps at least \\( {k} \\) neighbours "
            "inside it and nothing else does, it is the \\( {k} \\)-core.",
        ),
        ("list", "- {k}-core → {bitems} (peeling done, so this is the answer)"),
        ("bold", "**{k}-core = {bitems}**, hence nothing more to remove"),
    ],
    "hop_ball": [
        (
            "prose",
            "Since the nodes within {k} hops of {u}, other than {u}, are {items_and}, the answer "
            "set is exactly those.",
        ),
        (
            "prose",
            "Hmm, BFS from {u} to depth {k} reaches {items} besides {u}, which is why those are "
            "the ones I report.",
        ),
        (
            "prose",
            "Okay, everything within {k} hops of {u} (excluding {u}) is {items_brace}, hence I "
            "stop the BFS there.",
        ),
        (
            "prose",
            "Because the ball of radius {k} around {u}, minus {u}, is {items}, anything else is "
            "out of range.",
        ),
        (
            "prose",
            "Given that {items_and} are all the nodes within {k} hops of {u} ({u} excluded), the "
            "count is just the size of that set.",
        ),
        (
            "code",
            "answer = sorted(ball - {{{bu}}})  # [{bitems}]: within {k} hops of {bu}, so that's "
            "the set",
        ),
        (
            "latex",
            "Since \\( \\{{ v \\ne {bu} : d({bu}, v) \\le {k} \\}} = \\{{{bitems}\\}} \\), that "
            "set is the answer.",
        ),
        ("list", "- ≤ {k} hops from {bu}, {bu} excluded: {bitems} → report these"),
        ("bold", "**Within {k} hops of {bu} (minus {bu}):** {bitems} — hence the answer"),
    ],
}
"""Statement kinds and their round-24 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | Degree | Therefore |", "| {bu} | {d} | compare with best |"),
        ("| Candidate | deg | Decision |", "| {bu} | {d} | pending |"),
        ("| Node | Degree | Why it matters |", "| {bu} | {d} | peel order |"),
    ],
    "edge_weight": [
        ("| Crossing edge | Weight | Take it? |", "| {bu}–{bv} | {w} | if cheapest |"),
        ("| Edge | Weight | Reason |", "| {bu} - {bv} | {w} | from the input |"),
        ("| Endpoints | Cost | vs. best so far |", "| {bu}, {bv} | {w} | – |"),
    ],
    "distance": [
        ("| Node | Distance from {src} | Counts? |", "| {bv} | {d} | if ≤ threshold |"),
        ("| Target | d({src}, ·) | So… |", "| {bv} | {d} | see below |"),
        ("| Node | Shortest from {src} | Used for |", "| {bv} | {d} | eccentricity |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Prim or Kruskal? Kruskal, since sorting the edges once is less bookkeeping here.",
    "So the question is whether to expand {u} or {v} first; I'll go with {u}, it's as good as any.",
    "That's why I'm tracking a best-so-far instead of recomputing everything at the end.",
    "Hmm, the greedy choice is safe here because of the cut property, so no backtracking.",
    "Since BFS explores layer by layer, the first time a node is seen gives its hop distance.",
    "Which means I can stop as soon as the top of the heap exceeds the threshold.",
    "So the comparison comes down to {u} versus {v}; let me look at each in turn.",
    "I'd rather peel in waves than node by node, because it's easier to check.",
    "Therefore the clique search only has to look inside a single neighborhood at a time.",
    "Okay, this is the part where the argument for {u} either holds up or doesn't.",
    "Let me justify the next step before I take it.",
    "The invariant is that a settled node has its final distance, so I won't revisit {u} later.",
    "# invariant: dist[x] is final once x leaves the heap",
    "if d > dist[node]: continue  # stale entry, skip it",
    "parent[find(a)] = find(b)  # union the two components",
    "$$\\operatorname{{ecc}}(x) \\ge d(x, y) \\text{{ for every }} y$$",
    "**Why this works:** the cut property.",
    "**Reasoning:** whichever candidate survives the pair checks wins.",
    "Because I already went through {u}, the natural next choice is {v}.",
    "But that's not a contradiction — the earlier count just skipped a line.",
    "So far the argument holds, so let me keep going with {u}.",
    "Total so far: 2 + 6 = 8, so I'll carry 8 forward.",
    "That means I should double-check the step before this one, not the one after.",
    "- [ ] justify the choice of {bu} before moving on",
    "I'll compare the options on cost alone, whereas ties I'll break alphabetically.",
    "Hence the order I handle {u} and {v} in doesn't change the final answer.",
]
"""Prose that names nodes and numbers but states no fact: choosing between algorithms, why a
greedy step or an early stop is safe, invariants, which node to expand first and why, a
stale-heap-entry skip, a union step, arithmetic carried forward, bold reasons, a LaTeX
inequality true in every graph, an unchecked checklist item. Filled with ``{u} {v} {bu} {bv}``
only."""
