"""The randomized restarts (solver/restarts.py): a win-only phase of many short
shuffled searches; the compiled engines shuffle exactly as the Python one does,
and the phase wins deals that the single searches miss."""

from __future__ import annotations

import pytest
from solverkit import replay_wins, searches_agree

from patience import Move, Position, get_game
from patience.solver import QUICK, Limit, Verdict, fast, nrpa, restarts, solve, streamline
from patience.solver.engine import single_search
from patience.solver.phases import _restart_phase, _win_phases, _win_shares

NATIVE = fast.available(get_game("gilbert")) and fast.available(get_game("big-apple"))


def test_the_random_numbers_are_xorshift64() -> None:
    """By hand: 1 ^ 1 << 13 = 8193; ^ 8193 >> 7 = 8257; ^ 8257 << 17 = 1082269761."""
    rng = restarts.Rng(1)
    assert rng.below(1 << 62) == 1_082_269_761
    assert rng.state == 1_082_269_761
    assert [restarts.Rng(1).below(10) for _ in range(3)] == [1, 1, 1]  # repeatable


def test_a_zero_or_oversized_random_state_is_refused() -> None:
    with pytest.raises(ValueError, match="nonzero 64-bit"):
        restarts.Rng(0)
    with pytest.raises(ValueError, match="nonzero 64-bit"):
        restarts.Rng(1 << 64)


def test_every_restart_has_its_own_nonzero_seed() -> None:
    seeds = [restarts.seed(i) for i in range(10_000)]
    assert all(0 < s < 1 << 64 for s in seeds)
    assert len(set(seeds)) == len(seeds)


def test_shuffle_keeps_the_foundation_steps_first_and_every_step() -> None:
    pos = Position.deal("gilbert", 1)
    layout = pos.layout
    to_base = [(Move(8, f, 1),) for f in layout.foundations[:2]]
    others = [(Move(8, t, 1),) for t in layout.tableau]
    orders = set()
    for i in range(20):
        steps = to_base + others
        restarts.shuffle(pos, steps, restarts.Rng(restarts.seed(i)))
        assert steps[:2] == to_base
        assert sorted(steps[2:]) == sorted(others)
        orders.add(tuple(steps))
    assert len(orders) > 10  # the others really are shuffled


# (game, deal, restart): wins within 2,000 positions and undecided restarts
CASES = [
    ("gilbert", 330, 1),
    ("gilbert", 711, 32),
    ("gilbert", 1, 0),
    ("big-apple", 826, 31),
    ("big-apple", 274, 66),
    ("big-apple", 5, 0),
]


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
@pytest.mark.parametrize(("game", "deal", "restart"), CASES)
def test_compiled_restarts_equal_the_python_ones(game: str, deal: int, restart: int) -> None:
    pos = Position.deal(game, deal)
    searches_agree(pos, Limit(nodes=2_000), streamlined=True, seed=restarts.seed(restart))


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_a_seed_changes_the_search() -> None:
    """Deal 330 of Gilbert: restart 1 wins within 300 positions; the unshuffled
    streamlined search does not within 100,000."""
    pos = Position.deal("gilbert", 330)
    won = single_search(pos, Limit(nodes=2_000), streamlined=True, seed=restarts.seed(1))
    assert won.verdict is Verdict.WINNABLE and won.nodes < 300
    assert single_search(pos, Limit(nodes=100_000), streamlined=True).verdict is Verdict.UNKNOWN


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
@pytest.mark.parametrize(
    ("game", "deal", "budget"), [("gilbert", 664, 50_000), ("big-apple", 826, 300_000)]
)
def test_the_phases_win_with_restarts_what_the_single_searches_miss(
    game: str, deal: int, budget: int
) -> None:
    """Both deals were undecided by the phases without restarts at the deep budget
    (millions of positions); the best-first and the streamlined depth-first search
    alone find nothing within 100,000 positions. With the restarts' share of
    ``budget`` (2,000 positions a restart) the phases win them."""
    pos = Position.deal(game, deal)
    for best_first in (False, True):
        alone = single_search(pos, Limit(nodes=100_000), streamlined=True, best_first=best_first)
        assert alone.verdict is Verdict.UNKNOWN
    result = solve(pos, Limit(nodes=budget))
    assert result.verdict is Verdict.WINNABLE
    assert result.nodes < budget
    replay_wins(pos, result.line)


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_the_restarts_stop_when_the_streamlined_moves_are_exhausted() -> None:
    """Deal 1 of Big Apple is lost at the start (talon_room): the first restart
    has no child to search, so the phase stops there instead of restarting."""
    pos = Position.deal("big-apple", 1)
    phase = _restart_phase(pos, Limit(nodes=100_000), native=True)
    assert phase.verdict is Verdict.LOST
    assert phase.nodes == 0


