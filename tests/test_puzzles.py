"""The shipped maunz. puzzle set (companion/ai/puzzles.jsonl) and `companion maunz puzzles`:
a random sample re-proven (the whole file: `companion maunz puzzles check`), the file's promises
(size, horizons, no symmetric twins, ids from positions), the set regenerating from its seed and
never from the AI's tuning, each theme filed where its idea is in the solution, and the
commands."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ai import puzzles, solve
from companion.ai.movegen import code_of, move_of, state_of
from companion.ai.puzzle_mine import mine
from companion.games import native
from companion.games.maunz import engine, notation

pytestmark = pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")
SHIPPED = puzzles.load()


def test_the_shipped_set_keeps_its_promises():
    assert len(SHIPPED) >= 1000
    assert puzzles.SHIPPED.stat().st_size < 400_000
    assert {p.horizon for p in SHIPPED} == {1, 2, 3, 4}
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    assert len({puzzles.canonical(state_of(notation.parse_position(p.position))) for p in SHIPPED}) == len(SHIPPED)
    for p in SHIPPED:
        # the id is the position's (its least symmetric twin's): a rating the journal keeps under
        # an id belongs to that position, whichever set is shipped
        assert p.id == puzzles.puzzle_id(state_of(notation.parse_position(p.position)))
        assert p.theme in puzzles.THEMES and p.theme == p.tags[0]
        assert len(p.solution) == 2 * p.horizon - 1
        assert 800 <= p.rating <= 2200


def test_a_random_sample_is_proven_unique():
    seed = random.SystemRandom().randrange(1 << 30)
    for p in random.Random(seed).sample(SHIPPED, 12):
        assert puzzles.prove(p) is None, f"puzzle {p.id} (sample seed {seed})"


def test_the_set_regenerates_from_its_seed_whatever_the_ais_tuning(monkeypatch):
    # the miner's players are its own (an import-linter contract keeps it off the AI's modules):
    # with every level of the AI made another and the evaluation's weights zeroed, the first
    # puzzles still come out as shipped
    from companion.ai import evaluate
    from companion.ai.levels import LEVELS

    strongest = list(LEVELS.values())[-1]
    for name in list(LEVELS):
        monkeypatch.setitem(LEVELS, name, strongest)
    monkeypatch.setattr(evaluate, "WEIGHTS", tuple(0.0 for _ in evaluate.WEIGHTS))
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


def _replayed(p):
    """[(mover, the position before, the move)] of the main line, and the position after it."""
    pos = notation.parse_position(p.position)
    out = []
    for text in p.solution:
        mv = notation.parse_move(pos, text)
        out.append((pos.turn, pos, mv))
        pos = engine.apply(pos, mv)
    return out, pos


def _cat_lines(cats):
    from companion.games.maunz.board import lines_in

    return [ln for ln in lines_in(cats) if ln & cats == ln]


def test_each_theme_is_filed_where_its_idea_is_in_the_solution():
    from collections import Counter

    counts = Counter(p.theme for p in SHIPPED)
    # every family of the issue is in the set, none of them a handful (the most telling idea of
    # a solution names its theme, not the line that every win ends with)
    assert set(counts) == set(puzzles.THEMES), counts
    assert all(counts[t] >= 10 for t in puzzles.THEMES if t != "eight-cats"), counts
    assert counts["eight-cats"] >= 1 and counts["three-cats"] < len(SHIPPED) * 0.6, counts
    for p in SHIPPED:
        assert p.tags == [t for t in puzzles.PRECEDENCE if t in p.tags] and p.theme == p.tags[0]
        line, end = _replayed(p)
        winner, before, last = line[-1]
        cats = end.cats(winner)
        assert end.winner == winner
        if "eight-cats" in p.tags:
            assert cats.bit_count() == 8 and not _cat_lines(cats), p.id
        elif "push-line" in p.tags:
            assert _cat_lines(cats) and not any(ln >> last.square & 1 for ln in _cat_lines(cats)), p.id
        else:
            assert "three-cats" in p.tags and any(ln >> last.square & 1 for ln in _cat_lines(cats)), p.id
        mover, first_before, first = line[0]
        after_first = engine.apply(first_before, first)
        booped_off = (after_first.pieces(mover ^ 1).bit_count() < first_before.pieces(mover ^ 1).bit_count())
        assert ("boop-off" in p.tags) == booped_off, p.id
        broke = any(m != winner and mv.choice.bit_count() == 3 for m, _b, mv in line)
        assert ("defence-breaks-line" in p.tags) == broke, p.id
        if "graduation" in p.tags:
            # the winner graduated a kitten (it leaves the game for the box; its cat comes), and
            # placed that cat later
            assert any(m == winner and engine.apply(b, mv).boxed(m) > b.boxed(m) for m, b, mv in line[:-1]), p.id


def test_the_pinned_players_play_the_same_games_on_either_kernel():
    # the games come from the rules alone: the pure kernel plays them move for move the same
    import random as _random

    from companion.ai.puzzle_mine import play_game

    for game in range(3):
        fast = play_game(_random.Random(f"maunz-puzzles:1:{game}"))
        with native.pure():
            slow = play_game(_random.Random(f"maunz-puzzles:1:{game}"))
        assert fast == slow and fast[-1].winner is None and len(fast) > 10


def test_a_binary_puzzle_file_is_one_line_naming_it(tmp_path):
    f = tmp_path / "bin.jsonl"
    f.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00\x01")
    r = _cli("check", "--file", str(f))
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "bin.jsonl" in r.stderr and "puzzles make" in r.stderr
    assert "Traceback" not in r.stderr


def test_write_puts_the_file_on_the_disk_before_it_replaces_the_old_one(tmp_path, monkeypatch):
    # a power cut after the rename must find the new file whole: the data is fsynced first
    f = tmp_path / "p.jsonl"
    done = []
    real_fsync, real_replace = os.fsync, Path.replace

    def fsync(fd):
        done.append(("fsync", os.path.basename(os.readlink(f"/proc/self/fd/{fd}")),
                     os.fstat(fd).st_size))
        real_fsync(fd)

    def replace(self, target):
        done.append(("replace", self.name, None))
        return real_replace(self, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(Path, "replace", replace)
    puzzles.write(SHIPPED[:3], f)
    assert [d[:2] for d in done] == [("fsync", "p.jsonl.tmp"), ("replace", "p.jsonl.tmp")]
    assert done[0][2] == f.stat().st_size > 0
    assert puzzles.load(f) == SHIPPED[:3]


def test_list_by_theme_takes_every_puzzle_with_that_idea_as_the_page_does():
    # the page's theme buttons choose by tags (service/puzzle_store.py); the command the same
    theme = next(t for t in puzzles.THEMES
                 if sum(t in p.tags for p in SHIPPED) > sum(p.theme == t for p in SHIPPED))
    r = _cli("list", "--json", "--theme", theme)
    assert r.returncode == 0, r.stderr
    ids = [json.loads(line)["id"] for line in r.stdout.splitlines()]
    assert ids == [p.id for p in SHIPPED if theme in p.tags]


@pytest.mark.parametrize("damage", [{"horizon": "x"}, {"horizon": True}, {"horizon": 9}, {"solution": 5},
                                    {"rating": "hi"}, {"refutations": [1]}, {"tags": "boop-off"}])
def test_a_damaged_line_is_one_line_naming_it(tmp_path, damage):
    f = tmp_path / "p.jsonl"
    good = next(p for p in SHIPPED if p.horizon == 1)
    f.write_text(good.to_json() + "\n" + json.dumps({**json.loads(good.to_json()), **damage}) + "\n")
    for verb in ("check", "list"):
        r = _cli(verb, "--file", str(f))
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
        assert "p.jsonl:2: not a puzzle" in r.stderr and "puzzles make" in r.stderr
