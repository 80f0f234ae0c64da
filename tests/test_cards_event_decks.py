"""`companion cards write-deck cats|cat-attack` and `enrol-deck cats|cat-attack`: Cats' 60 reaction
cards and Cat Attack's 63 Mog cards walked in their printed order with Monster Mau Mau's deck
walk, against the PN532 simulator on a pty. Their stickers say `maunz:event:<event>`, which the
service reads as that event card; enrol-deck stores each UID as that event card."""
from __future__ import annotations

import io

from companion.games.cat_attack import deck as mog
from companion.games.cat_attack import notation as cat_attack_notation
from companion.games.cats import deck as reactions
from companion.games.cats import notation as cats_notation
from companion.service import deck_writer
from companion.service.cards import Card, CardStore, parse_text
from companion.service.deck_store import EventCards
from companion.service.journal import connect
from tests.test_cards_write_deck import companion, scripted, text_of, uid
from tests.test_hw_ntag import pn, sim  # noqa: F401  (the simulator and a PN532 on its pty)


def test_the_printed_orders_are_the_whole_decks_of_events():
    cats = reactions.printed_order()[:60]   # then the 9 secret cards (tests/test_cats_own_cards.py)
    assert len(reactions.printed_order()) == 69 and len(cats) == 60 and [c.face for c in cats].count("schnurr") == 10
    assert len({c.face for c in cats}) == 51    # 5 cats x 10 rooms, one card each, + Schnurr
    assert cats[0].label == "miau:1@1 (Miau: cat 1 to room 1)" and cats[0].text == "maunz:event:miau:1@1"
    assert cats[49].face == "miau:5@10" and cats[-1].label == "schnurr (Schnurr, 10 of 10)"
    cards = mog.printed_order()
    assert len(cards) == 63 and cards[0].label == "C1 (cat card 1, 1 of 3)"
    assert cards[-1].label == "BURGLAR (Cat Burglar, 3 of 3)" and cards[-1].text == "maunz:event:BURGLAR"
    for module, notation, order in ((reactions, cats_notation, cats), (mog, cat_attack_notation, cards)):
        for card in order:
            assert module.face_of_text(card.text) == card.face
            assert parse_text(card.text) == ("event", card.face)   # the service needs no enrolment
            notation.parse_move(card.face, "test")                  # an event of the game
    assert reactions.face_of_text("maunz:event:miau:6@1") is None and mog.face_of_text("mmm:s3") is None


def test_write_deck_cats_refuses_a_sticker_of_the_deck_and_writes_the_card(sim, pn):
    tags = {}

    def put(n, text=None):
        return lambda: tags.setdefault(n, sim.put_card(uid(n), text))

    out = io.StringIO()
    writer = deck_writer.DeckWriter(pn, reactions, out, controls={})
    steps = [put(1, "maunz:event:miau:1@1"), put(2, "maunz:undo"), put(3), put(4, "maunz:event:schnurr")]
    n = deck_writer.write_deck(writer, reactions.printed_order()[:60], scripted(sim, pn, steps), start=59)
    lines = out.getvalue().splitlines()
    assert lines[0] == ("[59/60] schnurr (Schnurr, 9 of 10): tap a sticker for 'maunz:event:schnurr'"
                        " (Enter skips)")
    assert ("04:00:00:00:00:00:01 is card miau:1@1 of the deck already ('maunz:event:miau:1@1');"
            " take a blank sticker") in lines[1]
    assert lines[2] == "  04:00:00:00:00:00:02 is a maunz. control card ('maunz:undo'); take a blank sticker"
    assert "04:00:00:00:00:00:03 -> 'maunz:event:schnurr' (NTAG213" in lines[3]
    assert lines[5] == "  04:00:00:00:00:00:04 holds 'maunz:event:schnurr' already: done"
    assert n == 2 and text_of(tags[3]) == "maunz:event:schnurr" and tags[1].writes == []


def test_enrol_deck_cats_makes_each_uid_its_event_card(sim, pn, tmp_path):
    store = CardStore(connect(tmp_path / "companion.db"))
    store.add("04:00:00:00:00:00:09", "undo")
    events = EventCards(store, (c.face for c in reactions.printed_order()), reactions.function_of)
    steps = [lambda: sim.put_card(uid(1)), lambda: sim.present(uid(1)), lambda: sim.put_card(uid(9)),
             lambda: sim.put_card(uid(2)), "enter", lambda: sim.put_card(uid(3))]
    out = io.StringIO()
    n = deck_writer.enrol_deck(events, "cats", reactions.printed_order(), scripted(sim, pn, steps), out,
                               start=1, controls={"04:00:00:00:00:00:09": "undo"})
    assert n == 3
    assert "04:00:00:00:00:00:01 is enrolled as miau:1@1 already; tap the card miau:1@2" in out.getvalue()
    assert "04:00:00:00:00:00:09 is the maunz. control card 'undo'" in out.getvalue()
    assert store.get("04:00:00:00:00:00:01") == Card("04:00:00:00:00:00:01", "event", "miau:1@1")
    assert store.get("04:00:00:00:00:00:02") == Card("04:00:00:00:00:00:02", "event", "miau:1@2")
    assert store.get("04:00:00:00:00:00:03") == Card("04:00:00:00:00:00:03", "event", "miau:1@4")
    assert events.cards("cats") == {"04:00:00:00:00:00:01": "miau:1@1", "04:00:00:00:00:00:02": "miau:1@2",
                                    "04:00:00:00:00:00:03": "miau:1@4"}


def test_cli_enrol_deck_cat_attack_and_write_deck_cats_on_the_simulator(sim, tmp_path):
    sim.put_card(uid(5), None)
    r = companion("cards", "enrol-deck", "cat-attack", "--port", sim.port, "--start", "63",
                  "--timeout", "3", "--state", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "[63/63] BURGLAR (Cat Burglar, 3 of 3): tap the card (Enter skips)" in r.stdout
    assert r.stdout.rstrip().endswith("1 cards enrolled")
    listed = companion("cards", "list", "--state", str(tmp_path))
    assert "04:00:00:00:00:00:05" in listed.stdout and "BURGLAR" in listed.stdout
    tag = sim.put_card(uid(6), None)
    r = companion("cards", "write-deck", "cats", "--port", sim.port, "--start", "69", "--timeout", "3",
                  "--state", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.rstrip().endswith("1 cards written (from card 69)")
    assert text_of(tag) == "maunz:secret:char:p"   # the last secret card: a character card
    r = companion("cards", "write-deck", "cat-attack", "--list")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 63
