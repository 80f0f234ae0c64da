"""Cats at the table. The service deals the secrets (chance moves); the table then shows each
player's cat and character on the OLED, one player at a time, behind a "press OK when alone"
screen. Reaction cards are enrolled as `event` cards (their name is the event: `miau:3@7`,
`schnurr`); the steps, hisses, swaps, challenges and win claims are picked with the buttons.

A claimed win is offered for every cat and object, not only the true one, so the choices the
OLED lists never give a secret away; a wrong claim is refused with "play on".

Undo (BACK held, the undo card) takes back any event but one that showed a secret: a challenge's
verdict turns a cat card face up, and an accepted win claim tells whose cat loves which object.
Taking those back cannot make the players forget the card, and would let the challenger guess
again knowing the answer, so they stay ("cannot take back a revealed card"), and so does
everything before them. The deal and the lot are chance: never taken back.
"""
from __future__ import annotations

from companion.games.base import CHANCE
from companion.games.cats.announce import announce
from companion.games.cats.state import N_CATS, N_OBJECTS, OBJECTS
from companion.tables.choicemenu import Group
from companion.tables.cats import refusals
from companion.tables.picker import PickerTable, Say

OBJECTS_DE = ("Futternapf", "Kissen", "Maus", "Päckchen")
OBJECTS_EN = ("food bowl", "cushion", "mouse", "parcel")
CHARACTERS_DE = ("gefräßig", "faul", "bissig", "neugierig")
CHARACTERS_EN = ("greedy", "lazy", "snappy", "curious")
SECRET = "secret"   # a choice: show the acting player's own cards again
CLAIMS = tuple(f"win:{c + 1}{OBJECTS[o]}" for c in range(N_CATS) for o in range(N_OBJECTS))


