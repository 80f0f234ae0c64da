"""Katzenjammer rules: the rulebook's worked examples, every ruling K1-K12 and the two-dice variant
(docs/rules/katzenjammer.md), driven through the command line's code path."""
from __future__ import annotations

import pytest

from companion import games
from companion.games.base import CHANCE, GameError, IllegalMoveError
from companion.games.katzenjammer.cli import apply_moves, move_lines, successor_lines


def succ(text: str, two_dice: bool = False) -> list[str]:
    return successor_lines(text, two_dice)


def play(text: str, *moves: str, two_dice: bool = False) -> str:
    return apply_moves(text, list(moves), two_dice)


# The rulebook's worked examples, placed on our ring -------------------------------------------
def test_a_fresh_piece_blocks_the_track():
    assert succ("b:n,n,n,10* k:n,n,n,9 k 132") == ["b:n,n,n,10* k:n,n,n,9 b -"]
    assert move_lines("b:n,n,n,10* k:n,n,n,9 k 132") == ["pass"]


def test_a_six_gets_past_the_fresh_piece_by_a_swap():
    assert succ("b:n,n,10*,12 k:n,n,n,9 k 632") == ["b:n,n,9,10* k:n,n,n,12 b -"]
    assert move_lines("b:n,n,10*,12 k:n,n,n,9 k 632") == ["6:9x12"]


def test_blue_enters_its_stall_past_its_own_fresh_piece_only_with_a_seven():
    start = "b:n,n,7,10* k:n,n,n,9 b 714"
    assert "b:n,n,11,s3 k:n,n,n,n k -" in succ(start)
    assert play(start, "7:10+1,7+6") == "b:n,n,11,s3 k:n,n,n,n k -"
    # The other order is blocked: the fresh piece still stands on Start.
    with pytest.raises(IllegalMoveError, match="blocked"):
        play(start, "7:7+6,10+1")
    # A 4 from 7 would pass the fresh piece on 10 (over Start into s1): illegal.
    with pytest.raises(IllegalMoveError):
        play(start, "4:7")
    assert not any("s" in line.split()[0] for line in succ("b:n,n,7,10* k:n,n,n,9 b 144"))


def test_a_seven_sends_home_every_piece_it_steps_on_own_included():
    start = "b:n,n,5,6 k:n,n,3,4 k 714"
    assert play(start, "7:3+7") == "b:n,n,n,n k:n,n,n,10 b -"
    assert "b:n,n,n,n k:n,n,n,10 b -" in succ(start)
    # A plain move passes pieces without capturing: 4 from 3 ends on 7, all others stay.
    assert play(start, "4:3") == "b:n,n,5,6 k:n,n,4,7 b -"


# Rulings -------------------------------------------------------------------------------------
def test_k1_the_stall_is_entered_over_the_own_start_never_from_it():
    assert succ("r:0,n,n,n g:n,n,n,n r 132") == [
        "r:n,n,n,1 g:n,n,n,n g -", "r:n,n,n,2 g:n,n,n,n g -", "r:n,n,n,3 g:n,n,n,n g -"]
    assert play("r:39,n,n,n g:n,n,n,n r 213", "2:39") == "r:n,n,n,s1 g:n,n,n,n g -"
    assert play("r:38,n,n,n g:n,n,n,n r 213", "2:38") == "r:n,n,n,0 g:n,n,n,n g -"
    # A piece on its own Start can't go backward either: the stall needs a whole lap.
    with pytest.raises(IllegalMoveError):
        play("r:0,n,n,n g:n,n,n,n r 144", "4:0-")


def test_k2_a_legal_action_must_be_taken_and_a_void_roll_passes():
    with pytest.raises(IllegalMoveError, match="not void"):
        play("r:5,n,n,n g:n,n,n,n r 132", "pass")
    # A pair with no foreign piece on the ring is void.
    assert succ("r:5,n,n,n g:n,n,n,s1 r 112") == ["r:n,n,n,5 g:n,n,n,s1 g -"]
    assert play("r:5,n,n,n g:n,n,n,s1 r 112", "pass") == "r:n,n,n,5 g:n,n,n,s1 g -"


