"""The ``patience`` command: show deals, list legal moves, play in the terminal.

Bad input (unknown game or card, duplicate or missing card, wrong count, illegal
move) prints one line quoting the offending token and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import TextIO

from patience.errors import NotationError, PatienceError
from patience.games import GAMES, get_game
from patience.notation import format_move, format_position, parse_positions
from patience.position import Position
from patience.rules import GameRules
from patience.terminal import TerminalGame

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A user mistake on the command line: printed as one line, exit 2."""


def read_layout_file(path: str, rules: GameRules) -> list[Position]:
    """The positions of a ``--layout`` file (notation, split by ``---``)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as err:
        raise CliError(f"cannot read {path!r}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"cannot read {path!r}: not UTF-8 text") from None
    return parse_positions(text, rules)


def _deal_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise CliError(f"bad deal number {text!r}: write a whole number like 1 or 1000") from None
    if number < 1:
        raise CliError(f"bad deal number {text!r}: deals are numbered from 1")
    return number


def _positions(args: argparse.Namespace) -> list[tuple[str, Position]]:
    rules = get_game(args.game)
    if args.layout is not None:
        if args.deal is not None:
            raise CliError("give a deal number or --layout, not both")
        positions = read_layout_file(args.layout, rules)
        return [(f"layout {i + 1}", p) for i, p in enumerate(positions)]
    if args.deal is None:
        raise CliError("give a deal number or --layout FILE")
    number = _deal_number(args.deal)
    return [(f"deal {number}", Position.deal(rules, number))]


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    number = _deal_number(args.deal)
    out.write(format_position(Position.deal(get_game(args.game), number)))
    return 0


def cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    positions = _positions(args)
    for i, (_, pos) in enumerate(positions):
        if i:
            out.write("---\n")
        for move in pos.legal_moves:
            out.write(format_move(pos, move) + "\n")
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    rules = get_game(args.game)
    number = _deal_number(args.deal) if args.deal is not None else 1
    game = TerminalGame(rules, number, out=out, auto_complete=not args.no_auto_complete)
    return game.run(sys.stdin)


def build_parser() -> argparse.ArgumentParser:
    games = ", ".join(sorted(GAMES))
    parser = argparse.ArgumentParser(
        prog="patience",
        description=f"Patience games ({games}): deals, legal moves, terminal play.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    show = sub.add_parser("show", help="print the start position of a deal in notation")
    show.add_argument("game", help=f"game id: {games}")
    show.add_argument("deal", help="deal number (1, 2, ...)")
    show.set_defaults(func=cmd_show)

    moves = sub.add_parser("moves", help="list the legal moves, one per line")
    moves.add_argument("game", help=f"game id: {games}")
    moves.add_argument("deal", nargs="?", help="deal number")
    moves.add_argument("--layout", metavar="FILE", help="positions in notation, split by ---")
    moves.set_defaults(func=cmd_moves)

    play = sub.add_parser("play", help="play a deal in the terminal")
    play.add_argument("game", help=f"game id: {games}")
    play.add_argument("deal", nargs="?", help="deal number (default 1)")
    play.add_argument("--no-auto-complete", action="store_true", help="never finish by itself")
    play.set_defaults(func=cmd_play)

    from patience.solver.cli import add_solve_command

    add_solve_command(sub)
    for plugin in entry_points(group="patience.commands"):
        plugin.load()(sub)  # e.g. ``serve`` from the web site, when it is installed
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace, TextIO], int] = args.func
    try:
        return func(args, out or sys.stdout)
    except (PatienceError, CliError) as err:
        message = str(err) if not isinstance(err, NotationError) else f"bad notation: {err}"
        print(f"patience: error: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
