"""The page views of Cats and Cat Attack (companion/tables/*/page.py, pure): what the page draws,
checked against the position — and for Cats, that the page's data is the same whatever the
secrets are, so no unrevealed cat or character can reach a page. Both languages."""
from __future__ import annotations

import json

from companion import games, tables
from companion.tables.cat_attack.page import PAGE as CA_PAGE
from companion.tables.cat_attack.page import page_view as cat_attack_page
from companion.tables.cats.page import PAGE as CATS_PAGE
from companion.tables.cats.page import page_view as cats_page
from companion.ui.i18n import STRINGS
from tests.test_tables_cats_cat_attack import deal, make

CHARACTERS = ("greedy", "lazy", "snappy", "curious", "gefräßig", "faul", "bissig", "neugierig")


def test_both_games_register_their_page_view():
    assert tables.page_view("cats") is cats_page
    assert tables.page_view("cat-attack") is cat_attack_page


# ------------------------------------------------------------------------------------ Cats
def _cats_turn(t, language_switch=False):
    """A turn's worth of public events after the deal: the lot, the reveal, the quiet round, a
    turn with steps and a Miau. None of it depends on the secrets. Yields after every step."""
    deal(t, "first:1")
    yield
    while t.reveal:                          # alone? OK -> the cards on the OLED, OK -> hidden
        t.on_button("ok", "press", 0.0)
        yield
    while t.position.had != 0b111:           # the quiet first round
        assert t.play("blocked" if t.position.phase == "move" else "pass", 0.0)
        yield
    for event in ("step:2", "step:2", "step:b", "step:3", "end", "miau:2@4", "schnurr"):
        assert t.play(event, 0.0), (event, t.refused)
        yield
    t.on_card("event", 0.0, "miau:9@1")      # refused: not a cat
    yield
    if language_switch:
        t.on_card("language", 0.0)
        yield


def test_the_cats_page_is_the_same_whatever_the_secrets():
    a, b = make("cats"), make("cats")
    deal(a, "deal:1b", "deal:2c", "deal:3m")
    deal(b, "deal:4p", "deal:5m", "deal:2b")
    steps = 0
    for _ in zip(_cats_turn(a, True), _cats_turn(b, True)):
        assert json.dumps(cats_page(a)) == json.dumps(cats_page(b)), a.moves[-1]
        steps += 1
    assert steps > 15 and a.position.phase == b.position.phase == "react"
    assert a.private() is False and a.language == "de"


def test_the_cats_page_holds_no_unrevealed_secret():
    t = make("cats", players=4)
    deal(t, "deal:1b", "deal:2c", "deal:3m", "deal:4p")
    for _ in _cats_turn_4(t):
        page = json.dumps(cats_page(t), ensure_ascii=False)
        for seat, (cat, obj) in enumerate(t.position.secrets):
            assert f"{cat + 1}{'bcmp'[obj]}" not in page
            assert not any(word in page for word in CHARACTERS)
            if t.position.revealed[cat] != seat:
                data = cats_page(t)["cats"]
                assert data["seats"][seat]["cat"] is None and data["cats"][cat]["owner"] is None


def _cats_turn_4(t):
    deal(t, "first:1")
    yield
    while t.reveal:
        t.on_button("ok", "press", 0.0)
        yield            # seat by seat, "alone?" and the cards on the OLED (private)
    while t.position.had != 0b1111:
        assert t.play("blocked" if t.position.phase == "move" else "pass", 0.0)
        yield


def test_the_cats_page_draws_a_turn():
    t = make("cats", language="en")
    deal(t, "deal:1b", "deal:2c", "deal:3m")
    for _ in _cats_turn(t):
        pass
    page = cats_page(t)
    assert page["view"] == "cats" and page["to_move"] == str(t.position.turn + 1)
    c = page["cats"]
    assert [s["active"] for s in c["seats"]] == [True, False, False]
    assert (c["steps"], c["object_steps"], c["max_steps"], c["max_object_steps"]) == (4, 1, 4, 2)
    assert [s["key"] for s in c["stages"] if s["current"]] == ["react"]
    cats = {x["cat"]: x for x in c["cats"]}
    assert cats[2]["moved"] and cats[3]["moved"] and cats[3]["last"] and not cats[1]["moved"]
    assert cats[2]["locked"] and cats[2]["miau"] == {"seat": 2, "room": None}   # the Schnurr undid it
    assert [(h["name"], h["card"], h["text"]) for h in c["history"]] == [
        ("seat 2", "miau", "Miau: cat 2 → room 4"), ("seat 3", "schnurr", "Schnurr: cat 2")]
    assert c["refused"] and not c["quiet"] and c["winner"] is None and c["reveal"] is None
    text = page["text"].splitlines()
    assert text[0] == "Seat 2 reacts" and "seat 1, challenge left" in text   # (issue 32: who acts, how)
    assert "steps 4/4, objects 1/2" in text and any(line.startswith("Reaction cards: seat 2: Miau") for line in text)


