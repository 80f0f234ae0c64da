"""Monster Mau Mau: every example and ruling of the rules document, through the command line's
code path (`cli.play`, which `companion monster-mau-mau apply` prints)."""
from __future__ import annotations

import json

import pytest

from companion.games import GameError, get
from companion.games.monster_mau_mau import cli
from companion.games.monster_mau_mau.cards import FACES

NEW4 = "hands=7,7,7,7 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=82 discard=0 mau=0"
NEW2 = "hands=8,8 turn=1 dir=cw top=- wish=- pending=0 phase=start pile=94 discard=0 mau=0"


def pos(hands="7,7,7,7", turn=1, dir="cw", top="p3", wish="-", pending=0, phase="play", pile=None,
        discard=5, mau=0) -> str:
    if pile is None:
        pile = 110 - sum(int(h) for h in hands.split(",")) - discard
    return (f"hands={hands} turn={turn} dir={dir} top={top} wish={wish} pending={pending}"
            f" phase={phase} pile={pile} discard={discard} mau={mau}")


def apply(position: str, *events: str, rules: str | None = None) -> str:
    return cli.play(position, list(events), rules_of(rules))[-1]


def steps(position: str, *events: str, rules: str | None = None) -> list[dict]:
    return [json.loads(line) for line in cli.play(position, list(events), rules_of(rules), True)]


def rules_of(rules: str | None) -> frozenset[str]:
    return get("monster-mau-mau", rules=rules).rules_set


def fields(position: str) -> dict[str, str]:
    return dict(f.split("=") for f in position.split())


def moves(position: str, rules: str | None = None) -> list[str]:
    lines = []

    class Out:
        def write(self, s):
            lines.append(s)

    args = cli.build_parser().parse_args(["moves", "--position", position]
                                          + (["--rules", rules] if rules else []))
    assert cli.run(args, out=Out()) == 0
    return "".join(lines).split()


def illegal(position: str, *events: str, rules: str | None = None) -> str:
    with pytest.raises(GameError) as err:
        cli.play(position, list(events), rules_of(rules))
    msg = str(err.value)
    assert "\n" not in msg
    return msg


# Setup ----------------------------------------------------------------------------------------
def test_new_game_for_four_is_the_documents_example():
    args = cli.build_parser().parse_args(["new", "--players", "4"])
    out = []

    class Out:
        def write(self, s):
            out.append(s)

    cli.run(args, out=Out())
    assert "".join(out) == NEW4 + "\n"


@pytest.mark.parametrize("players,deal,hands,pile", [
    (2, None, "8,8", 94), (3, None, "8,8,8", 86), (4, None, "7,7,7,7", 82),
    (10, None, ",".join(["7"] * 10), 40), (10, 10, ",".join(["10"] * 10), 10), (2, 15, "15,15", 80),
])
def test_deal_8_for_two_or_three_7_for_more_or_as_set(players, deal, hands, pile):
    game = get("mmm", players=players, deal=deal)
    text = game.format_position(game.initial_position())
    assert fields(text)["hands"] == hands and fields(text)["pile"] == str(pile)


@pytest.mark.parametrize("players,deal,needle", [
    (1, None, "for 2-10 players"), (11, None, "for 2-10 players"), (4, 0, "deal 1 to 15"),
    (4, 16, "deal 1 to 15"), (8, 13, "104 cards; at most 100 may be dealt, so deal at most 12"),
])
def test_bad_deal_is_refused_with_the_reason(players, deal, needle):
    argv = ["new", "--players", str(players)] + ([] if deal is None else ["--deal", str(deal)])
    with pytest.raises(GameError, match=needle):
        cli.run(cli.build_parser().parse_args(argv))


# F1: the first card turned up -----------------------------------------------------------------
def test_f1_number_card_starts_play_for_seat_1():
    assert apply(NEW4, "up:p3") == pos(top="p3", discard=1)


@pytest.mark.parametrize("card", ["s+3", "pR", "zA", "MW", "+4", "KK"])
def test_f1_default_action_or_wild_card_turned_up_is_covered(card):
    after = apply(NEW4, f"up:{card}")
    assert after == pos(top=card, phase="start", discard=1)
    assert moves(after) == sorted(f"up:{face}" for face in FACES)
    assert apply(after, "up:g9") == pos(top="g9", discard=2)


