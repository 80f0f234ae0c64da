"""The rulebook's figures (Abb. 1-5) and our rulings (maunz.md), as notation one-liners run
through the same code path as `companion maunz apply --json`."""
from __future__ import annotations

import io
import json

import pytest

from companion.games import IllegalMoveError, NotationError, get
from companion.games.maunz import cli

G = get("maunz")


def play(position: str, *moves: str, rules: str | None = None) -> list[dict]:
    argv = ["apply", *moves, "--json", "--position", position] + (["--rules", rules] if rules else [])
    out = io.StringIO()
    assert cli.run(cli.build_parser().parse_args(argv), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_abb_1_every_neighbour_moves_one_square_some_off_the_bed_no_chain():
    # Grey plays a kitten on b2. Orange a1 and grey c1 are pushed off the bed (back to their
    # pools), b3 -> b4, c3 -> d4. Kitten (a) on d5 is now next to d4 but does not move.
    (r,) = play("6/3o2/6/1oo3/6/o1g3 g 4k0c 7k0c", "kb2")
    assert r["boops"] == [{"from": "a1", "to": None}, {"from": "b3", "to": "b4"},
                          {"from": "c1", "to": None}, {"from": "c3", "to": "d4"}]
    assert r["position"] == "6/3o2/1o1o2/6/1g4/6 o 5k0c 7k0c"
    assert r["graduated"] == [] and r["winner"] is None


def test_abb_2_pieces_in_a_line_are_not_pushed_into_each_other_but_from_elsewhere():
    # Grey c3 and d4 stand on one diagonal; orange plays b2 into that line: c3 stays. (b) on b3
    # is pushed to b4.
    (r,) = play("6/6/3g2/1gg3/6/6 o 8k0c 5k0c", "kb2")
    assert r["boops"] == [{"from": "b3", "to": "b4"}]
    assert r["position"] == "6/6/1g1g2/2g3/1o4/6 g 7k0c 5k0c"
    (r,) = play("6/6/3g2/2g3/6/6 o 8k0c 6k0c", "kc2")  # from below, c3 moves to c4
    assert r["boops"] == [{"from": "c3", "to": "c4"}]


def test_abb_3_three_kittens_in_a_row_become_three_cats_in_the_pool():
    # b1 would be pushed onto a1, which is occupied, so the line a1 b1 c1 forms.
    (r,) = play("6/6/6/6/6/oo4 o 6k0c 8k0c", "kc1")
    assert r["move"] == "kc1/a1b1c1" and r["graduated"] == ["a1", "b1", "c1"]
    assert r["position"] == "6/6/6/6/6/6 g 5k3c 8k0c"
    pos = G.parse_position(r["position"])
    assert pos.boxed(0) == 3 and pos.reserve(0) == 5


def test_abb_4_a_longer_line_offers_each_window_and_the_rest_stays():
    start = "6/6/6/6/6/oo1oo1 o 4k0c 8k0c"
    pos = G.parse_position(start)
    with pytest.raises(IllegalMoveError, match=r"needs a choice.*kc1/a1b1c1, kc1/b1c1d1, kc1/c1d1e1"):
        G.parse_move(pos, "kc1")
    (r,) = play(start, "kc1/d1b1c1")  # any order on input, canonical order on output
    assert r["move"] == "kc1/b1c1d1"
    assert r["position"] == "6/6/6/6/6/o3o1 g 3k3c 8k0c"


def test_abb_5_mixed_line_all_three_leave_kittens_graduate_cat_returns():
    (r,) = play("6/6/6/6/6/Oo4 o 5k1c 8k0c", "kc1")
    assert r["graduated"] == ["a1", "b1", "c1"]
    assert r["position"] == "6/6/6/6/6/6 g 4k4c 8k0c"  # 1 cat + 2 graduates + the returning cat
    before, after = G.parse_position("6/6/6/6/6/Oo4 o 5k1c 8k0c"), G.parse_position(r["position"])
    assert after.boxed(0) - before.boxed(0) == 2


def test_hint_stealthy_l_shape_boops_own_piece_into_the_middle():
    # Orange a2, c2 and b3: playing b4 pushes b3 down to b2 and completes a2 b2 c2.
    (r,) = play("6/6/6/1o4/o1o3/6 o 5k0c 8k0c", "kb4")
    assert r["boops"] == [{"from": "b3", "to": "b2"}]
    assert r["move"] == "kb4/a2b2c2"


def test_kittens_cannot_boop_cats_cats_boop_both():
    (r,) = play("6/6/6/2G3/6/6 o 8k0c 7k0c", "kb3")
    assert r["boops"] == []
    (r,) = play("6/6/6/2G3/6/6 o 5k3c 7k0c", "cb3")
    assert r["boops"] == [{"from": "c3", "to": "d3"}]
    (r,) = play("6/6/6/2g3/6/6 o 5k3c 7k0c", "cb3")
    assert r["boops"] == [{"from": "c3", "to": "d3"}]


def test_a_piece_pushed_off_the_bed_returns_to_its_owner_as_its_kind():
    (r,) = play("6/6/6/6/6/G5 o 5k3c 7k0c", "cb2")
    assert r["boops"] == [{"from": "a1", "to": None}]
    assert r["position"] == "6/6/6/6/1O4/6 g 5k2c 7k1c"


def test_w1_three_cats_win_before_a_kitten_line_would_graduate():
    # The cat on c1 completes cats a1 b1 c1; kittens d2 e3 f4 also form a line (d2 is not pushed:
    # e3 is occupied). The win is checked first: nothing graduates, the kittens stay.
    (r,) = play("6/6/5o/4o1/3o2/OO4 o 2k1c 8k0c", "cc1")
    assert r == {"move": "cc1", "position": "6/6/5o/4o1/3o2/OOO3 g 2k0c 8k0c", "boops": [],
                 "graduated": [], "winner": "o"}


def test_r1_a_line_of_the_opponents_pieces_waits_for_their_turn():
    # Orange's kitten on a1 pushes grey b2 to c3, lining up grey c3 d3 e3: nothing happens now.
    (r,) = play("6/6/6/3gg1/1g4/6 o 8k0c 5k0c", "ka1")
    assert r["boops"] == [{"from": "b2", "to": "c3"}]
    assert r["graduated"] == [] and r["winner"] is None
    assert r["position"] == "6/6/6/2ggg1/6/o5 g 7k0c 5k0c"
    # At the end of grey's own next turn the line counts for grey.
    (r2,) = play(r["position"], "kf6")
    assert r2["move"] == "kf6/c3d3e3" and r2["graduated"] == ["c3", "d3", "e3"]


def test_r1_opponent_cats_lined_up_win_for_them_only_under_the_option():
    start = "6/6/6/3GG1/1G4/6 o 5k3c 0k5c"
    (r,) = play(start, "ca1")
    assert r["position"] == "6/6/6/2GGG1/6/O5 g 5k2c 0k5c" and r["winner"] is None
    (r,) = play(start, "ca1", rules="opponent-cats-win")
    assert r["winner"] == "g"
    # Grey's cat line stands at the start of grey's turn: by R1 it wins at the end of that turn.
    (r,) = play("6/6/6/2GGG1/6/O5 g 5k2c 0k5c", "cf6")
    assert r["winner"] == "g"


def test_r1_option_mover_wins_when_both_sides_line_up_cats():
    # c1 completes orange's c1 d1 e1 and pushes grey b2 to a3 next to grey a4 a5.
    (r,) = play("6/G5/G5/6/1G4/3OO1 o 5k1c 5k0c", "cc1", rules="opponent-cats-win")
    assert r["position"] == "6/G5/G5/G5/6/2OOO1 g 5k0c 5k0c" and r["winner"] == "o"


def test_retirement_with_all_eight_on_the_bed_kitten_graduates_cat_returns():
    start = "o1o1o1/6/o1o1o1/6/6/O5 o 1k0c 8k0c"
    pos = G.parse_position(start)
    with pytest.raises(IllegalMoveError, match="needs a choice"):
        G.parse_move(pos, "kf1")
    (r,) = play(start, "kf1/a6")
    assert r["graduated"] == ["a6"]
    assert r["position"] == "2o1o1/6/o1o1o1/6/6/O4o g 0k1c 8k0c"
    p = G.parse_position(r["position"])
    assert p.boxed(0) == 2 and p.reserve(0) == 6  # one more kitten boxed, a cat came in
    (r,) = play(start, "kf1/a1")  # retiring the cat: back to the pool, nothing boxed
    assert r["position"] == "o1o1o1/6/o1o1o1/6/6/5o g 0k1c 8k0c"
    assert G.parse_position(r["position"]).boxed(0) == 1
    # the options are exactly the eight orange pieces
    choices = sorted(G.format_move(pos, m) for m in G.legal_moves(pos) if m.square == 5)
    assert choices == sorted(f"kf1/{s}" for s in ["a6", "c6", "e6", "a4", "c4", "e4", "a1", "f1"])


def test_retirement_and_a_line_at_once_offer_all_options_together():
    # R2: a line and all 8 on the bed: the player chooses among all of them.
    start = "o1o1o1/6/o2o2/6/6/oo4 o 1k0c 8k0c"
    pos = G.parse_position(start)
    choices = {G.format_move(pos, m) for m in G.legal_moves(pos) if m.square == 2}
    assert "kc1/a1b1c1" in choices and "kc1/a6" in choices and "kc1/c1" in choices
    assert len(choices) == 1 + 8


def test_eight_cats_on_the_bed_win():
    (r,) = play("O1O1O1/6/O1O1O1/6/6/O5 o 0k1c 8k0c", "cf1")
    assert r["winner"] == "o" and r["move"] == "cf1" and r["graduated"] == []
    pos = G.parse_position(r["position"])  # the winner is derived from the position too
    assert G.outcome(pos).winner == 0 and G.legal_moves(pos) == []


def test_kids_variant_three_kittens_win_retire_back_to_pool_no_cats():
    (r,) = play("6/6/6/6/6/oo4 o 6k0c 8k0c", "kc1", rules="kids")
    assert r["winner"] == "o" and r["graduated"] == [] and r["move"] == "kc1"
    (r,) = play("o1o1o1/6/o1o1o1/6/6/o5 o 1k0c 8k0c", "kf1/a1", rules="kids")
    assert r["position"] == "o1o1o1/6/o1o1o1/6/6/5o g 1k0c 8k0c"
    with pytest.raises(NotationError, match="kids rules have none"):
        get("maunz", rules="kids").parse_position("6/6/6/6/6/O5 o 7k0c 8k0c")


def test_r4_grey_may_start():
    g = get("maunz")
    g.first = 1
    assert g.format_position(g.initial_position()) == "6/6/6/6/6/6 g 8k0c 8k0c"
