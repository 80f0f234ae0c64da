"""maunz.'s "why?" (issue 36), from the rulebook's illustrated examples (docs/rules/maunz.md,
"The rulebook's illustrated examples"): the engine's reasons for each, the table asked with the
why card and with BACK then OK, the words in German and English."""
from __future__ import annotations

import pytest

from companion.games import get
from companion.games.reason import reason
from companion.tables.maunz.testing import Bed, sq

G = get("maunz")


def explain(position: str, move: str):
    pos = G.parse_position(position)
    return G.explain(pos, G.parse_move(pos, move))


def test_fig_1_every_neighbour_booped_one_away_two_off_the_bed():
    reasons = explain("6/3o2/6/1oo3/6/o1g3 g 4k0c 7k0c", "kb2")
    assert reasons == (
        reason("placed", colour=1, kind="k", square=sq("b2")),
        reason("off_bed", piece="o", src=sq("a1"), way="sw"),
        reason("boop", piece="o", src=sq("b3"), dst=sq("b4"), way="n"),
        reason("off_bed", piece="g", src=sq("c1"), way="se"),
        reason("boop", piece="o", src=sq("c3"), dst=sq("d4"), way="ne"))


def test_fig_2_two_in_a_row_are_not_booped_into_each_other():
    reasons = explain("6/6/3g2/1gg3/6/6 o 8k0c 5k0c", "kb2")
    assert reason("blocked", piece="g", src=sq("c3"), dst=sq("d4")) in reasons
    assert reason("boop", piece="g", src=sq("b3"), dst=sq("b4"), way="n") in reasons


def test_a_kitten_cannot_boop_a_cat_but_a_cat_can():
    reasons = explain("6/6/6/1G4/6/6 o 8k0c 7k0c", "kb2")
    assert reason("cat_stays", piece="G", src=sq("b3")) in reasons
    reasons = explain("6/6/6/1G4/6/6 o 7k1c 7k0c", "cb2")
    assert reason("boop", piece="G", src=sq("b3"), dst=sq("b4"), way="n") in reasons


def test_fig_3_three_kittens_graduate():
    reasons = explain("6/6/6/6/6/oo4 o 6k0c 8k0c", "kc1")
    assert reasons[-1] == reason("graduate", squares=(sq("a1"), sq("b1"), sq("c1")), n=3)


def test_fig_4_a_longer_line_is_a_choice_the_companion_asks_for():
    pos = G.parse_position("6/6/6/6/6/oo1oo1 o 4k0c 8k0c")
    p = G.place(pos, "k", sq("c1"))
    from companion.games.maunz.explain import explain_placement

    assert reason("choose", n=3, colour=0) in explain_placement(p)
    chosen = explain("6/6/6/6/6/oo1oo1 o 4k0c 8k0c", "kc1/b1c1d1")
    assert chosen[-1] == reason("graduate", squares=(sq("b1"), sq("c1"), sq("d1")), n=3)
    assert not any(r.kind == "choose" for r in chosen)


def test_fig_5_a_mixed_row_kittens_graduate_the_cat_goes_back():
    reasons = explain("6/6/6/6/6/Oo4 o 5k1c 8k0c", "kc1")
    assert reasons[-2:] == (reason("graduate", squares=(sq("a1"), sq("b1"), sq("c1")), n=2),
                            reason("cats_back", n=1))


def test_three_cats_win_before_any_graduation():
    reasons = explain("6/6/6/6/6/OO4 o 3k3c 8k0c", "cc1")
    assert reasons[-1] == reason("win_line", colour=0, squares=(sq("a1"), sq("b1"), sq("c1")))


def test_the_table_explains_its_last_move_on_the_card_and_on_back_then_ok():
    bed = Bed("6/3o2/6/1oo3/6/o1g3 g 4k0c 7k0c", language="en")
    bed.play("kb2")
    table_screen = bed.view.screen
    assert bed.ref.why_screen(table_screen) is None
    bed.card("why")
    shown = bed.ref.why_screen(bed.view.screen)
    assert shown.kind == "why" and shown.header("en") == "Why?"
    lines = [m.text("en") for m in shown.lines]
    assert lines == ["Grey: kitten put on b2",
                     "a1: the orange kitten is booped to the lower left, off the bed and back to its pool",
                     "b3: the orange kitten is booped up, to b4",
                     "c1: the grey kitten is booped to the lower right, off the bed and back to its pool",
                     "c3: the orange kitten is booped to the upper right, to d4"]
    assert [m.text("de") for m in shown.lines][1] == \
        "a1: das orange Kätzchen fällt nach links unten vom Bett, zurück in den Vorrat"
    bed.button("cat")                     # a press only reads it: nothing else happens
    assert bed.ref.why_screen(bed.view.screen) is None and bed.ref.moves == ["kb2"]
    bed.button("back")
    bed.t += 0.3
    bed.button("ok")                      # BACK then OK
    assert bed.ref.why_screen(bed.view.screen).lines == shown.lines
    bed.button("ok")
    bed.button("back")
    bed.t += 2.0                          # too slow: not the gesture
    bed.button("ok")
    assert bed.ref.why_screen(bed.view.screen) is None