def test_f1_first_action_skip_seat_2_begins():
    assert apply(NEW4, "up:sA", rules="first-action") == pos(top="sA", turn=2, discard=1)


def test_f1_first_action_reverse_counter_clockwise_seat_1_begins():
    after = apply(NEW4, "up:zR", rules="first-action")
    assert after == pos(top="zR", dir="ccw", discard=1)
    assert fields(apply(after, "z5", rules="first-action"))["turn"] == "4"


def test_f1_first_action_reverse_with_two_players_is_a_skip():
    # two players have no direction (the rulebook): seat 2 begins and `dir` stays cw
    assert apply(NEW2, "up:zR", rules="first-action") == pos(hands="8,8", top="zR", dir="cw",
                                                             turn=2, discard=1)


def test_f1_first_action_plus3_seat_1_draws_3_first():
    after = apply(NEW4, "up:g+3", rules="first-action")
    assert after == pos(top="g+3", pending=3, phase="penalty", discard=1)
    assert moves(after, rules="first-action") == ["draw"]
    assert apply(after, "draw", rules="first-action") == pos(hands="10,7,7,7", turn=2, top="g+3",
                                                             discard=1)


@pytest.mark.parametrize("card", ["MW", "+4", "KK"])
def test_f1_wild_card_turned_up_is_covered_under_first_action_too(card):
    assert fields(apply(NEW4, f"up:{card}", rules="first-action"))["phase"] == "start"


def test_f1_several_cards_turned_up_each_goes_on_the_discard_pile():
    after = apply(NEW4, "up:+4", "up:sA", "up:KK", "up:p0")
    assert after == pos(top="p0", discard=4)


# What fits -------------------------------------------------------------------------------------
def test_fits_pattern_number_symbol_or_wild():
    assert apply(pos(top="p3"), "p9") == pos(hands="6,7,7,7", turn=2, top="p9", discard=6)
    assert fields(apply(pos(top="p3"), "g3"))["top"] == "g3"
    assert fields(apply(pos(top="p+3"), "s+3"))["top"] == "s+3"
    assert fields(apply(pos(top="pR"), "zR"))["top"] == "zR"
    assert fields(apply(pos(top="pA"), "gA"))["top"] == "gA"
    for wild in ("MW>z", "+4>z", "KK>z"):
        assert fields(apply(pos(top="p3"), wild))["wish"] == "z"


@pytest.mark.parametrize("top,card,needle", [
    ("p3", "s7", "s7 does not fit on p3 (play a p card, a 3 or a wild card, or draw)"),
    ("p3", "s+3", "s+3 does not fit on p3"),
    ("s+3", "p3", "p3 does not fit on s+3"),
    ("sA", "p3", "p3 does not fit on sA"),  # a skip goes only on its pattern or another skip
    ("sR", "pA", "pA does not fit on sR"),
])
def test_a_card_that_does_not_fit_is_refused_and_names_why(top, card, needle):
    before = pos(top=top)
    msg = illegal(before, card)
    assert needle in msg and f"illegal event {card!r}" in msg and repr(before) in msg


def test_moves_in_play_list_fitting_faces_wilds_once_per_pattern_and_draw():
    listed = moves(pos(top="p3"))
    wilds = [f"{w}>{p}" for w in ("MW", "+4", "KK") for p in "spzg"]
    expected = sorted([f"p{r}" for r in (*map(str, range(10)), "+3", "R", "A")]
                      + ["s3", "z3", "g3", "draw"] + wilds)
    assert listed == expected and listed == sorted(listed)


def test_moves_with_two_cards_include_mau_until_called():
    assert "mau" in moves(pos(hands="2,7,7,7"))
    assert "mau" not in moves(pos(hands="2,7,7,7", mau=1))
    assert "mau" not in moves(pos(hands="3,7,7,7"))


# Wishes ----------------------------------------------------------------------------------------
def test_wish_holds_until_the_next_card_through_draws():
    after = apply(pos(top="p3"), "MW>g")
    assert after == pos(hands="6,7,7,7", turn=2, top="MW", wish="g", discard=6)
    drawn = apply(after, "draw", "pass")
    assert fields(drawn)["wish"] == "g" and fields(drawn)["turn"] == "3"
    assert "p3 does not fit on MW with the wish g (play a g card or a wild card, or draw)" in \
        illegal(drawn, "p3")
    assert fields(apply(drawn, "g7"))["wish"] == "-"
    assert fields(apply(drawn, "KK>s"))["wish"] == "s"


