"""The shipped maunz. puzzle set (companion/ai/puzzles.jsonl) and `companion maunz puzzles`:
a random sample re-proven (the whole file: `companion maunz puzzles check`), the file's promises
(size, horizons, no symmetric twins), the set regenerating from its seed, and the commands."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from companion.ai import puzzles, solve
from companion.ai.movegen import code_of, move_of, state_of
from companion.ai.puzzle_mine import mine
from companion.games import native
from companion.games.maunz import notation

pytestmark = pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")
SHIPPED = puzzles.load()


def test_the_shipped_set_keeps_its_promises():
    assert len(SHIPPED) >= 1000
    assert puzzles.SHIPPED.stat().st_size < 400_000
    assert {p.horizon for p in SHIPPED} == {1, 2, 3, 4}
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    assert len({puzzles.canonical(state_of(notation.parse_position(p.position))) for p in SHIPPED}) == len(SHIPPED)
    for p in SHIPPED:
        assert p.theme in puzzles.THEMES and p.theme == p.tags[0]
        assert len(p.solution) == 2 * p.horizon - 1
        assert 800 <= p.rating <= 2200


def test_a_random_sample_is_proven_unique():
    seed = random.SystemRandom().randrange(1 << 30)
    for p in random.Random(seed).sample(SHIPPED, 12):
        assert puzzles.prove(p) is None, f"puzzle {p.id} (sample seed {seed})"


def test_the_set_regenerates_from_its_seed():
    again = mine(1, 3)
    assert [p.to_json() for p in again] == [p.to_json() for p in SHIPPED[:3]]


def test_a_turned_or_mirrored_puzzle_is_the_same_puzzle():
    p = next(p for p in SHIPPED if p.horizon == 2)
    pos = notation.parse_position(p.position)
    first = code_of(notation.parse_move(pos, p.solution[0]))
    for perm in puzzles.PERMS:
        twin = tuple(puzzles.transform(m, perm) for m in pos[:4]) + tuple(pos[4:8])
        assert puzzles.puzzle_id(twin) == p.id
        rows = solve.verdicts(twin, 2)
        winners = [c for c, v, _r in rows if v == 1]
        moved = perm[first & 63] | (first & 64) | puzzles.transform(first >> 7, perm) << 7
        assert winners == [moved]


def test_a_wrong_first_move_is_refuted_at_the_table():
    p = next(p for p in SHIPPED if p.horizon >= 2 and p.refutations)
    wrong, reply = next(iter(p.refutations.items()))
    assert puzzles.refute(p, wrong) == reply
    pos = notation.parse_position(p.position)
    others = [m for m in map(notation.format_move, (move_of(c) for c, v, _r in solve.verdicts(state_of(pos), p.horizon)
                                                    if v == 0)) if m not in p.refutations]
    assert puzzles.refute(p, others[0]) is not None
    with pytest.raises(puzzles.PuzzleError, match="not a wrong first move"):
        puzzles.refute(p, p.solution[0])


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "companion", "maunz", "puzzles", *args],
                          capture_output=True, text=True, timeout=120)


def test_list_json_prints_one_object_a_line():
    r = _cli("list", "--json", "--horizon", "1")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == sum(p.horizon == 1 for p in SHIPPED)
    assert set(rows[0]) == {"id", "position", "horizon", "solution", "theme", "rating"}
    assert _cli("list", "--theme", "nonsense").stderr.count("\n") == 1


def test_check_names_a_puzzle_that_does_not_hold(tmp_path):
    good = next(p for p in SHIPPED if p.horizon == 1)
    bad = puzzles.Puzzle(**{**good.__dict__, "solution": list(good.solution)})
    bad.horizon = 2
    f = tmp_path / "p.jsonl"
    puzzles.write([good, bad], f)
    r = _cli("check", "--file", str(f))
    assert r.returncode == 1
    assert f"{good.id}: twice in the file" in r.stdout
    assert "the shortest win takes 1 turns, not 2" in r.stdout
    f.write_text("{not json\n")
    r = _cli("check", "--file", str(f))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "p.jsonl:1" in r.stderr
