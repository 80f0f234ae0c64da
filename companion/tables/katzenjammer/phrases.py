"""Katzenjammer's words on the page's board (static/kj.js draws them, page.py words them in the
table's language), keyed German/English phrases registered beside the shared ones (the OLED's
kj.* phrases live in companion/ui/i18n.py, which its sample screens need without a table)."""
from companion.ui import i18n

PHRASES = {
    "kj.page.to_move": {"de": "am Zug", "en": "to move"},
    "kj.page.wins": {"de": "gewinnt!", "en": "wins!"},
    "kj.page.last": {"de": "zuletzt", "en": "last"},
    "kj.page.rolling": {"de": "würfelt …", "en": "rolls …"},
}
i18n.register(PHRASES)

#: The dice, fields and moves as the OLED shows them (short: "66", "12", "+2") and as the voice
#: says them (companion/voice/spoken.py reads `spoken.<key>`): "Sechserpasch", "Feld 12",
#: "2 vor". Die faces in words, by value 1..9.
_FACE = {"de": ("Eins", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun"),
         "en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")}
_PAIR = {"de": ("Einserpasch", "Zweierpasch", "Dreierpasch", "Viererpasch", "Fünferpasch",
                "Sechserpasch", "Siebenerpasch", "Achterpasch", "Neunerpasch"),
         "en": tuple(f"pair of {w}" for w in ("ones", "twos", "threes", "fours", "fives", "sixes",
                                               "sevens", "eights", "nines"))}
_A = {v: "an" if v == 8 else "a" for v in range(1, 10)}


def _labels() -> dict[str, tuple[str, str]]:
    """Every die label (engine.labels) -> its words (de, en)."""
    out = {}
    for v in range(1, 10):
        face = (f"die {_FACE['de'][v - 1]}", f"the {_FACE['en'][v - 1]}")
        out[str(v)] = face
        out[f"{v}{v}"] = (_PAIR["de"][v - 1], f"the {_PAIR['en'][v - 1]}")
        out[f"55={v}"] = (f"der Joker als {_FACE['de'][v - 1]}", f"the joker as {_A[v]} {_FACE['en'][v - 1]}")
        if v != 5:
            out[f"55={v}{v}"] = (f"der Joker als {_PAIR['de'][v - 1]}", f"the joker as a {_PAIR['en'][v - 1]}")
    return out


WORDS = {
    **{f"kj.die.{label}": {"de": label, "en": label} for label in _labels()},
    **{f"spoken.kj.die.{label}": {"de": de, "en": en} for label, (de, en) in _labels().items()},
    # the dice by their names (Miwin's III, IV, V) while the players enter their own roll
    **{f"kj.die_name.{name}": {"de": name, "en": name} for name in ("III", "IV", "V")},
    **{f"spoken.kj.die_name.{name}": {"de": de, "en": en}
       for name, de, en in (("III", "drei", "three"), ("IV", "vier", "four"), ("V", "fünf", "five"))},
    # a ring field and a stall field, and a piece standing there (a menu's option)
    "kj.field": {"de": "{at}", "en": "{at}"},
    "spoken.kj.field": {"de": "Feld {at}", "en": "field {at}"},
    "kj.stall": {"de": "s{at}", "en": "s{at}"},
    "spoken.kj.stall": {"de": "Stallfeld {at}", "en": "stall field {at}"},
    "kj.opt.piece": {"de": "{field}", "en": "{field}"},
    "spoken.kj.opt.piece": {"de": "Figur auf {field}", "en": "the piece on {field}"},
    # a seven's segment: steps forward or back
    "kj.steps.forward": {"de": "+{k}", "en": "+{k}"},
    "spoken.kj.steps.forward": {"de": "{k} vor", "en": "{k} forward"},
    "kj.steps.back": {"de": "-{k}", "en": "-{k}"},
    "spoken.kj.steps.back": {"de": "{k} zurück", "en": "{k} back"},
    # a turn just played, said (a computer seat's: companion/tables/katzenjammer/spoken.py)
    "kj.say.turn": {"de": "{seat}: {die}", "en": "{seat}: {die}"},
    "kj.say.then": {"de": "dann {die}", "en": "then {die}"},
    "kj.say.void": {"de": "{seat}: Wurf verfällt", "en": "{seat}: void roll"},
    "kj.say.enter": {"de": "setzt eine Figur ein", "en": "enters a piece"},
    "kj.say.move": {"de": "zieht von {src} auf {dst}", "en": "moves from {src} to {dst}"},
    "kj.say.move_back": {"de": "zieht von {src} zurück auf {dst}", "en": "moves from {src} back to {dst}"},
    "kj.say.segment": {"de": "von {src} auf {dst}", "en": "from {src} to {dst}"},
    "kj.say.segment_back": {"de": "von {src} zurück auf {dst}", "en": "from {src} back to {dst}"},
    "kj.say.swap": {"de": "tauscht {src} mit {dst}", "en": "swaps {src} with {dst}"},
}
i18n.register(WORDS)


#: The page's move list in words (words.py): who rolled what, and each turn's die and action;
#: {seat} a colour's name, {field}/{dst} a ring field's number or "Stall 3", {src}/{other} the
#: field a piece stands on, with its colour's name before it when the piece is another seat's
#: (a pair moves foreign pieces)
MOVE_PHRASES = {
    "kj.move.roll": {"de": "{seat} würfelt {dice}", "en": "{seat} rolls {dice}"},
    "kj.move.void": {"de": "{seat}: Wurf verfällt", "en": "{seat}: void roll, nothing moves"},
    "kj.move.turn": {"de": "{seat}, {die}: {action}", "en": "{seat}, {die}: {action}"},
    "kj.move.die": {"de": "Würfel {label}", "en": "die {label}"},
    "kj.move.pair": {"de": "Pasch {label}", "en": "pair {label}"},
    "kj.move.joker": {"de": "Joker als {label}", "en": "joker as {label}"},
    "kj.move.enter": {"de": "einsetzen auf {field}", "en": "enters on {field}"},
    "kj.move.forward": {"de": "{src} vor auf {dst}", "en": "{src} forward to {dst}"},
    "kj.move.back": {"de": "{src} zurück auf {dst}", "en": "{src} back to {dst}"},
    "kj.move.swap": {"de": "{src} tauscht mit {other}", "en": "{src} swaps with {other}"},
    "kj.move.stall": {"de": "Stall {n}", "en": "stall {n}"},
    "kj.move.foreign": {"de": "{seat} {field}", "en": "{seat} {field}"},
}
i18n.register(MOVE_PHRASES)