def test_f7_kreativkarte_is_a_wish_card():
    after = apply(pos(top="z1"), "KK>p")
    assert after == pos(hands="6,7,7,7", turn=2, top="KK", wish="p", discard=6)
    assert moves(after)[:4] == ["+4>g", "+4>p", "+4>s", "+4>z"]
    assert not any(m.startswith("z") for m in moves(after))


def test_plus4_sets_the_wish_and_the_next_player_draws_4_then_the_turn_ends():
    after = apply(pos(top="p3"), "+4>s")
    assert after == pos(hands="6,7,7,7", turn=2, top="+4", wish="s", pending=4, phase="penalty",
                        discard=6)
    assert moves(after) == ["draw"]
    for rules in (None, "plus3-play"):
        drawn = steps(after, "draw", rules=rules)[0]
        assert drawn["drawn"] == 4
        assert drawn["position"] == pos(hands="6,11,7,7", turn=3, top="+4", wish="s", discard=6)
    assert "p3 does not fit on +4 with the wish s" in illegal(apply(after, "draw"), "p3")


# Actions ---------------------------------------------------------------------------------------
def test_skip_jumps_the_next_seat():
    assert fields(apply(pos(top="p3"), "pA"))["turn"] == "3"
    assert fields(apply(pos(top="p3", turn=4), "pA"))["turn"] == "2"
    assert fields(apply(pos(top="p3", turn=2, dir="ccw"), "pA"))["turn"] == "4"


def test_skip_with_two_players_the_same_player_plays_again():
    after = apply(pos(hands="8,8", top="p3"), "pA")
    assert after == pos(hands="7,8", turn=1, top="pA", discard=6)
    assert fields(apply(after, "p5"))["turn"] == "2"


def test_reverse_turns_the_direction():
    after = apply(pos(top="p3", turn=2), "pR")
    assert fields(after)["dir"] == "ccw" and fields(after)["turn"] == "1"
    again = apply(after, "sR")
    assert fields(again)["dir"] == "cw" and fields(again)["turn"] == "2"
    assert fields(apply(pos(top="p3", turn=1), "pR"))["turn"] == "4"


def test_reverse_with_two_players_is_a_skip():
    # "wenn ihr nur zu zweit spielt, gibt es natürlich keine Spielrichtung": the same player
    # again, and the direction does not change (issue 20, point 5)
    after = apply(pos(hands="8,8", top="p3"), "pR")
    assert after == pos(hands="7,8", dir="cw", top="pR", discard=6)
    again = apply(pos(hands="8,8", top="p3", dir="ccw"), "pR")
    assert fields(again)["dir"] == "ccw" and fields(again)["turn"] == "1"


def test_plus3_next_player_draws_3_only_action():
    after = apply(pos(top="p3"), "p+3")
    assert after == pos(hands="6,7,7,7", turn=2, top="p+3", pending=3, phase="penalty", discard=6)
    assert moves(after) == ["draw"]


# F2: drawing is always allowed ----------------------------------------------------------------
def test_f2_draw_even_with_a_fitting_card_then_play_it_or_pass():
    after = steps(pos(top="p3"), "draw")[0]
    assert after["drawn"] == 1 and after["position"] == pos(hands="8,7,7,7", top="p3", phase="drawn")
    assert "draw" not in moves(after["position"]) and "pass" in moves(after["position"])
    assert fields(apply(after["position"], "p4"))["turn"] == "2"
    assert apply(after["position"], "pass") == pos(hands="8,7,7,7", turn=2, top="p3")
    assert "seat 1 has drawn already this turn" in illegal(after["position"], "draw")
    assert "seat 1 may pass only after drawing a card; draw first" in illegal(pos(top="p3"), "pass")


# F3: after a +3 ----------------------------------------------------------------------------------
def test_f3_default_the_turn_ends_after_drawing_a_plus3_penalty():
    after = apply(pos(top="p3"), "p+3", "draw")
    assert after == pos(hands="6,10,7,7", turn=3, top="p+3", discard=6)


