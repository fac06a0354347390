"""Play features every game shares (RULES.md, seed 000) that the library provides:
the click rule, auto-complete (trigger and moves), and stuck, per game.

The settings themselves (auto-play, auto-complete on/off), new cards, hint and deal
of the day belong to the site, not to this library.
"""

from __future__ import annotations

from patience import (
    Move,
    auto_complete_moves,
    can_auto_complete,
    click_move,
    deal_move,
    movables,
    parse_card,
)
from patience.rules import Kind

# ----------------------------------------------------------------- click


def click(kit, pos, card, pile=None):
    """The click move on ``card`` as text, or None."""
    index = None if pile is None else pos.layout.by_label[pile]
    move = click_move(pos, parse_card(card), index)
    if move is None:
        return None
    labels = pos.layout.labels
    return f"{labels[move.src]}-{labels[move.dst]}" + (f"x{move.n}" if move.n > 1 else "")


def test_click_plays_a_card_to_a_foundation_if_it_fits(kit):
    """Click a card to play it: to a foundation if it fits, otherwise onto a column
    that takes it."""
    pos = kit.pos("bisley", "1: 6H\n2: 7H\n3: 5H")
    assert kit.cards(pos, "F3")[-1] == "4H"
    assert kit.legal(pos, "3-1")  # 5H could also go onto 6H
    assert click(kit, pos, "5H") == "3-F3"
    # fitting both foundations of its suit: the first in pile order (ace/up first)
    assert click(kit, kit.pos("bisley", "1: 7H"), "7H") == "1-F3"
    assert click(kit, kit.pos("gilbert", "1: 7S"), "7S") == "1-F4"
    # Big Apple: the first foundation that takes it
    pos = kit.pos("big-apple", "1: AH\n2: AS\n3: 2C")
    assert click(kit, pos, "AS") == "2-F7"


def test_click_otherwise_plays_onto_the_first_column_that_takes_it(kit):
    """Click ...: otherwise onto a column that takes it (the first non-empty one,
    left to right; then the first empty one that may take it; Big Apple: then the
    first empty cell)."""
    # Bisley: 6H fits no foundation (tops 4H and 8H); 5H in column 2 and 7H in 5
    pos = kit.pos("bisley", "2: 5H\n3: 6H\n5: 7H")
    assert kit.cards(pos, "F3")[-1] == "4H" and kit.cards(pos, "F7")[-1] == "8H"
    assert click(kit, pos, "6H") == "3-2"
    # Gilbert: a Seven goes onto an Eight before an empty column further left
    pos = kit.pos("gilbert", "3: 7S\n4: 6S\n5: 8D\n6: 8S")
    assert kit.legal(pos, "3-1")
    assert click(kit, pos, "7S") == "3-5"
    pos = kit.pos("gilbert", "3: 7S\n4: 6S\n6: 8S")
    assert click(kit, pos, "7S") == "3-1"
    # Big Apple: a talon card goes into an empty pile before a cell ...
    pos = kit.pos(
        "big-apple",
        "1: 5C\n2: 5C\n3: 5D\n4: 5D\n5: 5H\n6: 5H\n7: 5S\nT: KS",
    )
    assert click(kit, pos, "KS") == "T-8"
    # ... and a tableau card with nowhere else to go into the first empty cell
    pos = kit.pos("big-apple", "C1: KH\n1: KD\n2: QD\n3: QD\nT: QS")
    assert click(kit, pos, "KD") == "1-C2"


def test_click_moves_the_run_on_top_of_the_clicked_card(kit):
    """Click a card to play it ... (a card with cards on top that move with it)."""
    pos = kit.pos("gilbert", "1: KD | 9C 8H 7S\n2: TD")
    assert click(kit, pos, "9C") == "1-2x3"
    assert click(kit, pos, "8H") is None  # no black Nine to take 8H 7S
    assert click(kit, pos, "KD") is None  # face down


def test_click_on_a_card_without_a_move_does_nothing(kit):
    """Click a card to play it ... (only a card that can move is played)."""
    pos = kit.pos("bisley", "1: 4H 9D\n2: 5H")
    assert click(kit, pos, "4H") is None  # under the 9D
    assert click(kit, pos, "KC") is None  # on a foundation
    assert click(kit, pos, "9D") == "1-F2"


def test_click_with_two_decks_names_the_pile(kit):
    """Click a card to play it (Big Apple has two of each card: the pile says which)."""
    pos = kit.pos("big-apple", "1: 8C\n2: 9H\n3: 8C\n4: 7C\n5: 7C\nT: KS")
    assert click(kit, pos, "8C") == "1-2"
    assert click(kit, pos, "8C", pile="3") == "3-2"
    assert click(kit, pos, "8C", pile="2") is None


