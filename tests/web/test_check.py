"""Moves are answered before the solver's status search; ``POST .../check`` runs it
for the position at a version, stores its verdict and leaves the version alone."""

from __future__ import annotations

from django.conf import settings

from patience import Position
from patience.solver import Limit, Verdict, solve
from patience_site.play.models import Game
from poskit import losing_first_move

from .conftest import Player, replay


def _status(pos: Position) -> Verdict:
    """What the site's status search says about ``pos``."""
    return solve(pos, Limit(nodes=settings.PATIENCE_STATUS_NODES)).verdict


def losing_move() -> tuple[int, str]:
    return losing_first_move(settings.PATIENCE_STATUS_NODES)


def test_a_move_is_answered_first_and_the_check_then_proves_it_lost(player: Player) -> None:
    deal, text = losing_move()
    state = player.page(f"/bisley/deal/{deal}")
    assert state["verdict"] == "winnable" and state["checked"]
    moved = player.move(state, text).json()
    assert moved["version"] == state["version"] + 1
    assert moved["verdict"] == "unknown" and not moved["checked"]
    assert moved["status"] == "playing"
    assert not Game.objects.get(pk=state["id"]).checked

    checked = player.act(moved, "check").json()
    assert checked["version"] == moved["version"]  # a check is not a change
    assert checked["verdict"] == "lost" and checked["status"] == "lost" and checked["checked"]
    game = Game.objects.get(pk=state["id"])
    assert game.checked and game.verdict == Game.Verdict.LOST and game.version == moved["version"]
    # a second check searches nothing and says the same
    assert player.act(moved, "check").json() == checked
    # lost stays lost on every move, with nothing left to check
    follow = player.move(checked, checked["movable"][0]["moves"][0]).json()
    assert follow["verdict"] == "lost" and follow["checked"]
    # undo makes it open again: unknown until checked
    back = player.act(follow, "undo").json()
    assert back["verdict"] == "unknown" and not back["checked"]


def test_the_check_gives_the_status_search_verdict_after_any_move(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    game = Game.objects.get(pk=state["id"])
    off_line = next(
        m for e in state["movable"] for m in e["moves"] if m != (game.line or [None])[0]
    )
    moved = player.move(state, off_line).json()
    assert not moved["checked"]
    checked = player.act(moved, "check").json()
    expected = _status(replay(moved, [off_line]))
    assert checked["verdict"] == expected.value and checked["checked"]
    if expected is Verdict.WINNABLE:
        assert Game.objects.get(pk=state["id"]).line  # the line for the next moves


def test_following_the_line_needs_no_check(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    for _ in range(5):
        line = Game.objects.get(pk=state["id"]).line
        state = player.move(state, line[0]).json()
        assert state["verdict"] in ("winnable", None) and state["checked"]


def test_a_stale_or_foreign_check_changes_nothing(player: Player) -> None:
    deal, text = losing_move()
    state = player.page(f"/bisley/deal/{deal}")
    moved = player.move(state, text).json()
    stale = player.act(state, "check")  # the version before the move
    assert stale.status_code == 409
    assert stale.json()["detail"] and stale.json()["state"]["version"] == moved["version"]
    other = Player()
    other.page("/bisley/deal/1")
    assert other.act(moved, "check").status_code == 404
    assert player.act(moved, "check").status_code == 200
    no_csrf = player.post(f"/api/games/{moved['id']}/check", {"version": 1}, csrf=False)
    assert no_csrf.status_code == 403
    game = Game.objects.get(pk=state["id"])
    assert game.version == moved["version"] and game.cursor == 1
