"""A game played on the sensed bed declares it here (issue 33): its seats (the key its notation
and the page use, the name the history keeps, the phrase that words it, its pieces' LED colour
and their look on the page), its piece kinds (the first the one a person puts down unless they
say otherwise) and the squares in play. The page's bed view and player panels, the OLED's turn
and pool lines, the LED colours and the table conformance's bed driver are drawn from it; no
module outside the game's own packages names a bed game.

A piece is one letter: its seat's key, in lower case for the first kind and upper case for the
second (maunz.: "o" the orange kitten, "O" the orange cat). Pure: no words (the phrases are the
table package's), no devices.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.words import FULL_MASK, SQUARES, square_name

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class BedSeat:
    key: str       # one lower-case letter: the piece letter of its first kind ("o")
    name: str      # the history's and the journal's name of the seat ("orange")
    word: str      # the phrase key that words it on the OLED and the page ("colour.0")
    led: RGB       # its pieces' LED colour (maunz.'s grey is shown grey-blue: a grey LED looks white)
    look: str      # its pieces' colour on the page, "#rrggbb"


@dataclass(frozen=True)
class PieceKind:
    key: str       # "k", "c": what a person says they put down (the hall-effect bed reads it)
    word: str      # the phrase key that words it ("kind.k")


@dataclass(frozen=True)
class Bed:
    seats: tuple[BedSeat, ...]
    kinds: tuple[PieceKind, ...]      # one or two: lower-case letters, then upper-case ones
    squares: int = FULL_MASK          # the squares in play, as a bitmask (a1 = bit 0)

    def __post_init__(self) -> None:
        keys = [s.key for s in self.seats]
        if not 1 <= len(self.kinds) <= 2 or not self.seats or len(set(keys)) != len(keys) \
                or not all(len(k) == 1 and k.islower() for k in keys):
            raise ValueError(f"a bed's seats {keys} need distinct one-letter lower-case keys, and one"
                             f" or two piece kinds (not {len(self.kinds)})")
        if not self.squares or self.squares & ~FULL_MASK:
            raise ValueError(f"a bed's squares {self.squares:#x} must lie on the 6x6 bed")

    def piece(self, seat: int, kind: str) -> str:
        """The letter of `seat`'s piece of `kind`."""
        index = [k.key for k in self.kinds].index(kind)
        return self.seats[seat].key.upper() if index else self.seats[seat].key

    def seat_of(self, piece: str) -> int:
        return [s.key for s in self.seats].index(piece.lower())

    def kind_of(self, piece: str) -> str:
        return self.kinds[1 if piece.isupper() else 0].key

    def square_names(self) -> list[str]:
        return [square_name(sq) for sq in range(SQUARES) if self.squares >> sq & 1]
