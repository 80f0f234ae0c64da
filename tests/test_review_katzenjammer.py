"""Katzenjammer's review after a game (issue 36): each person's choice against the strongest
computer player's, on a seeded game (a person choosing at random at seat 1, the computer at seat
2), summarised and worded for the page and the table's screen."""
from __future__ import annotations

import random

import pytest

from companion.games import get
from companion.games.katzenjammer import engine
from companion.games.katzenjammer.players import ExpectimaxPlayer, RandomPlayer
from companion.games.katzenjammer.review import review
from companion.tables import factory


@pytest.fixture(scope="module")
def played():
    game, rng = get("katzenjammer"), random.Random(36)
    pos, moves = game.initial_position(), []
    players = {0: RandomPlayer(), 1: ExpectimaxPlayer(2)}
    while game.outcome(pos) is None and len(moves) < 70:
        seat = game.to_move(pos)
        move = rng.choice(game.legal_moves(pos)) if pos.dice is None else players[seat].choose(pos, rng)
        moves.append(game.format_move(pos, move))
        pos = game.apply(pos, move)
    return game, moves


def test_each_persons_choice_against_the_strongest_computer(played):
    game, moves = played
    s = review(game, game.initial_position(), moves, people={0})
    pos, expected = game.initial_position(), []
    for ply, text in enumerate(moves):   # the person's turns that offered a choice
        if pos.dice is not None and game.to_move(pos) == 0 and len(
                {b for _, b in engine.turn_moves(pos)}) > 1:
            expected.append(ply)
        pos = game.apply(pos, game.parse_move(pos, text))
    assert [c.ply for c in s.choices] == expected and len(expected) > 5
    strongest = ExpectimaxPlayer(2)
    for c in s.choices:
        pos = game.initial_position()
        for text in moves[:c.ply]:
            pos = game.apply(pos, game.parse_move(pos, text))
        best = strongest.choose(pos, random.Random(game.format_position(pos)))
        assert c.best == game.format_move(pos, best)
        same = engine.play(pos, best).board == engine.play(pos, game.parse_move(pos, c.played)).board
        assert c.matched == same or c.cost == 0.0
        assert c.why == tuple(game.explain(pos, best))   # the engine's own reasons
    assert 0 <= s.matched < len(s.choices)
    worst = s.costliest
    assert worst.cost == max(c.cost for c in s.choices) > 0


def test_the_summary_in_words_on_the_page_and_the_screen(played):
    from companion.tables.katzenjammer.review import page_block, screen, summary_of

    game, moves = played
    table = factory("katzenjammer")(game, None, moves=tuple(moves), settle=0.1, correction_delay=1.0,
                                    language="en", ai_seats=(1,), players=())
    r = summary_of(table)
    s = r.summary
    block = page_block(r, "en")
    assert block["summary"] == f"{s.matched} of {len(s.choices)} choices as the strongest computer chose"
    worst = s.costliest
    assert block["costliest"].startswith(f"Costliest difference, move {worst.ply + 1} (Red): "
                                         f"{worst.played} instead of {worst.best}")
    assert " — Why: " in block["costliest"]
    lines = [m.text("de") for m in screen(r).lines]
    assert lines[0] == f"{s.matched} von {len(s.choices)} Entscheidungen wie der stärkste Computer"
    assert lines[1].startswith(f"Teuerster Unterschied, Zug {worst.ply + 1} (Rot)") and lines[-1] == "OK = Ende"
