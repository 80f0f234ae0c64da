"""Cats set up with the players' own cards (issue 20, 7): each player taps their cat card and
character card face down; the companion learns them without showing, logging or journaling them
anywhere a spectator could read them. Refused: the same card twice, two cat (or character) cards
from one player. The deal stays the other way; the OLED says which way is in use; the own-cards
card switches it, and the way survives a restart. On the real companion with fake devices (the
card reader's taps carry the stickers' texts, as `companion cards write-deck cats` writes them)."""
from __future__ import annotations

import logging
import random

from companion.games import get
from companion.games.cats import deck
from companion.service.app import Companion
from companion.service.cards import parse_text
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.tables.cats import CatsTable
from tests.test_service_support import VirtualPlayer

ALL_SECRET_WORDS = ("cat:", "char:", "Katze 1", "Katze 2", "Katze 3", "Katze 4", "Katze 5",
                    "gefräßig", "faul", "bissig", "neugierig", "Futternapf", "Kissen", "Päckchen")


def start(tmp_path, secrets="cards", players=3, seed=5):
    c = Companion(Config(game=GameConfig(game="cats", language="de", players=players, own={"cats": {"secrets": secrets}})),
                  build_fakes(), state_dir=tmp_path, ai_mode="off", chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.1)
    return c, p


def tap(c, p, face):
    """A secret card tapped: its sticker says maunz:secret:<face> (uid from the face)."""
    uid = "04" + format(deck.SECRETS.index(face) + 1, "012x") if face in deck.SECRETS else "04ffffffffffff"
    c.devices.cards.tap(uid, deck.secret_text(face))
    p.run(0.05)


def public(c) -> str:
    """Everything a spectator's page or the OLED shows, as one text."""
    snap = c.snapshot()
    return " ".join(str(snap[k]) for k in ("instruction", "text", "moves", "position", "cats"))


def test_the_stickers_name_secret_cards_the_service_reads_without_enrolment():
    order = deck.printed_order()
    secrets = order[60:]
    assert [c.face for c in secrets] == ["cat:1", "cat:2", "cat:3", "cat:4", "cat:5",
                                         "char:b", "char:c", "char:m", "char:p"]
    assert secrets[0].text == "maunz:secret:cat:1" and secrets[-1].label == \
        "char:p (secret character card: curious)"
    for card in secrets:
        assert parse_text(card.text) == ("secret", card.face)
        assert deck.face_of_text(card.text) == card.face and deck.function_of(card.face) == "secret"


def test_each_player_taps_both_cards_and_nothing_shows_them(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="companion")
    c, p = start(tmp_path)
    try:
        view = c.table.view()
        assert view.screen.title.params[0][1] == "Karten antippen"   # the way in use
        assert view.instruction == "Spieler 1: Katzen- und Charakterkarte verdeckt antippen"
        assert c.journal.moves() == [] and c.snapshot()["cats"]["tapping"]["seat"] == 1
        tap(c, p, "char:m")
        assert c.table.view().instruction.startswith("Charakterkarte gelesen – jetzt die Katzenkarte")
        tap(c, p, "cat:4")
        assert c.journal.moves() == ["deal:4m"]        # journaled at once, as a deal
        assert c.table.view().instruction == ("Spieler 1: beide Karten gelesen · Spieler 2: Katzen- und"
                                              " Charakterkarte verdeckt antippen")
        tap(c, p, "cat:4")                             # seat 1's card again: refused, nothing kept
        assert "Nein: diese Karte wurde schon angetippt" in c.table.view().instruction
        tap(c, p, "cat:2")
        tap(c, p, "cat:5")                             # a second cat card from seat 2
        assert "Nein: zwei Katzenkarten" in c.table.view().instruction
        tap(c, p, "char:b")
        tap(c, p, "char:c")
        tap(c, p, "cat:1")
        moves = c.journal.moves()
        assert moves[:3] == ["deal:4m", "deal:2b", "deal:1c"] and moves[3].startswith("first:")
        assert c.table.position.secrets == ((3, 2), (1, 0), (0, 1))
        assert not c.table.reveal                      # they know their cards: no showing walk
        assert c.table.position.phase == "move"
        shown = public(c) + " " + caplog.text
        for secret in ("4m", "2b", "1c", "cat:4", "char:m", "Katze 4", "bissig"):
            assert secret not in shown, secret
        assert "card 04:00:00:00:00:00:04: secret" in caplog.text   # the tap is logged, not its name
    finally:
        c.close()


