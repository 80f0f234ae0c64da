"""What the companion says after a Cats event, one short English line per engine event (seats,
cats and rooms 1-based as on the cards). The table's screens translate these."""
from __future__ import annotations


def announce(name: str, value) -> str:
    if name == "draw":
        return f"seat {value + 1} draws a replacement card"
    if name == "reshuffle":
        return "the reaction deck is empty: shuffle the discards into a new pile"
    if name == "locked":
        return f"Schnurr: cat {value + 1} stays where it was and may not be sent again"
    if name == "window":
        return ("no reactions this time" if value == "none" else
                "no more reactions: each player may swap one card")
    if name == "challenge":
        return "the challenge is right" if value == "right" else "the challenge is wrong"
    if name == "revealed":
        cat, seat = value
        return f"seat {seat + 1}: turn over your cat card (cat {cat + 1})"
    if name == "extra_turn":
        return f"seat {value + 1} plays another turn at once"
    if name == "winner":
        return f"seat {value + 1} wins"
    raise ValueError(f"unknown Cats event {name!r}")


def json_event(name: str, value):
    """The event as JSON-ready data with 1-based seats and cats."""
    if name in ("draw", "locked", "extra_turn", "winner"):
        return {name: value + 1}
    if name == "revealed":
        return {name: {"cat": value[0] + 1, "seat": value[1] + 1}}
    return {name: value}

