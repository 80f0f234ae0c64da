"""Monster Mau Mau's words, German (the rulebook's) and English (the digest's), keyed; registered
beside the shared phrases when the table is imported, and worded in the table's language only
when shown: the OLED's lines, the cards and seats in words (words.py), the refusals
(refusals.py), the laptop's move log (laptop.py) and the page's labels (page.py). A card is named
by its words before it is put in (`{played}`, `{top}`); a card's token (`s7`, `+4`) is `{face}`,
never `{card}`, the shared phrases' control card (note.card_unused)."""
from companion.ui import i18n

OLED = {
    # the set-up's titles fit the OLED's header bar (20 characters) with any number in them
    "mmm.deal": {"de": 'Je {n} Karten', "en": '{n} cards each'},
    "mmm.deal_keys": {"de": 'Katze +1, Zurück -1', "en": 'CAT +1, BACK -1'},
    "mmm.deal_help": {"de": 'austeilen, dann OK', "en": 'deal, then OK'},
    "mmm.first": {"de": 'Erste Karte aufdecken', "en": 'Turn up the first card'},
    "mmm.first_help": {"de": 'und antippen', "en": 'and tap it'},
    "mmm.cover": {"de": 'nächste Karte darauf', "en": 'turn up the next card'},
    "mmm.top": {"de": 'Oben: {top}', "en": 'Top: {top}'},
    "mmm.wish": {"de": 'Wunsch: {wish}', "en": 'wish: {wish}'},
    "mmm.turn": {"de": 'Am Zug: {name}', "en": 'To play: {name}'},
    "mmm.cw": {"de": 'im Uhrzeigersinn', "en": 'clockwise'},
    "mmm.ccw": {"de": 'gegen den Uhrzeigersinn', "en": 'counter-clockwise'},
    "mmm.pending": {"de": '{n} Karten ziehen (OK)', "en": 'draw {n} cards (OK)'},
    # after drawing, OK passes: the OLED says it with the page's button's word ("weiter")
    "mmm.drawn": {"de": 'legen oder weiter: OK', "en": 'play it or pass: OK'},
    "mmm.pick": {"de": 'Wunsch {wish}? Katze/OK', "en": 'wish {wish}? CAT/OK'},
    "mmm.fits_not": {"de": '{played} passt nicht auf {top}', "en": '{played} does not fit on {top}'},
    "mmm.not_now": {"de": '{why}', "en": '{why}'},
    "mmm.mau_penalty": {"de": 'Mau vergessen! {name} zieht 1', "en": 'Mau forgotten! {name} draws 1'},
    "mmm.reshuffle": {"de": 'Ablagestapel mischen: neuer Stapel', "en": 'shuffle the discards: new pile'},
    "mmm.shuffle_due": {"de": 'Stapel leer: Ablage mischen', "en": 'pile empty: shuffle the discards'},
    "mmm.drew": {"de": '{name} zieht {n}', "en": '{name} draws {n}'},
    "mmm.won": {"de": 'Mau Mau! {name} gewinnt', "en": 'Mau Mau! {name} wins'},
    "mmm.winner": {"de": '{name} gewinnt', "en": '{name} wins'},
    "mmm.control": {"de": 'Steuerkarte {what}', "en": 'control card {what}'},
    "mmm.unknown": {"de": 'unbekannte Karte {uid}', "en": 'unknown card {uid}'},
    "mmm.mau": {"de": '{name}: Mau!', "en": '{name}: Mau!'},
    "mmm.undone": {"de": 'zurückgenommen', "en": 'undone'},
    # a pattern, a rank's action and a wild card in words (the OLED's and the page's); "Richtung"
    # is the OLED title's short "Richtungswechsel" so the longest card fits a line of 21
    # (words.LONGEST); wherever a line may wrap (the page, Why?, a refusal) the card is the
    # rulebook's "Richtungswechsel" (mmm.page.reverse: words.card(full=True))
    # a card in the laptop's terminal lines: its code shown, its name to the ear (words.card_msg)
    "mmm.face": {"de": "{face}", "en": "{face}"},
    "spoken.mmm.face": {"de": "{name}", "en": "{name}"},
    "mmm.card_name": {"de": "{pattern} {rank}", "en": "{pattern} {rank}"},
    "mmm.pattern.s": {"de": "Streifen", "en": "stripes"},
    "mmm.pattern.p": {"de": "Punkte", "en": "dots"},
    "mmm.pattern.z": {"de": "Zickzack", "en": "zigzag"},
    "mmm.pattern.g": {"de": "Gekrakel", "en": "scribble"},
    "mmm.rank.R": {"de": "Richtung", "en": "reverse"},
    "mmm.rank.A": {"de": "Aussetzen", "en": "skip"},
    "mmm.wild.MW": {"de": "Monsterwunsch", "en": "wish"},
    "mmm.wild.+4": {"de": "Plus-Vier", "en": "+4 wish"},
    "mmm.wild.KK": {"de": "Kreativkarte", "en": "creative card"},
    "mmm.seat": {"de": "Spieler {n}", "en": "Seat {n}"},
    # the hand counts: shown short ("1:3 >2:5", the seat to play marked), said in words
    "mmm.hand": {"de": "{seat}:{n}", "en": "{seat}:{n}"},
    "spoken.mmm.hand": {"de": "{who}: {n} {n:one=Karte|other=Karten}", "en": "{who}: {n} {n:one=card|other=cards}"},
    "mmm.hand_turn": {"de": ">{seat}:{n}", "en": ">{seat}:{n}"},
    "spoken.mmm.hand_turn": {"de": "{who} ist dran: {n} {n:one=Karte|other=Karten}", "en": "{who} to play: {n} {n:one=card|other=cards}"},
    "mmm.hands": {"de": "{a} {b}", "en": "{a} {b}"},
    "spoken.mmm.hands": {"de": "{a}, {b}", "en": "{a}, {b}"},
}

