"""The round-33 held-out phrasing bank for the trace-fact checker (split ``round33``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 32. Round 33 is
a third general validation list after rounds 31 and 32: the mix real traces use, lines as if
lifted from long traces of DeepSeek-R1 / V3.1, Qwen3-Thinking, QwQ, GPT-OSS / o3 / o4-mini,
Claude Sonnet 4 / Opus 4, Gemini 2.5 Pro, Kimi K2, GLM-4.5, Llama-3.3 and Magistral solving the
nine tasks on graphs with real-world node names, start to finish, in voices and sentence shapes
rounds 17, 18, 31 and 32 did not take: Qwen's "Alright," and "Oh, right", o3's clipped "Good:"
and "Fine —" ticks, Claude's "Looks like" and "It turns out", DeepSeek's "Oops" and "Ah",
Gemini's "Confirmed:" and "Noted:", Kimi's "Sanity check:", GLM's "Per the input", Llama's
"That gives" and Magistral's "Then there's"; reading the input, planning, the main search
(neighbour lists while scanning, weights read while summing or comparing, degrees while counting
or peeling, distances while relaxing or layering, sets while closing a core or a clique),
corrections and the final check, with a little of each themed round's shape (a question
answered, a code cell with its output, a terse note, a fact about a node named just before, a
premise after 'since', a recap line), each at most about 5 %; about three fifths prose, the rest
inline Python / NetworkX, LaTeX and Markdown, and tables with plain headers. Every phrasing
differs from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round32``) and
states exactly one fact, as the writer's claim, so ``trace_facts_phrasings.write_trace`` plants
errors of a known kind with exact labels. The filler states none and names no node or number of
its own. Each kind's list is ordered (and sized) so that ``labelled_set(split, seeds=2)`` uses
every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round33``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "Alright, {u}-{v} shows up in the edge list."),
        ("prose", "Good: {u} and {v} are joined directly."),
        ("prose", "Looks like {u} links to {v} — that line is in the input."),
        ("prose", "Oops, I skipped {u}-{v}; it is an edge."),
        ("prose", "Per the input, {u} is connected to {v} by an edge."),
        ("prose", "Confirmed: {u}—{v} is an edge of the graph."),
        ("prose", "Oh, right, {v} is directly reachable from {u} through their shared edge."),
        ("prose", "It turns out {u} and {v} are neighbours after all."),
        ("prose", "Sanity check on {u}–{v}: the edge is there."),
        ("prose", "Then there's the edge from {u} to {v}, which is in the list."),
        ("prose", "Fine — {u} has an edge to {v}."),
        ("prose", "Ah, {u} and {v} do share an edge, so the clique can keep both."),
        ("prose", "Is {u} linked with {v}? Yep, edge present."),
        ("code", "print(G.has_edge({bu}, {bv}))\n# -> True"),
        ("code", "assert {bv} in adj[{bu}]  # passes: edge exists"),
        ("latex", "Indeed $\\{{{bu}, {bv}\\}} \\in E(G)$."),
        ("latex", "$ {bu} \\sim {bv} $ (they are adjacent)."),
        ("list", "- [x] {bu}–{bv} listed as an edge"),
        ("bold", "**{bu}–{bv}:** edge present"),
        ("arrow", "{bu} ⟷ {bv}: linked"),
    ],
    "non_edge": [
        ("prose", "Alright, {u}-{v} does not show up in the edge list."),
        ("prose", "Good: {u} and {v} are not joined directly."),
        ("prose", "Looks like {u} has no link to {v} — no such line in the input."),
        ("prose", "Oops, I assumed {u}-{v} was there; it is not an edge."),
        ("prose", "Per the input, {u} has no edge to {v}."),
        ("prose", "Confirmed: {u}—{v} is not an edge of the graph."),
        ("prose", "Oh, right, {v} is not directly reachable from {u}; they share no edge."),
        ("prose", "It turns out {u} and {v} aren't neighbours."),
        ("prose", "Sanity check on {u}–{v}: the edge is missing."),
        ("prose", "Then there's the pair {u}, {v}, which has no edge in the list."),
        ("prose", "Fine — {u} lacks an edge to {v}."),
        ("prose", "Ah, {u} and {v} share no edge, so the clique can't keep both."),
        ("prose", "Is {u} linked with {v}? Nope, no edge."),
        ("code", "print(G.has_edge({bu}, {bv}))\n# -> False"),
        ("code", "assert {bv} not in adj[{bu}]  # passes: no edge"),
        ("latex", "Indeed $\\{{{bu}, {bv}\\}} \\notin E(G)$."),
        ("latex", "$ {bu} \\not\\sim {bv} $ (they are not adjacent)."),
        ("list", "- [ ] {bu}–{bv}: not in the edge list"),
        ("bold", "**{bu}–{bv}:** edge absent"),
        ("arrow", "{bu} ⟷ {bv}: not linked"),
    ],
    "neighbours": [
        ("prose", "Alright, {u}'s neighbours: {items_and}, no others."),
        ("prose", "Per the input, {u} touches {items} and that is the whole list."),
        ("prose", "Looks like {u} only has {items_and} as neighbours."),
        ("prose", "Confirmed: the adjacency of {u} is precisely {items_brace}."),
        ("prose", "Oops, I left one out; {u}'s complete neighbour list is {items}."),
        ("prose", "Popping {u} off the queue, its neighbours are {items_and}, all of them."),
        ("prose", "Noted: {u} borders {items} and nobody else."),
        ("prose", "The full set around {u} turns out to be {items_brace}."),
        ("code", "print(sorted(G.neighbors({bu})))\n# -> [{bitems}]  (complete)"),
        ("code", "adj[{bu}]  # == [{bitems}], every neighbour"),
        ("latex", "$N_G({bu}) = \\{{{bitems}\\}}$ exactly."),
        ("list", "- {bu}: {bitems} (full neighbour list)"),
        ("bold", "**{bu} neighbours (all):** {bitems}"),
    ],
    "edge_weight": [
        ("prose", "Alright, the {u}-{v} edge has cost {w}."),
        ("prose", "Per the input, {u}–{v} is weighted {w}."),
        ("prose", "Looks like {u}–{v} weighs {w}, so it's cheap enough to consider."),
        ("prose", "Oops, I had {u}-{v} wrong; its weight is {w}."),
        ("prose", "Noted: weight({u}, {v}) is {w}."),
        ("prose", "Kruskal pulls {u}–{v} off the sorted list; that edge is worth {w}."),
        ("prose", "Heading straight from {u} to {v} costs {w}."),
        ("prose", "The edge that links {u} and {v} carries a weight of {w}."),
        ("prose", "Fine — {u}–{v} comes with weight {w}."),
        ("code", "print(G[{bu}][{bv}]['weight'])\n# -> {w}"),
        ("code", "mst_total += {w}  # adding {bu}-{bv}"),
        ("latex", "$c({bu}, {bv}) = {w}$ from the input."),
        ("list", "- {bu}–{bv}: weight {w}"),
        ("arrow", "{bu} ⟶ {bv} weighs {w}"),
    ],
    "node_weight": [
        ("prose", "Alright, {u} has a node weight of {w}."),
        ("prose", "Per the input, {u} is weighted {w}."),
        ("prose", "Noted: {u}'s own weight is {w}."),
        ("prose", "Oops, I misread {u}; its node weight is {w}."),
        ("prose", "Adding up the triangle, {u} brings {w}."),
        ("code", "print(G.nodes[{bu}]['weight'])\n# -> {w}"),
        ("latex", "$w_{{{bu}}} = {w}$ (node weight)."),
        ("list", "- {bu} → weight {w}"),
        ("bold", "**{bu} (node weight):** {w}"),
        ("prose", "The node weight listed for {u} turns out to be {w}."),
    ],
    "degree": [
        ("prose", "Alright, {u} has {d} incident edges."),
        ("prose", "Per the input, {u} appears in {d} edges."),
        ("prose", "Looks like {u} is at degree {d}."),
        ("prose", "Oops, I miscounted {u}; its degree is {d}."),
        ("prose", "Noted: deg({u}) is {d}."),
        ("prose", "Before any peeling, {u} starts out with {d} neighbours."),
        ("prose", "Counting lines that mention {u} gives {d}."),
        ("prose", "Confirmed: {u} is connected to {d} nodes."),
        ("prose", "Fine — {u}'s degree is {d_words}."),
        ("prose", "The running max-degree candidate is {u}, with {d} edges."),
        ("prose", "Tally for {u}: {d}."),
        ("code", "print(G.degree[{bu}])\n# -> {d}"),
        ("code", "deg[{bu}]  # {d}"),
        ("latex", "So $\\deg_G({bu}) = {d}$ here."),
        ("latex", "Node ${bu}$ has degree ${d}$."),
        ("list", "- {bu}: {d} edges"),
        ("bold", "**{bu}** — degree {d}"),
    ],
    "distance": [
        ("prose", "Alright, {v} is settled at distance {d} from {u}."),
        ("prose", "Per the relaxations, the shortest {u}–{v} distance is {d}."),
        ("prose", "Looks like {v} sits {d} away from {u} on the best route."),
        ("prose", "Oops, I overshot; {u} to {v} is {d} at the shortest."),
        ("prose", "Noted: dist({u}, {v}) is {d}."),
        ("prose", "The heap hands back {v} next; its final distance from {u} is {d}."),
        ("prose", "Confirmed: the best route from {u} to {v} is {d}; nothing beats it."),
        ("prose", "Fine — shortest distance from {u} to {v}: {d}."),
        ("prose", "It turns out {v} is only {d} from {u}."),
        ("prose", "For the threshold, {v} lies {d} from {u} along the cheapest path."),
        ("code", "print(nx.dijkstra_path_length(G, {bu}, {bv}))\n# -> {d}"),
        ("code", "dist[{bv}]  # {d} (final, from {bu})"),
        ("latex", "$d_G({bu}, {bv}) = {d}$."),
        ("list", "- {bv}: distance {d} from {bu}"),
        ("bold", "**{bu} → {bv} shortest:** {d}"),
    ],
    "hops": [
        ("prose", "Alright, {v} is {h} hops out from {u}."),
        ("prose", "Looks like the BFS from {u} first touches {v} at depth {h}."),
        ("prose", "Oops, I mislabelled {v}; it's {h} hops from {u}."),
        ("prose", "Noted: hop distance from {u} to {v} is {h}."),
        ("prose", "Confirmed: {u} reaches {v} in {h} edges, no fewer."),
        ("prose", "Fine — {v} lies {h_words} hops from {u}."),
        ("prose", "The BFS frontier from {u} picks up {v} at level {h}."),
        ("code", "print(nx.shortest_path_length(G, {bu}, {bv}))\n# -> {h}"),
        ("latex", "$\\operatorname{{hop}}({bu}, {bv}) = {h}$."),
        ("list", "- {bv}: {h} hops out from {bu}"),
    ],
    "path": [
        ("arrow", "Alright, {path} adds to {d}."),
        ("arrow", "Looks like {path} comes out at {d}."),
        ("arrow", "Oops, re-adding {path} gives {d}."),
        ("arrow", "Noted: {path} sums to {d}."),
        ("arrow", "Confirmed: {path} has weight {d} in total."),
        ("arrow", "Fine — {path} = {sum} = {d}."),
        ("arrow", "Tracing back the predecessors, {path} weighs {d}."),
        ("arrow", "Going along {path} costs {d} end to end."),
        ("code", "print(nx.path_weight(G, '{bpath}'.split(' -> '), weight='weight'))\n# -> {d}"),
        ("latex", "$\\sum_{{e \\in {bpath}}} w(e) = {d}$"),
        ("list", "- {bpath} → {d}"),
        ("bold", "**{bpath}** — total {d}"),
    ],
    "clique": [
        ("prose", "Alright, {items_and} are all mutually linked: a {shape}."),
        ("prose", "Looks like {items} is a {shape} — each pair is an edge."),
        ("prose", "Confirmed: {items_brace} is a {shape}."),
        ("prose", "Noted: {items_and} form a {shape}."),
        ("prose", "Adding the last node, {items} turns out to be a {shape}."),
        ("code", "print(nx.is_clique(G, [{bitems}]))\n# -> True ({shape})"),
        ("latex", "$\\{{{bitems}\\}}$ induces a {shape}."),
        ("list", "- {bitems}: {shape}, all pairs linked"),
        ("bold", "**{shape}:** {bitems}"),
        ("prose", "Fine — {items_and} make a {shape}."),
    ],
    "k_core": [
        ("prose", "Alright, the {k}-core is {items_and}."),
        ("prose", "Looks like, once the peeling stops, the {k}-core is {items}."),
        ("prose", "Confirmed: the {k}-core comes out as {items_brace}."),
        ("code", "print(sorted(nx.k_core(G, {k})))\n# -> [{bitems}]"),
        ("latex", "The ${k}$-core is $\\{{{bitems}\\}}$."),
        ("list", "- {k}-core: {bitems} (peeling done)"),
        ("bold", "**{k}-core (final):** {bitems}"),
        ("prose", "Noted: {items_and} make up the {k}-core."),
    ],
    "hop_ball": [
        (
            "code",
            "print(sorted(set(nx.single_source_shortest_path_length(G, {bu}, cutoff={k}))"
            " - {{{bu}}}))\n# -> [{bitems}]",
        ),
        ("prose", "Alright, within {k} hops of {u}, leaving {u} out, we get {items_and}."),
        ("prose", "Looks like the nodes at most {k} hops from {u} (besides {u}) are {items}."),
        ("prose", "Confirmed: apart from {u}, everything within {k} hops is {items_brace}."),
        ("prose", "Noted: {u}'s {k_words}-hop ball, minus {u}, is {items}."),
        ("latex", "$\\{{x : 0 < d({bu}, x) \\le {k}\\}} = \\{{{bitems}\\}}$."),
        ("list", "- ≤ {k} hops from {bu} (minus {bu}): {bitems}"),
        ("bold", "**{k}-hop set of {bu}, {bu} left out:** {bitems}"),
    ],
}
"""Statement kinds and their round-33 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| Node | deg |", "| {bu} | {d} |"),
        ("| Name | Edges at it |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| Endpoint 1 | Endpoint 2 | Cost |", "| {bu} | {bv} | {w} |"),
        ("| Pair | Weight given |", "| {bu} / {bv} | {w} |"),
    ],
    "distance": [
        ("| Destination | Shortest from {src} (so far final) |", "| {bv} | {d} |"),
        ("| Settled node | d({src}, ·) |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "Alright, {u} next.",
    "Moving along to {v}.",
    "Let's get the input into an adjacency list first.",
    "Plan: go node by node and keep a running best.",
    "best = None  # updated as we go",
    "**Working on {bu}**",
    "I need to be careful not to double count here.",
    "OK, {u} and {v} are the two to look at now.",
    "$T \\leftarrow \\emptyset$  % tree edges",
    "Re-reading the task statement to be sure.",
    "- next up: {bv}",
    "Carefully now, the arithmetic matters.",
    "Looking around {u} for a moment.",
]
"""Moves on, sets up a structure, re-reads the question or turns to a node without saying
anything about it. Filled with ``{u} {v} {bu} {bv}`` only; names no node or number of its
own."""
