"""Can every OLED phrase be said? Each registered phrase (companion/ui/i18n.py and every
table's own), in both languages, is worded with sample values for its parameters and read out
(companion/voice/spoken.py); it is covered when what comes out is plain words. The coverage
test and `companion bench voice` report the share (the target is all of them)."""
from __future__ import annotations

import string

#: a sample value per parameter name (a square, a count, a piece ...); others get a word
SAMPLES = {
    "square": "c3", "src": "d4", "dst": "e5", "squares": "a1, b1, c1", "n": 2,
    "name": "Anna", "title": "Katzenjammer",
    "dice": "1-4-7", "die": 2, "value": 5, "field": "12", "label": "7", "steps": 3, "seat": 2,
    "uid": "04a1b2c3d4e5f6", "functions": "new_game, undo", "game": "Cats", "problem": "disk full",
    "mark": ">", "a": "Rot", "b": "Blau", "path": "12 - 15", "named": " Anna", "known": "maunz",
}


#: parameters that are words themselves: the phrase that words them (a Msg in the line)
WORD_SAMPLES = {"piece": "piece.o", "kind": "kind.k", "want": "kind.c", "colour": "colour.0",
                "card": "card.undo"}


def phrase_keys() -> list[str]:
    from companion import tables
    from companion.ui import i18n

    for name in tables.names():  # importing a table registers its phrases
        tables.factory(name)
    return sorted(i18n.STRINGS)


def sample(key: str, language: str) -> str:
    from companion.ui import i18n
    from companion.ui.screens import msg
    from companion.voice.spoken import say

    fields = {f for _, f, _, _ in string.Formatter().parse(i18n.STRINGS[key][language]) if f}
    values = {f: msg(WORD_SAMPLES[f]) if f in WORD_SAMPLES else SAMPLES.get(f, "Maus") for f in fields}
    return say(msg(key, **values), language)


def coverage() -> tuple[int, int, list[str]]:
    """(phrases covered, phrases in all, what the uncovered ones say) over both languages."""
    from companion.ui.i18n import LANGUAGES
    from companion.voice.spoken import sayable

    covered, failures = 0, []
    keys = phrase_keys()
    for key in keys:
        for language in LANGUAGES:
            said = sample(key, language)
            if sayable(said):
                covered += 1
            else:
                failures.append(f"{key} [{language}]: {said!r}")
    return covered, len(keys) * len(LANGUAGES), failures
