"""What a player is told when the table refuses an action, in the table's language (de/en).

The rules decide what is legal (`engine.why_illegal`, whose English reasons are also the engine
CLI's fixed error lines); this module only says the refusal to a person: the same reason, in
German for a German table (the OLED, the simulator's page, `companion monster-mau-mau play
--lang de`). The laptop's own refusals (out of turn, a card not in the hand, only the card just
drawn, a wild card without its wish) are here too, so the page and the terminal say them alike.
Card tokens stay as they are (`s7`, `MW`): they are what is printed in the corner of a card and
what the terminal's player types.
"""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.games.monster_mau_mau.engine import Event, Position

TEXT = {
    "de": {
        "seat": "Spieler {n}", "turn": "{who} ist dran",
        "not_held": "{card} ist nicht auf deiner Hand",
        "drawn": "Nach dem Ziehen darf nur die gezogene Karte ({card}) gelegt werden",
        "wish": "{card} braucht einen Wunsch: s, p, z oder g",
        "not_started": "Das Spiel hat noch nicht begonnen: erst mit den Tasten einrichten",
        "unknown": "unbekannte Aktion {what!r}: legen, ziehen, weiter oder Mau",
        # the rules' refusals (engine.why_illegal's reasons, said in German)
        "over": "Das Spiel ist aus: neues Spiel mit OK lang",
        "up_phase": "up: deckt nur die erste Karte des Ablagestapels auf, nicht jetzt",
        "up_empty": "Der Kartenstock ist leer: keine Karte zum Aufdecken",
        "start": "Erst die erste Karte aufdecken", "cover": "Erst eine Karte auf {top} aufdecken",
        "penalty": "Erst die Strafkarten ziehen ({n}); auf +3 oder +4 legt man keine weitere",
        "fits_not": "{card} passt nicht auf {top}{wished} ({hint})", "wished": " mit dem Wunsch {wish}",
        "hint_wish": "leg eine {wish}-Karte oder eine Wunschkarte, oder zieh",
        "hint_any": "jede Karte passt",
        "hint": "leg eine {pattern}-Karte, eine {rank} oder eine Wunschkarte, oder zieh",
        "drawn_already": "Schon gezogen: die gezogene Karte legen, wenn sie passt, oder weiter",
        "pass_first": "Weiter erst nach dem Ziehen: zuerst ziehen",
        "mau_again": "Mau! schon gerufen",
        "mau_two": "Mau! ruft man mit 2 Karten auf der Hand (du hast {n})",
    },
    "en": {
        "seat": "seat {n}", "turn": "it is {who}'s turn",
        "not_held": "{card} is not in your hand",
        "drawn": "after drawing only the card drawn ({card}) may be played",
        "wish": "{card} needs a wish: s, p, z or g",
        "not_started": "the game has not started: set it up with the buttons first",
        "unknown": "unknown action {what!r}: play, draw, pass or mau",
    },
}


def say(language: str, key: str, **kw) -> str:
    return TEXT.get(language, TEXT["en"])[key].format(**kw)


def who(name: str, seat: int, language: str) -> str:
    """A seat as a person calls it: its player's name, else "seat 2" / "Spieler 2"."""
    return say(language, "seat", n=seat + 1) if not name or name.isdigit() else name


def play_refusal(hand: list[str], drawn: str | None, card: str, wish: str | None,
                 language: str) -> str | None:
    """What the laptop's deck knows and the referee does not: the card must be in the hand, after
    drawing only the card drawn may be played, a wild card needs its wish."""
    if card not in hand:
        return say(language, "not_held", card=card)
    if drawn is not None and card != drawn:
        return say(language, "drawn", card=drawn)
    if is_wild(card) and wish not in tuple(PATTERNS):
        return say(language, "wish", card=card)
    return None


def rules_refusal(pos: Position, event: Event, rules: frozenset[str], language: str) -> str | None:
    """None when the rules allow `event`; else the reason, in `language` (English: the engine's own
    words, which the engine CLI prints)."""
    why = engine.why_illegal(pos, event, rules)
    if why is None or language not in TEXT or language == "en":
        return why
    t = lambda key, **kw: say(language, key, **kw)  # noqa: E731 (the branches below read better)
    if pos.phase == engine.OVER:
        return t("over")
    if event.kind == "up":
        return t("up_empty") if pos.phase == engine.START else t("up_phase")
    if pos.phase == engine.START:
        return t("start") if pos.top is None else t("cover", top=pos.top)
    if pos.phase == engine.PENALTY:
        return t("penalty", n=pos.pending)
    if event.kind == "play":
        wished = is_wild(pos.top) and pos.wish
        if wished:
            hint = t("hint_wish", wish=pos.wish)
        elif is_wild(pos.top):
            hint = t("hint_any")
        else:
            hint = t("hint", pattern=pos.top[0], rank=pos.top[1:])
        return t("fits_not", card=event.card, top=pos.top,
                 wished=t("wished", wish=pos.wish) if wished else "", hint=hint)
    if event.kind == "draw":
        return t("drawn_already")
    if event.kind == "pass":
        return t("pass_first")
    if event.kind == "mau":
        return t("mau_again") if pos.mau else t("mau_two", n=pos.hands[pos.turn])
    return why
