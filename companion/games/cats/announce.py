"""What the companion says after a Cats event, in German (the companion's default) or English:
one short line per engine event, seats, cats and rooms 1-based as on the cards."""
from __future__ import annotations

LINES = {
    "draw": ("Spieler {s} zieht eine Ersatzkarte", "seat {s} draws a replacement card"),
    "reshuffle": ("Stapel leer: Ablage mischen, neuer Stapel",
                  "the reaction deck is empty: shuffle the discards into a new pile"),
    "locked": ("Schnurr: Katze {c} bleibt, wo sie war, und darf nicht mehr umgesetzt werden",
               "Schnurr: cat {c} stays where it was and may not be sent again"),
    "window.none": ("diesmal keine Reaktionen", "no reactions this time"),
    "window.closed": ("keine Reaktionen mehr: jeder darf eine Karte tauschen",
                      "no more reactions: each player may swap one card"),
    "challenge.right": ("richtig geraten", "the challenge is right"),
    "challenge.wrong": ("falsch geraten", "the challenge is wrong"),
    "revealed": ("Spieler {s}: deck deine Katzenkarte auf (Katze {c})",
                 "seat {s}: turn over your cat card (cat {c})"),
    "extra_turn": ("Spieler {s} ist gleich noch einmal dran", "seat {s} plays another turn at once"),
    "winner": ("Spieler {s} gewinnt", "seat {s} wins"),
}


def announce(name: str, value, language: str = "en") -> str:
    """One line for the event (name, value) as rules.apply returns it; language "de" or "en"."""
    params: dict = {}
    key = name
    if name in ("window", "challenge"):
        key = f"{name}.{value}"
    elif name == "locked":
        params["c"] = value + 1
    elif name == "revealed":
        params = {"c": value[0] + 1, "s": value[1] + 1}
    elif name != "reshuffle":
        params["s"] = value + 1
    if key not in LINES:
        raise ValueError(f"unknown Cats event {name!r}")
    return LINES[key][language == "en"].format(**params)


def json_event(name: str, value):
    """The event as JSON-ready data with 1-based seats and cats."""
    if name in ("draw", "locked", "extra_turn", "winner"):
        return {name: value + 1}
    if name == "revealed":
        return {name: {"cat": value[0] + 1, "seat": value[1] + 1}}
    return {name: value}
