"""Cat Attack's events and button groups in words, German (the seed's names: Miezekarte,
Flinke Katze, Raubkatze, Neugierkarte, Rauferei …) and English, for the OLED and the page. The
notation (`C1`, `catch:b`, `curiosity:car:1`) is for the journal; a player reads words.
Pure: no I/O."""
from __future__ import annotations

from companion.games.cat_attack.state import KINDS, SHOPS, SPECIALS, TREATS

TREAT_NAMES = {"de": ("Vogel", "Maus", "Milch", "Fisch", "Vitamine", "Katzenfutter"),
               "en": ("bird", "mouse", "milk", "fish", "vitamins", "cat food")}
SHOP_NAMES = {"de": ("Molkerei", "Fischgeschäft", "Tierarzt", "Tante-Emma-Laden"),
              "en": ("dairy", "fishmonger", "vet", "corner shop")}
KIND_WORDS = {"de": ("Katze", "Maus", "Vogel"), "en": ("cat", "mouse", "bird")}
KIND_CARDS = {"de": ("Katzenkarte", "Mauskarte", "Vogelkarte"),
              "en": ("cat card", "mouse card", "bird card")}
SPECIAL_NAMES = {"de": ("Flinke Katze", "Katzenangriff", "Raubkatze"),
                 "en": ("Speedy Cat", "Cat Attack", "Cat Burglar")}

FIXED = {"de": {"done": "fertig", "none": "kann nicht mehr", "stayed": "ja, noch da",
                "left": "nein, weg", "home": "zu Hause angekommen", "time": "Zeit ist um",
                "hit:-": "niemand getroffen"},
         "en": {"done": "done", "none": "cannot match", "stayed": "yes, still there",
                "left": "no, gone", "home": "reached home", "time": "time is up",
                "hit:-": "nobody hit"}}

#: One template per event kind: {seat} a seat's name, {treat}, {shop}, {card}, {n}, {kind}.
TEMPLATES = {
    "de": {"card": "Miezekarte: {card}", "fight": "Rauferei mit {seat}: {kinds}",
           "six": "Sechskatzen-Magie: {treat} von {seat}", "loot": "{treat} von {seat} (Ruhestand)",
           "catch": "{treat} gefangen", "shop": "Laden: {shop} ({treat})",
           "attack": "Angriff auf {seat}", "raid": "Plündern bei {seat}: {treat}",
           "burgle": "Raubkatze im Laden: {shop} ({treat})",
           "burgle_seat": "Raubkatze bei {seat}: {treat}",
           "trespass": "Hausfriedensbruch: {seat} im Garten erwischt",
           "jam1": "in der Klemme: 1 Hindernis", "jam": "in der Klemme: {n} Hindernisse",
           "close": "Neugierkarte: {shop} schließt", "open": "Neugierkarte: {shop} öffnet",
           "car": "Neugierkarte: Auto fährt zu Straße {n}",
           "again": "Neugierkarte: noch eine Miezekarte spielen",
           "other": "Neugierkarte: eine andere", "hit": "getroffen: {seats}"},
    "en": {"card": "Mog card: {card}", "fight": "cat fight with {seat}: {kinds}",
           "six": "six-cats magic: {seat}'s {treat}", "loot": "{seat}'s {treat} (retired)",
           "catch": "caught the {treat}", "shop": "shop: {shop} ({treat})",
           "attack": "attacked {seat}", "raid": "raided {seat}: {treat}",
           "burgle": "Cat Burglar at the {shop} ({treat})",
           "burgle_seat": "Cat Burglar at {seat}'s home: {treat}",
           "trespass": "trespass: {seat} found in the garden",
           "jam1": "jammed: 1 obstacle", "jam": "jammed: {n} obstacles",
           "close": "Curiosity card: the {shop} closes", "open": "Curiosity card: the {shop} opens",
           "car": "Curiosity card: the car drives to street {n}",
           "again": "Curiosity card: play another Mog card",
           "other": "Curiosity card: any other", "hit": "hit: {seats}"},
}

