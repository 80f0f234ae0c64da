"""The companion's shared words, German (default) and English: what every game and the service
say alike (the "new game?" question, the language and player cards, the game menu, the cards,
the service's notes, remote play). A game's own words are its table package's (`phrases.py`,
registered with `register` when the table is imported: tables/maunz/phrases.py,
tables/katzenjammer/phrases.py, ...); the page's words are registered too and served with the
snapshot.

`text(key, language, **params)` formats one string with its parameters as given; no parameter
name means anything here. A word that follows a count is written with its plural forms in the
field of the count, named by the CLDR's plural categories, "{n} {n:one=Katze|other=Katzen}";
the language's rules (Babel's) choose the form, so no "Katze(n)" reaches a screen or the voice
(companion/ui/plural.py). A parameter that is itself words (a piece, a seat, a card) is passed
as the phrase of it, a `companion.ui.screens.Msg`, which `Msg.text` words in the same language
first ("Stell {piece} zurück" with piece=msg("piece.g")).
"""
from __future__ import annotations

from companion.ui import plural

LANGUAGES = ("de", "en")
DEFAULT = "de"

STRINGS: dict[str, dict[str, str]] = {
    # a line a game's table has already put into the table's language (Cats, Cat Attack)
    "text": {"de": "{text}", "en": "{text}"},
    # headers (first line of the OLED)
    "head.seat_turn": {"de": "{seat} ist dran", "en": "{seat} to move"},
    "head.seat_turn_named": {"de": "{seat}: {name}", "en": "{seat}: {name}"},
    "head.seat_won": {"de": "{seat} gewinnt!", "en": "{seat} wins!"},
    "head.paused": {"de": "Pause", "en": "Paused"},
    "head.confirm_new_game": {"de": "Neues Spiel?", "en": "New game?"},
    "head.correction": {"de": "Korrektur", "en": "Correction"},
    # instructions
    "confirm_keys": {"de": "OK = ja · Zurück = nein", "en": "OK = yes · BACK = no"},
    "confirm_card": {"de": "(oder Karte nochmal)", "en": "(or tap the card again)"},
    "new_game_keys": {"de": "Neues Spiel: OK drücken", "en": "New game: press OK"},
    # the end screen of a game that has a review (maunz., Katzenjammer: service/review.py)
    "review.offer": {"de": "Rückblick: Katze drücken", "en": "Review: press CAT"},
    "nothing_to_undo": {"de": "Nichts zurückzunehmen", "en": "Nothing to undo"},
    "language": {"de": "Sprache: Deutsch", "en": "Language: English"},
    "ai_off": {"de": "KI aus", "en": "AI off"},
    # the player card's notice in every game (companion/tables/controls.py): the seat as the
    # game calls it (maunz.: its colour; else "Spieler 2"), and the name
    "player_named": {"de": "{seat}: {name}", "en": "{seat}: {name}"},
    "table.seat": {"de": "Spieler {n}", "en": "Player {n}"},
    # whoever plays with no player card's name (the ratings, the puzzles: journaled as "")
    "player.guest": {"de": "Gast", "en": "Guest"},
    # a digit said as a word (companion/voice/spoken.py: a roll of dice, "sechs, drei, sechs")
    **{f"say.digit.{d}": {"de": de, "en": en} for d, (de, en) in enumerate(zip(
        ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"),
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")))},
    # the game menu (companion/tables/menu.py): choose a game, then confirm
    "head.menu": {"de": "Spiel wählen", "en": "Choose a game"},
    "head.menu_confirm": {"de": "Neues Spiel?", "en": "New game?"},
    "menu_item": {"de": "{mark} {title}", "en": "{mark} {title}"},
    # the control cards by function (the page's labels say the same)
    "card.new_game": {"de": "Neues Spiel", "en": "New game"},
    "card.undo": {"de": "Zug zurück", "en": "Undo"},
    "card.ai_off": {"de": "KI aus", "en": "AI off"},
    "card.language": {"de": "Sprache", "en": "Language"},
    "card.player": {"de": "Spielerkarte", "en": "Player card"},
    "card.game": {"de": "Spielkarte", "en": "Game card"},
    "card.event": {"de": "Ereigniskarte", "en": "Event card"},
    "card.own_cards": {"de": "Eigene Geheimkarten", "en": "Own secret cards"},
    "card.secret": {"de": "Geheimkarte", "en": "Secret card"},
    # the service's one-line notes on the page (its log keeps the English)
    # the card by what it does (a player's card by its name too), never by its UID: players
    # read this on the page; the log's line before it has the UID
    "note.card_unused": {"de": "Karte „{card}{named}“ tut nichts bei {game}",
                         "en": "card '{card}{named}' does nothing in {game}"},
    "note.unknown_card": {"de": "Unbekannte Karte {uid}: anlernen mit `companion cards add {uid}"
                                " FUNKTION` ({functions})",
                          "en": "unknown card {uid}: enrol it with `companion cards add {uid}"
                                " FUNCTION` ({functions})"},
    "note.no_puzzle": {"de": "Alle Puzzles gelöst!", "en": "Every puzzle solved!"},
    "note.no_table": {"de": "Spielkarte „{name}“: für dieses Spiel gibt es keinen Tisch; Spiele mit"
                            " Tisch: {known}",
                      "en": "game card '{name}': no table for that game; games with a table: {known}"},
    "note.storage_move": {"de": "Speicherproblem: {problem}; der Zug bleibt und wird wieder versucht",
                          "en": "storage problem: {problem}; the move is kept and retried"},
    "note.storage_setting": {"de": "Speicherproblem: {problem}; die Einstellung gilt, ist aber nicht"
                                   " gespeichert",
                             "en": "storage problem: {problem}; the setting applies but is not saved"},
    "note.ai_failed": {"de": "Die KI ist dreimal gescheitert; spielt ohne sie weiter (siehe Log)",
                       "en": "AI failed 3 times in a row; play on without it (see the log)"},
    "note.storage_ok": {"de": "Der Speicher geht wieder; weiterspielen",
                        "en": "storage works again; play on"},
    "note.voice_off_in_config": {"de": "Die Stimme ist in der Konfiguration aus ([voice] enabled)",
                                 "en": "the voice is off in the config ([voice] enabled)"},
    "card.voice": {"de": "Stimme", "en": "Voice"},
    # "why?" (issue 36, companion/tables/controls.py): the why card, the explanation's header,
    # and what it says when there is no judgement to explain yet
    "card.why": {"de": "Warum?", "en": "Why?"},
    "card.address": {"de": "Adresse", "en": "Address"},
    "card.flash": {"de": "Pico flashen", "en": "Flash the Pico"},
    "why.head": {"de": "Warum?", "en": "Why?"},
    "why.none": {"de": "Noch nichts zu erklären", "en": "Nothing to explain yet"},
    # the page's named cards (companion/web/protocol.py; the others are their `card.<function>`)
    "page.card.player": {"de": "Spieler {name}", "en": "Player {name}"},
    "page.card.game": {"de": "Spiel: {title}", "en": "Game: {title}"},
    "page.card.voice": {"de": "Stimme an/aus", "en": "Voice on/off"},
    "page.card.voice_volume": {"de": "Stimme {name} %", "en": "Voice {name} %"},
    # the page's own voice switch (static/voice.js), worded by service/snapshot.py
    "voice.page.on": {"de": "Ton an", "en": "Sound on"},
    "voice.page.off": {"de": "Ton aus", "en": "Sound off"},
    "voice.page.title": {"de": "Die Ansagen des Companions auf diesem Gerät sprechen",
                         "en": "Say the companion's guidance aloud on this device"},
    # remote play (companion/service/remote.py)
    "remote.head": {"de": "Fernspiel: {name}", "en": "Remote: {name}"},
    "remote.code": {"de": "Code: {code}", "en": "Code: {code}"},
    "remote.waiting_for_join": {"de": "Warte, bis der andere Companion den Code eingibt",
                                "en": "Waiting for the other companion to enter it"},
    "remote.no_broker": {"de": "Keine Verbindung zum Broker: warte …", "en": "No connection to the broker: waiting …"},
    "remote.peer_away": {"de": "{name} ist nicht verbunden: warte …", "en": "{name} is not connected: waiting …"},
    "remote.undo_asked": {"de": "{name} bittet: letzten Zug zurücknehmen?", "en": "{name} asks to take back the last move"},
    "remote.undo_waiting": {"de": "Zug zurück: warte auf {name}s Antwort", "en": "Undo asked: waiting for {name}'s answer"},
    "remote.undo_cancel": {"de": "Zurück = doch nicht", "en": "BACK = never mind"},
    "note.remote_undo_declined": {"de": "{name} möchte den Zug nicht zurücknehmen", "en": "{name} said no to the undo"},
    "note.remote_undo_later": {"de": "Erst {name}s Zug aufs Bett setzen, dann zurücknehmen",
                          "en": "First put {name}'s move on the bed, then undo"},
    "remote.undo_alone": {"de": "Zug ohne Absprache zurückgenommen: Fernspiel gestoppt",
                          "en": "A move was taken back without agreement: remote game stopped"},
    "remote.differs": {"de": "Zug {n} unterschiedlich: hier {here}, dort {there}",
                       "en": "Move {n} differs: {here} here, {there} there"},
    "remote.ended_here": {"de": "Hier wurde ein neues Spiel begonnen: Fernspiel beendet",
                          "en": "A new game was started here: the remote game ended"},
    "remote.stopped_how": {"de": "Neues Fernspiel: neuer Code", "en": "For a new remote game: a new code"},
    "note.remote": {"de": "Fernspiel: {why}", "en": "remote: {why}"},
    # the page's remote-play box (static/remote.js), worded by service/remote.py's snapshot
    "remote.page.title": {"de": "Fernspiel", "en": "Remote game"},
    "remote.page.code": {"de": "Kopplungscode", "en": "Pairing code"},
    "remote.page.who_orange": {"de": "du spielst Orange gegen {name}", "en": "you play orange against {name}"},
    "remote.page.who_grey": {"de": "du spielst Grau gegen {name}", "en": "you play grey against {name}"},
    "remote.page.waiting": {"de": "warte auf den anderen Companion", "en": "waiting for the other companion"},
    "remote.page.match": {"de": "{orange} (Orange) gegen {grey} (Grau)", "en": "{orange} (orange) against {grey} (grey)"},
    "remote.page.link_up": {"de": "Broker erreicht", "en": "broker reached"},
    "remote.page.link_down": {"de": "kein Broker erreicht", "en": "no broker reached"},
    "remote.page.away": {"de": "nicht verbunden", "en": "not connected"},
    "remote.page.stopped": {"de": "gestoppt", "en": "stopped"},
    "remote.page.undo_peer": {"de": "{name} bittet, den letzten Zug zurückzunehmen (OK: ja, Zurück: nein)",
                              "en": "{name} asks to take back the last move (OK: yes, BACK: no)"},
    "remote.page.undo_me": {"de": "Zug zurück erbeten: warte auf {name}", "en": "undo asked: waiting for {name}"},
    "note.remote_not_now": {"de": "Karte „{card}“ gilt nicht im Fernspiel", "en": "card '{card}' does not apply in a remote game"},
    "menu_keys": {"de": "OK = wählen · Katze = nächstes", "en": "OK = choose · CAT = next"},
    "menu_confirm": {"de": "{title}", "en": "{title}"},
    "menu_other": {"de": "Katze = anderes Spiel", "en": "CAT = another game"},
    # the service's own OLED message for a card it does not know (service/snapshot.py)
    "unknown_card.head": {"de": "Unbekannte Karte", "en": "Unknown card"},
    "unknown_card.how": {"de": "Anlernen mit:", "en": "Enrol it with:"},
    # the service's OLED when the image's first boot found a bad value on the SD card's FAT
    # partition (companion/image/firstboot.py): the head over the one line naming file and key
    "card_problem.head": {"de": "SD-Karte prüfen", "en": "Check the SD card"},
    # the service's OLED when a signed release was found on the SD card or a USB stick
    # (service/updates.py): the question, each step with a progress bar, the outcome
    "update.head": {"de": "Neue Version", "en": "New version"},
    "update.ask": {"de": "Update auf {version}?", "en": "Update to {version}?"},
    "update.keys": {"de": "OK: ja  Zurück: nein", "en": "OK: yes  BACK: no"},
    "update.to": {"de": "Update auf {version}", "en": "Update to {version}"},
    "update.step.verify": {"de": "Signatur prüfen", "en": "Checking signature"},
    "update.step.stage": {"de": "Installieren", "en": "Installing"},
    "update.step.breadcrumb": {"de": "Journal sichern", "en": "Saving the journal"},
    "update.step.trial": {"de": "Neue Version startet", "en": "Starting it"},
    "update.step.health": {"de": "Läuft sie?", "en": "Checking it runs"},
    "update.step.switch": {"de": "Umschalten", "en": "Switching over"},
    "update.step.done": {"de": "Fertig", "en": "Done"},
    "update.failed": {"de": "Kein Update", "en": "Not updated"},
    # the outcome in one line (the OLED under its head, a notice on the page), made from root's
    # fields (companion/update/offer.py, Status.outcome), never root's own English line (the log)
    "update.installed": {"de": "Update installiert: Version {version} läuft",
                        "en": "Update installed: now on {version}"},
    "update.rolled_back": {"de": "Zurück auf {back}: {version} {reason}",
                          "en": "Rolled back to {back}: {version} {reason}"},
    "update.rolled_back.unknown": {"de": "Zurück auf {back}, Details im Log",
                                  "en": "Rolled back to {back}, details in the log"},
    "update.not_installed": {"de": "{version} nicht installiert: {reason}", "en": "{version} not installed: {reason}"},
    "update.not_offered": {"de": "Kein Update angeboten: {reason}", "en": "No update offered: {reason}"},
    "update.outcome.unknown": {"de": "Update beendet, Details im Log", "en": "Update ended, details in the log"},
    # ... why a tried release was rolled back (unit.py, Health.kind: "{version} {reason}")
    "update.health.slow": {"de": "war nicht rechtzeitig bereit", "en": "was not ready in time"},
    "update.health.crashed": {"de": "ist beim Start abgestürzt", "en": "crashed on starting"},
    # ... why a release was not installed or not offered (signing.py, SignatureError.kind)
    "update.refused.unsigned": {"de": "die Datei ist nicht signiert", "en": "the file is not signed"},
    "update.refused.signature": {"de": "Signatur abgelehnt", "en": "signature refused"},
    "update.refused.damaged": {"de": "Datei beschädigt, neu herunterladen", "en": "file damaged, download it again"},
    "update.refused.no_key": {"de": "kein Schlüssel zum Prüfen, neueres Image nötig",
                              "en": "no key to check it, a newer image has one"},
    "update.refused.no_space": {"de": "kein Platz auf der SD-Karte", "en": "no space on the SD card"},
    "update.refused.older": {"de": "älter als die laufende Version", "en": "older than the running version"},
    "update.refused.unknown": {"de": "Details im Log", "en": "details in the log"},
    # a button pressed during the steps: it does nothing till the update ends (the bottom line)
    "update.buttons_wait": {"de": "Tasten: wenn fertig", "en": "Buttons: when done"},
    # the family's OK could not be written into the state folder: why and the fix (the OLED's
    # four lines under "update.failed", and the notice's {why})
    "update.full": {"de": "{folder} ist voll: Platz auf der SD-Karte schaffen, dann OK",
                    "en": "{folder} is full: free space on the SD card, then OK"},
    "update.unwritable": {"de": "{folder}: Schreiben geht nicht, SD-Karte prüfen, dann OK",
                          "en": "{folder} cannot be written: check the SD card, then OK"},
    # the update's notices (the log in English, the page in the table's language); its outcome is
    # the OLED's line above ("update.installed" ...), with root's own line after it in the log
    "note.update.ask": {"de": "Update auf {version}? OK am Begleiter (oder OK hier) installiert es, Zurück nicht",
                          "en": "Update to {version}? OK on the companion (or OK here) installs it; BACK does not"},
    "note.update.declined": {"de": "Update auf {version}: jetzt nicht (beim nächsten Start wieder angeboten)",
                               "en": "update to {version}: not now (it is offered again at the next start)"},
    "note.update.installing": {"de": "Update auf {version}: OK, wird installiert",
                                 "en": "update to {version}: OK, installing"},
    "note.update.not_started": {"de": "Update auf {version} nicht gestartet: {why}",
                                  "en": "update to {version} not started: {why}"},
    # the service's OLED with the page's address and its QR code (service/address.py): the words
    # beside the code, wrapped to its 11 columns
    "address.page": {"de": "Die Seite:", "en": "The page:"},
    "address.control": {"de": "QR-Code: am Tisch steuern", "en": "Scan the QR to play from it"},
    "address.watch": {"de": "QR-Code: zuschauen", "en": "Scan the QR to watch"},
    # the service's OLED while the Pico is flashed from the table (service/flashing.py)
    "flash.head": {"de": "Pico flashen", "en": "Flashing the Pico"},
    "flash.wanted": {"de": "Kein Pico antwortet: BOOTSEL halten und den Pico einstecken",
                     "en": "No Pico answers: hold BOOTSEL and plug in the Pico"},
    "flash.wait_drive": {"de": "BOOTSEL halten und den Pico einstecken", "en": "Hold BOOTSEL and plug in the Pico"},
    "flash.uf2": {"de": "MicroPython wird kopiert: {percent} %", "en": "Copying MicroPython: {percent} %"},
    "flash.wait_port": {"de": "Der Pico startet MicroPython", "en": "The Pico starts MicroPython"},
    "flash.files": {"de": "Brücken-Firmware: Datei {done} von {total}", "en": "Bridge firmware: file {done} of {total}"},
    "flash.hello": {"de": "Der Pico startet neu, HELLO wird geprüft", "en": "The Pico restarts: checking its HELLO"},
    "flash.done": {"de": "Fertig: Firmware {firmware}", "en": "Done: firmware {firmware}"},
    "flash.missing": {"de": "Datei fehlt: {file} (auf die SD-Karte legen)", "en": "File missing: {file} (put it on the SD card)"},
    # said without the file's name, which is symbols to a voice
    "spoken.flash.missing": {"de": "Die MicroPython-Datei für den Pico fehlt: auf die SD-Karte legen",
                             "en": "The MicroPython file for the Pico is missing: put it on the SD card"},
    "menu_abandon": {"de": "laufendes Spiel endet", "en": "ends the game in play"},
    # the service's OLED while a move is not durable (service/storage.py render_problem): a head
    # and four lines as drawn, one phrase a line
    "storage_problem.head": {"de": "Speicherproblem", "en": "Storage problem"},
    "storage_problem.1": {"de": "Zug nicht gesichert", "en": "Move not saved yet"},
    "storage_problem.2": {"de": "Bitte warten, es wird", "en": "Please wait: retrying"},
    "storage_problem.3": {"de": "erneut versucht.", "en": "automatically."},
    "storage_problem.4": {"de": "Speicher/SD prüfen", "en": "Check the SD card/disk"},
    # the page's stand-in for the OLED while it shows a seat's secrets (web/privacy.py), and
    # the caption beneath it
    "private.head": {"de": "Geheim!", "en": "Secret!"},
    "private.1": {"de": "Nur auf dem Display", "en": "Only on the"},
    "private.2": {"de": "des Begleiters:", "en": "companion's display:"},
    "private.3": {"de": "bitte nicht schauen", "en": "please look away"},
    "private.caption": {"de": "Geheim: nur auf dem Display des Begleiters",
                        "en": "A secret is on the companion's display"},
}


def register(phrases: dict[str, dict[str, str]]) -> None:
    """A game's table adds its own phrases (keyed, German and English, parameters named), beside
    the shared ones above; it calls this when its module is imported. A key already taken by
    other words is an error, so two tables never word one key two ways."""
    for key, entry in phrases.items():
        if set(entry) != set(LANGUAGES):
            raise ValueError(f"phrase {key!r}: give exactly the languages {', '.join(LANGUAGES)}")
        if STRINGS.get(key, entry) != entry:
            raise ValueError(f"phrase {key!r} is already registered with other words")
        STRINGS[key] = entry


def text(key: str, language: str = DEFAULT, **params) -> str:
    entry = STRINGS.get(key)
    if entry is None:
        raise KeyError(f"no text for key {key!r}; add it to companion/ui/i18n.py STRINGS or a"
                       " table's phrases")
    lang = language if language in LANGUAGES else DEFAULT
    return plural.format(entry[lang], lang, params)


def sentence(line: str) -> str:
    """A line as a sentence: its first letter a capital ("Player 2 wins", "The Mog pile is empty"),
    though its phrase may also stand inside another line."""
    return line[:1].upper() + line[1:] if line[:1].islower() else line


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; use one of: {', '.join(LANGUAGES)}")
    return language
