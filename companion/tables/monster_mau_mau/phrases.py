"""Monster Mau Mau's OLED words, German (the rulebook's) and English (the digest's), keyed;
registered beside the shared phrases when the table is imported. A card is named by its words
(words.py) before it is put in: `{played}`, `{top}`."""
from companion.ui import i18n

PHRASES = {
    "mmm.players": {"de": 'Wie viele Spieler*innen? {n}', "en": 'How many players? {n}'},
    "mmm.players_help": {"de": 'Katze +1, Zurück -1, OK', "en": 'cat +1, back -1, OK'},
    "mmm.deal": {"de": 'Jede*r bekommt {n} Karten', "en": '{n} cards each'},
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
    "mmm.drawn": {"de": 'gezogen: legen oder OK', "en": 'drawn: play it or OK'},
    "mmm.pick": {"de": 'Wunsch {wish}? Katze/OK', "en": 'wish {wish}? cat/OK'},
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
}
i18n.register(PHRASES)