def test_the_cats_page_shows_a_challenge_and_the_winner():
    t = make("cats", language="en")
    deal(t, "deal:1b", "deal:2c", "deal:3m")
    for _ in _cats_turn(t):
        pass
    while t.position.phase != "challenge":
        assert t.play("pass", 0.0)
    t.play("challenge:2=5", 0.0)             # wrong: seat 1's own cat 1 is turned over
    c = cats_page(t)["cats"]
    assert c["seats"][0]["cat"] == 1 and c["seats"][0]["challenge_used"] and c["cats"][0]["owner"] == 1
    # a challenge is listed apart from the reaction cards (issue 32, item 12)
    assert c["challenges"][-1]["verdict"] == "wrong" and c["challenges"][-1]["text"].endswith("(wrong)")
    assert all(h["card"] != "challenge" for h in c["history"])
    assert c["seats"][1]["cat"] is None and c["cats"][1]["owner"] is None
    assert "greedy" not in json.dumps(c)
    t.play("win:3m", 0.0)                    # seat 3's cat 3 enters the mouse's field
    page = cats_page(t)
    c = page["cats"]
    assert c["winner"]["seat"] == 3 and c["winner"]["why"] == "cat 3, snappy (mouse)"
    assert c["seats"][2]["winner"] and c["seats"][2]["cat"] == 3 and c["cats"][2]["won"] == 3
    assert page["to_move"] is None and c["active"] is None
    assert "lazy" not in json.dumps(c) and c["seats"][1]["cat"] is None   # the losers' stay secret
    t.on_card("language", 0.0)
    c = cats_page(t)["cats"]
    assert c["winner"]["why"] == "Katze 3, bissig (Maus)" and c["headline"] == "Spieler 3 gewinnt"


def test_the_reveal_says_whose_turn_it_is_to_look_not_what_they_see():
    t = make("cats", language="en")
    deal(t, "deal:1b", "deal:2c", "deal:3m")
    assert cats_page(t)["cats"]["reveal"] == {"seat": 1, "showing": False,
                                              "text": "seat 1 is about to look alone"}
    t.on_button("ok", "press", 0.0)
    assert t.private() and "Your cat: 1" in t.view().instruction
    page = cats_page(t)
    assert page["cats"]["reveal"]["text"] == "seat 1 looks at the secret cards"
    assert "greedy" not in json.dumps(page) and "food bowl" not in json.dumps(page)


def test_every_cats_label_in_german_and_english():
    # the labels are registered phrases (cats.page.*): both languages, none of them empty
    assert all(e["de"] and e["en"] for k, e in STRINGS.items() if k.startswith(CATS_PAGE))
    t = make("cats", language="de")
    deal(t, "deal:1b", "deal:2c", "deal:3m", "first:2")
    c = cats_page(t)["cats"]
    assert c["labels"]["steps"] == "Schritte" and [s["label"] for s in c["stages"]] == [
        "Bewegen", "Reaktionen", "Tauschen", "Herausfordern"]
    assert c["seats"][0]["name"] == "Spieler 1" and "Spieler 1 schaut gleich allein" in cats_page(t)["text"]


# ------------------------------------------------------------------------------ Cat Attack
def test_the_cat_attack_page_at_the_start():
    t = make("cat-attack", players=3, language="en")
    page = cat_attack_page(t)
    assert page["view"] == "cat-attack" and page["to_move"] is None     # the lot is drawn
    b = page["catattack"]
    assert b["lives_max"] == 9 and [s["lives"] for s in b["seats"]] == [9, 9, 9]
    assert all(s["larder"] == [False] * 6 and s["home"] and not s["retired"] for s in b["seats"])
    assert [s["open"] for s in b["shops"]] == [True] * 4 and b["car"] == {"at": 0, "label": "parking lot"}
    assert len({s["colour"] for s in b["seats"]}) == 3
    assert [t_["name"] for t_ in b["treats"]] == ["bird", "mouse", "milk", "fish", "vitamins", "cat food"]
    deal(t, "first:2")
    page = cat_attack_page(t)
    assert page["to_move"] == "2" and page["catattack"]["seats"][1]["active"]
    assert page["text"].splitlines()[0] == "Seat 2 to act"


def test_fewer_lives_draw_fewer_pips():
    game = games.get("cat-attack", players=2, lives=5)
    t = tables.make(game, language="en", players=())
    assert cat_attack_page(t)["catattack"]["lives_max"] == 5


