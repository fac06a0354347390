"""The pool of proved deals behind the Solvable toggle."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from patience import Position
from patience.solver import Limit, Verdict, solve
from patience_site.play.models import ProvedDeal
from web.conftest import Player

pytestmark = pytest.mark.django_db


def _winnable(game: str, deal: int) -> bool:
    return solve(Position.deal(game, deal), Limit(nodes=50_000)).verdict is Verdict.WINNABLE


def test_solvable_deals_come_from_the_pool_and_are_not_repeated(player: Player) -> None:
    pool = [n for n in range(1, 40) if _winnable("bisley", n)][:3]
    for n in pool:
        ProvedDeal.objects.create(game="bisley", deal=n, winnable=True)
    player.page("/bisley/")
    dealt = set()
    for _ in range(3):
        state = player.post("/api/games", {"game": "bisley", "solvable": True}).json()
        assert state["verdict"] == "winnable"
        dealt.add(state["deal"])
    assert dealt == set(pool)  # each pool deal once, then ...
    state = player.post("/api/games", {"game": "bisley", "solvable": True}).json()
    assert state["deal"] not in pool  # ... a new one is searched for and added to the pool
    assert _winnable("bisley", state["deal"])
    assert ProvedDeal.objects.filter(game="bisley", deal=state["deal"], winnable=True).exists()


def test_fill_deal_pool_stores_true_verdicts() -> None:
    call_command("fill_deal_pool", "bisley", "--count", "3")
    proofs = list(ProvedDeal.objects.filter(game="bisley"))
    assert sum(p.winnable for p in proofs) == 3
    for proof in proofs:
        assert _winnable("bisley", proof.deal) is proof.winnable


def test_without_a_new_proved_deal_a_played_one_comes_again_or_a_clear_error(
    player: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    from patience_site.play import solving

    monkeypatch.setattr(solving, "proved_deal", lambda *args: None)  # busy, or none found
    player.page("/bisley/")
    refused = player.post("/api/games", {"game": "bisley", "solvable": True})
    assert refused.status_code == 400 and "try again" in refused.json()["detail"]
    deal = next(n for n in range(1, 40) if _winnable("bisley", n))
    ProvedDeal.objects.create(game="bisley", deal=deal, winnable=True)
    for _ in range(2):  # the first time it is new, the second time it was played
        state = player.post("/api/games", {"game": "bisley", "solvable": True}).json()
        assert state["deal"] == deal and state["verdict"] == "winnable"
