"""Property tests of the engine, and a cross-check against a naive second implementation."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import get
from companion.games.maunz import engine, notation, playout
from tests import maunz_reference as ref

RULES = [None, "opponent-cats-win", "kids"]


def random_walk(seed: int, plies: int, rules=None):
    """Positions along a random game (uniform over legal moves)."""
    game = get("maunz", rules=rules)
    rng = random.Random(seed)
    pos = game.initial_position()
    out = [pos]
    for _ in range(plies):
        moves = game.legal_moves(pos)
        if not moves:
            break
        pos = game.apply(pos, rng.choice(moves))
        out.append(pos)
    return game, out


def _active_ok(game, pos):
    for colour in (0, 1):
        on_bed = pos.pieces(colour).bit_count()
        k, c = pos.pool(colour)
        assert on_bed + k + c == 8  # always 8 active pieces
        assert pos.cats(colour).bit_count() + c <= 8
        assert pos.boxed(colour) >= 0 and pos.reserve(colour) >= 0
        if game.rules == "kids":
            assert pos.cats(colour) == 0 and c == 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), rules=st.sampled_from(RULES))
def test_invariants_along_random_games(seed, rules):
    game, positions = random_walk(seed, 120, rules)
    for pos in positions:
        _active_ok(game, pos)
        # no two pieces on one square
        boards = [pos.kittens(0), pos.cats(0), pos.kittens(1), pos.cats(1)]
        assert sum(b.bit_count() for b in boards) == pos.occupied.bit_count()
        # notation round-trips, including the derived winner
        text = game.format_position(pos)
        assert game.parse_position(text) == pos
        assert game.format_position(game.parse_position(text)) == text


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), rules=st.sampled_from(RULES))
def test_every_legal_move_applies_round_trips_and_never_mutates(seed, rules):
    game, positions = random_walk(seed, 60, rules)
    pos = positions[-1]
    snapshot = tuple(pos)
    for move in game.legal_moves(pos):
        text = game.format_move(pos, move)
        assert game.parse_move(pos, text) == move
        after = game.apply(pos, move)
        assert after.turn == pos.turn ^ 1
        _active_ok(game, after)
    assert tuple(pos) == snapshot


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), rules=st.sampled_from(RULES))
def test_the_outcome_never_changes_once_set(seed, rules):
    game, positions = random_walk(seed, 400, rules)
    last = positions[-1]
    if game.outcome(last) is not None:
        assert game.legal_moves(last) == []
        assert game.outcome(game.parse_position(game.format_position(last))) == game.outcome(last)
    for earlier in positions[:-1]:
        assert game.outcome(earlier) is None


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), plies=st.integers(0, 80), rules=st.sampled_from(RULES))
def test_matches_the_naive_reference_implementation(seed, plies, rules):
    game, positions = random_walk(seed, plies, rules)
    pos = positions[-1]
    if pos.winner is not None:
        return
    text = game.format_position(pos)
    expected = ref.moves(text, rules)
    got = {}
    for move, after in game.successors(pos):
        got[game.format_move(pos, move)] = (game.format_position(after),
                                            None if after.winner is None else "og"[after.winner])
    assert got == expected


def test_successors_agree_with_legal_moves_and_apply():
    game, positions = random_walk(7, 70)
    for pos in positions[::7]:
        pairs = game.successors(pos)
        assert [m for m, _ in pairs] == game.legal_moves(pos)
        assert all(game.apply(pos, m) == after for m, after in pairs)


def test_random_playout_ends_with_a_winner_and_follows_the_rules():
    rng = random.Random(5)
    for rules in RULES:
        variant = engine.VARIANT_BY_NAME[rules]
        for _ in range(50):
            winner, plies = playout.random_game(engine.initial(), rng, variant)
            assert winner in (0, 1) and plies >= 5


def test_positions_are_hashable_and_cheap_to_copy():
    game, positions = random_walk(3, 30)
    assert len(set(positions)) == len(positions)
    assert positions[-1] == notation.parse_position(game.format_position(positions[-1]))
