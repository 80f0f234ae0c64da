"""Monster Mau Mau's "why?" (issue 36), from the rules document's own statements (docs/rules/
monster-mau-mau.md, "A turn"): why a card was refused (pattern and number, the wish in force,
the +3 not stacked), why a player drew or was penalised (the forgotten Mau!), what a card did,
worded by the table in German and English; never a hand (the companion sees none)."""
from __future__ import annotations

from companion import games, tables
from companion.games.monster_mau_mau import notation
from companion.games.monster_mau_mau.engine import DRAW, MAU, Event
from companion.games.reason import reason

G = games.get("monster-mau-mau", players=3)


def pos(text: str = ""):
    fields = dict(f.split("=") for f in ("hands=5,5,5 turn=1 dir=cw top=s3 wish=- pending=0"
                                          " phase=play pile=80 discard=5 mau=0").split())
    fields.update(f.split("=") for f in text.split())
    held = sum(map(int, fields["hands"].split(",")))   # the box's 110 cards: the rest in the piles
    if "pile=0" in text:
        fields["discard"] = str(110 - held)
    else:
        fields["pile"] = str(110 - held - int(fields["discard"]))
    return notation.parse_position(" ".join(f"{k}={v}" for k, v in fields.items()))


def why(position, event, rules=frozenset()):
    return games.get("monster-mau-mau", players=3, rules=rules).explain(position, event)


def test_a_card_fits_by_its_pattern_or_its_number_else_it_is_refused():
    assert why(pos(), Event("play", "s7"))[0] == reason("fits_pattern", face="s7", top="s3", pattern="s")
    assert why(pos(), Event("play", "p3"))[0] == reason("fits_rank", face="p3", top="s3", rank="3")
    assert why(pos(), Event("play", "p7")) == (
        reason("refused.fits_not", seat=1, face="p7", top="s3", pattern="s", rank="3"),)


def test_the_wish_in_force_decides_what_fits():
    wished = pos("top=MW wish=z")
    assert why(wished, Event("play", "z4"))[0] == reason("fits_wish", face="z4", top="MW", wish="z")
    assert why(wished, Event("play", "s4")) == (
        reason("refused.fits_not_wished", seat=1, face="s4", top="MW", wish="z"),)
    assert why(pos(), Event("play", "+4", "p")) == (
        reason("wild", face="+4", wish="p"), reason("penalty_next", seat=1, n=4, face="+4"))


def test_no_stacking_the_plus3_must_be_drawn_and_the_turn_ends():
    pending = pos("phase=penalty pending=3 top=s+3")
    assert why(pending, Event("play", "p+3")) == (reason("refused.penalty", seat=1, n=3),)
    assert why(pending, DRAW) == (reason("drew_penalty", seat=0, n=3), reason("turn_ends", seat=0))
    assert why(pending, DRAW, {"plus3-play"})[1] == reason("plus3_play", seat=0)


def test_skip_and_reverse_with_two_players():
    assert reason("skip", seat=1) in why(pos(), Event("play", "sA"))
    two = games.get("monster-mau-mau", players=2)
    p2 = pos("hands=5,5")
    assert reason("reverse_two", seat=1) in two.explain(p2, Event("play", "sR"))
    assert reason("reverse") in why(pos(), Event("play", "sR"))


def test_the_forgotten_mau_costs_a_card_and_the_last_card_wins():
    assert reason("mau_penalty", seat=0) in why(pos("hands=2,5,5"), Event("play", "s5"))
    called = pos("hands=2,5,5 mau=1")
    assert reason("mau_penalty", seat=0) not in why(called, Event("play", "s5"))
    assert why(pos("hands=2,5,5"), MAU) == (reason("mau", seat=0),)
    assert why(pos("hands=1,5,5"), Event("play", "s5"))[-1] == reason("won", seat=0)
    assert why(pos("hands=5,5,5"), MAU) == (reason("refused.mau_two", seat=1, n=5),)


def test_an_empty_draw_pile_is_refilled():
    assert why(pos("pile=0"), DRAW) == (reason("reshuffled"), reason("drew", seat=0))


def test_the_table_explains_its_refusal_and_then_the_event_played():
    start = pos()
    table = tables.make(G, start, players=("Anna", "", ""), language="en")
    table.session.apply_journaled(Event("play", "p7"), 1.0)      # refused: nothing played
    assert table.moves == []
    table.on_card("why", 1.5)
    lines = [m.text("en") for m in table.why_screen(table.view().screen).lines]
    assert lines == ["Dots 7 does not fit on stripes 3 (play a stripes card, a 3 or a wild card, or draw)"]
    assert [m.text("de") for m in table.why_screen(table.view().screen).lines] == [
        "Punkte 7 passt nicht auf Streifen 3 (leg eine Streifen-Karte, eine Karte „3“ oder eine"
        " Wunschkarte, oder zieh)"]
    table.on_button("ok", "press", 2.0)
    table.session.apply_journaled(Event("play", "sA"), 3.0)
    table.on_card("why", 3.5)
    lines = [m.text("en") for m in table.why_screen(table.view().screen).lines]
    assert lines[1] == "Skip: Seat 2 misses the turn"
    assert lines[0] == "Stripes skip fits on stripes 3: the same pattern"


def test_the_why_card_on_the_reader_through_the_service(tmp_path):
    """The why card (its NDEF text maunz:why) tapped on the real service's reader after a card
    that does not fit: the OLED and the page's snapshot explain it; the next press goes back."""
    from tests.test_mmm_service import Clock, companion, press, step, tap

    clock = Clock()
    c = companion(tmp_path, clock)
    step(c, clock)
    for name in ("back", "back", "ok", "ok"):   # 2 players, 8 cards each
        press(c, clock, name)
    tap(c, clock, "mmm:p3")
    tap(c, clock, "mmm:s7", uid="04:00:00:00:00:00:07")   # does not fit: refused
    tap(c, clock, "maunz:why", uid="04:AA:00:00:00:00:09")
    why = c.snapshot()["why"]
    assert why["head"] == "Warum?"
    assert why["lines"] == ["Streifen 7 passt nicht auf Punkte 3 (leg eine Punkte-Karte, eine Karte „3“ oder"
                            " eine Wunschkarte, oder zieh)"]
    assert c.screen.screen.kind == "why"
    press(c, clock, "cat")
    assert c.snapshot()["why"] is None and c.journal.moves() == ["up:p3"]