def test_speedy_cat_shows_its_extra_rolls():
    t = make("cat-attack", players=2, language="en")
    deal(t, "first:1")
    t.on_card("event", 0.0, "SPEEDY")
    b = cat_attack_page(t)["catattack"]
    assert b["play"] == "Speedy Cat" and b["rolls"] == [] and b["rolls_due"] == 4
    assert b["rolls_text"] == "4 more rolls"
    for value in (3, 5):
        deal(t, f"d6:{value}")
        t.play("done", 0.0)
    b = cat_attack_page(t)["catattack"]
    assert b["rolls"] == [3, 5] and b["rolls_due"] == 2 and b["die"] == 5
    assert "card: Speedy Cat; die: 3 5 (2 more rolls)" in cat_attack_page(t)["text"]
    t.on_card("language", 0.0)
    b = cat_attack_page(t)["catattack"]
    assert b["play"] == "Flinke Katze" and b["rolls_text"] == "noch 2 Würfe"
    deal(t, "d6:1")
    t.play("done", 0.0)
    deal(t, "d6:6")
    t.play("done", 0.0)                       # the fourth roll ends the turn: seat 2's now
    b = cat_attack_page(t)["catattack"]
    assert b["active"] == 2 and b["rolls"] == [] and b["play"] is None


def test_shops_the_car_and_the_larder_follow_the_events():
    t = make("cat-attack", players=2, language="en")
    deal(t, "first:1")
    t.on_card("event", 0.0, "C3")
    assert t.play("shop:f", 0.0)
    b = cat_attack_page(t)["catattack"]
    assert b["seats"][0]["larder"] == [False, False, False, True, False, False]
    assert b["seats"][0]["treats"] == 1 and not b["seats"][0]["home"]
    assert b["said"] == ["Seat 1 takes the fish"]
    t.on_card("language", 0.0)                # the said lines follow the language card
    assert cat_attack_page(t)["catattack"]["said"] == ["Spieler 1 nimmt den Fisch"]


def test_a_fight_a_retired_seat_and_the_last_cat_standing():
    t = make("cat-attack", players=3, language="en")
    text = t.game.format_position(t.position)
    t.line.reset(t.game.parse_position(
        "cats=2A,1A,0A hands=6,6,0 shops=kv car=3 phase=fight active=1 turn=2 rolls=1 die=- seg=-"
        " raided=- burgled=0 fight=1>2:M hits=- deck=45/6 end=-"), commit=None)
    assert text != t.game.format_position(t.position)
    b = cat_attack_page(t)["catattack"]
    assert b["fight"]["text"] == "cat fight: seat 1 – seat 2 (mouse)" and b["seats"][2]["retired"]
    assert [s["open"] for s in b["shops"]] == [True, False, True, False]
    assert b["car"] == {"at": 3, "label": "street 3"} and b["seats"][1]["acting"]
    assert t.play("none", 0.0)                # seat 2 cannot match: its last life
    page = cat_attack_page(t)
    b = page["catattack"]
    assert b["banner"] == {"winner": 1, "end": "last", "head": "Seat 1 wins!",
                           "why": "the last cat standing"}
    assert [s["retired"] for s in b["seats"]] == [False, True, True] and b["seats"][0]["winner"]
    assert page["to_move"] is None and b["rolls_due"] == 0 and b["fight"] is None
    assert page["text"].splitlines()[:2] == ["Seat 1 wins!", "the last cat standing"]


def test_every_cat_attack_label_in_german_and_english():
    assert all(e["de"] and e["en"] for k, e in STRINGS.items() if k.startswith(CA_PAGE))
    t = make("cat-attack", players=2, language="de")
    b = cat_attack_page(t)["catattack"]
    assert [s["name"] for s in b["shops"]] == ["Molkerei", "Fischgeschäft", "Tierarzt", "Tante-Emma-Laden"]
    assert b["labels"]["lives"] == "Leben" and b["car"]["label"] == "Parkplatz"
    assert [t_["name"] for t_ in b["treats"]][-1] == "Katzenfutter"


def test_a_closing_shop_is_said_with_its_capital():
    from companion.tables.cat_attack.announce import announce

    assert announce("shop", (3, False), "de") == "Der Tante-Emma-Laden schließt"


def test_the_event_log_follows_undo_and_new_games():
    from companion.tables import eventlog

    t = make("cat-attack", players=2, language="en")
    deal(t, "first:1")
    t.on_card("event", 0.0, "C3")
    t.play("shop:f", 0.0)
    assert [e.text for e in eventlog.entries(t)] == ["first:1", "C3", "shop:f"]
    t.line.pop()                               # what an undo leaves: a shorter list of moves
    assert [e.text for e in eventlog.entries(t)] == ["first:1", "C3"]
    t.new_game(0.0)
    assert eventlog.entries(t) == [] and t.said_lines() == []
    assert cat_attack_page(t)["catattack"]["seats"][0]["lives"] == 9
