"""Cats: every judgement the assistant makes, from the rulebook (seed 001) and the project's gap
rulings C1-C13. Seats, cats and rooms are 1-based in the notation used here."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from companion import games
from companion.games import CHANCE, GameError, NotationError
from tests.eventgame_helpers import events, illegal, legal, play

DEAL3 = "1b,2c,3m"   # seat 1: cat 1 loves the bowl; seat 2: cat 2, cushion; seat 3: cat 3, mouse
QUIET_TURN = ["step:4", "step:4", "step:4", "step:4", "end", "pass", "pass", "pass"]


def started(players: int = 3, rules=None, deal: str = DEAL3, first: int = 1):
    game = games.get("cats", players=players, rules=rules)
    deals = [f"deal:{secret}" for secret in deal.split(",")]
    return game, play(game, game.initial_position(), *deals, f"first:{first}")


def after_first_round(players: int = 3, rules=None, deal: str = DEAL3):
    """Seat 1 to move again, every seat has had its quiet first turn."""
    game, pos = started(players, rules, deal)
    for _ in range(players):
        pos = play(game, pos, *QUIET_TURN[:5], *["pass"] * players)
    assert pos.active == 0 and pos.phase == "move"
    return game, pos


def to_next_turn(game, pos, seen: list | None = None):
    """Everybody passes (window, swap, challenge) until the next turn starts."""
    active = pos.active
    while pos.phase != "move" or pos.active == active:
        if seen is not None:
            seen.append((pos.phase, pos.turn))
        pos = play(game, pos, "pass")
    return pos


# Set-up: the secrets are a chance move, never random inside the engine --------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_is_a_chance_move_per_seat_over_the_cards_left(players):
    game = games.get("cats", players=players)
    pos = game.initial_position()
    for seat in range(players):
        assert game.to_move(pos) == CHANCE and pos.phase == "deal"
        chances = game.chance_outcomes(pos)
        outcomes = (5 - seat) * (4 - seat)          # the cat cards and character cards left
        assert len(chances) == outcomes and {p for _, p in chances} == {Fraction(1, outcomes)}
        pos = game.apply(pos, chances[0][0])
        assert pos.secrets[seat] is not None and pos.secrets[seat + 1:] == (None,) * (players - seat - 1)
    assert game.to_move(pos) == CHANCE and len(game.legal_moves(pos)) == players   # the lot
    pos = play(game, pos, "first:2")
    assert game.to_move(pos) == 1 and pos.pile == 60 - 5 * players


def test_the_engine_never_draws_random_numbers():
    root = Path(games.__file__).parent
    for package in ("cats", "cat_attack"):
        for path in (root / package).glob("*.py"):
            assert "random" not in path.read_text(), path


def test_a_deal_gives_each_card_once():
    game = games.get("cats", players=2)
    pos = game.initial_position()
    illegal(game, pos, "step:1", "dealt first")
    pos = play(game, pos, "deal:1b")
    illegal(game, pos, "deal:1c", "only once")
    illegal(game, pos, "deal:2b", "only once")
    assert "secrets=1b,-- phase=deal" in game.format_position(pos)


# Hidden information --------------------------------------------------------------------------------
def test_the_table_sees_no_secret_and_each_seat_only_its_own():
    game, pos = started()
    table = game.observation(pos, None)
    assert "secrets=??,??,?? " in table and "1b" not in table
    assert "secrets=??,2c,?? " in game.observation(pos, 1)
    assert "secrets=1b,2c,3m " in game.format_position(pos)
    with pytest.raises(NotationError, match="observation"):
        game.parse_position(table)


def test_a_revealed_cat_is_public_but_its_character_stays_secret():
    """C9: a right challenge flips the cat card only."""
    game, pos = after_first_round()
    pos = play(game, pos, *QUIET_TURN[:5], "pass", "pass", "pass", "pass", "pass", "challenge:2=2")
    table = game.observation(pos, None)
    assert "revealed=2:2" in table and "2c" not in table and "secrets=??,??,??" in table


# MOVE: steps, objects, hissing -------------------------------------------------------------------
def test_four_steps_at_most_two_of_them_on_objects():
    game, pos = started()
    pos = play(game, pos, "step:b", "step:c")
    assert not any(t.startswith("step:") and t[-1] in "bcmp" for t in legal(game, pos))
    illegal(game, pos, "step:m", "only 2 steps may move objects")
    pos = play(game, pos, "step:1", "step:1")
    assert pos.steps == 4 and pos.object_steps == 2
    illegal(game, pos, "step:2", "all 4 steps are taken")


def test_c1_must_move_four_unless_no_step_is_possible():
    game, pos = started()
    pos = play(game, pos, "step:1")
    illegal(game, pos, "end", "'end' needs all four")
    assert "blocked" in legal(game, pos)
    assert play(game, pos, "blocked").phase == "swap"
    game, pos = started(rules="upto4")
    pos = play(game, pos, "step:1")
    assert "end" in legal(game, pos) and "blocked" not in legal(game, pos)


def test_c4_a_cat_stops_once_another_piece_moves():
    game, pos = started()
    pos = play(game, pos, "step:1", "step:1", "step:b")
    illegal(game, pos, "step:1", "cat 1 has stopped")
    assert play(game, pos, "step:b").object_steps == 2   # one object may take both object steps (C13)


def test_no_hissing_in_the_first_round():
    game, pos = started()
    pos = play(game, pos, "step:1")
    illegal(game, pos, "hiss:1>2", "nobody hisses in the first round")


def test_hissing_rules():
    game, pos = after_first_round()
    pos = play(game, pos, "step:1")
    illegal(game, pos, "hiss:2>3", "only the cat just moved")
    illegal(game, pos, "hiss:1>1", "itself")
    pos = play(game, pos, "hiss:1>2", "hiss:1>3")      # one cat may hiss at several
    illegal(game, pos, "hiss:1>2", "already hissed")
    illegal(game, pos, "step:2", "hissed at and may not be moved")
    illegal(game, pos, "step:1", "has stopped")         # it stopped to hiss
    pos = play(game, pos, "step:4", "step:4", "step:4")
    assert pos.hissed == 0b110 and pos.stopped & 1


def test_a_hissed_cat_is_out_of_the_reaction_window():
    game, pos = after_first_round()
    pos = play(game, pos, "step:2", "step:1", "hiss:1>2", "step:4", "step:4", "end")
    # seat 2 reacts first; cat 2 was moved but hissed at: only cats 1 and 4 may be sent
    sendable = {t.split("@")[0] for t in legal(game, pos) if t.startswith("miau:")}
    assert sendable == {"miau:1", "miau:4"}
    illegal(game, pos, "miau:2@3", "cat 2 was hissed at")
    illegal(game, pos, "miau:5@3", "cat 5 was not moved")


def test_revealed_cats_only_their_owner_moves_nobody_hisses_or_sends():
    game, pos = after_first_round()
    # seat 1 challenges seat 2 rightly (cat 2): revealed, and seat 1 plays again at once
    pos = play(game, pos, *QUIET_TURN[:5], "pass", "pass", "pass", "pass", "pass", "challenge:2=2")
    assert pos.active == 0 and pos.revealed[1] == 1
    illegal(game, pos, "step:2", "only its owner may move it")
    pos = play(game, pos, "step:1")
    illegal(game, pos, "hiss:1>2", "revealed and may not be hissed")
    pos = to_next_turn(game, play(game, pos, "step:1", "step:1", "step:1", "end"))
    # seat 2 (the owner) may move cat 2 in its own turn
    assert pos.active == 1 and "step:2" in legal(game, pos)


# REACT: the reaction window ------------------------------------------------------------------------
def reacting(rules=None):
    """Seat 1 moved cats 1 and 4 after the first round; seat 2 is first to react."""
    game, pos = after_first_round(rules=rules)
    pos = play(game, pos, "step:1", "step:1", "step:4", "step:4", "end")
    assert pos.phase == "react" and pos.turn == 1
    return game, pos


def test_no_reactions_in_the_first_round():
    game, pos = started()
    pos, ev = events(game, play(game, pos, *QUIET_TURN[:4]), "end")
    assert ("window", "none") in ev and pos.phase == "swap"


def test_reactions_go_clockwise_from_the_active_players_left():
    game, pos = reacting()
    pos = play(game, pos, "pass")
    assert pos.turn == 2
    pos, ev = events(game, pos, "pass")
    # seat 1 (active) may not play first and nobody else played: the window closes
    assert ("window", "closed") in ev and pos.phase == "swap" and pos.turn == 1


def test_the_active_player_may_not_play_the_first_miau_on_a_cat():
    game, pos = reacting()
    pos = play(game, pos, "miau:1@5", "pass")
    assert pos.turn == 0
    illegal(game, pos, "miau:4@2", "may not play the first Miau on cat 4")
    pos = play(game, pos, "miau:1@7")        # after someone else's Miau, the active player may
    assert pos.miau[0] == (0, 6)


def test_nobody_sends_the_same_cat_twice_in_a_row():
    game, pos = reacting()
    pos = play(game, pos, "miau:1@5", "pass", "pass")
    assert pos.turn == 1
    illegal(game, pos, "miau:1@6", "Player 2 sent cat 1 last")
    pos = play(game, pos, "miau:4@6", "miau:1@8")    # seat 3 moves cat 1 in between
    assert pos.turn == 0 and pos.miau[0] == (2, 7)
    pos = play(game, pos, "pass", "miau:1@2")          # now seat 2 may send it again
    assert pos.miau[0] == (1, 1)


def test_c6_a_miau_to_the_room_the_cat_is_in_is_unplayable():
    game, pos = reacting()
    pos = play(game, pos, "miau:1@5")
    illegal(game, pos, "miau:1@5", "already in room 5")


def test_schnurr_cancels_the_last_miau_and_locks_the_cat():
    game, pos = reacting()
    illegal(game, pos, "schnurr", "no Miau for a Schnurr to cancel")
    pos = play(game, pos, "miau:1@5")
    pos, ev = events(game, pos, "schnurr")               # seat 3 purrs
    assert ("locked", 0) in ev and ("draw", 2) in ev and pos.pending is None
    assert pos.locked == 1 and pos.miau[0] == (1, None)  # back where it was: room unknown
    illegal(game, pos, "miau:1@6", "cat 1 is locked")
    assert "schnurr" not in legal(game, pos)        # nothing left to cancel


def test_the_active_player_may_purr_too():
    """The seed's example: the first player's Schnurr keeps the cat where the last Miau put it."""
    game, pos = reacting()
    pos = play(game, pos, "miau:1@2", "miau:1@3")        # seat 2 to the salon, seat 3 elsewhere
    assert pos.turn == 0
    pos = play(game, pos, "schnurr")
    assert pos.locked == 1


def test_every_card_played_is_replaced_at_once():
    game, pos = reacting()
    pile = pos.pile
    pos, ev = events(game, pos, "miau:4@9")
    assert ("draw", 1) in ev and pos.pile == pile - 1 and pos.discard == 1


def test_the_window_closes_after_a_full_round_of_passes_and_a_card_reopens_it():
    game, pos = reacting()
    pos = play(game, pos, "miau:4@9", "pass", "pass")    # seat 3, seat 1 pass
    assert pos.phase == "react" and pos.turn == 1        # seat 2 (who played) may still act
    pos = play(game, pos, "pass")
    assert pos.phase == "swap"


def test_seats_with_nothing_to_play_are_not_asked():
    game, pos = reacting()
    pos = play(game, pos, "miau:1@5", "schnurr", "miau:4@9", "schnurr")
    # both moved cats are locked and nothing is pending: nobody can play, the window closes
    assert pos.phase == "swap"


# SWAP, the deck, CHALLENGE -----------------------------------------------------------------------
def test_each_player_may_swap_one_card_in_turn():
    game, pos = reacting()
    pos = play(game, pos, "pass", "pass")
    assert pos.phase == "swap" and pos.turn == 1
    pile = pos.pile
    pos, ev = events(game, pos, "swap")
    assert ev == [("draw", 1)] and pos.pile == pile - 1 and pos.turn == 2
    pos = play(game, pos, "pass", "pass")
    assert pos.phase == "challenge" and pos.turn == 0


def test_c11_the_discards_are_shuffled_into_a_new_pile():
    game, pos = reacting()
    text = game.format_position(pos).replace("deck=45/0", "deck=0/45")
    pos = game.parse_position(text)
    pos, ev = events(game, pos, "miau:4@9")
    assert ("reshuffle", True) in ev and pos.pile == 45 and pos.discard == 0


def test_a_wrong_challenge_reveals_the_challengers_cat_and_the_turn_passes():
    game, pos = reacting()
    pos = play(game, pos, "pass", "pass", "pass", "pass", "pass")
    pos, ev = events(game, pos, "challenge:3=5")
    assert ("challenge", "wrong") in ev and ("revealed", (0, 0)) in ev
    assert pos.revealed[0] == 0 and pos.active == 1 and pos.challenged == 1


def test_a_right_challenge_gives_a_full_extra_turn_without_a_second_challenge():
    game, pos = reacting()
    pos = play(game, pos, "pass", "pass", "pass", "pass", "pass")
    pos, ev = events(game, pos, "challenge:3=3")
    assert ("challenge", "right") in ev and ("extra_turn", 0) in ev
    assert pos.active == 0 and pos.phase == "move" and pos.revealed[2] == 2
    pos = play(game, pos, "step:1", "step:1", "step:4", "step:4", "end", "pass", "pass",
               "pass", "pass", "pass")
    assert pos.active == 1 and pos.phase == "move"        # no second challenge: the turn passed


def test_no_challenge_in_the_first_round_and_only_once_a_game():
    game, pos = started()
    pos = play(game, pos, *QUIET_TURN)
    assert pos.active == 1 and pos.phase == "move"        # challenge phase skipped
    game, pos = reacting()
    pos = play(game, pos, "pass", "pass", "pass", "pass", "pass", "challenge:3=5")
    for _ in range(2):                                       # seats 2 and 3
        pos = to_next_turn(game, play(game, pos, *QUIET_TURN[:5]))
    assert pos.active == 0
    seen: list = []
    pos = to_next_turn(game, play(game, pos, *QUIET_TURN[:5]), seen)
    assert ("swap", 0) in seen and ("challenge", 0) not in seen and pos.active == 1


def test_a_challenge_names_another_player_and_an_unrevealed_colour():
    game, pos = reacting()
    pos = play(game, pos, "pass", "pass", "pass", "pass", "pass")
    illegal(game, pos, "challenge:1=2", "another player")


# The win -----------------------------------------------------------------------------------------
def test_a_claimed_win_is_checked_against_the_secret_character():
    game, pos = started()
    illegal(game, pos, "win:1m", "no player's cat 1 loves that object")
    illegal(game, pos, "win:4b", "no player's cat 4")          # C12: an unowned cat wins nothing
    assert game.judge_win(pos, 0, 2) is None and game.judge_win(pos, 2, 2) == 2
    pos = play(game, pos, "step:1", "win:3m")                # any move may make anyone win
    out = game.outcome(pos)
    assert out.winner == 2 and "mouse" in out.reason and game.legal_moves(pos) == []


def test_a_win_may_come_in_the_reaction_window():
    game, pos = reacting()
    pos = play(game, pos, "miau:1@5", "win:1b")
    assert game.outcome(pos).winner == 0


# C10 and C12 ------------------------------------------------------------------------------------
def test_c10_by_default_the_whole_first_round_is_quiet():
    game, pos = started()
    pos = play(game, pos, *QUIET_TURN)                       # seat 1's first turn done
    pos = play(game, pos, "step:1")
    illegal(game, pos, "hiss:1>2", "first round")


def test_c10_own_first_turn_switch():
    game, pos = started(rules="own-first-turn")
    pos = play(game, pos, *QUIET_TURN, *QUIET_TURN, *QUIET_TURN[:5], "pass", "pass", "pass")
    assert pos.active == 0
    pos = play(game, pos, "step:1", "hiss:1>2")              # seat 1's second turn: allowed
    assert pos.hissed == 2
    game, pos = started(rules="own-first-turn")
    pos = play(game, pos, *QUIET_TURN, "step:1")             # seat 2's first turn: quiet
    illegal(game, pos, "hiss:1>2", "first round")


def test_c12_unowned_cats_may_be_sent_and_hissed_at_with_two_players():
    game, pos = after_first_round(players=2, deal="1b,2c")
    pos = play(game, pos, "step:5", "hiss:5>4", "step:3", "step:3", "step:3", "end")
    assert pos.phase == "react" and "miau:3@1" in legal(game, pos)
    assert "miau:5@1" in legal(game, pos)


# Notation ---------------------------------------------------------------------------------------
def test_the_opening_position_text():
    game = games.get("cats", players=2)
    assert game.format_position(game.initial_position()) == (
        "secrets=--,-- phase=deal active=- turn=- had=- revealed=- challenged=- steps=0/0"
        " moved=- hissed=- stopped=- last=- locked=- miau=- pending=- passes=0 deck=60/0 win=-")


@pytest.mark.parametrize("change,needle", [
    (("secrets=1b,2c,3m", "secrets=1b,2c,3m,4p,5b"), "5 seats"),
    (("secrets=1b,2c,3m", "secrets=1b,1c,3m"), "dealt twice"),
    (("secrets=1b,2c,3m", "secrets=1x,2c,3m"), "'1x'"),
    (("phase=react", "phase=dance"), "must be one of"),
    (("deck=44/1", "deck=44/2"), "draw pile + discard pile"),
    (("steps=4/0", "steps=4/3"), "at most 2"),
    (("miau=1:2@5", "miau=1:2@11"), "cat:seat"),
    (("pending=1", "pending=4"), "no Miau to cancel"),
    (("win=-", "win=1b"), "exactly when over"),
    ((" passes=0", ""), "missing field 'passes'"),
    (("moved=14", "moved=41"), "ascending"),
])
def test_malformed_positions_name_the_field(change, needle):
    game, pos = reacting()
    pos = play(game, pos, "miau:1@5")
    text = game.format_position(pos)
    assert change[0] in text
    bad = text.replace(change[0], change[1], 1)
    with pytest.raises(GameError) as err:
        game.parse_position(bad)
    assert needle in str(err.value) and repr(bad) in str(err.value)


@pytest.mark.parametrize("text", ["miau:6@1", "miau:1@11", "hiss:1-2", "step:x", "deal:1b,2c",
                                  "challenge:5=1", "win:1x", ""])
def test_malformed_moves_are_named(text):
    game, pos = reacting()
    with pytest.raises(NotationError) as err:
        game.parse_move(pos, text)
    assert repr(text) in str(err.value) and game.format_position(pos) in str(err.value)


def test_moves_round_trip():
    game, pos = reacting()
    for move in game.legal_moves(pos):
        assert game.parse_move(pos, game.format_move(pos, move)) == move
