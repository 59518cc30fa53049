"""The round-28 held-out phrasing bank for the trace-fact checker (split ``round28``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 27. Like rounds
17 to 27 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search and rounds 25 to 27 facts that answer the writer's own questions, round
28 takes code as models write it inside reasoning (tool-mode runs, o3 / GPT-OSS, Qwen3-Coder and
DeepSeek-R1 working a graph task in a scratch cell or by hand), in mixed voices across the nine
tasks: a NetworkX or plain-dict snippet followed by its printed output line(s)
(``print(G.degree(A))`` then ``4``, ``print(G.get_edge_data(A, B))`` then ``None``), f-strings
and logging calls with their echo (``print(f'deg(A)={G.degree(A)}')`` then ``deg(A)=4``,
``INFO:root:A-B w=3``), one-entry dicts and adjacency lines written by hand (``adj[A] = [B, C]``,
``degree_of = {A: 4}``), asserts with a message, ``try`` / ``except KeyError`` probes, one-line
pseudo-code traces of the algorithm with one state each (``relax A-B: w=3``, ``pop B:
dist=7 (settled, source A)``, ``dequeue C: level=2 (BFS from A)``, ``tally A: deg=4 (all rows
read)``),
comments that state the fact (``# A-B weight 3``), and the prose right around code that reads a
result off it ("The cell prints 4 for `G.degree(A)`, so A's degree is 4.", "`get_edge_data`
hands back None for A and B, meaning there's no edge between them."). About half is code, a
third prose around code, the rest small Markdown and LaTeX (``**Output:** `True` → A–B is an
edge.``, ``- `G.degree(A)` → `4` ``, "Output `3`, so $w(A, B) = 3$.") and tables whose headers
are the call and its output ("| call | printed |", "| node | `G.degree(node)` |"). A query and
its output line together state one fact; every phrasing differs from those of the earlier
splits (``dev`` ... ``dev4``, ``round4`` ... ``round27``) and states exactly one fact, as the
writer's claim (no suppositions, no open questions, no negated hypotheticals but the stated
non-edges), so ``trace_facts_phrasings.write_trace`` plants errors of a known kind with exact
labels. The filler states none: imports, empty containers, a queue seeded with a node, a
helper's definition, a progress print and its echo, plans to run a cell. Each kind's list is
ordered (and sized) so that ``labelled_set(split, seeds=2)`` uses every phrasing (the rounds
test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round28``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("code", "print(f'{bu}-{bv}: {{G.has_edge({bu}, {bv})}}')\n{bu}-{bv}: True"),
        ("code", "assert {bv} in adj[{bu}], 'missing edge'\n# (cell ran clean)"),
        ("code", "adj[{bu}].append({bv})  # edge {bu}-{bv}"),
        (
            "code",
            "for a, b in edges:\n    if {{a, b}} == {{{bu}, {bv}}}:\n        print('found', a, b)\n"
            "found {bu} {bv}",
        ),
        ("code", "#  {bu} <-> {bv}  (edge)"),
        ("code", "print(G.has_edge({bu}, {bv}), G.has_edge({bv}, {bu}))\nTrue True"),
        (
            "code",
            "logging.info('edge %s-%s', {bu}, {bv})  # only logged when present\n"
            "INFO:root:edge {bu}-{bv}",
        ),
        ("code", "expand {bu}: neighbour {bv} found"),
        (
            "code",
            "edge_set = {{frozenset(e) for e in edges}}\n"
            "print(frozenset(({bu}, {bv})) in edge_set)\nTrue",
        ),
        ("code", "if G.has_edge({bu}, {bv}):\n    print('adjacent')\nadjacent"),
        ("code", "print(G.get_edge_data({bu}, {bv}) is not None)\nTrue"),
        (
            "prose",
            "The cell prints True for `G.has_edge({bu}, {bv})`, so {u} and {v} are adjacent.",
        ),
        (
            "prose",
            "Ran the membership check in the scratch cell and it came back True: {u}–{v} is an "
            "edge.",
        ),
        ("prose", "My little loop over the edge list printed the pair, so {u} is joined to {v}."),
        (
            "prose",
            "So the assert on {u}–{v} went through without complaint — that edge exists.",
        ),
        (
            "prose",
            "Per the output above, {v} shows up when I print {u}'s adjacency, i.e. {u} and {v} "
            "are neighbours.",
        ),
        ("prose", "Okay, `has_edge` says True for {u} and {v}. Good, they're connected."),
        (
            "prose",
            "The tool returned True for the pair ({bu}, {bv}), which confirms the edge {u}–{v}.",
        ),
        ("prose", "Executing that gives `True`, so there is an edge between {u} and {v}."),
        ("bold", "**Output:** `True` → {bu}–{bv} is an edge."),
        ("latex", "The check returns `True`, i.e. $\\{{{bu}, {bv}\\}} \\in E(G)$."),
        ("list", "- `G.has_edge({bu}, {bv})` → `True`"),
        (
            "prose",
            "The scratch cell's `{bv} in G[{bu}]` prints True, so {u} and {v} share an edge.",
        ),
    ],
    "non_edge": [
        ("code", "print(f'{bu}-{bv}: {{G.has_edge({bu}, {bv})}}')\n{bu}-{bv}: False"),
        ("code", "assert {bv} not in adj[{bu}], 'unexpected edge'\n# (cell ran clean)"),
        ("code", "#  {bu} <-> {bv}  (no edge)"),
        ("code", "print(G.has_edge({bu}, {bv}), G.has_edge({bv}, {bu}))\nFalse False"),
        (
            "code",
            "logging.info('no edge %s-%s', {bu}, {bv})  # only logged when absent\n"
            "INFO:root:no edge {bu}-{bv}",
        ),
        ("code", "expand {bu}: {bv} not a neighbour"),
        (
            "code",
            "edge_set = {{frozenset(e) for e in edges}}\n"
            "print(frozenset(({bu}, {bv})) in edge_set)\nFalse",
        ),
        ("code", "if not G.has_edge({bu}, {bv}):\n    print('not adjacent')\nnot adjacent"),
        (
            "code",
            "try:\n    G.edges[{bu}, {bv}]\nexcept KeyError:\n    print('no edge')\nno edge",
        ),
        ("code", "print(G.get_edge_data({bu}, {bv}))\nNone"),
        ("code", "hits = [e for e in edges if set(e) == {{{bu}, {bv}}}]\nprint(hits)\n[]"),
        (
            "prose",
            "The cell prints False for `G.has_edge({bu}, {bv})`, so {u} and {v} are not adjacent.",
        ),
        (
            "prose",
            "Ran the membership check in the scratch cell and it came back False: no {u}–{v} edge.",
        ),
        (
            "prose",
            "My little loop over the edge list printed nothing for that pair, so {u} isn't "
            "joined to {v}.",
        ),
        (
            "prose",
            "The assert that {u}–{v} is absent went through without complaint — no such edge.",
        ),
        (
            "prose",
            "`get_edge_data` hands back None for {u} and {v}, meaning there's no edge between "
            "them.",
        ),
        ("prose", "Okay, `has_edge` says False for {u} and {v}. So they're not connected."),
        (
            "prose",
            "The tool returned False for the pair ({bu}, {bv}), which rules out an edge {u}–{v}.",
        ),
        ("prose", "Executing that gives `False`, so there is no edge between {u} and {v}."),
        ("bold", "**Output:** `False` → no {bu}–{bv} edge."),
        ("latex", "The check returns `False`, i.e. $\\{{{bu}, {bv}\\}} \\notin E(G)$."),
        ("list", "- `G.has_edge({bu}, {bv})` → `False`"),
        (
            "prose",
            "The scratch cell's `{bv} in G[{bu}]` prints False, so {u} and {v} share no edge.",
        ),
        ("code", "print({bv} in adj[{bu}])\nFalse"),
    ],
    "neighbours": [
        ("code", "adj[{bu}] = [{bitems}]"),
        ("code", "print(sorted(G[{bu}]))\n[{bitems}]"),
        ("code", "print(f'N({bu}) = {{sorted(G[{bu}])}}')\nN({bu}) = [{bitems}]"),
        ("code", "print(*sorted(G.neighbors({bu})), sep=', ')\n{bitems}"),
        ("code", "adjacency = {{\n    {bu}: [{bitems}],\n}}"),
        (
            "code",
            "logging.debug('nbrs(%s) = %s', {bu}, sorted(G[{bu}]))\n"
            "DEBUG:root:nbrs({bu}) = [{bitems}]",
        ),
        ("code", "expand {bu}: neighbours {bitems}"),
        ("code", "assert sorted(G.neighbors({bu})) == [{bitems}], 'row mismatch'"),
        (
            "prose",
            "The cell prints [{bitems}] for `sorted(G[{bu}])`, so {u}'s neighbours are "
            "{items_and}.",
        ),
        ("prose", "From the output, {u} is adjacent to exactly {items_and}."),
        (
            "prose",
            "So the neighbour dump for {u} shows {items_brace} and that's the whole row.",
        ),
        ("prose", "Printing the row for {u} gives {items}, i.e. its full neighbourhood."),
        ("prose", "Running the neighbours loop on {u} lists {items_and}, nothing more."),
        (
            "prose",
            "The adjacency dict I built has {u} → {items_brace}, every neighbour accounted for.",
        ),
        ("latex", "From the printed list: $N({bu}) = \\{{{bitems}\\}}$."),
        ("bold", "**`sorted(G[{bu}])`** → `[{bitems}]`"),
    ],
    "edge_weight": [
        (
            "code",
            "print(f'w({bu},{bv}) = {{G.edges[{bu}, {bv}][\"weight\"]}}')\nw({bu},{bv}) = {w}",
        ),
        ("code", "relax {bu}-{bv}: w={w}"),
        ("code", "# {bu}-{bv} weight {w}"),
        ("code", "weight = {{({bu}, {bv}): {w}}}"),
        ("code", "print(G.get_edge_data({bu}, {bv})['weight'])\n{w}"),
        ("code", "next edge: ({w}, {bu}, {bv})"),
        (
            "code",
            "logging.info('%s-%s w=%d', {bu}, {bv}, G[{bu}][{bv}]['weight'])\n"
            "INFO:root:{bu}-{bv} w={w}",
        ),
        ("code", "assert G[{bv}][{bu}]['weight'] == {w}, 'weight mismatch'"),
        ("prose", "The cell prints {w} for the {u}–{v} weight, so that edge costs {w}."),
        ("prose", "Reading it off the output: {u}–{v} has weight {w}."),
        (
            "prose",
            "`G[{bu}][{bv}]` comes back with weight {w}, so that's the cost of {u}–{v}.",
        ),
        ("prose", "The relax line in my trace shows the {u}–{v} edge at {w}."),
        ("prose", "That lookup returned {w}, i.e. the edge between {u} and {v} weighs {w}."),
        ("latex", "Output `{w}`, so $w({bu}, {bv}) = {w}$."),
        ("bold", "**w({bu}, {bv})** (printed): `{w}`"),
    ],
    "node_weight": [
        ("code", "print(f'w({bu}) = {{G.nodes[{bu}][\"weight\"]}}')\nw({bu}) = {w}"),
        ("code", "vw = {{{bu}: {w}}}"),
        ("code", "# weight of {bu}: {w}"),
        ("code", "print(nx.get_node_attributes(G, 'weight')[{bu}])\n{w}"),
        ("code", "tri_sum += {w}  # node {bu}"),
        ("prose", "The cell prints {w} for {u}'s weight, so {u} is worth {w}."),
        ("prose", "From the printout, {u} carries weight {w}."),
        ("prose", "`G.nodes[{bu}]` shows weight {w}; that's {u}'s value."),
        ("prose", "So the node-weight lookup for {u} returned {w}."),
        ("bold", "**`G.nodes[{bu}]['weight']`** → {w}"),
    ],
    "degree": [
        ("code", "print(G.degree({bu}))\n{d}"),
        ("code", "print(f'deg({bu})={{G.degree({bu})}}')\ndeg({bu})={d}"),
        ("code", "degree_of = {{{bu}: {d}}}  # by hand, from the rows"),
        (
            "code",
            "logging.info('degree of %s: %d', {bu}, G.degree({bu}))\nINFO:root:degree of {bu}: {d}",
        ),
        ("code", "assert G.degree({bu}) == {d}, G.degree({bu})"),
        ("code", "# {bu}: {d} incident edges"),
        ("code", "for n in [{bu}]:\n    print(n, len(G[n]))\n{bu} {d}"),
        ("code", "tally {bu}: deg={d} (all rows read)"),
        ("code", "print(Counter(x for e in edges for x in e)[{bu}])\n{d}"),
        ("prose", "The cell prints {d} for `G.degree({bu})`, so {u}'s degree is {d}."),
        ("prose", "Output says {d}: that's how many edges {u} has."),
        ("prose", "Running `len(G[{bu}])` gives {d}, so {u} has {d} neighbours."),
        ("prose", "So from the tally cell, {u} ends up with degree {d}."),
        ("prose", "The log line for {u} shows degree {d}."),
        ("prose", "Counter output for {u} is {d_words} — its degree."),
        ("latex", "Printed value: $\\deg({bu}) = {d}$."),
        ("bold", "**Output:** `{d}` (degree of {bu})"),
        ("list", "- `G.degree({bu})` → `{d}`"),
        ("prose", "Per the log, {u} has {d} edges touching it."),
        ("code", "# len(adj[{bu}]) printed {d}"),
    ],
    "distance": [
        ("code", "print(nx.dijkstra_path_length(G, {bu}, {bv}))\n{d}"),
        (
            "code",
            "print(f'd({bu},{bv}) = {{nx.dijkstra_path_length(G, {bu}, {bv})}}')\n"
            "d({bu},{bv}) = {d}",
        ),
        ("code", "pop {bv}: dist={d} (settled, source {bu})"),
        ("code", "dist = {{{bv}: {d}}}  # from {bu}, final"),
        (
            "code",
            "logging.info('dist %s->%s = %d', {bu}, {bv}, d)\nINFO:root:dist {bu}->{bv} = {d}",
        ),
        (
            "code",
            "assert nx.shortest_path_length(G, {bu}, {bv}, weight='weight') == {d}, 'dist'",
        ),
        ("code", "# dijkstra from {bu} settles {bv} at {d}"),
        (
            "code",
            "lengths = nx.single_source_dijkstra_path_length(G, {bu})\nprint(lengths[{bv}])\n{d}",
        ),
        ("code", "print({bv}, dist[{bv}])  # dijkstra from {bu}\n{bv} {d}"),
        (
            "prose",
            "The cell prints {d} for the {u}-to-{v} Dijkstra length, so the shortest distance "
            "is {d}.",
        ),
        ("prose", "Per the output, {v} is settled at {d} from {u}."),
        ("prose", "`dijkstra_path_length` hands back {d}, i.e. {u} to {v} is {d} at best."),
        ("prose", "So the final dist entry for {v}, running from {u}, is {d}."),
        ("prose", "That trace pops {v} at {d}, so {d} is the shortest distance from {u}."),
        (
            "prose",
            "The script's answer for {u} to {v} is {d}, the shortest weighted distance.",
        ),
        ("latex", "Output `{d}`, hence $d({bu}, {bv}) = {d}$."),
        ("bold", "**dist[{bv}]** (source {bu}) → `{d}`"),
        ("list", "- `nx.dijkstra_path_length(G, {bu}, {bv})` → `{d}`"),
        ("prose", "The Dijkstra cell's last line for {v} reads {d}, measured from {u}."),
        ("code", "# dist from {bu}: {bv} -> {d}"),
    ],
    "hops": [
        ("code", "print(nx.shortest_path_length(G, {bu}, {bv}))  # BFS, no weights\n{h}"),
        (
            "code",
            "print(f'hops {bu}->{bv}: {{nx.shortest_path_length(G, {bu}, {bv})}}')\n"
            "hops {bu}->{bv}: {h}",
        ),
        ("code", "dequeue {bv}: level={h} (BFS from {bu})"),
        ("code", "level = {{{bv}: {h}}}  # BFS from {bu}"),
        ("code", "assert nx.shortest_path_length(G, {bu}, {bv}) == {h}, 'hops'"),
        (
            "code",
            "depth = nx.single_source_shortest_path_length(G, {bu})\nprint(depth[{bv}])\n{h}",
        ),
        ("prose", "The BFS cell prints {h} for {v}, so {v} is {h} hops from {u}."),
        (
            "prose",
            "Output {h}: that's the number of edges on the shortest {u}–{v} route, ignoring "
            "weights.",
        ),
        ("prose", "From the level printout, {v} sits at depth {h} below {u}."),
        (
            "prose",
            "So unweighted `shortest_path_length` from {u} to {v} returned {h_words}.",
        ),
        ("latex", "The BFS output gives $\\mathrm{{hops}}({bu}, {bv}) = {h}$."),
        ("list", "- BFS({bu}) → level of {bv}: `{h}`"),
        ("prose", "The depth map from the BFS cell puts {v} at {h} from {u}."),
        ("code", "# BFS {bu} -> {bv}: {h} edges"),
    ],
    "path": [
        ("code", "print(nx.path_weight(G, p, weight='weight'))  # p: {bpath}\n{d}"),
        ("code", "print(f'{bpath}: {{cost}}')\n{bpath}: {d}"),
        ("code", "print(' -> '.join(route), '=', total)\n{bpath} = {d}"),
        ("code", "# {bpath} sums to {d}"),
        ("code", "running: {sum} = {d}  ({bpath})"),
        (
            "code",
            "logging.info('cost(%s) = %d', route, total)\nINFO:root:cost({bpath}) = {d}",
        ),
        ("arrow", "The cell prints {d} for the route {path}, so that's its total."),
        ("arrow", "Summing in the scratch cell: {path} comes to {d}."),
        ("arrow", "Output {d} — the length of {path}."),
        ("arrow", "So the loop over {path} adds up {sum} and prints {d}."),
        (
            "arrow",
            "`path_weight` on {path} returned {d}, which is the path's total weight.",
        ),
        ("latex", "Printed total for {bpath}: $\\sum w = {d}$."),
        ("bold", "**Output** for {bpath}: `{d}`"),
        ("arrow", "The scratch sum for {path} printed {d}."),
        ("code", "total  # {bpath}\n{d}"),
    ],
    "clique": [
        (
            "code",
            "members = [{bitems}]\n"
            "print(all(G.has_edge(a, b) for a in members for b in members if a != b))\nTrue",
        ),
        (
            "code",
            "missing = [(a, b) for a, b in combinations([{bitems}], 2) if not G.has_edge(a, b)]\n"
            "print(missing)\n[]",
        ),
        ("code", "print(f'{shape}? {{is_clique([{bitems}])}}')\n{shape}? True"),
        ("code", "# {bitems}: pairwise adjacent -> {shape}"),
        ("code", "clique = [{bitems}]  # every pair checked, it's a {shape}"),
        (
            "prose",
            "The pairwise check prints an empty list of missing pairs for {items_brace}, so "
            "it's a {shape}.",
        ),
        (
            "prose",
            "All the has_edge calls on {items_and} came back True, so they form a {shape}.",
        ),
        ("prose", "So the subgraph on {items} is complete per the output — a {shape}."),
        ("bold", "**Output:** `True` — {bitems} form a {shape}."),
        ("prose", "Per the cell, no pair among {items_brace} lacks an edge, so it's a {shape}."),
    ],
    "k_core": [
        ("code", "print(sorted(nx.k_core(G, {k})))\n[{bitems}]"),
        (
            "code",
            "core = {{n for n, c in nx.core_number(G).items() if c >= {k}}}\n"
            "print(sorted(core))\n[{bitems}]",
        ),
        ("code", "peel done: {k}-core = [{bitems}]"),
        ("code", "logging.info('%d-core: %s', k, sorted(core))\nINFO:root:{k}-core: [{bitems}]"),
        ("prose", "The cell prints [{bitems}] for the {k}-core, so it's {items_and}."),
        (
            "prose",
            "After the peeling loop finishes, the survivors in the {k}-core are {items_brace} "
            "per the output.",
        ),
        ("prose", "`nx.k_core` with k={k} returns {items}, and that's the core."),
        ("latex", "$\\text{{core}}_{{{k}}} = \\{{{bitems}\\}}$, as printed."),
        ("code", "# {k}-core after peeling: {bitems}"),
    ],
    "hop_ball": [
        (
            "code",
            "ball = nx.ego_graph(G, {bu}, radius={k})\nprint(sorted(set(ball) - {{{bu}}}))\n"
            "[{bitems}]",
        ),
        (
            "code",
            "print('within {k} hops of {bu}:', sorted(n for n in dist if n != {bu}))\n"
            "within {k} hops of {bu}: [{bitems}]",
        ),
        ("code", "bfs from {bu} to depth {k} -> reached [{bitems}] (source excluded)"),
        ("code", "# ball({bu}, {k}) minus {bu}: {bitems}"),
        (
            "prose",
            "The cell prints [{bitems}] for everything within {k} hops of {u}, {u} itself "
            "excluded, so those are the nodes.",
        ),
        (
            "prose",
            "From the BFS output, the nodes at most {k} hops from {u}, apart from {u}, are "
            "{items_and}.",
        ),
        ("prose", "So the cutoff={k} search from {u} returns {items_brace} once {u} is dropped."),
        ("bold", "**Within {k} hops of {bu}** (printed, {bu} excluded): `[{bitems}]`"),
    ],
}
"""Statement kinds and their round-28 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| node | `G.degree(node)` |", "| {bu} | {d} |"),
        ("| call | printed |", "| `G.degree({bu})` | {d} |"),
        ("| n | len(adj[n]) |", "| {bu} | {d} |"),
    ],
    "edge_weight": [
        ("| (u, v) | `G[u][v]['weight']` |", "| ({bu}, {bv}) | {w} |"),
        ("| lookup | output |", "| `G.edges[{bu}, {bv}]['weight']` | {w} |"),
        ("| u | v | w (from the dict) |", "| {bu} | {bv} | {w} |"),
    ],
    "distance": [
        ("| target | `dist[target]` from {src} |", "| {bv} | {d} |"),
        ("| query (src = {src}) | printed |", "| `dist[{bv}]` | {d} |"),
        ("| node | d from {src} (script) |", "| {bv} | {d} |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "import heapq\nfrom collections import defaultdict, deque",
    "G = nx.Graph()\nG.add_weighted_edges_from(edges)  # parsed above",
    "frontier = deque([{bu}])  # BFS starts here",
    "visited.add({bu})",
    "print('BFS from', {bu})\nBFS from {bu}",
    "# TODO: double-check {bu} and {bv} later",
    "Let me just run the snippet in my head instead of trusting the first pass.",
    "The cell hasn't printed anything for {u} yet; I'll scroll back to it later.",
    "def neighbours(x):\n    return sorted(G[x])",
    "dist = defaultdict(lambda: float('inf'))",
    "Okay, writing a quick helper before I use it on {u} and {v}.",
    "The output scrolled past; re-running the cell for {u}.",
    "Now let me write the Dijkstra loop out and trace it by hand from {u}.",
    "print(f'checking {bu} against {bv} ...')\nchecking {bu} against {bv} ...",
]
"""Code and prose that name nodes but state no fact: imports, empty containers, a queue seeded
with a node, a helper's definition, a progress print and its echo, plans to run a cell. Filled
with ``{u} {v} {bu} {bv}`` only."""
