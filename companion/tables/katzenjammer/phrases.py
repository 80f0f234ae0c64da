"""Katzenjammer's words, keyed German/English phrases registered beside the shared ones: the
OLED's (its seats, headers, the chooser's menus and options, its own card) and the page's board
(kj.js draws them, page.py words them in the table's language)."""
from companion.ui import i18n

PHRASES = {
    "kj.seat.0": {"de": "Rot", "en": "Red"},
    "kj.seat.1": {"de": "Blau", "en": "Blue"},
    "kj.seat.2": {"de": "Grün", "en": "Green"},
    "kj.seat.3": {"de": "Schwarz", "en": "Black"},
    "head.kj.0": {"de": "Rot: {dice}", "en": "Red: {dice}"},
    "head.kj.1": {"de": "Blau: {dice}", "en": "Blue: {dice}"},
    "head.kj.2": {"de": "Grün: {dice}", "en": "Green: {dice}"},
    "head.kj.3": {"de": "Schwarz: {dice}", "en": "Black: {dice}"},
    "head.kj_won.0": {"de": "Rot gewinnt!", "en": "Red wins!"},
    "head.kj_won.1": {"de": "Blau gewinnt!", "en": "Blue wins!"},
    "head.kj_won.2": {"de": "Grün gewinnt!", "en": "Green wins!"},
    "head.kj_won.3": {"de": "Schwarz gewinnt!", "en": "Black wins!"},
    # what the voice says for a header (companion/voice/spoken.py: `spoken.<key>`): who rolled what,
    # then the choices made so far
    **{f"spoken.head.kj.{c}": {"de": f"{de} würfelt {{dice}}", "en": f"{en} rolls {{dice}}"}
       for c, de, en in ((0, "Rot", "Red"), (1, "Blau", "Blue"), (2, "Grün", "Green"), (3, "Schwarz", "Black"))},
    "spoken.kj.path": {"de": "{dice}: {path}", "en": "{dice}: {path}"},
    "spoken.kj.enter_die": {"de": "Würfel {die} zeigt {value}", "en": "die {die} shows {value}"},
    "kj.keys": {"de": "OK wählt · Katze/Zurück blättern", "en": "OK picks · CAT/BACK browse"},
    "kj.menu.dice": {"de": "Würfel {dice}", "en": "dice {dice}"},
    "kj.menu.second_die": {"de": "zweiter Würfel?", "en": "second die?"},
    "kj.menu.which_piece": {"de": "{label}: welche Figur?", "en": "{label}: which piece?"},
    "kj.menu.how": {"de": "{field}: wie?", "en": "{field}: how?"},
    "kj.menu.which_direction": {"de": "{label}: welche Richtung?", "en": "{label}: which direction?"},
    "kj.menu.how_far": {"de": "{field}: wie weit?", "en": "{field}: how far?"},
    "kj.menu.step_left": {"de": "{label}: noch 1 Schritt, welche Figur?", "en": "{label}: 1 step left, which piece?"},
    "kj.menu.steps_left": {"de": "{label}: noch {n} Schritte, welche Figur?",
                           "en": "{label}: {n} steps left, which piece?"},
    "kj.opt.void": {"de": "Wurf verfällt: nächster Spieler", "en": "void roll: nothing moves, next player"},
    "kj.void_passes": {"de": "geht gleich von selbst weiter (OK: sofort)", "en": "passes by itself (OK: now)"},
    "kj.opt.done": {"de": "fertig", "en": "done"},
    "kj.opt.enter": {"de": "einsetzen", "en": "enter"},
    "kj.opt.swap_with": {"de": "tauschen mit {field}", "en": "swap with {field}"},
    "kj.opt.forward_to": {"de": "vor auf {field}", "en": "forward to {field}"},
    "kj.opt.back_to": {"de": "zurück auf {field}", "en": "back to {field}"},
    "kj.opt.forward": {"de": "vorwärts", "en": "forward"},
    "kj.opt.backward": {"de": "rückwärts", "en": "backward"},
    "kj.opt.steps": {"de": "{steps} auf {field}", "en": "{steps} to {field}"},
    "kj.path": {"de": "{dice} {path}", "en": "{dice} {path}"},
    "kj.opt.steps_captures": {"de": "{steps} auf {field}, schlägt {n}", "en": "{steps} to {field}, captures {n}"},
    "kj.rolling": {"de": "Die Würfel rollen ...", "en": "Rolling the dice ..."},
    "kj.computer": {"de": "Der Computer zieht ...", "en": "The computer moves ..."},
    "kj.enter_die": {"de": "Würfel {die}: {value}", "en": "Die {die}: {value}"},
    "kj.dice.companion": {"de": "Der Companion würfelt", "en": "The companion rolls"},
    "kj.dice.players": {"de": "Ihr würfelt selbst", "en": "You roll your dice"},
    "join": {"de": "{a} · {b}", "en": "{a} · {b}"},
    "card.dice": {"de": "Eigene Würfel", "en": "Own dice"},
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
    # a die and a piece as a menu's choice, in words (the header's path of choices keeps "7", "12")
    "kj.opt.piece": {"de": "Figur auf {field}", "en": "piece on {field}"},
    "spoken.kj.opt.piece": {"de": "Figur auf {field}", "en": "the piece on {field}"},
    "kj.opt.die": {"de": "Würfel {label}", "en": "die {label}"},
    "spoken.kj.opt.die": {"de": "{label}", "en": "{label}"},
    "kj.opt.pair": {"de": "Pasch {label}", "en": "pair {label}"},
    "spoken.kj.opt.pair": {"de": "{label}", "en": "{label}"},
    "kj.opt.joker": {"de": "Joker als {value}", "en": "joker as {value}"},
    "spoken.kj.opt.joker": {"de": "{label}", "en": "{label}"},
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
