"""Katzenjammer's "why?" (issue 36), from the rulebook's examples on our ring (docs/rules/
katzenjammer.md, "The rulebook's examples on our ring"): why a roll is void, why a move is not
offered (a fresh piece in the way, the player's own included; the nest), what a turn did, worded
by the table in German and English."""
from __future__ import annotations

from companion import games
from companion.games.katzenjammer.engine import Roll
from companion.games.reason import reason
from companion.tables.katzenjammer import KatzenjammerTable

G = games.get("katzenjammer", players=4)
R, B, K = 0, 1, 3


def rolled(position: str):
    """The position before the roll, and the roll (the examples give the dice in the position)."""
    pos = G.parse_position(position)
    return pos._replace(dice=None), Roll(pos.dice)


def test_black_cannot_pass_blue_s_fresh_piece_the_roll_is_void():
    before, roll = rolled("b:n,n,n,10* k:n,n,n,9 k 132")
    reasons = G.explain(before, roll)
    assert reasons[:3] == (reason("roll", colour=K, dice="132"), reason("singles"), reason("void", colour=K))
    assert reason("fresh_target", label="1", src=9, field=10, colour=K, owner=B) in reasons
    assert reason("fresh_passed", label="3", src=9, field=10, colour=K, owner=B) in reasons
    pos = G.parse_position("b:n,n,n,10* k:n,n,n,9 k 132")
    assert G.explain(pos, G.parse_move(pos, "pass"))[0] == reason("void", colour=K)


def test_a_six_gets_past_by_a_swap():
    before, roll = rolled("b:n,n,10*,12 k:n,n,n,9 k 632")
    reasons = G.explain(before, roll)
    assert reason("offered", label="6", n=1) in reasons
    assert reason("fresh_passed", label="3", src=9, field=10, colour=K, owner=B) in reasons
    pos = G.parse_position("b:n,n,10*,12 k:n,n,n,9 k 632")
    assert G.explain(pos, G.parse_move(pos, "6:9x12")) == (
        reason("swap", label="6", src=9, dst=12, colour=K, owner=B),)


def test_blue_s_own_fresh_piece_blocks_it_except_with_a_seven():
    before, roll = rolled("b:n,n,7,10* k:n,n,n,9 b 714")
    reasons = G.explain(before, roll)
    # the 4 cannot take the piece on 7 past Blue's own fresh piece on 10
    assert reason("fresh_passed", label="4", src=7, field=10, colour=B, owner=B) in reasons
    pos = G.parse_position("b:n,n,7,10* k:n,n,n,9 b 714")
    assert G.explain(pos, G.parse_move(pos, "7:10+1,7+6")) == (
        reason("seven", label="7", n=2),
        reason("forward", label="7", src=10, dst=11, colour=B),
        reason("into_stall", label="7", src=7, dst=46, colour=B),
        reason("captured", field=9, owner=K))


def test_a_seven_sends_home_every_piece_it_steps_on_the_mover_s_own_included():
    pos = G.parse_position("b:n,n,5,6 k:n,n,3,4 k 714")
    reasons = G.explain(pos, G.parse_move(pos, "7:3+7"))
    assert [r for r in reasons if r.kind == "captured"] == [
        reason("captured", field=4, owner=K), reason("captured", field=5, owner=B),
        reason("captured", field=6, owner=B)]


def test_the_nest_empty_and_the_start_taken_by_a_fresh_piece():
    before, roll = rolled("r:0*,n,n,n k:n,n,n,n r 514")
    assert reason("fresh_start", label="5", field=0, colour=R) in G.explain(before, roll)
    before, roll = rolled("r:1,2,3,4 k:n,n,n,n r 514")
    assert reason("nest_empty", label="5", field=0, colour=R) in G.explain(before, roll)


def test_the_table_words_the_void_roll_on_the_why_card():
    pos = G.parse_position("b:n,n,n,10* k:n,n,n,9 k -")
    table = KatzenjammerTable(G, pos, language="en")
    table.on_chance(Roll((1, 3, 2)), 0.0)
    table.on_card("why", 0.1)
    lines = [m.text("en") for m in table.why_screen(table.view().screen).lines]
    assert lines[:3] == ["Black rolled 132", "No pair: one die, your own pieces",
                         "No die allows a move: Black's roll is void"]
    assert "1: 9 may not land on Blue's fresh piece on 10" in lines
    de = [m.text("de") for m in table.why_screen(table.view().screen).lines]
    assert "3: 9 kommt nicht an der frischen Figur von Blau auf 10 vorbei" in de


def test_back_then_ok_in_the_chooser_stays_previous_and_choose():
    pos = G.parse_position("b:n,n,5,6 k:n,n,3,4 k -")
    table = KatzenjammerTable(G, pos, language="en")
    table.on_chance(Roll((7, 1, 4)), 0.0)
    before = table.view().screen
    table.on_button("back", "press", 1.0)    # the chooser's "previous": BACK did something
    assert table.view().screen != before
    table.on_button("ok", "press", 1.2)      # so OK chooses, it does not ask "why?"
    assert table.why_screen(table.view().screen) is None
    table.on_card("why", 2.0)                # the card always asks
    assert table.why_screen(table.view().screen).lines[0].text("en") == "Black rolled 714"


def test_a_void_roll_with_every_piece_in_the_nest_says_so_not_a_swap_rule():
    """Issue 46, item 6: the first turns of a game (every piece in the nest, no 5) were explained
    by "6: no swap (an own and a foreign piece on the ring ...)", as if there were such pieces,
    and nothing about the other dice: the reason is the nest, said once."""
    before, roll = rolled("r:n,n,n,n g:n,n,n,n r 643")
    reasons = G.explain(before, roll)
    assert reasons == (reason("roll", colour=R, dice="643"), reason("singles"),
                       reason("void", colour=R), reason("in_nest", colour=R))
    table = KatzenjammerTable(G, before, language="en")
    table.on_chance(roll, 0.0)
    table.on_card("why", 0.1)
    lines = [m.text("en") for m in table.why_screen(table.view().screen).lines]
    assert lines[-1] == "All of Red's pieces are in the nest: only a 5 brings one out"
    assert not any("swap" in line for line in lines)


def test_a_six_names_what_is_missing_for_its_swap():
    before, roll = rolled("r:n,n,n,s1 g:n,n,n,12 r 632")     # red's only piece is in the stall
    assert reason("swap_no_own", label="6") in G.explain(before, roll)
    before, roll = rolled("r:n,n,n,3 g:n,n,n,20* r 632")     # green's piece is fresh
    assert reason("swap_no_foreign", label="6") in G.explain(before, roll)
    before, roll = rolled("r:n,n,n,3 g:n,n,n,n r 636")       # a 66 and one piece on the ring
    assert reason("no_swap", label="66") in G.explain(before, roll)
