"""Purrtoe's words, German and English, keyed (parameters named); registered beside the shared
ones when its table is imported."""
from companion.ui import i18n

PHRASES = {
    "purrtoe.seat.y": {"de": "Gelb", "en": "Yellow"},
    "purrtoe.seat.v": {"de": "Lila", "en": "Violet"},
    "purrtoe.kitten": {"de": "Kätzchen", "en": "kitten"},
    "purrtoe.place": {"de": "Setz ein Kätzchen auf a1 bis c3", "en": "Put a kitten on a1 to c3"},
    "purrtoe.take_off": {"de": "Nimm die Figur von {square}", "en": "Take the piece off {square}"},
    "purrtoe.put_back": {"de": "Stell {seat} zurück auf {square}", "en": "Put {seat} back on {square}"},
    "purrtoe.won": {"de": "Drei Kätzchen in einer Reihe!", "en": "Three kittens in a row!"},
    "purrtoe.draw": {"de": "Unentschieden", "en": "A draw"},
    "purrtoe.reading": {"de": "Bett wird gelesen …", "en": "Reading the bed …"},
    "purrtoe.said": {"de": "{seat}: Kätzchen auf {square}", "en": "{seat}: kitten on {square}"},
}
i18n.register(PHRASES)