def test_the_restarts_apply_to_the_games_with_a_stock_or_a_talon() -> None:
    assert restarts.applies(get_game("gilbert"))
    assert restarts.applies(get_game("big-apple"))
    assert not restarts.applies(get_game("bisley"))


def test_only_gilbert_solves_with_the_streamlined_restarts_and_depth_first_phase() -> None:
    """Big Apple's complete restarts win what these won (docs/solver.md, "Complete
    restarts first"): its win-only phases are the two best-first ones, then they."""
    assert restarts.streamlined_applies(get_game("gilbert"))
    assert streamline.phase_applies(get_game("gilbert"))
    big_apple = get_game("big-apple")
    assert not restarts.streamlined_applies(big_apple)
    assert not streamline.phase_applies(big_apple)
    names = [name for _, name, _ in _win_shares(big_apple, Limit(nodes=1_000))]
    assert names == ["best-first", "best-first", "complete restarts"]
    gilbert = get_game("gilbert")
    assert [name for _, name, _ in _win_shares(gilbert, QUICK)] == [
        "best-first",
        "restarts",
        "complete restarts",
        "noisy restarts",
        "depth-first",
    ]
    # where NRPA runs, it takes the streamlined restarts' whole share (nrpa.TAKES)
    assert [name for _, name, _ in _win_shares(gilbert, Limit(nodes=1_000))] == [
        "best-first",
        "nrpa",
        "complete restarts",
        "noisy restarts",
        "depth-first",
    ]


# ----------------------------------------------------------------- complete restarts
@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
@pytest.mark.parametrize(
    ("game", "deal", "restart"),
    [("gilbert", 7, 1), ("gilbert", 7, 0), ("gilbert", 2, 3), ("big-apple", 76, 0)],
)
def test_compiled_complete_restarts_equal_the_python_ones(
    game: str, deal: int, restart: int
) -> None:
    """The complete depth-first search shuffles its children as the Python one
    does (Gilbert 7 restart 1 wins within 2,000 positions, Big Apple 76 restart 0
    within 4,000; the others stay open)."""
    pos = Position.deal(game, deal)
    nodes = 4_000 if game == "big-apple" else 2_000
    searches_agree(pos, Limit(nodes=nodes), seed=restarts.seed(restart))


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_the_complete_restarts_win_what_the_streamlined_ones_miss() -> None:
    """Gilbert deal 7 (undecided at the deep budget before the complete restarts;
    its lines play cards back from the foundations, which the streamlined moves
    never do): 50 streamlined restarts find nothing, the second complete restart
    wins after 9,480 positions of its own, and so do the phases."""
    pos = Position.deal("gilbert", 7)
    shuffled = _restart_phase(pos, Limit(nodes=100_000), native=True)
    assert shuffled.verdict is Verdict.UNKNOWN
    complete = _restart_phase(pos, Limit(nodes=100_000), native=True, complete=True)
    assert complete.verdict is Verdict.WINNABLE
    assert complete.nodes == restarts.COMPLETE_NODES["stock"] + 9_480
    result = solve(pos, Limit(nodes=1_000_000))
    assert result.verdict is Verdict.WINNABLE and result.line == complete.line
    replay_wins(pos, result.line)


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_the_complete_restarts_win_big_apple_deals_the_streamlined_ones_miss() -> None:
    """Big Apple deal 76 (undecided at the deep budget before the complete
    restarts): 50 streamlined restarts find nothing; the first complete restart
    wins after 3,255 positions (3,856 before frozen piles' breaks cut more), with
    a line of 3,152 moves that replays to a win."""
    pos = Position.deal("big-apple", 76)
    shuffled = _restart_phase(pos, Limit(nodes=100_000), native=True)
    assert shuffled.verdict is Verdict.UNKNOWN
    complete = _restart_phase(pos, Limit(nodes=100_000), native=True, complete=True)
    assert complete.verdict is Verdict.WINNABLE
    assert complete.nodes == 3_255
    replay_wins(pos, complete.line)


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_the_complete_restarts_run_after_the_streamlined_moves_are_exhausted() -> None:
    """Big Apple deal 1 is lost at the start: the best-first phase exhausts the
    streamlined moves at once, the later streamlined phases are skipped, and the
    first complete restart has no child either, which ends the win-only phases:
    no position searched, and the complete search proves the loss."""
    pos = Position.deal("big-apple", 1)
    rules = pos.rules
    won = _win_phases(
        pos, Limit(nodes=100_000), _win_shares(rules, Limit(nodes=100_000)), native=True
    )
    assert won.verdict is Verdict.UNKNOWN and won.nodes == 0
    alone = _restart_phase(pos, Limit(nodes=100_000), native=True, complete=True)
    assert alone.verdict is Verdict.LOST and alone.nodes == 0  # no child: the phase ends
    assert solve(pos, Limit(nodes=100_000)).verdict is Verdict.LOST


