"""The words the event games' tables share (picker.py: Cats, Cat Attack), keyed German and
English, registered beside the shared ones; each game's own are in its table package's phrases."""
from companion.ui import i18n

PHRASES = {
    "picker.undo_keys": {"de": "rückgängig: Zurück lang", "en": "undo: hold BACK"},
    "picker.undone": {"de": "zurückgenommen: {event}", "en": "taken back: {event}"},
    "picker.nothing": {"de": "nichts zurückzunehmen", "en": "nothing to take back"},
    "picker.kept": {"de": "bleibt für das nächste Mal: {draws}", "en": "kept for the next draw: {draws}"},
    "picker.reused": {"de": "wie zuvor gezogen: {draws}", "en": "drawn before, given again: {draws}"},
    "picker.ack": {"de": "OK: weiter", "en": "OK: continue"},
    "picker.up": {"de": "zurück zur Auswahl davor", "en": "back to the previous choices"},
    "picker.position": {"de": "Wahl {n} von {of}", "en": "option {n} of {of}"},
    "picker.malformed": {"de": "{event} ist keine Aktion dieses Spiels", "en": "{event} is no event of this game"},
    "picker.no": {"de": "Nein: {why}", "en": "No: {why}"},
    "picker.seat": {"de": "Spieler {n}", "en": "Player {n}"},
}
i18n.register(PHRASES)
