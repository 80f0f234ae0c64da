"""Cats at the table. The secrets come one of two ways (the table's own setting `secrets`): the
players tap their own cat card and character card face down (`cards`: companion/tables/cats/
setup.py; the table commits each seat's deal once both cards are in), or the service deals them
(`deal`, chance moves) and the table then shows each player's cat and character on the OLED, one
player at a time, behind a "press OK when alone" screen. The own-cards card switches the way. Reaction cards are enrolled as `event` cards (their name is the event: `miau:3@7`,
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
from companion.games.cats.state import DEAL, N_CATS, N_OBJECTS, OBJECTS
from companion.tables.choicemenu import Group
from companion.tables.cats import refusals
from companion.tables.cats.setup import MODES, WORDS as SETUP_WORDS, SecretTaps, TapError
from companion.tables.picker import FLASH_SECONDS, PickerTable, Say, Step
from companion.tables.protocol import Commit

OBJECTS_DE = ("Futternapf", "Kissen", "Maus", "Päckchen")
OBJECTS_EN = ("food bowl", "cushion", "mouse", "parcel")
CHARACTERS_DE = ("gefräßig", "faul", "bissig", "neugierig")
CHARACTERS_EN = ("greedy", "lazy", "snappy", "curious")
SECRET = "secret"   # a choice: show the acting player's own cards again
CLAIMS = tuple(f"win:{c + 1}{OBJECTS[o]}" for c in range(N_CATS) for o in range(N_OBJECTS))


class CatsTable(PickerTable):
    refusal_words = refusals
    card_functions = PickerTable.card_functions + ("secret", "own_cards")
    #: the table's own setting: how the secrets come (kept by the service, passed back by name)
    own_settings = {"secrets": MODES}

    def __init__(self, game, position=None, secrets="deal", **settings):
        self.tapping = secrets == "cards"   # the players tap their own secret cards
        self.own_seats: set[int] = set()    # seats whose secrets came from their own cards
        self.notice: Say | None = None      # which way now, after the own-cards card
        super().__init__(game, position, **settings)
        self.taps = self._fresh_taps()
        self.reveal: list[int] = []   # seats still to be shown their cards after the deal
        self.showing = False          # the secret is on the OLED now
        if self.history and all(step.chance for step in self.history) and not self.tapping \
                and None not in self.position.secrets:
            # resumed after a power cut in the walk that shows each player their cards (nothing
            # played since the deal): the walk again from the first seat, so nobody misses it
            self.reveal = list(range(self.position.seats))

    def _de(self) -> bool:
        return self.language == "de"

    # The secrets from the players' own cards -------------------------------------------------
    @property
    def setting_values(self) -> dict[str, str]:
        return {"secrets": MODES[self.tapping]}

    @property
    def observes_chance(self) -> bool:
        # the players' own cards decide the deal: the service draws nothing until it is done
        return self.tapping and self.position.phase == DEAL

    def _fresh_taps(self) -> SecretTaps:
        return SecretTaps(taken=tuple(s for s in self.position.secrets if s is not None))

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        self.notice = None
        if function == "own_cards":
            self.tapping = not self.tapping
            self.taps = self._fresh_taps()
            at_setup = self.position.phase == DEAL
            self.notice = Say("setup", ("mode." + MODES[self.tapping], None if at_setup else "next"))
            self._commits.append(Commit("settings", None, self.game.format_position(self.position)))
        elif function == "secret":
            self._tap(arg or "", now)
        else:
            super().on_card(function, now, arg)

    def _tap(self, face: str, now: float) -> None:
        """One secret card tapped face down: kept until the seat's second card is in, then that
        seat's deal is committed. Nothing on the screen says which card it was."""
        if not self.tapping:
            self._refuse(Say("setup", ("dealing", None)), now)
            return
        if self.position.phase != DEAL:
            self._refuse(Say("setup", ("not_now", None)), now)
            return
        seat = self.position.secrets.index(None)
        try:
            text = self.taps.tap(face)
        except TapError as exc:
            self._refuse(Say("setup", (exc.key, None)), now)
            return
        self.refused, self.ack, self.flash = None, False, ("ok", now + FLASH_SECONDS)
        if text is None:
            self.said = (Say("setup", (self.taps.read_line(), None)),)
            return
        self.position, events = self.game.apply_with_events(
            self.position, self.game.parse_move(self.position, text))
        self.moves.append(text)
        self.history.append(Step(True, tuple(events)))
        self.own_seats.add(seat)
        self.said = (Say("setup", ("seat_done", seat)),)
        self.taps = self._fresh_taps()
        self._commits.append(Commit("move", text, self.game.format_position(self.position)))

    def word(self, say: Say) -> str:
        if say.kind != "setup":
            return super().word(say)
        key, arg = say.value
        if key.startswith("mode."):
            line = SETUP_WORDS[key][not self._de()]
            return line + (" " + SETUP_WORDS["mode.next"][not self._de()] if arg else "")
        name = self.seat_name(arg) if isinstance(arg, int) else ""
        return SETUP_WORDS[key][not self._de()].format(name=name)

    # After the deal: one player at a time ------------------------------------------------------
    def on_chance(self, move, now: float) -> None:
        super().on_chance(move, now)
        if move.kind == "deal" and None not in self.position.secrets:
            # the seats that tapped their own cards before the way was switched know them
            self.reveal = [s for s in range(self.position.seats) if s not in self.own_seats]
            self.showing = False

    def new_game(self, now: float) -> None:
        super().new_game(now)
        self.own_seats, self.reveal, self.showing = set(), [], False
        self.taps = self._fresh_taps()

    def on_button(self, name: str, kind: str, now: float) -> None:
        self.notice = None
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
        if self.reveal:   # which way the secrets came: the companion dealt them
            return SETUP_WORDS["dealt"][not de]
        seat = self.game.to_move(pos)
        if self.observes_chance:
            return SETUP_WORDS["header"][not de]
        if seat == CHANCE:
            return "Karten werden gemischt" if de else "Shuffling"
        return f"{self.seat_name(seat)} {'ist dran' if de else 'to act'}"

    def prompt(self) -> list[str]:
        de, pos = self._de(), self.position
        notice = [self.word(self.notice)] if self.notice else []
        if self.observes_chance:
            return notice + [self.word(Say("setup", ("tap", pos.secrets.index(None))))]
        if self.reveal:
            seat = self.reveal[0]
            if not self.showing:
                return notice + [f"{self.seat_name(seat)}: " + ("allein? Dann OK" if de else "alone? Then press OK")]
            cat, obj = pos.secrets[seat]
            objects, chars = (OBJECTS_DE, CHARACTERS_DE) if de else (OBJECTS_EN, CHARACTERS_EN)
            return [(f"Deine Katze: {cat + 1}, {chars[obj]} ({objects[obj]})" if de else
                     f"Your cat: {cat + 1}, {chars[obj]} ({objects[obj]})"),
                    "OK: verdecken" if de else "OK: hide"]
        if self.game.outcome(pos) is not None:
            return notice + ["neues Spiel: OK lang" if de else "new game: hold OK"]
        return notice + self._phase_prompt()

    def _phase_prompt(self) -> list[str]:
        de, pos = self._de(), self.position
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
