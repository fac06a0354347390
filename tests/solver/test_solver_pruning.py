"""Pruning never changes a verdict: on random small positions of each game the
pruned search and the plain search (``prune=False``: every legal move, exact keys,
no rule at all) must agree whenever both decide, and every winning line that
either search returns replays to a won position through the rules.

Positions are valid (every card present once per deck) and have few cards off the
foundations so the plain search can exhaust them within a node budget. Run with
``--hypothesis-show-statistics`` to see the share of lost examples (the events).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from solverkit import (
    big_apple_jam,
    big_apple_small,
    big_apple_tight,
    bisley_small,
    complete,
    gilbert_small,
    move,
    replay_wins,
    searches_agree,
)

from patience import Position, format_move, format_position, parse_position
from patience.solver import Limit, Result, Verdict, nrpa, solve, streamline
from patience.solver.engine import single_search

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def engines_agree(pos: Position, nodes: int) -> None:
    """The compiled engine and the Python engine give the same verdict, node count,
    table size and line on ``pos`` within ``nodes``. Gilbert's NRPA phase is
    compiled only (the Python engine gives its share to the later phases), so it
    is switched off for the comparison, in both (where it applies, the noisy
    restarts after it keep only the rest of their share)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nrpa, "applies", lambda rules: False)
        native = solve(pos, Limit(nodes=nodes))
        python = solve(pos, Limit(nodes=nodes), native=False)
    assert (native.verdict, native.nodes, native.peak_table, native.line) == (
        python.verdict,
        python.nodes,
        python.peak_table,
        python.line,
    ), format_position(pos)


def compare(
    pos: Position, nodes: int, *, require_decided: bool = False, plain_nodes: int | None = None
) -> tuple[Result, Result]:
    """Solve ``pos`` pruned within ``nodes`` and plain within ``plain_nodes``
    (default: ``nodes``); check they agree."""
    pruned = solve(pos, Limit(nodes=nodes))
    plain = solve(pos, Limit(nodes=plain_nodes or nodes), prune=False)
    where = format_position(pos)
    if require_decided:
        assert pruned.verdict is not Verdict.UNKNOWN, where
        assert plain.verdict is not Verdict.UNKNOWN, where
    if currently_in_test_context():
        assume(Verdict.UNKNOWN not in (pruned.verdict, plain.verdict))
        event(f"verdict: {plain.verdict.value}")
    assert pruned.verdict is plain.verdict, (
        f"pruned {pruned.verdict}, plain {plain.verdict}\n{where}"
    )
    if pruned.verdict is not Verdict.WINNABLE:
        work = pruned.nodes
        if streamline.applies(pos.rules):
            # the streamlined phase's work comes on top of the complete search's
            work = single_search(pos, Limit(nodes=nodes)).nodes
        assert work <= plain.nodes
    for result in (pruned, plain):
        if result.verdict is Verdict.WINNABLE:
            replay_wins(pos, result.line)
        else:
            assert result.line == ()
    return pruned, plain


# bisley_small's position whose plain search needs 24,113 nodes (CI, 2026-12-01)
_BISLEY_WIDE = """
F1: AC
F2: AD
F3: AH
F4: AS
F5: KC QC JC TC 9C
F6: KD QD JD TD 9D 8D 7D 6D 5D
F7: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H
F8: KS QS JS TS 9S 8S 7S
1: 6C 3D 3C
5: 5S
6: 4C 2C
7: 4D 3S
9: 6S 8C
10: 2H 2S
12: 5C 7C
13: 4S 2D
"""


@settings(SETTINGS, max_examples=150)
@given(bisley_small())
@example(complete("bisley", _BISLEY_WIDE))
def test_bisley_pruning_keeps_the_verdict(pos: Position) -> None:
    """6-16 cards in random columns, any legal split of each suit between its two
    foundations: safe foundation moves, dead cards and stubborn sets all apply.
    The plain search gets more nodes: with no pruning a few such positions need
    more than 20,000."""
    compare(pos, 20_000, require_decided=True, plain_nodes=200_000)


@settings(SETTINGS, max_examples=100)
@given(bisley_small())
def test_bisley_python_engine_equals_the_compiled_one(pos: Position) -> None:
    """The compiled search (where built) and the Python engine with the same rules:
    same verdict, same node count, same line."""
    native = solve(pos, Limit(nodes=20_000))
    python = solve(pos, Limit(nodes=20_000), native=False)
    assert (native.verdict, native.nodes, native.line) == (
        python.verdict,
        python.nodes,
        python.line,
    ), format_position(pos)


