"""What the Cats table says, in German and English: one keyed phrase table (parameters named),
registered with companion/ui/i18n.py when the table is imported, and worded in the table's
language only when shown. The secret set-up's lines name only a card's kind, never the card."""
from __future__ import annotations

from companion.ui import i18n

#: The four objects and the four characters, in the engine's order (state.OBJECTS).
OBJECT_WORDS = (("Futternapf", "food bowl"), ("Kissen", "cushion"), ("Maus", "mouse"), ("Päckchen", "parcel"))
#: ... with their article, and where a cat sits on one ("Katze 1 auf dem Futternapf", never "auf
#: Futternapf")
THE_OBJECT = (("der Futternapf", "the food bowl"), ("das Kissen", "the cushion"), ("die Maus", "the mouse"),
              ("das Päckchen", "the parcel"))
ON_OBJECT = (("auf dem Futternapf", "on the food bowl"), ("auf dem Kissen", "on the cushion"),
             ("auf der Maus", "on the mouse"), ("auf dem Päckchen", "on the parcel"))
CHARACTER_WORDS = (("gefräßig", "greedy"), ("faul", "lazy"), ("bissig", "snappy"), ("neugierig", "curious"))

PHRASES = {
    **{f"cats.object.{i}": {"de": de, "en": en} for i, (de, en) in enumerate(OBJECT_WORDS)},
    **{f"cats.the_object.{i}": {"de": de, "en": en} for i, (de, en) in enumerate(THE_OBJECT)},
    **{f"cats.on_object.{i}": {"de": de, "en": en} for i, (de, en) in enumerate(ON_OBJECT)},
    **{f"cats.character.{i}": {"de": de, "en": en} for i, (de, en) in enumerate(CHARACTER_WORDS)},
    # the header and the prompts
    # German without "!": the OLED's header bar holds "Spieler 1 gewinnt" beside a page marker ("1/3")
    "cats.wins": {"de": "{name} gewinnt", "en": "{name} wins!"},
    "cats.shuffling": {"de": "Karten werden gemischt", "en": "Shuffling"},
    "cats.to_act": {"de": "{name} ist dran", "en": "{name} to act"},
    # while the mover's turn waits for the others: who reacts, who may swap now
    "cats.to_react": {"de": "{name} reagiert", "en": "{name} reacts"},
    "cats.to_swap": {"de": "{name} tauscht", "en": "{name} swaps"},
    "cats.alone": {"de": "{name}: allein? Dann OK", "en": "{name}: alone? Then press OK"},
    "cats.your_cat": {"de": "Deine Katze: {cat}, {character} ({obj})",
                      "en": "Your cat: {cat}, {character} ({obj})"},
    "cats.hide": {"de": "OK: verdecken", "en": "OK: hide"},
    "cats.steps": {"de": "Schritte {steps}/4, Objekte {objects}/2", "en": "steps {steps}/4, objects {objects}/2"},
    "cats.react": {"de": "Reaktionskarte antippen oder weiter", "en": "tap a reaction card or pass"},
    "cats.swap_q": {"de": "{name}: eine Karte tauschen?", "en": "{name}: swap one card?"},
    "cats.challenge_q": {"de": "herausfordern?", "en": "challenge someone?"},
    # what the table announces after an engine event (companion/tables/cats/announce.py words
    # the event; `companion cats apply --json` says the same): seats and cats 1-based
    "cats.ev.draw": {"de": "Spieler {seat} zieht eine Ersatzkarte",
                     "en": "seat {seat} draws a replacement card"},
    "cats.ev.reshuffle": {"de": "Stapel leer: Ablage mischen, neuer Stapel",
                          "en": "the reaction deck is empty: shuffle the discards into a new pile"},
    "cats.ev.locked": {"de": "Schnurr: Katze {cat} bleibt, wo sie war, und darf nicht mehr umgesetzt werden",
                       "en": "Schnurr: cat {cat} stays where it was and may not be sent again"},
    "cats.ev.window.none": {"de": "diesmal keine Reaktionen", "en": "no reactions this time"},
    "cats.ev.window.closed": {"de": "keine Reaktionen mehr: jeder darf eine Karte tauschen",
                              "en": "no more reactions: each player may swap one card"},
    "cats.ev.challenge.right": {"de": "richtig geraten", "en": "the challenge is right"},
    "cats.ev.challenge.wrong": {"de": "falsch geraten", "en": "the challenge is wrong"},
    "cats.ev.revealed": {"de": "Spieler {seat}: deck deine Katzenkarte auf (Katze {cat})",
                         "en": "seat {seat}: turn over your cat card (cat {cat})"},
    "cats.ev.extra_turn": {"de": "Spieler {seat} ist gleich noch einmal dran",
                           "en": "seat {seat} plays another turn at once"},
    "cats.ev.winner": {"de": "Spieler {seat} gewinnt", "en": "seat {seat} wins"},
    # refusals of the table's own
    "cats.shown_stays": {"de": "eine aufgedeckte Karte bleibt aufgedeckt", "en": "cannot take back a revealed card"},
    "cats.no_win": {"de": "kein Sieg: weiterspielen", "en": "no win: play on"},
    # the engine's refusals (engine.py raises each as an eventgame.Refusal: a key and its values,
    # refusals.py picks the phrase): the English word for word the engine's own reason, which
    # `companion cats apply` prints (a fixed interface). {cat}, {room}, {n}, {steps}, {of},
    # {seats} are numbers as the players count them, {seat} a seat's name, {move} a move kind
    "cats.refuse.over": {"de": "Das Spiel ist aus", "en": "the game is over"},
    "cats.refuse.deal_first": {"de": "Erst werden die Geheimkarten verteilt",
                               "en": "the secret cards must be dealt first (a deal:… chance move)"},
    "cats.refuse.deal_twice": {"de": "Jede Katzen- und jede Charakterkarte wird nur einmal verteilt",
                               "en": "each cat card and each character card can be dealt only once"},
    "cats.refuse.lot": {"de": "Als Nächstes wird der Startspieler ausgelost (1 bis {seats})",
                        "en": "the start player is drawn by lot next (1 to {seats})"},
    "cats.refuse.no_win": {"de": "Kein Spieler hat Katze {cat} mit diesem Lieblingsobjekt: weiterspielen",
                           "en": "no player's cat {cat} loves that object; play on"},
    "cats.refuse.quiet": {"de": "In der ersten Runde faucht niemand", "en": "nobody hisses in the first round"},
    "cats.refuse.hiss_none": {"de": "Noch ist keine Katze bewegt worden: eine Katze faucht, wenn sie stehen"
                                     " bleibt",
                              "en": "no cat has moved yet: a cat hisses when it stops"},
    "cats.refuse.hiss_last": {
        "de": "Nur die zuletzt bewegte Katze ({cat}) darf fauchen: eine Katze faucht, wenn sie stehen bleibt",
        "en": "only the cat just moved (cat {cat}) may hiss: a cat hisses when it stops"},
    "cats.refuse.hisser_hissed": {"de": "Katze {cat} wurde angefaucht und setzt in diesem Zug aus",
                                  "en": "cat {cat} was hissed at and is out of this turn"},
    "cats.refuse.hiss_self": {"de": "Eine Katze kann sich nicht selbst anfauchen",
                              "en": "a cat cannot hiss at itself"},
    "cats.refuse.hiss_revealed": {"de": "Katze {cat} ist aufgedeckt und darf nicht angefaucht werden",
                                  "en": "cat {cat} is revealed and may not be hissed at"},
    "cats.refuse.hiss_again": {"de": "Katze {cat} wurde in diesem Zug schon angefaucht",
                               "en": "cat {cat} was already hissed at this turn"},
    "cats.refuse.miau_revealed": {"de": "Katze {cat} ist aufgedeckt", "en": "cat {cat} is revealed"},
    "cats.refuse.miau_locked": {"de": "Katze {cat} ist durch ein Schnurr gesperrt",
                                "en": "cat {cat} is locked by a Schnurr"},
    "cats.refuse.miau_hissed": {"de": "Katze {cat} wurde angefaucht", "en": "cat {cat} was hissed at"},
    "cats.refuse.miau_unmoved": {"de": "Katze {cat} wurde in diesem Zug nicht bewegt",
                                 "en": "cat {cat} was not moved this turn"},
    "cats.refuse.miau_again": {
        "de": "{seat} hat Katze {cat} zuletzt geschickt: erst muss ein anderer Spieler sie bewegen",
        "en": "{seat} sent cat {cat} last; another player must move it in between"},
    "cats.refuse.miau_active": {"de": "Der Spieler am Zug darf nicht das erste Miau auf Katze {cat} spielen",
                                "en": "the active player may not play the first Miau on cat {cat}"},
    "cats.refuse.miau_room": {"de": "Katze {cat} ist schon in Raum {room}",
                              "en": "cat {cat} is already in room {room}"},
    "cats.refuse.miau_names": {"de": "Ein Miau nennt eine Katze (1-5) und einen Raum (1-10)",
                               "en": "a Miau names a cat 1-5 and a room 1-10"},
    "cats.refuse.no_miau": {"de": "Kein Miau, das ein Schnurr aufheben könnte",
                            "en": "there is no Miau for a Schnurr to cancel"},
    "cats.refuse.no_piece": {"de": "Diese Figur gibt es nicht (Katzen 1-5, Objekte b, c, m, p)",
                             "en": "no such piece (cats 1-5, objects b, c, m, p)"},
    "cats.refuse.all_steps": {"de": "Alle {n} Schritte sind gemacht", "en": "all {n} steps are taken"},
    "cats.refuse.object_steps": {"de": "Nur {n} Schritte dürfen Objekte bewegen",
                                 "en": "only {n} steps may move objects"},
    "cats.refuse.step_hissed": {"de": "Katze {cat} wurde angefaucht und darf in diesem Zug nicht mehr bewegt werden",
                                "en": "cat {cat} was hissed at and may not be moved this turn"},
    "cats.refuse.stopped": {"de": "Katze {cat} steht: ihr Weg endete, als eine andere Figur bewegt wurde",
                            "en": "cat {cat} has stopped: its movement ended when another piece moved"},
    "cats.refuse.stopped_hiss": {"de": "Katze {cat} steht: sie ist stehen geblieben, um zu fauchen",
                                 "en": "cat {cat} has stopped: it stopped to hiss"},
    "cats.refuse.step_revealed": {"de": "Katze {cat} ist aufgedeckt: nur ihr Besitzer darf sie bewegen",
                                  "en": "cat {cat} is revealed: only its owner may move it"},
    "cats.refuse.end_early": {
        "de": "{steps} von {of} Schritten gemacht: beenden erst nach allen vier (oder mit der gewählten"
              " Regel „bis zu vier“); „kein Schritt mehr möglich“, wenn keiner mehr geht",
        "en": "{steps} of {of} steps taken: 'end' needs all four (or the upto4 rules); say 'blocked' if no"
              " further step is possible"},
    "cats.refuse.not_blocked": {"de": "„kein Schritt mehr möglich“ nur mit weniger als vier Schritten",
                                "en": "'blocked' is only for ending with fewer than four steps"},
    "cats.refuse.move_kind": {
        "de": "„{move}“ geht nicht, während der Spieler am Zug Katzen bewegt (Schritt, fauchen, beenden,"
              " kein Schritt mehr möglich oder Sieg)",
        "en": "'{move}' is not possible while the active player moves (step, hiss, end, blocked or win)"},
    "cats.refuse.react_kind": {
        "de": "„{move}“ geht nicht im Reaktionsfenster (Miau, Schnurr, weiter oder Sieg)",
        "en": "'{move}' is not possible in the reaction window (miau, schnurr, pass or win)"},
    "cats.refuse.swap_kind": {"de": "„{move}“ geht nicht beim Tauschen (tauschen, weiter oder Sieg)",
                              "en": "'{move}' is not possible while players swap (swap, pass or win)"},
    "cats.refuse.challenge": {
        "de": "Eine Herausforderung nennt einen anderen Spieler, dessen Katze nicht aufgedeckt ist, und eine"
              " noch nicht aufgedeckte Farbe (oder weiter)",
        "en": "a challenge names another player whose cat is not revealed and a colour not yet revealed (or"
              " pass)"},
    # a refused move kind ({move} above) as the buttons call it; the English is the notation's
    # word, as the engine names it
    **{f"cats.move_kind.{code}": {"de": de, "en": code} for code, de in (
        ("deal", "Karten geben"), ("first", "Startspieler"), ("step", "Schritt"), ("hiss", "fauchen"),
        ("end", "Bewegen beenden"), ("blocked", "kein Schritt mehr möglich"), ("miau", "Miau"),
        ("schnurr", "Schnurr"), ("pass", "weiter"), ("swap", "tauschen"), ("challenge", "herausfordern"),
        ("win", "Sieg"))},
    # the choices: groups, then events
    "cats.group.miau_cat": {"de": "Miau: Katze {cat} in Raum …", "en": "Miau: cat {cat} to room …"},
    "cats.group.miau": {"de": "Miau-Karte …", "en": "Miau card …"},
    "cats.group.challenge_seat": {"de": "{name} hat Katze …", "en": "{name} has cat …"},
    "cats.group.challenge": {"de": "herausfordern …", "en": "challenge …"},
    "cats.group.win_cat": {"de": "Sieg? Katze {cat} auf …", "en": "win? cat {cat} on …"},
    "cats.group.win": {"de": "Sieg melden …", "en": "claim the win …"},
    "cats.group.object": {"de": "Schritt mit einem Objekt …", "en": "step with an object …"},
    "cats.group.hiss": {"de": "fauchen …", "en": "hiss …"},
    "cats.cat": {"de": "Katze {cat}", "en": "cat {cat}"},
    "cats.step": {"de": "Schritt: {what}", "en": "step: {what}"},
    "cats.hiss": {"de": "Katze {a} faucht Katze {b} an", "en": "cat {a} hisses at cat {b}"},
    "cats.miau": {"de": "Miau: Katze {cat} in Raum {room}", "en": "Miau: cat {cat} to room {room}"},
    "cats.challenge": {"de": "Herausforderung: {name} hat Katze {cat}", "en": "challenge: {name} has cat {cat}"},
    "cats.win": {"de": "Sieg? Katze {cat} {on_obj}", "en": "win? cat {cat} {on_obj}"},
    # the move phase is "bewegen": "ziehen" reads as drawing cards (issue 46)
    "cats.event.end": {"de": "Bewegen beenden", "en": "end the move"},
    "cats.event.blocked": {"de": "kein Schritt mehr möglich", "en": "no further step possible"},
    "cats.event.schnurr": {"de": "Schnurr", "en": "Schnurr"},
    "cats.event.pass": {"de": "weiter", "en": "pass"},
    "cats.event.swap": {"de": "eine Karte tauschen", "en": "swap one card"},
    "cats.event.secret": {"de": "meine Karten zeigen", "en": "show my cards"},
    # the secrets from the players' own cards (companion/tables/cats/setup.py)
    "cats.setup.cat_read": {"de": "Katzenkarte gelesen – jetzt die Charakterkarte",
                            "en": "cat card read – now the character card"},
    "cats.setup.char_read": {"de": "Charakterkarte gelesen – jetzt die Katzenkarte",
                             "en": "character card read – now the cat card"},
    "cats.setup.seat_done": {"de": "{name}: beide Karten gelesen", "en": "{name}: both cards read"},
    "cats.setup.two_cats": {"de": "zwei Katzenkarten: eine Katzen- und eine Charakterkarte pro Spieler",
                            "en": "two cat cards: one cat card and one character card each"},
    "cats.setup.two_chars": {"de": "zwei Charakterkarten: eine Katzen- und eine Charakterkarte pro Spieler",
                             "en": "two character cards: one cat card and one character card each"},
    "cats.setup.again": {"de": "diese Karte wurde schon angetippt", "en": "this card was tapped already"},
    "cats.setup.unknown": {"de": "keine Geheimkarte von Cats", "en": "not a secret card of Cats"},
    "cats.setup.not_now": {"de": "Geheimkarten nur beim Spielaufbau", "en": "secret cards only at set-up"},
    "cats.setup.dealing": {"de": "der Companion teilt die Geheimkarten aus (eigene: Karte „Eigene Geheimkarten“)",
                           "en": "the companion deals the secrets (your own: the 'Own secret cards' card)"},
    "cats.setup.mode.cards": {"de": "Geheimkarten: jeder tippt seine eigenen an",
                              "en": "secret cards: each player taps their own"},
    "cats.setup.mode.deal": {"de": "Geheimkarten: der Companion teilt aus", "en": "secret cards: the companion deals"},
    "cats.setup.mode.next": {"de": "(ab dem nächsten Spiel)", "en": "(from the next game)"},
    "cats.setup.tap": {"de": "{name}: Katzen- und Charakterkarte verdeckt antippen",
                       "en": "{name}: tap your cat card and character card face down"},
    "cats.setup.header": {"de": "Karten antippen", "en": "Tap own cards"},  # the OLED's title: which way
    "cats.setup.dealt": {"de": "Karten verteilt", "en": "Cards dealt"},
    # the page's move list in words (page.py move_words): who, then what (the choices' words)
    "cats.move.by": {"de": "{name}: {what}", "en": "{name}: {what}"},
    "cats.move.deal": {"de": "{name}: Geheimkarten gegeben", "en": "{name}: secret cards dealt"},
    "cats.move.first": {"de": "{name} beginnt (ausgelost)", "en": "{name} starts (drawn by lot)"},
    "cats.move.win": {"de": "Sieg: Katze {cat} {on_obj}", "en": "win: cat {cat} {on_obj}"},
    # the page's drawing (page.py, static/events.js): its labels, worded in the table's language
    "cats.page.cat": {"de": "Katze", "en": "cat"},
    "cats.page.cats": {"de": "Katzen", "en": "cats"},
    "cats.page.steps": {"de": "Schritte", "en": "steps"},
    "cats.page.objects": {"de": "Objekte", "en": "objects"},
    "cats.page.challenge": {"de": "Herausforderung", "en": "challenge"},
    "cats.page.challenge_used": {"de": "Herausforderung verbraucht", "en": "challenge used"},
    "cats.page.challenge_free": {"de": "Herausforderung frei", "en": "challenge left"},
    "cats.page.to_move": {"de": "am Zug", "en": "to move"},
    "cats.page.acts": {"de": "reagiert", "en": "reacts"},
    "cats.page.swaps": {"de": "tauscht", "en": "swaps"},
    "cats.page.moved_turn": {"de": "hat bewegt", "en": "has moved"},
    "cats.page.challenges": {"de": "Herausforderungen", "en": "Challenges"},
    "cats.page.reaction_cards": {"de": "Reaktionskarte antippen", "en": "Tap a reaction card"},
    "cats.page.moved": {"de": "bewegt", "en": "moved"},
    "cats.page.moved_last": {"de": "zuletzt bewegt", "en": "moved last"},
    "cats.page.hissed": {"de": "angefaucht", "en": "hissed at"},
    "cats.page.locked": {"de": "Schnurr: bleibt", "en": "Schnurr: stays"},
    "cats.page.revealed": {"de": "aufgedeckt", "en": "revealed"},
    "cats.page.history": {"de": "Reaktionskarten", "en": "Reaction cards"},
    "cats.page.none_yet": {"de": "noch keine", "en": "none yet"},
    "cats.page.said": {"de": "Zuletzt", "en": "Last said"},
    "cats.page.quiet": {"de": "erste Runde: kein Fauchen, keine Reaktionen, keine Herausforderung",
                        "en": "first round: no hissing, reactions or challenges"},
    "cats.page.stage.move": {"de": "Bewegen", "en": "move"},
    "cats.page.stage.react": {"de": "Reaktionen", "en": "reactions"},
    "cats.page.stage.swap": {"de": "Tauschen", "en": "swap"},
    "cats.page.stage.challenge": {"de": "Herausfordern", "en": "challenge"},
    "cats.page.wins": {"de": "gewinnt!", "en": "wins!"},
    "cats.page.room": {"de": "Raum", "en": "room"},
    "cats.page.right": {"de": "richtig", "en": "right"},
    "cats.page.wrong": {"de": "falsch", "en": "wrong"},
    "cats.page.looks": {"de": "sieht die Geheimkarten an", "en": "looks at the secret cards"},
    "cats.page.alone": {"de": "schaut gleich allein", "en": "is about to look alone"},
    "cats.page.shuffling": {"de": "Karten werden verteilt", "en": "dealing the cards"},
    "cats.page.lot": {"de": "Startspieler wird ausgelost", "en": "drawing the start player"},
    "cats.page.pile": {"de": "Stapel", "en": "pile"},
    "cats.page.owner": {"de": "gehört", "en": "owned by"},
    "cats.page.taps": {"de": "tippt die Geheimkarten verdeckt an", "en": "taps the secret cards face down"},
    "cats.page.secret_cards": {"de": "Geheimkarten (verdeckt antippen)",
                               "en": "Secret cards (tap face down)"},
    "cats.page.char": {"de": "Charakter", "en": "character"},
}
i18n.register(PHRASES)


def object_word(index: int, language: str) -> str:
    return i18n.text(f"cats.object.{index}", language)


def on_object(index: int, language: str) -> str:
    """Where a cat sits: "auf dem Futternapf", "on the food bowl"."""
    return i18n.text(f"cats.on_object.{index}", language)


def character_word(index: int, language: str) -> str:
    return i18n.text(f"cats.character.{index}", language)
