"""The web page's drawing of a maunz game: the bed, both pools and whose turn it is, as the
page's board view (companion/web/static/app.js) draws them. A pure function of the table."""
from __future__ import annotations

from companion.words import SQUARES, square_name

COLOURS = ("o", "g")


def page_view(table) -> dict:
    pos = table.position
    pools = {}
    for colour, letter in enumerate(COLOURS):
        k, c = pos.pool(colour)
        pools[letter] = {"kittens": k, "cats": c, "reserve": pos.reserve(colour),
                         "boxed": pos.boxed(colour)}
    bed = {}
    for sq in range(SQUARES):
        piece = pos.piece_at(sq)
        if piece:
            bed[square_name(sq)] = piece
    return {"view": "board", "to_move": COLOURS[pos.turn], "pools": pools, "bed": bed}
