"""Cats' "why?" (issue 36): the engine's reasons (companion/games/cats/explain.py) in words. A
refusal is said as the table refused it (cats.refuse.<key>); what a move did by
`why.cats.<kind>`. Nothing secret is among the values (a deal is explained without its cards, a
challenge by its public verdict)."""
from __future__ import annotations

from companion.games.reason import Reason
from companion.tables.cats.phrases import on_object
from companion.ui import i18n

PHRASES = {f"why.cats.{key}": words for key, words in {
    "dealt": {"de": "{seat} hat die geheimen Karten: Katze und Charakter, verdeckt",
              "en": "{seat} has the secret cards: a cat and a character, face down"},
    "lot": {"de": "Das Los bestimmt {seat} als Startspieler", "en": "The lot makes {seat} the start player"},
    "step": {"de": "Katze {cat} geht einen Schritt: {n} von {of} Schritten",
             "en": "Cat {cat} takes a step: {n} of {of} steps"},
    "step_object": {"de": "{the_obj} wird einen Schritt bewegt: {n} von {of} Schritten auf Gegenständen",
                    "en": "{the_obj} is moved a step: {n} of {of} steps on objects"},
    "hiss": {"de": "Katze {cat} faucht Katze {other} an: sie weicht ein Feld zurück und darf diesen"
                   " Zug nicht mehr bewegt werden",
             "en": "Cat {cat} hisses at cat {other}: it backs off one field and may not be moved"
                   " again this turn"},
    "end": {"de": "{n} von {of} Schritten gemacht: jetzt dürfen die anderen reagieren",
            "en": "{n} of {of} steps taken: now the others may react"},
    "blocked": {"de": "Nach {n} von {of} Schritten geht kein Schritt mehr (auf Ehrenwort)",
                "en": "After {n} of {of} steps no step is possible (on your honour)"},
    "window_quiet": {"de": "Erste Runde: noch reagiert niemand", "en": "The first round: nobody reacts yet"},
    "window_none": {"de": "Keine in diesem Zug bewegte Katze darf geschickt werden: keine Reaktion",
                    "en": "No cat moved this turn may be sent: no reactions"},
    "window_closed": {"de": "Eine ganze Runde hat gepasst: das Reaktionsfenster schließt",
                      "en": "A whole round passed: the reaction window closes"},
    "miau": {"de": "Miau von {seat}: Katze {cat} muss in Raum {room}",
             "en": "Miau from {seat}: cat {cat} goes to room {room}"},
    "schnurr": {"de": "Schnurr von {seat}: der letzte Miau auf Katze {cat} gilt nicht, sie ist diesen"
                      " Zug geschützt",
                "en": "Schnurr from {seat}: the last Miau on cat {cat} is cancelled, it is safe this"
                      " turn"},
    "drew": {"de": "{seat} zieht eine neue Reaktionskarte", "en": "{seat} draws a new reaction card"},
    "reshuffled": {"de": "Der Stapel ist leer: die abgelegten Karten werden neu gemischt",
                   "en": "The deck is empty: the discards are shuffled"},
    "swap": {"de": "{seat} tauscht eine Karte", "en": "{seat} swaps a card"},
    "pass": {"de": "{seat} passt", "en": "{seat} passes"},
    "challenge_right": {"de": "Richtig: Katze {cat} gehört {seat}; sie wird aufgedeckt und der"
                              " Herausforderer spielt gleich noch einen Zug",
                        "en": "Right: cat {cat} is {seat}'s; it is revealed and the challenger plays"
                              " another turn"},
    "challenge_wrong": {"de": "Falsch: {seat} deckt die eigene Katze {cat} auf",
                        "en": "Wrong: {seat} reveals their own cat, cat {cat}"},
    "win": {"de": "Katze {cat} {on_obj}, dem Lieblingsgegenstand ihres Besitzers: {seat} gewinnt",
            "en": "Cat {cat} {on_obj}, its owner's favourite object: {seat} wins"},
}.items()}
i18n.register(PHRASES)


class CatsWhy:
    """Mixin of CatsTable."""

    @classmethod
    def why_phrase(cls, game: str, kind: str) -> str:
        return f"cats.refuse.{kind[8:]}" if kind.startswith("refused.") else f"why.{game}.{kind}"

    def why_values(self, why: Reason, values: dict) -> dict:
        if "obj" in values:   # with its article, as the phrase places it
            index, lang = values.pop("obj"), self.language  # type: ignore[attr-defined]
            values["the_obj"] = i18n.sentence(i18n.text(f"cats.the_object.{index}", lang))
            values["on_obj"] = on_object(index, lang)
        return values
