"""A second labelled set for the trace-fact checker, written independently of the extractor.

The first set (``trace_facts_planted``) states every fact in the extractor's own phrasings.
This one is written from a bank of phrasings in the style of real reasoning traces ("Looking at
node 12, its neighbors are ...", "X connects to Y with weight 5", ``$d(X,Z)=9$``, Markdown
tables, numbered lists), in lists the extractor may be tuned on (``dev`` ... ``dev4``); each
list after ``dev`` was first a held-out list, measured once before any tuning on it. Round 1
held out the list now called ``dev2``: measured once after tuning on ``dev``, it missed the
goal; the extractor was then tuned on ``dev2`` and measured once on a fresh list written
before that tuning (round 2, now ``dev3``), which missed it too; round 3 tuned on ``dev3`` and
measured once on a third fresh list (``HELD_OUT``, now ``dev4``), which missed it as well. The
clause reader (``gralgo/analysis/_trace_clauses.py``) was then built and tuned on all four;
round 4 (split ``round4``, bank in ``trace_facts_round4``) was written by another author
without reading the extractor, before the clause reader existed, measured once and then tuned
on; round 5 (split ``round5``, bank in ``trace_facts_round5``), likewise written without reading
the extractor, was measured once held out and then tuned on too (the classes of its misreads);
round 6 (split ``round6``, bank in ``trace_facts_round6``), written by yet another author without
reading the extractor while it was tuned on round 5, was measured once held out and then tuned on;
round 7 (split ``round7``, bank in ``trace_facts_round7``), written by another author without
reading the extractor while it was tuned on round 6, was measured once held out; the name-anchored
reader (``gralgo/analysis/_trace_anchored.py``) was then tuned on half of its phrasing styles and
measured on the other half (:func:`style_halves`) before it was tuned on all of it;
round 8 (split ``round8``, bank in ``trace_facts_round8``), written by another author without
reading the extractor while it was tuned on round 7, was measured once held out and then tuned on
until it met the goal (now in ``TUNED``); round 9 (split ``round9``, bank in
``trace_facts_round9``), written by another author without reading the extractor while it was
tuned on round 8, was measured once held out and then tuned on until it met the goal too.
round 10 (split ``round10``, bank in ``trace_facts_round10``), written by another author without
reading the extractor while it was tuned on round 9, was measured once held out, then tuned on
for precision and then for recall until it met the goal too.
Round 11 (split ``round11``, bank in ``trace_facts_round11``), written by another author without
reading the extractor while it was tuned on round 10, was measured once held out and then tuned on
(with round 12's recall tuning) until it met the goal too.
Round 12 (split ``round12``, bank in ``trace_facts_round12``), written by another author without
reading the extractor while it was tuned on round 11, was measured once held out, then tuned on
for precision and then for recall until it met the goal too.
Round 13 (split ``round13``, bank in ``trace_facts_round13``), written by another author without
reading the extractor while it was tuned on round 12, is held out (measured once).
Round 14 (split ``round14``, bank in ``trace_facts_round14``), written by another author without
reading the extractor while it was tuned on round 13, was measured once held out, then tuned on
for precision and then for recall until it met the goal too.
Round 15 (split ``round15``, bank in ``trace_facts_round15``), written by another author without
reading the extractor while round 14 was held out, in new voices, sentence shapes, languages
and code idioms, was measured once held out, then tuned on for precision and then for recall; it
still misses the goal (weights under numeric ids, sets), so it stays held out.
Round 16 (split ``round16``, bank in ``trace_facts_round16``), written by another author without
reading the extractor while round 15 was held out, in further voices, sentence shapes, languages
(Swedish, Polish, Turkish, Vietnamese, Indonesian, Greek, Hebrew) and code idioms, is held out
(not yet measured).
Round 17 (split ``round17``, bank in ``trace_facts_round17``), written by another author without
reading the extractor while round 16 was held out, aims at realism rather than novelty: the
self-talk, inline Python / NetworkX, LaTeX, bullets, bold labels and tables that reasoning models
actually write on graph tasks (no rare languages), was measured once held out, then tuned on
for precision and then for recall until it met the goal too.
Round 18 (split ``round18``, bank in ``trace_facts_round18``), written by another author without
reading the extractor while round 17 was held out, keeps round 17's realistic mix in other voices
and sentence shapes (the fact mid-sentence or after a subordinate clause, numbered steps, hedges,
corrections, Dijkstra / Prim / Kruskal / BFS walkthroughs, closing summaries), is held out (not
yet measured).
Round 19 (split ``round19``, bank in ``trace_facts_round19``), written by another author without
reading the extractor while round 18 was held out, keeps the realistic mix in model-family voices
rounds 17 and 18 lack (o3 / GPT-OSS's terse analysis channel, DeepSeek-R1's run-on monologue,
QwQ's "Let me verify once more", Claude's "I'll trace through this carefully", Gemini's bold
bullets, Kimi / GLM's numbered sub-steps), facts as a lookup's result, an answer to the model's
own question, in parentheses, after "since", in a recap list, a Python comment or a docstring,
and non-native but fluent English; it is held out (not yet measured).
Round 20 (split ``round20``, bank in ``trace_facts_round20``), written by another author without
reading the extractor while round 19 was held out, keeps the realistic mix but takes the tasks
where round 19 took model-family voices: each phrasing is a line lifted from a trace of one of
the nine tasks (a max-degree tally, candidate triangles and their sums, growing a clique and
testing each new node against the members, a path's running total, BFS layers for distance-k,
eccentricities for the diameter, peeling for the k-core, Kruskal / Prim steps for the MST,
Dijkstra for the distance threshold) with that step's bookkeeping; it is held out (not yet
measured).
Round 21 (split ``round21``, bank in ``trace_facts_round21``), written by another author without
reading the extractor while round 20 was held out, keeps the realistic mix but takes the parts of
a trace around the main search, in mixed voices across the nine tasks: the first reading of the
input (restating edges, weights and rows as the model copies them out), self-corrections whose
slip names no node or value and whose one fact is the restated one ("No wait, I skipped a line.
A–B is an edge too."), the final verification pass and recap before the answer ("Final check:",
"Summary of what I found:", "Therefore ...", ``assert ...  # final check``) and answers that
justify themselves ("The answer is 9, because the path A → B → C adds up to 9."); it is held
out (not yet measured).
Round 22 (split ``round22``, bank in ``trace_facts_round22``), written by another author without
reading the extractor while round 21 was held out, keeps the realistic mix but takes the length
and mess of real long traces, in mixed voices across the nine tasks: the one fact buried
mid-sentence in a long run-on sentence with clauses of filler around it ("Ok so going back to
what I had — and I think this matters for the triangle — A and B share an edge, which I noted
earlier."), said in passing while the model talks about its plan, its doubts or the task,
restated in summary form with parenthetical asides ("(Side note while I plan the peeling: deg A
= 4.)"), running notes with the abbreviations models use ("deg", "nbrs", "w=", "d(A,C)"), and the
long multi-word names of long contexts, bracketed or untangled from their commas; it is held out
(not yet measured).
Round 23 (split ``round23``, bank in ``trace_facts_round23``), written by another author without
reading the extractor while round 22 was held out, keeps the realistic mix but takes two things,
in mixed voices across the nine tasks: the traces of smaller open models (Llama-3.1-8B,
Qwen2.5-7B, Mistral-7B, Phi-4, Gemma-2-9B, distilled R1-7B), formulaic and repetitive with
slightly off grammar ("Node A are connected with B.", "The neighbors of A is B, C."), "Step 3:"
scaffolding, the fact restated twice in a row ("Okay, so A has degree 4. Degree 4, yes."),
"Therefore," chains, over-explained arithmetic and odd capitalisation of common words; and the
recap and verification sections at the end of traces, where the fact is restated as a
confirmation ("To summarize, ...", "Double-checking the answer: ... ✓", "I can confirm that
...", "**Final check:** A–B is an edge ✔", ✓ lists, ``print(...)  # Output: 4``, result tables);
it is held out (not yet measured).
Round 24 (split ``round24``, bank in ``trace_facts_round24``), written by another author without
reading the extractor while round 23 was held out, keeps the realistic mix but takes facts used as
premises in the middle of the search, in frontier reasoning models' voices (DeepSeek-R1, QwQ,
Claude, Gemini, o3) across the nine tasks: the one fact stated while the model justifies a step
of its algorithm or weighs options, after "since" / "because" / "given that" ("Since A–B weighs
3, the cheapest edge out of the tree right now, Prim takes it.", "With degree 2, A is the next
to peel."), before "so" / "hence" / "which is why" / "that means" ("So the BFS reaches C at
layer 2 from A, which is why it counts."), as the reason a candidate is kept or dropped ("That
rules out A: it isn't adjacent to B."), with contrastive "whereas" / "but" clauses that add no
second fact, and a conclusion that names no other node, number, set or distance; code whose
comment gives the reason, LaTeX with ``\\Rightarrow`` and tables whose headers carry the
decision ("| Node | Degree | Therefore |"); it is held out (not yet measured).
Round 25 (split ``round25``, bank in ``trace_facts_round25``), written by another author without
reading the extractor while round 24 was held out, keeps the realistic mix but takes
self-questions answered at once, the commonest rhythm of DeepSeek-R1, QwQ and o-series traces,
in mixed voices across the nine tasks: the model asks itself and answers in the same or the next
sentence ("Is A connected to B? Yes — it's right there in the list.", "What's A's degree?
Counting: 4.", "How far is C from A? 3 hops."), after a pause, an ellipsis, a "let me look", a
"hmm" or a short check ("Does the path go through B? ... no, A and B aren't adjacent."), and the
bare answers to the task's own sub-questions; the question states no fact of its own (no other
node pair, no number), the answer states the one fact; code with the answer in a trailing
comment or a REPL echo (``G.has_edge(A, B)  # -> True``), LaTeX that asks and answers, bold
``**Q:** ... **A:** ...`` labels and tables whose headers ask ("| Node | deg? |"); it is held out
(not yet measured).
Round 26 (split ``round26``, bank in ``trace_facts_round26``), written by another author without
reading the extractor while round 25 was held out, keeps the realistic mix but takes the
questioning voice of real traces in a looser, conversational form (Claude, Gemini, Kimi K2, GLM,
DeepSeek-R1 in its "Wait," loops), in mixed voices across the nine tasks: tag and rhetorical
questions the writer answers ("A and B are adjacent, right? Right — the list has them.", "A–B is
3, isn't it? Yes, 3.", "Why can't B go in with A? Because A and B have no edge between them."),
questions about a value answered after a digression ("And the weight on A–B? I had it
somewhere... it's 3."), answers that echo the question ("Is there an edge A–B? There is."),
questions put to the reader ("You might ask whether A and B are directly linked; they are.");
the question states no fact of its own, the answer states the one fact; code cells whose query
is the question and whose printed value is the answer (``G.has_edge(A, B)`` then ``# Out:
True``), LaTeX that asks and answers, bold questions, bullets and arrows with "?" and tables whose
headers ask in the same voice ("| Node | Degree, isn't it? |"); it is held out (not yet measured).
Round 27 (split ``round27``, bank in ``trace_facts_round27``), written by another author without
reading the extractor while round 26 was held out, keeps the realistic mix and the same class,
facts that answer the writer's own questions, as they appear inside long real traces, in mixed
voices across the nine tasks: the question buried mid-sentence after a clause of work ("I was
about to add B to the frontier, so before I go on, does A reach B directly — yes, it's in the
list."), questions chained with "or" and answered by choosing ("Edge or no edge between A and
B? Edge."), "Hmm, wait — is A even a neighbour of B?" answered a sentence later, the question
put in a long sentence and answered in its tail ("So the question at this step is A's degree,
and going through the list once more it's 4."), confirm-style checks ("Double-checking A–B:
present? yes."); the question states no fact of its own, the answer states the one fact; REPL
and notebook cells whose query is the question and whose output line is the answer
(``>>> G.has_edge(A, B)`` then ``True``, ``In [5]: G.degree[A]`` then ``Out[5]: 4``), LaTeX
questions in ``$...$``, ``**Q:** ... **A:** ...`` labels, ticked bullets and tables whose headers
quiz or confirm ("| Q: node | A: degree |"); it is held out (not yet measured).
Round 28 (split ``round28``, bank in ``trace_facts_round28``), written by another author without
reading the extractor while round 27 was held out, keeps the realistic mix but takes code as
models write it inside reasoning (tool-mode runs, scratch cells, o3 / GPT-OSS, Qwen3-Coder and
DeepSeek-R1 working a graph task by hand), in mixed voices across the nine tasks: a NetworkX or
plain-dict snippet followed by its printed output line(s) (``print(G.degree(A))`` then ``4``,
``print(G.get_edge_data(A, B))`` then ``None``), f-strings and logging calls with their echo
(``deg(A)=4``, ``INFO:root:A-B w=3``), one-entry dicts and adjacency lines written by hand
(``adj[A] = [B, C]``), asserts with a message, one-line pseudo-code traces with one state each
(``relax A-B: w=3``, ``pop B: dist=7 (settled, source A)``), comments that state the fact
(``# A-B weight 3``) and the prose right around code that reads a result off it ("The cell
prints 4 for `G.degree(A)`, so A's degree is 4."); about half code, a third prose around code,
the rest small Markdown and LaTeX and tables whose headers are the call and its output ("| call |
printed |"); it is held out (not yet measured).
Round 29 (split ``round29``, bank in ``trace_facts_round29``), written by another author without
reading the extractor after round 28 was written, keeps the realistic mix but takes the
terse scratchpad voice of the 'analysis' channel of o-series / GPT-OSS models and of Qwen3 /
DeepSeek-R1 in a hurry, in mixed voices across the nine tasks: telegraphic fragments without
verbs ("A–B yes.", "deg A 4.", "A nbrs: B, C — done.", "dist A→C 9."), the abbreviations models
really use (deg, nbrs, adj, w, dist, lvl, ok, ✓ / ✗, =>), quick self-checks ("check A–B: in
list. ok"), mid-search notes ("from A: C settled @ 9."), and a little inline code, LaTeX and
Markdown in the same terse style (``deg[A] = 4``, ``$w_{AB} = 3$``, ``- A–B ✓``) and tables with
clipped headers ("| n | deg |"); about two thirds prose fragments; it is held out (not yet
measured).
Round 30 (split ``round30``, bank in ``trace_facts_round30``), written by another author without
reading the extractor after round 29 was written, keeps the realistic mix but takes reference
across clauses, as long traces (DeepSeek-R1, QwQ, Qwen3, Claude, Gemini, Kimi K2, GLM) state a
fact about a node or edge named earlier in the same passage, in mixed voices across the nine
tasks: the subject named once and then referred to ("Now A. It touches B.", "Look at A next —
its degree comes to 4.", "Between A and B ... that pair has weight 7.", "the latter", "this
one", "that node"), facts split over two short sentences or a colon ("Take A. Neighbours: B,
C."), a bold label or heading naming the node with the fact in the bullet under it, recaps that
refer back ("So that's the edge I was after: A–B, weight 7.") and facts about the node the
task's own step introduces ("The next node popped is C; its distance from A is 9."); code that
binds the node to a variable first, LaTeX that names it first, and tables whose headers refer
back ("| Edge | that edge's weight |"); each pronoun's antecedent is the fact's own node; it is
held out (not yet measured).
Round 31 (split ``round31``, bank in ``trace_facts_round31``), written by another author without
reading the extractor after round 30 was written, is a general validation list like round 17:
the mix real traces use, ordinary facts in ordinary reasoning prose as frontier and open
reasoning models write them while solving the nine tasks start to finish, in mixed voices:
statements in the middle of the search ("Dijkstra settles C with distance 9 from A.", "Prim
considers A–B; that edge weighs 7."), neighbour lists while scanning, weights read off while
summing a path, degrees while peeling or scanning, distances while relaxing, sets while closing
a core or a clique, corrections ("Wait, I skipped a line: A-B is also an edge."), and a little
of each shape the themed rounds took (a question answered, a REPL cell with its output, a
terse note, a fact about a node named just before), each at most about 5 % of the list; about
three fifths prose, the rest inline Python / NetworkX, LaTeX, Markdown bullets, checkboxes, bold
labels and arrows, and tables with plain headers ("| u | v | w(u,v) |"); it is held out (not
yet measured).
Round 32 (split ``round32``, bank in ``trace_facts_round32``), written by another author without
reading the extractor after round 31 was written, is a second general validation list, as round
18 followed round 17: the mix real traces use, lines as if lifted from long traces of today's
reasoning models solving the nine tasks start to finish, in voices and sentence shapes rounds
17, 18 and 31 did not take (the GPT-OSS "We have edge A-B.", Gemini's "I've confirmed ...",
Claude's "I notice ..." and "Actually, ...", DeepSeek's "But hold on, ...", plain declaratives
and short questions answered), neighbour lists while scanning, weights while summing or
comparing, degrees while counting or peeling, distances while relaxing or layering, sets while
closing a core or a clique, corrections and the final check, each themed shape of the earlier
rounds at most about 5 %; about three fifths prose, the rest inline Python / NetworkX, LaTeX,
Markdown bullets and bold labels, and tables with plain headers ("| From | To | Weight |"); it
is held out (not yet measured).
Round 33 (split ``round33``, bank in ``trace_facts_round33``), written by another author without
reading the extractor after round 32 was written, is a third general validation list: the mix
real traces use, lines as if lifted from long traces of today's reasoning models solving the
nine tasks start to finish, in voices and sentence shapes rounds 17, 18, 31 and 32 did not take
(Qwen's "Alright, A-B shows up in the edge list.", o3's "Good:" and "Fine —" ticks, Claude's
"Looks like ..." and "It turns out ...", DeepSeek's "Oops, I skipped A-B; it is an edge.",
Gemini's "Confirmed:" and "Noted:", Kimi's "Sanity check on A–B: ...", GLM's "Per the input,
..."), neighbour lists while scanning, weights while summing or comparing, degrees while counting
or peeling, distances while relaxing or layering, sets while closing a core or a clique,
corrections and the final check, each themed shape of the earlier rounds at most about 5 %;
about three fifths prose, the rest ``print(...)`` cells with ``# ->`` output, LaTeX, Markdown
checkboxes, bullets and bold labels, and tables with plain headers ("| Endpoint 1 | Endpoint 2 |
Cost |"); it is held out (not yet measured).

Graphs and certificates come from each task's solver (``trace_facts_planted._graph``), so the
labels are exact: each statement states one fact, correct or with one planted error of a known
kind; filler prose (plans, queue states, arithmetic, "unvisited neighbours") is mixed in to
catch false claims. Deterministic: the same seed writes the same traces.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import networkx as nx

from gralgo.analysis._trace_check import ERROR_KINDS
from gralgo.tasks import InstanceRejected, Problem, TaskSettings, make_task
from tests.analysis import (
    trace_facts_round4,
    trace_facts_round5,
    trace_facts_round6,
    trace_facts_round7,
    trace_facts_round8,
    trace_facts_round9,
    trace_facts_round10,
    trace_facts_round11,
    trace_facts_round12,
    trace_facts_round13,
    trace_facts_round14,
    trace_facts_round15,
    trace_facts_round16,
    trace_facts_round17,
    trace_facts_round18,
    trace_facts_round19,
    trace_facts_round20,
    trace_facts_round21,
    trace_facts_round22,
    trace_facts_round23,
    trace_facts_round24,
    trace_facts_round25,
    trace_facts_round26,
    trace_facts_round27,
    trace_facts_round28,
    trace_facts_round29,
    trace_facts_round30,
    trace_facts_round31,
    trace_facts_round32,
    trace_facts_round33,
)
from tests.analysis.trace_facts_planted import FORMATS, TASKS, Planted, _graph, _long_names

SPLITS = (
    *("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8", "round9"),
    "round10",
    "round11",
    "round12",
    "round13",
    "round14",
    "round15",
    "round16",
    "round17",
    "round18",
    "round19",
    "round20",
    "round21",
    "round22",
    "round23",
    "round24",
    "round25",
    "round26",
    "round27",
    "round28",
    "round29",
    "round30",
    "round31",
    "round32",
    "round33",
)
TUNED = ("dev", "dev2", "dev3", "dev4", "round4", "round5", "round6", "round7", "round8",
         "round9", "round10", "round11", "round12", "round14", "round17",
         "round18")  # fmt: skip
"""Lists the extractor was tuned on, each first measured once held out:
``test_trace_facts_phrasings`` asserts the goal on every one."""

# Placeholders: {u} {v} a node as written in prose (``node 12`` under numeric ids), {bu} {bv}
# the bare name or id, {w} a weight, {d} a number (degree, distance, total), {h} hops, {k} the
# task's k, {items} ``A, B, C``, {items_and} ``A, B, and C``, {items_brace} ``{A, B, C}``,
# {bitems} bare names, {path} ``A → B → C``, {bpath} ``A -> B -> C`` (bare), {sum} ``3 + 4``,
# {shape} clique or triangle, {d_words} {h_words} {k_words} the number in words (round 4).
# A statement kind's phrasings: ``(style, template)``.
Phrasing = tuple[str, str]

PHRASINGS: dict[str, dict[str, list[Phrasing]]] = {
    "edge": {
        "dev": [
            ("prose", "{u} is connected to {v}."),
            ("prose", "Looking at {u}, I see it connects to {v}."),
            ("prose", "There's an edge {u}-{v}."),
            ("prose", "{u} and {v} share an edge."),
            ("prose", "Edge ({bu}, {bv}) exists."),
            ("latex", "$({bu}, {bv}) \\in E$, so they are adjacent."),
            ("list", "- {bu} — {bv}"),
            ("prose", "{u} is a neighbor of {v}."),
        ],
        "dev2": [
            ("prose", "{u} connects to {v}."),
            ("prose", "Yes, {u} and {v} are connected."),
            ("prose", "The edge ({bu}, {bv}) is in the graph."),
            ("prose", "{u} links directly to {v}."),
            ("prose", "We have the edge {bu} – {bv}."),
            ("latex", "Since \\( {bu} - {bv} \\) is an edge, continue."),
            ("prose", "{v} is adjacent to {u}."),
            ("list", "1. {bu} -- {bv}"),
        ],
    },
    "non_edge": {
        "dev": [
            ("prose", "{u} and {v} are not adjacent."),
            ("prose", "{u} is not connected to {v}."),
            ("prose", "There is no edge between {u} and {v}."),
            ("prose", "No edge {bu}-{bv}, so skip it."),
            ("prose", "{u} is not a neighbor of {v}."),
        ],
        "dev2": [
            ("prose", "{u} and {v} aren't connected."),
            ("prose", "{u} is not adjacent to {v}."),
            ("prose", "But ({bu}, {bv}) is not an edge."),
            ("prose", "{v} is not among the neighbors of {u}."),
            ("prose", "There's no edge connecting {u} and {v}."),
        ],
    },
    "neighbours": {
        "dev": [
            ("prose", "Looking at {u}, its neighbors are {items_and}."),
            ("prose", "Neighbors of {u}: {items}."),
            ("list", "- {bu}: {bitems}"),
            ("prose", "{u}'s neighbours are {items}."),
            ("latex", "$N({bu}) = \\{{{bitems}\\}}$"),
        ],
        "dev2": [
            ("prose", "{u} is connected to {items_and}."),
            ("list", "1. {bu}: connected to {bitems}"),
            ("prose", "The neighbors of {u} are: {items}."),
            ("prose", "Adjacent to {u}: {items}."),
            ("list", "**{bu}** → {bitems}"),
        ],
    },
    "edge_weight": {
        "dev": [
            ("prose", "{u} connects to {v} with weight {w}."),
            ("prose", "The edge ({bu}, {bv}) has weight {w}."),
            ("arrow", "{bu}—{bv}: {w}"),
            ("list", "- {bu} - {bv} (weight {w})"),
            ("latex", "$w({bu}, {bv}) = {w}$"),
            ("prose", "Edge {bu}–{bv} costs {w}."),
        ],
        "dev2": [
            ("prose", "The weight of edge {bu}-{bv} is {w}."),
            ("prose", "{u} to {v} has weight {w}."),
            ("list", "2. {bu} -- {bv} ({w})"),
            ("prose", "Edge ({bu}, {bv}) with weight {w}."),
            ("prose", "{u} and {v} are joined by an edge of weight {w}."),
            ("arrow", "{bu} → {bv} [w={w}]"),
        ],
    },
    "node_weight": {
        "dev": [
            ("prose", "{u} has weight {w}."),
            ("prose", "weight({bu}) = {w}"),
            ("prose", "{u} (weight {w}) is next."),
            ("latex", "$w({bu}) = {w}$"),
        ],
        "dev2": [
            ("prose", "The weight of {u} is {w}."),
            ("prose", "{u} has a weight of {w}."),
            ("list", "- {bu}: weight {w}"),
            ("prose", "{u} weighs {w}."),
        ],
    },
    "degree": {
        "dev": [
            ("prose", "deg({bu})={d}"),
            ("prose", "{u} has {d} neighbours."),
            ("prose", "So {u} has degree {d}."),
            ("latex", "$\\deg({bu}) = {d}$"),
            ("list", "- {bu}: degree {d}"),
            ("prose", "The degree of {u} is {d}."),
        ],
        "dev2": [
            ("prose", "{u} has {d} neighbors."),
            ("prose", "Degree of {u}: {d}."),
            ("prose", "{u} has {d} edges."),
            ("prose", "{u}'s degree is {d}."),
            ("list", "3. {bu} (degree {d})"),
            ("latex", "So $\\text{{deg}}({bu}) = {d}$."),
        ],
    },
    "distance": {
        "dev": [
            ("prose", "The distance from {u} to {v} is {d}."),
            ("latex", "$d({bu},{bv})={d}$"),
            ("prose", "dist({bu}, {bv}) = {d}"),
            ("prose", "The shortest path from {u} to {v} has length {d}."),
            ("prose", "Shortest distance between {u} and {v}: {d}."),
        ],
        "dev2": [
            ("prose", "Distance from {u} to {v} is {d}."),
            ("prose", "So the shortest distance from {u} to {v} = {d}."),
            ("latex", "Thus $\\text{{dist}}({bu}, {bv}) = {d}$."),
            ("prose", "The shortest path between {u} and {v} has length {d}."),
            ("prose", "d({bu}, {bv}) = {d}"),
        ],
    },
    "hops": {
        "dev": [
            ("prose", "{v} is {h} hops from {u}."),
            ("prose", "The hop distance from {u} to {v} is {h}."),
        ],
        "dev2": [
            ("prose", "{v} is {h} hops away from {u}."),
            ("prose", "{v} is {h} steps from {u}."),
        ],
    },
    "path": {
        "dev": [
            ("arrow", "Path: {path}, total {d}"),
            ("arrow", "Shortest path {path} with total {d}."),
            ("arrow", "{bpath}: {sum} = {d}"),
            ("arrow", "Take {path}, total weight {d}."),
        ],
        "dev2": [
            ("arrow", "Route {bpath} with total {d}."),
            ("arrow", "{path} gives {sum} = {d}."),
            ("arrow", "Shortest path: {path} (length {d})"),
            ("arrow", "{bpath}, total = {d}"),
        ],
    },
    "clique": {
        "dev": [
            ("prose", "The {shape} {items_brace} works."),
            ("prose", "{items_and} form a {shape}."),
            ("prose", "So the maximum {shape} is {items_brace}."),
        ],
        "dev2": [
            ("prose", "{items_brace} is a {shape}."),
            ("prose", "Found a {shape}: {items}."),
            ("prose", "The nodes {items} form a {shape}."),
        ],
    },
    "k_core": {
        "dev": [
            ("prose", "The {k}-core is {items_brace}."),
            ("prose", "So the {k}-core consists of {items_and}."),
        ],
        "dev2": [
            ("prose", "Therefore the {k}-core = {items_brace}."),
            ("prose", "The {k}-core contains {items}."),
        ],
    },
    "hop_ball": {
        "dev": [
            ("prose", "Nodes within {k} hops of {u}: {items}."),
            ("prose", "So the nodes within {k} hops of {u} are {items_and}."),
        ],
        "dev2": [
            ("prose", "Within {k} hops from {u}: {items}."),
            ("prose", "The nodes within {k} hops from {u} are {items}."),
        ],
    },
}
"""Statement kinds and their phrasings, per split."""

TABLES: dict[str, dict[str, list[tuple[str, str]]]] = {
    "degree": {
        "dev": [("| Node | Degree |", "| {bu} | {d} |")],
        "dev2": [("| Node | Neighbors | Degree |", "| {bu} | {bitems} | {d} |")],
    },
    "edge_weight": {
        "dev": [("| Source | Target | Weight |", "| {bu} | {bv} | {w} |")],
        "dev2": [("| From | To | Cost |", "| {bu} | {bv} | {w} |")],
    },
    "distance": {
        "dev": [("| Node | Distance from {src} |", "| {bv} | {d} |")],
        "dev2": [("| Vertex | Shortest distance from {src} |", "| {bv} | {d} |")],
    },
}
"""Markdown tables (header, row): several rows, one of them wrong."""

FILLER = {
    "dev": [
        "Let me think about this step by step.",
        "Step 3: so we have 5 candidates left, and 12 - 5 = 7.",
        "Now 3 + 4 = 7, which is below the threshold of 9.",
        "Let me check the neighbors of {u} again.",
        "Queue: [{bu}, {bv}]",
        "Next, pop {u} from the queue.",
    ],
    "dev2": [
        "Hmm, wait. Let me recount the edges.",
        "Current best sum is 14, and 5 + 9 = 14.",
        "Visited: {bu}, {bv}",
        "{u} has 2 unvisited neighbours left.",
        "Mark {u} as done and move on.",
        "I think the answer is 6, but let me verify that 2 * 3 = 6.",
    ],
}
"""Prose with numbers and names that states no checkable fact."""


HELD_OUT_2: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "{u} has an edge to {v}."),
        ("list", "Edge: {bu} - {bv}"),
        ("prose", "{u} is directly connected to {v}."),
        ("arrow", "`{bu}` -- `{bv}`"),
        ("arrow", "{u} <-> {v}"),
        ("prose", "**{bu}**–**{bv}** is an edge."),
        ("prose", "{u} is linked with {v}."),
        ("prose", "Check: {u} and {v} are neighbors."),
    ],
    "non_edge": [
        ("prose", "{u} has no edge to {v}."),
        ("prose", "{u} is not linked to {v}."),
        ("prose", "{u} and {v} are not neighbors."),
        ("prose", "{v} isn't connected to {u}."),
        ("latex", "$({bu}, {bv}) \\notin E$"),
        ("prose", "There is no edge from {u} to {v}."),
    ],
    "neighbours": [
        ("list", "{bu}: [{bitems}]"),
        ("latex", "N({bu}) = [{bitems}]"),
        ("prose", "Neighbours of {u} are {items_and}."),
        ("prose", "Adjacency of {u}: {items}."),
        ("prose", "{u} is adjacent to {items_and}."),
        ("list", "- **{bu}**: {bitems}"),
    ],
    "edge_weight": [
        ("arrow", "{bu}-{bv} = {w}"),
        ("prose", "weight({bu}, {bv}) = {w}"),
        ("prose", "Edge {bu}-{bv} has cost {w}."),
        ("prose", "Going from {u} to {v} costs {w}."),
        ("list", "({bu}, {bv}, {w})"),
        ("prose", "The edge between {u} and {v} has weight {w}."),
    ],
    "node_weight": [
        ("prose", "{u}'s weight is {w}."),
        ("prose", "Weight of {u}: {w}."),
        ("list", "{u} [w={w}]"),
        ("prose", "Take {u} with weight {w}."),
    ],
    "degree": [
        ("prose", "{u} is connected to {d} nodes."),
        ("list", "{u}: {d} edges"),
        ("prose", "degree({bu}) = {d}"),
        ("prose", "The number of neighbors of {u} is {d}."),
        ("prose", "{u} (deg {d})"),
        ("list", "**{bu}**: degree = {d}"),
    ],
    "distance": [
        ("prose", "Shortest path length between {u} and {v} = {d}."),
        ("prose", "dist[{bu}][{bv}] = {d}"),
        ("latex", "$\\delta({bu}, {bv}) = {d}$"),
        ("prose", "{v} is at distance {d} from {u}."),
        ("prose", "The minimum cost from {u} to {v} is {d}."),
        ("prose", "sp({bu}, {bv}) = {d}"),
    ],
    "hops": [
        ("prose", "{v} is at hop distance {h} from {u}."),
        ("prose", "It takes {h} hops to get from {u} to {v}."),
        ("prose", "{u} and {v} are {h} hops apart."),
    ],
    "path": [
        ("arrow", "{path} = {d}"),
        ("arrow", "Path {bpath} costs {sum} = {d}."),
        ("arrow", "Best path: {bpath}, cost {d}."),
        ("arrow", "{path}: total weight = {d}"),
        ("arrow", "via {path}, the length is {d}"),
    ],
    "clique": [
        ("prose", "[{bitems}] is a {shape}."),
        ("prose", "Candidate {shape}: {items_brace} (all pairs adjacent)."),
        ("prose", "{items_and} are pairwise adjacent, so they form a {shape}."),
    ],
    "k_core": [
        ("prose", "{k}-core: {items_brace}"),
        ("prose", "The {k}-core has nodes {items}."),
        ("prose", "Nodes remaining in the {k}-core: {items}."),
    ],
    "hop_ball": [
        ("prose", "Reachable from {u} within {k} hops: {items}."),
        ("prose", "Nodes at distance at most {k} from {u}: {items_brace}."),
    ],
}
"""The round-2 held-out phrasings, written after round 1's held-out list (now ``dev2``) had
been measured once and before the extractor was tuned on ``dev2``; measured once, then tuned
on (now ``dev3``)."""
for _kind, _phrasings in HELD_OUT_2.items():
    PHRASINGS[_kind]["dev3"] = _phrasings
TABLES["degree"]["dev3"] = [("| Vertex | deg |", "| {bu} | {d} |")]
TABLES["edge_weight"]["dev3"] = [("| Edge | Weight |", "| ({bu}, {bv}) | {w} |")]
TABLES["distance"]["dev3"] = [("| Node | Dist. from {src} |", "| {bv} | {d} |")]
FILLER["dev3"] = [
    "Stack: [{bu}]",
    "Pop {u}; push its unvisited neighbors.",
    "So far the best is 17 (from 8 + 9).",
    "{u} still has 3 unvisited edges.",
    "Next candidate: {u}.",
    "Remaining budget: 10 - 4 = 6.",
]


HELD_OUT: dict[str, list[Phrasing]] = {
    "edge": [
        ("prose", "I see {u} connected with {v}."),
        ("prose", "{u} and {v} are directly linked."),
        ("arrow", "Yes: {bu}–{bv}."),
        ("prose", "{u} has {v} as a neighbor."),
        ("prose", "{v} appears in {u}'s adjacency list."),
        ("prose", "`({bu}, {bv})` is present in the edge list."),
    ],
    "non_edge": [
        ("prose", "{u} does not connect to {v}."),
        ("prose", "{u} and {v} have no edge."),
        ("prose", "There isn't an edge between {u} and {v}."),
        ("prose", "{v} is not a neighbour of {u}."),
        ("prose", "Is {u} adjacent to {v}? No."),
    ],
    "neighbours": [
        ("prose", "{u}'s adjacency list: {items}."),
        ("list", "{u} neighbors: {items}"),
        ("prose", "The neighbor set of {u} is {items_brace}."),
        ("arrow", "{bu} -> [{bitems}]"),
        ("latex", "Neighbours({bu}) = {items_brace}"),
    ],
    "edge_weight": [
        ("prose", "{bu}–{bv} weighs {w}."),
        ("list", "Edge ({bu}, {bv}): weight {w}"),
        ("prose", "cost({bu}, {bv}) = {w}"),
        ("prose", "{bu} to {bv} = {w}"),
        ("prose", "The {bu}-{bv} edge has weight {w}."),
    ],
    "node_weight": [
        ("prose", "Node {bu} has weight {w}."),
        ("prose", "{u} carries weight {w}."),
        ("prose", "w[{bu}] = {w}"),
    ],
    "degree": [
        ("prose", "Node {bu} has degree {d}."),
        ("prose", "{u} touches {d} edges."),
        ("arrow", "{bu} → degree {d}"),
        ("prose", "{u} has a degree of {d}."),
        ("prose", "The degree for {u} is {d}."),
    ],
    "distance": [
        ("prose", "Distance({bu}, {bv}) = {d}"),
        ("prose", "The shortest route from {u} to {v} costs {d}."),
        ("prose", "{u} to {v}: shortest distance {d}."),
        ("prose", "dist from {u} to {v} = {d}"),
        ("prose", "The distance between {u} and {v} equals {d}."),
    ],
    "hops": [
        ("prose", "{v} is {h} edges away from {u}."),
        ("prose", "{u} reaches {v} in {h} hops."),
    ],
    "path": [
        ("arrow", "{path} (total: {d})"),
        ("arrow", "Path {bpath}: cost = {d}"),
        ("arrow", "{path}; sum = {sum} = {d}"),
        ("arrow", "Following {path} gives total {d}."),
    ],
    "clique": [
        ("prose", "Nodes {items} are all mutually connected ({shape})."),
        ("prose", "Maximum {shape}: {items_brace}"),
        ("prose", "{items_and} make a {shape}."),
    ],
    "k_core": [
        ("prose", "{k}-core = {items_brace}"),
        ("prose", "Members of the {k}-core: {items}."),
    ],
    "hop_ball": [
        ("prose", "Within distance {k} of {u}: {items}."),
        ("prose", "{k}-hop neighborhood of {u}: {items_brace}."),
    ],
}
"""The round-3 held-out phrasings (now ``dev4``), written after round 2's held-out list (now
``dev3``) had been measured once and before the extractor was tuned on ``dev3``; measured
once, then tuned on by the clause reader."""
for _kind, _phrasings in HELD_OUT.items():
    PHRASINGS[_kind]["dev4"] = _phrasings
TABLES["degree"]["dev4"] = [("| Node | Deg. |", "| {bu} | {d} |")]
TABLES["edge_weight"]["dev4"] = [("| Node A | Node B | Weight |", "| {bu} | {bv} | {w} |")]
TABLES["distance"]["dev4"] = [("| Node | Dist from {src} |", "| {bv} | {d} |")]
FILLER["dev4"] = [
    "Let me list the edges again carefully.",
    "Frontier: {bu}, {bv}",
    "Total so far: 4 + 5 = 9.",
    "I'll consider {u} next since it has 2 unexplored edges.",
    "Hmm, {u} was already visited.",
    "The answer should be at most 12.",
]

# Rounds 4-10: each written by another author without reading the extractor, measured once held
# out, then tuned on (all now in TUNED).
# Round 11: written by another author without reading the extractor, held out (measured once).
# Round 12: written by another author without reading the extractor, held out (measured once).
# Round 13: written by another author without reading the extractor, held out (not yet measured).
# Round 14: written by another author without reading the extractor, held out (not yet measured).
# Round 15: written by another author without reading the extractor, measured once held out,
# then tuned on (short of the goal: still held out).
# Round 16: written by another author without reading the extractor, held out (not yet measured).
# Round 17: written by another author without reading the extractor, held out (not yet measured).
# Round 18: written by another author without reading the extractor, held out (not yet measured).
# Round 19: written by another author without reading the extractor, held out (not yet measured).
# Round 20: written by another author without reading the extractor, held out (not yet measured).
# Round 21: written by another author without reading the extractor, held out (not yet measured).
# Round 22: written by another author without reading the extractor, held out (not yet measured).
# Round 23: written by another author without reading the extractor, held out (not yet measured).
# Round 24: written by another author without reading the extractor, held out (not yet measured).
# Round 25: written by another author without reading the extractor, held out (not yet measured).
# Round 26: written by another author without reading the extractor, held out (not yet measured).
# Round 27: written by another author without reading the extractor, held out (not yet measured).
# Round 28: written by another author without reading the extractor, held out (not yet measured).
ROUND_BANKS: dict[str, ModuleType] = {
    "round4": trace_facts_round4,
    "round5": trace_facts_round5,
    "round6": trace_facts_round6,
    "round7": trace_facts_round7,
    "round8": trace_facts_round8,
    "round9": trace_facts_round9,
    "round10": trace_facts_round10,
    "round11": trace_facts_round11,
    "round12": trace_facts_round12,
    "round13": trace_facts_round13,
    "round14": trace_facts_round14,
    "round15": trace_facts_round15,
    "round16": trace_facts_round16,
    "round17": trace_facts_round17,
    "round18": trace_facts_round18,
    "round19": trace_facts_round19,
    "round20": trace_facts_round20,
    "round21": trace_facts_round21,
    "round22": trace_facts_round22,
    "round23": trace_facts_round23,
    "round24": trace_facts_round24,
    "round25": trace_facts_round25,
    "round26": trace_facts_round26,
    "round27": trace_facts_round27,
    "round28": trace_facts_round28,
    "round29": trace_facts_round29,
    "round30": trace_facts_round30,
    "round31": trace_facts_round31,
    "round32": trace_facts_round32,
    "round33": trace_facts_round33,
}
"""Each other author's list by its split: registered here once (the rounds test reads it)."""
for _split, _bank in ROUND_BANKS.items():
    for _kind, _phrasings in _bank.PHRASINGS.items():
        PHRASINGS[_kind][_split] = _phrasings
    for _kind, _tables in _bank.TABLES.items():
        TABLES[_kind][_split] = _tables
    FILLER[_split] = _bank.FILLER


