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
from companion.games.cats.deck import MIAU
from companion.games.reason import reason
from companion.tables.cats.announce import announce
from companion.games.cats.state import DEAL, N_CATS, N_OBJECTS, OBJECTS
from companion.tables.choicemenu import Group
from companion.tables.cats import refusals
from companion.tables.cats.phrases import character_word, object_word, on_object
from companion.tables.cats.setup import FACES, MODES, SecretTaps, TapError
from companion.tables.picker import FLASH_SECONDS, PickerTable, Say
from companion.tables.cats.why import CatsWhy
from companion.tables.protocol import OwnCard, UndoPolicy
from companion.ui import i18n

SECRET = "secret"   # a choice: show the acting player's own cards again
CLAIMS = tuple(f"win:{c + 1}{OBJECTS[o]}" for c in range(N_CATS) for o in range(N_OBJECTS))


class CatsTable(CatsWhy, PickerTable):
    #: as every event game's, but a card once shown stays shown (a challenge's cat, the winner)
    undo_policy = UndoPolicy("event", keeps=("draw", "revealed"))
    refusal_words = refusals
    card_functions = PickerTable.card_functions + ("secret", "own_cards")
    #: the own-cards card changes a setting: it leaves a "new game?" question standing
    setting_cards = ("own_cards",)
    own_card_functions = {
        "own_cards": OwnCard("Cats: each player taps their own cat card and character card at set-up"
                             " (again: the companion deals)"),
        "secret": OwnCard("Cats: a secret card tapped face down at set-up (cat:1-5, char:b|c|m|p);"
                          " never logged or shown", named=True, secret=True, names=FACES),
    }
    #: the table's own setting: how the secrets come (kept by the service, passed back by name)
    own_settings = {"secrets": MODES}
    #: the reaction cards the simulator's page offers when the OLED asks for one
    page_event_cards = MIAU + ("schnurr",)

    def __init__(self, game, position=None, secrets="deal", **settings):
        self.tapping = secrets == "cards"   # the players tap their own secret cards
        self.own_seats: set[int] = set()    # seats whose secrets came from their own cards
        self.setup_notice: Say | None = None   # which way now, after the own-cards card
        super().__init__(game, position, **settings)
        self.taps = self._fresh_taps()
        self.reveal: list[int] = []   # seats still to be shown their cards after the deal
        self.showing = False          # the secret is on the OLED now
        if self.history and all(step.chance for step in self.history) and not self.tapping \
                and None not in self.position.secrets:
            # resumed after a power cut in the walk that shows each player their cards (nothing
            # played since the deal): the walk again from the first seat, so nobody misses it
            self.reveal = list(range(self.position.seats))

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
        self.setup_notice = None
        super().on_card(function, now, arg)

    def on_own_card(self, function: str, now: float, arg: str | None) -> None:
        if function == "own_cards":
            self.tapping = not self.tapping
            self.taps = self._fresh_taps()
            at_setup = self.position.phase == DEAL
            self.setup_notice = Say("setup", ("mode." + MODES[self.tapping], None if at_setup else "next"))
            self.commit("settings")
        elif function == "secret":
            self._tap(arg or "", now)
        else:
            super().on_own_card(function, now, arg)

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
        self._push(text, chance=True)   # the seat's deal, committed
        self.own_seats.add(seat)
        self.said = (Say("setup", ("seat_done", seat)),)
        self.taps = self._fresh_taps()

    def word(self, say: Say) -> str:
        if say.kind != "setup":
            return super().word(say)
        key, arg = say.value
        if key.startswith("mode."):
            line = self._words(f"cats.setup.{key}")
            return line + (" " + self._words("cats.setup.mode.next") if arg else "")
        name = self.seat_name(arg) if isinstance(arg, int) else ""
        return self._words(f"cats.setup.{key}", name=name)

    # After the deal: one player at a time ------------------------------------------------------
    def on_chance(self, move, now: float) -> None:
        super().on_chance(move, now)
        if move.kind == "deal" and None not in self.position.secrets:
            # the seats that tapped their own cards before the way was switched know them
            self.reveal = [s for s in range(self.position.seats) if s not in self.own_seats]
            self.showing = False

    def restart(self, now: float) -> None:
        super().restart(now)
        self.own_seats, self.reveal, self.showing = set(), [], False
        self.taps = self._fresh_taps()

    def on_button(self, name: str, kind: str, now: float) -> None:
        self.setup_notice = None
        if self.reveal and not self.asking_new_game and kind == "press" and name == "ok":
            if self.showing:
                self.reveal.pop(0)
            self.showing = not self.showing and bool(self.reveal)
            return
        if self.reveal and name in ("cat", "back") and not self.asking_new_game:
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
            return Say("words", "cats.shown_stays")
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
        claim = self.game.parse_move(self.position, event) if event.startswith("win:") else None
        if claim is not None and claim not in self.game.legal_moves(self.position):
            self._refuse(Say("words", "cats.no_win"), now)
            # "why?" explains this verdict (issue 46, item 12), and the OK that reads it goes on
            # with the game, not back into the claims
            self.judged((reason("refused.no_win", cat=claim.a + 1),))
            self.selected, self.opened = 0, []
            return True
        return False

    def choices(self) -> list[str]:
        if self.reveal or self.game.to_move(self.position) == CHANCE:
            return []
        legal = [self.game.format_move(self.position, m) for m in self.game.legal_moves(self.position)
                 if m.kind != "win"]
        # the real actions first (steps, the Miau group, swap, the challenge group): the first
        # choice is never one that ends the turn or gives a chance away; ending it comes last,
        # one BACK press away. Once the cat has walked all it can, ending the turn is what a
        # player does next: it comes first (a claim as the default would answer "play on" and
        # bring the same menu back to an OK pressed on every default)
        last = [e for e in ("end", "blocked", "pass") if e in legal]
        rest = [e for e in legal if e not in last]
        if self.position.phase == "move" and last and not any(e.startswith("step:") for e in rest):
            return last + rest + list(CLAIMS) + [SECRET]
        return rest + list(CLAIMS) + [SECRET] + last

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
        kind, _, arg = group.key.partition(":")
        w = self._words
        if kind == "miau":
            return w("cats.group.miau_cat", cat=arg) if arg else w("cats.group.miau")
        if kind == "challenge":
            return w("cats.group.challenge_seat", name=self.seat_name(int(arg) - 1)) if arg \
                else w("cats.group.challenge")
        if kind == "win":
            return w("cats.group.win_cat", cat=arg) if arg else w("cats.group.win")
        return w(f"cats.group.{kind}")

    # Words --------------------------------------------------------------------------------------
    def announce(self, name: str, value) -> str:
        return announce(name, value, self.language)

    def describe(self, event: str) -> str:
        kind, _, arg = event.partition(":")
        w, lang = self._words, self.language
        if kind == "step":
            what = w("cats.cat", cat=arg) if arg.isdigit() else object_word(OBJECTS.index(arg), lang)
            return w("cats.step", what=what)
        if kind == "hiss":
            a, b = arg.split(">")
            return w("cats.hiss", a=a, b=b)
        if kind == "miau":
            cat, room = arg.split("@")
            return w("cats.miau", cat=cat, room=room)
        if kind == "challenge":
            seat, cat = arg.split("=")
            return w("cats.challenge", name=self.seat_name(int(seat) - 1), cat=cat)
        if kind == "win":
            return w("cats.win", cat=arg[0], on_obj=on_object(OBJECTS.index(arg[1]), lang))
        if event in ("end", "blocked", "schnurr", "pass", "swap", SECRET):
            return w(f"cats.event.{event}")
        return event

    def header(self) -> str:
        pos, w = self.position, self._words
        outcome = self.game.outcome(pos)
        if outcome is not None:
            return w("cats.wins", name=self.seat_name(outcome.winner))
        if self.reveal:   # which way the secrets came: the companion dealt them
            return w("cats.setup.dealt")
        seat = self.game.to_move(pos)
        if self.observes_chance:
            return w("cats.setup.header")
        if seat == CHANCE:
            return w("cats.shuffling")
        # the mover's turn waits for another seat: the title names who acts now and how, as the
        # page's tags do (the mover keeps "has moved", not "to move")
        key = {"react": "cats.to_react", "swap": "cats.to_swap"}.get(pos.phase, "cats.to_act")
        return w(key, name=self.seat_name(seat))

    def prompt(self) -> list[str]:
        pos, w = self.position, self._words
        notice = [self.word(self.setup_notice)] if self.setup_notice else []
        if self.observes_chance:
            return notice + [self.word(Say("setup", ("tap", pos.secrets.index(None))))]
        if self.reveal:
            seat = self.reveal[0]
            if not self.showing:
                return notice + [w("cats.alone", name=self.seat_name(seat))]
            cat, obj = pos.secrets[seat]
            return [w("cats.your_cat", cat=cat + 1, character=character_word(obj, self.language),
                      obj=object_word(obj, self.language)), w("cats.hide")]
        if self.game.outcome(pos) is not None:
            return notice + [i18n.text("new_game_keys", self.language)]
        return notice + self._phase_prompt()

    def _phase_prompt(self) -> list[str]:
        pos, w = self.position, self._words
        if pos.phase == "move":
            return [w("cats.steps", steps=pos.steps, objects=pos.object_steps)]
        if pos.phase in ("react", "challenge"):
            return [w(f"cats.{pos.phase}" + ("_q" if pos.phase == "challenge" else ""))]
        if pos.phase == "swap":
            return [w("cats.swap_q", name=self.seat_name(self.game.to_move(pos)))]
        return []

    def private(self) -> bool:
        # the cards are on the OLED only between the two OK presses, the "alone?" screen is public
        return bool(self.reveal) and self.showing and not self.asking_new_game

    def shown_moves(self) -> list[str]:
        # the page lists the moves: the dealt secrets stay hidden there
        return ["deal:??" if m.startswith("deal:") else m for m in self.moves]
