"""Every symbol a screen uses is said in words (issue 32 item 7): over every registered phrase, in
both languages, with a realistic sample for each of its parameters, what the voice says holds no
symbol a voice would spell out or skip; and the lines the red team heard said wrongly are said
as a person at the table says them."""
from __future__ import annotations

import re
import string

import pytest

from companion.ui import i18n
from companion.ui.screens import msg
from companion.voice.coverage import SAMPLES, phrase_keys, sample
from companion.voice.spoken import say

#: symbols that are never words: a voice spells them out, or drops them and the meaning with them
_SYMBOLS = re.compile(r"[*/+=<>|#%&@~\[\]{}()…·→–—\"„“”«»`´_]")
#: a hyphen is a word's ("Sechskatzen-Magie", "Katzen- und Charakterkarte"), never a sign or a
#: dash between numbers
_LOOSE_HYPHEN = re.compile(r"(?<![A-Za-zÄÖÜäöüß])-|-(?![A-Za-zÄÖÜäöüß\s])")
#: a colon is a pause after a word ("Spieler 1: 3 Karten"), never glued between two things ("1:3")
_GLUED_COLON = re.compile(r":(?=\S)|(?<=\s):|^:")
#: a token of digits glued to letters ("d6", "55=8", "upto4"); a maunz. square ("c3") is read
#: as a person says it (tests/test_voice_render.py's phoneme goldens)
_TOKEN = re.compile(r"[\w]+")
_SQUARE = re.compile(r"[a-f][1-6]")


def unspoken(text: str) -> list[str]:
    """What in `text` a voice would not say as words."""
    bad = _SYMBOLS.findall(text) + _LOOSE_HYPHEN.findall(text) + _GLUED_COLON.findall(text)
    bad += [t for t in _TOKEN.findall(text)
            if re.search(r"\d", t) and re.search(r"[^\d]", t) and not _SQUARE.fullmatch(t)]
    return bad


def test_the_checker_finds_what_the_red_team_heard():
    assert unspoken("Katze +1, Zurück -1") == ["+", "-"]
    assert unspoken("Jede*r bekommt 8 Karten") == ["*"]
    assert unspoken("1:3 2:3") == [":", ":"]
    assert unspoken("Schritte 2/4") == ["/"]
    assert unspoken("Joker 55=8 upto4, d6") == ["=", "upto4"]   # d6: a square of the bed
    assert unspoken("Setz das graue Kätzchen auf c3. Spieler 1: 3 Karten, Sechskatzen-Magie") == []


def test_every_parameter_of_every_phrase_has_a_sample():
    """So the sweep below says every phrase as it is shown, not with a stand-in word."""
    keys = phrase_keys()
    missing = sorted({f"{field} ({key})" for key in keys for language in i18n.LANGUAGES
                      for _, field, _, _ in string.Formatter().parse(i18n.STRINGS[key][language])
                      if field and field not in SAMPLES})
    assert missing == []


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_phrase_is_said_without_a_symbol(language):
    failures = [f"{key}: {sample(key, language)!r} {unspoken(sample(key, language))}"
                for key in phrase_keys() if unspoken(sample(key, language))]
    assert failures == []


@pytest.mark.parametrize("line, language, said", [
    # Cats' step counter: "2/4" is two of four steps, not "two or four"
    ("Schritte 2/4, Objekte 0/2", "de", "Schritte 2 von 4, Objekte 0 von 2"),
    ("steps 2/4, objects 1/2", "en", "steps 2 of 4, objects 1 of 2"),
    ("6/6: genau nach Hause würfeln", "de", "6 von 6: genau nach Hause würfeln"),
    # Monster Mau Mau's set-up: the buttons count up and down
    ("Katze +1, Zurück -1, OK", "de", "Katze plus 1, Zurück minus 1, OK"),
    ("CAT +1, BACK -1, OK", "en", "cat plus 1, back minus 1, OK"),
    # the gender star said as both words
    ("Wie viele Spieler*innen? 4", "de", "Wie viele Spielerinnen und Spieler? 4"),
    ("Jede*r bekommt 7 Karten", "de", "Jede und jeder bekommt 7 Karten"),
    # a slash between words is still "or"
    ("OK wählt · Katze/Zurück blättern", "de", "OK wählt. Katze oder Zurück blättern"),
])
def test_the_lines_the_red_team_heard_are_said_in_words(line, language, said):
    assert say(msg("text", text=line), language) == said


@pytest.mark.parametrize("language, said", [
    ("de", "Spieler 1: 3 Karten, Spieler 2: 1 Karte, Spieler 3 ist dran: 7 Karten"),
    ("en", "Player 1: 3 cards, Player 2: 1 card, Player 3 to play: 7 cards"),
])
def test_monster_mau_mau_hand_counts_are_said_in_words(language, said):
    from companion.tables.monster_mau_mau.session import MauMauSession
    from companion.tables import monster_mau_mau  # noqa: F401 - registers the phrases

    line = MauMauSession.counts_line((3, 1, 7), turn=2, first=0)
    assert line.text(language) == "1:3 2:1 >3:7"          # the OLED keeps its short form
    assert say(line, language) == said
    assert unspoken(say(line, language)) == []