@dataclass
class Labelled(Planted):
    """A :class:`Planted` trace with the phrasing style of each labelled span."""

    split: str = "dev"
    styles: dict[tuple[int, int], str] | None = None


class _Writer:
    def __init__(self, trace: Labelled) -> None:
        self.trace = trace
        self.length = 0
        self.parts: list[str] = []
        assert trace.styles is not None
        self.styles = trace.styles

    def add(self, text: str, error: str | None, style: str) -> None:
        span = (self.length, self.length + len(text))
        self._append(text + "\n")
        self.styles[span] = style
        if error is None:
            self.trace.correct.append(span)
        else:
            self.trace.errors.append((*span, error))

    def table(self, header: str, rows: list[tuple[str, str | None]]) -> None:
        columns = header.count("|") - 1
        self._append(header + "\n" + "|" + " --- |" * columns + "\n")
        for row, error in rows:
            self.add(row, error, "table")

    def filler(self, text: str) -> None:
        self._append(text + "\n")

    def _append(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)


_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()


def _in_words(n: int) -> str:
    """``3`` -> ``three`` (up to twenty; digits beyond)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _fields(template: str) -> list[str]:
    """The template's fields in order (not a set: the order of ``bare``'s draws must not
    depend on string hashing, or each process would write other traces)."""
    return list(dict.fromkeys(name for _, name, _, _ in string.Formatter().parse(template) if name))


class _Author:
    """Writes statements of one graph in one format, from one split's phrasings."""

    def __init__(self, graph: nx.Graph[str], fmt: str, split: str, rng: random.Random) -> None:
        self.graph, self.fmt, self.split, self.rng = graph, fmt, split, rng
        self.long = _long_names(graph, rng) if fmt == "long_context" else {n: n for n in graph}
        shown = sorted(self.long.values())
        self.ids = {name: str(i) for i, name in enumerate(shown)}
        self.weighted = any("weight" in d for _, _, d in graph.edges(data=True))
        self.nodes = sorted(graph)
        self.edges = sorted(tuple(sorted(e)) for e in graph.edges)
        self.non_edges = sorted(tuple(sorted(e)) for e in nx.non_edges(graph))
        self.source: object = None
        """The question's own source node (``node``, ``root``), if it has one."""

    def bare(self, node: str) -> str:
        if self.fmt == "numeric_ids":
            return self.ids[self.long[node]]
        if self.fmt in ("edge_list", "adjacency_list") and self.rng.random() < 0.3:
            return f'"{self.long[node]}"'  # models echo the prompt's quotes
        return self.long[node]

    def shown(self, node: str) -> str:
        if self.fmt == "numeric_ids":
            return f"node {self.ids[self.long[node]]}"
        return self.long[node]

    def render(self, template: str, **values: object) -> str:
        nodes = {key: value for key, value in values.items() if isinstance(value, list)}
        filled: dict[str, object] = {}
        for field in _fields(template):
            if field in ("u", "v"):
                filled[field] = self.shown(str(values[field]))
            elif field in ("bu", "bv"):
                filled[field] = self.bare(str(values[field[1]]))
            elif field == "items":
                filled[field] = ", ".join(self.shown(n) for n in nodes["items"])
            elif field == "items_and":
                items = [self.shown(n) for n in nodes["items"]]
                filled[field] = (
                    " and ".join(items)
                    if len(items) < 3
                    else ", ".join(items[:-1]) + ", and " + items[-1]
                )
            elif field == "items_brace":
                filled[field] = "{" + ", ".join(self.shown(n) for n in nodes["items"]) + "}"
            elif field == "bitems":
                filled[field] = ", ".join(self.bare(n) for n in nodes["items"])
            elif field == "path":
                filled[field] = " → ".join(self.shown(n) for n in nodes["path"])
            elif field == "bpath":
                filled[field] = " -> ".join(self.bare(n) for n in nodes["path"])
            elif field == "sum":
                path = nodes["path"]
                filled[field] = " + ".join(
                    str(self.graph.edges[a, b].get("weight", 1))
                    for a, b in zip(path, path[1:], strict=False)
                )
            elif field.endswith("_words"):
                filled[field] = _in_words(int(str(values[field.removesuffix("_words")])))
            else:
                filled[field] = values[field]
        return template.format(**filled)

    def phrasing(self, kind: str, usable: Callable[[str], bool] = lambda _: True) -> Phrasing:
        return self.rng.choice([p for p in PHRASINGS[kind][self.split] if usable(p[1])])


