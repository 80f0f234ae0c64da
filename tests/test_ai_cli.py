"""`companion maunz best`."""
import argparse
import io
import json
import subprocess
import sys

from companion.ai.cli import best_command
from companion.games.maunz import engine, notation
from companion.games.maunz.cli import main


def _args(**kw):
    base = dict(level="hard", time=0.2, json=False)
    base.update(kw)
    return argparse.Namespace(**base)


def test_prints_a_legal_canonical_move():
    pos = notation.parse_position("6/6/2g3/2O3/6/6 o 7k0c 7k0c")
    out = io.StringIO()
    assert best_command(pos, 0, _args(), out) == 0
    text = out.getvalue().strip()
    move = notation.parse_move(pos, text)
    assert notation.format_move(move) == text
    assert move in engine.legal_moves(pos)


def test_json_output():
    pos = notation.parse_position("6/6/6/6/6/OO4 o 5k1c 8k0c")
    out = io.StringIO()
    assert best_command(pos, 0, _args(json=True, level="medium"), out) == 0
    obj = json.loads(out.getvalue())
    assert obj["move"] == "cc1"
    assert obj["level"] == "medium"
    assert obj["evaluation"] > 900
    assert obj["depth"] >= 1 and obj["time_used"] >= 0


def test_real_command_line():
    proc = subprocess.run([sys.executable, "-m", "companion", "maunz", "best", "--time", "0.2"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    pos = engine.initial()
    assert notation.parse_move(pos, proc.stdout.strip()) in engine.legal_moves(pos)


def test_bad_level_exits_2(capsys):
    assert main(["best", "--level", "expert"]) == 2
    err = capsys.readouterr().err
    assert "--level 'expert'" in err and "easy" in err and len(err.strip().splitlines()) == 1


def test_bad_time_exits_2(capsys):
    assert main(["best", "--time", "-1"]) == 2
    err = capsys.readouterr().err
    assert err == ("companion maunz best: --time -1: the AI's thinking time must be more than"
                   " 0 seconds; give e.g. --time 1\n")


def test_won_position_exits_2(capsys):
    won = "6/6/6/6/6/GGG3 o 8k0c 5k0c"
    assert main(["best", "--position", won]) == 2
    err = capsys.readouterr().err
    assert "already won by grey" in err and won in err


def test_bad_position_exits_2(capsys):
    assert main(["best", "--position", "nonsense"]) == 2
    assert "invalid position 'nonsense'" in capsys.readouterr().err


def test_the_help_names_the_levels_of_the_ladder(capsys):
    """`best --help` offers the nine levels the command takes (it said only easy, medium, hard)."""
    import pytest

    from companion.ai.levels import ALIASES, LEVELS

    with pytest.raises(SystemExit):
        main(["best", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    first, *_, last = LEVELS
    assert f"{first} (a child beats it) .. {last} (the strongest)" in text
    assert all(alias in text for alias in ALIASES)
