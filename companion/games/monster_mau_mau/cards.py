"""The 110 cards of Monster Mau Mau: faces, their tokens, how many of each, and what fits on what.

A face is its token (`s7`, `p+3`, `zR`, `gA`, `MW`, `+4`, `KK`); 55 distinct faces in all. The
referee never sees a hand, so it reasons about faces, never about individual cards.
"""
from __future__ import annotations

PATTERNS = "spzg"  # stripes, dots (Punkte), zigzag, scribble (Gekrakel)
PATTERN_NAMES = {"s": "stripes", "p": "dots", "z": "zigzag", "g": "scribble"}
NUMBERS = tuple(str(n) for n in range(10))
SYMBOLS = ("+3", "R", "A")  # plus three, reverse (Richtungswechsel), skip (Aussetzen)
WILDS = ("MW", "+4", "KK")  # wish, plus four with a wish, creative card (played as a wish)

#: How many cards of each face the box holds (one 0 and two of 1-9 per pattern: the UNO split,
#: an inference; only the totals are printed in the rulebook).
COUNTS: dict[str, int] = {}
for _p in PATTERNS:
    for _n in NUMBERS:
        COUNTS[_p + _n] = 1 if _n == "0" else 2
    for _s in SYMBOLS:
        COUNTS[_p + _s] = 2
COUNTS.update({"MW": 4, "+4": 4, "KK": 2})
FACES: tuple[str, ...] = tuple(COUNTS)
DECK_SIZE = sum(COUNTS.values())
assert len(FACES) == 55 and DECK_SIZE == 110

CARD_HINT = "a card is s/p/z/g with 0-9, +3, R or A (s7, p+3, zR, gA), or a wild card MW, +4, KK"


def is_card(token: str) -> bool:
    return token in COUNTS


def is_wild(card: str) -> bool:
    return card in WILDS


def is_number(card: str) -> bool:
    return len(card) == 2 and card[0] in PATTERNS and card[1].isdigit()


def is_action(card: str) -> bool:
    """+3, reverse or skip of a pattern (not the wild cards)."""
    return card[0] in PATTERNS and card[1:] in SYMBOLS


def pattern(card: str) -> str | None:
    return None if is_wild(card) else card[0]


def rank(card: str) -> str:
    """The number or symbol of a patterned card (`7`, `+3`, `R`, `A`); the wild card's own token."""
    return card if is_wild(card) else card[1:]


def fits(card: str, top: str, wish: str | None) -> bool:
    """Whether `card` may be played on `top` (no penalty pending). A wild card always fits; under a
    wish only the wished pattern; otherwise the same pattern, number or symbol. A wild top without
    a wish (never reached by play) shows all four patterns, so anything fits on it."""
    if is_wild(card):
        return True
    if is_wild(top):
        return wish is None or card[0] == wish
    return card[0] == top[0] or card[1:] == top[1:]


def fit_hint(top: str, wish: str | None) -> str:
    """What would fit on `top`, for error messages."""
    if is_wild(top) and wish:
        return f"play a {wish} card or a wild card, or draw"
    if is_wild(top):
        return "any card fits"
    return f"play a {top[0]} card, a {top[1:]} or a wild card, or draw"