def test_movables_and_deal_move(kit):
    """Drag a card to choose its target yourself (movables lists every card that can
    move with its targets; dealing is the separate stock click)."""
    pos = kit.pos("gilbert", "1: KD | 9C 8H 7S\n2: TD\nS: 2S")
    found = {(kit.label(pos, m.pile), m.n): m for m in movables(pos)}
    assert ("1", 3) in found and ("1", 1) in found and ("1", 2) not in found
    assert found["1", 3].card == parse_card("9C")
    assert found["1", 1].card == parse_card("7S")
    assert {kit.label(pos, mv.dst) for mv in found["1", 3].moves} == {"2"}
    stock = pos.layout.by_label["S"]
    assert all(stock not in (mv.src, mv.dst) for m in movables(pos) for mv in m.moves)
    assert len(kit.cards(pos, "S")) > 3
    assert deal_move(pos) == Move(stock, pos.layout.by_label["W"], 3)
    assert deal_move(kit.pos("bisley", "1: 7H")) is None


# ----------------------------------------------------------------- auto-complete


def play_out(pos, moves):
    """Play ``moves`` (each checked) and say whether all went to foundations."""
    kinds = pos.layout.kinds
    for move in moves:
        assert kinds[move.dst] is Kind.FOUNDATION
        pos.play(move)
    return pos.is_won()


BISLEY_DESCENDING = """
    1: 9C 5H
    2: 6H 5C 4C
    3: 7D 7S 6D
    4: 8C 7C 6C
    5: 5D 4D 3D 2D
    """


def test_bisley_auto_complete_when_every_column_descends(kit):
    """Bisley auto-complete trigger (seed 000): as soon as every column is in
    descending order (rank never increases from base to top; empty columns count
    as ordered), the remaining cards are played to the foundations by themselves.
    (This is always possible: the lowest remaining card of each suit is then
    reachable.)"""
    pos = kit.pos("bisley", BISLEY_DESCENDING)
    assert kit.cards(pos, "6") == []  # empty columns count as ordered
    assert can_auto_complete(pos)
    moves = auto_complete_moves(pos)
    assert len(moves) == 15
    assert play_out(pos, moves)
    assert not can_auto_complete(pos) and auto_complete_moves(pos) == []


def test_bisley_auto_complete_waits_for_descending_columns(kit):
    """Bisley auto-complete trigger: as soon as every column is in descending order
    ... (for Bisley, the trigger above — not "foundation moves alone")."""
    # 6H then 5H could go up by foundation moves alone, but 5H 6H rises
    pos = kit.pos("bisley", "1: 5H 6H")
    assert not can_auto_complete(pos)
    assert auto_complete_moves(pos) == []
    # one rise anywhere is enough to wait
    pos = kit.pos("bisley", BISLEY_DESCENDING.replace("7D 7S 6D", "7D 6D 7S"))
    assert not can_auto_complete(pos)
    pos.play(kit.mv(pos, "3-F4"))  # 7S up: now every column descends
    assert can_auto_complete(pos)
    assert play_out(pos, auto_complete_moves(pos))


def test_auto_complete_when_foundation_moves_alone_finish_the_game(kit):
    """Auto-complete: finishes the game once it can be finished by foundation moves
    alone."""
    pos = kit.pos("gilbert", "1: 6H 5S\nW: 9D")
    assert can_auto_complete(pos)
    assert play_out(pos, auto_complete_moves(pos))
    pos = kit.pos("big-apple", "1: KH QH\nC1: KC\nT: KD")
    assert kit.cards(pos, "T") == ["KD"]
    assert can_auto_complete(pos)
    assert play_out(pos, auto_complete_moves(pos))


def test_no_auto_complete_when_foundation_moves_alone_do_not_finish(kit):
    """Auto-complete: finishes the game once it can be finished by foundation moves
    alone (and not before)."""
    # Gilbert: 6H is stuck between 5H and 7H (foundation tops 4H and 8H)
    pos = kit.pos("gilbert", "1: 5H 7H 6H")
    assert not can_auto_complete(pos) and auto_complete_moves(pos) == []
    # Big Apple: KH covers the QH its foundation needs first
    pos = kit.pos("big-apple", "1: QH KH\nT: KD")
    assert not can_auto_complete(pos) and auto_complete_moves(pos) == []
    # Gilbert: the stock must be dealt first, and dealing is not a foundation move
    pos = kit.pos("gilbert", "S: 9D")
    assert not can_auto_complete(pos)


def test_auto_complete_never_uncovers_unseen_cards(kit):
    """Auto-complete: foundation moves alone (the library waits until every card
    is known: no face-down card, at most the talon's top card left)."""
    pos = kit.pos("gilbert", "1: 5S | 6H")
    assert not can_auto_complete(pos)
    pos.play(kit.mv(pos, "1-F3"))
    assert can_auto_complete(pos)
    pos = kit.pos("big-apple", "T: KD QD")
    assert not can_auto_complete(pos)
    jd = next(f"F{i}" for i in range(1, 9) if kit.cards(pos, f"F{i}")[-1] == "JD")
    pos.play(kit.mv(pos, f"T-{jd}"))
    assert can_auto_complete(pos)


# ----------------------------------------------------------------- stuck