@settings(SETTINGS, max_examples=100)
@given(st.one_of(gilbert_small(), gilbert_small(low=5, high=12, max_suits=4)))
def test_gilbert_python_engine_equals_the_compiled_one(pos: Position) -> None:
    """The compiled Gilbert search and the Python engine, both phases (streamlined,
    then complete): same verdict, same node count, same table size, same line."""
    engines_agree(pos, 3_000)


@settings(SETTINGS, max_examples=100)
@given(st.one_of(gilbert_small(), gilbert_small(low=5, max_columns=2)))
def test_gilbert_pruning_keeps_the_verdict(pos: Position) -> None:
    """Face-down cards, a short stock and waste, foundations that give cards back:
    the Ace rule, symmetry and the stock macros apply. (Deeper columns in the
    second strategy make lost positions common.)"""
    compare(pos, 5_000)


@settings(SETTINGS, max_examples=100)
@given(
    st.one_of(
        big_apple_small(), big_apple_small(low=4, high=12), big_apple_jam(), big_apple_tight()
    )
)
def test_big_apple_python_engine_equals_the_compiled_one(pos: Position) -> None:
    """The compiled Big Apple search and the Python engine: same verdict, same node
    count, same table size, same line (cramped positions: the dead-end rules)."""
    engines_agree(pos, 2_000)


@settings(SETTINGS, max_examples=60)
@given(big_apple_small())
def test_big_apple_pruning_keeps_the_verdict(pos: Position) -> None:
    """1-3 cards off the foundations in cells, a short talon and the tableau; the
    Ace rule and symmetry (interchangeable piles, cells and foundations) apply.
    The plain search tries every order of every card through 8 piles and 3 cells
    and plays cards back from the foundations first, so about half of these are
    beyond its budget and skipped; those it decides are nearly all winnable."""
    compare(pos, 600)


@settings(SETTINGS, max_examples=20)
@given(big_apple_jam())
def test_big_apple_pruning_keeps_the_verdict_in_jammed_positions(pos: Position) -> None:
    """Lost Big Apple positions the plain search can exhaust (see ``big_apple_jam``);
    symmetry merges the moves into the free cell."""
    pruned, _ = compare(pos, 600, require_decided=True)
    assert pruned.verdict is Verdict.LOST


def test_an_ace_on_the_waste_is_not_a_safe_move() -> None:
    """Regression: the Ace rule played AC off the waste at once, which regroups
    the stock's deals and loses this position (see the fixture
    ``gilbert_winnable:ace-must-wait-on-the-waste`` for the argument)."""
    pos = complete(
        "gilbert",
        """
        F1:
        F5: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        F2: AD 2D 3D 4D 5D 6D 7D 8D
        F6:
        F3: AH 2H 3H 4H
        F7: KH QH JH TH 9H 8H 7H 6H
        S: JD 9D TD
        W: KD QD 5H AC
        """,
    )
    pruned, _ = compare(pos, 5_000, require_decided=True)
    assert pruned.verdict is Verdict.WINNABLE
    after = pos.copy()
    after.play(move(after, "W-F1"))
    assert solve(after, Limit(nodes=5_000), prune=False).verdict is Verdict.LOST


_ACE_BACK_ONLY = """
Game: big-apple
F1: AC 2C 3C 4C 5C 6C 7C
F2: AC 2C 3C 4C 5C 6C 7C
F3: AD 2D 3D 4D 5D 6D 7D
F4: AD 2D 3D 4D 5D 6D 7D
F5: AH 2H 3H 4H 5H 6H 7H
F6:
F7: AS
F8: AS 2S 3S 4S 5S 6S 7S
C1: 9C
C2: 9D
C3: 9H
1: 2S 3S 8C TC QD JH KC
2: 4S 5S 8C TC QD JH KC
3: 6S 7S 8D TD QH JS KD
4: AH 3H 8D TD QH JS KD
5: 4H 5H 8H TH QS JC KH
6: 6H 7H 9C 8H TH QS JC KH
7: 9D 9H 8S TS QC JD KS
8: 9S 9S 8S TS QC JD KS 2H
T:
"""


def test_no_ace_is_played_back() -> None:
    """Rule 3 of safe_moves: the only legal move here plays AS back onto 2H (then
    AS can only go home again, to F6 or F7); the pruned search never makes it, so
    the position is a dead end at once, in both engines (without the rule it
    would search that one position: the talon is empty, so no dead-end rule
    applies). The plain search makes it and finds the position lost too."""
    pos = parse_position(_ACE_BACK_ONLY)
    assert [format_move(pos, m) for m in pos.legal_moves] == ["F7-8"]
    pruned = searches_agree(pos, Limit(nodes=1_000))
    assert (pruned.verdict, pruned.nodes) == (Verdict.LOST, 0)
    plain = solve(pos, Limit(nodes=1_000), prune=False)
    assert plain.verdict is Verdict.LOST and plain.nodes > 1