def test_the_table_explains_why_it_asks_which_line():
    bed = Bed("6/6/6/6/6/oo1oo1 o 4k0c 8k0c", language="en")
    bed.place("c1")
    bed.wait(0.5)
    if bed.ref.phase == "ask_kind":
        bed.button("ok")
    assert bed.ref.phase == "choose"
    bed.card("why")
    lines = [m.text("en") for m in bed.ref.why_screen(bed.view.screen).lines]
    assert lines[-1] == ("3 options (rows of three, with all 8 on the bed single pieces too):"
                         " Orange chooses one")
    for name in ("b1", "c1", "d1"):       # the row is taken: the table's screen goes on
        bed.lift(name)
    assert bed.ref.moves == ["kc1/b1c1d1"]
    assert bed.ref.why_screen(bed.view.screen) is None


def test_nothing_to_explain_before_the_first_move():
    bed = Bed(language="de")
    bed.card("why")
    assert [m.text("de") for m in bed.ref.why_screen(bed.view.screen).lines] == ["Noch nichts zu erklären"]


# Issue 45: all eight on the bed -- the piece that leaves graduates (box, a cat from the reserve
# into the pool) or goes back, and the words say that one must leave is OUR rule; a boop that lines
# up the other's cats says why nobody won (our ruling R1); "left" never reads as a verb (issue 46).
def words(position: str, move: str, language: str = "en") -> list[str]:
    from companion import tables

    table = tables.make(G, language=language, players=())
    return [table.why_msg(r).text(language) for r in explain(position, move)]


def test_a_kitten_that_leaves_a_full_bed_graduates_by_our_rule():
    said = words("g1o1o1/2o1g1/3go1/o2g2/2g3/g4g g 3k0c 1k0c", "kb3/b3")
    assert said[-1] == ("All 8 of Grey's pieces on the bed: one must leave (our rule); the grey kitten"
                        " on b3 graduates: into the box, and a cat comes from the reserve into the pool")
    german = words("g1o1o1/2o1g1/3go1/o2g2/2g3/g4g g 3k0c 1k0c", "kb3/b3", "de")[-1]
    assert "(unsere Regel)" in german and "Schachtel" in german and "Reserve" in german


def test_a_cat_that_leaves_a_full_bed_goes_back_to_the_pool():
    said = words("g1O1o1/2o1go/2gg2/O2g2/2G3/5g g 2k1c 0k1c", "cc1/c1")
    assert said[-1].endswith("one must leave (our rule); the grey cat on c1 goes back to the pool")


def test_the_others_cats_lined_up_by_a_boop_do_not_win_by_our_rule():
    said = words("g1go2/4O1/o1oG2/6/O1GG1G/6 o 1k2c 1k1c", "cc1")
    assert said[-1].startswith("The boops lined up three of Grey's cats (f2, e3, d4), but our rule:")
    assert reason("other_row", colour=1, squares=(sq("f2"), sq("e3"), sq("d4"))) in explain(
        "g1go2/4O1/o1oG2/6/O1GG1G/6 o 1k2c 1k1c", "cc1")


def test_a_boop_to_the_left_reads_as_a_direction():
    said = words("6/3o2/6/1oo3/6/o1g3 g 4k0c 7k0c", "kb2")
    assert "a1: the orange kitten is booped to the lower left, off the bed and back to its pool" in said
    assert not any("and left" in line for line in said)


def test_refusals_are_explained_in_both_languages():
    pos = G.parse_position("6/6/6/2o3/6/6 g 7k0c 8k0c")
    from companion import tables

    for language, occupied, no_cat in (
            ("en", "c3 is taken by the orange kitten: a piece goes on an empty square only",
             "Grey has no cat in the pool: place a kitten (a cat comes only when a kitten graduates)"),
            ("de", "Auf c3 steht schon das orange Kätzchen: eine Figur kommt nur auf ein freies Feld",
             "Grau hat keine Katze im Vorrat: ein Kätzchen setzen (eine Katze gibt es erst, wenn ein"
             " Kätzchen aufsteigt)")):
        table = tables.make(G, language=language, players=())
        assert [table.why_msg(r).text(language) for r in G.refusal(pos, "kc3")] == [occupied]
        assert [table.why_msg(r).text(language) for r in G.refusal(pos, "cd4")] == [no_cat]
    assert G.refusal(pos, "kd4") == ()
