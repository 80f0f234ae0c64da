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
    assert i18n.STRINGS["seats.keys"]["en"] == "CAT +1, BACK -1, OK"



@pytest.mark.parametrize("language, moving, head", [
    ("de", "Orange zieht (Fernspiel) …", "Fernspiel: Orange"),
    ("en", "Orange is moving (remote) …", "Remote: Orange")])
def test_remote_play_names_the_other_colour_in_the_tables_language(tmp_path, language, moving, head):
    """Before the other player's name arrives, they are their colour, said as the language says
    it (never the notation's "orange"/"grey"), on the OLED, the page and in what is said."""
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig, RemoteConfig
    from companion.service.devices import build_fakes
    from tests.test_service_support import VirtualPlayer

    config = Config(game=GameConfig(game="maunz", language=language),
                    remote=RemoteConfig(brokers=("mqtt://127.0.0.1:1",), name="Anna"))
    c = Companion(config, build_fakes(), state_dir=tmp_path, ai_mode="off")
    p = VirtualPlayer(c)
    try:
        p.run(0.3)
        c.devices.cards.tap("04a1b2c3d4e5f6", "maunz:remote:K7QM-2XPD")   # we join: grey
        p.run(0.2)
        snap = c.snapshot()
        assert snap["remote"]["side"] == "grey"
        assert moving in snap["instruction"], snap["instruction"]
        spoken = [x["text"] for x in snap["spoken"]]
        assert head in spoken and not any("orange" in t for t in spoken), spoken
        assert snap["remote"]["labels"]["match"].startswith("Orange ("), snap["remote"]["labels"]   # not "?"
    finally:
        c.close()
