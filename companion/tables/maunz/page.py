"""The web page's drawing of a maunz game: the bed, both pools and whose turn it is, as the
page's board view (companion/web/static/app.js) draws them, and what the simulated hands need
to answer the table's questions. A pure function of the table and its view."""
from __future__ import annotations

from companion.words import SQUARES, square_name

COLOURS = ("o", "g")


# The OLED lines that put a named piece on a square (guidance.py).
_PUT_KEYS = ("put_back", "put_on", "on_from_pool", "on_from_box")


def _page_hints(screen) -> dict:
    """What the simulated table needs beyond the bed: the square whose kitten-or-cat question is
    open ("asking", answered by the page's piece picker), and the piece the current correction
    step puts on a square ("put": the page puts down that piece there, not the mover's)."""
    out = {"asking": None, "put": None}
    for line in getattr(screen, "lines", ()):
        params = dict(line.params)
        if line.key == "ask_kind":
            out["asking"] = params["square"]
        elif line.key in _PUT_KEYS and out["put"] is None:
            letter = params["piece"].key.removeprefix("piece.")   # its phrase: "piece.g"
            if letter != "?":
                out["put"] = {"square": params["square"], "piece": letter}
    return out


def page_view(table, view) -> dict:
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
    return {"view": "board", "to_move": COLOURS[pos.turn], "pools": pools, "bed": bed,
            **_page_hints(view.screen)}
