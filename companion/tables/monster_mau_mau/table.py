"""The Monster Mau Mau table (the table protocol, companion/tables/protocol.py) around the pure
session of companion/tables/monster_mau_mau/session.py, which holds every decision: set-up,
taps, buttons, undo, the OLED's lines and the LED ring, and the line of moves with its commits
(settings too). This module only translates: cards the service resolved, a tag tapped
(`on_tag`: a card of the deck, told apart from control cards and unknown tags) and the view
as LedFrame and Screen values; the language and player cards and "new game?" are TableBase's.

The bed's reed switches play no part in this game: scans are ignored.
"""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.deck import classify
from companion.tables.monster_mau_mau.session import MauMauSession
from companion.tables.monster_mau_mau.why import Why
from companion.tables.protocol import TableBase, TableView
from companion.ui.screens import Screen, msg
from companion.words import Effect, LedCell, LedFrame

CARD_FUNCTIONS = ("new_game", "undo", "why", "player", "language")


class MauMauTable(Why, TableBase):
    card_functions = CARD_FUNCTIONS
    #: The game's chance (the card turned up to start the discard pile) happens in the real deck:
    #: the table sees it when the card is tapped, so the service draws nothing (service/chance.py).
    observes_chance = True
    #: Its cards are the game's own deck (stickers enrolled by UID, `companion cards enrol-deck`),
    #: and the simulator deals the person a virtual hand of it.
    own_deck = True
    virtual_hands = True

    chooses_seats = True   # its set-up asks "how many play?" (session.py)

    def __init__(self, game, position=None, *, moves=(), settle: float = 0.25,
                 correction_delay: float = 3.0, language: str = "de", ai_seats=(), players=(),
                 seats: int | None = None):
        self.game = game
        self.init_controls(language)   # the names are the session's (set-up names the seats)
        if isinstance(position, str):
            position = game.parse_position(position)
        names = tuple(str(p or "") for p in players)
        while names and not names[-1]:
            names = names[:-1]
        # None: the set-up (players, deal) first; a start position: the deal was done (the
        # service resumes a game the table began, even one dealt as the game's default)
        self.session = MauMauSession(game.rules_set, language=self.language, names=names,
                                     start=position, events=tuple(moves),
                                     game=game, seats=seats)
        #: UID -> face of stickers enrolled by UID (`companion cards enrol-deck`); set by the service
        self.deck_uids: dict[str, str] = {}
        self._now = 0.0

    # Properties of the protocol ------------------------------------------------------------
    @property
    def line(self):
        """The session's MoveLine (before the deal it waits at the game's initial position)."""
        return self.session.line

    @property
    def players(self) -> tuple[str, ...]:
        seats = self.game.seats(self.position)
        names = tuple(self.session.names[:seats])
        return names + ("",) * (seats - len(names))

    # The shared controls' hooks -------------------------------------------------------------
    def set_language(self, language: str | None = None) -> None:
        super().set_language(language)
        self.session.language = self.language

    def name_player(self, name: str) -> None:
        """A player's card names the next seat during the set-up (the session decides)."""
        name = name.strip()
        before = list(self.session.names)
        self.session.on_player_card(name, self._now)
        if self.session.names != before:
            self.notice = msg("player_named", seat=self.seat_label(self.session.names.index(name)), name=name)
            self.commit("settings")   # before the deal: the initial position, as shown

    def new_game(self, now: float) -> None:
        """Back to the set-up, the same players at the table: nothing is committed now, the
        journal closes the game in play when the new one is dealt (the session's line starts
        then)."""
        self.asking_new_game = False
        self.notice = None
        self.session.restart()

    # Inputs ----------------------------------------------------------------------------------
    def on_scan(self, occupancy: int, now: float) -> None:
        self._now = now

    def on_device_event(self, event, now: float) -> None:
        self._now = now

    def on_chance(self, move, now: float) -> None:
        """Never called while `observes_chance` holds; a card turned up that the service drew and
        journaled itself is applied as it is, committing nothing."""
        self._now = now
        self.session.apply_journaled(move, now)

    def on_tag(self, uid: str, text: str | None, now: float) -> bool:
        """A tag tapped: True when it is a card of the deck (then it is played, or refused with
        the reason); False for anything else, which the service handles (control cards, unknown
        tags)."""
        self._now = now
        tap = classify(uid, text, enrolled=self.deck_uids)
        if tap.kind != "card":
            return False
        if not self.asking_new_game:
            self.notice = None
            self.session.on_tap(tap, now)
        return True

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        self._now = now
        super().on_card(function, now, arg)

    def undo(self, now: float) -> None:
        """The last event goes (before the first one: back to the deal's set-up)."""
        self.session.undo(now)

    def on_button(self, name: str, kind: str, now: float) -> None:
        self._now = now
        self.notice = None   # the language or name just set: until the next button
        super().on_button(name, kind, now)

    def on_own_button(self, name: str, kind: str, now: float) -> None:
        self.session.on_button(name, kind, now)

    def tick(self, now: float) -> None:
        self._now = now

    def next_deadline(self, now: float) -> float | None:
        return self.session.next_deadline(now)   # what the OLED and the ring show depends on now

    def refuse_hand(self, why) -> None:
        """The simulator's deck refused the person's click (`why`: the reason, a Msg): the
        OLED says it as it says a card that does not fit."""
        self.session.refuse(lambda: why, self._now)

    # Output -----------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The OLED's lines as text (the page shows them too)."""
        return [m.text(self.language) for m in self.shown()]

    def shown(self) -> list:
        """The OLED's lines as Msgs (the voice says them: companion/voice/spoken.py)."""
        notice = [self.notice] if self.notice else []
        return [m for m in self.session.shown(self._now) if m.text(self.language)] + notice

    @property
    def phase(self) -> str:
        if self.asking_new_game:
            return "confirm_new_game"
        pos = self.session.position
        if pos is not None and pos.phase == engine.OVER:
            return "won"
        return self.session.stage

    def view(self) -> TableView:
        pos = self.position
        ring = self.session.ring(self._now)
        leds = LedFrame.from_dict({sq: LedCell(led.colour, Effect(led.effect)) for sq, led in ring.items()})
        if self.asking_new_game:
            screen = self.new_game_screen()
        else:
            lines = self.shown()
            kind = "won" if self.phase == "won" else "cards"
            screen = Screen(kind, title=lines[0], lines=tuple(lines[1:]))
        over = pos.phase == engine.OVER and self.session.position is not None
        return TableView(leds=leds, screen=screen, position=pos, moves=tuple(self.session.events),
                         phase=self.phase, instruction=screen.instruction(self.language),
                         wants_ai=False, wants_hint=False, winner=pos.turn if over else None,
                         asking_new_game=self.asking_new_game)
