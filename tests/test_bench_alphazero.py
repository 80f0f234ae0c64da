"""`companion bench alphazero` (the match against MLFactory's AlphaZero) without torch or their
checkout: its refusals, and the translation of our positions into theirs and back."""
from __future__ import annotations

import random

from benchmarks.alphazero import ours, pcode_of, theirs
from companion.ai.match import all_moves
from companion.cli import main


def _refusal(argv, capsys) -> str:
    assert main(["bench", "alphazero", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_refuses_a_missing_checkout_in_one_line(tmp_path, capsys):
    err = _refusal(["--repo", str(tmp_path / "nowhere")], capsys)
    assert "--repo" in err and "nowhere" in err and "MLFactory" in err


def test_refuses_an_interpreter_that_cannot_run_their_side(tmp_path, capsys):
    # A checkout with the rules file and a checkpoint, but nothing of theirs importable: the
    # worker dies before it is ready, and the one line says so and what to install.
    (tmp_path / "src/mlfactory/games/boop").mkdir(parents=True)
    (tmp_path / "src/mlfactory/games/boop/rules.py").write_text("")
    (tmp_path / "net.pt").write_bytes(b"")
    err = _refusal(["--repo", str(tmp_path), "--checkpoint", "net.pt", "--python", "/nonexistent/python"],
                   capsys)
    assert "/nonexistent/python" in err and "torch" in err


def test_positions_translate_to_their_state_and_back():
    # Seeded random games: every position, with either colour to move, comes back unchanged, and
    # their state holds what ours does (pools, and the cats a player has earned as `retired`).
    rng = random.Random(5)
    seen = 0
    for _ in range(20):
        s = (0, 0, 0, 0, 8, 0, 8, 0)
        for _ply in range(200):
            for colour in (0, 1):
                d = theirs(s, colour)
                assert ours(d) == s
                me = d["orange"] if colour == 0 else d["gray"]
                assert me[:2] == [s[4], s[5]] and me[2] == s[1].bit_count() + s[5]
                assert sum(1 for p in d["board"] if p) == sum(m.bit_count() for m in s[:4])
                seen += 1
            code, child = rng.choice(all_moves(s, 0))
            if child == 1:
                break
            s = child
    assert seen > 500
    assert pcode_of(36 + 7) == 7 | 64 and pcode_of(7) == 7
