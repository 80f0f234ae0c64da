"""`companion katzenjammer` (alias `kj`) as a subprocess, the notation's round trips and errors,
and Katzenjammer through the registered Game verbs."""
from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction

import pytest

from companion import games
from companion.games.base import CHANCE, NotationError
from companion.games.katzenjammer import notation, engine
from companion.games.katzenjammer.cli import successor_lines

CROWDED = "r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553"


def kj(*args: str, alias: str = "katzenjammer") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", alias, *args],
                          capture_output=True, text=True, timeout=60)


def test_successors_prints_sorted_canonical_positions():
    r = kj("successors", "--position", "b:n,n,7,10* k:n,n,n,9 b 714")
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines == sorted(lines) and len(lines) == len(set(lines)) == 13
    assert "b:n,n,11,s3 k:n,n,n,n k -" in lines


def test_the_alias_and_input_in_any_piece_order():
    r = kj("successors", "--position", "k:9,n,n,n b:10*,n,n,n k 132", alias="kj")
    assert (r.returncode, r.stdout) == (0, "b:n,n,n,10* k:n,n,n,9 b -\n")


def test_moves_and_apply_with_a_roll():
    r = kj("moves", "--position", "b:n,n,10*,12 k:n,n,n,9 k 632")
    assert (r.returncode, r.stdout) == (0, "6:9x12\n")
    r = kj("apply", "--position", "r:n,n,n,n g:n,n,n,20 r 513", "5:e", "roll:147", "1:20")
    assert (r.returncode, r.stdout) == (0, "r:n,n,n,0* g:n,n,n,21 r -\n")
    r = kj("successors", "--position", "r:5,n,n,n g:n,n,n,n r 132", "--rules", "two-dice")
    assert r.returncode == 0 and "r:n,n,n,9 g:n,n,n,n g -" in r.stdout.splitlines()


def test_the_crowded_joker_roll_has_31637_successors():
    lines = successor_lines(CROWDED)
    assert len(lines) == 31637 == len(set(lines)) and lines == sorted(lines)


INVALID = [
    ("r:n,n,n g:n,n,n,n r 132", "seat r has 3 pieces"),
    ("r:n,n,n,n,n g:n,n,n,n r 132", "seat r has 5 pieces"),
    ("r:5,n,n,n g:5,n,n,n r 132", "two pieces on ring field 5"),
    ("r:s1,s1,n,n g:n,n,n,n r 132", "two pieces of seat r on its stall field s1"),
    ("r:5*,n,n,n g:n,n,n,n r 132", "fresh mark"),
    ("r:10*,n,n,n g:n,n,n,n r 132", "fresh mark"),
    ("x:n,n,n,n g:n,n,n,n r 132", "unknown seat 'x'"),
    ("r:n,n,n,n g:n,n,n,n b 132", "seat b to move is not in play"),
    ("r:n,n,n,n g:n,n,n,n x 132", "unknown seat 'x' to move"),
    ("r:n,n,n,n g:n,n,n,n r 569", "6 is not a face of die IV"),
    ("r:n,n,n,n g:n,n,n,n r 13", "three digits"),
    ("r:n,n,n,n r 132", "needs 2 to 4 seats"),
    ("r:n,n,n,n r:n,n,n,n r 132", "seat r is given twice"),
    ("r:40,n,n,n g:n,n,n,n r 132", "ring fields are 0-39"),
    ("r:s5,n,n,n g:n,n,n,n r 132", "use n, a field 0-39"),
    ("r:n,n,n,n  g:n,n,n,n r 132", "single spaces"),
    ("", "single spaces"),
]


@pytest.mark.parametrize("text,why", INVALID)
def test_invalid_positions_exit_2_with_one_line(text, why):
    r = kj("successors", "--position", text)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and why in r.stderr and repr(text) in r.stderr


def test_dice_not_rolled_is_an_error_for_successors_and_moves_lists_the_rolls():
    r = kj("successors", "--position", "r:n,n,n,n g:n,n,n,n r -")
    assert r.returncode == 2 and "no dice" in r.stderr and r.stderr.count("\n") == 1
    r = kj("moves", "--position", "r:n,n,n,n g:n,n,n,n r -")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and len(lines) == 216 and lines[0] == "roll:112" and "roll:958" in lines