class CatsTable(PickerTable):
    refusal_words = refusals

    def __init__(self, game, position=None, **settings):
        super().__init__(game, position, **settings)
        self.reveal: list[int] = []   # seats still to be shown their cards after the deal
        self.showing = False          # the secret is on the OLED now
        if self.history and all(step.chance for step in self.history) \
                and None not in self.position.secrets:
            # resumed after a power cut in the walk that shows each player their cards (nothing
            # played since the deal): the walk again from the first seat, so nobody misses it
            self.reveal = list(range(self.position.seats))

    def _de(self) -> bool:
        return self.language == "de"

    # After the deal: one player at a time ------------------------------------------------------
    def on_chance(self, move, now: float) -> None:
        super().on_chance(move, now)
        if move.kind == "deal" and None not in self.position.secrets:
            self.reveal, self.showing = list(range(self.position.seats)), False

    def on_button(self, name: str, kind: str, now: float) -> None:
        if self.reveal and not self.asking_new and kind == "press" and name == "ok":
            if self.showing:
                self.reveal.pop(0)
            self.showing = not self.showing and bool(self.reveal)
            return
        if self.reveal and name in ("cat", "back") and not self.asking_new:
            return   # nothing else happens while the cards are being shown
        super().on_button(name, kind, now)

    def play(self, event: str, now: float) -> bool:
        played = super().play(event, now)
        if played and ("challenge", "wrong") in self.events:
            self.flash = ("no", self.flash[1])   # the verdict in the LEDs: red for a wrong guess
        if played and event.startswith("step:") and event in self.menu_items():
            # a cat walks its steps one after another (moving another piece stops it): the
            # next OK takes the same step again
            self.selected = self.menu_items().index(event)
        return played

    def undo(self, now: float) -> bool:
        if self.reveal:
            return False   # a player is looking at their cards: nothing else happens meanwhile
        return super().undo(now)

    def undoable(self) -> bool:
        return not self.reveal and super().undoable()

    def irrevocable(self, events: tuple) -> Say | None:
        if any(name in ("revealed", "winner") for name, _ in events):
            return Say("de_en", ("eine aufgedeckte Karte bleibt aufgedeckt",
                                 "cannot take back a revealed card"))
        return None

    def acknowledge(self, events: tuple) -> bool:
        # the verdict (and an extra turn) must be read: the OK that reads it picks nothing
        return any(name == "challenge" for name, _ in events)

    def special(self, event: str, now: float) -> bool:
        if event == SECRET:
            seat = self.game.to_move(self.position)
            self.reveal, self.showing = [seat], False
            self.selected, self.opened = 0, []
            return True
        if event.startswith("win:") and self.game.parse_move(self.position, event) not in \
                self.game.legal_moves(self.position):
            self._refuse(Say("de_en", ("kein Sieg: weiterspielen", "no win: play on")), now)
            return True
        return False

    def choices(self) -> list[str]:
        if self.reveal or self.game.to_move(self.position) == CHANCE:
            return []
        legal = [self.game.format_move(self.position, m) for m in self.game.legal_moves(self.position)
                 if m.kind != "win"]
        # the real actions first (steps, the Miau group, swap, the challenge group): the first
        # choice is never one that ends the turn or gives a chance away; ending it comes last,
        # one BACK press away
        last = [e for e in ("end", "blocked", "pass") if e in legal]
        return [e for e in legal if e not in last] + list(CLAIMS) + [SECRET] + last

    def group_of(self, event: str) -> tuple:
        """Steps on cats stand alone (the commonest event); objects, hisses, Miau (by cat), the
        challenge (by seat) and the win claims (by cat) are groups."""
        kind, _, arg = event.partition(":")
        if kind == "step":
            return () if arg.isdigit() else ("object",)
        if kind == "hiss":
            return ("hiss",)
        if kind == "miau":
            return ("miau", "miau:" + arg.split("@")[0])
        if kind == "challenge":
            return ("challenge", "challenge:" + arg.split("=")[0])
        if kind == "win":
            return ("win", "win:" + arg[0])
        return ()

    def group_label(self, group: Group) -> str:
        de, key = self._de(), group.key
        kind, _, arg = key.partition(":")
        if kind == "miau":
            return (f"Miau: Katze {arg} in Raum …" if de else f"Miau: cat {arg} to room …") if arg \
                else ("Miau-Karte …" if de else "Miau card …")
        if kind == "challenge":
            if arg:
                name = self.seat_name(int(arg) - 1)
                return f"{name} hat Katze …" if de else f"{name} has cat …"
            return "herausfordern …" if de else "challenge …"
        if kind == "win":
            return (f"Sieg? Katze {arg} auf …" if de else f"win? cat {arg} on …") if arg \
                else ("Sieg melden …" if de else "claim the win …")
        words = {"object": ("Schritt mit einem Objekt …", "step with an object …"),
                 "hiss": ("fauchen …", "hiss …")}
        return words[key][not de]

    # Words --------------------------------------------------------------------------------------
    def announce(self, name: str, value) -> str:
        return announce(name, value, self.language)

    def describe(self, event: str) -> str:
        de = self._de()
        kind, _, arg = event.partition(":")
        objects = OBJECTS_DE if de else OBJECTS_EN
        if kind == "step":
            piece = (f"Katze {arg}" if de else f"cat {arg}") if arg.isdigit() else objects[OBJECTS.index(arg)]
            return ("Schritt: " if de else "step: ") + piece
        if kind == "hiss":
            a, b = arg.split(">")
            return f"Katze {a} faucht Katze {b} an" if de else f"cat {a} hisses at cat {b}"
        if kind == "miau":
            cat, room = arg.split("@")
            return f"Miau: Katze {cat} in Raum {room}" if de else f"Miau: cat {cat} to room {room}"
        if kind == "challenge":
            seat, cat = arg.split("=")
            return (f"Herausforderung: {self.seat_name(int(seat) - 1)} hat Katze {cat}" if de else
                    f"challenge: {self.seat_name(int(seat) - 1)} has cat {cat}")
        if kind == "win":
            obj = objects[OBJECTS.index(arg[1])]
            return f"Sieg? Katze {arg[0]} auf {obj}" if de else f"win? cat {arg[0]} on the {obj}"
        words = {"end": ("Ziehen beenden", "end the move"),
                 "blocked": ("kein Schritt mehr möglich", "no further step possible"),
                 "schnurr": ("Schnurr", "Schnurr"), "pass": ("weiter", "pass"),
                 "swap": ("eine Karte tauschen", "swap one card"),
                 SECRET: ("meine Karten zeigen", "show my cards")}
        return words[event][not de] if event in words else event

    def header(self) -> str:
        de, pos = self._de(), self.position
        outcome = self.game.outcome(pos)
        if outcome is not None:
            return f"{self.seat_name(outcome.winner)} {'gewinnt' if de else 'wins'}!"
        if self.reveal:
            return "Geheimkarten" if de else "Secret cards"
        seat = self.game.to_move(pos)
        if seat == CHANCE:
            return "Karten werden gemischt" if de else "Shuffling"
        return f"{self.seat_name(seat)} {'ist dran' if de else 'to act'}"

    def prompt(self) -> list[str]:
        de, pos = self._de(), self.position
        if self.reveal:
            seat = self.reveal[0]
            if not self.showing:
                return [f"{self.seat_name(seat)}: " + ("allein? Dann OK" if de else "alone? Then press OK")]
            cat, obj = pos.secrets[seat]
            objects, chars = (OBJECTS_DE, CHARACTERS_DE) if de else (OBJECTS_EN, CHARACTERS_EN)
            return [(f"Deine Katze: {cat + 1}, {chars[obj]} ({objects[obj]})" if de else
                     f"Your cat: {cat + 1}, {chars[obj]} ({objects[obj]})"),
                    "OK: verdecken" if de else "OK: hide"]
        if self.game.outcome(pos) is not None:
            return ["neues Spiel: OK lang" if de else "new game: hold OK"]
        if pos.phase == "move":
            return [f"Schritte {pos.steps}/4, Objekte {pos.object_steps}/2" if de else
                    f"steps {pos.steps}/4, objects {pos.object_steps}/2"]
        if pos.phase == "react":
            return ["Reaktionskarte antippen oder weiter" if de else "tap a reaction card or pass"]
        if pos.phase == "swap":
            return ["eine Karte tauschen?" if de else "swap one card?"]
        if pos.phase == "challenge":
            return ["herausfordern?" if de else "challenge someone?"]
        return []

    def private(self) -> bool:
        # the cards are on the OLED only between the two OK presses, the "alone?" screen is public
        return bool(self.reveal) and self.showing and not self.asking_new

    def shown_moves(self) -> list[str]:
        # the page lists the moves: the dealt secrets stay hidden there
        return ["deal:??" if m.startswith("deal:") else m for m in self.moves]