#: Why an action is refused (the rules' reasons: engine.refusal's keys; the engine's command line
#: prints its own English line, with the notation's tokens). A card is named as an accepted one is
#: ("Punkte 7", "Monsterwunsch"), a pattern and a rank in words: never a token a person would have
#: to decode (tests/test_mmm_refusals.py). The first seven are the laptop deck's own (a seat named, out of turn, a card not
#: held, only the card drawn, a wish missing, not started, an unknown action), not the engine's.
REFUSALS = {
    "mmm.refuse.seat": {"de": "Spieler {n}", "en": "seat {n}"},
    "mmm.refuse.turn": {"de": "{who} ist dran", "en": "it is {who}'s turn"},
    "mmm.refuse.not_held": {"de": "{face} ist nicht auf deiner Hand", "en": "{face:cap} is not in your hand"},
    "mmm.refuse.drawn": {"de": "Nach dem Ziehen darf nur die gezogene Karte ({face}) gelegt werden",
                         "en": "after drawing only the card drawn ({face}) may be played"},
    "mmm.refuse.wish": {"de": "{face} braucht einen Wunsch: Streifen, Punkte, Zickzack oder Gekrakel",
                        "en": "{face:cap} needs a wish: stripes, dots, zigzag or scribble"},
    "mmm.refuse.not_started": {"de": "Das Spiel hat noch nicht begonnen: erst mit den Tasten einrichten",
                               "en": "the game has not started: set it up with the buttons first"},
    "mmm.refuse.unknown": {"de": "unbekannte Aktion „{what}“: legen, ziehen, weiter oder Mau",
                           "en": "unknown action '{what}': play, draw, pass or mau"},
    "mmm.refuse.over": {"de": "Das Spiel ist aus: neues Spiel mit OK lang",
                        "en": "the game is over, seat {seat} won; start a new game"},
    "mmm.refuse.up_phase": {"de": "Aufgedeckt wird nur die erste Karte des Ablagestapels, nicht jetzt",
                            "en": "only the first card of the discard pile is turned up, not now"},
    "mmm.refuse.up_empty": {"de": "Der Kartenstock ist leer: keine Karte zum Aufdecken",
                            "en": "the draw pile is empty, there is no card to turn up"},
    "mmm.refuse.start": {"de": "Erst die erste Karte aufdecken", "en": "turn up the first card first"},
    "mmm.refuse.cover": {"de": "Erst eine Karte auf {top} aufdecken", "en": "turn up a card on {top} first"},
    "mmm.refuse.penalty": {"de": "Erst die Strafkarten ziehen ({n}); auf +3 oder +4 legt man keine weitere",
                           "en": "seat {seat} must first draw the penalty of {n} cards; a +3 or +4 cannot be"
                                 " answered with another"},
    # a card that does not fit: on a wild card with a wish, on a wild card without, on any other
    "mmm.refuse.fits_not_wished": {
        "de": "{face} passt nicht auf {top} mit dem Wunsch {wish} (leg eine {wish}-Karte oder eine"
              " Wunschkarte, oder zieh)",
        "en": "{face:cap} does not fit on {top} with the wish {wish} (play a {wish} card or a wild card, or draw)"},
    "mmm.refuse.fits_not_any": {"de": "{face} passt nicht auf {top} (jede Karte passt)",
                                "en": "{face:cap} does not fit on {top} (any card fits)"},
    "mmm.refuse.fits_not": {
        "de": "{face} passt nicht auf {top} (leg eine {pattern}-Karte, eine Karte „{rank}“ oder eine"
              " Wunschkarte, oder zieh)",
        "en": "{face:cap} does not fit on {top} (play a {pattern} card, a {rank} or a wild card, or draw)"},
    "mmm.refuse.drawn_already": {"de": "Schon gezogen: die gezogene Karte legen, wenn sie passt, oder weiter",
                                 "en": "seat {seat} has drawn already this turn; play the card drawn if it"
                                       " fits, or pass"},
    "mmm.refuse.pass_first": {"de": "Weiter erst nach dem Ziehen: zuerst ziehen",
                              "en": "seat {seat} may pass only after drawing a card; draw first"},
    "mmm.refuse.mau_again": {"de": "Mau! schon gerufen", "en": "seat {seat} has called Mau! already this turn"},
    "mmm.refuse.mau_two": {"de": "Mau! ruft man mit 2 Karten auf der Hand (du hast {n})",
                           "en": "Mau! is called holding 2 cards; seat {seat} holds {n}"},
}

