"""Every LED colour the companion uses, in one place, so the conventions stay consistent.

Grey pieces are shown grey-*blue*: a grey LED looks white under a piece. Red always means
"this piece leaves the bed"; green means OK / the win. Boop pairs share a hue (source blinks,
destination steady); the hues avoid orange, grey-blue, red and green so a pair never reads as
a piece or a warning.
"""
from __future__ import annotations

from companion.games.maunz.game import BED
from companion.words import DARK, Effect, LedCell

RGB = tuple[int, int, int]

# maunz.'s pieces: the colours its bed declares (companion/games/maunz/game.py)
PIECE_COLOURS: tuple[RGB, ...] = tuple(seat.led for seat in BED.seats)  # indexed by colour
ORANGE, GREY_BLUE = PIECE_COLOURS
RED: RGB = (255, 0, 0)
GREEN: RGB = (0, 255, 0)
WHITE: RGB = (255, 255, 255)
ECHO_LIFT: RGB = (70, 70, 70)  # a lifted piece seen before it settles: a dim "hole"

# Boop pairs, in the order pushes are listed by the engine (file, then rank of the source).
PAIR_HUES: tuple[RGB, ...] = (
    (0, 255, 255),    # cyan
    (255, 0, 255),    # magenta
    (255, 230, 0),    # yellow
    (150, 255, 0),    # lime
    (140, 0, 255),    # violet
    (255, 80, 160),   # pink
    (0, 255, 140),    # teal
    (0, 170, 255),    # sky
)


def pair_hue(index: int) -> RGB:
    return PAIR_HUES[index % len(PAIR_HUES)]


def colour_of(letter: str | None, bed=BED) -> RGB:
    """LED colour for a piece letter of `bed` (maunz.: 'o', 'O', 'g', 'G'); white when unknown."""
    if not letter or letter.lower() not in [seat.key for seat in bed.seats]:
        return WHITE
    return bed.seats[bed.seat_of(letter)].led


def seat_cell(bed, seat: int, effect: Effect = Effect.STEADY) -> LedCell:
    """A seat's piece on the LEDs of any bed game, in the colour its bed declares."""
    return LedCell(bed.seats[seat].led, effect)


# The cells, named for what they mean on the bed --------------------------------------------
def placed(colour: int) -> LedCell:
    """The piece just placed this turn."""
    return LedCell(PIECE_COLOURS[colour], Effect.STEADY)


def place_here(colour: int, kind: str) -> LedCell:
    """Put a new piece from the pool here (AI move, hint): kitten blinks, cat pulses."""
    return LedCell(PIECE_COLOURS[colour], Effect.PULSE if kind == "c" else Effect.BLINK)


def ask_kind(colour: int) -> LedCell:
    """Placed, but kitten or cat is still asked on the OLED."""
    return LedCell(PIECE_COLOURS[colour], Effect.BLINK)


def push_from(index: int) -> LedCell:
    return LedCell(pair_hue(index), Effect.BLINK)


def push_to(index: int) -> LedCell:
    return LedCell(pair_hue(index), Effect.STEADY)


def hint_square() -> LedCell:
    """A puzzle's hint: the square the winning piece goes on, white and steady (no kind told)."""
    return LedCell(WHITE, Effect.STEADY)


def leaves_bed() -> LedCell:
    """Off the bed: pushed off, graduating, retiring, or an extra piece to take away."""
    return LedCell(RED, Effect.BLINK)


def candidate() -> LedCell:
    """One of several graduation/retirement options: lift the ones you choose."""
    return LedCell(WHITE, Effect.PULSE)


def put_back(letter: str | None) -> LedCell:
    """A piece is missing here: put (that colour's) piece back."""
    return LedCell(colour_of(letter), Effect.BLINK)


def move_from(letter: str | None) -> LedCell:
    """Correction: take the piece from here ..."""
    return LedCell(WHITE, Effect.BLINK)


def move_to(letter: str | None) -> LedCell:
    """... and put it here (in the colour of the piece that belongs here)."""
    return LedCell(colour_of(letter), Effect.STEADY)


def echo_place(colour: int) -> LedCell:
    return LedCell(PIECE_COLOURS[colour], Effect.STEADY)


def echo_lift() -> LedCell:
    return LedCell(ECHO_LIFT, Effect.STEADY)


def win_line() -> LedCell:
    return LedCell(GREEN, Effect.PULSE)


def winner_piece(colour: int) -> LedCell:
    return LedCell(PIECE_COLOURS[colour], Effect.PULSE)


def hex_colour(cell: LedCell) -> str:
    """'#rrggbb' (black when off), for the web page."""
    r, g, b = cell.color if cell.effect is not Effect.OFF else (0, 0, 0)
    return f"#{r:02x}{g:02x}{b:02x}"


__all__ = ["DARK", "seat_cell", "ORANGE", "GREY_BLUE", "RED", "GREEN", "WHITE", "PAIR_HUES", "pair_hue",
           "colour_of", "placed", "place_here", "ask_kind", "push_from", "push_to", "leaves_bed",
           "candidate", "put_back", "move_from", "move_to", "echo_place", "echo_lift", "win_line",
           "winner_piece", "hex_colour"]
