"""Cat Attack: what the scorekeeper tracks and judges, from the rulebook (seed 003) and the
project's gap rulings A1-A13. Seats are 1-based in the notation used here."""
from __future__ import annotations

from fractions import Fraction

import pytest

from companion import games
from companion.games import CHANCE, GameError, NotationError
from tests.eventgame_helpers import events, illegal, legal, play

FIELDS = dict(cats="9H,9H,9H", hands="6,6,6", shops="kfvc", car="P", phase="card", active="1",
              turn="1", rolls="1", die="-", seg="-", raided="-", burgled="0", fight="-",
              hits="-", deck="45/0", end="-")


def game_(rules=None, players=3, **settings):
    return games.get("cat-attack", rules=rules, players=players, **settings)


def at(game, **fields):
    values = dict(FIELDS, **fields)
    return game.parse_position(" ".join(f"{k}={v}" for k, v in values.items()))


# Set-up, the die, the turn ---------------------------------------------------------------------
def test_the_opening_position_and_fewer_lives():
    game = game_(players=2)
    assert game.format_position(game.initial_position()) == (
        "cats=9H,9H hands=6,6 shops=kfvc car=P phase=first active=- turn=- rolls=0 die=-"
        " seg=- raided=- burgled=0 fight=- hits=- deck=51/0 end=-")
    assert game_(players=4, lives=5).initial_position().lives == (5, 5, 5, 5)
    with pytest.raises(GameError, match="1 to 9 lives"):
        game_(lives=10)


def test_the_start_player_and_the_die_are_chance_moves():
    game = game_()
    pos = game.initial_position()
    assert game.to_move(pos) == CHANCE and len(game.legal_moves(pos)) == 3
    pos = play(game, pos, "first:2")
    assert game.to_move(pos) == 1 and pos.phase == "card"
    pos = play(game, pos, "M3")                      # a mouse card: the cat does not move
    assert game.to_move(pos) == CHANCE and pos.home[1]
    assert game.chance_outcomes(pos) == [(game.parse_move(pos, f"d6:{v}"), Fraction(1, 6))
                                         for v in range(1, 7)]
    pos = play(game, pos, "d6:4")
    assert pos.die == 4 and not pos.home[1] and pos.phase == "move"


def test_a_turn_card_refill_roll_report_and_the_next_player():
    game = game_()
    pos, ev = events(game, at(game), "C5")
    assert ("draw", (0, 1)) in ev and pos.hands[0] == 6 and pos.pile == 44 and pos.discard == 1
    assert pos.segment == "card" and not pos.home[0]
    pos = play(game, pos, "catch:b", "done", "d6:3", "shop:f", "done")
    assert pos.larders[0] == 0b1001 and pos.active == 1 and pos.phase == "card"


def test_speedy_cat_gives_three_extra_rolls_then_the_normal_one():
    game = game_()
    pos = play(game, at(game), "SPEEDY")
    for _ in range(4):
        assert pos.phase == "roll"
        pos = play(game, pos, "d6:2", "done")
    assert pos.active == 1


def test_the_mog_pile_is_reshuffled_when_it_runs_out():
    game = game_()
    pos, ev = events(game, at(game, deck="0/45"), "C1")
    # the card just played is among the discards shuffled into the new pile
    assert ("reshuffle", True) in ev and pos.pile == 45 and pos.discard == 0


# Landing: prey, shops, attacks ---------------------------------------------------------------
def test_prey_already_in_the_larder_cannot_be_caught_again():
    game = game_()
    pos = play(game, at(game, cats="9Hb,9H,9H"), "C2")
    illegal(game, pos, "catch:b", "one treat of each kind")
    assert "catch:m" in legal(game, pos)


def test_a_cat_lands_once_per_move():
    game = game_()
    pos = play(game, at(game), "C2", "catch:m")
    illegal(game, pos, "shop:f", "already landed")


