"""Computer players: legal choices, seeded and repeatable, sensible in clear cases, and whole
games with the dice from an injected random source."""
from __future__ import annotations

import random

import pytest

from companion.games.katzenjammer import notation, engine
from companion.games.katzenjammer.players import (ROLL_CLASSES, play_game, player_by_name)
from tests.test_katzenjammer_crosscheck import random_position

NAMES = ["random", "greedy", "expectimax1", "expectimax2"]


@pytest.mark.parametrize("name", NAMES)
def test_players_choose_legal_turns_repeatably(name):
    rng = random.Random(3)
    for _ in range(8 if name == "expectimax2" else 30):
        pos = notation.parse_position(random_position(rng, crowded=False))
        seed = rng.random()
        move = player_by_name(name).choose(pos, random.Random(seed))
        assert move == player_by_name(name).choose(pos, random.Random(seed))
        engine.play(pos, move)  # raises if illegal


def test_roll_classes_cover_the_216_rolls():
    assert abs(sum(w for _, w in ROLL_CLASSES) - 1) < 1e-12
    pairs = sum(w for d, w in ROLL_CLASSES if engine.pair_value(d) is not None)
    assert abs(pairs - 0.25) < 1e-12


@pytest.mark.parametrize("name", ["greedy", "expectimax1", "expectimax2"])
def test_a_player_takes_the_win_and_the_capture(name):
    # Red wins with 2 from 39 into s1; the alternatives leave the stall short.
    win = notation.parse_position("r:39,s2,s3,s4 g:25,n,n,n r 213")
    assert engine.play(win, player_by_name(name).choose(win, random.Random(1))).board[40:44] == b"\x01" * 4
    # Capturing green's far-travelled piece on 18 beats any quiet move.
    cap = notation.parse_position("r:15,n,n,n g:18,n,n,n r 132")
    after = engine.play(cap, player_by_name(name).choose(cap, random.Random(1)))
    assert notation.format_position(after) == "r:n,n,n,18 g:n,n,n,n g -"


def test_whole_games_end_with_a_winner_and_expectimax_beats_random():
    wins = 0
    for g in range(4):
        smart, dumb = player_by_name("expectimax1"), player_by_name("random")
        seats = {0: smart, 2: dumb} if g % 2 == 0 else {0: dumb, 2: smart}
        winner, turns = play_game(seats, random.Random(g))
        assert winner in (0, 2) and 0 < turns < 2000
        wins += seats[winner] is smart
    assert wins == 4
    three = {c: player_by_name("greedy") for c in (0, 1, 2)}
    winner, _ = play_game(three, random.Random(9), colours=(0, 1, 2))
    assert winner in (0, 1, 2)
