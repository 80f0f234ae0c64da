"""What the companion says after a Cat Attack event, one short English line per engine event
(seats 1-based). The table's screens translate these."""
from __future__ import annotations

from companion.games.cat_attack.state import SHOP_NAMES, TREAT_NAMES


def announce(name: str, value) -> str:
    if name == "life":
        seat, lost, left = value
        return f"seat {seat + 1} loses {lost} {'life' if lost == 1 else 'lives'} ({left} left)"
    if name == "retired":
        return f"seat {value + 1} retires: its cards go face up on the discards"
    if name == "home":
        return f"seat {value + 1}: back to your home field"
    if name == "draw":
        seat, cards = value
        return f"seat {seat + 1} draws {cards} Mog card{'s' if cards != 1 else ''}"
    if name == "reshuffle":
        return "the Mog pile is empty: shuffle the discards into a new pile"
    if name == "swap_card":
        by, other = value
        return f"seat {by + 1} may look at seat {other + 1}'s hand and swap one card"
    if name == "fight":
        winner, loser = value
        return f"seat {loser + 1} cannot match: seat {winner + 1} wins the fight"
    if name == "ask":
        return {"raid": "still on the home field or garden of the cat you raided?",
                "burglar": "still in the garden or on the home field you burgled?"}.get(value, value)
    if name == "car":
        return "the car drives along street" + ("s " if len(value) > 1 else " ") + \
            ", ".join(map(str, value))
    if name == "shop":
        shop, is_open = value
        return f"the {SHOP_NAMES[shop]} {'opens' if is_open else 'closes'}"
    if name == "treat":
        seat, treat, victim = value
        if seat is None:
            return f"the {TREAT_NAMES[treat]} vanishes from seat {victim + 1}'s larder"
        source = "" if victim is None else f" from seat {victim + 1}"
        return f"seat {seat + 1} takes the {TREAT_NAMES[treat]}{source}"
    if name == "win_check":
        return f"seat {value + 1} has 6 of 6 treats: now roll home exactly"
    if name == "winner":
        return f"seat {value + 1} wins"
    if name == "draw_game":
        return "nobody wins: a draw"
    raise ValueError(f"unknown Cat Attack event {name!r}")


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