def test_a_half_tapped_seat_taps_again_after_a_restart(tmp_path):
    c, p = start(tmp_path)
    tap(c, p, "cat:3")
    tap(c, p, "char:p")
    tap(c, p, "cat:1")                     # seat 2 has one card in when the power goes
    c.close()
    c, p = start(tmp_path)
    try:
        assert c.journal.moves() == ["deal:3p"]
        assert c.table.view().instruction == "Spieler 2: Katzen- und Charakterkarte verdeckt antippen"
        tap(c, p, "cat:1")
        tap(c, p, "char:b")
        assert c.journal.moves() == ["deal:3p", "deal:1b"]
    finally:
        c.close()


def test_the_own_cards_card_switches_the_way_and_the_companion_deals_the_rest(tmp_path):
    c, p = start(tmp_path)
    try:
        tap(c, p, "cat:2")
        tap(c, p, "char:c")
        c.devices.cards.tap("04aaaaaaaaaaaa", "maunz:own_cards")
        p.run(0.1)
        moves = c.journal.moves()
        assert moves[0] == "deal:2c" and len(moves) == 4 and moves[3].startswith("first:")
        assert c.journal.setting("secrets") == "deal"
        # seats 2 and 3 were dealt by the companion: only they are shown their cards
        assert c.table.reveal == [1, 2]
        assert c.table.view().screen.title.params[0][1] == "Karten verteilt"
        assert "Geheimkarten: der Companion teilt aus" in c.table.view().instruction
        c.devices.cards.tap("04aaaaaaaaaaaa", "maunz:own_cards")
        p.run(0.1)
        assert "Geheimkarten: jeder tippt seine eigenen an (ab dem nächsten Spiel)" in c.table.view().instruction
        assert c.journal.setting("secrets") == "cards"
    finally:
        c.close()


def test_a_secret_card_elsewhere_is_refused_without_its_name(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="companion")
    c, p = start(tmp_path, secrets="deal")
    try:
        tap(c, p, "cat:5")                      # the companion dealt: no cards to tap
        assert "Nein: der Companion teilt die Geheimkarten aus (eigene: Karte „Eigene Geheimkarten“)" \
            in c.table.view().instruction
        assert len(c.journal.moves()) == 4   # three seats dealt, the lot drawn: nothing more
    finally:
        c.close()
    c = Companion(Config(game=GameConfig(game="maunz", language="de")), build_fakes(),
                  state_dir=tmp_path / "maunz", ai_mode="off")
    p = VirtualPlayer(c)
    try:
        p.run(0.1)
        tap(c, p, "char:b")
        said = " ".join(c.notices.messages) + str(c.snapshot())
        assert "Secret card" in said and "char:b" not in said and "char:b" not in caplog.text
    finally:
        c.close()


def test_the_table_alone_refuses_a_tap_after_set_up_and_words_both_languages():
    t = CatsTable(get("cats", players=2), secrets="cards", language="en")
    for face in ("cat:1", "char:b", "char:c", "cat:2"):
        t.on_card("secret", 0.0, face)
    assert [c.move for c in t.drain_commits()] == ["deal:1b", "deal:2c"]
    assert not t.observes_chance and t.position.phase == "lot"
    t.on_chance(t.game.parse_move(t.position, "first:1"), 0.0)
    t.on_card("secret", 0.0, "cat:3")
    assert "No: secret cards only at set-up" in t.view().instruction and not t.drain_commits()
    t.on_card("secret", 0.0, "dog:1")
    assert t.refusal() == "secret cards only at set-up"
    fresh = CatsTable(get("cats", players=2), secrets="cards", language="en")
    fresh.on_card("secret", 0.0, "dog:1")
    assert fresh.refusal() == "not a secret card of Cats"
    assert fresh.view().instruction.endswith("Player 1: tap your cat card and character card face down · OK: continue")


def test_enrol_deck_stores_the_secret_cards_as_secret_cards_the_service_resolves(tmp_path):
    from companion.service.deck_store import EventCards

    c, p = start(tmp_path)
    try:
        events = EventCards(c.cards, (card.face for card in deck.printed_order()), deck.function_of)
        events.add("04:00:00:00:00:00:41", "cats", "cat:5")
        events.add("04:00:00:00:00:00:42", "cats", "char:c")
        events.add("04:00:00:00:00:00:43", "cats", "schnurr")
        assert c.cards.get("04:00:00:00:00:00:41").function == "secret"
        assert c.cards.get("04:00:00:00:00:00:43").function == "event"
        assert events.cards("cats") == {"04:00:00:00:00:00:41": "cat:5", "04:00:00:00:00:00:42": "char:c",
                                        "04:00:00:00:00:00:43": "schnurr"}
        for uid in ("04000000000041", "04000000000042"):   # enrolled cards carry no text
            c.devices.cards.tap(uid)
            p.run(0.05)
        assert c.journal.moves() == ["deal:5c"]
    finally:
        c.close()
