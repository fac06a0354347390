"""The free pool (pruning/free_pool.py): Gilbert's relaxed game over the tableau
alone. Its dead end proves a position lost; it never calls a winnable position
lost; the compiled relaxation equals the Python one; the solver's phase uses it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from solverkit import complete, gilbert_small, replay_wins

from patience import Position, format_position
from patience.cards import RANK, Card
from patience.movegen import generate_moves
from patience.solver import Limit, Verdict, fast, phases, solve
from patience.solver.engine import single_search
from patience.solver.pruning import free_pool, stock_pool

# 6H can go nowhere: the hearts it would join on a foundation (5H up, 7H down) lie
# face down under it, so do both black Sevens it could go on; no Seven can fill an
# empty column under it, for the red ones are the wrong colour.
STUCK = "1: 5H 7H 7C 7S | 6H"
# The same, with the black Sevens on the foundations: still stuck (7C and 7S lie
# under the Kings of their up foundations), but the pool offers 7C for 6H.
STUCK_WITH_SEVENS_IN_THE_POOL = "1: 5H 7H | 6H"
# 7C on top of its down foundation: played back into an empty column, it takes 6H.
SAVED_BY_A_PLAY_BACK = """
F1: AC 2C 3C 4C 5C 6C
F5: KC QC JC TC 9C 8C 7C
1: 5H 7H | 6H
"""


# QH cannot go to the pool (3H and KH lie under it) and builds only on the black
# Kings, which are on their foundations: no (P) brings a King back.
KINGS_GONE = "1: 3H KH | QH"


def test_a_stuck_position_is_proved_lost_at_once() -> None:
    """STUCK is the rule "Blockade" at its plainest: the root is not searched."""
    pos = complete("gilbert", STUCK)
    assert pos.hidden[pos.layout.by_label["1"]] == 4
    assert free_pool.search(pos, 10) == free_pool.Outcome(True, 0, 1)
    assert free_pool.search(pos, 10, blockade=False) == free_pool.Outcome(True, 1, 1)
    assert fast.free_pool_search(pos, Limit(nodes=10), 100) == free_pool.Outcome(True, 0, 1)
    plain = single_search(pos, Limit(nodes=1_000), prune=False)
    assert plain.verdict is Verdict.LOST


def _root(pos: Position) -> free_pool.State:
    return tuple(free_pool.tableau_of(pos))


def test_a_blockade_sees_cards_the_pool_cannot_give_back() -> None:
    game = free_pool._Game(Position.deal("gilbert", 1).rules)
    pos = complete("gilbert", KINGS_GONE)
    assert game.blocked(_root(pos))
    assert free_pool.search(pos, 10) == free_pool.Outcome(True, 0, 1)
    assert fast.free_pool_search(pos, Limit(nodes=10), 100) == free_pool.Outcome(True, 0, 1)
    # the red Sevens in the pool could go into an empty pile and take 6H
    assert not game.blocked(_root(complete("gilbert", STUCK_WITH_SEVENS_IN_THE_POOL)))
    # with KS in the tableau (not under a card that never moves), QH may move onto it
    assert not game.blocked(_root(complete("gilbert", KINGS_GONE + "\n2: KS")))
    # 9H and 8C: neither may go to the pool (3H KH, 2C QC lie under them); 8C
    # builds only on 9H (covered) and 9D, 9H only on the black Tens; those are in
    # the pool, and so is every card (P) would need under them, up to the Kings
    run = "1: 3H KH 2C QC | 9H 8C"
    assert game.blocked(_root(complete("gilbert", run)))
    # with TS a top card, the run 9H 8C may move onto it: 8C, which nothing else
    # could move, goes along with 9H
    assert not game.blocked(_root(complete("gilbert", run + "\n2: TS")))


def test_cards_in_the_pool_may_hide_a_loss() -> None:
    """A relaxation: a card on a foundation is free in the pool, so the relaxed game
    reaches its goal (no proof) where the game is stuck."""
    pos = complete("gilbert", STUCK_WITH_SEVENS_IN_THE_POOL)
    assert generate_moves(pos) == []
    assert single_search(pos, Limit(nodes=1_000), prune=False).verdict is Verdict.LOST
    assert free_pool.search(pos, 100).lost is False


def test_a_play_back_that_wins_is_no_dead_end() -> None:
    pos = complete("gilbert", SAVED_BY_A_PLAY_BACK)
    assert free_pool.search(pos, 100).lost is False
    result = solve(pos, Limit(nodes=10_000))
    assert result.verdict is Verdict.WINNABLE
    replay_wins(pos, result.line)


@pytest.mark.parametrize(
    ("deal", "nodes", "states"), [(255, 282, 675), (90, 871, 2_755), (87, 1_451, 2_849)]
)
def test_deals_the_complete_search_cannot_exhaust(deal: int, nodes: int, states: int) -> None:
    """Lost deals: the relaxation proves each within a few thousand states, where
    the complete search alone is undecided after 50,000 positions (deal 87 needs
    4.3 million, 255 and 90 more than 10 s of the whole solver before the free
    pool). More states enter the table than are searched: the rest are dominated or
    blocked (without the rule "Blockade": 909, 2,243 and 2,874 searched states)."""
    pos = Position.deal("gilbert", deal)
    assert free_pool.search(pos, nodes) == free_pool.Outcome(True, nodes, states)
    assert free_pool.search(pos, nodes - 1).lost is None
    assert single_search(pos, Limit(nodes=50_000)).verdict is Verdict.UNKNOWN


# 9H and 8C lie over cards of their suits both below and above them, so neither
# may go to the pool by (F); 8C builds on 9H, so (P) could put it back.
_DOWN = (1, 11, 28, 38)  # 2C QC 3H KH
_Y = ((_DOWN, (34, 7)), ((), ()))  # the first pile: ... | 9H 8C
_Z = ((_DOWN, (34,)), ((), ()))  # the same with 8C in the pool


def test_a_state_is_dominated_by_the_same_with_top_cards_in_the_pool() -> None:
    game = free_pool._Game(Position.deal("gilbert", 1).rules)
    seen = {free_pool._key(_Y), free_pool._key(_Z)}
    assert game.dominated(_Y, seen, (0,))
    assert not game.dominated(_Y, seen, (1,))  # only the touched piles are looked at
    assert not game.dominated(_Y, {free_pool._key(_Y)}, (0,))
    # 9H cannot be taken too: a face-down card would turn up, which (P) cannot undo
    bare = ((_DOWN, ()), ((), ()))
    assert not game.dominated(_Z, {free_pool._key(_Z), free_pool._key(bare)}, (0,))
    # 5C does not build on 9H: (P) could not put it back
    assert not game.dominated(((_DOWN, (34, 4)), ((), ())), seen, (0,))


def test_dominance_shrinks_the_search_of_a_lost_deal() -> None:
    """Deal 309 (lost): without the rule the relaxation searched 2,212,469 states
    for the proof (more than the deep budget's share allowed); now about a tenth
    (236,389 with it alone, without the rule "Blockade")."""
    pos = Position.deal("gilbert", 309)
    outcome = fast.free_pool_search(pos, Limit(nodes=300_000), free_pool.MAX_STATES)
    assert outcome == free_pool.Outcome(True, 206_673, 534_755)


@pytest.mark.parametrize("deal", [5, 8, 629])
@pytest.mark.parametrize("cleared", [False, True])
def test_the_goal_is_reached_where_the_tableau_is_no_obstacle(deal: int, cleared: bool) -> None:
    """Deals 5 and 8 are winnable; 629 is lost through the stock's order (the
    complete search proves it within a few hundred positions): G and G+ reach
    their goals within a few hundred states."""
    outcome = free_pool.search(Position.deal("gilbert", deal), 1_000, cleared=cleared)
    assert outcome.lost is False and outcome.nodes < 1_000


@pytest.mark.parametrize("deal", [255, 90, 87, 5, 8, 629, 30])
def test_the_compiled_relaxation_equals_the_python_one(deal: int) -> None:
    pos = Position.deal("gilbert", deal)
    python = free_pool.search(pos, 3_000)
    assert fast.free_pool_search(pos, Limit(nodes=3_000), free_pool.MAX_STATES) == python


def test_the_memory_guard_stops_the_relaxation() -> None:
    """Deal 36 (lost, but not to the relaxation): its table outgrows a guard of
    1,000 states, in both engines alike."""
    pos = Position.deal("gilbert", 36)
    python = free_pool.search(pos, 100_000, max_table=1_000)
    assert python.lost is None and python.states > 1_000 and python.nodes < 1_000
    assert fast.free_pool_search(pos, Limit(nodes=100_000), 1_000) == python


@pytest.mark.parametrize("native", [True, False])
def test_the_solver_proves_a_lost_deal_with_the_relaxation(native: bool) -> None:
    """Deal 255: the win-only phases take their shares, then the free pool proves
    it lost; the complete search never starts."""
    pos = Position.deal("gilbert", 255)
    budget = 20_000 if native else 6_000
    result = solve(pos, Limit(nodes=budget), native=native)
    assert result.verdict is Verdict.LOST and result.nodes < budget


@pytest.mark.parametrize(
    ("deal", "nodes", "states"), [(255, 112, 305), (87, 673, 1_137), (30, 248, 3_296)]
)
def test_cleared_piles_prove_losses_in_fewer_states(deal: int, nodes: int, states: int) -> None:
    """G+ (module doc, "Cleared piles") keeps of a pile with no face-down card only
    its base: deals 255, 87 and 30 are proved lost after 112, 673 and 248
    searched states instead of 282, 1,451 and 2,346 (in both engines)."""
    pos = Position.deal("gilbert", deal)
    outcome = free_pool.search(pos, nodes, cleared=True)
    assert outcome == free_pool.Outcome(True, nodes, states)
    assert free_pool.search(pos, nodes).lost is None  # G needs more
    compiled = fast.free_pool_search(pos, Limit(nodes=nodes), 100_000, cleared=True)
    assert compiled == outcome


def test_cleared_piles_prove_a_loss_out_of_reach_of_g() -> None:
    """Deal 204 (lost): G+ proves it after 7,030 searched states, G is still
    open after 100,000 (it needed 884,621)."""
    pos = Position.deal("gilbert", 204)
    strict = fast.free_pool_search(pos, Limit(nodes=100_000), free_pool.MAX_STATES)
    assert strict.lost is None
    loose = fast.free_pool_search(pos, Limit(nodes=100_000), free_pool.MAX_STATES, cleared=True)
    assert loose.lost is True and loose.nodes == 7_030


@pytest.mark.parametrize("native", [True, False])
def test_the_phase_searches_g_where_g_plus_reaches_its_goal(native: bool) -> None:
    """Deal 186 (lost): G+ reaches its goal after 30 states, the stock pool's
    first look without its check stays open on its 5 % of the rest (48 states),
    then G proves the loss after 524 more; the phase reports all their states."""
    pos = Position.deal("gilbert", 186)
    loose = free_pool.search(pos, 1_000, cleared=True)
    strict = free_pool.search(pos, 1_000)
    assert (loose.lost, loose.nodes, strict.lost, strict.nodes) == (False, 30, True, 524)
    assert stock_pool.PEEK_PART == 0.05
    peek = stock_pool.search(pos, 48, check=0)
    assert peek.lost is None
    outcome = phases._free_pool(pos, Limit(nodes=1_000), native=native)
    states = max(loose.states, strict.states, peek.states)
    assert outcome == free_pool.Outcome(True, 30 + 48 + 524, states)


SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@SETTINGS
@given(
    st.one_of(
        gilbert_small(low=5, max_columns=2),
        gilbert_small(low=6, high=12, max_suits=3, max_columns=3, max_stock=3),
    )
)
def test_a_relaxed_dead_end_is_never_a_winnable_position(pos: Position) -> None:
    """Soundness against the plain search of the game itself (every legal move, no
    pruning): where the relaxation (G or G+) says lost, the game is not winnable;
    and the compiled relaxation equals the Python one."""
    for cleared in (False, True):
        _sound(pos, cleared)


def _sound(pos: Position, cleared: bool) -> None:
    outcome = free_pool.search(pos, 20_000, cleared=cleared)
    compiled = fast.free_pool_search(
        pos, Limit(nodes=20_000), free_pool.MAX_STATES, cleared=cleared
    )
    assert compiled == outcome
    event(f"relaxation (cleared={cleared}): {outcome.lost}")
    if outcome.lost:
        plain = single_search(pos, Limit(nodes=200_000), prune=False)
        event(f"plain search: {plain.verdict.value}")
        assert plain.verdict is not Verdict.WINNABLE, format_position(pos)


# --- the reductions against a plain search of the relaxed game ----------------------------

Piles = tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]


def _put(game: free_pool._Game, piles: Piles, j: int, cards: tuple[Card, ...]) -> Piles | None:
    """``piles`` with ``cards`` on pile ``j``, if they may go there."""
    down, up = piles[j]
    if up:
        ok = free_pool._builds(up[-1], cards[0])
    else:
        ok = not down and RANK[cards[0]] == game.empty_rank
    return (*piles[:j], (down, up + cards), *piles[j + 1 :]) if ok else None


def _off(piles: Piles, i: int, k: int) -> Piles:
    """``piles`` with pile ``i`` cut to ``k`` face-up cards (one turns up)."""
    down, up = piles[i]
    return tuple(free_pool._with(piles, i, down, up[:k]))


def _goal_reachable(pos: Position, cap: int, *, cleared: bool = False) -> bool | None:
    """Search the relaxed game G of free_pool's doc (``cleared``: G+) with every
    single (T), (F) and (P) move (and (D)), no macro and no normal form: whether it
    turns every card face up (None: more than ``cap`` states)."""
    start: Piles = tuple(
        (tuple(pos.piles[t][: pos.hidden[t]]), tuple(pos.piles[t][pos.hidden[t] :]))
        for t in pos.layout.tableau
    )
    game = free_pool._Game(pos.rules)
    seen, todo = {start}, [start]
    while todo:
        piles = todo.pop()
        if not any(down for down, _ in piles):
            return True
        occupied = {c for down, up in piles for c in down + up}
        kids: list[Piles | None] = []
        for i, (down, up) in enumerate(piles):
            if not up:
                continue
            dump = cleared and not down and game._put_back(down, up, len(up))  # (D)
            if dump or game.to_pool(up[-1], occupied):  # or (F)
                kids.append(_off(piles, i, len(up) - 1))
            for k in range(len(up) - 1, -1, -1):  # (T)
                kids += [_put(game, _off(piles, i, k), j, up[k:]) for j in range(7) if j != i]
                if k and not free_pool._builds(up[k - 1], up[k]):
                    break
        for card in set(range(52)) - occupied:  # (P)
            kids += [_put(game, piles, j, (card,)) for j in range(7)]
        for kid in kids:
            if kid is not None and kid not in seen:
                seen.add(kid)
                todo.append(kid)
                if len(seen) > cap:
                    return None
    return False


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    st.one_of(
        gilbert_small(low=4, high=7, max_columns=2),
        gilbert_small(low=6, high=10, max_suits=2, max_columns=3),
    )
)
def test_the_reductions_keep_the_relaxed_verdict(pos: Position) -> None:
    """The macros, the normal form and the dominance rule (module doc) reach the
    goal exactly when the relaxed game with every single move does, in G and in
    G+; and G+ reaches it whenever G does (it is a relaxation of G)."""
    strict, loose = (_reductions_agree(pos, cleared) for cleared in (False, True))
    if strict.lost is False:
        assert loose.lost is False, format_position(pos)


def _reductions_agree(pos: Position, cleared: bool) -> free_pool.Outcome:
    outcome = free_pool.search(pos, 50_000, cleared=cleared)
    reachable = _goal_reachable(pos, 20_000, cleared=cleared)
    event(f"plain relaxed search (cleared={cleared}): {reachable}")
    if outcome.lost:  # every state not searched was dominated
        event(f"dominated states: {outcome.states > outcome.nodes}")
    if outcome.lost is not None and reachable is not None:
        assert outcome.lost is not reachable, format_position(pos)
    return outcome


@settings(SETTINGS, max_examples=40)
@given(gilbert_small(low=14, high=24, min_suits=2, max_suits=4, max_stock=0))
def test_dominance_and_blockade_keep_the_relaxed_verdict(pos: Position) -> None:
    """Larger tableaux than the plain relaxed search can take: the search with the
    rules "Dominance" and "Blockade" reaches the goal exactly when the search
    without them does (and with each one alone), in G and in G+, and the compiled
    search equals the Python one."""
    for cleared in (False, True):
        _rules_agree(pos, cleared)


def _rules_agree(pos: Position, cleared: bool) -> None:
    outcome = free_pool.search(pos, 3_000, cleared=cleared)
    compiled = fast.free_pool_search(pos, Limit(nodes=3_000), free_pool.MAX_STATES, cleared=cleared)
    assert compiled == outcome
    without = free_pool.search(pos, 3_000, dominance=False, blockade=False, cleared=cleared)
    event(f"relaxation (cleared={cleared}): {outcome.lost}, without the rules: {without.lost}")
    for other in (
        without,
        free_pool.search(pos, 3_000, dominance=False, cleared=cleared),
        free_pool.search(pos, 3_000, blockade=False, cleared=cleared),
    ):
        if outcome.lost is not None and other.lost is not None:
            assert outcome.lost is other.lost, format_position(pos)
    if outcome.lost:
        event(f"states not searched: {outcome.states > outcome.nodes}")
        event(f"fewer searched than without the rules: {outcome.nodes < without.nodes}")


def test_a_plain_search_of_the_relaxed_game_agrees_on_a_dead_end() -> None:
    """The lost side of the check above, which random small positions rarely
    reach: STUCK's relaxed game has no way to the goal, with or without the
    reductions; SAVED_BY_A_PLAY_BACK's has one."""
    assert _goal_reachable(complete("gilbert", STUCK), 200_000) is False
    assert free_pool.search(complete("gilbert", STUCK), 10).lost is True
    assert _goal_reachable(complete("gilbert", SAVED_BY_A_PLAY_BACK), 200_000) is True
