"""The Katzenjammer board on the 128 x 64 OLED: the ring of 40 fields, the Starts, the stalls, the
nests with their pieces, the three dice and the colour to move (the "show board" screen that
repairs drift between the table and the companion).

One cell of companion/games/katzenjammer/layout.py is 9 x 8 pixels. On a one-bit display the
colours are patterns: red a filled block, blue a hollow box, green a cross, black a plus; a fresh
piece is underlined. An empty field is a dot, an empty Start four corner dots, an empty stall
field a short dash.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from companion.games.katzenjammer.board import RING as RING_FIELDS
from companion.games.katzenjammer.board import START, nest_count, stall_base
from companion.games.katzenjammer.layout import NESTS, RING, STALLS
from companion.ui.oled import HEIGHT, WIDTH, font

CELL_W, CELL_H = 9, 8
DICE_X, DICE_Y = 6 * CELL_W + 1, (10, 22, 34)  # the free middle column, one die a line
TURN_CELL = (7, 1)


def _origin(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[0] * CELL_W, cell[1] * CELL_H


def _piece(draw: ImageDraw.ImageDraw, cell, colour: int, fresh: bool = False) -> None:
    x, y = _origin(cell)
    box = (x + 2, y + 1, x + 6, y + 6)
    if colour == 0:
        draw.rectangle(box, fill=1)
    elif colour == 1:
        draw.rectangle(box, outline=1)
    elif colour == 2:
        draw.line(box, fill=1)
        draw.line((x + 6, y + 1, x + 2, y + 6), fill=1)
    else:
        draw.line((x + 4, y + 1, x + 4, y + 6), fill=1)
        draw.rectangle((x + 2, y + 3, x + 6, y + 4), fill=1)
    if fresh:
        draw.line((x + 1, y + 7, x + 7, y + 7), fill=1)


def _empty(draw: ImageDraw.ImageDraw, cell, start: bool, stall: bool) -> None:
    x, y = _origin(cell)
    if start:
        for dx, dy in ((1, 1), (7, 1), (1, 6), (7, 6)):
            draw.point((x + dx, y + dy), fill=1)
    elif stall:
        draw.line((x + 3, y + 4, x + 5, y + 4), fill=1)
    else:
        draw.point((x + 4, y + 4), fill=1)


def board_image(position) -> Image.Image:
    """The position (companion.games.katzenjammer.engine.Position) as a 128 x 64 one-bit image."""
    img = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    board = position.board
    starts = set(START)
    for field in range(RING_FIELDS):
        v = board[field]
        if v:
            _piece(draw, RING[field], (v - 1) & 3, fresh=v >= 5)
        else:
            _empty(draw, RING[field], field in starts, False)
    for colour in position.colours:
        base = stall_base(colour)
        for i, cell in enumerate(STALLS[colour]):
            if board[base + i]:
                _piece(draw, cell, colour)
            else:
                _empty(draw, cell, False, True)
        for cell in NESTS[colour][:nest_count(board, colour)]:
            _piece(draw, cell, colour)
    dice = "---" if position.dice is None else "".join(map(str, position.dice))
    for digit, y in zip(dice, DICE_Y):
        draw.text((DICE_X, y), digit, font=font(), fill=1)
    _piece(draw, TURN_CELL, position.to_move)
    return img
