"""What the companion says after a Cat Attack event, in German (the companion's default) or
English: one short line per engine event, seats 1-based."""
from __future__ import annotations

from companion.games.cat_attack.state import SHOP_NAMES, SHOPS, TREAT_NAMES

SHOPS_DE = ("die Molkerei", "das Fischgeschäft", "der Tierarzt", "der Tante-Emma-Laden")
TREATS_DE = ("den Vogel", "die Maus", "die Milch", "den Fisch", "die Vitamine", "das Katzenfutter")

LINES = {
    "life": ("Spieler {s} verliert {n} Leben (noch {left})",
             "seat {s} loses {n} {lives} ({left} left)"),
    "retired": ("Spieler {s} geht in den Ruhestand: Karten offen auf die Ablage",
                "seat {s} retires: its cards go face up on the discards"),
    "home": ("Spieler {s}: ab nach Hause aufs Ausgangsfeld", "seat {s}: back to your home field"),
    "draw": ("Spieler {s} zieht {n} Miezekarte{pl_de}", "seat {s} draws {n} Mog card{pl}"),
    "reshuffle": ("Miezekarten alle: Ablage mischen, neuer Stapel",
                  "the Mog pile is empty: shuffle the discards into a new pile"),
    "swap_card": ("Spieler {s} darf die Karten von Spieler {t} ansehen und eine tauschen",
                  "seat {s} may look at seat {t}'s hand and swap one card"),
    "fight": ("Spieler {t} kann nicht mehr: Spieler {s} gewinnt die Rauferei",
              "seat {t} cannot match: seat {s} wins the fight"),
    "ask.raid": ("Stehst du noch auf dem Ausgangsfeld oder im Garten der beraubten Katze?",
                 "still on the home field or garden of the cat you raided?"),
    "ask.burglar": ("Stehst du noch im Garten oder auf dem Ausgangsfeld, wo du geraubt hast?",
                    "still in the garden or on the home field you burgled?"),
    "ask.garden": ("Wer ist im Garten: {shop}?", "who is in the {shop}'s garden?"),
    "ask.streets": ("Welche Katzen sind auf Straße {streets}?",
                    "which cats are on street {streets}?"),
    "car": ("Das Auto fährt über Straße {streets}", "the car drives along street {streets}"),
    "shop.open": ("{shop} öffnet", "the {shop} opens"),
    "shop.closed": ("{shop} schließt", "the {shop} closes"),
    "treat": ("Spieler {s} nimmt {treat}{source}", "seat {s} takes the {treat}{source}"),
    "vanish": ("{treat} verschwindet aus der Speisekammer von Spieler {t}",
               "the {treat} vanishes from seat {t}'s larder"),
    "win_check": ("Spieler {s} hat 6 von 6 Leckerbissen: jetzt genau nach Hause würfeln",
                  "seat {s} has 6 of 6 treats: now roll home exactly"),
    "winner": ("Spieler {s} gewinnt", "seat {s} wins"),
    "draw_game": ("Niemand gewinnt: unentschieden", "nobody wins: a draw"),
}


def announce(name: str, value, language: str = "en") -> str:
    """One line for the event (name, value) as rules.apply returns it; language "de" or "en"."""
    en = language == "en"
    key, p = name, {}
    if name in ("retired", "home", "win_check", "winner"):
        p["s"] = value + 1
    elif name == "life":
        p = {"s": value[0] + 1, "n": value[1], "left": value[2],
             "lives": "life" if value[1] == 1 else "lives"}
    elif name == "draw":
        p = {"s": value[0] + 1, "n": value[1], "pl": "" if value[1] == 1 else "s",
             "pl_de": "" if value[1] == 1 else "n"}
    elif name in ("swap_card", "fight"):
        p = {"s": value[0] + 1, "t": value[1] + 1}
    elif name == "ask":
        key, _, detail = f"ask.{value}".partition(":")
        if key == "ask.garden":
            shop = SHOPS.index(detail)
            p["shop"] = SHOP_NAMES[shop] if en else SHOPS_DE[shop].split(" ", 1)[1]
        elif key == "ask.streets":
            p["streets"] = ", ".join(detail)
    elif name == "car":
        p["streets"] = ", ".join(map(str, value))
    elif name == "shop":
        key = "shop.open" if value[1] else "shop.closed"
        shop = SHOPS_DE[value[0]]   # capitalize() would also lower "Tante-Emma-Laden"
        p["shop"] = SHOP_NAMES[value[0]] if en else shop[0].upper() + shop[1:]
    elif name == "treat":
        seat, treat, victim = value
        p["treat"] = TREAT_NAMES[treat] if en else TREATS_DE[treat]
        if seat is None:
            key, p["t"] = "vanish", victim + 1
            if not en:
                p["treat"] = p["treat"].split(" ", 1)[1]
        else:
            p["s"] = seat + 1
            p["source"] = "" if victim is None else (
                f" from seat {victim + 1}" if en else f" von Spieler {victim + 1}")
    if key not in LINES:
        raise ValueError(f"unknown Cat Attack event {name!r}")
    return LINES[key][en].format(**p)


def json_event(name: str, value):
    """The event as JSON-ready data with 1-based seats."""
    def seat(s):
        return None if s is None else s + 1
    if name in ("retired", "home", "win_check", "winner"):
        return {name: seat(value)}
    if name == "life":
        return {name: {"seat": seat(value[0]), "lost": value[1], "left": value[2]}}
    if name == "draw":
        return {name: {"seat": seat(value[0]), "cards": value[1]}}
    if name in ("swap_card", "fight"):
        return {name: [seat(value[0]), seat(value[1])]}
    if name == "shop":
        return {name: {"shop": SHOP_NAMES[value[0]], "open": value[1]}}
    if name == "treat":
        return {name: {"seat": seat(value[0]), "treat": TREAT_NAMES[value[1]],
                       "from": seat(value[2])}}
    return {name: value}
