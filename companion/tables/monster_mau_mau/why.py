"""Monster Mau Mau's "why?" (issue 36): the engine's reasons (companion/games/monster_mau_mau/
explain.py) in words. A refusal is worded by its own phrase (mmm.refuse.<key>, the words the
table shows when it refuses); what an event did by `why.monster-mau-mau.<kind>`. The judgement
is the last refusal the session recorded, else the last event on the line. Its values only
become words here: a card its name, a seat its player, a wish its pattern."""
from __future__ import annotations

from companion.games.reason import Reason
from companion.tables.monster_mau_mau import phrases  # noqa: F401  (registers the cards' words)
from companion.tables.monster_mau_mau import refusals, words
from companion.ui import i18n
from companion.ui.screens import Msg, msg

PHRASES = {f"why.monster-mau-mau.{key}": words for key, words in {
    "up_number": {"de": "{played} aufgedeckt: eine Zahl, das Spiel beginnt",
                  "en": "{played} turned up: a number, play begins"},
    "up_covered": {"de": "{played} aufgedeckt: eine Aktions- oder Wunschkarte zuerst wird mit der"
                         " nächsten zugedeckt",
                   "en": "{played} turned up: an action or wild card first is covered by the next"},
    "up_action": {"de": "{played} aufgedeckt: nach der gewählten Regel „erste Karte zählt“ gilt sie,"
                        " {who} ist dran",
                  "en": "{played} turned up: under the chosen rule \u201cthe first card counts\u201d it"
                        " counts, {who} to play"},
    "fits_pattern": {"de": "{played} passt auf {top}: dasselbe Muster",
                     "en": "{played} fits on {top}: the same pattern"},
    "fits_rank": {"de": "{played} passt auf {top}: dieselbe Zahl oder dasselbe Symbol",
                  "en": "{played} fits on {top}: the same number or symbol"},
    "fits_wish": {"de": "{played} passt auf {top}: {wish} ist gewünscht",
                  "en": "{played} fits on {top}: {wish} is wished"},
    "wild": {"de": "{played} passt immer; gewünscht wird {wish}",
             "en": "{played} fits on anything; the wish is {wish}"},
    "skip": {"de": "Aussetzen: {who} ist übersprungen", "en": "Skip: {who} misses the turn"},
    "reverse": {"de": "Richtungswechsel: die Runde geht andersherum",
                "en": "Reverse: play turns the other way round"},
    "reverse_two": {"de": "Richtungswechsel zu zweit: wie Aussetzen, {who} ist übersprungen",
                    "en": "Reverse with two players: a skip, {who} misses the turn"},
    "penalty_next": {"de": "{played}: {who} muss {n} Karten ziehen, legen darf man darauf nichts",
                     "en": "{played}: {who} must draw {n} cards; nothing may be stacked on it"},
    "mau_penalty": {"de": "{who} hat vor der vorletzten Karte nicht Mau! gerufen: eine Strafkarte",
                    "en": "{who} did not call Mau! before the second-to-last card: one penalty card"},
    "won": {"de": "{who} hat keine Karte mehr: gewonnen", "en": "{who} has no card left: a win"},
    "drew": {"de": "{who} zieht eine Karte: legen, wenn sie passt, sonst weiter",
             "en": "{who} draws a card: play it if it fits, else pass"},
    "drew_penalty": {"de": "{who} zieht die Strafe: {n} {n:one=Karte|other=Karten}", "en": "{who} draws the penalty: {n} {n:one=card|other=cards}"},
    "turn_ends": {"de": "Nach der Strafe ist der Zug von {who} zu Ende",
                  "en": "After the penalty {who}'s turn ends"},
    "plus3_play": {"de": "Mit der Option Weiterlegen nach plus drei darf {who} nach der Strafe noch"
                         " legen oder weiter",
                   "en": "With the option to play on after plus three, {who} may still play after"
                         " the penalty, or pass"},
    "reshuffled": {"de": "Der Stapel war leer: die Ablage außer der obersten Karte ist neu gemischt",
                   "en": "The draw pile was empty: the discards but the top card are shuffled"},
    "nothing_drawn": {"de": "Keine Karte mehr zu ziehen: der Zug von {who} geht weiter",
                      "en": "No card left to draw: {who}'s turn passes"},
    "passed": {"de": "{who} hat gezogen und gibt weiter", "en": "{who} drew and passes"},
    "mau": {"de": "{who} ruft Mau!: mit 2 Karten, vor der vorletzten",
            "en": "{who} calls Mau!: holding 2 cards, before the second-to-last"},
}.items()}
i18n.register(PHRASES)


class Why:
    """Mixin of MauMauTable: the last refusal or event explained, in words."""

    @classmethod
    def why_phrase(cls, game: str, kind: str) -> str:
        # a refusal says why in the words the table refused it with
        return f"mmm.refuse.{kind[8:]}" if kind.startswith("refused.") else f"why.{game}.{kind}"

    def judgement(self) -> tuple[Reason, ...]:
        refused = self.session.refused  # type: ignore[attr-defined]
        if refused is not None and refused[1] == len(self.line.moves):  # type: ignore[attr-defined]
            return (refused[0],)
        return super().judgement()  # type: ignore[misc]

    def why_msg(self, reason: Reason) -> Msg:
        session = self.session  # type: ignore[attr-defined]
        values = reason.as_dict()
        if reason.kind.startswith("refused."):   # as the table refused it: cards by their names
            return refusals.refusal(reason.kind[8:], **values)
        if "face" in values:
            # the card begins each of these lines: a capital
            values["played"] = i18n.sentence(words.card(values.pop("face"), self.language, full=True))  # type: ignore[attr-defined]
        if "top" in values:
            values["top"] = words.card(values["top"], self.language, full=True)  # type: ignore[attr-defined]
        if "seat" in values:
            values["who"] = session.who(values.pop("seat"))
        if values.get("wish"):
            values["wish"] = msg(f"mmm.pattern.{values['wish']}")
        values.pop("pattern", None)
        values.pop("rank", None)
        return msg(self.why_key(reason.kind), **values)  # type: ignore[attr-defined]
