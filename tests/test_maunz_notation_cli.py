"""Notation errors and the engine command line, run as a real subprocess."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.games import GameError, get
from companion.games.maunz.record import read_record, record_from_moves

G = get("maunz")
START = "6/6/6/6/6/6 o 8k0c 8k0c"


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)


@pytest.mark.parametrize("text,needle", [
    ("6/6/6/6/6/6 o 8k0c", "expected 4 fields"),
    ("6/6/6/6/6 o 8k0c 8k0c", "must have 6 ranks"),
    ("6/6/6/6/6/7 o 8k0c 8k0c", "unexpected character '7'"),
    ("6/6/6/6/6/5 o 8k0c 8k0c", "covers 5 squares"),
    ("6/6/6/6/6/ox5 o 8k0c 8k0c", "unexpected character 'x'"),
    ("6/6/6/6/6/6 x 8k0c 8k0c", "to-move field 'x'"),
    ("6/6/6/6/6/6 o 8k 8k0c", "orange-pool field '8k'"),
    ("6/6/6/6/6/o5 o 8k0c 8k0c", "orange has 1 on the bed and 8 in the orange-pool, 9 in all"),
    ("6/6/6/6/6/6 o 8k0c 0k9c", "grey has 0 on the bed and 9"),
    ("6/6/6/6/6/6  o 8k0c 8k0c", "expected 4 fields"),
])
def test_malformed_positions_name_the_field_and_the_problem(text, needle):
    with pytest.raises(GameError) as err:
        G.parse_position(text)
    msg = str(err.value)
    assert needle in msg and repr(text) in msg and "\n" not in msg


@pytest.mark.parametrize("move,needle", [
    ("kz9", "malformed move 'kz9'"),
    ("xa1", "malformed move 'xa1'"),
    ("ka1/b2c3", "one square (a retired piece) or three"),
    ("ka1/a2a2a2", "three different squares"),
    ("ca1", "no cat in the pool"),
    ("ka1/a2", "takes no choice"),
])
def test_bad_moves_name_the_input_the_position_and_why(move, needle):
    with pytest.raises(GameError) as err:
        G.parse_move(G.initial_position(), move)
    assert needle in str(err.value) and START in str(err.value)


def test_cli_moves_sorted_canonical():
    r = companion("maunz", "moves", "--position", "6/6/6/6/6/oo1oo1 o 4k0c 8k0c")
    lines = r.stdout.split()
    assert r.returncode == 0 and lines == sorted(lines) and len(lines) == 34
    assert {"kc1/a1b1c1", "kc1/b1c1d1", "kc1/c1d1e1"} <= set(lines)


def test_cli_apply_plain_and_json_and_boop_alias():
    r = companion("boop", "apply", "kc3", "kd4")
    assert r.returncode == 0 and r.stdout == "6/6/3g2/6/1o4/6 o 7k0c 7k0c\n"
    r = companion("maunz", "apply", "--json", "kc3", "kd4")
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert objs[1] == {"move": "kd4", "position": "6/6/3g2/6/1o4/6 o 7k0c 7k0c",
                       "boops": [{"from": "c3", "to": "b2"}], "graduated": [], "winner": None}


@pytest.mark.parametrize("args,needle", [
    (["apply", "kc3", "kc3"], "illegal move 'kc3' in '6/6/6/2o3/6/6 g 7k0c 8k0c': the square is occupied"),
    (["apply", "k"], "malformed move 'k'"),
    (["moves", "--position", "nonsense"], "invalid position 'nonsense'"),
    (["perft", "1", "--rules", "chaos"], "unknown rules option 'chaos'"),
    (["perft", "x"], "invalid int value"),
])
def test_cli_bad_input_exits_2_with_one_line(args, needle):
    r = companion("maunz", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert needle in r.stderr and r.stderr.count("\n") == 1


def test_cli_perft_and_rules_option():
    assert companion("maunz", "perft", "2").stdout == "1260\n"
    r = companion("maunz", "apply", "--json", "--rules", "opponent-cats-win",
                  "--position", "6/6/6/3GG1/1G4/6 o 5k3c 0k5c", "ca1")
    assert json.loads(r.stdout)["winner"] == "g"


def test_game_record_round_trip_and_replay(tmp_path):
    game_moves = ["kc3", "kd4", "kc4", "kd3", "ka6", "ke2", "kf6"]
    pos, moves = G.initial_position(), []
    for text in game_moves:
        m = G.parse_move(pos, text)
        moves.append(m)
        pos = G.apply(pos, m)
    rec = record_from_moves(moves, orange="Anna", grey="Ben", date="2026-11-22 14:03")
    text = rec.to_text()
    again = read_record(text)
    assert again.moves == rec.moves and again.orange == "Anna" and again.result == "unfinished"
    assert again.to_text() == text
    path = tmp_path / "game.maunz"
    path.write_text(text)
    r = companion("maunz", "replay", str(path))
    assert r.returncode == 0
    assert "Anna (orange) vs Ben (grey)" in r.stdout and "2. Ben: kd4" in r.stdout
    assert "boops: c3→b2" in r.stdout and r.stdout.count("  a b c d e f") == len(game_moves) + 1


def test_game_record_errors_name_the_line_and_move(tmp_path):
    bad = "Game: maunz\nOrange: A\n\n1. kc3 kc3\n"
    with pytest.raises(GameError, match=r"game.maunz:4: illegal move 'kc3'"):
        read_record(bad, source="game.maunz")
    with pytest.raises(GameError, match=r":1: Game 'chess' is not maunz"):
        read_record("Game: chess\n\n", source="x")
    path = tmp_path / "broken.maunz"
    path.write_text(bad)
    r = companion("maunz", "replay", str(path))
    assert r.returncode == 2 and "broken.maunz:4" in r.stderr
    r = companion("maunz", "replay", str(tmp_path / "missing.maunz"))
    assert r.returncode == 2 and "cannot read game record" in r.stderr


def test_the_example_game_in_docs_replays_to_its_recorded_result():
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "example-game.maunz"
    rec = read_record(path.read_text(), source=str(path))
    assert rec.result == "orange" and rec.positions()[-1].winner == 0
    r = companion("maunz", "replay", str(path))
    assert r.returncode == 0 and r.stdout.rstrip().endswith("result: orange wins")


def test_game_record_rules_come_from_the_game_rules_set():
    kids = get("maunz", rules="kids")
    pos = kids.initial_position()
    move = kids.parse_move(pos, "kc3")
    for rules in (kids.rules_set, kids.rules, "kids"):
        rec = record_from_moves([move], rules=rules)
        assert rec.rules == "kids" and "Rules: kids\n" in rec.to_text()
        assert read_record(rec.to_text()).rules == "kids"
    assert record_from_moves([move]).to_text().startswith("# maunz. game record\nGame: maunz\nRules: rulebook\n")
    with pytest.raises(GameError, match=r"x:2: Rules: rules options kids and opponent-cats-win of maunz"
                                        r" cannot be combined; choose one, or rulebook"):
        read_record("Game: maunz\nRules: opponent-cats-win, kids\n\n", source="x")
    with pytest.raises(GameError, match=r"x:2: Rules: unknown rules option 'chaos' for maunz; options:"
                                        r" opponent-cats-win, kids, or rulebook"):
        read_record("Game: maunz\nRules: chaos\n\n", source="x")


def test_the_notation_document_examples_hold():
    """docs/rules/maunz-notation.md is a fixed interface: its examples must stay true."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "maunz-notation.md").read_text()
    assert f"The opening position is `{START}`." in doc
    assert G.format_position(G.initial_position()) == START
    example = "6/2o3/2gO2/6/6/6 g 5k1c 7k0c"
    assert f"Example: `{example}`" in doc and G.format_position(G.parse_position(example)) == example
    record = doc.split("    # maunz. game record\n", 1)[1].split("\n\n`Rules`", 1)[0]
    rec = read_record("\n".join(line[4:] for line in record.splitlines()), source="maunz-notation.md")
    assert rec.moves == ["kc3", "kd4", "kc4", "kd3"] and rec.orange == "Anna" and rec.rules is None
    assert G.format_position(rec.positions()[-1]) == "6/1o3g/6/3g2/1o4/6 o 6k0c 6k0c"
    assert "`perft 2` is `1260`" in doc and companion("maunz", "perft", "2").stdout == "1260\n"
