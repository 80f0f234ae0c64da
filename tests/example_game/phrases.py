"""Fischnapf's words, German and English, keyed; registered beside the shared ones."""
from companion.ui import i18n

PHRASES = {
    "fish.title": {"de": "Fischnapf", "en": "Fish bowl"},
    "fish.turn": {"de": "Spieler {seat} ist dran", "en": "Player {seat} to move"},
    "fish.left": {"de": "{n} Fische im Napf", "en": "{n} fish in the bowl"},
    "fish.keys": {"de": "OK = 1 nehmen · KATZE = 2 nehmen", "en": "OK = take 1 · CAT = take 2"},
    "card.count": {"de": "Fische zählen", "en": "Count the fish"},   # its own card, on the page
    "fish.won": {"de": "Spieler {seat} nimmt den letzten Fisch!", "en": "Player {seat} takes the last fish!"},
}
i18n.register(PHRASES)
