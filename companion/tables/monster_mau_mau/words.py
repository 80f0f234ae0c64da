"""Cards and seats as the table's OLED says them, in the table's language (de/en): "Punkte 7",
"Streifen +3", "Gekrakel Aussetzen", "Plus-Vier"; a seat by its player's name, else "Spieler 1" /
"Seat 1".

The words are the rulebook's (German) and the digest's (English), as the page says them
(companion/web/static/cards.js), shortened where the OLED's line of 21 characters needs it:
"Richtungswechsel" is "Richtung" there, so the longest card ("Zickzack Richtung", "Gekrakel
Aussetzen") fits on one line. The notation's tokens (`s7`, `+4`) stay what the engine, the command
line and the terminal's player type; only the words a person reads at the table are here.
"""
from __future__ import annotations

from companion.games.monster_mau_mau.cards import is_wild

#: the longest card in words, in characters (a test holds every face to it)
LONGEST = 18

WORDS = {
    "de": {"patterns": {"s": "Streifen", "p": "Punkte", "z": "Zickzack", "g": "Gekrakel"},
           "ranks": {"R": "Richtung", "A": "Aussetzen"},
           "wilds": {"MW": "Monsterwunsch", "+4": "Plus-Vier", "KK": "Kreativkarte"},
           "seat": "Spieler {n}"},
    "en": {"patterns": {"s": "stripes", "p": "dots", "z": "zigzag", "g": "scribble"},
           "ranks": {"R": "reverse", "A": "skip"},
           "wilds": {"MW": "wish", "+4": "+4 wish", "KK": "creative card"},
           "seat": "Seat {n}"},
}


def _words(language: str) -> dict:
    return WORDS.get(language, WORDS["de"])


def card(face: str, language: str) -> str:
    """A card's short name: "Punkte 7", "Streifen +3", "Plus-Vier" (an unknown token as it is)."""
    w = _words(language)
    if is_wild(face):
        return w["wilds"][face]
    if not face or face[0] not in w["patterns"]:
        return face
    rank = face[1:]
    return f"{w['patterns'][face[0]]} {w['ranks'].get(rank, rank)}"


def pattern(letter: str, language: str) -> str:
    """A wished pattern: "Zickzack", "zigzag"."""
    return _words(language)["patterns"].get(letter, letter)


def seat(name: str, index: int, language: str) -> str:
    """Seat `index` (0-based) as the table calls it: its player's name, else "Spieler 1"."""
    return name if name and not name.isdigit() else _words(language)["seat"].format(n=index + 1)
