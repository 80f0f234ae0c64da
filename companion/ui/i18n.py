"""The companion's words, German (default) and English.

`text(key, language, **params)` formats one string. Parameters with these names are translated
before formatting, so callers pass plain values:
    piece  - a piece letter 'o' 'O' 'g' 'G'  -> "das graue Kätzchen" / "the grey kitten"
    kind   - 'k' or 'c'                       -> "Kätzchen" / "kitten"
    colour - 0 or 1                           -> "Orange" / "Grey"
    card   - a control card's function        -> "Tipp" / "Hint"
"""
from __future__ import annotations

LANGUAGES = ("de", "en")
DEFAULT = "de"

STRINGS: dict[str, dict[str, str]] = {
    # a line a game's table has already put into the table's language (Cats, Cat Attack)
    "text": {"de": "{text}", "en": "{text}"},
    # pieces and colours
    "colour.0": {"de": "Orange", "en": "Orange"},
    "colour.1": {"de": "Grau", "en": "Grey"},
    "kind.k": {"de": "Kätzchen", "en": "kitten"},
    "kind.c": {"de": "Katze", "en": "cat"},
    "piece.o": {"de": "das orange Kätzchen", "en": "the orange kitten"},
    "piece.O": {"de": "die orange Katze", "en": "the orange cat"},
    "piece.g": {"de": "das graue Kätzchen", "en": "the grey kitten"},
    "piece.G": {"de": "die graue Katze", "en": "the grey cat"},
    "piece.?": {"de": "die Figur", "en": "the piece"},
    # headers (first line of the OLED)
    "head.turn": {"de": "{colour} ist dran", "en": "{colour} to move"},
    "head.turn_named": {"de": "{colour}: {name}", "en": "{colour}: {name}"},
    "head.won": {"de": "{colour} gewinnt!", "en": "{colour} wins!"},
    "head.paused": {"de": "Pause", "en": "Paused"},
    "head.confirm_new_game": {"de": "Neues Spiel?", "en": "New game?"},
    "head.correction": {"de": "Korrektur", "en": "Correction"},
    "head.undo": {"de": "Zug zurück", "en": "Undo"},
    "head.clear": {"de": "Neues Spiel", "en": "New game"},
    # instructions
    "place": {"de": "Setz ein Kätzchen oder eine Katze", "en": "Place a kitten or a cat"},
    "place_kitten": {"de": "Setz ein Kätzchen", "en": "Place a kitten"},
    "place_cat": {"de": "Setz eine Katze", "en": "Place a cat"},
    "cat_declared": {"de": "Katze angesagt", "en": "Cat declared"},
    "no_cat": {"de": "Keine Katze im Vorrat", "en": "No cat in the pool"},
    "ask_kind": {"de": "{square}: Kätzchen oder Katze?", "en": "{square}: kitten or cat?"},
    "ask_keys": {"de": "OK = Kätzchen · Katze = Katze", "en": "OK = kitten · CAT = cat"},
    "boop": {"de": "{src} → {dst}", "en": "{src} → {dst}"},
    "boop_off": {"de": "{src} vom Bett", "en": "{src} off the bed"},
    "lift": {"de": "{squares} vom Bett", "en": "{squares} off the bed"},
    "choose_line": {"de": "Wähle: heb eine Dreierreihe ab", "en": "Choose: lift a line of three"},
    "choose_retire": {"de": "Wähle: heb eine Figur ab", "en": "Choose: lift one piece"},
    "choose_any": {"de": "Wähle: Dreierreihe oder eine Figur abheben",
                   "en": "Choose: lift a line of three or one piece"},
    "to_box": {"de": "{n} Kätzchen in die Schachtel", "en": "{n} kitten(s) into the box"},
    "cats_in": {"de": "+{n} Katze(n) aus der Reserve", "en": "+{n} cat(s) from the reserve"},
    "cats_back": {"de": "{n} Katze(n) zurück in den Vorrat", "en": "{n} cat(s) back to the pool"},
    "kits_back": {"de": "{n} Kätzchen zurück in den Vorrat", "en": "{n} kitten(s) back to the pool"},
    "grad_rule": {"de": "Kätzchen → Schachtel, Katzen → Vorrat",
                  "en": "kittens → box, cats → pool"},
    "not_option": {"de": "{square} ist keine Wahl: zurückstellen",
                   "en": "{square} is no option: put it back"},
    "confirm_retire": {"de": "Nur {square} nehmen? OK drücken", "en": "Only {square}? Press OK"},
    "put_back": {"de": "Stell {piece} zurück auf {square}", "en": "Put {piece} back on {square}"},
    "put_on": {"de": "Setz {piece} auf {square}", "en": "Put {piece} on {square}"},
    "take_off": {"de": "Nimm die Figur von {square}", "en": "Take the piece off {square}"},
    "carry": {"de": "Stell {piece} von {src} auf {dst}", "en": "Move {piece} from {src} to {dst}"},
    "off_to_pool": {"de": "Stell {piece} von {square} zurück in den Vorrat",
                    "en": "Put {piece} from {square} back in the pool"},
    "on_from_pool": {"de": "Setz {piece} aus dem Vorrat auf {square}",
                     "en": "Put {piece} from the pool on {square}"},
    "on_from_box": {"de": "Setz {piece} aus der Schachtel auf {square}",
                    "en": "Put {piece} from the box on {square}"},
    "box_to_pool": {"de": "{n} Kätzchen von {colour} aus der Schachtel in den Vorrat",
                    "en": "{n} {colour} kitten(s) from the box to the pool"},
    "to_reserve": {"de": "{n} Katze(n) von {colour} zurück in die Reserve",
                   "en": "{n} {colour} cat(s) back to the reserve"},
    "more": {"de": "(noch {n})", "en": "({n} more)"},
    "ai_thinking": {"de": "KI denkt nach …", "en": "AI is thinking …"},
    "ai_move": {"de": "KI: {kind} auf {square}", "en": "AI: {kind} on {square}"},
    "remote_move": {"de": "{name}: {kind} auf {square}", "en": "{name}: {kind} on {square}"},
    "remote_wait": {"de": "{name} zieht (Fernspiel) …", "en": "{name} is moving (remote) …"},
    "hint_move": {"de": "Tipp: {kind} auf {square}", "en": "Hint: {kind} on {square}"},
    "hint_wait": {"de": "Tipp wird berechnet …", "en": "Finding a hint …"},
    "then_lift": {"de": "dann {squares} vom Bett", "en": "then {squares} off the bed"},
    "confirm_keys": {"de": "OK = ja · Zurück = nein", "en": "OK = yes · BACK = no"},
    "confirm_card": {"de": "(oder Karte nochmal)", "en": "(or tap the card again)"},
    "paused": {"de": "Brett wird neu gelesen …", "en": "Re-reading the bed …"},
    "offline": {"de": "Brett nicht verbunden", "en": "Bed not connected"},
    "won": {"de": "Drei Katzen in einer Reihe!", "en": "Three cats in a row!"},
    "won_all": {"de": "Alle 8 Katzen auf dem Bett!", "en": "All 8 cats on the bed!"},
    "won_kids": {"de": "Drei in einer Reihe!", "en": "Three in a row!"},
    "new_game_keys": {"de": "Neues Spiel: OK drücken", "en": "New game: press OK"},
    "clear_bed": {"de": "Bett abräumen", "en": "Clear the bed"},
    "nothing_to_undo": {"de": "Nichts zurückzunehmen", "en": "Nothing to undo"},
    "language": {"de": "Sprache: Deutsch", "en": "Language: English"},
    "ai_set": {"de": "KI spielt {colour}", "en": "AI plays {colour}"},
    "ai_off": {"de": "KI aus", "en": "AI off"},
    # the player card's notice in every game (companion/tables/controls.py): the seat as the
    # game calls it (maunz.: its colour; else "Spieler 2"), and the name
    "player_named": {"de": "{seat}: {name}", "en": "{seat}: {name}"},
    "table.seat": {"de": "Spieler {n}", "en": "Player {n}"},
    # a digit said as a word (companion/voice/spoken.py: a roll of dice, "sechs, drei, sechs")
    **{f"say.digit.{d}": {"de": de, "en": en} for d, (de, en) in enumerate(zip(
        ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"),
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")))},
    # the voice's account of a move just made (companion/tables/maunz/session.py said_move)
    "say.move": {"de": "{colour}: {kind} auf {square}", "en": "{colour}: {kind} on {square}"},
    "say.boop": {"de": "stupst {src} nach {dst}", "en": "boops {src} to {dst}"},
    "say.boop_off": {"de": "stupst {src} vom Bett", "en": "boops {src} off the bed"},
    "say.lift": {"de": "hebt {squares} ab", "en": "lifts {squares}"},
    "wrong_kind": {"de": "{square}: {kind} passt nicht zu diesem Zug – abheben",
                   "en": "{square}: a {kind} is not this move: lift it"},
    "swapped_kind": {"de": "{square}: {kind} statt {want} – tauschen",
                     "en": "{square}: a {kind} where a {want} belongs: swap it"},
    "restored": {"de": "Bett stimmt wieder", "en": "Bed is right again"},
    # the game menu (companion/tables/menu.py): choose a game, then confirm
    # a card game's table composes its lines in its own language (companion/games/monster_mau_mau)
    "head.menu": {"de": "Spiel wählen", "en": "Choose a game"},
    "head.menu_confirm": {"de": "Neues Spiel?", "en": "New game?"},
    "menu_item": {"de": "{mark} {title}", "en": "{mark} {title}"},
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
    # the chooser's menus (companion/tables/katzenjammer/chooser.py): titles, then options. Die
    # labels ("7", "33", "55=8") and fields ("12", "s3") read the same in both languages.
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
    "kj.opt.done": {"de": "fertig", "en": "done"},
    "kj.opt.enter": {"de": "einsetzen", "en": "enter"},
    "kj.opt.swap_with": {"de": "tauschen mit {field}", "en": "swap with {field}"},
    "kj.opt.forward_to": {"de": "vor auf {field}", "en": "forward to {field}"},
    "kj.opt.back_to": {"de": "zurück auf {field}", "en": "back to {field}"},
    "kj.opt.forward": {"de": "vorwärts", "en": "forward"},
    "kj.opt.backward": {"de": "rückwärts", "en": "backward"},
    "kj.opt.steps": {"de": "{steps} auf {field}", "en": "{steps} to {field}"},
    "kj.path": {"de": "{dice} {path}", "en": "{dice} {path}"},
    "join": {"de": "{a} · {b}", "en": "{a} · {b}"},
    "kj.opt.steps_captures": {"de": "{steps} auf {field}, schlägt {n}", "en": "{steps} to {field}, captures {n}"},
    "kj.rolling": {"de": "Die Würfel rollen ...", "en": "Rolling the dice ..."},
    "kj.computer": {"de": "Der Computer zieht ...", "en": "The computer moves ..."},
    "kj.enter_die": {"de": "Würfel {die}: {value}", "en": "Die {die}: {value}"},
    "kj.dice.companion": {"de": "Der Companion würfelt", "en": "The companion rolls"},
    "kj.dice.players": {"de": "Ihr würfelt selbst", "en": "You roll your dice"},
    # the control cards by function (the page's labels say the same)
    "card.new_game": {"de": "Neues Spiel", "en": "New game"},
    "card.undo": {"de": "Zug zurück", "en": "Undo"},
    "card.cat": {"de": "Katze", "en": "Cat"},
    "card.hint": {"de": "Tipp", "en": "Hint"},
    "card.ai_orange": {"de": "KI spielt Orange", "en": "AI plays orange"},
    "card.ai_grey": {"de": "KI spielt Grau", "en": "AI plays grey"},
    "card.ai_off": {"de": "KI aus", "en": "AI off"},
    "card.language": {"de": "Sprache", "en": "Language"},
    "card.player": {"de": "Spielerkarte", "en": "Player card"},
    "card.game": {"de": "Spielkarte", "en": "Game card"},
    "card.event": {"de": "Ereigniskarte", "en": "Event card"},
    "card.dice": {"de": "Eigene Würfel", "en": "Own dice"},
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
    "note.no_table": {"de": "Spielkarte '{name}': für dieses Spiel gibt es keinen Tisch; Spiele mit"
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
    "card_problem.head": {"de": "SD-Karte pruefen", "en": "Check the SD card"},
    "menu_abandon": {"de": "laufendes Spiel endet", "en": "ends the game in play"},
    # the service's OLED while a move is not durable (service/storage.py render_problem): a head
    # and four lines as drawn, one phrase a line (ASCII "pruefen": the OLED's bitmap font)
    "storage_problem.head": {"de": "Speicherproblem", "en": "Storage problem"},
    "storage_problem.1": {"de": "Zug nicht gesichert", "en": "Move not saved yet"},
    "storage_problem.2": {"de": "Bitte warten, es wird", "en": "Please wait: retrying"},
    "storage_problem.3": {"de": "erneut versucht.", "en": "automatically."},
    "storage_problem.4": {"de": "Speicher/SD pruefen", "en": "Check the SD card/disk"},
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
    if "piece" in params:
        params["piece"] = STRINGS[f"piece.{params['piece'] or '?'}"][lang]
    if "kind" in params:
        params["kind"] = STRINGS[f"kind.{params['kind']}"][lang]
    if "colour" in params:
        params["colour"] = STRINGS[f"colour.{params['colour']}"][lang]
    if "card" in params:
        params["card"] = STRINGS[f"card.{params['card']}"][lang]
    return entry[lang].format(**params)


def sentence(line: str) -> str:
    """A line as a sentence: its first letter a capital ("Seat 2 wins", "The Mog pile is empty"),
    though its phrase may also stand inside another line."""
    return line[:1].upper() + line[1:] if line[:1].islower() else line


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; use one of: {', '.join(LANGUAGES)}")
    return language
