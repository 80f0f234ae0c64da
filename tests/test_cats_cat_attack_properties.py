"""Random legal event sequences keep Cats and Cat Attack positions valid: every position parses
back from its text (the parser checks the invariants), apply is pure, the table never sees a
secret, and the game ends exactly when no event is legal."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.games import CHANCE

GAMES = {"cats": (2, 4), "cat-attack": (2, 6)}


def _rules(name: str):
    options = games.info(name).rules_options
    return st.lists(st.sampled_from(options), unique=True, max_size=len(options)) if options else st.just([])


def _check_invariants(name: str, game, pos) -> None:
    if name == "cats":
        assert pos.pile + pos.discard == 60 - (5 * pos.seats if pos.phase != "deal" else 0)
        for viewer in (None, *range(pos.seats)):
            shown = game.observation(pos, viewer).split(" ")[0]
            entries = shown.removeprefix("secrets=").split(",")
            for seat, entry in enumerate(entries):
                if pos.phase != "deal":
                    assert (entry != "??") == (viewer == seat)
    else:
        assert pos.pile + pos.discard + sum(pos.hands) == 63
        assert all(0 <= lives <= 9 for lives in pos.lives)
        for seat in range(pos.seats):
            assert (pos.hands[seat] == 0) >= (pos.lives[seat] == 0)


def _walk(name: str, game, rng: random.Random, plies: int) -> None:
    pos = game.initial_position()
    for _ in range(plies):
        text = game.format_position(pos)
        assert game.format_position(game.parse_position(text)) == text
        _check_invariants(name, game, pos)
        moves = game.legal_moves(pos)
        if game.outcome(pos) is not None:
            assert moves == []
            return
        assert moves, text
        # claims of a win and "time is up" end a game at once: keep them rare so walks go deep
        ending = [m for m in moves if m.kind in ("win", "time")]
        rest = [m for m in moves if m not in ending]
        move = rng.choice(ending if ending and (not rest or rng.random() < 0.02) else rest)
        mtext = game.format_move(pos, move)
        assert game.parse_move(pos, mtext) == move
        seat = game.to_move(pos)
        assert seat == CHANCE or 0 <= seat < game.seats(pos)
        after = game.apply(pos, move)
        assert game.format_position(pos) == text     # apply is pure
        assert hash(after) == hash(game.parse_position(game.format_position(after)))
        pos = after


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_sequences_keep_positions_valid(name, data):
    lo, hi = GAMES[name]
    players = data.draw(st.integers(lo, hi), label="players")
    rules = data.draw(_rules(name), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    _walk(name, games.get(name, rules=rules, players=players), random.Random(seed), 250)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_conformance_without_the_two_player_alternation(name):
    """tests/test_games_conformance.py minus its `to_move(after) != to_move(pos)` line: in these
    games a player makes several events in a row (steps, reports) and chance may follow chance."""
    for rules in (None, *games.info(name).rules_options):
        game = games.get(name, rules=rules)
        rng = random.Random(hash((name, rules)) & 0xFFFF)
        for _ in range(10):
            _walk(name, game, rng, 300)


def test_games_are_registered_with_how_they_are_served():
    cats, attack = games.info("cats"), games.info("cat-attack")
    assert (cats.served, cats.players, cats.hidden_information) == ("assistant", "2-4", True)
    assert (attack.served, attack.players, attack.hidden_information) == ("scorekeeper", "2-6", False)
    assert games.get("katzen").info is cats and games.get("catattack").info is attack
