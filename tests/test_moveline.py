"""The line of moves every table keeps (companion/tables/moveline.py): push, pop, pop_to, reset
and the commits, on two real games (maunz. and Katzenjammer, whose moves include dice)."""
from __future__ import annotations

import random

import pytest

import companion.games as games
from companion.tables.moveline import MoveLine


def test_push_pop_and_the_commits_in_order():
    game = games.get("maunz")
    line = MoveLine(game, None, ["kc3"])            # resumed: nothing committed for the journal's move
    assert line.moves == ["kc3"] and line.drain() == []
    text = line.push(game.parse_move(line.position, "kd4"))
    assert text == "kd4" and line.moves == ["kc3", "kd4"]
    assert line.before(1) == game.apply(game.initial_position(), game.parse_move(game.initial_position(), "kc3"))
    assert line.pop() == "kd4" and line.position == line.before(1)
    line.reset(game.initial_position())
    assert [(c.kind, c.move) for c in line.drain()] == [("move", "kd4"), ("undo", None), ("new_game", None)]
    assert line.pop() is None and line.drain() == []   # nothing to take back: nothing committed


def test_pop_to_takes_a_turn_with_its_dice_back_one_commit_per_move():
    game = games.get("katzenjammer")
    rng = random.Random(3)
    line = MoveLine(game)
    while len(line.moves) < 6:
        legal = game.legal_moves(line.position)
        line.push(rng.choice(legal))
    positions = [line.before(i) for i in range(6)] + [line.position]
    line.drain()
    assert len(line.pop_to(2)) == 4 and line.position == positions[2]
    undos = line.drain()
    assert [c.kind for c in undos] == ["undo"] * 4
    assert [c.position for c in undos] == [game.format_position(p) for p in positions[5:1:-1]]


def test_an_illegal_move_changes_nothing():
    game = games.get("maunz")
    line = MoveLine(game, None, ["kc3"])
    with pytest.raises(games.GameError):
        line.push("kc3")                            # the square is taken
    assert line.moves == ["kc3"] and line.drain() == []
