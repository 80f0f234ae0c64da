"""Wording (issue 32 item 15): a line starts with a capital ("Seat 2 wins!", not "seat 2 wins!"),
and the English OLED names the buttons in capitals as everywhere else
("CAT +1, BACK -1", like "OK = yes · BACK = no")."""
from __future__ import annotations

import re

import pytest

from companion import games, tables
from companion.ui import i18n
from companion.voice.coverage import phrase_keys


def _seat_2_wins(name: str, language: str):
    game = games.get(name, players=2)
    if name == "cats":
        table = tables.make(game, language=language)
        for text in ("deal:1b", "deal:2c"):
            table.on_chance(game.parse_move(table.position, text), 0.0)
        for _ in range(4):
            table.on_button("ok", "press", 0.0)
        table.on_chance(game.parse_move(table.position, "first:2"), 0.0)
        table.on_card("event", 0.0, "win:2c")             # seat 2's cat 2 loves the cushion
    else:   # seat 1 out in the street with one life left loses a fight: seat 2 wins
        table = tables.make(game, language=language)
        table.on_chance(game.parse_move(table.position, "first:2"), 0.0)
        start = game.parse_position(game.format_position(table.position).replace("cats=9H,9H", "cats=1A,9H"))
        table = tables.make(game, start, language=language, players=())
        table.play("fight:1:C", 0.0)
        table.play("C4", 0.0)
        table.play("none", 0.0)
    return table


@pytest.mark.parametrize("name", ["cats", "cat-attack"])
def test_an_english_win_and_its_announcement_start_with_a_capital(name):
    table = _seat_2_wins(name, "en")
    view = table.view()
    assert view.phase == "won"
    header = view.screen.header("en")
    assert re.fullmatch(r"Seat \d wins!", header), header
    # the header says who won, once (issue 32 item 14): no line below repeats it; a line that
    # does speak of a win is a sentence
    said = [line for line in table.lines() if line.endswith(" wins")]
    assert all(re.match(r"Seat \d wins$", line) for line in said), table.lines()


@pytest.mark.parametrize("name, event, said", [
    ("cat-attack", ("winner", 1), "Seat 2 wins"),
    ("cat-attack", ("reshuffle", None), "The Mog pile is empty: shuffle the discards into a new pile"),
    ("cat-attack", ("fight", (2, 0)), "Seat 1 cannot match: seat 3 wins the fight"),
    ("cats", ("winner", 0), "Seat 1 wins"),
    ("cats", ("window", "none"), "No reactions this time"),
])
def test_an_announcement_is_a_sentence(name, event, said):
    from importlib import import_module

    announce = import_module(f"companion.tables.{name.replace('-', '_')}.announce").announce
    assert announce(*event, "en") == said


def test_english_oled_hints_name_the_buttons_in_capitals():
    phrase_keys()
    lower = [(key, entry["en"]) for key, entry in i18n.STRINGS.items()
             if re.search(r"\b(cat|back)\s*[-+]\d|\b(cat|back)/|/(cat|back)\b|\b(cat|back|ok) =",
                          entry["en"])]
    assert lower == []
    assert i18n.STRINGS["mmm.players_help"]["en"] == "CAT +1, BACK -1, OK"