def test_f3_plus3_play_may_still_play_a_fitting_card_or_pass():
    rules = "plus3-play"
    drawn = apply(pos(top="p3"), "p+3", "draw", rules=rules)
    assert drawn == pos(hands="6,10,7,7", turn=2, top="p+3", phase="drawn", discard=6)
    assert fields(apply(drawn, "p8", rules=rules))["turn"] == "3"
    assert apply(drawn, "pass", rules=rules) == pos(hands="6,10,7,7", turn=3, top="p+3", discard=6)
    assert "draw" not in moves(drawn, rules=rules)


# F4: no stacking ----------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", ["s+3", "+4>p", "p5", "mau", "pass"])
def test_f4_a_penalty_cannot_be_answered(answer):
    penalty = pos(hands="6,2,7,7", turn=2, top="p+3", pending=3, phase="penalty")
    assert "seat 2 must first draw the penalty of 3 (draw)" in illegal(penalty, answer)


# F5: Mau! ------------------------------------------------------------------------------------------
def test_f5_mau_called_with_two_cards_then_the_second_to_last_card_costs_nothing():
    objs = steps(pos(hands="2,7,7,7"), "mau", "p5")
    assert objs[0]["position"] == pos(hands="2,7,7,7", mau=1)
    assert objs[1] == {"event": "p5", "position": pos(hands="1,7,7,7", turn=2, top="p5", discard=6),
                       "drawn": 0, "reshuffled": False, "mau_penalty": False, "winner": None}


def test_f5_forgotten_mau_costs_one_card_at_once():
    obj = steps(pos(hands="2,7,7,7"), "p5")[0]
    assert obj["mau_penalty"] is True and obj["drawn"] == 1
    assert obj["position"] == pos(hands="2,7,7,7", turn=2, top="p5", discard=6)


def test_f5_no_mau_penalty_option():
    obj = steps(pos(hands="2,7,7,7"), "p5", rules="no-mau-penalty")[0]
    assert obj["mau_penalty"] is False and obj["drawn"] == 0
    assert obj["position"] == pos(hands="1,7,7,7", turn=2, top="p5", discard=6)


def test_f5_mau_after_drawing_to_two_cards_and_mau_call_errors():
    drawn = apply(pos(hands="1,7,7,7"), "draw")
    assert fields(apply(drawn, "mau"))["mau"] == "1"
    assert "seat 1 has called Mau! already this turn" in illegal(drawn, "mau", "mau")
    assert "Mau! is called holding 2 cards; seat 1 holds 7" in illegal(pos(), "mau")


def test_f5_a_mau_call_lasts_through_a_draw_in_the_same_turn():
    after = apply(pos(hands="2,7,7,7"), "mau", "draw")
    assert fields(after)["mau"] == "1" and fields(after)["hands"] == "3,7,7,7"
    assert steps(after, "p1")[0]["mau_penalty"] is False


def test_f5_forgotten_mau_penalty_before_the_action_and_with_a_reshuffle():
    obj = steps(pos(hands="2,7,7,7", pile=0, discard=87), "p+3")[0]
    assert obj["mau_penalty"] and obj["reshuffled"] and obj["drawn"] == 1
    assert obj["position"] == pos(hands="2,7,7,7", turn=2, top="p+3", pending=3, phase="penalty",
                                  pile=86, discard=1)


def test_mau_call_resets_when_the_turn_passes():
    after = apply(pos(hands="2,7,7,7"), "mau", "draw", "pass")
    assert fields(after)["mau"] == "0"


# Winning ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["p5", "p+3", "pA", "+4>s"])
def test_the_last_card_wins_at_once_even_an_action(card):
    obj = steps(pos(hands="7,1,7,7", turn=2), card)[0]
    assert obj["winner"] == 2 and obj["drawn"] == 0
    f = fields(obj["position"])
    assert f["phase"] == "over" and f["turn"] == "2" and f["pending"] == "0" and f["hands"] == "7,0,7,7"
    assert moves(obj["position"]) == []
    assert "the game is over, seat 2 won; start a new game" in illegal(obj["position"], "draw")


# F6: the draw pile runs out ---------------------------------------------------------------------
def test_f6_draw_from_an_empty_pile_reshuffles_the_discards_but_the_top_card():
    obj = steps(pos(pile=0, discard=82), "draw")[0]
    assert obj["reshuffled"] and obj["drawn"] == 1
    assert obj["position"] == pos(hands="8,7,7,7", phase="drawn", pile=80, discard=1)


