"""The line of moves every table keeps (companion/tables/moveline.py): push, pop, pop_to, reset
and the commits, on real games (maunz., Katzenjammer, whose moves include dice, and Cat Attack,
whose table pushes the positions the engine gave it with its events)."""
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


def test_a_position_the_table_already_has_a_note_per_move_and_kept_draws_in_the_commits():
    game = games.get("cat-attack")
    asked = []

    class Counting:   # the game, counting how often the line asks it to apply a move
        def __getattr__(self, name):
            return getattr(game, name)

        def apply(self, position, move):
            asked.append(move)
            return game.apply(position, move)

    line = MoveLine(Counting())
    start = line.position
    move = game.parse_move(start, "first:1")
    after, events = game.apply_with_events(start, move)
    assert line.push(move, after=after, note=("chance", tuple(events)), kept="[]") == "first:1"
    assert asked == [] and line.position == after and line.notes == [("chance", ())]
    line.push("C3", note="event")                       # no position given: the line applies it
    assert len(asked) == 1 and line.notes == [("chance", ()), "event"]
    assert line.pop(kept='[["d6:4", 0]]') == "C3" and line.notes == [("chance", ())]
    line.pop()
    assert line.position == start and line.notes == [] and line.moves == []
    assert [(c.kind, c.move, c.kept) for c in line.drain()] == [
        ("move", "first:1", "[]"), ("move", "C3", None), ("undo", None, '[["d6:4", 0]]'),
        ("undo", None, None)]
    line.push("first:2", commit=False, note="x")
    line.commit("settings", kept="[]")
    line.reset(start, commit=None)                       # a set-up's start, nothing to journal
    assert line.notes == [] and [(c.kind, c.kept) for c in line.drain()] == [("settings", "[]")]
