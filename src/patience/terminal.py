"""A terminal game: type moves or click cards by name, undo, redo, deal.

Commands at the ``>`` prompt::

    3-F1  4-7x2  S-W     a move in notation (``patience moves`` lists them)
    7H                   play the card 7H as a click would (foundation first)
    d                    deal from the stock (or redeal) - Gilbert
    u / r                undo / redo
    m                    list the legal moves
    a                    auto-complete, when the game can be finished
    n [DEAL]             new deal (the next one by default)
    q                    quit

Face-down cards are shown as ``##``; the talon and stock show how many cards
they hold.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from patience.cards import parse_card
from patience.errors import CardError, PatienceError
from patience.notation import format_move, parse_move
from patience.play import auto_complete_moves, can_auto_complete, click_move, deal_move
from patience.position import Move, Position
from patience.rules import GameRules
from patience.view import public_view

HELP = __doc__.split("::", 1)[1].split("Face-down", 1)[0] if __doc__ else ""


def render(pos: Position, title: str) -> str:
    """The board as text, from the public view (never shows a face-down card)."""
    view = public_view(pos)
    lines = [f"{title} - {len(pos.move_stack)} moves"]
    row: list[str] = []
    for pile in view["piles"]:
        cards = ["##" if c is None else c for c in pile["cards"]]
        if pile["kind"] in ("foundation", "cell"):
            row.append(f"{pile['id']}:{cards[-1] if cards else '--'}")
            continue
        if row:
            lines.append("  ".join(row))
            row = []
        if pile["kind"] in ("talon", "stock"):
            top = cards[-1] if cards and cards[-1] != "##" else ""
            lines.append(f"{pile['id']:>2}: [{len(cards)}] {top}".rstrip())
        else:
            lines.append(f"{pile['id']:>2}: {' '.join(cards)}".rstrip())
    if row:
        lines.append("  ".join(row))
    if view["won"]:
        lines.append("*** Won! ***")
    elif view["stuck"]:
        lines.append("The game is stuck: no move can make progress.")
    elif view["auto_complete"]:
        lines.append("Auto-complete can finish this game (a).")
    return "\n".join(lines)


class TerminalGame:
    """The ``patience play`` loop; reads commands from any iterable of lines."""

    def __init__(
        self, rules: GameRules, number: int, out: TextIO, *, auto_complete: bool = True
    ) -> None:
        self.rules = rules
        self.out = out
        self.auto_complete = auto_complete
        self.number = number
        self.pos = Position.deal(rules, number)
        self.redo: list[Move] = []

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def show(self) -> None:
        self.say(render(self.pos, f"{self.rules.name} deal {self.number}"))

    def make(self, move: Move) -> None:
        self.pos.play(move)
        self.redo.clear()
        if self.auto_complete and can_auto_complete(self.pos):
            finish = auto_complete_moves(self.pos)
            for step in finish:
                self.pos.push(step)
            self.say(f"auto-complete: {len(finish)} cards to the foundations")

    def command(self, line: str) -> bool:
        """Carry out one command line; return False to quit."""
        text = line.strip()
        word = text.lower()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("h", "help", "?"):
            self.say(HELP.strip("\n"))
            return True
        if word == "m":
            self.say(" ".join(format_move(self.pos, m) for m in self.pos.legal_moves) or "none")
            return True
        if word == "u":
            if not self.pos.move_stack:
                self.say("nothing to undo")
                return True
            self.redo.append(self.pos.pop())
        elif word == "r":
            if not self.redo:
                self.say("nothing to redo")
                return True
            self.pos.push(self.redo.pop())
        elif word == "a":
            moves = auto_complete_moves(self.pos)
            if not moves:
                self.say("auto-complete cannot finish this game yet")
                return True
            for move in moves:
                self.pos.push(move)
        elif word == "d":
            stock = deal_move(self.pos)
            if stock is None:
                self.say("no stock to deal from")
                return True
            self.make(stock)
        elif word == "n" or word.startswith("n "):
            arg = word[1:].strip()
            self.number = int(arg) if arg.isdigit() and int(arg) > 0 else self.number + 1
            self.pos = Position.deal(self.rules, self.number)
            self.redo.clear()
        elif "-" in text:
            self.make(parse_move(self.pos, text))
        else:
            self.click(text)
        self.show()
        return True

    def click(self, text: str) -> None:
        try:
            card = parse_card(text)
        except CardError:
            raise CardError(
                f"unknown command {text!r}: type a move like 3-F1, a card like 7H, or h"
            ) from None
        move = click_move(self.pos, card)
        if move is None:
            raise PatienceError(f"{text!r} has no legal move")
        self.say(format_move(self.pos, move))
        self.make(move)

    def run(self, lines: Iterable[str]) -> int:
        self.show()
        self.say("Type h for help.")
        for line in _prompted(lines, self.out):
            try:
                if not self.command(line):
                    break
            except PatienceError as err:
                self.say(f"error: {err}")
        return 0


def _prompted(lines: Iterable[str], out: TextIO) -> Iterable[str]:
    out.write("> ")
    out.flush()
    for line in lines:
        yield line
        out.write("> ")
        out.flush()
    out.write("\n")
