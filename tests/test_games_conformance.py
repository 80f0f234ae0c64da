"""Runs against every registered game (and every rules option): the shared verb set behaves."""
from __future__ import annotations

import random

import pytest

from companion import games

CASES = [(info.name, rules) for info in games.infos() for rules in (None, *info.rules_options)]


def test_registry_knows_maunz_by_name_and_alias():
    assert "maunz" in games.names()
    assert games.get("boop").info.name == "maunz" and games.get("maunz.").info.players == "2"
    with pytest.raises(games.GameError, match="unknown game 'chess'"):
        games.get("chess")
    with pytest.raises(games.GameError, match="unknown rules option 'x' for maunz"):
        games.get("maunz", rules="x")


@pytest.mark.parametrize("name,rules", CASES)
def test_random_play_conformance(name, rules):
    game = games.get(name, rules=rules)
    rng = random.Random(hash((name, rules)) & 0xFFFF)
    for _ in range(15):
        pos = game.initial_position()
        for _ply in range(300):
            text = game.format_position(pos)
            assert game.format_position(game.parse_position(text)) == text
            moves = game.legal_moves(pos)
            if game.outcome(pos) is not None:
                assert moves == []
                break
            assert moves, "a game that is not over has a legal move"
            move = rng.choice(moves)
            mtext = game.format_move(pos, move)
            assert game.parse_move(pos, mtext) == move
            before = game.format_position(pos)
            after = game.apply(pos, move)
            assert game.format_position(pos) == before  # apply is pure
            assert hash(after) == hash(game.parse_position(game.format_position(after)))
            assert game.to_move(after) != game.to_move(pos) or game.info.max_players == 1
            pos = after
        outcome = game.outcome(pos)
        if outcome is not None:
            assert game.outcome(pos) == outcome and (outcome.winner is None or 0 <= outcome.winner < game.info.max_players)