def test_k3_nobody_is_forced_to_move_a_fresh_piece_off_start():
    lines = succ("r:0*,5,n,n g:n,n,n,n r 132")
    assert "r:n,n,0*,6 g:n,n,n,n g -" in lines and "r:n,n,1,5 g:n,n,n,n g -" in lines


def test_k4_stall_pieces_are_immune_to_foreign_actions():
    # 11 on the only foreign piece, which sits in a stall: void.
    assert succ("r:n,n,n,s1 g:5,n,n,n g 112") == ["r:n,n,n,s1 g:n,n,n,5 r -"]
    # 66 never swaps a stall piece; the foreign ring piece swaps with g's own.
    assert succ("r:9,n,n,s1 g:5,n,n,n g 616") == ["r:n,n,5,s1 g:n,n,n,9 r -"]
    with pytest.raises(IllegalMoveError):
        play("r:9,n,n,s1 g:5,n,n,n g 616", "66:5xs1")


def test_k5_entering_the_stall_is_compulsory_and_overshooting_goes_round():
    assert play("r:38,n,n,n g:n,n,n,n r 132", "3:38") == "r:n,n,n,s1 g:n,n,n,n g -"
    assert "r:n,n,n,1 g:n,n,n,n g -" not in succ("r:38,n,n,n g:n,n,n,n r 132")
    assert play("r:39,n,n,n g:n,n,n,n r 912", "9:39") == "r:n,n,n,8 g:n,n,n,n g -"
    # A stall field on the way is occupied: no entry, the piece goes round.
    assert play("r:39,s1,n,n g:n,n,n,n r 213", "2:39") == "r:n,n,1,s1 g:n,n,n,n g -"
    assert play("r:39,s2,n,n g:n,n,n,n r 213", "3:39") == "r:n,n,2,s2 g:n,n,n,n g -"
    # In the stall: up only, no overtaking.
    assert play("r:s1,s3,n,n g:n,n,n,n r 132", "1:s1") == "r:n,n,s2,s3 g:n,n,n,n g -"
    with pytest.raises(IllegalMoveError):
        play("r:s1,s3,n,n g:n,n,n,n r 132", "3:s1")
    # A foreign piece moved forward follows its own path into its own stall.
    assert play("r:n,n,n,n g:18,n,n,n r 144", "44:18") == "r:n,n,n,n g:n,n,n,s2 g -"


def test_k6_no_backward_move_across_the_own_start_or_out_of_the_stall():
    assert play("r:4,n,n,n g:n,n,n,n r 243", "4:4-") == "r:n,n,n,0 g:n,n,n,n g -"
    with pytest.raises(IllegalMoveError):
        play("r:3,n,n,n g:n,n,n,n r 243", "4:3-")
    with pytest.raises(IllegalMoveError):
        play("r:n,n,n,n g:22,n,n,n r 144", "44:22-")
    assert play("r:n,n,n,n g:24,n,n,n r 144", "44:24-") == "r:n,n,n,n g:n,n,n,20 g -"
    assert move_lines("r:s1,n,n,n g:n,n,n,n r 243") == ["2:s1", "3:s1"]


def test_k7_a_player_may_swap_their_own_fresh_piece_but_not_a_foreign_one():
    assert play("r:0*,n,n,n g:n,n,n,15 r 612", "6:0x15") == "r:n,n,n,15 g:n,n,n,0 g -"
    assert succ("r:5,n,n,n g:n,n,n,20* r 612") == [
        "r:n,n,n,6 g:n,n,n,20* g -", "r:n,n,n,7 g:n,n,n,20* g -"]