def test_f6_penalty_draws_the_rest_of_the_pile_then_reshuffles():
    penalty = pos(hands="6,7,7,7", turn=2, top="+4", wish="g", pending=4, phase="penalty",
                  pile=2, discard=81)
    obj = steps(penalty, "draw")[0]
    assert obj["drawn"] == 4 and obj["reshuffled"]
    assert obj["position"] == pos(hands="6,11,7,7", turn=3, top="+4", wish="g", pile=78, discard=1)


def test_f6_no_reshuffle_while_the_pile_has_enough_even_if_it_empties():
    obj = steps(pos(hands="6,7,7,7", turn=2, top="+4", wish="g", pending=4, phase="penalty",
                    pile=4, discard=79), "draw")[0]
    assert not obj["reshuffled"] and obj["position"].endswith("pile=0 discard=79 mau=0")


def test_f6_not_enough_cards_the_rest_of_the_obligation_lapses():
    # 107 cards in the hands, 1 in the pile, 2 on the discard pile: a +4 draws what there is.
    penalty = pos(hands="30,30,30,17", turn=2, top="+4", wish="s", pending=4, phase="penalty",
                  pile=1, discard=2)
    obj = steps(penalty, "draw")[0]
    assert obj["drawn"] == 2 and obj["reshuffled"]
    assert obj["position"] == pos(hands="30,32,30,17", turn=3, top="+4", wish="s", pile=0, discard=1)


def test_f6_no_card_to_draw_at_all_the_turn_passes():
    obj = steps(pos(hands="30,30,30,19", top="p3", pile=0, discard=1), "draw")[0]
    assert obj["drawn"] == 0 and not obj["reshuffled"]
    assert obj["position"] == pos(hands="30,30,30,19", turn=2, top="p3", pile=0, discard=1)


def test_f6_forgotten_mau_on_an_empty_pile_draws_the_card_just_covered():
    # The card played lies on the discard pile already, so the penalty can always be drawn.
    obj = steps(pos(hands="2,30,30,47", pile=0, discard=1), "p5")[0]
    assert obj["mau_penalty"] and obj["drawn"] == 1 and obj["reshuffled"]
    assert obj["position"] == pos(hands="2,30,30,47", turn=2, top="p5", pile=0, discard=1)


def test_up_on_an_empty_pile_is_an_error():
    start = pos(hands="10,10,10,10,10,10,10,10,10,10", top="sA", phase="start", pile=0, discard=10)
    assert "the draw pile is empty, there is no card to turn up" in illegal(start, "up:p3")


# Events in the wrong phase ---------------------------------------------------------------------
@pytest.mark.parametrize("position,event,needle", [
    (NEW4, "p3", "turn up the first card first (up:<card>)"),
    (NEW4, "draw", "turn up the first card first"),
    (pos(top="sA", phase="start", discard=1), "mau", "turn up a card on sA first"),
    (pos(), "up:p3", "up: turns up the first card of the discard pile (phase start), not in phase play"),
])
def test_events_in_the_wrong_phase_are_refused(position, event, needle):
    assert needle in illegal(position, event)


def test_an_illegal_event_in_a_sequence_names_the_position_it_met():
    msg = illegal(NEW4, "up:p3", "p4", "s9")
    assert msg.startswith("illegal event 's9' in 'hands=6,7,7,7 turn=2 ") and "does not fit on p4" in msg


def test_moves_at_start_are_the_55_faces_and_their_chances_sum_to_1():
    assert len(moves(NEW4)) == 55 and all(m.startswith("up:") for m in moves(NEW4))
    game = get("mmm")
    start = game.parse_position(apply(NEW4, "up:+4"))
    chances = dict((str(e), p) for e, p in game.chance_outcomes(start))
    assert sum(chances.values()) == 1 and len(chances) == 55
    assert chances["up:+4"] * 109 == 3 and chances["up:MW"] * 109 == 4 and chances["up:s0"] * 109 == 1
    initial = dict((str(e), p) for e, p in game.chance_outcomes(game.initial_position()))
    assert initial["up:s5"] * 110 == 2 and initial["up:KK"] * 110 == 2
