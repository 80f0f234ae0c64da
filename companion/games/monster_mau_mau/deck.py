"""The physical deck: the order in which `companion cards write-deck monster-mau-mau` walks
through the 110 cards, the text written on each card's sticker, and telling a tapped tag apart
(a card of this deck, a maunz. control card, or an unknown tag).

A card's sticker holds one NDEF text record `mmm:<face>` (`mmm:s7`, `mmm:+4`): short enough for
any NTAG21x, and plainly not a control card (those say `maunz:<function>`).
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.games.deck_cards import CONTROL_PREFIX, DeckCard, face_after, walk  # noqa: F401
from companion.games.monster_mau_mau.cards import COUNTS, NUMBERS, PATTERN_NAMES, PATTERNS, is_card

GAME = "monster-mau-mau"
ENROLS = "deck"   # its UIDs are enrolled as the cards of this deck (Cats' and Cat Attack's: "event")
TEXT_PREFIX = "mmm:"
_SYMBOL_NAMES = {"+3": "plus three", "R": "reverse", "A": "skip"}
_WILD_NAMES = {"MW": "wish card (Monsterwunsch)", "+4": "plus four with a wish", "KK": "creative card"}


def card_text(face: str) -> str:
    return TEXT_PREFIX + face


def face_of_text(text: str | None) -> str | None:
    """The face a sticker's text names, or None if it is not a card of this deck."""
    return face_after(TEXT_PREFIX, text, is_card)


def describe(face: str) -> str:
    """`stripes 7`, `dots skip`, `wish card (Monsterwunsch)`."""
    if face in _WILD_NAMES:
        return _WILD_NAMES[face]
    rank = face[1:]
    return f"{PATTERN_NAMES[face[0]]} {_SYMBOL_NAMES.get(rank, rank)}"


def printed_order() -> list[DeckCard]:
    """Pattern by pattern (stripes, dots, zigzag, scribble): 0-9, +3, reverse, skip; then the
    wild cards: the order in which to sort the box before writing the stickers."""
    faces = [p + r for p in PATTERNS for r in (*NUMBERS, "+3", "R", "A")] + ["MW", "+4", "KK"]
    return walk(((face, COUNTS[face]) for face in faces), card_text, describe)


@dataclass(frozen=True)
class Tap:
    """What a tapped tag is during the card game: `kind` is "card" (`face`), "control"
    (`function`, from a maunz. control card) or "unknown"."""

    kind: str
    uid: str
    face: str | None = None
    function: str | None = None


def classify(uid: str, text: str | None, enrolled: dict[str, str] | None = None,
             controls: dict[str, str] | None = None) -> Tap:
    """Tell a tap apart: `enrolled` maps UIDs of unwritten stickers to faces (the fallback),
    `controls` maps UIDs of enrolled control cards to their functions."""
    face = face_of_text(text) or (enrolled or {}).get(uid)
    if face is not None:
        return Tap("card", uid, face=face)
    if controls and uid in controls:
        return Tap("control", uid, function=controls[uid])
    if text and text.startswith(CONTROL_PREFIX):
        return Tap("control", uid, function=text[len(CONTROL_PREFIX):].split(":")[0])
    return Tap("unknown", uid)
