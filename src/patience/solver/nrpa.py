"""Nested rollout policy adaptation (NRPA): a phase that may only find wins
(Gilbert, compiled engine only).

Not a pruning rule, and never a verdict of lost. The method is Rosin's ("Nested
Rollout Policy Adaptation for Monte Carlo Tree Search", IJCAI 2011), with a bias
on the policy as in Cazenave's generalized NRPA ("Generalized Nested Rollout
Policy Adaptation", 2020); ``_nrpa.h`` has the code:

- A **rollout** plays from the position to the end: at each position, of the
  streamlined children (:mod:`streamline`, stock macros included) that lead to no
  position the rollout has made before, it takes one at random with probability
  proportional to ``exp(w[code] + BIAS * (estimate before - estimate after))``,
  where ``code`` names the card moved and where it goes (up or down foundation,
  an empty column, onto which card) and the estimate is the best-first search's
  (:func:`bestfirst.estimate`). A rollout scores minus the estimate of its last
  position; a win ends it.
- **Level** ``l`` runs level ``l - 1`` ``ITERATIONS`` times from a copy of its
  policy ``w``, keeps the best sequence so far, and after each run moves the
  copy's weights towards that sequence: ``+ALPHA`` for each step's choice, minus
  ``ALPHA`` times its probability for each of the step's children. The top level
  (``LEVEL``; in a two-lane solve's proof lane ``LANE_LEVEL``) runs again from
  the zero policy until a win or the budget's end.

Why: Gilbert's restarts (:mod:`restarts`) search afresh each time, and their wins
on the deals every phase left undecided come at a slow, steady rate. NRPA learns
from its own best rollouts which card to move where. Measured (docs/solver.md,
"NRPA (Gilbert)"): on the 94 deals the last deep run left undecided, 10 s of NRPA
alone (one core, a one-off build of this code, bias 1) won 18; the noisy restarts alone
with 60 s won 16 of 96, 6 of them within 8 s. On the 98 deals that run won only in its deep
stage, 3.6 s of NRPA won 72 (median 0.12 s), so the other phases stay. In the
benchmark the deep budget decides 93.0 % of Gilbert deals 1-1000 (92.6 % with
NRPA's 12 % of the budget before ``TAKES``, 91.6 % with a bias of 1, about 90.4 %
without NRPA).

A node is a step of a rollout (a position entered), so a node bound bounds the
phase as it does the others. The random state comes from :func:`restarts.seed`.
Only the compiled Gilbert engine has NRPA: in pure Python a rollout would take a
few milliseconds and the phase would win next to nothing, so without the
compiled engine the other phases keep their whole shares (``TAKES``).
"""

from __future__ import annotations

from patience.rules import GameRules
from patience.solver import fast
from patience.solver.limits import Limit

#: The win lane's level and iterations a level (``fast.search``'s ``nrpa``).
#: Level 3 with 20 iterations won 11 of the deals the deep benchmark left
#: undecided over three seeds, these 4; built, the benchmark decided 92.8 %
#: against 93.0 % (docs/solver.md, "NRPA at level 3"), so not adopted here.
LEVEL = 2
ITERATIONS = 100
#: The constants of ``_nrpa.h`` (documentation: the engine has them compiled in).
ALPHA = 1.0
#: The bias's weight: a face-down card turned up lowers the estimate by 10, a
#: card to a foundation by 3, so at 1 the rollouts were nearly greedy. Measured
#: (docs/solver.md, "A weaker bias in NRPA"): at 0.25 NRPA alone wins 13 of the
#: 84 deals the last deep run left undecided within 5 s, at 1 it wins 5 (the
#: same random state).
BIAS = 0.25

#: The parts of a budget (nodes and seconds) the phase takes from the shares of
#: the other win-only phases (which keep the rest; a phase left with none does
#: not run), per game kind. Measured (docs/solver.md, "NRPA's luck and the win
#: lane's shares"): in the win lane of the deep budget, alone at its share, the
#: best-first search and the streamlined restarts won no deal of 190 that no
#: other phase won, NRPA 23; replayed, NRPA on these parts (5.4 s of the 10 s
#: lane) won 117 of them, on the noisy restarts' 0.12 alone 113. Built, the
#: benchmark's deep budget decides 93.0 % of deals 1-1000 (92.6 % before).
TAKES = {"stock": {"best-first": 0.095, "restarts": 0.08, "noisy restarts": 0.12}}
#: The phase's share of a budget, per game kind: all it takes.
SHARE = {kind: sum(parts.values()) for kind, parts in TAKES.items()}
#: Budgets of fewer seconds run without the phase (the other phases keep their
#: whole shares, as before NRPA): at the quick budget (0.2 s, about 44 ms of it for
#: NRPA) a first build with the phase decided the same number of deals of 1-1000
#: as the build without (754; docs/solver.md, "NRPA (Gilbert)"), so the site's
#: deal-time solves stay as they were.
FROM = 1.0
#: The random state of a two-lane solve's proof lane (phases.py) is
#: ``restarts.seed(LANE_SEED)``, the win lane's ``restarts.seed(0)``.
LANE_SEED = 1
#: The proof lane's NRPA runs at another level than the win lane's: which
#: deals NRPA wins is mostly the luck of its random state and level, and level 3
#: with 20 iterations won 11 of the deals the deep benchmark left undecided over
#: three seeds, level 2 four (docs/solver.md, "NRPA at level 3").
LANE_LEVEL = 3
LANE_ITERATIONS = 20
#: ``fast.search``'s ``nrpa`` (level, iterations a level) of each lane.
WIN_LANE = (LEVEL, ITERATIONS)
PROOF_LANE = (LANE_LEVEL, LANE_ITERATIONS)


def applies(rules: GameRules) -> bool:
    """Gilbert, where its compiled engine is built."""
    return fast.gilbert_like(rules) and fast.available(rules)


def within(limit: Limit) -> bool:
    """A budget that runs the phase: no bound of seconds, or at least ``FROM``."""
    return limit.seconds is None or limit.seconds >= FROM


def taken(phase: str) -> float:
    """The part of a budget the phase takes from ``phase``'s share (``TAKES``)."""
    return TAKES["stock"].get(phase, 0.0)
