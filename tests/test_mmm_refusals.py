"""The table's refusals (companion/tables/monster_mau_mau/refusals.py) are registered phrases
(mmm.refuse.*) with named values, in German and English, for every refusal random games and the
edge positions reach; they name cards as accepted ones are named ("Punkte 7"), never by the
notation's tokens the engine's command line prints ("p7 does not fit on s3 (play a s card ...)",
issue 45)."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import FACES, is_wild
from companion.games.monster_mau_mau.engine import DRAW, MAU, PASS, Event
from companion.tables.monster_mau_mau import refusals
from companion.ui.i18n import STRINGS

#: a card's token (s7, pA, z+3, MW, KK), a bare pattern letter ("a s card"), the notation's "up:"
TOKEN = re.compile(r"\b[spzg](?:\d|R|A|\+3)\b|\b(?:MW|KK)\b|\ba [spzg] card\b|\bup:|\bphase \w+")

PROBES = [DRAW, PASS, MAU, Event("up", "s7"), Event("nap")] + [
    Event("play", f, "s" if is_wild(f) else None) for f in FACES]


def positions(seed: int, rules: frozenset[str]):
    rng = random.Random(seed)
    pos = engine.new_game(rng.randint(2, 6))
    yield pos
    for _ in range(300):
        events = engine.legal_events(pos, rules)
        if not events:
            break
        pos = engine.step(pos, rng.choice(events), rules).position
        yield pos
    yield replace(pos, phase=engine.START, top="zR", pile=0)  # nothing left to turn up
    yield replace(pos, phase=engine.OVER)


#: the laptop's own refusals (not the engine's), and the one the rules never reach: on a wild card
#: without a wish every card fits
NOT_THE_RULES = {"seat", "turn", "not_held", "drawn", "wish", "not_started", "unknown", "fits_not_any"}


@pytest.mark.parametrize("seed", range(6))
def test_refusals_name_cards_in_words_in_english_and_german(seed):
    rules = frozenset(engine.RULES_OPTIONS[: seed % 4])
    for pos in positions(seed, rules):
        for event in PROBES:
            why = engine.why_illegal(pos, event, rules)
            english = refusals.rules_refusal(pos, event, rules, "en")
            german = refusals.rules_refusal(pos, event, rules, "de")
            if why is None:
                assert english is None and german is None
            elif engine.refusal(pos, event, rules).key != "unknown":  # an unknown kind keeps the engine's words
                assert german != english, (pos, event)
                for said in (english, german):
                    assert not TOKEN.search(said), (said, why)


def test_a_card_that_does_not_fit_is_named_as_the_table_names_cards():
    from companion.games.monster_mau_mau import notation

    pos = replace(engine.new_game(2), phase=engine.PLAY, top="s3", wish=None)
    event = Event("play", "p7")
    assert "p7 does not fit on s3" in engine.why_illegal(pos, event)   # the command line's tokens
    assert refusals.rules_refusal(pos, event, frozenset(), "en") == (
        "Dots 7 does not fit on stripes 3 (play a stripes card, a 3 or a wild card, or draw)")
    assert refusals.rules_refusal(pos, event, frozenset(), "de").startswith("Punkte 7 passt nicht auf Streifen 3")
    wished = replace(pos, top="MW", wish="z")
    assert refusals.rules_refusal(wished, Event("play", "pA"), frozenset(), "en") == (
        "Dots skip does not fit on wish with the wish zigzag (play a zigzag card or a wild card, or draw)")
    assert notation.format_position(pos)


def test_every_refusal_of_the_rules_has_its_phrase_and_random_games_reach_them_all():
    seen = set()
    for seed in range(12):
        for pos in positions(seed, frozenset()):
            for event in PROBES:
                if engine.why_illegal(pos, event) is not None:
                    seen.add(engine.refusal(pos, event).key)
    registered = {k.removeprefix("mmm.refuse.") for k in STRINGS if k.startswith("mmm.refuse.")}
    assert seen == registered - NOT_THE_RULES | {"unknown"}   # Event("nap"), an unknown kind
    assert seen | {"fits_not_any"} == set(engine.REFUSALS)    # the engine declares every key it gives


@pytest.mark.parametrize("language", ("de", "en"))
def test_the_pages_labels_are_the_registered_phrases_in_the_tables_language(language):
    # cards.js (beside the table) writes only these (no dictionary of its own): every pattern, rank and wild
    # card named, the counts and seats left for the page to fill in
    from companion.tables.monster_mau_mau.page import labels

    w = labels(language)
    assert set(w["patterns"]) == set("spzg") and set(w["wilds"]) == {"MW", "+4", "KK"}
    assert set(w["ranks"]) == {"+3", "R", "A"} and set(w["moves"]) == {"up", "draw", "pass", "mau"}
    assert "{n}" in w["cards"] and "{n}" in w["seat"] and "{who}" in w["theirTurn"] and "{who}" in w["forgot"]
    german = {"de": True, "en": False}[language]
    assert (w["ranks"]["R"] == "Richtungswechsel") == german and (w["draw"] == "ziehen") == german
