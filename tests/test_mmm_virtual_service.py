"""The laptop's virtual card table in the real service (virtual time): a seeded deck, computer
players tapping and pressing through the fake devices, the person's clicks refused or turned
into taps; the deck follows the journal, also through an undo."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.games.monster_mau_mau import bot
from companion.games.monster_mau_mau.cards import COUNTS
from companion.tables.monster_mau_mau.words import card
from companion.ui import i18n
from companion.service.virtual_cards import VirtualCards
from tests.test_mmm_service import Clock, companion, press, step


def setup(tmp_path, players=4, seed=5):
    clock = Clock()
    c = companion(tmp_path, clock)
    c.virtual = VirtualCards(seed, delay=0.0)
    step(c, clock)
    while c.table.session.players != players:
        press(c, clock, "cat" if c.table.session.players < players else "back")
    press(c, clock, "ok")
    press(c, clock, "ok")
    step(c, clock, 6)  # the deck turns up the first card(s)
    return c, clock


def cards_everywhere(v: VirtualCards) -> Counter:
    d = v.deck
    return Counter([x for h in d.hands for x in h] + d.pile + d.discard)


def test_a_whole_game_person_against_computer_players(tmp_path):
    c, clock = setup(tmp_path)
    v = c.virtual
    assert c.table.phase == "play" and c.journal.moves()[-1].startswith("up:")
    forgot = refused = 0
    for _ in range(3000):
        if c.table.phase == "won":
            break
        pos = v.deck.position
        if pos.turn == 0:
            snap = c.snapshot()["virtual"]
            if refused == 0:  # a card that does not fit: the referee refuses it, nothing changes
                wrong = [f for f in snap["hand"] if f not in snap["playable"]]
                if wrong and pos.phase == "play":
                    before = c.journal.moves()
                    assert v.person(c.table, c.devices, "play", wrong[0]) is None
                    step(c, clock)
                    assert c.journal.moves() == before and "passt nicht" in c.table.view().instruction
                    refused += 1
                    continue
            event = bot.choose(pos, v.deck.hands[0], v.deck.playable(0))
            if event.kind == "mau" and forgot == 0:  # forget it once
                event = bot.choose(replace(pos, mau=True), v.deck.hands[0], v.deck.playable(0))
                forgot += 1
            why = v.person(c.table, c.devices, event.kind, event.card, event.wish)
            assert why is None, why
        step(c, clock)
        v.sync(c.table)
        assert cards_everywhere(v) == Counter(COUNTS)
        assert c.journal.moves() == v.deck.log
    assert c.table.phase == "won" and refused == 1
    assert c.snapshot()["winner"] is not None
    assert any("Mau Mau!" in line for line in c.table.session.lines(clock.t))


def test_the_person_is_refused_out_of_turn_and_for_cards_not_held(tmp_path):
    c, clock = setup(tmp_path, players=2, seed=9)
    v = c.virtual
    while v.deck.position.turn != 0:
        step(c, clock)
    hand = v.snapshot()["hand"]
    missing = next(f for f in COUNTS if f not in hand)
    # the refusals are in the table's language (the page shows them): German by default
    assert v.person(c.table, c.devices, "play", missing) == f"{card(missing, 'de')} ist nicht auf deiner Hand"
    assert v.person(c.table, c.devices, "pass") == "Weiter erst nach dem Ziehen: zuerst ziehen"
    c.table.on_card("language", clock.t)
    assert c.table.language == "en"
    assert v.person(c.table, c.devices, "play", missing) == f"{i18n.sentence(card(missing, 'en'))} is not in your hand"
    assert v.person(c.table, c.devices, "pass") == "seat 1 may pass only after drawing a card; draw first"
    assert v.person(c.table, c.devices, "draw") is None
    step(c, clock)
    v.sync(c.table)
    drawn = v.snapshot()["drawn"]
    assert drawn in v.snapshot()["hand"]
    other = next(f for f in v.snapshot()["hand"] if f != drawn)
    assert v.person(c.table, c.devices, "play", other, "s").startswith("after drawing only the card drawn")
    assert v.person(c.table, c.devices, "pass") is None
    v._next = float("inf")  # hold the computer player still
    step(c, clock)
    v.sync(c.table)
    if v.deck.position.turn != 0:
        assert v.person(c.table, c.devices, "draw") == "it is seat 2's turn"
        c.table.session.names = ["", "Anna"]  # as a player card at the set-up names seat 2
        assert c.table.session.name(1) == "Anna"  # the refusal uses the name
        assert v.person(c.table, c.devices, "draw") == "it is Anna's turn"
        c.table.on_card("language", clock.t)
        assert v.person(c.table, c.devices, "draw") == "Anna ist dran"


def test_undo_deals_the_virtual_deck_again_and_replays(tmp_path):
    c, clock = setup(tmp_path, players=3, seed=11)
    v = c.virtual
    for _ in range(40):
        v.sync(c.table)
        if v.deck.position.turn == 0:  # the person draws and passes
            v.person(c.table, c.devices, "draw" if v.deck.position.phase == "play" else "pass")
        step(c, clock)
    moves = c.journal.moves()
    assert len(moves) > 3
    v._next = float("inf")  # hold the computer players still
    c.devices.cards.tap("04:AA:00:00:00:00:01", "maunz:undo")
    step(c, clock)
    assert c.journal.moves() == moves[:-1]
    v.sync(c.table)
    assert v.deck.log == c.journal.moves() and cards_everywhere(v) == Counter(COUNTS)
    assert v.deck.position == c.table.session.position


def test_a_computer_players_move_undone_is_played_again(tmp_path):
    # QA: the undo card on a computer player's move left the page waiting for that seat forever
    # (its last taps were "not yet on the table": the table was back where they started from)
    c, clock = setup(tmp_path, players=2, seed=11)
    v = c.virtual
    for _ in range(100):
        v.sync(c.table)
        if v.deck.position.turn == 0:
            if len(c.journal.moves()) > 3:
                break  # a computer player's move was the last one
            v.person(c.table, c.devices, "draw" if v.deck.position.phase == "play" else "pass")
        step(c, clock)
    moves = c.journal.moves()
    assert v.deck.position.turn == 0 and len(moves) > 3
    v._next = float("inf")  # hold the computer players still while the undo lands
    c.devices.cards.tap("04:AA:00:00:00:00:01", "maunz:undo")
    step(c, clock)
    assert c.journal.moves() == moves[:-1]
    v._next = 0.0
    step(c, clock, 20)
    assert c.journal.moves()[:len(moves)] == moves  # the same deck: it plays the same move again


def test_the_draw_pile_is_counted_from_the_deal_not_before(tmp_path):
    # QA: during the set-up (2 players chosen) the page's draw pile said 82, a 4x7 deal's pile
    clock = Clock()
    c = companion(tmp_path, clock)
    c.virtual = VirtualCards(5, delay=0.0)
    step(c, clock)
    press(c, clock, "back")
    press(c, clock, "back")  # 2 players
    press(c, clock, "ok")
    assert c.snapshot()["stage"] == "deal" and c.snapshot()["pile"] is None
    press(c, clock, "ok")
    step(c, clock, 6)
    snap = c.snapshot()
    hands = [s["cards"] for s in snap["seats"]]
    assert snap["stage"] == "play" and len(hands) == 2
    assert snap["pile"] + snap["discard"] + sum(hands) == 110


def test_a_deck_that_cannot_be_had_again_is_said_in_the_tables_language(tmp_path):
    """Cards were shown from a shuffle the journal did not keep (a deck that kept no seed): the
    page says so in the table's language (German here) and the log in English, and nothing of
    the game is lost."""
    c, clock = setup(tmp_path)
    moves = c.journal.moves()
    c.virtual = VirtualCards(7, delay=0.0, journal=c.journal)
    c.virtual.sync(c.table)
    assert c.virtual.deck is None
    problem = c.snapshot()["virtual"]["problem"]
    assert problem.startswith(f"das virtuelle Deck von Spiel {c.journal.current.id} wurde nicht gespeichert")
    assert "neues Spiel (OK lang)" in problem
    assert c.virtual.snapshot(language="en")["problem"].startswith("the virtual deck of game ")
    step(c, clock, 3)
    assert c.journal.moves() == moves


def test_a_refused_card_is_shown_and_said_by_its_name(tmp_path):
    """The OLED shows the card's name ("Punkte 7", as an accepted card is named: issue 45, never
    its code "p7"); the voice says its name, not the code split into letters and digits ("p 7")."""
    from companion.voice.spoken import say

    c, clock = setup(tmp_path, players=2, seed=9)
    v = c.virtual
    while v.deck.position.turn != 0:
        step(c, clock)
    hand = v.snapshot()["hand"]
    for missing in [f for f in COUNTS if f not in hand][:6]:   # patterned cards and wild ones
        assert v.person(c.table, c.devices, "play", missing) == f"{card(missing, 'de')} ist nicht auf deiner Hand"
        step(c, clock)
        screen = c.table.view().screen
        shown = [m.text("de") for m in screen.lines]
        said = [say(m, "de") for m in screen.lines]
        assert f"{card(missing, 'de')} ist nicht auf deiner Hand" in shown, shown
        assert f"{say(card(missing, 'de'), 'de')} ist nicht auf deiner Hand" in said, said
        assert not any(f"{missing[0]} {missing[1:]}" in line for line in said), said
