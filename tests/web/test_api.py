"""The JSON API: every endpoint, refusals with clear JSON errors, versions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.conf import settings

from patience import Position
from patience.notation import format_move, parse_move
from patience.play import auto_complete_moves, can_auto_complete, movables
from patience.solver import Limit, Verdict, solve, verify_line
from patience.view import public_view
from patience_site.play.api import StateOut
from patience_site.play.models import Game
from web.conftest import Player, replay, winning_line

pytestmark = pytest.mark.django_db


def test_a_move_changes_exactly_what_the_library_says(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    move = state["movable"][0]["click"]
    response = player.move(state, move)
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == state["version"] + 1
    assert after["moves_made"] == 1
    assert after["piles"] == public_view(replay(state, [move]))["piles"]
    assert after["can_undo"] and not after["can_redo"]
    # the move is stored: a reload shows it
    assert player.get(f"/api/games/{state['id']}").json()["piles"] == after["piles"]


def test_an_illegal_move_is_refused_and_changes_nothing(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    pos = Position.deal("bisley", 1)
    legal = {format_move(pos, m) for m in pos.legal_moves}
    illegal = next(
        f"{a}-{b}" for a in range(1, 14) for b in range(1, 14) if f"{a}-{b}" not in legal
    )
    response = player.move(state, illegal)
    assert response.status_code == 400
    assert illegal in response.json()["detail"]
    response = player.move(state, "garbage")
    assert response.status_code == 400
    assert "garbage" in response.json()["detail"]
    again = player.get(f"/api/games/{state['id']}").json()
    assert again["version"] == state["version"]
    assert again["piles"] == state["piles"]


def test_a_stale_version_gets_409_and_the_current_state(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    first, second = state["movable"][0]["click"], state["movable"][1]["click"]
    assert player.move(state, first).status_code == 200
    response = player.move(state, second)  # the same version again: a second tab
    assert response.status_code == 409
    body = response.json()
    assert body["detail"]
    assert body["state"]["version"] == state["version"] + 1
    assert body["state"]["moves_made"] == 1


def test_undo_redo_restart(player: Player) -> None:
    state = player.page("/bisley/deal/2")
    assert player.act(state, "undo").status_code == 400  # nothing to undo
    moves = []
    for _ in range(3):
        moves.append(state["movable"][0]["click"])
        state = player.move(state, moves[-1]).json()
    state = player.act(state, "undo").json()
    assert state["moves_made"] == 2 and state["can_redo"] and state["undos"] == 1
    assert state["piles"] == public_view(replay(state, moves[:2]))["piles"]
    state = player.act(state, "redo").json()
    assert state["piles"] == public_view(replay(state, moves))["piles"]
    assert not state["can_redo"]
    state = player.act(state, "restart").json()
    assert state["moves_made"] == 0 and state["can_redo"] and not state["can_undo"]
    assert state["piles"] == public_view(Position.deal("bisley", 2))["piles"]
    # a different move drops the redo list
    other = next(m["click"] for m in state["movable"] if m["click"] != moves[0])
    state = player.move(state, other).json()
    assert not state["can_redo"]
    assert player.act(state, "redo").status_code == 400


def test_auto_complete_finishes_and_a_won_game_cannot_move(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    made: list[str] = []
    for text in winning_line("bisley", 1, 200_000):
        if can_auto_complete(replay(state, made)):
            break
        state = player.move(state, text).json()
        made.append(text)
    assert state["auto_complete"]
    pos = replay(state, made)
    expected = []
    for move in auto_complete_moves(pos):
        expected.append(format_move(pos, move))
        pos.push(move)
    done = player.act(state, "auto-complete").json()
    assert done["won"] and done["status"] == "won" and done["verdict"] is None
    assert done["played"] == expected
    refused = player.move(done, "1-2")
    assert refused.status_code == 409
    assert refused.json()["state"]["won"]
    assert player.act(done, "auto-complete").status_code == 409


def test_hints_lead_to_a_win(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    for _ in range(200):
        if state["won"]:
            break
        hint = player.post(f"/api/games/{state['id']}/hint").json()
        assert hint["verdict"] == "winnable"
        assert hint["move"] in {m for entry in state["movable"] for m in entry["moves"]} | {
            state["stock_move"]
        }
        state = player.move(state, hint["move"]).json()
        assert state["verdict"] in ("winnable", None)
    assert state["won"]


def test_a_lost_deal_says_so(player: Player) -> None:
    status = Limit(nodes=settings.PATIENCE_STATUS_NODES)  # what the site's status check spends
    lost = next(
        n
        for n in range(1, 100)
        if solve(Position.deal("bisley", n), status).verdict is Verdict.LOST
    )
    state = player.page(f"/bisley/deal/{lost}")
    assert state["verdict"] == "lost"
    assert state["status"] in ("lost", "stuck")
    hint = player.post(f"/api/games/{state['id']}/hint").json()
    assert hint == {"verdict": "lost", "move": None, "pile": None, "index": None, "target": None}


def test_a_stuck_game_says_so(player: Player) -> None:
    state = player.page("/bisley/deal/3")
    while not state["stuck"]:
        assert state["movable"], "no move left, yet not stuck"
        state = player.move(state, state["movable"][0]["moves"][0]).json()
    assert state["status"] == "stuck"
    assert not state["movable"]


def test_gilbert_deals_from_the_stock_without_showing_hidden_cards(player: Player) -> None:
    state = player.page("/gilbert/deal/1")
    stock = next(p for p in state["piles"] if p["id"] == "S")
    assert all(card is None for card in stock["cards"])
    assert state["stock_move"] == "S-W"
    after = player.move(state, "S-W").json()
    waste = next(p for p in after["piles"] if p["id"] == "W")
    assert len(waste["cards"]) == 3 and all(waste["cards"])
    assert after["piles"] == public_view(replay(state, ["S-W"]))["piles"]
    columns = [p for p in after["piles"] if p["kind"] == "tableau"]
    assert [c["cards"].count(None) for c in columns] == list(range(7))


def test_big_apple_shows_only_the_talon_top(player: Player) -> None:
    state = player.page("/big-apple/deal/1")
    talon = next(p for p in state["piles"] if p["id"] == "T")
    assert len(talon["cards"]) == 96
    assert talon["cards"][:-1] == [None] * 95 and talon["cards"][-1]


def test_new_games_and_their_errors(player: Player) -> None:
    player.page("/bisley/")
    response = player.post("/api/games", {"game": "gilbert", "deal": 42})
    assert response.status_code == 201
    assert response.json()["deal"] == 42 and response.json()["game"] == "gilbert"
    response = player.post("/api/games", {"game": "bisley"})
    assert response.status_code == 201 and response.json()["deal"] >= 1
    for body, words in [
        ({"game": "chess"}, "chess"),
        ({"game": "bisley", "deal": 0}, "deal"),
        ({"game": "bisley", "deal": 2**63}, "deal"),
        ({"game": "bisley", "deal": "x"}, "deal"),
        ({}, "game"),
    ]:
        response = player.post("/api/games", body)
        assert response.status_code == 400, body
        assert words in response.json()["detail"], response.json()
    response = player.post("/api/games", "{not json")
    assert response.status_code == 400 and response.json()["detail"]


def test_solvable_deals_are_proved_winnable(player: Player) -> None:
    player.page("/bisley/")
    state = player.post("/api/games", {"game": "bisley", "solvable": True}).json()
    assert state["solvable"] and state["verdict"] == "winnable"
    result = solve(Position.deal("bisley", state["deal"]), Limit(nodes=20_000))
    assert result.verdict is Verdict.WINNABLE


def test_another_player_cannot_see_or_move_a_game(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    other = Player()
    other.page("/bisley/deal/1")  # has a session (and a game of the same deal)
    assert other.get(f"/api/games/{state['id']}").status_code == 404
    response = other.move(state, state["movable"][0]["click"])
    assert response.status_code == 404 and response.json()["detail"]
    assert other.post(f"/api/games/{state['id']}/hint").status_code == 404
    assert player.get(f"/api/games/{state['id']}").json()["version"] == 0
    assert other.get("/api/games/not-a-uuid").status_code in (400, 404)


def test_no_session_and_no_csrf_token_are_refused(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    fresh = Player()
    response = fresh.get(f"/api/games/{state['id']}")
    assert response.status_code == 401 and response.json()["detail"]
    response = player.post(f"/api/games/{state['id']}/undo", {"version": 0}, csrf=False)
    assert response.status_code == 403 and response.json()["detail"]


def test_an_oversized_body_is_refused(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    body = '{"version": 0, "move": "' + "x" * 200_000 + '"}'
    response = player.post(f"/api/games/{state['id']}/move", body)
    assert response.status_code in (400, 413)
    assert player.get(f"/api/games/{state['id']}").json()["version"] == 0


def test_every_movable_card_lists_the_librarys_moves(player: Player) -> None:
    state = player.page("/big-apple/deal/7")
    pos = Position.deal("big-apple", 7)
    expected = {
        (pos.layout.labels[m.pile], tuple(format_move(pos, mv) for mv in m.moves))
        for m in movables(pos)
    }
    assert {(m["pile"], tuple(m["moves"])) for m in state["movable"]} == expected
    for entry in state["movable"]:
        assert entry["click"] in entry["moves"]


def test_the_stored_winning_line_always_wins_from_the_current_position(player: Player) -> None:
    """The status check reuses a stored line without searching: it must stay true
    through moves on and off the line, undo and redo."""
    rng = random.Random(7)
    state = player.page("/bisley/deal/1")
    winnable_seen = 0
    for _ in range(60):
        game = Game.objects.get(pk=state["id"])
        pos = replay(state, game.made)
        if game.line:
            winnable_seen += 1
            probe, moves = pos.copy(), []
            for text in game.line:
                moves.append(parse_move(probe, text))
                probe.push(moves[-1])
            verify_line(pos, tuple(moves))
            assert state["verdict"] == "winnable"
        if state["stuck"] or state["won"] or (state["can_undo"] and rng.random() < 0.3):
            state = player.act(state, "undo").json()
        elif state["can_redo"] and rng.random() < 0.3:
            state = player.act(state, "redo").json()
        elif game.line and rng.random() < 0.5:
            state = player.move(state, game.line[0]).json()
        else:
            state = player.move(state, rng.choice(state["movable"])["moves"][0]).json()
        if not state["checked"]:  # as the browser does after each answer
            state = player.act(state, "check").json()
    assert winnable_seen > 10


def test_malformed_bodies_and_unknown_api_paths_get_json_errors(player: Player) -> None:
    state = player.page("/bisley/deal/1")
    token = player.client.cookies["csrftoken"].value
    response = player.client.post(  # found by schemathesis: this was a 500
        f"/api/games/{state['id']}/undo",
        b"x",
        content_type="multipart/form-data",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 400 and response.json()["detail"]
    response = player.get("/api/nothing-here")
    assert response.status_code == 404 and response.json()["detail"] == "Not Found"
    response = player.client.put(f"/api/games/{state['id']}/move", "{}", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 405 and response.json()["detail"]


def test_the_fast_replay_and_the_checked_replay_agree(player: Player) -> None:
    """Positions are rebuilt from the stored numbers of the moves; where those are
    missing (or do not match the moves) from the moves' notation."""
    from patience_site.play import services

    state = player.page("/gilbert/deal/9")
    rng = random.Random(3)
    for _ in range(25):
        if state["can_undo"] and rng.random() < 0.2:
            state = player.act(state, "undo").json()
        else:
            moves = [m for entry in state["movable"] for m in entry["moves"]]
            state = player.move(state, rng.choice([*moves, state["stock_move"]])).json()
    game = Game.objects.get(pk=state["id"])
    assert len(game.codes) == len(game.moves)
    services._POSITIONS.clear()
    fast = services.position(game)
    game.codes = []
    services._POSITIONS.clear()
    checked = services.position(game)
    assert fast.piles == checked.piles == replay(state, game.made).piles


