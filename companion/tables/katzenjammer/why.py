"""Katzenjammer's "why?" (issue 36): the engine's reasons (companion/games/katzenjammer/
explain.py: what a roll allows and what stops each own piece, a void roll, what a turn did) in
words. Their values only become words here: a colour its seat's name, a board index its field
("12", a stall's "s3"), a die label its face ("44", "55=9")."""
from __future__ import annotations

from companion.games.katzenjammer import board as bd
from companion.games.reason import Reason
from companion.tables.katzenjammer import phrases  # noqa: F401  (registers the seats and dice)
from companion.ui import i18n
from companion.ui.screens import Msg, msg

PHRASES = {f"why.katzenjammer.{key}": words for key, words in {
    "roll": {"de": "{colour} würfelt {dice}", "en": "{colour} rolled {dice}"},
    "singles": {"de": "Kein Pasch: ein Würfel, eigene Figuren", "en": "No pair: one die, your own pieces"},
    "pair": {"de": "Pasch {label}: eine fremde Figur, der dritte Würfel zählt nicht",
             "en": "A pair, {label}: a foreign piece; the third die does not count"},
    "joker": {"de": "55 ist der Joker: jeder einzelne Würfel oder jeder Pasch außer 55",
              "en": "55 is the joker: any single die, or any pair but 55"},
    "void": {"de": "Kein Würfel erlaubt einen Zug: der Wurf von {colour} verfällt",
             "en": "No die allows a move: {colour}'s roll is void"},
    "offered": {"de": "{label}: {n} {n:one=Möglichkeit|other=Möglichkeiten}", "en": "{label}: {n} {n:one=choice|other=choices}"},
    "nest_empty": {"de": "{label}: keine Figur im Nest zum Einsetzen",
                   "en": "{label}: no piece in the nest to enter"},
    "fresh_start": {"de": "{label}: auf dem Start {field} steht eine frische Figur, kein Einsetzen",
                    "en": "{label}: a fresh piece stands on the Start {field}, no entering"},
    "fresh_passed": {"de": "{label}: {src} kommt nicht an der frischen Figur von {owner} auf {field}"
                           " vorbei",
                     "en": "{label}: {src} cannot pass {owner}'s fresh piece on {field}"},
    "fresh_target": {"de": "{label}: {src} darf nicht auf der frischen Figur von {owner} auf {field}"
                           " landen",
                     "en": "{label}: {src} may not land on {owner}'s fresh piece on {field}"},
    "stall_taken": {"de": "{label}: der Weg von {src} im Stall ist besetzt ({field})",
                    "en": "{label}: {src}'s way in the stall is taken ({field})"},
    "stall_over": {"de": "{label}: {src} käme über das Ende des Stalls hinaus",
                   "en": "{label}: {src} would go past the end of the stall"},
    "stall_back": {"de": "{label}: eine Figur im Stall geht nicht zurück",
                   "en": "{label}: a piece in the stall does not go back"},
    "back_start": {"de": "{label}: {src} darf nicht rückwärts über den eigenen Start",
                   "en": "{label}: {src} may not go back across its own Start"},
    "in_nest": {"de": "Alle Figuren von {colour} sind im Nest: nur eine 5 setzt eine ein",
                "en": "All of {colour}'s pieces are in the nest: only a 5 brings one out"},
    "swap_no_own": {"de": "{label}: kein Tausch, keine eigene Figur steht im Ring",
                    "en": "{label}: no swap, none of your pieces is on the ring"},
    "swap_no_foreign": {"de": "{label}: kein Tausch, im Ring steht keine fremde Figur, die tauschen"
                              " darf (eine frische nicht)",
                        "en": "{label}: no swap, no foreign piece on the ring may be swapped (a fresh"
                              " one may not)"},
    "no_swap": {"de": "{label}: kein Tausch, im Ring stehen keine zwei Figuren verschiedener Farben,"
                      " die tauschen dürfen",
                "en": "{label}: no swap, the ring has no two pieces of different colours that may"
                      " be swapped"},
    "no_foreign": {"de": "{label}: keine fremde Figur im Ring darf ziehen (nicht frisch, nicht im"
                         " Stall)",
                   "en": "{label}: no foreign piece on the ring may move (not fresh, not in a"
                         " stall)"},
    "no_seven": {"de": "{label}: keine Sieben, die Figuren können nicht genau 7 Schritte ziehen",
                 "en": "{label}: no seven, the pieces cannot move exactly 7 steps in all"},
    "enter": {"de": "{label}: {colour} setzt eine Figur auf den Start {field}, sie ist frisch",
              "en": "{label}: {colour} enters a piece on the Start {field}, fresh"},
    "forward": {"de": "{label}: die Figur von {colour} zieht von {src} vor auf {dst}",
                "en": "{label}: {colour}'s piece moves from {src} forward to {dst}"},
    "into_stall": {"de": "{label}: die Figur von {colour} zieht von {src} in den Stall auf {dst}",
                   "en": "{label}: {colour}'s piece moves from {src} into the stall, {dst}"},
    "backward": {"de": "{label}: die Figur von {colour} zieht von {src} zurück auf {dst}",
                 "en": "{label}: {colour}'s piece moves from {src} back to {dst}"},
    "swap": {"de": "{label}: {src} ({colour}) tauscht mit {dst} ({owner})",
             "en": "{label}: {src} ({colour}) swaps with {dst} ({owner})"},
    "seven": {"de": "{label}: eine Sieben in {n} {n:one=Teil|other=Teilen}, jedes betretene Feld schlägt",
              "en": "{label}: a seven in {n} {n:one=part|other=parts}, every field stepped on captures"},
    "captured": {"de": "Die Figur von {owner} auf {field} ist geschlagen: zurück ins Nest",
                 "en": "{owner}'s piece on {field} is captured: back to its nest"},
    "win": {"de": "Alle vier Figuren von {colour} im Stall: gewonnen",
            "en": "All four of {colour}'s pieces in the stall: a win"},
}.items()}
i18n.register(PHRASES)


def field(index: int) -> Msg:
    return msg("kj.field", at=index) if index < bd.RING else msg("kj.stall", at=(index - bd.STALL) % 4 + 1)


class Why:
    """Mixin of KatzenjammerTable: the reasons in words (the judgement is TableBase's: the last
    move on the line, a roll or a turn, as the engine explains it)."""

    def why_msg(self, reason: Reason) -> Msg:
        values = {}
        for name, value in reason.values:
            if name in ("colour", "owner"):
                value = msg(f"kj.seat.{value}")
            elif name in ("src", "dst", "field") and not (reason.kind == "stall_over" and name == "field"):
                value = field(value)
            elif name == "label":
                value = msg(f"kj.die.{value}")
            values[name] = value
        return msg(self.why_key(reason.kind), **values)  # type: ignore[attr-defined]