def write_trace(task: str, fmt: str, seed: int, split: str) -> Labelled:
    """One labelled trace of ``task`` in ``fmt`` from ``split``'s phrasings: each statement
    kind that applies, twice correct and twice with a planted error, plus one table."""
    rng = random.Random(f"phrasings:{split}:{task}:{fmt}:{seed}")
    solver = make_task(task, TaskSettings("test", "dataset"))
    for _ in range(100):
        graph, params = _graph(task, rng)
        try:
            solution = solver.solve(Problem(graph=graph, params=dict(params)))
            break
        except InstanceRejected:
            continue
    author = _Author(graph, fmt, split, rng)
    author.source = params.get("node") or params.get("root")
    long = author.long
    shown_params = {k: long.get(v, v) if isinstance(v, str) else v for k, v in params.items()}
    trace = Labelled(
        task, fmt, nx.relabel_nodes(graph, long), shown_params, fmt == "numeric_ids",
        split=split, styles={},
    )  # fmt: skip
    statements = _statements(author, task, solution.certificate)
    rng.shuffle(statements)
    writer = _Writer(trace)
    for statement in statements:
        statement(writer)
        if rng.random() < 0.4:
            u, v = rng.sample(author.nodes, 2)
            writer.filler(author.render(rng.choice(FILLER[split]), u=u, v=v))
    trace.text = "".join(writer.parts)
    return trace


