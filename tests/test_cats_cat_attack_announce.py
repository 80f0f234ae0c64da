"""What the Cats and Cat Attack tables announce after an engine event (issue 19): the tables own
the words, keyed phrases of their phrases.py ("cats.ev.*", "ca.ev.*"); the engines name the
events and word none of them; `companion cats|cat-attack apply --json` says the table's lines."""
from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from companion import games
from companion.games.cat_attack.cli import json_event as ca_json
from companion.games.cats.cli import json_event as cats_json
from companion.tables.cat_attack import announce as ca
from companion.tables.cat_attack.phrases import PHRASES as CA_PHRASES
from companion.tables.cats import announce as cats
from companion.tables.cats.phrases import PHRASES as CATS_PHRASES
from companion.ui import i18n

ROOT = Path(__file__).resolve().parents[1]
TABLES = {"cats": (cats, cats_json, CATS_PHRASES, "cats.ev."), "cat-attack": (ca, ca_json, CA_PHRASES, "ca.ev.")}
#: events random games seldom reach: each phrase is checked with them too
RARE = {"cats": [("extra_turn", 2), ("reshuffle", True), ("challenge", "wrong"), ("window", "none")],
        "cat-attack": [("win_check", 1), ("draw_game", True), ("reshuffle", True), ("ask", "raid"),
                       ("ask", "burglar"), ("treat", (None, 5, 2)), ("treat", (0, 3, None)),
                       ("treat", (1, 0, 3)), ("shop", (3, True)), ("shop", (0, False)),
                       ("life", (2, 3, 6)), ("draw", (0, 2))]}


def random_events(name: str):
    """Every event of random games of every size (win claims kept rare so games go on)."""
    for players in range(2, games.info(name).max_players + 1):
        game = games.get(name, players=players)
        rng = random.Random(players)
        for _ in range(15):
            pos = game.initial_position()
            for _ in range(300):
                moves = game.legal_moves(pos)
                if not moves:
                    break
                rest = [m for m in moves if m.kind != "win"] or moves
                move = rng.choice(moves if rng.random() < 0.02 else rest)
                pos, evs = game.apply_with_events(pos, move)
                yield from evs


@pytest.mark.parametrize("name", TABLES)
def test_every_event_is_a_phrase_in_german_and_english(name):
    module, json_event, phrases, prefix = TABLES[name]
    seen_events, seen_keys = set(), set()
    for event, value in [*random_events(name), *RARE[name]]:
        key, params = module.phrase(event, value)
        assert key in phrases and key.startswith(prefix), (event, value, key)
        assert set(i18n.STRINGS[key]) == set(i18n.LANGUAGES)
        fields = {f for _, f, _, _ in string.Formatter().parse(phrases[key]["de"] + phrases[key]["en"]) if f}
        assert fields == set(params), (key, params)   # every value named, none left over
        de, en = (module.announce(event, value, lang) for lang in ("de", "en"))
        assert de and en and de != en and "{" not in de + en and "}" not in de + en, (key, de, en)
        json.dumps(json_event(event, value))
        seen_events.add(event)
        seen_keys.add(key)
    # every announcement phrase is one an event says
    assert seen_keys == {k for k in phrases if k.startswith(prefix)}
    if name == "cats":
        assert seen_events >= {"draw", "locked", "window", "challenge", "revealed", "winner"}
    else:
        assert seen_events >= {"life", "retired", "home", "draw", "swap_card", "fight", "ask", "car",
                               "shop", "treat", "winner"}


def test_the_lines_read_as_before():   # each a sentence: its first letter a capital (issue 32)
    assert cats.announce("draw", 1, "en") == "Player 2 draws a replacement card"
    assert cats.announce("revealed", (2, 0), "de") == "Spieler 1: deck deine Katzenkarte auf (Katze 3)"
    assert ca.announce("shop", (3, False), "de") == "Der Tante-Emma-Laden schließt"
    assert ca.announce("shop", (0, True), "en") == "The dairy opens"
    assert ca.announce("treat", (0, 1, 2), "de") == "Spieler 1 nimmt die Maus von Spieler 3"
    assert ca.announce("treat", (None, 5, 1), "de") == "Katzenfutter verschwindet aus der Speisekammer von Spieler 2"
    assert ca.announce("treat", (None, 5, 1), "en") == "The cat food vanishes from Player 2's larder"
    assert ca.announce("ask", "garden:f", "en") == "Who is in the fishmonger's garden?"
    assert ca.announce("ask", "streets:124", "de") == "Welche Katzen sind auf Straße 1, 2, 4?"
    assert ca.announce("life", (1, 1, 0), "en") == "Player 2 loses 1 life (0 left)"
    assert ca.announce("draw", (1, 2), "de") == "Spieler 2 zieht 2 Miezekarten"


def test_an_event_without_words_is_refused():
    for module, name in ((cats, "Cats"), (ca, "Cat Attack")):
        with pytest.raises(ValueError, match=f"unknown {name} event 'teleport'"):
            module.announce("teleport", 0, "en")
    with pytest.raises(ValueError, match="unknown Cat Attack event 'ask'"):
        ca.announce("ask", "moon", "de")


def test_the_engines_keep_no_words_and_the_command_is_the_tables():
    from companion import catalogue

    for package in ("cats", "cat_attack"):
        assert not (ROOT / "companion" / "games" / package / "announce.py").exists()
        for source in (ROOT / "companion" / "games" / package).glob("*.py"):
            text = source.read_text(encoding="utf-8")
            assert "Spieler" not in text and not set("äöüß") & set(text), source
    for game in ("cats", "cat-attack"):
        target, _ = catalogue.entry(game).command
        assert target.startswith("companion.tables.") and target.endswith(".cli:main"), target
