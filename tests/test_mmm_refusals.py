"""The table's refusals (companion/tables/monster_mau_mau/refusals.py) are registered phrases
(mmm.refuse.*) with named values: the English ones word for word the engine's own reasons
(engine.why_illegal, which `companion monster-mau-mau` prints: a fixed interface), the German
ones German, for every refusal random games and the edge positions reach."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import FACES, is_wild
from companion.games.monster_mau_mau.engine import DRAW, MAU, PASS, Event
from companion.tables.monster_mau_mau import refusals
from companion.ui.i18n import STRINGS

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
def test_english_refusals_are_the_engines_words_and_german_ones_german(seed):
    rules = frozenset(engine.RULES_OPTIONS[: seed % 4])
    for pos in positions(seed, rules):
        for event in PROBES:
            why = engine.why_illegal(pos, event, rules)
            assert refusals.rules_refusal(pos, event, rules, "en") == why, (pos, event)
            german = refusals.rules_refusal(pos, event, rules, "de")
            if why is None:
                assert german is None
            elif engine.refusal(pos, event, rules).key != "unknown":  # an unknown kind keeps the engine's words
                assert german != why, (pos, event)


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