Statement = Callable[[_Writer], None]


def _statements(a: _Author, task: str, certificate: dict[str, object]) -> list[Statement]:
    out: list[Statement] = []
    rng, graph = a.rng, a.graph

    def say(kind: str, error: str | None, usable: Callable[[str], bool] = lambda _: True,
            **values: object) -> None:  # fmt: skip
        style, template = a.phrasing(kind, usable)
        text = a.render(template, **values)
        out.append(lambda w: w.add(text, error, style))

    for error in (None, None, "hallucinated_edge", "hallucinated_edge"):
        u, v = rng.choice(a.edges if error is None else a.non_edges)
        say("edge", error, u=u, v=v)
    for error in (None, None, "missed_edge", "missed_edge"):
        u, v = rng.choice(a.non_edges if error is None else a.edges)
        say("non_edge", error, u=u, v=v)
    for error in (None, None, "missed_edge", "hallucinated_edge"):
        node = rng.choice([n for n in a.nodes if graph.degree(n) >= 2])
        if error == "hallucinated_edge" and graph.degree(node) == len(a.nodes) - 1:
            # A node adjacent to all has no non-neighbour to add: another one (a new draw only
            # here, so the traces of every graph without such a draw are unchanged); in a star,
            # where no other node has two neighbours, a leaf (its one neighbour and a non-one).
            n_all = len(a.nodes)
            others = [n for n in a.nodes if 2 <= graph.degree(n) < n_all - 1]
            node = rng.choice(others or [n for n in a.nodes if 1 <= graph.degree(n) < n_all - 1])
        items = sorted(graph[node])
        if error == "missed_edge":
            items.remove(rng.choice(items))
        elif error == "hallucinated_edge":
            items.insert(rng.randrange(len(items) + 1), rng.choice(
                [n for n in a.nodes if n != node and not graph.has_edge(n, node)]))  # fmt: skip
        say("neighbours", error, u=node, items=items)
    for error in (None, None, "wrong_degree", "wrong_degree"):
        node = rng.choice(a.nodes)
        d = graph.degree(node) + (rng.choice([-1, 1, 2]) if error else 0)
        say("degree", error, u=node, d=d)
    weight = "weight" if a.weighted else None
    for error in (None, None, "wrong_distance", "wrong_distance"):
        u, v = rng.sample(a.nodes, 2)
        d = int(nx.shortest_path_length(graph, u, v, weight=weight))
        say("distance", error, u=u, v=v, d=d + (rng.choice([1, 2, 3]) if error else 0))
    for error in (None, "wrong_distance"):
        u, v = rng.sample(a.nodes, 2)
        h = int(nx.shortest_path_length(graph, u, v))
        say("hops", error, u=u, v=v, h=h + (rng.choice([1, 2]) if error else 0))
    far = [(u, v) for u in a.nodes for v in a.nodes if u < v and not graph.has_edge(u, v)]
    for error in (None, None, "wrong_distance", "wrong_distance"):
        u, v = rng.choice(far)  # a shortest path of two edges or more
        path = nx.shortest_path(graph, u, v, weight=weight)
        pairs = list(zip(path, path[1:], strict=False))
        total = sum(int(graph.edges[p].get("weight", 1)) for p in pairs)
        total += rng.choice([1, 2, 5]) if error else 0
        say("path", error, lambda t: a.weighted or "{sum}" not in t, path=path, d=total)
    if a.weighted:
        for error in (None, None, "wrong_weight", "wrong_weight"):
            u, v = rng.choice(a.edges)
            w = int(graph.edges[u, v]["weight"])
            say("edge_weight", error, u=u, v=v, w=w + (rng.choice([-1, 1, 2, 3]) if error and w > 1
                                                       else 2 if error else 0))  # fmt: skip
    _task_statements(a, task, certificate, say)
    out.append(_table(a))
    return out