def test_the_games_with_a_stock_or_a_talon_have_the_complete_restarts() -> None:
    assert restarts.complete_applies(get_game("gilbert"))
    assert restarts.complete_applies(get_game("big-apple"))
    assert not restarts.complete_applies(get_game("bisley"))


# ----------------------------------------------------------------- noisy best-first
@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
@pytest.mark.parametrize(
    ("deal", "restart", "nodes"), [(908, 0, 2_000), (829, 5, 2_000), (1, 0, 3_000)]
)
def test_compiled_noisy_best_first_equals_the_python_one(
    deal: int, restart: int, nodes: int
) -> None:
    pos = Position.deal("gilbert", deal)
    seed = restarts.seed(restart)
    searches_agree(pos, Limit(nodes=nodes), streamlined=True, best_first=True, seed=seed)


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_the_noisy_restarts_win_what_the_shuffled_ones_miss(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Gilbert deal 908 (undecided at the deep budget before the restarts): the
    best-first search alone and 50 shuffled depth-first restarts find nothing; the
    first noisy best-first restart wins within 600 positions, and so do the
    phases without NRPA (which runs before them and, with it, wins the deal first)."""
    monkeypatch.setattr(nrpa, "applies", lambda rules: False)
    pos = Position.deal("gilbert", 908)
    alone = single_search(pos, Limit(nodes=100_000), streamlined=True, best_first=True)
    assert alone.verdict is Verdict.UNKNOWN
    shuffled = _restart_phase(pos, Limit(nodes=100_000), native=True)
    assert shuffled.verdict is Verdict.UNKNOWN
    noisy = _restart_phase(pos, Limit(nodes=20_000), native=True, noisy=True)
    assert noisy.verdict is Verdict.WINNABLE and noisy.nodes < 600
    result = solve(pos, Limit(nodes=200_000))
    assert result.verdict is Verdict.WINNABLE and result.line == noisy.line
    replay_wins(pos, result.line)


@pytest.mark.skipif(not NATIVE, reason="compiled engines not built")
def test_shorter_noisy_restarts_win_sooner(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gilbert deal 388 (won in the deep stage of a benchmark run): the noisy
    restarts of ``NOISY_NODES`` (5,000) positions each win it in the 93rd restart,
    within 500,000 positions; restarts of 20,000 positions, as they were, do not
    (docs/solver.md, "Shorter noisy restarts")."""
    pos = Position.deal("gilbert", 388)
    assert restarts.NOISY_NODES == 5_000
    short = _restart_phase(pos, Limit(nodes=500_000), native=True, noisy=True)
    assert short.verdict is Verdict.WINNABLE
    assert 92 * 5_000 < short.nodes < 93 * 5_000
    replay_wins(pos, short.line)
    monkeypatch.setattr(restarts, "NOISY_NODES", 20_000)
    long = _restart_phase(pos, Limit(nodes=500_000), native=True, noisy=True)
    assert long.verdict is Verdict.UNKNOWN and long.nodes == 500_000


def test_only_gilbert_has_the_noisy_restarts() -> None:
    assert restarts.noisy_applies(get_game("gilbert"))
    assert not restarts.noisy_applies(get_game("big-apple"))
    assert not restarts.noisy_applies(get_game("bisley"))
