"""The ``patience`` command: show, moves, play, and its handling of bad input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Position, format_card, format_position, parse_move
from patience.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(args, out=out)
    return status, out.getvalue(), capsys.readouterr().err


def test_show_bisley_prints_thirteen_columns_of_three_and_four(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["show", "bisley", "1"], capsys)
    assert status == 0
    columns = [line for line in out.splitlines() if line.split(":")[0].isdigit()]
    assert [len(line.split(":")[1].split()) for line in columns] == [3] * 4 + [4] * 9
    assert out == format_position(Position.deal("bisley", 1))


@pytest.mark.parametrize("game", ["bisley", "big-apple", "gilbert"])
def test_moves_lists_every_legal_move_once(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["moves", game, "5"], capsys)
    assert status == 0
    pos = Position.deal(game, 5)
    parsed = [parse_move(pos, line) for line in out.splitlines()]
    assert parsed == list(pos.legal_moves)


def test_moves_from_a_layout_file_with_several_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = Position.deal("gilbert", 1), Position.deal("gilbert", 2)
    path = tmp_path / "positions.txt"
    path.write_text(format_position(first) + "---\n" + format_position(second))
    status, out, _ = run(["moves", "gilbert", "--layout", str(path)], capsys)
    assert status == 0
    blocks = out.split("---\n")
    assert len(blocks) == 2
    assert [parse_move(first, m) for m in blocks[0].split()] == list(first.legal_moves)
    assert [parse_move(second, m) for m in blocks[1].split()] == list(second.legal_moves)


def test_a_move_that_fits_two_piles_is_two_lines(capsys: pytest.CaptureFixture[str]) -> None:
    # deal 1 of Big Apple: the 10 of diamonds on pile 1 can go onto pile 4 or a cell
    _, out, _ = run(["moves", "big-apple", "1"], capsys)
    lines = out.splitlines()
    assert "1-4" in lines and "1-C1" in lines and "1-C2" in lines


def _short_bisley(tmp_path: Path, edit: str | None = None) -> Path:
    pos = Position.deal("bisley", 1)
    rows = [
        " ".join(f"{'A23456789TJQK'[c % 13]}{'CDHS'[c // 13]}" for c in pos.piles[t])
        for t in pos.layout.tableau
    ]
    text = "\n".join(rows)
    if edit:
        old, new = edit.split(">")
        text = text.replace(old, new, 1)
    path = tmp_path / "start.txt"
    path.write_text(text + "\n")
    return path


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["show", "bisly", "1"], "'bisly'"),
        (["show", "bisley", "x1"], "'x1'"),
        (["show", "bisley", "0"], "'0'"),
        (["moves", "gilbert", "--layout", "nofile.txt"], "'nofile.txt'"),
        (["moves", "gilbert", "1", "--layout", "x.txt"], "not both"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    args: list[str], quoted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(args, capsys)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and quoted in err


@pytest.mark.parametrize(
    ("edit", "quoted"),
    [
        ("5H>5X", "'5X'"),  # unknown card
        ("5S>5H", "'5H'"),  # duplicate card (and 5S missing)
        ("KH>", "'KH'"),  # missing card
    ],
)
def test_bad_layout_files_quote_the_offending_token(
    edit: str, quoted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _short_bisley(tmp_path, edit)
    status, _, err = run(["moves", "bisley", "--layout", str(path)], capsys)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and quoted in err


def test_wrong_line_count_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _short_bisley(tmp_path)
    path.write_text("\n".join(path.read_text().splitlines()[:12]) + "\n")
    status, _, err = run(["moves", "bisley", "--layout", str(path)], capsys)
    assert status == 2 and "13 lines" in err and "12" in err


def test_short_form_layout_equals_the_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["moves", "bisley", "--layout", str(_short_bisley(tmp_path))], capsys)
    assert status == 0
    assert out == run(["moves", "bisley", "1"], capsys)[1]


def test_no_traceback_from_the_installed_command(tmp_path: Path) -> None:
    path = tmp_path / "junk.txt"
    path.write_text("Game: gilbert\n1: 7H 7H\n")
    proc = subprocess.run(
        [sys.executable, "-m", "patience.cli", "moves", "gilbert", "--layout", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "'7H'" in proc.stderr


def _play(
    commands: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(commands))
    out = io.StringIO()
    assert main(["play", "bisley", "1"], out=out) == 0
    return out.getvalue()


def test_play_moves_undoes_and_redoes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play("1-F7\nu\nr\nq\n", monkeypatch, capsys)
    boards = [b for b in out.split("Bisley deal 1 - ")[1:]]
    assert [b.split(" moves")[0] for b in boards] == ["0", "1", "0", "1"]
    assert "F7:KH" in boards[1] and "F7:--" in boards[2] and "F7:KH" in boards[3]


def test_play_a_card_by_name_goes_to_the_foundation_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play("KH\nq\n", monkeypatch, capsys)
    assert "1-F7" in out and "F7:KH" in out


def test_play_reports_bad_input_and_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play("1-2\nzz\n99-1\n1-F7\nq\n", monkeypatch, capsys)
    assert "error: illegal move '1-2'" in out
    assert "error: unknown command 'zz'" in out
    assert "error: bad move '99-1'" in out
    assert "F7:KH" in out  # the legal move after the errors was made


@pytest.mark.parametrize("game", ["big-apple", "gilbert"])
def test_play_other_games_never_shows_face_down_cards(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    out = io.StringIO()
    assert main(["play", game, "3"], out=out) == 0
    pos = Position.deal(game, 3)
    layout = pos.layout
    hidden: list[int] = []
    visible: list[int] = []
    for i, pile in enumerate(pos.piles):
        if i == layout.stock:
            hidden += pile
        elif i == layout.talon:
            hidden += pile[:-1]
            visible += pile[-1:]
        else:
            hidden += pile[: pos.hidden[i]]
            visible += pile[pos.hidden[i] :]
    assert hidden
    names = {format_card(c) for c in hidden} - {format_card(c) for c in visible}
    assert names
    board = out.getvalue()
    assert not [name for name in names if name in board]
