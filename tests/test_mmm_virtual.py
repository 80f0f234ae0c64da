"""The laptop's virtual deck and the heuristic player: real cards kept in lockstep with the
referee's public position; whole seeded games of computer players, replayed by the referee."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from companion.games.base import IllegalMoveError
from companion.games.monster_mau_mau import bot, cli, engine, notation
from companion.games.monster_mau_mau.cards import COUNTS
from companion.games.monster_mau_mau.engine import DRAW, MAU, PASS, Event, Position
from companion.games.monster_mau_mau.virtual import VirtualTable

RULES = ["plus3-play", "first-action", "no-mau-penalty"]


def all_cards(t: VirtualTable) -> Counter:
    return Counter([c for h in t.hands for c in h] + t.pile + t.discard)


def play_out(t: VirtualTable, limit: int = 4000) -> int:
    steps = 0
    while t.position.phase != engine.OVER and steps < limit:
        if t.position.phase == engine.START:
            t.turn_up()
        else:
            seat = t.position.turn
            t.event(bot.choose(t.position, t.hands[seat], t.playable(seat)))
        assert all_cards(t) == Counter(COUNTS)
        steps += 1
    return steps


def test_seeded_deal_is_reproducible_and_dealt_round_the_table():
    a, b = VirtualTable(random.Random(7), players=3), VirtualTable(random.Random(7), players=3)
    assert a.hands == b.hands and a.pile == b.pile and [len(h) for h in a.hands] == [8, 8, 8]
    assert VirtualTable(random.Random(8), players=3).hands != a.hands
    assert all_cards(a) == Counter(COUNTS) and len(a.pile) == 86 and a.discard == []


@pytest.mark.parametrize("players", range(2, 11))
def test_computer_players_finish_games_that_the_referee_replays(players):
    for seed in range(6):
        rules = frozenset(RULES[: seed % 4])
        t = VirtualTable(random.Random(seed * 100 + players), rules=rules, players=players)
        start = notation.format_position(t.position)
        steps = play_out(t)
        assert t.position.phase == engine.OVER, (players, seed, steps)
        winner = t.position.turn
        assert t.hands[winner] == [] and all(t.hands[s] for s in range(players) if s != winner)
        # the referee, fed the same events through the command line's code path, agrees
        assert cli.play(start, t.log, rules)[-1] == notation.format_position(t.position)


def test_a_reshuffle_keeps_every_card_and_the_top_card():
    for seed in range(200):
        t = VirtualTable(random.Random(seed), players=10, deal=9)
        while t.position.phase != engine.OVER:
            before = t.position
            if before.phase == engine.START:
                step = t.turn_up()
            else:
                step = t.event(bot.choose(before, t.hands[before.turn], t.playable(before.turn)))
            if step.reshuffled:
                assert t.discard[-1] == t.position.top and all_cards(t) == Counter(COUNTS)
                assert t.position.discard == len(t.discard)
                return
    pytest.fail("no reshuffle in 200 seeded games of 10 players")


def test_after_drawing_only_the_card_drawn_may_be_played():
    t = VirtualTable(random.Random(3), players=2)
    while t.position.phase == engine.START:
        t.turn_up()
    seat = t.position.turn
    t.draw()
    drawn = t.drawn
    assert t.hands[seat][-1] == drawn and t.position.phase == engine.DRAWN
    assert set(t.playable(seat)) <= {drawn}
    other = next(c for c in t.hands[seat] if c != drawn)
    with pytest.raises(IllegalMoveError, match=f"only the card drawn \\({drawn}\\)"):
        t.play(other, "s")
    with pytest.raises(IllegalMoveError, match="seat 1 holds no|seat 2 holds no"):
        t.play(next(f for f in COUNTS if f not in t.hands[seat]), "s")
    t.pass_turn()
    assert t.drawn is None and t.position.turn != seat


def test_a_forgotten_mau_draws_a_real_card():
    t = VirtualTable(random.Random(11), players=2)
    while t.position.phase == engine.START:
        t.turn_up()
    seat = t.position.turn
    # leave the seat two cards, one of them a wish card: the rest goes under the draw pile
    if "MW" not in t.hands[seat]:
        where = t.pile if "MW" in t.pile else t.hands[1 - seat]
        where[where.index("MW")], t.hands[seat][0] = t.hands[seat][0], "MW"
    keep = ["MW", next(c for c in t.hands[seat] if c != "MW")]
    rest = list(t.hands[seat])
    for c in keep:
        rest.remove(c)
    t.hands[seat], t.pile = list(keep), rest + t.pile
    t.position = replace(t.position, hands=tuple(len(h) for h in t.hands), pile=len(t.pile))
    t.check()
    top_of_pile = t.pile[-1]
    step = t.play("MW", "z")
    assert step.mau_penalty and step.drawn == 1
    assert sorted(t.hands[seat]) == sorted([keep[1], top_of_pile]) and all_cards(t) == Counter(COUNTS)


def test_bot_draws_a_penalty_calls_mau_and_wishes_its_longest_pattern():
    penalty = Position(hands=(5, 7), turn=0, top="p+3", pending=3, phase=engine.PENALTY, pile=90,
                       discard=8)
    assert bot.choose(penalty, ["p1"] * 5, []) == DRAW
    pos = Position(hands=(2, 7), turn=0, top="p3", phase=engine.PLAY, pile=93, discard=8)
    assert bot.choose(pos, ["p4", "s1"], ["p4"]) == MAU
    called = Position(**{**pos.__dict__, "mau": True})
    assert bot.choose(called, ["p4", "s1"], ["p4"]) == Event("play", "p4")
    wild = bot.choose(pos, ["MW", "z1", "z2", "g3", "s5"], ["MW"])
    assert wild == Event("play", "MW", "z")
    assert bot.wish_for(["+4", "g1"], "+4") == "g" and bot.wish_for(["KK"], "KK") == "s"
    assert bot.choose(pos, ["s1", "s2", "z9"], []) == DRAW
    assert bot.choose(Position(**{**pos.__dict__, "phase": engine.DRAWN}), ["s1", "s2", "z9"], []) == PASS


def test_bot_keeps_wild_cards_and_attacks_the_leader():
    pos = Position(hands=(6, 1, 9, 9), turn=0, top="p3", phase=engine.PLAY, pile=65, discard=20)
    hand = ["p5", "p+3", "MW", "s3", "pA", "z1"]
    fitting = ["MW", "p+3", "p5", "pA", "s3"]
    assert bot.choose(pos, hand, fitting) == Event("play", "p+3")  # seat 2 holds one card
    calm = Position(**{**pos.__dict__, "hands": (6, 9, 9, 1)})
    choice = bot.choose(calm, hand, fitting)
    assert choice.card != "MW" and choice.card in fitting
    assert bot.choose(calm, hand, ["MW"]) == Event("play", "MW", "p")