@pytest.mark.parametrize("move,why", [("9:5", "not available"), ("1:7", "no piece"),
                                      ("pass", "not void"), ("9:", "unknown action"),
                                      ("55=55:5", "except 55"), ("roll:999", "not a face"), ("roll:147", "already rolled"),
                                      ("1:5;2:6", "two-dice")])
def test_bad_moves_exit_2_naming_the_move_and_position(move, why):
    r = kj("apply", "--position", "r:5,n,n,n g:n,n,n,n r 132", move)
    assert r.returncode == 2 and why in r.stderr and repr(move) in r.stderr, r.stderr
    assert "r:n,n,n,5 g:n,n,n,n r 132" in r.stderr and r.stderr.count("\n") == 1


def test_unknown_rules_option_and_missing_position():
    r = kj("successors", "--position", "r:5,n,n,n g:n,n,n,n r 132", "--rules", "three-dice")
    assert r.returncode == 2 and "unknown rules option 'three-dice'" in r.stderr
    r = kj("successors")
    assert r.returncode == 2 and "--position" in r.stderr


# The Game verbs ------------------------------------------------------------------------------
def test_registry_and_info():
    info = games.info("kj")
    assert (info.name, info.min_players, info.max_players, info.served) == \
        ("katzenjammer", 2, 4, "referee")
    assert info.rules_options == ("two-dice",)
    assert games.get("katzenjammer", players=3).format_position(
        games.get("katzenjammer", players=3).initial_position()) == "r:n,n,n,n b:n,n,n,n g:n,n,n,n r -"
    game = games.get("kj")
    assert game.format_position(game.initial_position()) == "r:n,n,n,n g:n,n,n,n r -"


def test_the_roll_is_a_chance_move_with_216_equally_likely_outcomes():
    game = games.get("kj")
    pos = game.initial_position()
    assert game.to_move(pos) == CHANCE
    outcomes = game.chance_outcomes(pos)
    assert len(outcomes) == 216 and sum(p for _, p in outcomes) == 1
    pairs = [m for m, _ in outcomes if engine.pair_value(m.dice) is not None]
    assert Fraction(len(pairs), 216) == Fraction(1, 4)
    rolled = game.apply(pos, game.parse_move(pos, "roll:513"))
    assert game.to_move(rolled) == 0 and game.format_position(rolled) == "r:n,n,n,n g:n,n,n,n r 513"
    assert [game.format_move(rolled, m) for m in game.legal_moves(rolled)] == ["5:e"]


def test_positions_and_moves_round_trip_in_random_play():
    game = games.get("kj", players=4)
    rng = random.Random(14)
    pos = game.initial_position()
    for _ in range(400):
        if game.outcome(pos):
            break
        moves = game.legal_moves(pos)
        move = rng.choice(moves)
        text = game.format_move(pos, move)
        assert game.parse_move(pos, text) == move
        after = game.apply(pos, move)
        assert game.parse_position(game.format_position(after)) == after
        if game.to_move(pos) != CHANCE:
            assert after in game.successors(pos)
        pos = after


def test_notation_errors_are_game_errors():
    with pytest.raises(NotationError, match="invalid move 'e' in"):
        notation.parse_move(notation.parse_position("r:n,n,n,n g:n,n,n,n r 513"), "e")


def test_nothing_is_played_once_the_game_is_over():
    r = kj("apply", "--position", "r:s1,s2,s3,s4 g:5,n,n,n g -", "roll:147")
    assert r.returncode == 2 and "the game is over" in r.stderr
    r = kj("successors", "--position", "r:s1,s2,s3,s4 g:5,n,n,n g 147")
    assert (r.returncode, r.stdout) == (0, "")


def test_one_seats_pieces_on_a_shared_ring():
    pos = notation.parse_position("r:0*,5,s2,n b:n,n,6,39 r 596")
    assert [notation.format_pieces(pos.board, c) for c in pos.colours] == ["n,0*,5,s2", "n,n,6,39"]
