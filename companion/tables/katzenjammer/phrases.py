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