def test_a_curiosity_card_only_comes_with_a_landing_on_a_curiosity_field():
    game = game_()
    pos = play(game, at(game, cats="9H,9A,9H"), "C2", "curiosity:other")
    # on a Curiosity field the cat may have jumped on a cat or prey, but is not home or shopping
    assert {t for t in legal(game, pos) if ":" in t and not t.startswith("curiosity")} == {
        "catch:b", "catch:m", "attack:2"}
    pos = play(game, at(game), "C2", "shop:f")
    assert not any(t.startswith("curiosity") for t in legal(game, pos))
    pos = play(game, at(game), "BURGLAR")
    assert not any(t.startswith("curiosity") for t in legal(game, pos))


def test_shopping_needs_an_open_shop():
    game = game_()
    pos = play(game, at(game, shops="kvc"), "C2")
    illegal(game, pos, "shop:f", "that shop is closed")
    pos = play(game, pos, "shop:k")
    assert pos.larders[0] == 0b100


def test_an_attack_takes_a_life_and_sends_the_victim_home():
    game = game_()
    pos = at(game, cats="9H,9A,9H")
    pos = play(game, pos, "C4")
    illegal(game, pos, "attack:3", "at home, where it cannot be attacked")
    pos, ev = events(game, pos, "attack:2")
    assert pos.lives == (9, 8, 9) and pos.home[1] and ("swap_card", (0, 1)) in ev


def test_cat_attack_card_jumps_onto_a_cat_or_prey_only():
    game = game_()
    pos = play(game, at(game, cats="9H,9A,9H"), "ATTACK")
    assert legal(game, pos) >= {"attack:2", "catch:b", "catch:m", "done"}
    assert not any(t.startswith(("shop", "raid", "home")) for t in legal(game, pos))


def test_a3_dead_special_cards_and_the_switch():
    game = game_(rules="no-dead-special")
    pos = play(game, at(game, cats="9H,9A,9H"), "ATTACK")
    illegal(game, pos, "done", "must hit something")
    # nothing to hit at all: the card cannot be played under the switch
    pos = at(game, cats="9Hbm,9H,9H")
    assert "ATTACK" not in legal(game, pos) and "ATTACK" in legal(game_(), pos)


# Raids, burglary, trespass and the end-of-turn prompts -------------------------------------------
def test_a_raid_steals_a_treat_and_staying_costs_two_lives():
    game = game_()
    pos = at(game, cats="9H,9Akf,9Hv")
    pos = play(game, pos, "C3")
    illegal(game, pos, "raid:3:v", "at home: its larder cannot be raided")
    illegal(game, pos, "raid:2:v", "holds no such treat")
    pos = play(game, pos, "raid:2:f", "done", "d6:1")
    pos, ev = events(game, pos, "done")
    assert pos.larders[:2] == (0b1000, 0b100) and ("ask", "raid") in ev and pos.phase == "penalty"
    stayed, _ = events(game, pos, "stayed")
    assert stayed.lives[0] == 7 and stayed.home[0] and stayed.active == 1
    left = play(game, pos, "left")
    assert left.lives[0] == 9 and left.active == 1


def test_no_penalty_prompt_once_the_raider_is_home_again():
    game = game_()
    pos = play(game, at(game, cats="9H,9Af,9H"), "C3", "raid:2:f", "done", "d6:2", "jam:1")
    assert pos.phase == "card" and pos.active == 1 and pos.lives[0] == 8


def test_a_retired_cats_larder_may_be_raided_without_penalty():
    game = game_()
    pos = play(game, at(game, cats="9H,0Af,9H", hands="6,0,6", deck="45/6"), "C3", "raid:2:f",
               "done", "d6:2", "done")
    assert pos.larders[0] == 0b1000 and pos.active == 2    # retired seat 2 is skipped, no prompt