GROUPS = {
    "de": {"C": "Katzenkarte …", "M": "Mauskarte …", "B": "Vogelkarte …", "fight": "Rauferei …",
           "fight:": "Rauferei mit {seat} …", "six": "Sechskatzen-Magie …",
           "loot": "Plündern (Ruhestand) …", "catch": "Vogel oder Maus gefangen …",
           "attack": "auf einer Katze gelandet …", "shop": "im Garten eines Ladens …",
           "raid": "Plündern …", "raid:": "Plündern bei {seat} …", "burgle": "Raubkatze im Laden …",
           "burgle:": "Raubkatze bei {seat} …", "jam": "in der Klemme …",
           "trespass": "Hausfriedensbruch …", "curiosity": "Neugierkarte …",
           "curiosity:shops": "Neugierkarte: Laden auf/zu …",
           "curiosity:car": "Neugierkarte: das Auto …", "hits": "mehrere getroffen …"},
    "en": {"C": "cat card …", "M": "mouse card …", "B": "bird card …", "fight": "cat fight …",
           "fight:": "cat fight with {seat} …", "six": "six-cats magic …",
           "loot": "loot a retired cat …", "catch": "caught a bird or mouse …",
           "attack": "landed on a cat …", "shop": "in a shop's garden …", "raid": "raid …",
           "raid:": "raid {seat} …", "burgle": "Cat Burglar at a shop …",
           "burgle:": "Cat Burglar at {seat}'s home …", "jam": "jammed …",
           "trespass": "trespass …", "curiosity": "Curiosity card …",
           "curiosity:shops": "Curiosity card: a shop opens/closes …",
           "curiosity:car": "Curiosity card: the car …", "hits": "several hit …"},
}


def card_name(token: str, lang: str) -> str:
    """A Mog card in words: C3 -> "Katze 3" / "cat 3", SPEEDY -> "Flinke Katze" / "Speedy Cat"."""
    if token in SPECIALS:
        return SPECIAL_NAMES[lang][SPECIALS.index(token)]
    return f"{KIND_WORDS[lang][KINDS.index(token[0])]} {token[1:]}"


def _shop_treat(letter: str, lang: str) -> dict:
    shop = SHOPS.index(letter)
    return {"shop": SHOP_NAMES[lang][shop], "treat": TREAT_NAMES[lang][TREATS.index(letter)]}


def describe(event: str, lang: str, seat_name) -> str:
    """An event in words; `seat_name(seat)` names a 0-based seat. Text that is no event of
    Cat Attack comes back as it is."""
    if event in FIXED[lang]:
        return FIXED[lang][event]
    t = TEMPLATES[lang]
    parts = event.split(":")
    kind = parts[0]
    if len(parts) == 1 and (event in SPECIALS or (len(event) == 2 and event[0] in KINDS)):
        return t["card"].format(card=card_name(event, lang))
    seat = (lambda text: seat_name(int(text) - 1))
    treat = (lambda letter: TREAT_NAMES[lang][TREATS.index(letter)])
    if kind == "fight":
        return t["fight"].format(seat=seat(parts[1]),
                                 kinds=KIND_CARDS[lang][KINDS.index(parts[2])] + ("n" if lang == "de" else "s"))
    if kind == "six":
        return t["six"].format(treat=treat(parts[1]), seat=seat(parts[2]))
    if kind in ("loot", "raid"):
        return t[kind].format(seat=seat(parts[1]), treat=treat(parts[2]))
    if kind in ("catch",):
        return t["catch"].format(treat=treat(parts[1]))
    if kind == "shop" or (kind == "burgle" and len(parts) == 2):
        return t[kind].format(**_shop_treat(parts[1], lang))
    if kind == "burgle":
        return t["burgle_seat"].format(seat=seat(parts[1]), treat=treat(parts[2]))
    if kind in ("attack", "trespass"):
        return t[kind].format(seat=seat(parts[1]))
    if kind == "jam":
        return t["jam1" if parts[1] == "1" else "jam"].format(n=parts[1])
    if kind == "curiosity":
        what = parts[1]
        if what in ("close", "open"):
            return t[what].format(**_shop_treat(parts[2], lang))
        return t[what].format(n=parts[2] if len(parts) > 2 else "")
    if kind == "hit":
        return t["hit"].format(seats=", ".join(seat(d) for d in parts[1]))
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
    words = GROUPS[lang]
    if arg and kind in ("fight", "raid", "burgle"):
        return words[kind + ":"].format(seat=seat_name(int(arg) - 1))
    return words[key]
