"""The Cat Attack engine's refusals (rules.py raises each as an eventgame.Refusal: a key, its
values and the English words the command lines print) said in German for a German table, with
the seed's names (Miezekarte, Rauferei, Speisekammer …). English tables show the engine's own
words. Pure: no I/O."""
from __future__ import annotations

from companion.games.cat_attack.state import KINDS
from companion.tables.cat_attack.phrases import name
from companion.tables.cat_attack.words import card_name

#: What the young players' rules leave out (rules.py: fight, six, raid, trespass, loot).
LEFT_OUT_DE = {"fight": "die Rauferei", "six": "die Sechskatzen-Magie", "raid": "das Plündern",
               "trespass": "den Hausfriedensbruch", "loot": "das Plündern im Ruhestand"}
#: What is possible in each phase (the `not_now` refusal): {kind} a card kind.
EXPECTED_DE = {"first": "erst wird der Startspieler ausgelost",
               "roll": "erst wird gewürfelt",
               "card": "der Spieler am Zug spielt eine Miezekarte, eine Rauferei oder"
                       " Sechskatzen-Magie",
               "move": "der Spieler am Zug meldet, wo seine Katze gelandet ist, oder fertig",
               "fight": "die Rauferei geht mit einer {kind} weiter, oder 'kann nicht mehr'",
               "hits": "erst sagen die Spieler, welche Katzen getroffen wurden",
               "penalty": "erst wird die Frage am Zugende beantwortet (noch da oder weg)"}

#: One German sentence per key of rules.py: {seat} a seat's name.
DE = {
    "over": "Das Spiel ist aus",
    "landed": "Die Katze ist in dieser Bewegung schon gelandet",
    "young": "Die Regeln für junge Spieler lassen {what} weg",
    "fight_kind": "{card} ist keine {kind}: diese Rauferei wird mit {kind}n ausgetragen",
    "self": "Das kann eine Katze nicht mit sich selbst tun",
    "retired": "{seat} ist im Ruhestand",
    "at_home": "Die Katze von {seat} ist zu Hause, dort kann sie nicht angegriffen werden",
    "no_treat": "In der Speisekammer von {seat} liegt kein solcher Leckerbissen",
    "larder_home": "Die Katze von {seat} ist zu Hause: ihre Speisekammer kann nicht geplündert"
                   " werden",
    "has_treat": "Eine Speisekammer hat von jeder Sorte einen Leckerbissen, und dieser ist schon"
                 " da",
    "shop_closed": "Dieser Laden ist geschlossen: sein Garten kann nicht betreten werden",
    "dead_special": "Mit der Regel no-dead-special muss ein Katzenangriff oder eine Raubkatze"
                    " etwas treffen",
    "not_now": "Jetzt nicht möglich: {expected}",
}


def german(key: str, values: dict) -> str:
    """The refusal `key` in German; `values` as the engine gave them, a seat already named."""
    shown = dict(values)
    if key == "young":   # kind: the event kind left out
        return DE[key].format(what=LEFT_OUT_DE[shown["kind"]])
    # kind: a card kind's letter (C, M, B), the fight's
    kind = name("kind_card", KINDS.index(shown["kind"]), "de") if shown.get("kind") else ""
    if key == "fight_kind":
        shown.update(card=card_name(shown["card"], "de"), kind=kind)
    elif key == "not_now":
        shown["expected"] = EXPECTED_DE[shown["phase"]].format(kind=kind)
    return DE[key].format(**shown)