def test_cat_burglar_takes_from_a_closed_shop_or_a_cat_in_its_garden():
    game = game_()
    pos = play(game, at(game, cats="9H,9Ac,9H", shops="-"), "BURGLAR")
    assert {"burgle:f", "burgle:2:c"} <= legal(game, pos)
    pos = play(game, pos, "burgle:f", "done", "d6:1")
    pos, ev = events(game, pos, "done")
    assert ("ask", "burglar") in ev
    assert play(game, pos, "stayed").lives[0] == 8


def test_raid_first_then_burglar_prompt():
    game = game_()
    pos = play(game, at(game, cats="9H,9Ac,9H"), "BURGLAR", "burgle:2:c", "done", "d6:3",
               "curiosity:other", "done")
    assert pos.phase == "penalty" and pos.raided == 0 and pos.burgled    # a burglary, not a raid
    pos = play(game, at(game, cats="9H,9Akc,9H"), "C1", "raid:2:c", "done", "d6:3",
               "curiosity:again", "BURGLAR", "burgle:2:k", "done")
    assert pos.raided == 0b10 and pos.burgled
    pos, ev = events(game, pos, "stayed")
    assert pos.lives[0] == 7 and ("ask", "burglar") not in ev   # home after the raid penalty


def test_trespass_is_judged_when_the_owner_comes_home():
    game = game_()
    pos = play(game, at(game, cats="9A,9A,9H"), "C2")
    assert not any(t.startswith("trespass") for t in legal(game, pos))
    pos = play(game, pos, "home")
    illegal(game, pos, "trespass:3", "at home")
    pos, ev = events(game, pos, "trespass:2")
    assert pos.lives[1] == 8 and pos.home[1] and ("swap_card", (0, 1)) in ev


def test_a_jam_costs_a_life_per_obstacle():
    """The seed's example: blocked by the car, a cat and a mouse already held: three lives."""
    game = game_()
    pos = play(game, at(game), "M1", "d6:5", "jam:3")
    assert pos.lives[0] == 6 and pos.home[0] and pos.active == 1


# Curiosity cards: shops and the car ---------------------------------------------------------
def test_a_shop_closing_hits_the_cats_in_its_garden():
    game = game_()
    pos = at(game, cats="9H,9A,9A")
    pos, ev = events(game, pos, "C1", "curiosity:close:f")
    assert pos.phase == "hits" and pos.shops == 0b1101 and ev[-1] == ("ask", "garden:f")
    assert legal(game, pos) == {"hit:-", "hit:1", "hit:2", "hit:3", "hit:12", "hit:13",
                                "hit:23", "hit:123"}
    pos = play(game, pos, "hit:2")
    assert pos.lives == (9, 8, 9) and pos.phase == "move"
    illegal(game, pos, "curiosity:open:f", "not possible now")   # one card per landing
    pos = play(game, pos, "done", "d6:1", "curiosity:open:f")
    assert pos.shops == 0b1111


@pytest.mark.parametrize("car,target,streets", [("P", 2, "12"), ("2", 2, "1234"),
                                                ("3", 1, "134"), ("1", 3, "123")])
def test_the_car_drives_clockwise_and_a_full_lap_in_its_own_street(car, target, streets):
    game = game_()
    pos = at(game, cats="9H,9A,9H", car=car)
    pos = play(game, pos, "C1", f"curiosity:car:{target}")
    assert pos.car == target and pos.hits == f"car:{streets}"
    pos = play(game, pos, "hit:12")
    assert pos.lives[:2] == (8, 8) and pos.home[:2] == (True, True)


def test_play_another_mog_card():
    game = game_()
    pos = play(game, at(game), "C1", "curiosity:again")
    assert pos.phase == "card" and pos.rolls == 1
    pos = play(game, pos, "B2")
    assert pos.phase == "roll"
    pos = play(game, pos, "d6:6", "curiosity:again", "M4")
    assert pos.active == 1                                       # after the roll: turn ends


