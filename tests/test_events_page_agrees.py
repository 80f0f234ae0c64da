"""Cats and Cat Attack on the page and the OLED (issue 32, item 12), the pure part: during
reactions and swaps the headline and the seats' tags agree on who acts (the mover "has moved",
the seat answering "reacts" / "swaps"), the swap question names who; a challenge is listed
apart from the reaction cards; Cats offers the reaction cards the OLED asks for (the page's
`event` cards); Cat Attack's instruction says whose turn it is, and its OLED never leaves a
count alone on a line ("treats 0" / "6"). Both languages. The page in a browser:
tests/test_web_events_page.py."""
from __future__ import annotations

from companion.tables.cat_attack.page import page_view as cat_attack_page
from companion.tables.cats.page import page_view as cats_page
from companion.ui import render
from companion.web.protocol import card_catalog
from tests.test_tables_cats_cat_attack import deal, make


def cats_in_reactions(language="en"):
    """Two players; seat 1 has walked four steps: seat 2 may react."""
    t = make("cats", players=2, language=language)
    deal(t, "deal:1b", "deal:2c")
    while t.reveal:
        t.on_button("ok", "press", 0.0)
    deal(t, "first:1")
    while t.position.had != 0b11:
        assert t.play("blocked" if t.position.phase == "move" else "pass", 0.0)
    for event in ("step:1", "step:b", "step:3", "step:3", "end"):
        assert t.play(event, 0.0), (event, t.refused)
    return t


def _tags(board):
    return {s["seat"]: s["tag"] for s in board["seats"]}


def test_the_cats_headline_and_tags_agree_in_reactions_and_swaps():
    t = cats_in_reactions()
    assert t.position.phase == "react" and t.position.active == 0 and t.game.to_move(t.position) == 1
    board = cats_page(t)["cats"]
    assert board["headline"] == t.view().screen.header("en") == "Seat 2 reacts"
    assert _tags(board) == {1: "has moved", 2: "reacts"}
    assert "to move" not in _tags(board).values()
    while t.position.phase == "react":
        assert t.play("pass", 0.0)
    assert t.position.phase == "swap"
    seat = t.game.to_move(t.position)
    name = t.seat_name(seat)
    board = cats_page(t)["cats"]
    assert board["headline"] == f"{name} swaps".capitalize() and _tags(board)[seat + 1] == "swaps"
    assert f"{name}: swap one card?" in t.view().instruction          # the question names who
    if seat != t.position.active:
        assert _tags(board)[t.position.active + 1] == "has moved"
    t.on_card("language", 0.0)
    board = cats_page(t)["cats"]
    assert board["headline"] == f"{t.seat_name(seat)} tauscht" and _tags(board)[seat + 1] == "tauscht"
    assert f"{t.seat_name(seat)}: eine Karte tauschen?" in t.view().instruction
    while t.position.phase == "swap":
        assert t.play("pass", 0.0)
    board = cats_page(t)["cats"]   # the challenge: the mover acts again, "am Zug"
    assert t.position.phase == "challenge" and _tags(board) == {1: "am Zug", 2: None}
    assert board["headline"] == "Spieler 1 ist dran"


def test_a_challenge_is_not_listed_as_a_reaction_card():
    t = cats_in_reactions()
    assert t.play("miau:3@4", 0.0)
    while t.position.phase in ("react", "swap"):
        assert t.play("pass", 0.0)
    assert t.play("challenge:2=4", 0.0)     # seat 2 has cat 2: a wrong guess
    board = cats_page(t)["cats"]
    assert [h["card"] for h in board["history"]] == ["miau"]
    assert [h["card"] for h in board["challenges"]] == ["challenge"]
    assert board["challenges"][0]["verdict"] == "wrong"
    assert board["labels"]["history"] == "Reaction cards" and board["labels"]["challenges"] == "Challenges"


def test_cats_offers_the_reaction_cards_the_oled_asks_for():
    t = cats_in_reactions("de")
    assert "Reaktionskarte antippen" in t.view().instruction
    offered = cats_page(t)["cats"]["reactions"]
    events = [e for e in t.choices() if e.startswith("miau:") or e == "schnurr"]
    cards = [room["card"] for m in offered["miau"] for room in m["rooms"]]
    assert cards == ["event-" + e.replace(":", "-") for e in events if e.startswith("miau:")]
    assert {m["cat"] for m in offered["miau"]} == {1, 3}            # the cats moved this turn
    assert offered["miau"][0]["label"] == "Miau: Katze 1 in Raum …"
    catalog = {c.id: c for c in card_catalog()}
    for card in cards:                       # each is a card of the page's catalog, Cats' own
        assert catalog[card].function == "event" and catalog[card].game == "cats"
        assert catalog[card].text == "maunz:event:" + catalog[card].name
    assert offered["schnurr"] is None        # nothing to cancel yet
    assert t.play("miau:3@4", 0.0)
    after = cats_page(t)["cats"]["reactions"]
    if t.position.phase == "react":
        assert after["schnurr"]["card"] == "event-schnurr" and "event-schnurr" in catalog
    while t.position.phase == "react":
        assert t.play("pass", 0.0)
    assert cats_page(t)["cats"]["reactions"] is None   # no reactions asked for now


def test_cat_attacks_instruction_says_whose_turn_it_is():
    t = make("cat-attack", players=3, language="en")
    deal(t, "first:2")
    assert "seat 2: tap a Mog card" in t.view().instruction
    t.on_card("event", 0.0, "C1")
    assert t.play("done", 0.0)
    deal(t, "d6:4")
    assert "seat 2 rolled 4: where did your cat land?" in t.view().instruction
    t.on_card("language", 0.0)
    assert "Spieler 2 würfelte 4: Wo gelandet?" in t.view().instruction


def test_cat_attacks_oled_shows_each_seat_s_numbers_apart_and_its_title_whole():
    """Issue 46, item 10: "Leben 999 / Leckerbissen 000" for three seats read as 999 lives, and
    the title was cut mid-sentence ("Spieler 3 ist" / "dran"): each seat's counts are a line of
    their own with the seat's number, and the title is whole in the header bar (beside the page
    marker where it fits, else alone: the pages still turn)."""
    for players, larders in ((3, "k,bmkfvc,"), (6, "k,bmkfvc,b,m,f,c")):
        cats = ",".join(f"9H{letters}" for letters in larders.split(","))
        t = make("cat-attack", players=players, language="en")
        t.line.reset(t.game.parse_position(
            f"cats={cats} hands={','.join(['6'] * players)} shops=kfvc car=P phase=card active=3 turn=3"
            f" rolls=1 die=- seg=- raided=- burgled=0 fight=- hits=- deck={62 - 6 * players}/1 end=-"),
            commit=None)
        for language, lives in (("en", "lives"), ("de", "Leben")):
            t.language = language
            screen = t.view().screen
            lines = [line for page in render.pages(screen, language) for line in page]
            treats = [len(letters) for letters in larders.split(",")]
            for seat in range(players):
                assert f"{seat + 1}: 9 {lives}, {treats[seat]}/6" in lines, lines
            assert render.title_line(screen, language) == screen.header(language)
            assert screen.header(language) == {"en": "Seat 3 to act", "de": "Spieler 3 ist dran"}[language]