def _task_statements(
    a: _Author, task: str, certificate: dict[str, object], say: Callable[..., None]
) -> None:
    rng, graph = a.rng, a.graph
    if task in ("max_clique", "max_weight_triangle"):
        key, shape = ("clique", "clique") if task == "max_clique" else ("triangle", "triangle")
        members = [str(n) for n in certificate[key]]  # type: ignore[attr-defined]
        say("clique", None, items=members, shape=shape)
        kept = members[:-1] if shape == "triangle" else members
        outsider = next(
            n for n in a.nodes if n not in members and any(not graph.has_edge(n, m) for m in kept)
        )
        wrong = [*kept, outsider]
        say("clique", "hallucinated_edge", items=wrong, shape=shape)
    if task == "max_weight_triangle":
        for error in (None, None, "wrong_weight", "wrong_weight"):
            node = rng.choice(a.nodes)
            w = int(graph.nodes[node]["weight"])
            say("node_weight", error, u=node, w=w + (rng.choice([1, 2, 4]) if error else 0))
    if task == "max_kcore":
        k, core = int(certificate["k"]), [str(n) for n in certificate["nodes"]]  # type: ignore[arg-type,attr-defined]
        say("k_core", None, k=k, items=core)
        rest = [n for n in a.nodes if n not in core]
        say("k_core", "wrong_set", k=k, items=[*core, rest[0]] if rest else core[1:])
    if task == "distance_k":
        node, k = str(certificate["node"]), int(certificate["k"])  # type: ignore[arg-type]
        ball = [str(n) for n in certificate["nodes"]]  # type: ignore[attr-defined]
        say("hop_ball", None, u=node, k=k, items=ball)
        say("hop_ball", "wrong_set", u=node, k=k, items=ball[1:] or [node])