def test_k8_only_entering_makes_a_piece_fresh():
    assert play("r:39,n,n,n g:n,n,n,n r 132", "1:39") == "r:n,n,n,0 g:n,n,n,n g -"
    assert play("r:5,n,n,n g:n,n,n,0 r 612", "6:5x0") == "r:n,n,n,0 g:n,n,n,5 g -"
    assert play("r:n,n,n,n g:n,n,n,n r 513", "5:e") == "r:n,n,n,0* g:n,n,n,n g -"
    # A non-fresh piece on its own Start can be passed and captured.
    assert play("r:38,n,n,n g:n,n,n,0 r 132", "3:38") == "r:n,n,n,s1 g:n,n,n,0 g -"
    assert play("r:n,n,n,n g:n,n,n,0 r 513", "5:e") == "r:n,n,n,0* g:n,n,n,n g -"


def test_k9_the_player_orders_the_segments_and_each_step_resolves_at_once():
    # Black on 3 steps over its own piece on 4 and captures it, then 4 can't move any more.
    start = "b:n,n,20,30 k:n,3,4,15 k 714"
    assert play(start, "7:3+2,15+5") == "b:n,n,n,30 k:n,n,5,20 b -"
    with pytest.raises(IllegalMoveError, match="can't take part"):
        play(start, "7:3+2,4+5")
    # Order matters: the piece on 4 moves first, then 3 steps over it and captures it.
    assert play(start, "7:4+1,3+6") == "b:n,n,20,30 k:n,n,9,15 b -"
    with pytest.raises(IllegalMoveError, match="same piece"):
        play(start, "7:3+2,5+1,15+4")
    with pytest.raises(IllegalMoveError, match="exactly 7"):
        play(start, "7:3+2,15+4")
    # 77: foreign pieces only, all segments in one direction.
    assert play("b:n,n,20,30 k:n,n,3,4 r:n,n,n,n r 797", "77:20+3,30+4") == \
        "r:n,n,n,n b:n,n,23,34 k:n,n,3,4 b -"
    with pytest.raises(IllegalMoveError, match="same direction"):
        play("b:n,n,20,30 k:n,n,3,4 r:n,n,n,n r 797", "77:20+3,30-4")
    assert play("b:n,n,20,30 k:n,n,3,4 r:n,n,n,n r 797", "77:20-3,4-4") == \
        "r:n,n,n,n b:n,n,17,30 k:n,n,n,0 b -"


def test_k10_entering_captures_a_non_fresh_piece_on_start_own_included():
    assert play("r:0,n,n,n g:n,n,n,n r 513", "5:e") == "r:n,n,n,0* g:n,n,n,n g -"
    with pytest.raises(IllegalMoveError, match="fresh"):
        play("r:0*,n,n,n g:n,n,n,n r 513", "5:e")


def test_k11_no_extra_rolls_after_a_pair_or_a_capture():
    for line in succ("r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 b 144"):
        assert line.endswith(" g -")
    game = games.get("kj", players=3)
    pos = game.apply(game.parse_position("r:5,n,n,n b:6,n,n,n g:n,n,n,n r -"),
                     game.parse_move(game.parse_position("r:5,n,n,n b:6,n,n,n g:n,n,n,n r -"),
                                     "roll:144"))
    after = game.apply(pos, game.parse_move(pos, "44:6"))
    assert game.to_move(after) == CHANCE and game.format_position(after).endswith(" b -")


def test_k12_the_game_ends_with_the_first_winner_even_on_another_players_turn():
    game = games.get("katzenjammer", players=2)
    # Entering a stall needs every stall field on the way free: s1 is the last one filled.
    assert play("r:36,s1,s2,s3 g:5,n,n,n g 188", "88:36") == "r:4,s1,s2,s3 g:n,n,n,5 r -"
    over = game.parse_position(play("r:33,s2,s3,s4 g:5,n,n,n g 188", "88:33"))
    assert game.format_position(over) == "r:s1,s2,s3,s4 g:n,n,n,5 r -"
    assert game.outcome(over).winner == 0 and game.legal_moves(over) == []
    assert succ("r:s1,s2,s3,s4 g:5,n,n,n r 132") == []
    # Two stalls completed by one 77 of green: the first clockwise from green (k, r, b) wins.
    four = games.get("kj", players=4)
    text = play("r:39,s2,s3,s4 b:9,s2,s3,s4 g:n,n,n,n k:25,n,n,n g 717", "77:39+2,9+2,25+3")
    assert text == "r:s1,s2,s3,s4 b:s1,s2,s3,s4 g:n,n,n,n k:n,n,n,28 k -"
    assert four.outcome(four.parse_position(text)).winner == 0  # r is seat 0


