"""Move-count fixtures ("perft"): the counts in perft_data.json are recomputed and
compared; a mismatch shows the counts per first move, expected beside actual.

Regenerate the data (only after a deliberate rule change) with
``.venv/bin/python tests/library/make_perft.py --check-oracle``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from make_perft import CASES, DATA, oracle_moves, perft

from patience import Position

CASE_DATA: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["cases"]


def case_id(case: dict[str, Any]) -> str:
    return f"{case['game']}-{case['deal']}-d{case['depth']}"


def breakdown(expected: dict[str, list[int]], actual: dict[str, list[int]]) -> str:
    """One line per first move: expected and actual counts per depth."""
    lines = [f"{'first move':<12} {'expected':<32} actual"]
    for name in sorted(expected.keys() | actual.keys()):
        want, got = expected.get(name), actual.get(name)
        mark = "" if want == got else "   <-- differs"
        lines.append(f"{name:<12} {want!s:<32} {got!s}{mark}")
    return "\n".join(lines)


def check(case: dict[str, Any], total: list[int], by_first: dict[str, list[int]]) -> None:
    if total != case["total"] or by_first != case["by_first_move"]:
        pytest.fail(
            f"perft of {case['game']} deal {case['deal']} to depth {case['depth']}: "
            f"expected totals {case['total']}, got {total}\n"
            + breakdown(case["by_first_move"], by_first),
            pytrace=False,
        )


def test_the_data_covers_every_case() -> None:
    assert [(c["game"], c["deal"], c["depth"]) for c in CASE_DATA] == list(CASES)
    for case in CASE_DATA:
        assert len(case["total"]) == case["depth"]
        assert case["total"][0] == len(case["by_first_move"])
        for counts in case["by_first_move"].values():
            assert len(counts) == case["depth"] and counts[0] == 1
        # a total is at least the largest per-move count and at most their sum
        for k in range(case["depth"]):
            column = [counts[k] for counts in case["by_first_move"].values()]
            assert max(column) <= case["total"][k] <= sum(column)
    assert {c["game"] for c in CASE_DATA if c["depth"] >= 4} == {"bisley", "big-apple", "gilbert"}


@pytest.mark.parametrize("case", CASE_DATA, ids=case_id)
def test_perft(case: dict[str, Any]) -> None:
    total, by_first = perft(Position.deal(case["game"], case["deal"]), case["depth"])
    check(case, total, by_first)


@pytest.mark.parametrize("case", [c for c in CASE_DATA if c["game"] != "big-apple"], ids=case_id)
def test_perft_with_the_oracle(case: dict[str, Any]) -> None:
    """The same counts made with the independent rule oracle's moves."""
    total, by_first = perft(Position.deal(case["game"], case["deal"]), case["depth"], oracle_moves)
    check(case, total, by_first)


@pytest.mark.parametrize("case", [c for c in CASE_DATA if c["game"] == "big-apple"], ids=case_id)
def test_big_apple_perft_with_the_oracle_to_depth_3(case: dict[str, Any]) -> None:
    total, by_first = perft(Position.deal(case["game"], case["deal"]), 3, oracle_moves)
    short = {
        "game": case["game"], "deal": case["deal"], "depth": 3, "total": case["total"][:3],
        "by_first_move": {name: counts[:3] for name, counts in case["by_first_move"].items()},
    }  # fmt: skip
    check(short, total, by_first)


def test_a_mismatch_names_the_first_move() -> None:
    case = dict(CASE_DATA[0])
    case["by_first_move"] = dict(case["by_first_move"])
    name = next(iter(case["by_first_move"]))
    case["by_first_move"][name] = [1, 0, 0, 0]
    total, by_first = perft(Position.deal(case["game"], case["deal"]), case["depth"])
    with pytest.raises(pytest.fail.Exception) as info:
        check(case, total, by_first)
    lines = [ln for ln in str(info.value).splitlines() if ln.endswith("differs")]
    assert len(lines) == 1 and lines[0].startswith(name)