def _table(a: _Author) -> Statement:
    """A Markdown table of 4 rows, one of them wrong."""
    rng, graph = a.rng, a.graph
    kinds = ["degree", "edge_weight" if a.weighted else "degree"]
    source = str(a.source or a.nodes[0])
    if a.weighted:
        kinds.append("distance")
    kind = rng.choice(kinds)
    header, row = rng.choice(TABLES[kind][a.split])
    wrong_at = rng.randrange(4)
    rows: list[tuple[str, str | None]] = []
    if kind == "degree":
        for i, node in enumerate(rng.sample(a.nodes, 4)):
            d = graph.degree(node) + (rng.choice([1, 2]) if i == wrong_at else 0)
            rows.append((a.render(row, bu=node, u=node, d=d, items=sorted(graph[node])),
                         "wrong_degree" if i == wrong_at else None))  # fmt: skip
    elif kind == "edge_weight":
        for i, (u, v) in enumerate(rng.sample(a.edges, 4)):
            w = int(graph.edges[u, v]["weight"]) + (rng.choice([1, 3]) if i == wrong_at else 0)
            rows.append((a.render(row, u=u, v=v, w=w),
                         "wrong_weight" if i == wrong_at else None))  # fmt: skip
    else:
        header = header.replace("{src}", a.shown(source))
        lengths = nx.single_source_dijkstra_path_length(graph, source)
        for i, node in enumerate(rng.sample([n for n in a.nodes if n != source], 4)):
            d = int(lengths[node]) + (rng.choice([1, 2]) if i == wrong_at else 0)
            rows.append((a.render(row, v=node, d=d),
                         "wrong_distance" if i == wrong_at else None))  # fmt: skip
    return lambda w: w.table(header, rows)