#: The laptop's move log (laptop.py), one line per action: a move, then what came with it.
LOG = {
    "mmm.log.plays": {"de": "{who}: legt {face}", "en": "{who}: plays {face}"},
    "mmm.log.wishes": {"de": ", wünscht {wish}", "en": ", wishes {wish}"},
    "mmm.log.draws": {"de": "{who}: zieht {n}", "en": "{who}: draws {n}"},
    "mmm.log.pass": {"de": "{who}: weiter", "en": "{who}: pass"},
    "mmm.log.mau": {"de": "{who}: Mau!", "en": "{who}: mau"},
    "mmm.log.forgot": {"de": "; Mau! vergessen, zieht {n}", "en": "; forgot Mau!, draws {n}"},
    "mmm.log.reshuffled": {"de": "; Ablagestapel gemischt: neuer Kartenstock",
                           "en": "; discards shuffled into a new draw pile"},
    "mmm.log.won": {"de": " - Mau Mau!", "en": " - Mau Mau!"},
    "mmm.log.up": {"de": "aufgedeckt: {face}", "en": "turned up {face}"},
}

#: The page's card table (static/cards.js), worded by page.py: the cards' own words are the
#: OLED's above, except the page's room for the whole "Richtungswechsel".
PAGE = {
    "mmm.page.reverse": {"de": "Richtungswechsel", "en": "reverse"},
    "mmm.page.draw": {"de": "ziehen", "en": "draw"},
    "mmm.page.pass": {"de": "weiter", "en": "pass"},
    "mmm.page.wish": {"de": "Wunsch:", "en": "wish:"},
    "mmm.page.cancel": {"de": "doch keine Wunschkarte", "en": "no wild card"},
    "mmm.page.any_pattern": {"de": "alle Muster", "en": "all patterns"},
    "mmm.page.wished": {"de": "Wunsch:", "en": "wished:"},
    "mmm.page.you": {"de": "Du", "en": "you"},
    "mmm.page.your_hand": {"de": "Deine Hand", "en": "Your hand"},
    "mmm.page.cards": {"de": "{n} Karten", "en": "{n} cards"},
    "mmm.page.card": {"de": "1 Karte", "en": "1 card"},
    "mmm.page.your_turn": {"de": "Du bist dran", "en": "Your turn"},
    "mmm.page.their_turn": {"de": "{who} ist dran", "en": "{who}'s turn"},
    "mmm.page.penalty": {"de": "erst {n} Karten ziehen", "en": "draw {n} cards first"},
    "mmm.page.drawn": {"de": "gezogene Karte legen oder weiter", "en": "play the card drawn or pass"},
    # what the page does to a card that fits (cards.css `.fits`): a green edge, lifted out of the hand
    "mmm.page.fits_legend": {"de": "grün umrandet und angehoben: passt, zum Legen anklicken",
                             "en": "green edge, lifted: fits, click it to play"},
    "mmm.page.spectating": {"de": "Zuschauer: keine Hand zu sehen", "en": "Spectator: no hand shown"},
    "mmm.page.up": {"de": "aufgedeckt", "en": "turned up"},
    "mmm.page.draws": {"de": "zieht", "en": "draws"},
    "mmm.page.passes": {"de": "weiter", "en": "passes"},
    "mmm.page.mau": {"de": "Mau!", "en": "Mau!"},
}

