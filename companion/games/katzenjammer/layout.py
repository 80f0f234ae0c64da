"""Where everything sits when the board is drawn: a 14 x 8 grid of cells whose border is the ring
of 40 fields, with the stalls running inward from each Start and the nests beside them, for the
OLED (9 x 8 pixels a cell on 128 x 64); and the classic cross of 11 x 11 cells for the web page
(CROSS_*, drawn by companion/tables/katzenjammer/kj.js from the page view). Pure geometry: no
drawing here.
"""
from __future__ import annotations

from companion.games.katzenjammer.board import START

WIDTH, HEIGHT = 14, 8
# The ring is counted along the border clockwise from the top-left corner; field 0 (red's
# Start) sits five cells in, so every Start is in the middle part of a side.
_OFFSET = 5


def _border(p: int) -> tuple[int, int]:
    if p < WIDTH:
        return p, 0
    if p < WIDTH + HEIGHT - 2:
        return WIDTH - 1, p - WIDTH + 1
    if p < 2 * WIDTH + HEIGHT - 2:
        return 2 * WIDTH + HEIGHT - 3 - p, HEIGHT - 1
    return 0, 2 * (WIDTH + HEIGHT) - 4 - p


RING: tuple[tuple[int, int], ...] = tuple(_border((i + _OFFSET) % 40) for i in range(40))


def _inward(colour: int) -> tuple[int, int]:
    x, y = RING[START[colour]]
    return (0, 1) if y == 0 else (-1, 0) if x == WIDTH - 1 else (0, -1) if y == HEIGHT - 1 else (1, 0)


def _stall(colour: int) -> tuple[tuple[int, int], ...]:
    (x, y), (dx, dy) = RING[START[colour]], _inward(colour)
    return tuple((x + dx * i, y + dy * i) for i in range(1, 5))


STALLS = tuple(_stall(c) for c in range(4))
#: Four nest cells per colour, in the interior corner on the Start's left (seen travelling in).
NESTS = (((1, 1), (2, 1), (1, 2), (2, 2)), ((9, 1), (10, 1), (11, 1), (12, 1)),
         ((12, 6), (11, 6), (12, 5), (11, 5)), ((4, 6), (3, 6), (2, 6), (1, 6)))
#: Where the three dice (III, IV, V) are shown: the free middle column.
DICE = ((6, 2), (6, 3), (6, 4))

# The page's board: the classic cross of 11 x 11 cells. Each seat's quarter of the ring starts
# on its Start at the tip of an arm (red: the left arm), so its stall runs straight inward from
# the Start, as the rules have it (the stall is entered after passing the own Start); the nest
# sits in the corner on the Start's left, as above. Each quarter is red's turned clockwise.
CROSS = 11
_RED_QUARTER = ((0, 5), (0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0))


def _turn(cell: tuple[int, int], times: int) -> tuple[int, int]:
    x, y = cell
    for _ in range(times):
        x, y = CROSS - 1 - y, x
    return x, y


CROSS_RING: tuple[tuple[int, int], ...] = tuple(_turn(c, q) for q in range(4) for c in _RED_QUARTER)
CROSS_STALLS = tuple(tuple(_turn((i, 5), c) for i in range(1, 5)) for c in range(4))
CROSS_NESTS = tuple(tuple(_turn(cell, c) for cell in ((0, 0), (1, 0), (0, 1), (1, 1)))
                    for c in range(4))
