"""The round-29 held-out phrasing bank for the trace-fact checker (split ``round29``).

Written without reading the extractor (``gralgo.analysis._trace_claims``, ``_trace_clauses``,
``_trace_anchored`` or any other ``gralgo/analysis/_trace_*`` module) nor the design note's
sections on how claims are read, by an author other than those of rounds 8 to 28. Like rounds
17 to 28 it aims at realism rather than novelty (no rare languages, no exotic notation); where
round 19 took model-family voices, round 20 the steps of each task's algorithm, round 21 the
parts around the search, rounds 25 to 27 facts that answer the writer's own questions and round
28 code inside reasoning, round 29 takes the terse scratchpad voice of the 'analysis' channel of
o-series / GPT-OSS models and of Qwen3 / DeepSeek-R1 in a hurry, in mixed voices across the nine
tasks: telegraphic fragments without verbs ("A–B yes.", "deg A 4.", "A nbrs: B, C — done.",
"dist A→C 9."), the abbreviations models really use (deg, nbrs, adj, w, wt, dist, lvl, tot, ok,
✓ / ✗, =>, →), quick self-checks ("check A–B: in list. ok", "recount A: 4. same."), mid-search
notes ("from A: C settled @ 9.", "BFS A: C @ lvl 2."), and a little inline code, LaTeX and
Markdown in the same terse style (``deg[A] = 4``, ``has_edge(A,B) -> False``, ``$w_{AB} = 3$``,
``**deg A** = 4``, ``- A–B ✓``) and tables with clipped headers ("| n | deg |", "| e | w |").
About two thirds is prose fragments, the rest code, LaTeX and Markdown. Every phrasing differs
from those of the earlier splits (``dev`` ... ``dev4``, ``round4`` ... ``round28``) and states
exactly one fact, as the writer's claim (no suppositions, no open questions, no negated
hypotheticals but the stated non-edges), so ``trace_facts_phrasings.write_trace`` plants errors
of a known kind with exact labels. The filler states none: terse notes on what to look at next,
a queue seeded with a node, a pause to recheck. Each kind's list is ordered (and sized) so that
``labelled_set(split, seeds=2)`` uses every phrasing (the rounds test checks it).

Same structure and placeholders as ``trace_facts_round17``. This module holds data only;
``trace_facts_phrasings`` registers it as the split ``round29``.
"""

from __future__ import annotations

Phrasing = tuple[str, str]