def labelled_set(split: str, seeds: int = 4) -> list[Labelled]:
    """Every task in every format, ``seeds`` traces each, from ``split``'s phrasings."""
    assert split in SPLITS
    return [
        write_trace(task, fmt, seed, split)
        for task in TASKS
        for fmt in FORMATS
        for seed in range(seeds)
    ]


def _style(trace: Planted, span: tuple[int, int] | None) -> str:
    styles = getattr(trace, "styles", None) or {}
    return "filler" if span is None else styles.get(span, "?")


def report(split: str, seeds: int = 4) -> str:
    """Markdown tables of precision and recall on ``split``: per error kind, per format, per
    phrasing style (``python -m tests.analysis.trace_facts_phrasings dev|dev2|dev3|dev4``)."""
    from tests.analysis.trace_facts_score import score, score_by

    traces = labelled_set(split, seeds)
    lines = [f"{split}: {len(traces)} traces, {sum(len(t.text) for t in traces)} characters", ""]
    lines += ["| error kind | planted | flagged | precision | recall |", "|---|---|---|---|---|"]
    for kind, row in score(traces).items():
        lines.append(
            f"| {kind} | {row['planted']:.0f} | {row['flagged']:.0f} | "
            f"{row['precision']:.3f} | {row['recall']:.3f} |"
        )
    for name, key in (("format", lambda t, _s: t.format), ("style", _style)):
        lines += ["", f"| {name} | " + " | ".join(f"{k} P / R" for k in _KINDS) + " |",
                  "|---" * (len(_KINDS) + 1) + "|"]  # fmt: skip
        for group, kinds in sorted(score_by(traces, key).items()):
            cells = []
            for kind in _KINDS:
                row = kinds[kind]
                cells.append(
                    f"{row['precision']:.2f} / {row['recall']:.2f} ({row['planted']:.0f})"
                    if row["planted"] or row["flagged"]
                    else "–"
                )
            lines.append(f"| {group} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


_KINDS = (*ERROR_KINDS, "correct_read")


def style_halves(split: str, tuned: set[str], seeds: int = 4) -> str:
    """A Markdown table of precision and recall on ``split`` per error kind, for the phrasing
    styles ``tuned`` on and for the others (held out); a flag outside every labelled span
    (filler) counts with the tuned half, where the filler was read
    (``python -m tests.analysis.trace_facts_phrasings round7 code,list,bold,table``)."""
    from tests.analysis.trace_facts_score import score_by

    def half(trace: Planted, span: tuple[int, int] | None) -> str:
        style = _style(trace, span)
        return "tuned" if style in tuned or style == "filler" else "held out"

    groups = score_by(labelled_set(split, seeds), half)
    lines = [f"{split}, styles tuned on: {', '.join(sorted(tuned))}", "",
             "| half | " + " | ".join(f"{k} P / R" for k in _KINDS) + " |",
             "|---" * (len(_KINDS) + 1) + "|"]  # fmt: skip
    for group in ("tuned", "held out"):
        kinds = groups.get(group, {})
        cells = [f"{kinds[k]['precision']:.3f} / {kinds[k]['recall']:.3f} "
                 f"({kinds[k]['planted']:.0f})" if k in kinds else "–" for k in _KINDS]  # fmt: skip
        lines.append(f"| {group} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rounds_table(splits: list[str], seeds: int = 4) -> str:
    """A Markdown table, one row per split: precision / recall per error kind at ``seeds``,
    and how many (format, kind) cells miss the goal at 2 seeds, the tests' count
    (``python -m tests.analysis.trace_facts_phrasings rounds round19,round20,...``): every list
    measured on the same code, to compare before and after a change."""
    from tests.analysis.trace_facts_score import score, score_by

    head = "| split | " + " | ".join(f"{k} P / R" for k in ERROR_KINDS) + " | cells below |"
    lines = [head, "|---" * (len(ERROR_KINDS) + 2) + "|"]
    for split in splits:
        kinds = score(labelled_set(split, seeds))
        by_format = score_by(labelled_set(split, 2), lambda trace, _span: trace.format)
        below = sum(
            row["precision"] < 0.95 or row["recall"] < 0.8
            for fmt_kinds in by_format.values()
            for kind, row in fmt_kinds.items()
            if kind != "correct_read"
        )
        cells = [f"{kinds[k]['precision']:.3f} / {kinds[k]['recall']:.3f}" for k in ERROR_KINDS]
        lines.append(f"| {split} | " + " | ".join(cells) + f" | {below} |")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    if len(sys.argv) > 2 and sys.argv[1] == "rounds":
        print(rounds_table(sys.argv[2].split(",")))
    elif len(sys.argv) > 2:
        print(style_halves(sys.argv[1], set(sys.argv[2].split(","))))
    else:
        print(report(sys.argv[1] if len(sys.argv) > 1 else "dev"))
