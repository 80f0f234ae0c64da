"""Cat Attack's "why?" (issue 36): the engine's reasons (companion/games/cat_attack/explain.py)
in words. A refusal is said as the table refused it (ca.refuse.<key>, a family of phrases where
the rule names a kind or a phase); what an event did by `why.cat-attack.<kind>`. A cat fight is
explained card by card from its start (the judgement gathers the fight's events)."""
from __future__ import annotations

from companion.games.cat_attack.state import FIGHT
from companion.games.reason import Reason
from companion.tables.cat_attack.words import card_name
from companion.ui import i18n
from companion.ui.screens import msg

PHRASES = {f"why.cat-attack.{key}": words for key, words in {
    "lot": {"de": "Das Los bestimmt {seat} als Startspieler", "en": "The lot makes {seat} the start player"},
    "roll": {"de": "{seat} würfelt {die} und zieht so weit", "en": "{seat} rolls {die} and moves that far"},
    "move_card": {"de": "{seat} spielt {mog}: die Katze zieht mit der Karte",
                  "en": "{seat} plays {mog}: the cat moves by the card"},
    "speedy": {"de": "{seat} spielt die Flinke Katze: drei Würfe mehr", "en": "{seat} plays Speedy Cat: three more rolls"},
    "critter": {"de": "{seat} spielt {mog}: die Maus oder der Vogel zieht, die Katze bleibt",
                "en": "{seat} plays {mog}: the mouse or bird moves, the cat stays"},
    "six": {"de": "Sechs-Katzen-Zauber: {seat} legt sechs Karten ab und nimmt {other} {treat} weg",
            "en": "Six-cats magic: {seat} discards six cards and takes the {treat} from {other}"},
    "loot": {"de": "{seat} plündert: {treat} von {other}", "en": "{seat} loots the {treat} from {other}"},
    "time": {"de": "Die Zeit ist um: Leben und Leckerbissen zählen", "en": "Time is up: lives and treats count"},
    "fight_start": {"de": "{seat} fordert {other} zur Rauferei mit {suit}-Karten: abwechselnd legt"
                          " jeder eine, wer keine legen kann, verliert",
                    "en": "{seat} fights {other} with {suit} cards: each plays one in turn, whoever"
                          " cannot, loses"},
    "fight_card": {"de": "{seat} legt eine {suit}-Karte ({mog}) und hält mit",
                   "en": "{seat} plays a {suit} card ({mog}) and keeps up"},
    "fight_refill": {"de": "Beide haben keine Karten mehr: beide ziehen sechs, die Rauferei geht weiter",
                     "en": "Both ran out of cards: both draw six, the fight goes on"},
    "fight_lost": {"de": "{seat} hat keine {suit}-Karte mehr: {other} gewinnt die Rauferei",
                   "en": "{seat} has no {suit} card left: {other} wins the fight"},
    "catch": {"de": "{seat} fängt {treat} für die Speisekammer", "en": "{seat} catches the {treat} for the larder"},
    "shop": {"de": "{seat} holt {treat} aus dem Garten eines offenen Ladens",
             "en": "{seat} takes the {treat} from an open shop's garden"},
    "raid": {"de": "{seat} plündert die Speisekammer von {other}: {treat}",
             "en": "{seat} raids {other}'s larder: the {treat}"},
    "burgle": {"de": "Raubkatzenkarte: {seat} stiehlt {treat} von {other}",
               "en": "Cat Burglar: {seat} steals the {treat} from {other}"},
    "take": {"de": "{seat} nimmt {treat} für die Speisekammer", "en": "{seat} takes the {treat} for the larder"},
    "attack": {"de": "{seat} greift {other} an: {other} verliert ein Leben und geht nach Hause",
               "en": "{seat} attacks {other}: {other} loses a life and goes home"},
    "trespass": {"de": "{other} war auf fremdem Gebiet: {seat} greift an",
                 "en": "{other} was trespassing: {seat} attacks"},
    "home": {"de": "Die Katze von {seat} ist zu Hause", "en": "{seat}'s cat is home"},
    "jam": {"de": "{seat} steckt fest: ein Leben je Hindernis ({n})", "en": "{seat} is stuck: a life per obstacle ({n})"},
    "curiosity": {"de": "{seat} zieht eine Neugierkarte", "en": "{seat} draws a Curiosity card"},
    "done": {"de": "Die Bewegung von {seat} ist zu Ende", "en": "{seat}'s move is over"},
    "hits": {"de": "{n} {n:one=Katze|other=Katzen} getroffen: je ein Leben", "en": "{n} {n:one=cat|other=cats} hit: a life each"},
    "stayed": {"de": "{seat} war nach dem Plündern am Zugende noch im Garten oder auf dem Ausgangsfeld der"
                     " beraubten Katze: {n} Leben Strafe",
               "en": "{seat} was still in the garden or on the home field of the cat it raided at the end"
                     " of the turn: a penalty of {n} {n:one=life|other=lives}"},
    "stayed_burgle": {"de": "{seat} war nach der Raubkatzenkarte am Zugende noch im Garten des Ladens oder"
                            " einer Katze oder auf ihrem Ausgangsfeld: {n} Leben Strafe",
                      "en": "{seat} was still in the garden of the shop or cat it burgled, or on its home"
                            " field, at the end of the turn: a penalty of {n} {n:one=life|other=lives}"},
    "left": {"de": "{seat} ist rechtzeitig gegangen: keine Strafe", "en": "{seat} left in time: no penalty"},
    "life": {"de": "{seat} verliert {n} Leben, noch {left}",
             "en": "{seat} loses {n} {n:one=life|other=lives}, {left} left"},
    "sent_home": {"de": "Die Katze von {seat} muss ab nach Hause: zurück aufs Ausgangsfeld",
                  "en": "{seat}'s cat must go home: back to its home field"},
    "retired": {"de": "{seat} hat kein Leben mehr und scheidet aus", "en": "{seat} has no life left and retires"},
    "drew": {"de": "{seat} zieht {n} {n:one=Karte|other=Karten}", "en": "{seat} draws {n} {n:one=card|other=cards}"},
    "reshuffled": {"de": "Der Stapel ist leer: die Ablage wird neu gemischt",
                   "en": "The pile is empty: the discards are shuffled"},
    "swap_card": {"de": "{seat} darf eine Karte mit {other} tauschen", "en": "{seat} may swap a card with {other}"},
    "win_check": {"de": "{seat} hat alle {n} Leckerbissen: jetzt genau nach Hause würfeln",
                  "en": "{seat} has all {n} treats: now roll home exactly"},
    "winner": {"de": "{seat} gewinnt", "en": "{seat} wins"},
    "draw_game": {"de": "Unentschieden", "en": "A draw"},
}.items()}
i18n.register(PHRASES)

