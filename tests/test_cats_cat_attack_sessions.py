"""Whole sessions as a table would play them: set-up chance moves, several turns with the
judgements in between, and the end — through the public Game API and the notation only."""
from __future__ import annotations

from companion import games
from companion.games import CHANCE
from tests.eventgame_helpers import events, play


def test_a_session_of_cats_from_the_deal_to_a_verified_win():
    game = games.get("cats", players=3)
    pos = play(game, game.initial_position(), "deal:2m", "deal:4b", "deal:1p", "first:3")
    assert game.to_move(pos) == 2
    # round one is quiet: every seat moves four steps, nobody reacts, swaps optional
    for seat in (2, 0, 1):
        assert pos.active == seat
        pos = play(game, pos, "step:5", "step:5", "step:b", "step:b", "end")
        pos = play(game, pos, "swap", "pass", "pass")
    # seat 3 again: cats 2 and 3 moved, seat 1 sends cat 2 to room 7, seat 2 purrs it back
    pos = play(game, pos, "step:2", "step:2", "step:3", "step:3", "hiss:3>1", "end")
    assert pos.turn == 0
    pos, said = events(game, pos, "miau:2@7", "schnurr")
    assert ("draw", 0) in said and ("locked", 1) in said and ("draw", 1) in said
    pos, said = events(game, pos, "miau:3@4", "miau:3@9", "pass", "pass", "pass")
    assert pos.phase == "swap" and said.count(("window", "closed")) == 1
    pos = play(game, pos, "pass", "pass", "pass")
    # seat 3 challenges seat 2: "your cat is cat 4" — right, seat 2's cat is revealed
    pos, said = events(game, pos, "challenge:2=4")
    assert ("challenge", "right") in said and pos.active == 2 and pos.revealed[3] == 1
    assert "revealed=4:2" in game.observation(pos, None) and "??" in game.observation(pos, None)
    pos = play(game, pos, "step:1", "step:1", "step:1", "step:1", "end", "pass", "pass", "pass",
               "pass", "pass")
    assert pos.active == 0
    # seat 1 moves seat 2's revealed cat? Not allowed. It moves its own cat 2 onto the mouse.
    assert "step:4" not in {game.format_move(pos, m) for m in game.legal_moves(pos)}
    pos, said = events(game, pos, "step:2", "win:2m")
    outcome = game.outcome(pos)
    assert outcome.winner == 0 and ("winner", 0) in said and game.legal_moves(pos) == []


def test_a_session_of_cat_attack_to_the_last_cat_standing():
    game = games.get("cat-attack", players=2, lives=2)
    pos = play(game, game.initial_position(), "first:1")
    assert game.to_move(pos) == 0
    # seat 1: a cat card, catches a bird, rolls, shops at the dairy
    pos = play(game, pos, "C3", "catch:b", "done", "d6:4", "shop:k", "done")
    assert pos.active == 1 and pos.larders[0] == 0b101
    # seat 2: Speedy Cat, four rolls; lands on seat 1's cat on the second
    pos = play(game, pos, "SPEEDY", "d6:1", "done", "d6:5")
    pos, said = events(game, pos, "attack:1", "done")
    assert ("swap_card", (1, 0)) in said and pos.lives == (1, 2) and pos.home[0]
    pos = play(game, pos, "d6:2", "curiosity:close:k", "hit:-", "done", "d6:6", "done")
    assert pos.active == 0 and pos.shops == 0b1110
    # seat 1 picks a fight with mouse cards and runs out first
    pos = play(game, pos, "fight:2:M", "M1", "M2")
    assert game.to_move(pos) == 0
    pos, said = events(game, pos, "none")
    assert ("winner", 1) in said and game.outcome(pos).winner == 1
    assert "last cat" in game.outcome(pos).reason and game.to_move(pos) != CHANCE
