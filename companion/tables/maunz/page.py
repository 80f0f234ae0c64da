"""The web page's drawing of a maunz game: the bed view every bed game has (companion/tables/
bed.py: the bed, the pools, whose turn, drawn from maunz.'s bed declaration), maunz.'s own stock
beside the pools (cats in the reserve, kittens in the box), and what the simulated hands need to
answer the table's questions. A pure function of the table and its view."""
from __future__ import annotations

from companion.tables import bed

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
    seats = table.game.info.bed.seats
    # maunz.'s own groups beside each pool, in the page's words (cats waiting, kittens boxed)
    stock = {seat.key: [{"word": "page.reserve", "n": pos.reserve(c), "look": "ghost"},
                        {"word": "page.boxed", "n": pos.boxed(c), "look": "box"}]
             for c, seat in enumerate(seats)}
    return {**bed.page_view(table, view), "stock": stock, **_page_hints(view.screen)}