#: refusals worded by a family of phrases (ca.refuse.<key>.<kind or phase>)
_FAMILIES = ("young", "fight_kind", "not_now")


class CatAttackWhy:
    """Mixin of CatAttackTable."""

    @classmethod
    def why_phrase(cls, game: str, kind: str) -> str:
        return f"ca.refuse.{kind[8:]}" if kind.startswith("refused.") else f"why.{game}.{kind}"

    @classmethod
    def why_worded(cls, game: str, kind: str, language: str) -> bool:
        key = cls.why_phrase(game, kind)
        if kind[8:] in _FAMILIES:
            family = [k for k in i18n.STRINGS if k.startswith(key + ".")]
            return bool(family) and all(language in i18n.STRINGS[k] for k in family)
        return language in i18n.STRINGS.get(key, {})

    def judgement(self) -> tuple[Reason, ...]:
        """A cat fight step by step: from the event that began it to the last one; else the
        last judgement as any table has it."""
        line = self.line  # type: ignore[attr-defined]
        own = super().judgement()  # type: ignore[misc]
        if self._judged is not None and self._judged[1] == len(line.moves):  # type: ignore[attr-defined]
            return own
        end = self.why_end()  # type: ignore[attr-defined]
        start = end - 1
        while start >= 0 and line.before(start).phase == FIGHT:
            start -= 1
        if start < 0 or start == end - 1:   # no fight in play or just ended: the last event
            return own
        game = self.game  # type: ignore[attr-defined]
        return tuple(r for i in range(start, end)
                     for r in game.explain(line.before(i), game.parse_move(line.before(i), line.moves[i])))

    def why_values(self, why: Reason, values: dict) -> dict:
        if "other" in values:   # the other cat: its player
            values["other"] = self.seat_name(values["other"])  # type: ignore[attr-defined]
        if "treat" in values:
            values["treat"] = msg(f"ca.treat.{values['treat']}")
        if "suit" in values:
            values["suit"] = msg(f"ca.kind.{values['suit']}")
        if "token" in values:   # a card in words, never its token
            values["mog"] = card_name(values.pop("token"), self.language)  # type: ignore[attr-defined]
        return values
