"""Katzenjammer said in words (issue 32 item 6): the roll ("Rot würfelt sechs, drei, sechs"), each
offered choice, the choices made so far, and the move a computer seat made — not bare numbers and
not only "the computer moves". The OLED keeps its short forms (tests/test_katzenjammer_chooser.py)."""
from __future__ import annotations

import pytest

from companion import games, tables
from companion.ui.screens import msg
from companion.voice.announcer import Announcer
from companion.voice.spoken import say
from tests.test_voice_symbols import unspoken


def _table(position: str, language: str, ai_seats=()):
    game = games.get("kj", players=2)
    return tables.make(game, game.parse_position(position), language=language, ai_seats=ai_seats)


def _said(table, language) -> list[str]:
    return [line.text for line in Announcer().screen(table.view().screen, language)]


def _press_to(table, key) -> None:
    cursor = table.session.cursor
    while cursor.options[cursor.index].key != key:
        table.on_button("cat", "press", 0.0)
    table.on_button("ok", "press", 0.0)


@pytest.mark.parametrize("language, roll, options", [
    ("de", "Rot würfelt sieben, eins, vier", ["die Eins", "die Vier", "die Sieben"]),
    ("en", "Red rolls seven, one, four", ["the one", "the four", "the seven"]),
])
def test_the_roll_and_each_die_offered_are_said_in_words(language, roll, options):
    table = _table("r:n,n,3,12 g:n,n,5,27 r 714", language)
    said = _said(table, language)
    assert said[0] == roll
    assert said[1:4] == options
    assert all(unspoken(line) == [] for line in said)


@pytest.mark.parametrize("language, head, pieces, how", [
    ("de", "Rot würfelt sieben, eins, vier: die Vier", ["Figur auf Feld 3", "Figur auf Feld 12"],
     ["vor auf Feld 16", "zurück auf Feld 8"]),
    ("en", "Red rolls seven, one, four: the four", ["the piece on field 3", "the piece on field 12"],
     ["forward to field 16", "back to field 8"]),
])
def test_the_pieces_and_where_they_go_are_said_in_words(language, head, pieces, how):
    table = _table("r:n,n,3,12 g:n,n,5,27 r 714", language)
    _press_to(table, "4")
    said = _said(table, language)
    assert said[0] == head and said[1:3] == pieces
    _press_to(table, 12)
    assert _said(table, language)[1:3] == how


@pytest.mark.parametrize("language, steps", [
    ("de", ["1 vor auf Feld 4", "2 vor auf Feld 5", "3 vor auf Feld 6"]),
    ("en", ["1 forward to field 4", "2 forward to field 5", "3 forward to field 6"]),
])
def test_a_sevens_steps_are_said_as_steps_forward(language, steps):
    table = _table("r:n,n,3,12 g:n,n,25,27 r 714", language)
    _press_to(table, "7")
    _press_to(table, 3)
    assert _said(table, language)[1:4] == steps


@pytest.mark.parametrize("label, de, en", [
    ("66", "Sechserpasch", "the pair of sixes"),
    ("55=8", "der Joker als Acht", "the joker as an eight"),
    ("55=88", "der Joker als Achterpasch", "the joker as a pair of eights"),
    ("11", "Einserpasch", "the pair of ones"),
])
def test_pairs_and_the_joker_are_said_as_such(label, de, en):
    from companion.tables.katzenjammer.chooser import die_label

    assert die_label(label).text("de") == label            # the OLED's short form stays
    assert say(msg("menu_item", mark=">", title=die_label(label)), "de") == de
    assert say(msg("menu_item", mark=" ", title=die_label(label)), "en") == en


@pytest.mark.parametrize("language, said", [
    ("de", "Grün: die Fünf, setzt eine Figur ein"),
    ("en", "Green: the five, enters a piece"),
])
def test_the_computers_move_is_said(language, said):
    table = _table("r:n,n,n,3 g:n,n,n,n g 513", language, ai_seats=(1,))
    assert table.phase == "computer"
    table.tick(0.1)
    assert table.moves == ["5:e"]
    assert [line.text for line in Announcer().events(table.drain_said(), language)] == [said]
    assert table.drain_said() == []                       # said once


@pytest.mark.parametrize("move, de, en", [
    ("3:25", "Grün: die Drei, zieht von Feld 25 auf Feld 28", "Green: the three, moves from field 25 to field 28"),
    ("4:25-", "Grün: die Vier, zieht von Feld 25 zurück auf Feld 21",
     "Green: the four, moves from field 25 back to field 21"),
    ("7:25+2,3+5", "Grün: die Sieben, zieht von Feld 25 auf Feld 27, von Feld 3 auf Feld 8",
     "Green: the seven, moves from field 25 to field 27, from field 3 to field 8"),
    ("pass", "Grün: Wurf verfällt", "Green: void roll"),
])
def test_every_kind_of_computer_turn_is_said(move, de, en):
    from companion.tables.katzenjammer.spoken import said_turn

    game = games.get("kj", players=2)
    position = {"3:25": "r:n,n,n,n g:n,n,3,25 g 513", "4:25-": "r:n,n,n,n g:n,n,3,25 g 143",
                "7:25+2,3+5": "r:n,n,n,n g:n,n,3,25 g 713", "pass": "r:n,n,n,n g:n,n,n,n g 636"}[move]
    pos = game.parse_position(position)
    turn = game.parse_move(pos, move)
    said = {lang: Announcer().events(said_turn(pos, turn), lang)[0].text for lang in ("de", "en")}
    assert said == {"de": de, "en": en}
