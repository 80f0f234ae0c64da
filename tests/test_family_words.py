"""Issues 45 and 46: the words a family reads and hears in the card games. German lines quote with
„…“, never straight quotes; a notation code ("upto4", "(cat -)", "first:1") never stands in a
sentence; one name per thing (the fight is the rulebook's "Rauferei", Cats' move phase is
"bewegen": "ziehen" reads as drawing cards; the burglar is the rulebook's "Raubkatzenkarte" where
the card is played); an object has its article ("auf dem Futternapf"); a cat that stopped to hiss
is told so; Cat Attack says that a cat goes home and why a penalty was given."""
from __future__ import annotations

import re

import pytest

from companion import games, tables
from companion.ui import i18n
from tests.test_spelling import companion_lines


@pytest.fixture(scope="module")
def german():
    return companion_lines("de")


def test_german_quotes_are_german(german):
    straight = {k: v for k, v in german.items() if re.search(r"['\"]", v)}
    assert not straight, straight


def test_one_name_for_the_fight_and_the_move_phase(german):
    fights = {k: v for k, v in german.items() if k.startswith(("ca.", "why.cat-attack.")) and "Kampf" in v}
    assert not fights, fights
    drawing = {k: v for k, v in german.items() if k.startswith(("cats.", "why.cats.")) and
               re.search(r"\bZiehen\b|\bgezogen\b", v) and "Karte" not in v}
    assert not drawing, drawing
    assert german["cats.event.end"] == "Bewegen beenden"
    burglar = {k: v for k, v in german.items() if re.search(r"Raubkatze\b", v) and k != "ca.special.2"}
    assert not burglar, burglar


def test_no_notation_code_in_a_cats_sentence():
    for language in i18n.LANGUAGES:
        lines = companion_lines(language)
        assert "upto4" not in lines["cats.refuse.end_early"] or language == "en"   # en: the engine's words
        assert ":" not in lines["cats.refuse.lot"].split("(")[-1]


def test_a_cat_on_an_object_has_the_article():
    game = games.get("cats", players=2)
    table = tables.make(game, language="de", players=())
    from companion.games.reason import reason

    assert table.why_msg(reason("win", seat=0, cat=1, obj=0)).text("de").startswith("Katze 1 auf dem Futternapf,")
    assert table.why_msg(reason("step_object", n=1, of=2, obj=2)).text("de").startswith("Die Maus wird")
    assert i18n.text("cats.refuse.no_win", "de", cat=1) == "Kein Spieler hat Katze 1 mit diesem Lieblingsobjekt: weiterspielen"


def test_a_cat_that_hissed_is_told_it_stopped_to_hiss():
    from dataclasses import replace

    from companion.games.cats.state import Move

    game = games.get("cats", players=2)
    pos = next(p for p in _cats_positions(game) if p.phase == "move" and p.last is not None)
    hissed = replace(pos, stopped=pos.stopped | 1 << pos.last)      # as engine.apply leaves a hisser
    with pytest.raises(Exception) as refused:
        game.engine.apply(hissed, Move("step", a=pos.last), game.rules_set)
    assert refused.value.key == "stopped_hiss"
    table = tables.make(game, language="en", players=())
    assert table.reason("stopped_hiss", tuple(refused.value.values.items()), str(refused.value)) == (
        f"cat {pos.last + 1} has stopped: it stopped to hiss")


def _cats_positions(game):
    import random

    from companion.games.base import CHANCE

    rng, pos = random.Random(1), game.initial_position()
    for _ in range(200):
        moves = [m for m in game.legal_moves(pos) if game.to_move(pos) == CHANCE or m.kind not in ("win",)]
        if not moves or game.outcome(pos) is not None:
            return
        pos = game.apply(pos, rng.choice(moves))
        yield pos


def test_cat_attack_stayed_says_why_where_and_home():
    game = games.get("cat-attack", players=2)
    table = tables.make(game, language="en", players=("Anna", "Ben"))
    from companion.games.reason import reason

    stayed = table.why_msg(reason("stayed", seat=0, n=2)).text("en")
    assert stayed == ("Anna was still in the garden or on the home field of the cat it raided at the end"
                      " of the turn: a penalty of 2 lives")
    assert table.why_msg(reason("sent_home", seat=0)).text("en") == "Anna's cat must go home: back to its home field"
    assert table.why_msg(reason("sent_home", seat=0)).text("de") == (
        "Die Katze von Anna muss ab nach Hause: zurück aufs Ausgangsfeld")


def test_the_reverse_card_has_the_rulebooks_one_name_where_a_line_may_wrap():
    # "Richtung" in Why? but "Richtungswechsel" on the page and in the Why? of what it did (issue 46)
    from companion.games.monster_mau_mau import explain, notation
    from companion.tables.monster_mau_mau import refusals

    game = games.get("monster-mau-mau", players=3)
    table = tables.make(game, language="de", players=())
    pos = notation.parse_position("hands=8,8,8 turn=1 dir=cw top=s3 wish=- pending=0 phase=play pile=85"
                                  " discard=1 mau=0")
    lines = [table.why_msg(r).text("de") for r in explain.explain(pos, game.parse_move(pos, "sR"), frozenset())]
    assert lines[0].startswith("Streifen Richtungswechsel passt auf Streifen 3"), lines
    assert all("Richtung " not in line and not line.endswith("Richtung") for line in lines), lines
    refused = refusals.rules_refusal(pos, notation.parse_event("pR"), frozenset(), "de")
    assert refused.startswith("Punkte Richtungswechsel passt nicht auf Streifen 3"), refused