BISLEY_STUCK = """
    1: 4C 5C
    2: 6C 7C
    3: 8C TC 9C
    4: 4D 5D
    5: 6D 7D
    6: 8D TD 9D
    7: 4H 5H
    8: 6H 7H
    9: 8H TH 9H
    10: 4S 5S
    11: 6S 7S
    12: 8S TS 9S
    """


def test_bisley_stuck_when_no_card_has_a_legal_move(kit):
    """Bisley stuck: no card has a legal move."""
    pos = kit.pos("bisley", BISLEY_STUCK)
    assert kit.cards(pos, "F1")[-1] == "3C" and kit.cards(pos, "F5")[-1] == "JC"
    assert not list(pos.legal_moves)
    assert pos.is_stuck()
    # a single foundation move, or a single column move, is enough not to be stuck
    assert not kit.pos("bisley", BISLEY_STUCK.replace("4C 5C", "5C 4C")).is_stuck()
    assert not kit.pos("bisley", BISLEY_STUCK.replace("8C TC 9C", "9C TC 8C")).is_stuck()
    assert not kit.pos("bisley", "").is_stuck()  # won, not stuck


BIG_APPLE_STUCK = """
    1: 8C 9C
    2: 8C 9C
    3: 8D 9D
    4: 8D 9D
    5: 8H 9H
    6: 8H 9H
    7: 8S 9S
    8: 8S 9S
    C1: KC
    C2: KD
    C3: KH
    T: QS
    """


def test_big_apple_stuck_when_no_legal_move(kit):
    """Big Apple: Stuck: no legal move."""
    pos = kit.pos("big-apple", BIG_APPLE_STUCK)
    assert all(kit.cards(pos, f)[-1][0] == "7" for f in ("F1", "F3", "F5", "F7"))
    assert not list(pos.legal_moves)
    assert pos.is_stuck()
    # a free cell for the talon card: not stuck
    assert not kit.pos("big-apple", BIG_APPLE_STUCK.replace("C3: KH", "")).is_stuck()
    # a talon card that fits a pile: not stuck
    pos = kit.pos(
        "big-apple", BIG_APPLE_STUCK.replace("T: QS", "T: QS 9S").replace("7: 8S 9S", "7: 8S TS")
    )
    assert not pos.is_stuck()
    # the talon used up and nothing to move: stuck
    pos = kit.pos("big-apple", BIG_APPLE_STUCK.replace("T: QS", "T:"), park="1")
    assert kit.cards(pos, "T") == [] and pos.is_stuck()


GILBERT_STUCK = """
    1: 5C {hidden} 5H | 8C
    2: 5S 7C 7D | 8S
    3: 7H 7S 9C | 6C
    4: 9D 9H 9S | 6S
    S: {stock}
    W: {waste}
    """


def gilbert(kit, hidden="5D", stock="6D 6H 8D 8H", waste=""):
    return kit.pos("gilbert", GILBERT_STUCK.format(hidden=hidden, stock=stock, waste=waste))


def test_gilbert_stuck_when_a_whole_stock_pass_turns_up_nothing_playable(kit):
    """Gilbert: Stuck: no move is possible apart from dealing, and a whole pass
    through the stock would turn up no card that can be played."""
    pos = gilbert(kit)
    assert kit.moves_text(pos) == {"S-Wx3"}
    assert pos.is_stuck()
    assert kit.cards(pos, "S") == ["6D", "6H", "8D", "8H"] and pos.move_stack == []
    # a playable card on the second deal: not stuck
    pos = gilbert(kit, hidden="6D", stock="5D 6H 8D 8H")
    assert kit.moves_text(pos) == {"S-Wx3"}
    assert not pos.is_stuck()
    # a playable card that only a redeal turns up: not stuck
    pos = gilbert(kit, hidden="6D", stock="", waste="8H 8D 5D 6H")
    assert kit.moves_text(pos) == {"W-Sx4"}
    assert not pos.is_stuck()
    # a playable card that no deal ever shows on top of the waste: stuck
    pos = gilbert(kit, hidden="8D", stock="6D 6H 5D 8H")
    assert pos.is_stuck()
    # nothing left to deal and nothing to move: stuck
    pos = gilbert(kit, hidden="8D 8H 6D 6H 5D", stock="")
    assert not list(pos.legal_moves) and pos.is_stuck()
    assert not kit.pos("gilbert", "").is_stuck()  # won, not stuck


def test_gilbert_not_stuck_while_a_card_can_move(kit):
    """Gilbert: Stuck: no move is possible apart from dealing ... (any other move,
    a foundation card played back included, means not stuck)."""
    pos = gilbert(kit, hidden="6D", stock="5D 6H 8D 8H")
    pos.play(kit.mv(pos, "S-Wx3"))
    pos.play(kit.mv(pos, "S-W"))
    assert kit.cards(pos, "W")[-1] == "5D" and not pos.is_stuck()
    # once the 5D is up, it may come back onto the 6C or the 6S: still a move
    pos.play(kit.mv(pos, "W-F2"))
    assert kit.legal(pos, "F2-3") and kit.legal(pos, "F2-4")
    assert not pos.is_stuck()