def test_every_state_reply_matches_the_documented_schema(player: Player) -> None:
    """The game endpoints write their JSON themselves (api._state): each reply must
    still be exactly what the OpenAPI schema's StateOut says."""
    fields = set(StateOut.model_fields)

    def checked(response: Any, status: int = 200) -> dict[str, Any]:
        assert response.status_code == status, response.content
        assert response["Content-Type"] == "application/json"
        body: dict[str, Any] = response.json()
        assert set(body) == fields, set(body) ^ fields
        assert StateOut.model_validate(body).model_dump() == body
        return body

    player.page("/bisley/deal/1")  # the session
    for game in ("bisley", "gilbert", "big-apple"):
        state = checked(player.post("/api/games", {"game": game, "deal": 5}), 201)
        state = checked(player.move(state, state["movable"][0]["click"]))
        state = checked(player.act(state, "undo"))
        state = checked(player.act(state, "redo"))
        state = checked(player.get(f"/api/games/{state['id']}"))
        state = checked(player.act(state, "restart"))
        state = checked(player.act(state, "check"))
    state = player.post("/api/games", {"game": "bisley", "deal": 1}).json()
    for text in winning_line("bisley", 1, 200_000):
        if state["auto_complete"]:
            break
        state = player.move(state, text).json()
    done = checked(player.act(state, "auto-complete"))
    assert done["won"] and done["played"]
