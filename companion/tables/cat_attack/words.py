"""Cat Attack's events and button groups in words, for the OLED and the page: the phrases are in
companion/tables/cat_attack/phrases.py (German and English); this module picks the phrase and
its values for an event. Pure: no I/O."""
from __future__ import annotations

from companion.games.cat_attack.state import KINDS, SHOPS, SPECIALS, TREATS
from companion.tables.cat_attack.phrases import name
from companion.ui import i18n

#: events worded by a fixed phrase (ca.fixed.<event>)
FIXED = ("done", "none", "stayed", "left", "home", "time", "hit:-")

def card_name(token: str, lang: str) -> str:
    """A Mog card in words: C3 -> "Katze 3" / "cat 3", SPEEDY -> "Flinke Katze" / "Speedy Cat"."""
    if token in SPECIALS:
        return name("special", SPECIALS.index(token), lang)
    return f"{name('kind', KINDS.index(token[0]), lang)} {token[1:]}"


def _shop_treat(letter: str, lang: str) -> dict:
    return {"shop": name("shop", SHOPS.index(letter), lang), "treat": name("treat", TREATS.index(letter), lang)}


def describe(event: str, lang: str, seat_name) -> str:
    """An event in words; `seat_name(seat)` names a 0-based seat. Text that is no event of
    Cat Attack comes back as it is."""
    if event in FIXED:
        return i18n.text(f"ca.fixed.{event}", lang)
    parts = event.split(":")
    kind = parts[0]
    if len(parts) == 1 and (event in SPECIALS or (len(event) == 2 and event[0] in KINDS)):
        return _say("card", lang, mog=card_name(event, lang))
    seat = (lambda text: seat_name(int(text) - 1))
    treat = (lambda letter: name("treat", TREATS.index(letter), lang))
    if kind == "fight":
        return _say("fight", lang, seat=seat(parts[1]), kinds=name("kind_cards", KINDS.index(parts[2]), lang))
    if kind == "six":
        return _say("six", lang, treat=treat(parts[1]), seat=seat(parts[2]))
    if kind in ("loot", "raid"):
        return _say(kind, lang, seat=seat(parts[1]), treat=treat(parts[2]))
    if kind in ("catch",):
        return _say("catch", lang, treat=treat(parts[1]))
    if kind == "shop" or (kind == "burgle" and len(parts) == 2):
        return _say(kind, lang, **_shop_treat(parts[1], lang))
    if kind == "burgle":
        return _say("burgle_seat", lang, seat=seat(parts[1]), treat=treat(parts[2]))
    if kind in ("attack", "trespass"):
        return _say(kind, lang, seat=seat(parts[1]))
    if kind == "jam":
        return _say("jam1" if parts[1] == "1" else "jam", lang, n=parts[1])
    if kind == "curiosity":
        what = parts[1]
        if what in ("close", "open"):
            return _say(what, lang, **_shop_treat(parts[2], lang))
        return _say(what, lang, n=parts[2] if len(parts) > 2 else "")
    if kind == "hit":
        return _say("hit", lang, seats=", ".join(seat(d) for d in parts[1]))
    return event


def group_of(event: str) -> tuple:
    """The button groups of an event: the kind first, then (for a few) the seat."""
    parts = event.split(":")
    kind = parts[0]
    if len(event) == 2 and event[0] in KINDS:
        return (event[0],)
    if kind in ("fight", "raid") or (kind == "burgle" and len(parts) == 3):
        return (kind, f"{kind}:{parts[1]}") if kind != "burgle" else (f"burgle:{parts[1]}",)
    if kind in ("six", "loot", "catch", "attack", "shop", "burgle", "jam", "trespass"):
        return (kind,)
    if kind == "curiosity":
        sub = {"close": "shops", "open": "shops", "car": "car"}.get(parts[1])
        return ("curiosity",) + ((f"curiosity:{sub}",) if sub else ())
    if kind == "hit" and len(parts[1]) > 1:
        return ("hits",)
    return ()


def group_label(key: str, lang: str, seat_name) -> str:
    kind, _, arg = key.partition(":")
    if arg and kind in ("fight", "raid", "burgle"):
        return i18n.text(f"ca.group.{kind}:", lang, seat=seat_name(int(arg) - 1))
    return i18n.text(f"ca.group.{key}", lang)


def _say(kind: str, lang: str, **values) -> str:
    """An event kind's phrase (ca.event.<kind>) with its values."""
    return i18n.text(f"ca.event.{kind}", lang, **values)
