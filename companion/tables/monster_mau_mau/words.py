"""Cards and seats as the table's OLED says them, in the table's language (de/en): "Punkte 7",
"Streifen +3", "Gekrakel Aussetzen", "Plus-Vier"; a seat by its player's name, else "Spieler 1" /
"Seat 1".

The words are the rulebook's (German) and the digest's (English), registered phrases
(phrases.py: mmm.pattern.*, mmm.rank.*, mmm.wild.*), shortened where the OLED's line of 21
characters needs it: "Richtungswechsel" is "Richtung" there, so the longest card ("Zickzack
Richtung", "Gekrakel Aussetzen") fits on one line. The notation's tokens (`s7`, `+4`) stay what
the engine, the command line and the terminal's player type; only the words a person reads at
the table are here.
"""
from __future__ import annotations

from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.tables.monster_mau_mau import phrases  # noqa: F401  (registers the words)
from companion.ui.i18n import text
from companion.ui.screens import Msg, msg

#: the longest card in words, in characters (a test holds every face to it)
LONGEST = 18


def card(face: str, language: str, full: bool = False) -> str:
    """A card's short name: "Punkte 7", "Streifen +3", "Plus-Vier" (an unknown token as it is);
    `full`: as a sentence names it where a line may wrap (the Why? box), with the rulebook's
    "Richtungswechsel" that the OLED's title shortens to "Richtung"."""
    if is_wild(face):
        return text(f"mmm.wild.{face}", language)
    if not face or face[0] not in PATTERNS:
        return face
    rank = face[1:]
    what = text(_rank_key(rank, full), language) if f"mmm.rank.{rank}" in phrases.PHRASES else rank
    return f"{pattern(face[0], language)} {what}"


def card_msg(face: str) -> Msg:
    """A card in a line: shown by its code, as printed in its corner and typed at the terminal
    ("p7"), said by its name ("Punkte 7"), worded in the language of the line."""
    return msg("mmm.face", face=face, name=card_name_msg(face))


def card_name_msg(face: str):
    """A card by its full name, shown and said ("Punkte 7", "Monsterwunsch", "Streifen
    Richtungswechsel"), in the line's language (an unknown token as it is)."""
    if is_wild(face):
        return msg(f"mmm.wild.{face}")
    if not face or face[0] not in PATTERNS:
        return face
    rank = face[1:]
    return msg("mmm.card_name", pattern=msg(f"mmm.pattern.{face[0]}"),
               rank=msg(_rank_key(rank, True)) if f"mmm.rank.{rank}" in phrases.PHRASES else rank)


def _rank_key(rank: str, full: bool) -> str:
    # one name for the reverse card: the rulebook's "Richtungswechsel" wherever a line may wrap
    # (the page, the Why? box, a refusal); only the OLED's title and hand lines shorten it
    return "mmm.page.reverse" if full and rank == "R" else f"mmm.rank.{rank}"


def pattern(letter: str, language: str) -> str:
    """A wished pattern: "Zickzack", "zigzag"."""
    return text(f"mmm.pattern.{letter}", language) if letter in PATTERNS else letter


def seat(name: str, index: int, language: str) -> str:
    """Seat `index` (0-based) as the table calls it: its player's name, else "Spieler 1"."""
    return name if name and not name.isdigit() else text("mmm.seat", language, n=index + 1)
