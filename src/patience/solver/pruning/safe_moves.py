"""Safe foundation moves: moves the search may make at once, as the only child.

Rule 1 - same-suit tableau, no way back from the foundations (Bisley).
Applies when the tableau builds in the same suit (up, down or both) and no
foundation's cards may come back into play. Then *every* foundation move is safe.

Why. Let c (rank r, suit s) go onto a foundation F that builds up (the down case is
the mirror image), so the card below it there is r-1 of suit s. In the tableau only
r-1 or r+1 of suit s may ever be built on c. Take any winning line W from the
position P without the move; we build a winning line from P' = P + (c to F). Keep a
set A of "absorbed" suit-s cards, at first {c}: in P' they lie on F, in W's positions
they lie in the tableau as the top segment of their columns (only cards of A can be
built on cards of A: r-1 is already on F, and any other neighbour of an absorbed card
is absorbed or is the next card F wants). Replay W, move by move:
* a move of an absorbed card is skipped (in P' it is already on F);
* a move that builds the next card F wants (rank max(A)+1, suit s) onto an absorbed
  card, or sends it to a foundation, becomes its move to F in P' (it is a top card in
  W, and its column in P' is the same minus absorbed cards, so it is a top there
  too) and it joins A;
* every other move is made unchanged: it touches only cards outside A, and the tops
  it uses are the same in both positions because absorbed cards only ever form top
  segments. A foundation of suit s that builds down never needs a card outside A
  once a card of A has gone onto it in W: all lower cards are on F already.
W ends with every card on a foundation; so does the replay. Hence P' is winnable
whenever P is: making the move cannot lose a win.

Rule 2 - Aces (build-down tableau).
Applies when the tableau builds down. An Ace moving to an up foundation that starts
with Aces is safe: no card can ever be built on an Ace in a build-down tableau, so the
Ace's only uses elsewhere are as a card that covers another; replay any winning line
with the Ace's own moves skipped (its later foundation move is already made) and
every other move is legal in the same way, as the positions differ only by the Ace
being gone from a pile top, a cell or the talon (which frees, never blocks).
Not from a waste: with a stock that redeals, taking a card off the waste changes
how the next pass groups the stock's cards into deals, so a card the winning line
needed may never turn up again (Gilbert: waste ``KD QD 5H AC`` over stock
``JD 9D TD`` is won only by leaving ``AC`` on the waste for one more pass).

Rule 3 - no Ace back from a foundation (build-down tableau, where rule 2 applies).
An Ace played back onto the tableau is never needed. Take any winning line W that
plays back an Ace a (from a foundation F); drop that move and every later move of
a (its return to a foundation too), so that a stays on F. Nothing is ever built on
a in a build-down tableau, so the moves kept stay legal: while W has a on a pile's
top, in a cell or alone in a pile, the new line has that pile one card shorter or
the cell or pile empty (which frees, never blocks; a run that W moves with a on
top moves without it, still a run). Only an Ace can go where a lies on F, so the
one kind of move of W that could need F without a is an Ace onto F. With a
foundation per suit and one deck (Gilbert) only a fits there, and its moves are
dropped. With foundations of any suit (Big Apple; F is then empty in W) another
Ace b may go onto F: at most 6 of the 8 foundations hold an Ace then (a and b are
off them), so W has two empty ones and the new line, which has a on F as well, at
least one other, G; b goes onto G, and from then on F and G swap names in the rest
of the line (again for each later Ace onto the empty foundation). Once W puts a
back on a foundation, the new line has the same foundations as W up to names; cards
that W builds on a after that go onto it in the new line. The new line wins too,
and is shorter. Dropping play-backs this way never adds a foundation move, a stock
move or a play-back, so rule 2's rewriting and the other rules' (which take any
winning line) still apply to it. Measured (docs/solver.md): without this rule a
third to a half of the complete search's positions were an Ace just played back,
whose only child (rule 2) is the position before.
"""

from __future__ import annotations

from patience.cards import ACE, RANK
from patience.position import Move, Position
from patience.rules import Build, Direction, GameRules, Kind


def rule_all_foundation_moves(rules: GameRules) -> bool:
    """Rule 1 applies to ``rules``."""
    return rules.tableau.build is Build.SAME_SUIT and not any(
        group.play_back for group in rules.foundations
    )


def rule_aces(rules: GameRules) -> bool:
    """Rule 2 applies to ``rules``."""
    return rules.tableau.direction is Direction.DOWN


def safe_move(pos: Position, moves: list[Move], every: bool, aces: bool) -> Move | None:
    """The first safe foundation move among ``moves``, or ``None``."""
    if not (every or aces):
        return None
    kinds = pos.layout.kinds
    piles = pos.piles
    for move in moves:
        if kinds[move.dst] is not Kind.FOUNDATION or kinds[move.src] is Kind.FOUNDATION:
            continue
        if every:
            return move
        if kinds[move.src] is Kind.WASTE:
            continue  # taking a card off the waste regroups the stock's deals
        card = piles[move.src][-1]
        if RANK[card] == ACE and pos.layout.found_step[move.dst] == 1:
            return move
    return None


def without_ace_play_back(pos: Position, moves: list[Move]) -> list[Move]:
    """``moves`` without the moves of an Ace from a foundation (rule 3)."""
    kinds = pos.layout.kinds
    piles = pos.piles
    return [
        m for m in moves if kinds[m.src] is not Kind.FOUNDATION or RANK[piles[m.src][-1]] != ACE
    ]
