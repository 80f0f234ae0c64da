"""`companion cats …` and `companion cat-attack …`: new, moves, apply (--json), view, errors."""
from __future__ import annotations

import json
import subprocess
import sys

from companion.cli import main

CA = ("cats=9H,1A hands=6,6 shops=kfvc car=P phase=card active=1 turn=1 rolls=1 die=- seg=-"
      " raided=- burgled=0 fight=- hits=- deck=51/0 end=-")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cats_new_apply_and_view(capsys):
    code, start, _ = run(capsys, "cats", "new", "--players", "3")
    assert code == 0 and start.startswith("secrets=--,--,-- phase=deal")
    code, out, _ = run(capsys, "cats", "apply", "--position", start.strip(), "deal:1b", "deal:2c", "deal:3m",
                       "first:2", "step:1")
    assert code == 0 and "active=2" in out and "moved=1" in out
    code, seen, _ = run(capsys, "cats", "view", "--position", out.strip(), "--seat", "3")
    assert seen.startswith("secrets=??,??,3m ")
    code, table, _ = run(capsys, "cats", "view", "--position", out.strip())
    assert table.startswith("secrets=??,??,?? ")


def test_cats_moves_sorted_and_json_announces_who_draws(capsys):
    pos = ("secrets=1b,2c,3m phase=react active=1 turn=2 had=123 revealed=- challenged=-"
           " steps=4/0 moved=14 hissed=- stopped=1 last=4 locked=- miau=- pending=- passes=0"
           " deck=45/0 win=-")
    code, out, _ = run(capsys, "cats", "moves", "--position", pos)
    lines = out.split()
    assert code == 0 and lines == sorted(lines) and len(lines) == 2 * 10 + 1 + 3
    code, out, _ = run(capsys, "cats", "apply", "--position", pos, "miau:4@2", "schnurr", "--json")
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["announce"] == ["Player 2 draws a replacement card"] and first["winner"] is None
    assert second["events"] == [{"locked": 4}, {"draw": 3}]


def test_cat_attack_new_with_fewer_lives_and_json(capsys):
    code, out, _ = run(capsys, "cat-attack", "new", "--players", "4", "--lives", "5")
    assert code == 0 and out.startswith("cats=5H,5H,5H,5H hands=6,6,6,6")
    code, out, _ = run(capsys, "cat-attack", "apply", "--position", CA, "C3", "attack:2", "--json")
    last = json.loads(out.splitlines()[-1])
    assert last["winner"] == 1 and {"retired": 2} in last["events"]
    assert "Player 1 wins" in last["announce"]


def test_errors_are_one_line_with_status_2(capsys):
    code, _, err = run(capsys, "cat-attack", "apply", "--position", CA, "raid:2:b")
    assert code == 2 and err.count("\n") == 1 and "'raid:2:b'" in err and CA in err
    code, _, err = run(capsys, "cats", "new", "--players", "5")
    assert code == 2 and "2-4 players" in err
    code, _, err = run(capsys, "cats", "moves", "--position", "nonsense")
    assert code == 2 and "missing field 'secrets'" in err
    code, _, err = run(capsys, "cat-attack", "new", "--players", "2", "--rules", "fast")
    assert code == 2 and "unknown rules option 'fast'" in err


def test_the_real_command():
    r = subprocess.run([sys.executable, "-m", "companion", "cat-attack", "moves", "--position", CA],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "fight:2:C" in r.stdout.split() and "SPEEDY" in r.stdout.split()


def test_announcements_read_well(capsys):
    code, out, _ = run(capsys, "cat-attack", "apply", "--position", CA, "C3", "attack:2", "--json",
                       "--language", "de")
    assert "Spieler 2 verliert 1 Leben (noch 0)" in json.loads(out.splitlines()[-1])["announce"]


def test_language_is_spelt_alike_in_every_command(capsys):
    # QA: `mmm play` took --lang while `cats` and `cat-attack apply` took --language; each now
    # takes both and its --help shows --language alone
    outs = {}
    for spelling in ("--language", "--lang", "--language=de", "--lang=de"):
        argv = [spelling, "de"] if "=" not in spelling else [spelling]
        code, out, err = run(capsys, "cat-attack", "apply", "--position", CA, "C3", "attack:2", "--json", *argv)
        assert code == 0, err
        outs[spelling] = out
    assert len(set(outs.values())) == 1 and "verliert" in outs["--lang"]
    for spelling in ("--language", "--lang"):
        r = subprocess.run([sys.executable, "-m", "companion", "mmm", "play", "--seed", "3", "--players", "2",
                            spelling, "de"], input="q\n", capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and "| Am Zug: du" in r.stdout, (spelling, r.stderr)
    for argv in (["mmm", "play"], ["cats", "apply"], ["cat-attack", "apply"]):
        r = subprocess.run([sys.executable, "-m", "companion", *argv, "--help"],
                           capture_output=True, text=True, timeout=60)
        assert "--language {de,en}" in r.stdout and "also --lang" in r.stdout, r.stdout
        assert "--lang {" not in r.stdout and "--lang LANG" not in r.stdout
