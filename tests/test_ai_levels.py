"""The levels' definitions (issue 44, item 1): deterministic given the random numbers -- the same
moves on the compiled and the pure-Python search, however long the clock -- with the blunder
rules as stated; Glicko-2 as the paper computes it; the ladder's Elo fit and a tiny ladder run."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from benchmarks.ai import middle_positions
from companion.ai import choose_move, levels
from companion.ai.glicko import Rating, update
from companion.ai.levels import ADAPTIVE, ALIASES, LEVELS, STRONGEST, level_named, nearest, strength
from companion.games import native
from companion.games.maunz import notation
from companion.games.maunz.game import Maunz

GAME = Maunz()


def _moves(level, positions, seed):
    rng = random.Random(seed)
    return [notation.format_move(choose_move(GAME, p, level=level, time_limit=600, rng=rng).move)
            for p in positions]


@pytest.mark.skipif(native.kernel() is None, reason="the compiled kernel is not built")
@pytest.mark.parametrize("level", [name for name in LEVELS if name != STRONGEST])
def test_a_level_plays_the_same_moves_on_both_paths_given_the_seed(level):
    nodes = LEVELS[level].nodes
    positions = middle_positions(1 if nodes > 50_000 else 2 if nodes > 10_000 else 6, seed=44, plies=(4, 20))
    compiled = _moves(level, positions, seed=7)
    assert _moves(level, positions, seed=7) == compiled   # the same seed: the same moves
    with native.pure():
        assert _moves(level, positions, seed=7) == compiled


def test_every_level_below_the_top_is_bounded_by_depth_or_nodes_not_the_clock():
    for name, lv in LEVELS.items():
        assert (lv.nodes == 0 and lv.max_depth == 64) == (name == STRONGEST), name
    assert level_named("hard").name == STRONGEST and level_named("medium").name == "4"
    assert level_named("expert") is None and level_named(ADAPTIVE) is None


def test_the_levels_between_two_whole_ones_stand_between_them_and_the_old_names_keep_their_strength():
    names = list(LEVELS)
    assert [float(n) for n in names] == sorted(float(n) for n in names)   # the ladder's order
    assert {"2.5", "3.5", "4.5", "5.5", "6.5"} <= set(names) and names[-3:] == ["7", "8", "9"]
    assert level_named("4.5") is LEVELS["4.5"] and level_named("4.50") is None
    # "easy", "medium", "hard": the levels of about their strength before the ladder
    assert [level_named(a).name for a in ("easy", "medium", "hard")] == ["2", "4", STRONGEST]
    assert "4.5" not in ALIASES and all(a not in LEVELS for a in ALIASES)


def test_each_level_searches_the_depth_or_the_nodes_its_definition_says():
    positions = middle_positions(4, seed=46)
    for name, lv in LEVELS.items():
        if name == STRONGEST or lv.nodes > 5_000:
            continue   # their budgets: test_a_level_plays_the_same_moves_on_both_paths_given_the_seed
        for pos in positions:
            r = choose_move(GAME, pos, level=name, time_limit=600, rng=random.Random(1))
            if lv.nodes:
                assert lv.nodes <= r.nodes < lv.nodes + 100, (name, r.nodes)
            else:
                assert r.depth == lv.max_depth, (name, r.depth)


def test_the_levels_without_noise_or_blunders_play_one_move_whatever_the_random_numbers():
    positions = middle_positions(4, seed=47)
    for name in ("5.5", "6"):   # 2 plies, 1,000 nodes: neither makes mistakes
        assert len({tuple(_moves(name, positions, seed)) for seed in range(4)}) == 1, name
    assert len({tuple(_moves("4.5", positions, seed)) for seed in range(4)}) > 1   # its noise


def test_every_level_is_measured_as_it_is_defined_now():
    # levels_elo.json keeps the definitions it measured: a level changed since is not "about"
    # its stored Elo any more (companion bench ai --ladder --reuse --write plays its pairings again)
    from benchmarks import ladder

    stored = ladder.stored()
    assert set(stored["elo"]) == set(LEVELS), "levels not measured: run companion bench ai --ladder --write"
    for name in LEVELS:
        assert stored["definitions"][name] == ladder.definition(name, stored["settings"]["time"]), (
            f"level {name} changed since it was measured: companion bench ai --ladder --reuse --write")


def test_level_1_misses_about_half_its_wins_and_takes_the_rest():
    pos = notation.parse_position("6/6/6/6/6/OO4 o 5k1c 8k0c")   # a cat on c1 wins
    rng = random.Random(3)
    moves = [notation.format_move(choose_move(GAME, pos, level="1", rng=rng).move) for _ in range(60)]
    taken = moves.count("cc1")
    assert 18 <= taken <= 42, taken   # 0.5 +- 4 standard deviations of 60 coin flips


def test_nearest_picks_the_level_of_the_nearest_elo():
    order = list(LEVELS)
    for name in LEVELS:
        assert nearest(strength(name)[0]) == name
    assert nearest(-1000) == order[0] and nearest(10_000) == order[-1]
    # a rating a little past the middle between 4 and 4.5 plays 4.5; a little short of it, 4
    middle = (strength("4")[0] + strength("4.5")[0]) / 2
    assert nearest(middle + 5) == "4.5" and nearest(middle - 5) == "4"


def test_glicko2_matches_glickmans_worked_example():
    # companion/ai/glicko.py is h-puzzle's, copied unchanged: the levels' use of it checked here
    new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
                                           (Rating(1700, 300), 0)])
    assert round(new.rating, 1) == 1464.1 and round(new.rd, 1) == 151.5
    assert abs(new.vol - 0.05999) < 1e-5
    assert update(Rating(1500, 200), []).rd > 200   # a period without games: less certain


def test_the_fit_recovers_known_differences():
    from benchmarks.ladder import fit

    # a beats random 3 of 4 times (about +191), b beats a 3 of 4 times: about +382
    results = {("a", "random"): [750.0, 1000], ("b", "a"): [750.0, 1000]}
    elo = fit(results)
    assert abs(elo["a"][0] - 191) < 5 and abs(elo["b"][0] - 382) < 10
    assert 0 < elo["a"][1] < elo["b"][1] < 60   # the error grows along the chain


def test_a_tiny_ladder_prints_a_line_a_level(tmp_path):
    from benchmarks import ladder

    lines = []
    measured = ladder.run(2, 0.35, 1, opening=4, levels=["1", "2"], out=lines.append)
    assert any(line.startswith("ladder: 10 of 10 games") for line in lines), lines
    assert [line.split()[0] for line in lines if line.startswith("level_")] == ["level_1_elo", "level_2_elo"]
    for line in lines:
        if line.startswith("level_"):
            assert line.split()[2] == "±"
    path = ladder.write(measured, "companion bench ai --ladder --games 2", tmp_path / "elo.json")
    data = json.loads(path.read_text())
    assert data["command"] == "companion bench ai --ladder --games 2"
    # every pairing's wins, draws and losses, so the fit can be made again from the file
    assert sum(p["wins"] + p["draws"] + p["losses"] for p in data["pairs"]) == 10
    assert data["definitions"]["1"] == "max_depth=1, nodes=0, noise=150.0, miss_threat=0.5, miss_win=0.5, prove=0"


def test_the_ladder_reuses_stored_pairings_only_while_their_levels_are_unchanged(tmp_path, monkeypatch):
    from benchmarks import ladder

    first = ladder.run(2, 0.35, 1, opening=4, levels=["1", "2"], out=lambda line: None)
    stored = json.loads(ladder.write(first, "first", tmp_path / "elo.json").read_text())
    lines = []
    again = ladder.run(4, 0.35, 1, opening=4, levels=["1", "2"], out=lines.append, stored=stored)
    # 4 games for each adjacent pair now: their 2 stored ones kept, only 2 more played
    assert lines[0].startswith("ladder: 4 of 4 games") and "10 stored games reused" in lines[0], lines
    assert sum(again["pairs"][("random", "1")]) == sum(again["pairs"][("1", "2")]) == 4
    for pair, wdl in first["pairs"].items():
        assert all(now >= then for now, then in zip(again["pairs"][pair], wdl)), pair

    # Level 2 redefined: its pairings are stale, played again; random-1 is kept
    monkeypatch.setitem(ladder.LEVELS, "2", dataclasses.replace(ladder.LEVELS["2"], noise=10.0))
    lines = []
    ladder.run(2, 0.35, 1, opening=4, levels=["1", "2"], out=lines.append, stored=stored)
    assert "stale: 1 vs 2 (2 changed): played again" in lines
    assert "stale: greedy vs 2 (2 changed): played again" in lines
    assert lines[2].startswith("ladder: 4 of 4 games") and "6 stored games reused" in lines[2], lines

    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(SystemExit, match="bad.json is not JSON .*measure anew without --reuse"):
        ladder.stored(bad)

    # other settings, or other playing code: nothing is reused
    lines = []
    ladder.run(2, 0.5, 1, opening=4, levels=["1"], out=lines.append, stored=stored)
    assert lines[0].startswith("stored pairings not reused: measured with"), lines
    lines = []
    ladder.run(2, 0.35, 1, opening=4, levels=["1"], out=lines.append, stored={**stored, "code": "0" * 16})
    assert lines[0] == "stored pairings not reused: the playing code changed since", lines


@pytest.mark.parametrize("content", ['{"elo": {"2": [819, 1', b"\xff\xfe", '{"elo": {"2": "strong"}}', "[]"])
def test_a_damaged_levels_elo_json_is_one_line_and_the_levels_keep_their_places(tmp_path, monkeypatch,
                                                                                 capsys, content):
    """levels_elo.json cut short (a full card) or edited by hand: one line naming the file, and
    every level lookup answers with the level's unmeasured place in the ladder (no traceback)."""
    bad = tmp_path / "levels_elo.json"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    monkeypatch.setattr(levels, "_ELO_FILE", bad)
    monkeypatch.setattr(levels, "_elo_cache", None)
    assert levels.elo("2") is None and levels.elo("9") is None
    assert levels.strength("4") == (400.0 + 200 * list(levels.LEVELS).index("4"), 200.0)
    assert levels.nearest(400.0) == list(levels.LEVELS)[0]
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and str(bad) in said[0] and "damaged" in said[0] and "\n" not in said[0]