def test_a12_the_car_taking_every_cat_left_is_a_draw():
    game = game_()
    pos = play(game, at(game, cats="1A,1A,0A", hands="6,6,0", deck="45/6"), "C1",
               "curiosity:car:1", "hit:12")
    out = game.outcome(pos)
    assert out.draw and out.winner is None and game.legal_moves(pos) == []


# The cat fight ------------------------------------------------------------------------------------
def test_the_cat_fight_checks_each_card_and_names_the_loser():
    game = game_()
    pos = at(game, cats="9H,9A,9H")
    illegal(game, pos, "fight:3:C", "at home")
    pos = play(game, pos, "fight:2:M", "M3")
    assert pos.turn == 1 and pos.hands == (5, 6, 6)
    illegal(game, pos, "C2", "not a mouse card")
    illegal(game, pos, "SPEEDY", "fought with mouse cards")
    pos = play(game, pos, "M1", "M6")
    pos, ev = events(game, pos, "none")                    # seat 2 cannot match: it loses
    assert ("fight", (0, 1)) in ev and ("swap_card", (0, 1)) in ev
    assert pos.lives == (9, 8, 9) and pos.home[1] and not pos.home[0]
    assert pos.hands == (6, 6, 6) and pos.phase == "roll"


def test_when_both_run_out_both_draw_six_and_fight_on():
    game = game_()
    pos = play(game, at(game, cats="9H,9A,9H"), "fight:2:B", *["B1"] * 11)
    assert pos.hands == (0, 1, 6)
    pos, ev = events(game, pos, "B1")
    assert pos.hands == (6, 6, 6) and ev == [("draw", (0, 6)), ("draw", (1, 6))]
    assert pos.turn == 0 and pos.phase == "fight"
    pos = play(game, pos, "none")                           # the attacker loses now
    assert pos.lives[0] == 8 and pos.home[0] and pos.phase == "roll"


def test_six_cats_magic():
    game = game_()
    pos = at(game, cats="9H,9Ab,9Hm")
    assert "six:m:3" not in legal(game, pos)                # at home: safe from magic
    pos, ev = events(game, pos, "six:b:2")
    assert pos.larders[1] == 0 and pos.discard == 6 and pos.hands[0] == 6 and pos.phase == "roll"


def test_a_retired_cats_prey_is_taken_with_a_bird_or_mouse_card():
    game = game_()
    pos = at(game, cats="9H,0Abf,9H", hands="6,0,6", deck="45/6")
    assert {"loot:2:b"} == {t for t in legal(game, pos) if t.startswith("loot")}
    pos = play(game, pos, "loot:2:b")
    assert pos.larders[:2] == (1, 0b1000)


@pytest.mark.parametrize("event", ["fight:2:C", "six:b:2", "loot:3:b"])
def test_the_young_players_rules_leave_out_fights_magic_and_raids(event):
    game = game_(rules="young")
    pos = at(game, cats="9H,9Ab,0Ab", hands="6,6,0", deck="45/6")
    assert event in legal(game_(), pos) and event not in legal(game, pos)
    illegal(game, pos, event, "young players' rules leave out")
    pos = play(game, pos, "C1")
    assert not any(t.startswith(("raid", "trespass")) for t in legal(game, pos))
    assert play(game, pos, "home").phase == "move" and not any(
        t.startswith("trespass") for t in legal(game, play(game, pos, "home")))


# Retirement and the win -------------------------------------------------------------------
def test_retiring_discards_the_hand_and_the_seat_is_skipped():
    game = game_()
    pos, ev = events(game, at(game, cats="9H,1A,9H"), "C1", "attack:2")
    assert ("retired", 1) in ev and pos.hands == (6, 0, 6) and pos.discard == 7
    pos = play(game, pos, "done", "d6:1", "done")
    assert pos.active == 2


def test_the_last_cat_standing_wins():
    game = game_(players=2)
    pos = at(game, cats="9H,1A", hands="6,6", deck="51/0")
    pos, ev = events(game, pos, "C1", "attack:2")
    assert ("winner", 0) in ev and game.outcome(pos).winner == 0
    assert "last cat" in game.outcome(pos).reason


