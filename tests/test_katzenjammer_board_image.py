"""The "show board" picture of a Katzenjammer position on the 128 x 64 OLED."""
from companion.games.katzenjammer import notation
from companion.games.katzenjammer.layout import NESTS, RING, STALLS
from companion.ui.katzenjammer_board import CELL_H, CELL_W, board_image


def cell_pixels(img, cell):
    x0, y0 = cell[0] * CELL_W, cell[1] * CELL_H
    return sum(img.getpixel((x, y)) > 0 for x in range(x0, x0 + CELL_W) for y in range(y0, y0 + CELL_H))


def test_pieces_fields_stalls_and_nests_are_drawn_where_the_layout_puts_them():
    pos = notation.parse_position("r:n,n,0*,s2 b:n,n,5,27 r 596")
    img = board_image(pos)
    assert img.size == (128, 64) and img.mode == "1"
    assert cell_pixels(img, RING[0]) == 30 + 7        # red fresh: a 5x6 block, underlined
    assert cell_pixels(img, RING[5]) == 18            # blue: a hollow 5x6 box
    assert cell_pixels(img, RING[1]) == 1             # an empty field: a dot
    assert cell_pixels(img, RING[20]) == 4            # green's empty Start (green not in play)
    assert cell_pixels(img, STALLS[0][1]) == 30       # red's piece on s2
    assert cell_pixels(img, STALLS[0][0]) == 3        # an empty stall field: a dash
    assert [cell_pixels(img, c) for c in NESTS[0]] == [30, 30, 0, 0]  # two red pieces at home
    assert [cell_pixels(img, c) for c in NESTS[2]] == [0, 0, 0, 0]    # green is not playing


def test_the_dice_and_the_colour_to_move_change_the_picture():
    rolled = board_image(notation.parse_position("r:n,n,n,n g:n,n,n,20 g 147"))
    before = board_image(notation.parse_position("r:n,n,n,n g:n,n,n,20 g -"))
    red = board_image(notation.parse_position("r:n,n,n,n g:n,n,n,20 r 147"))
    assert rolled.tobytes() != before.tobytes() and rolled.tobytes() != red.tobytes()
    assert cell_pixels(rolled, RING[20]) == 10  # green's piece on its Start: a cross