# Pairs, the joker and the two-dice variant ----------------------------------------------------
def test_a_pair_has_priority_and_moves_a_foreign_piece_either_way():
    lines = succ("r:5,n,n,n g:25,n,n,n r 232")
    assert lines == ["r:n,n,n,5 g:n,n,n,23 g -", "r:n,n,n,5 g:n,n,n,27 g -"]
    assert play("r:5,n,n,n g:7,n,n,n r 232", "22:7-") == "r:n,n,n,n g:n,n,n,5 g -"


def test_66_swaps_foreign_with_foreign_or_own_with_foreign():
    lines = succ("r:5,n,n,n b:12,n,n,n g:25,n,n,n r 616")
    assert lines == ["r:n,n,n,12 b:n,n,n,5 g:n,n,n,25 b -", "r:n,n,n,25 b:n,n,n,12 g:n,n,n,5 b -",
                     "r:n,n,n,5 b:n,n,n,25 g:n,n,n,12 b -"]


def test_the_joker_stands_for_any_die_or_pair_but_55():
    start = "r:3,n,n,n g:25,n,n,n r 553"
    assert play(start, "55=9:3") == "r:n,n,n,12 g:n,n,n,25 g -"
    assert play(start, "55=99:25") == "r:n,n,n,3 g:n,n,n,34 g -"
    assert play(start, "55=44:25-") == "r:n,n,n,3 g:n,n,n,21 g -"
    with pytest.raises(IllegalMoveError):
        play(start, "55=9:25")  # a single die moves own pieces
    with pytest.raises(IllegalMoveError):
        play(start, "55=99:25-")  # green would cross its own Start backward
    assert play(start, "55=5:e") == "r:n,n,0*,3 g:n,n,n,25 g -"
    assert play(start, "55=6:3x25") == "r:n,n,n,25 g:n,n,n,3 g -"
    with pytest.raises(GameError, match="except 55"):
        play(start, "55=55:25")
    with pytest.raises(IllegalMoveError, match="not available"):
        play(start, "3:3")
    moves = move_lines(start)
    assert "55=44:25-" in moves and "55=99:25-" not in moves and "55=7:3+7" in moves and "55=77:25+7" in moves


def test_two_dice_adds_a_second_different_die_against_the_new_position():
    start = "r:5,n,n,n g:n,n,n,n r 132"
    plain, two = set(succ(start)), set(succ(start, two_dice=True))
    assert plain < two and "r:n,n,n,9 g:n,n,n,n g -" in two - plain  # 1 then 3
    assert play(start, "1:5;3:6", two_dice=True) == "r:n,n,n,9 g:n,n,n,n g -"
    with pytest.raises(IllegalMoveError, match="different dice"):
        play(start, "1:5;1:6", two_dice=True)
    with pytest.raises(IllegalMoveError, match="two-dice"):
        play(start, "1:5;3:6")
    # With a pair nothing changes.
    assert succ("r:5,n,n,n g:25,n,n,n r 232", two_dice=True) == succ("r:5,n,n,n g:25,n,n,n r 232")


def test_apply_accepts_rolls_between_turns():
    assert play("r:n,n,n,n g:n,n,n,20 r 513", "5:e", "roll:147", "1:20") == \
        "r:n,n,n,0* g:n,n,n,21 r -"
    with pytest.raises(IllegalMoveError, match="roll the dice first"):
        play("r:n,n,n,n g:n,n,n,20 r 513", "5:e", "1:20")
