"""The Cats engine's refusals (rules.py raises each as an eventgame.Refusal: a key, its values and
the English words the command lines print) said in German for a German table. English tables
show the engine's own words (PickerTable.reason). Pure: no I/O."""
from __future__ import annotations

#: The notation's move kinds as the buttons call them (a refusal may name the kind tried).
KINDS_DE = {"deal": "Karten geben", "first": "Startspieler", "step": "Schritt",
            "hiss": "fauchen", "end": "Ziehen beenden", "blocked": "kein Schritt mehr möglich",
            "miau": "Miau", "schnurr": "Schnurr", "pass": "weiter", "swap": "tauschen",
            "challenge": "herausfordern", "win": "Sieg"}

#: One German sentence per key of rules.py: {cat}, {room}, {n}, {steps}, {of}, {seats} are
#: numbers as the players count them, {seat} a seat's name, {kind} a move kind in words.
DE = {
    "over": "Das Spiel ist aus",
    "deal_first": "Erst werden die Geheimkarten verteilt",
    "deal_twice": "Jede Katzen- und jede Charakterkarte wird nur einmal verteilt",
    "lot": "Als Nächstes wird der Startspieler ausgelost (1 bis {seats})",
    "no_win": "Bei niemandem liebt Katze {cat} dieses Objekt: weiterspielen",
    "quiet": "In der ersten Runde faucht niemand",
    "hiss_last": "Nur die zuletzt bewegte Katze ({cat}) darf fauchen: eine Katze faucht, wenn"
                 " sie stehen bleibt",
    "hisser_hissed": "Katze {cat} wurde angefaucht und setzt in diesem Zug aus",
    "hiss_self": "Eine Katze kann sich nicht selbst anfauchen",
    "hiss_revealed": "Katze {cat} ist aufgedeckt und darf nicht angefaucht werden",
    "hiss_again": "Katze {cat} wurde in diesem Zug schon angefaucht",
    "miau_revealed": "Katze {cat} ist aufgedeckt",
    "miau_locked": "Katze {cat} ist durch ein Schnurr gesperrt",
    "miau_hissed": "Katze {cat} wurde angefaucht",
    "miau_unmoved": "Katze {cat} wurde in diesem Zug nicht bewegt",
    "miau_again": "{seat} hat Katze {cat} zuletzt geschickt: erst muss ein anderer Spieler sie"
                  " bewegen",
    "miau_active": "Der Spieler am Zug darf nicht das erste Miau auf Katze {cat} spielen",
    "miau_room": "Katze {cat} ist schon in Raum {room}",
    "miau_names": "Ein Miau nennt eine Katze (1-5) und einen Raum (1-10)",
    "no_miau": "Kein Miau, das ein Schnurr aufheben könnte",
    "no_piece": "Diese Figur gibt es nicht (Katzen 1-5, Objekte b, c, m, p)",
    "all_steps": "Alle {n} Schritte sind gemacht",
    "object_steps": "Nur {n} Schritte dürfen Objekte bewegen",
    "step_hissed": "Katze {cat} wurde angefaucht und darf in diesem Zug nicht mehr ziehen",
    "stopped": "Katze {cat} steht: ihr Weg endete, als eine andere Figur bewegt wurde",
    "step_revealed": "Katze {cat} ist aufgedeckt: nur ihr Besitzer darf sie ziehen",
    "end_early": "{steps} von {of} Schritten gemacht: beenden erst nach allen vier (oder mit der"
                 " Regel upto4); 'kein Schritt mehr möglich', wenn keiner mehr geht",
    "not_blocked": "'kein Schritt mehr möglich' nur mit weniger als vier Schritten",
    "move_kind": "'{kind}' geht nicht, während der Spieler am Zug zieht (Schritt, fauchen,"
                 " beenden, kein Schritt mehr möglich oder Sieg)",
    "react_kind": "'{kind}' geht nicht im Reaktionsfenster (Miau, Schnurr, weiter oder Sieg)",
    "swap_kind": "'{kind}' geht nicht beim Tauschen (tauschen, weiter oder Sieg)",
    "challenge": "Eine Herausforderung nennt einen anderen Spieler, dessen Katze nicht aufgedeckt"
                 " ist, und eine noch nicht aufgedeckte Farbe (oder weiter)",
}


def german(key: str, values: dict) -> str:
    """The refusal `key` in German; `values` as the engine gave them, a seat already named."""
    if "kind" in values:
        values = dict(values, kind=KINDS_DE.get(values["kind"], values["kind"]))
    return DE[key].format(**values)
