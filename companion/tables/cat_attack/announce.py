"""What the Cat Attack table says after an engine event: the event (name, value as rules.apply
returns it) as a phrase of companion/tables/cat_attack/phrases.py ("ca.ev.*") and its named
values, seats 1-based. A value that is itself a word (a shop, a treat) is given as a `Word`, the
key of its phrase, and worded in the line's language. The table's OLED, its voice and
`companion cat-attack apply --json` say these lines; the engine names the events and words none
of them."""
from __future__ import annotations

from companion.games.cat_attack.state import SHOPS
from companion.tables.cat_attack.phrases import PHRASES
from companion.ui import i18n
from companion.ui.i18n import sentence


class Word(str):
    """A phrase's value that is a phrase itself (its key), worded in the same language."""


def phrase(name: str, value) -> tuple[str, dict]:
    """The phrase key and its values for the event (name, value); ValueError for an event the
    table has no words for."""
    key, p = f"ca.ev.{name}", {}
    if name in ("retired", "home", "win_check", "winner"):
        p["seat"] = value + 1
    elif name == "life":
        seat, lost, left = value
        key += ".one" if lost == 1 else ".many"
        p = {"seat": seat + 1, "n": lost, "left": left}
    elif name == "draw":
        seat, cards = value
        key += ".one" if cards == 1 else ".many"
        p = {"seat": seat + 1, "n": cards}
    elif name in ("swap_card", "fight"):
        p = {"seat": value[0] + 1, "other": value[1] + 1}
    elif name == "ask":
        what, _, detail = value.partition(":")
        key += f".{what}"
        if what == "garden":
            p["shop"] = Word(f"ca.shop.{SHOPS.index(detail)}")
        elif what == "streets":
            p["streets"] = ", ".join(detail)
    elif name == "car":
        p["streets"] = ", ".join(map(str, value))
    elif name == "shop":
        shop, is_open = value
        key += ".open" if is_open else ".closed"
        p["the_shop"] = Word(f"ca.the_shop.{shop}")
    elif name == "treat":
        seat, treat, victim = value
        if seat is None:   # gone from the victim's larder, to nobody
            key, p = "ca.ev.vanish", {"treat": Word(f"ca.treat.{treat}"), "other": victim + 1}
        else:
            p = {"seat": seat + 1, "the_treat": Word(f"ca.the_treat.{treat}")}
            if victim is not None:
                key, p["other"] = "ca.ev.treat_from", victim + 1
    if key not in PHRASES:
        raise ValueError(f"unknown Cat Attack event {name!r}")
    return key, p


def announce(name: str, value, language: str) -> str:
    """One line for the event (name, value), in `language` ("de" or "en")."""
    key, params = phrase(name, value)
    return sentence(i18n.text(key, language, **{k: i18n.text(v, language) if isinstance(v, Word) else v
                                                for k, v in params.items()}))