#: The terminal's own words (terminal.py, `companion monster-mau-mau play --lang`); the commands
#: typed (d, p, m, q, z, w and the card tokens) are the same in both languages.
TERMINAL = {
    # the laptop's virtual deck (companion/service/virtual_cards.py), on the page and in the log
    "mmm.sim.cannot_follow": {"de": "das virtuelle Deck kann Spiel {game} nicht folgen: {why}",
                              "en": "the virtual deck cannot follow game {game}: {why}"},
    "mmm.sim.not_kept": {"de": "das virtuelle Deck von Spiel {game} wurde nicht gespeichert ({path});"
                               " neues Spiel (OK lang), um mit virtuellen Karten weiterzuspielen",
                         "en": "the virtual deck of game {game} was not kept ({path});"
                               " start a new game (hold OK) to play on with virtual cards"},
    "mmm.term.help": {"de": "eine Karte (s7, MW>z), z = ziehen, w = weiter, m = Mau!, q = beenden",
                      "en": "a card (s7, MW>z), d = draw, p = pass, m = Mau!, q = quit"},
    "mmm.term.head": {"de": "Monster Mau Mau, {n} Spieler*innen ({help})",
                      "en": "Monster Mau Mau, {n} players ({help})"},
    "mmm.term.seed": {"de": "Seed {seed} (--seed {seed} mischt noch einmal so)",
                      "en": "seed {seed} (--seed {seed} shuffles the same again)"},
    # said (the terminal's line is never on the OLED, but every phrase has a spoken form)
    "spoken.mmm.term.seed": {"de": "Seed {seed}, mit der Option seed {seed} mischt es noch einmal so",
                             "en": "seed {seed}, the option seed {seed} shuffles the same again"},
    "mmm.term.you": {"de": "du", "en": "you"},
    "mmm.term.bot": {"de": "Computer {n}", "en": "bot {n}"},
    "mmm.term.wins": {"de": "Spieler {n} ({name}) gewinnt", "en": "seat {n} ({name}) wins"},
    "mmm.term.hand": {"de": "deine Hand: {hand}   passt: {fits}", "en": "your hand: {hand}   fits: {fits}"},
    "mmm.term.refused": {"de": "abgelehnt: {why}", "en": "refused: {why}"},
    "mmm.term.stopped": {"de": "beendet", "en": "stopped"},
}

PHRASES = {**OLED, **REFUSALS, **LOG, **PAGE, **TERMINAL}
i18n.register(PHRASES)