PHRASINGS: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "{u}–{v} yes."),
        ("prose", "check {u}–{v}: in list. ok"),
        ("prose", "{u}-{v}? present ✓"),
        ("prose", "edge {u}/{v}: there."),
        ("prose", "{u},{v} adj — yes, line in input."),
        ("prose", "scan for {u}–{v}... found."),
        ("prose", "{u}~{v}: edge. fine."),
        ("prose", "ok so {u}–{v} exists (listed)."),
        ("prose", "{u}—{v} in E. good."),
        ("prose", "re-check {u}–{v} → listed, yes."),
        ("prose", "pair {u},{v}: connected ✓"),
        ("prose", "Hmm {u}–{v}... yes, it's in the edges."),
        ("code", "has_edge({bu},{bv}) -> True"),
        ("code", "({bu},{bv}) in E  # yes"),
        ("latex", "$({bu},{bv}) \\in E$ ✓"),
        ("bold", "**{bu}–{bv}**: yes"),
        ("list", "- {bu}–{bv} ✓"),
        ("code", "{bv} in adj[{bu}]  # T"),
        ("prose", "{u}–{v} — edge, confirmed."),
    ],
    "non_edge": [
        ("prose", "{u}–{v}: no."),
        ("prose", "check {u}–{v}: not in list. so no edge"),
        ("prose", "{u}-{v}? absent ✗"),
        ("prose", "edge {u}/{v}: not there."),
        ("prose", "{u},{v} adj? no — never listed."),
        ("prose", "scan for {u}–{v}... nothing. no edge."),
        ("prose", "{u}~{v}: no edge."),
        ("prose", "ok so {u}–{v} missing (not listed)."),
        ("prose", "{u}—{v} not in E."),
        ("prose", "re-check {u}–{v} → not listed, no edge."),
        ("prose", "pair {u},{v}: not connected ✗"),
        ("prose", "Hmm {u}–{v}... no, not among the edges."),
        ("code", "has_edge({bu},{bv}) -> False"),
        ("code", "({bu},{bv}) in E  # no"),
        ("latex", "$({bu},{bv}) \\notin E$ ✗"),
        ("bold", "**{bu}–{bv}**: no edge"),
        ("list", "- {bu}–{bv} ✗ (absent)"),
        ("code", "{bv} in adj[{bu}]  # F"),
        ("prose", "{u}–{v} — no edge, confirmed."),
    ],
    "neighbours": [
        ("prose", "{u} nbrs: {items} — done."),
        ("prose", "nbrs({u}) = {items_brace}. that's all."),
        ("prose", "{u}: adj to {items_and}, nothing else."),
        ("prose", "adj {u} -> {items}. complete."),
        ("prose", "{u} nbr list (full): {items}."),
        ("prose", "ok {u} → {items_and}. only those."),
        ("code", "N[{bu}] = {{{bitems}}}  # full"),
        ("latex", "$N({bu})=\\{{{bitems}\\}}$ (all)"),
        ("bold", "**nbrs {bu}:** {bitems} (complete)"),
        ("list", "- {bu}: {bitems} (full row)"),
        ("code", "adj[{bu}]  # {bitems} (whole row)"),
        ("prose", "nbrs of {u} → {items_and}. full list."),
    ],
    "edge_weight": [
        ("prose", "w({u},{v}) = {w}."),
        ("prose", "{u}–{v} w {w}."),
        ("prose", "edge {u}/{v}: w={w} ok"),
        ("prose", "check w {u}–{v}: {w} ✓"),
        ("prose", "{u}-{v} costs {w}. noted."),
        ("prose", "ok {u}–{v} weight → {w}."),
        ("prose", "{u}–{v}: {w} (from input)."),
        ("code", "w[{bu},{bv}] = {w}"),
        ("latex", "$w_{{{bu}{bv}}} = {w}$"),
        ("bold", "**{bu}–{bv}** w={w}"),
        ("list", "- {bu}–{bv}: w {w}"),
        ("code", "W[{bu}][{bv}]  # {w}"),
        ("prose", "w {u}–{v} = {w}, ok."),
    ],
    "node_weight": [
        ("prose", "w({u}) = {w}."),
        ("prose", "{u} wt {w}."),
        ("prose", "node {u}: {w} ok"),
        ("prose", "check wt {u}: {w} ✓"),
        ("code", "nw[{bu}] = {w}"),
        ("latex", "$w_{{{bu}}}={w}$ ✓"),
        ("bold", "**{bu}**: wt {w}"),
        ("list", "- {bu} → wt {w}"),
    ],
    "degree": [
        ("prose", "deg {u} {d}."),
        ("prose", "deg({u}) = {d}. ok"),
        ("prose", "{u}: deg {d} ✓"),
        ("prose", "count {u}'s edges → {d}."),
        ("prose", "{u} → {d} nbrs => deg {d}."),
        ("prose", "recount {u}: {d}. same."),
        ("prose", "{u} has {d_words} edges. noted."),
        ("prose", "ok deg {u} = {d} (all rows)."),
        ("prose", "{u}, deg {d}. next."),
        ("code", "deg[{bu}] = {d}  # ok"),
        ("code", "len(nbrs[{bu}])  # {d}"),
        ("latex", "$d({bu})={d}$ ✓"),
        ("bold", "**deg {bu}** = {d}"),
        ("list", "- {bu} · deg {d}"),
        ("code", "G.degree[{bu}]  # {d} ✓"),
        ("prose", "deg {u}: {d}. ✓ recounted."),
    ],
    "distance": [
        ("prose", "dist {u}→{v} {d}."),
        ("prose", "dist {u}→{v} = {d} (shortest)."),
        ("prose", "{u}⇒{v}: best {d}. final."),
        ("prose", "sp({u},{v}) = {d} ✓"),
        ("prose", "from {u}: {v} settled @ {d}."),
        ("prose", "min dist {u} to {v} → {d}. ok"),
        ("prose", "check d({u},{v}): {d}, nothing shorter."),
        ("prose", "{u}..{v} shortest = {d}."),
        ("code", "D[{bu}][{bv}] = {d}  # final"),
        ("latex", "$\\delta({bu},{bv}) = {d}$"),
        ("bold", "**d({bu}→{bv})** = {d}"),
        ("list", "- {bu}→{bv}: {d} (min)"),
        ("code", "sp[{bu}][{bv}]  # {d}, final"),
        ("prose", "dist {u}→{v} settles at {d}."),
    ],
    "hops": [
        ("prose", "hops {u}→{v} {h}."),
        ("prose", "{u}→{v}: {h} hops (BFS)."),
        ("prose", "BFS {u}: {v} @ lvl {h}."),
        ("prose", "hopdist({u},{v}) = {h} ✓"),
        ("prose", "{v} is {h_words} hops out from {u}. ok"),
        ("code", "lvl[{bv}] = {h}  # BFS src {bu}"),
        ("latex", "$h({bu},{bv}) = {h}$"),
        ("list", "- {bu}→{bv}: {h} hops"),
        ("code", "hop[{bu}][{bv}]  # {h}"),
    ],
    "path": [
        ("arrow", "{path}: {d}."),
        ("arrow", "path {path} => {d}."),
        ("arrow", "sum {path} = {sum} = {d} ✓"),
        ("arrow", "{path} tot {d}. ok"),
        ("arrow", "walk {path}, total {d}."),
        ("arrow", "len({path}) = {d} (weighted)."),
        ("arrow", "check {path}: {sum} → {d}."),
        ("code", "cost  # {bpath} -> {d}"),
        ("latex", "${bpath}$: $\\Sigma = {d}$"),
        ("bold", "**{bpath}** tot {d}"),
        ("code", "# path {bpath}: tot {d}"),
    ],
    "clique": [
        ("prose", "{items_brace}: all pairs adj => {shape}."),
        ("prose", "{items} — {shape} ✓ (every pair checked)."),
        ("prose", "check {items_and}: pairwise ok. {shape}."),
        ("prose", "{shape}: {items}. verified."),
        ("prose", "{items_brace} fully connected → {shape}."),
        ("latex", "$\\{{{bitems}\\}}$: {shape} ✓"),
        ("bold", "**{shape}:** {bitems} ✓"),
        ("list", "- {shape}: {bitems} (all edges ✓)"),
        ("code", "is_clique([{bitems}])  # True -> {shape}"),
    ],
    "k_core": [
        ("prose", "{k}-core: {items_brace}."),
        ("prose", "peel → {k}-core = {items}. done."),
        ("prose", "after peeling, {k}-core left: {items_and}."),
        ("prose", "{k}-core => {items}, stable ✓"),
        ("latex", "$C_{{{k}}}$ = \\{{{bitems}\\}} ✓"),
        ("bold", "**{k}-core:** {bitems}"),
        ("list", "- {k}-core → {bitems} (stable)"),
        ("prose", "core k={k}: {items_and}. nothing else survives."),
        ("code", "core{k} = [{bitems}]  # peeled"),
    ],
    "hop_ball": [
        ("prose", "within {k} of {u}, not counting {u}: {items_and}. done."),
        ("prose", "ball({u},{k}) minus {u} → {items_brace}."),
        ("prose", "nodes ≤{k} from {u}, {u} itself excl.: {items_and} ✓"),
        ("prose", "≤{k} hops of {u} (excl. {u}): {items}."),
        ("prose", "BFS {u} depth ≤{k}, src dropped => {items}."),
        ("bold", "**≤{k} hops from {bu}** (no {bu}): {bitems}"),
        ("code", "ball{k}[{bu}] = [{bitems}]  # src excl."),
        ("prose", "{u} radius {k}, minus {u}: {items_brace}. ok"),
    ],
}
"""Statement kinds and their round-29 phrasings (the kinds of ``trace_facts_phrasings``)."""

TABLES: dict[str, list[tuple[str, str]]] = {
    "degree": [
        ("| n | deg |", "| {bu} | {d} (ok) |"),
        ("| node | deg ✓ |", "| {bu} | {d} ✓ |"),
    ],
    "edge_weight": [
        ("| e | w |", "| {bu}–{bv} | w {w} |"),
        ("| pair | w ✓ |", "| {bu},{bv} | {w} |"),
    ],
    "distance": [
        ("| tgt | d({src},·) |", "| →{bv} | {d} |"),
        ("| → | dist from {src} |", "| {bv} | {d} ✓ |"),
    ],
}
"""Markdown tables (header, row); the writer fills several rows, one of them wrong."""

FILLER: list[str] = [
    "next: {u}.",
    "ok, {u} / {v} later.",
    "hmm. recheck {u}.",
    "scratch: {u}, {v} — tbd.",
    "q = [{bu}]",
    "wait. back to {u}.",
    "moving on from {u}.",
    "todo: {bu}-{bv}",
    "list edges again... ok.",
    "fine. {v} next.",
]
"""Terse scratch notes that name nodes but state no fact: what to look at next, a queue seeded
with a node, a pause to recheck. Filled with ``{u} {v} {bu} {bv}`` only."""