def test_an_active_cat_that_retires_ends_its_turn():
    game = game_()
    pos = play(game, at(game, cats="2H,9H,9H"), "C1", "jam:2")
    assert pos.lives[0] == 0 and pos.active == 1 and pos.phase == "card"


def test_six_treats_and_an_exact_roll_home_wins():
    game = game_()
    pos, ev = events(game, at(game, cats="9Hbmkfv,9H,9H"), "C1", "shop:c")
    assert ("win_check", 0) in ev and game.outcome(pos) is None
    pos = play(game, at(game, cats="9Hbmkfvc,9H,9H"), "C1", "home")
    assert game.outcome(pos) is None                       # home by a card: not a win (A10)
    pos = play(game, pos, "done", "d6:6", "home")
    assert game.outcome(pos).winner == 0 and pos.end == "home"


def test_a10_the_win_by_card_switch():
    game = game_(rules="win-by-card")
    pos = play(game, at(game, cats="9Hbmkfvc,9H,9H"), "C1", "home")
    assert game.outcome(pos).winner == 0


def test_the_timed_game_scores_lives_plus_treats_ties_broken_by_treats():
    game = game_(rules="timed")
    assert "time" not in legal(game_(), at(game))
    pos = play(game, at(game, cats="7Hbm,8Hb,5Hbmkf"), "time")
    out = game.outcome(pos)
    assert out.winner == 2 and out.ranking == ((2,), (0,), (1,))
    pos = play(game, at(game, cats="7Hbm,9H,3Hbm"), "time")
    out = game.outcome(pos)
    assert out.winner == 0 and out.ranking == ((0,), (1,), (2,))
    pos = play(game, at(game, cats="7Hbm,7Hmk,3Hbm"), "time")
    assert game.outcome(pos).draw and game.outcome(pos).ranking[0] == (0, 1)


# Notation -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("change,needle", [
    (("cats=9H,9H,9H", "cats=9H"), "2-6 players"),
    (("cats=9H,9H,9H", "cats=9H,0H,9H"), "a retired cat is away"),
    (("cats=9H,9H,9H", "cats=9H,9Hmb,9H"), "in the order bmkfvc"),
    (("hands=6,6,6", "hands=6,5,6"), "seat 2 must hold 6 cards"),
    (("deck=45/0", "deck=44/0"), "63 Mog cards"),
    (("shops=kfvc", "shops=fk"), "open shops"),
    (("car=P", "car=5"), "from 1 to 4"),
    (("phase=card", "phase=nap"), "must be one of"),
    (("fight=-", "fight=1>2:C"), "exactly during a cat fight"),
    (("end=-", "end=home"), "exactly when it is over"),
    (("seg=-", "seg=die/l"), "phase move or hits"),
    ((" burgled=0", ""), "missing field 'burgled'"),
])
def test_malformed_positions_name_the_field(change, needle):
    game = game_()
    text = " ".join(f"{k}={v}" for k, v in FIELDS.items())
    bad = text.replace(change[0], change[1], 1)
    with pytest.raises(GameError) as err:
        game.parse_position(bad)
    assert needle in str(err.value) and repr(bad) in str(err.value)


@pytest.mark.parametrize("text", ["C7", "X1", "raid:2:z", "hit:21", "six:f:2", "fight:2:S", ""])
def test_malformed_events_are_named(text):
    game = game_()
    with pytest.raises(NotationError) as err:
        game.parse_move(at(game), text)
    assert repr(text) in str(err.value)


def test_no_card_swap_with_a_cat_that_just_retired():
    game = game_()
    _, ev = events(game, at(game, cats="9H,1A,9H"), "C1", "attack:2")
    assert ("retired", 1) in ev and not any(name == "swap_card" for name, _ in ev)
