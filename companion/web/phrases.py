"""The page's own words (static/app.js and its parts), keyed German and English like every other
phrase and registered beside them (companion/ui/i18n.py), so the page has no dictionary of its
own: the server sends them in its "hello" (`page_words`), each phrase as its template ("{who}
wins!": the page fills it). A game's words on the page come with its snapshot, worded by its
table package (a bed game's seats and kinds: companion/tables/bed.py)."""
from companion.ui import i18n

PHRASES = {
    "page.connecting": {"de": "verbinde…", "en": "connecting…"},
    "page.connected": {"de": "live", "en": "live"},
    "page.disconnected": {"de": "verbinde neu…", "en": "reconnecting…"},
    "page.simulator": {"de": "Simulator", "en": "Simulator"},
    "page.spectator": {"de": "Zuschauer-Ansicht", "en": "Spectator view"},
    "page.next_piece": {"de": "Nächste Figur", "en": "Next piece"},
    "page.lift": {"de": "Vom Bett nehmen", "en": "Take off the bed"},
    "page.cards": {"de": "Steuerkarten", "en": "Control cards"},
    "page.why_ask": {"de": "Warum?", "en": "Why?"},
    "page.moves": {"de": "Züge", "en": "Moves"},
    # a signed release uploaded for the family's OK (static/update.js, companion/web/upload.py)
    "page.update_upload": {"de": "Update aus einer Datei", "en": "Update from a file"},
    "page.update_help": {"de": "Die Update-Datei und ihre .sig wählen; der Companion prüft die Signatur und fragt.",
                         "en": "Choose the release file and its .sig; the companion checks the signature and asks."},
    "page.update_send": {"de": "Senden", "en": "Send"},
    "page.update_check": {"de": "Nach Updates suchen", "en": "Check for updates"},
    "page.update_pick": {"de": "Bitte die .tar.gz und ihre .sig wählen", "en": "Choose the .tar.gz and its .sig"},
    # what came of it, on the page and among the notices (web/upload.py, web/update_check.py)
    "page.update_received": {"de": "{name} ist angekommen. Der Companion prüft die Signatur und fragt dann.",
                             "en": "{name} arrived. The companion checks its signature, then asks."},
    "page.update_current": {"de": "Kein Update: {version} ist die neueste Version",
                            "en": "No update: {version} is the newest version"},
    "page.update_found": {"de": "Version {version} geladen. Der Companion prüft die Signatur und fragt dann.",
                          "en": "Version {version} downloaded. The companion checks its signature, then asks."},
    "page.hold_hint": {"de": "Taste gedrückt halten für einen langen Druck.",
                       "en": "Hold a button for a long press."},
    "page.help_control": {
        "de": "Klick auf ein leeres Feld setzt eine Figur (welche, sagt die Auswahl „Nächste Figur“:"
              " sie beantwortet auch die Frage des OLED, welche Figur es ist). Klick auf eine Figur"
              " nimmt sie auf; dann ein leeres Feld anklicken, um sie dort abzusetzen — oder nochmal"
              " auf sie, um sie vom Bett zu nehmen.",
        "en": "Click an empty square to put a piece down (the Next piece picker says which: it also"
              " answers the OLED's question which piece it is). Click a piece to pick it up, then an"
              " empty square to put it there — or click it again to take it off the bed."},
    "page.help_view": {"de": "Live-Ansicht des Spielbretts. Steuerung ist hier aus.",
                       "en": "A live view of the board. Control is off here."},
    "page.to_move": {"de": "am Zug", "en": "to move"},
    "page.pool": {"de": "Vorrat", "en": "pool"},
    "page.reserve": {"de": "Reserve", "en": "reserve"},
    "page.boxed": {"de": "Schachtel", "en": "boxed"},
    "page.wins": {"de": "{who} gewinnt!", "en": "{who} wins!"},
    "page.seat": {"de": "Spieler {n}", "en": "Player {n}"},
    "page.ai": {"de": "KI", "en": "AI"},
    # a remote game's other player (the seat's tag): a person at another companion
    "page.remote": {"de": "Fernspiel", "en": "remote"},
    "page.no_moves": {"de": "Noch keine Züge.", "en": "No moves yet."},
    "page.unsaved": {"de": "noch nicht gespeichert: Speicherproblem, wird wiederholt",
                     "en": "not saved yet: storage problem, retrying"},
    "page.btn_ok": {"de": "OK", "en": "OK"},
    "page.btn_back": {"de": "Zurück", "en": "Back"},
    "page.btn_cat": {"de": "Katze", "en": "Cat"},
    # the beginner toggle (the beginner card's state)
    "page.beginner_on": {"de": "Anfängermodus: an", "en": "Beginner mode: on"},
    "page.beginner_off": {"de": "Anfängermodus: aus", "en": "Beginner mode: off"},
    # the history view (static/history.js): past games, stepped through ply by ply
    "page.history": {"de": "Verlauf", "en": "History"},
    "page.history_head": {"de": "Vergangene Spiele", "en": "Past games"},
    "page.history_none": {"de": "Noch keine Spiele.", "en": "No games yet."},
    "page.h_date": {"de": "Datum", "en": "Date"},
    "page.h_game": {"de": "Spiel", "en": "Game"},
    "page.h_players": {"de": "Spieler", "en": "Players"},
    "page.h_winner": {"de": "Ergebnis", "en": "Result"},
    "page.h_length": {"de": "Länge", "en": "Length"},
    # a count's plural forms by CLDR's rules (app.js's page.plural): German and English have
    # "one" and "other"
    "page.h_plies_one": {"de": "{n} Zug", "en": "{n} move"},
    "page.h_plies_other": {"de": "{n} Züge", "en": "{n} moves"},
    "page.h_ply": {"de": "Zug {ply} von {plies}", "en": "Move {ply} of {plies}"},
    "page.h_won": {"de": "{who} gewann", "en": "{who} won"},
    "page.h_unfinished": {"de": "läuft noch", "en": "unfinished"},
    "page.h_abandoned": {"de": "abgebrochen", "en": "abandoned"},
    "page.h_draw": {"de": "unentschieden", "en": "draw"},
    "page.h_first": {"de": "Anfang", "en": "First"},
    "page.h_back": {"de": "Zurück", "en": "Back"},
    "page.h_next": {"de": "Weiter", "en": "Next"},
    "page.h_last": {"de": "Ende", "en": "Last"},
    "page.h_record": {"de": "Partie als Text", "en": "Record (text)"},
    "page.h_svg": {"de": "Animation (SVG)", "en": "Animation (SVG)"},
    "page.h_review": {"de": "Analyse", "en": "Review"},
    "page.h_close": {"de": "Zurück zum Tisch", "en": "Back to the table"},
    "page.h_list": {"de": "Alle Spiele", "en": "All games"},
    # the players' ratings against the computer (history.js's chart; service/ratings.py)
    "page.ratings_head": {"de": "Wertung gegen den Computer", "en": "Rating against the computer"},
    "page.rating_now_one": {"de": "{name}: etwa {rating} nach {n} Spiel",
                            "en": "{name}: about {rating} after {n} game"},
    "page.rating_now_other": {"de": "{name}: etwa {rating} nach {n} Spielen",
                              "en": "{name}: about {rating} after {n} games"},
    "page.guest": i18n.STRINGS["player.guest"],   # (the tables' word, for the page's own script)
    "page.h_keys": {"de": "Pfeiltasten: Zug vor und zurück", "en": "Arrow keys: step through the moves"},
}
i18n.register(PHRASES)


def page_words() -> dict[str, dict[str, str]]:
    """The page's words by language, as the page's `t(key)` reads them ("next_piece": ...)."""
    return {lang: {key.removeprefix("page."): entry[lang] for key, entry in PHRASES.items()}
            for lang in i18n.LANGUAGES}
