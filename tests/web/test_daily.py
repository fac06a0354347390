"""The deal of the day: the same stored deal for everyone, sign-in required,
resumed anywhere, the first win recorded after a replay, the leaderboard."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from patience import Position
from patience.solver import Limit, Verdict, solve
from patience_site.daily import services
from patience_site.daily.models import DailyDeal, DailyGame, DailyResult
from patience_site.play.models import Game
from web.conftest import Player, winning_line

pytestmark = pytest.mark.django_db


def _signed_in(name: str) -> Player:
    player = Player()
    player.client.force_login(User.objects.create_user(name, password="pw-123456789"))
    return player


def test_everyone_gets_the_same_proved_winnable_deal() -> None:
    first = _signed_in("ann").page("/bisley/daily")
    second = _signed_in("ben").page("/bisley/daily")
    assert first["deal"] == second["deal"] and first["id"] != second["id"]
    assert solve(Position.deal("bisley", first["deal"]), Limit(nodes=50_000)).verdict is (
        Verdict.WINNABLE
    )
    stored = DailyDeal.objects.get(game="bisley", date=services.today())
    assert stored.deal == first["deal"] == services.choose_deal("bisley", services.today())


def test_a_stored_day_never_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    day = dt.date(2026, 5, 1)
    before = services.daily_deal("bisley", day).deal
    monkeypatch.setattr(services, "choose_deal", lambda game, date: before + 1)  # a new generator
    assert services.daily_deal("bisley", day).deal == before
    assert services.daily_deal("bisley", day + dt.timedelta(days=1)).deal == before + 1


def test_the_choice_is_a_function_of_the_date() -> None:
    day = dt.date(2026, 7, 14)
    assert services.choose_deal("bisley", day) == services.choose_deal("bisley", day)
    days = [day + dt.timedelta(days=i) for i in range(5)]
    assert len({services.choose_deal("bisley", d) for d in days}) > 1


def test_anonymous_players_sign_in_and_come_straight_back(player: Player) -> None:
    response = player.get("/bisley/daily")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/bisley/daily"
    User.objects.create_user("cleo", password="pw-123456789")
    player.get(response["Location"])
    response = player.client.post(
        "/accounts/login/",
        {
            "username": "cleo",
            "password": "pw-123456789",
            "next": "/bisley/daily",
            "csrfmiddlewaretoken": player.client.cookies["csrftoken"].value,
        },
    )
    assert response.status_code == 302 and response["Location"] == "/bisley/daily"
    assert player.page("/bisley/daily")["deal"] == services.daily_deal("bisley").deal


def test_the_daily_game_is_resumed_on_another_device() -> None:
    DailyDeal.objects.create(game="gilbert", date=services.today(), deal=4)  # stored already
    user = User.objects.create_user("dora", password="pw-123456789")
    phone, laptop = Player(), Player()
    phone.client.force_login(user)
    laptop.client.force_login(user)
    state = phone.page("/gilbert/daily")
    state = phone.move(state, "S-W").json()
    resumed = laptop.page("/gilbert/daily")
    assert resumed["id"] == state["id"] and resumed["moves_made"] == 1


def test_the_first_win_is_recorded_once() -> None:
    player = _signed_in("eve")
    state = player.page("/bisley/daily")
    for text in winning_line("bisley", state["deal"], 500_000):
        state = player.move(state, text).json()
    assert state["won"]
    result = DailyResult.objects.get(user__username="eve")
    assert result.moves == state["moves_made"] and result.undos == 0 and result.seconds >= 0
    state = player.act(state, "restart").json()  # win it again: the first win stands
    for text in winning_line("bisley", state["deal"], 500_000)[:-1]:
        state = player.move(state, text).json()
    assert DailyResult.objects.filter(user__username="eve").count() == 1
    board = player.get(f"/bisley/daily/{services.today().isoformat()}").content.decode()
    assert "eve" in board and f"<td>{result.moves}</td>" in board


def test_a_forged_move_list_is_not_recorded() -> None:
    user = User.objects.create_user("fay", password="pw-123456789")
    daily = services.daily_deal("bisley")
    game = Game.objects.create(
        game="bisley", deal=daily.deal, user=user, moves=["1-2", "3-F1"], cursor=2, win_moves=2
    )
    DailyGame.objects.create(daily=daily, user=user, game=game)
    assert services.record_win(game) is None
    real = winning_line("bisley", daily.deal, 500_000)
    game.moves, game.win_moves = real[:-1], len(real) - 1  # a line that stops short of the win
    assert services.record_win(game) is None
    game.moves, game.win_moves = real, len(real)
    assert services.record_win(game) is not None
    assert not DailyResult.objects.exclude(moves=len(real)).exists()


def test_the_leaderboard_ranks_fewest_moves_then_time(player: Player) -> None:
    daily = DailyDeal.objects.create(game="big-apple", date=dt.date(2026, 3, 3), deal=12)
    for name, moves, seconds in [("slow", 90, 500.0), ("fast", 90, 100.0), ("few", 80, 900.0)]:
        DailyResult.objects.create(
            daily=daily, user=User.objects.create_user(name), moves=moves, seconds=seconds, undos=0
        )
    assert [r.user.username for r in services.leaderboard(daily)] == ["few", "fast", "slow"]
    html = player.get("/big-apple/daily/2026-03-03").content.decode()
    assert html.index("few") < html.index("fast") < html.index("slow")


def test_past_days_stay_viewable_and_bad_days_are_404(player: Player) -> None:
    assert player.get("/bisley/daily/2025-12-24").status_code == 200
    assert "Nobody has won" in player.get("/bisley/daily/2025-12-24").content.decode()
    tomorrow = services.today() + dt.timedelta(days=1)
    assert player.get(f"/bisley/daily/{tomorrow.isoformat()}").status_code == 404
    assert player.get("/bisley/daily/not-a-day").status_code == 404
    assert player.get("/daily/").status_code == 200
