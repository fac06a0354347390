"""Statistics: played / won / lost by the rules of the issue, streaks, the merge
into an account at sign-in, the daily streak across days (frozen clock)."""

from __future__ import annotations

import datetime as dt
import re
from unittest import mock

import pytest
from django.contrib.auth.models import User

from patience import Position
from patience.notation import format_move
from patience.solver import Limit, solve
from patience_site.daily.models import DailyDeal, DailyResult
from patience_site.stats.services import day_streaks, streaks
from web.conftest import Player

pytestmark = pytest.mark.django_db


def _numbers(player: Player, game: str) -> dict[str, str]:
    html = player.get("/stats/").content.decode()
    card = html[html.index(f'id="stats-{game}"') :]
    card = card[: card.index("</section>")]
    return dict(re.findall(r'data-stat="([a-z-]+)">([^<]*)<', card))


def _win(player: Player, deal: int) -> None:
    state = player.page(f"/bisley/deal/{deal}")
    pos = Position.deal("bisley", deal)
    for move in solve(pos, Limit(nodes=200_000)).line:
        state = player.move(state, format_move(pos, move)).json()
        pos.push(move)
    assert state["won"]


def _start(player: Player, game: str, deal: int) -> None:
    state = player.page(f"/{game}/deal/{deal}")
    move = state["stock_move"] or state["movable"][0]["click"]
    player.move(state, move)


def test_streak_arithmetic() -> None:
    assert streaks([]) == (0, 0)
    assert streaks([False, True, True, True, False, True, True]) == (2, 3)
    assert streaks([True, False]) == (0, 1)
    day = dt.date(2026, 2, 27)
    run = {day + dt.timedelta(days=i) for i in range(4)}  # 27 Feb .. 2 Mar, across a month
    assert day_streaks(run, today=dt.date(2026, 3, 2)) == (4, 4)
    assert day_streaks(run, today=dt.date(2026, 3, 3)) == (4, 4)  # today's not played yet
    assert day_streaks(run, today=dt.date(2026, 3, 4)) == (0, 4)  # a day was missed
    assert day_streaks(set(), today=day) == (0, 0)


def test_played_won_lost_and_in_progress(player: Player) -> None:
    assert _numbers(player, "bisley")["played"] == "0"
    player.page("/bisley/deal/20")  # opened, no move: not played
    _start(player, "bisley", 21)  # started, then abandoned for ...
    _win(player, 1)  # ... a won game
    _start(player, "bisley", 22)  # in progress
    numbers = _numbers(player, "bisley")
    assert numbers["played"] == "3" and numbers["won"] == "1"
    assert numbers["win-rate"] == "33 %"
    assert numbers["current-streak"] == "1" and numbers["longest-streak"] == "1"
    assert int(numbers["fewest-moves"]) > 0
    assert _numbers(player, "gilbert")["played"] == "0"


def test_statistics_come_along_at_sign_in(player: Player) -> None:
    _win(player, 1)
    _start(player, "gilbert", 5)
    User.objects.create_user("hal", password="pw-123456789")
    other = Player()  # the account's other browser already had a lost game
    other.client.force_login(User.objects.get(username="hal"))
    _start(other, "bisley", 30)
    _start(other, "bisley", 31)
    player.get("/accounts/login/")
    player.client.post(
        "/accounts/login/",
        {
            "username": "hal",
            "password": "pw-123456789",
            "csrfmiddlewaretoken": player.client.cookies["csrftoken"].value,
        },
    )
    numbers = _numbers(player, "bisley")
    assert numbers["played"] == "3" and numbers["won"] == "1"
    assert _numbers(player, "gilbert")["played"] == "1"
    assert _numbers(other, "bisley") == numbers  # the same account on both browsers


def test_the_daily_streak_across_days_with_a_frozen_clock(player: Player) -> None:
    user = User.objects.create_user("ivy", password="pw-123456789")
    player.client.force_login(user)
    for day in (dt.date(2026, 12, 30), dt.date(2026, 12, 31), dt.date(2027, 1, 1)):
        daily = DailyDeal.objects.create(game="bisley", date=day, deal=day.day)
        DailyResult.objects.create(daily=daily, user=user, moves=90, seconds=60.0, undos=0)
    with mock.patch("django.utils.timezone.localdate", return_value=dt.date(2027, 1, 2)):
        assert _numbers(player, "bisley")["daily-streak"].startswith("3 ")
    with mock.patch("django.utils.timezone.localdate", return_value=dt.date(2027, 1, 3)):
        assert _numbers(player, "bisley")["daily-streak"].startswith("0 ")
