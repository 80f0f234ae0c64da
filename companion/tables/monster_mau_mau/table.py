"""The Monster Mau Mau table (the table protocol, companion/tables/protocol.py) around the pure
session of companion/tables/monster_mau_mau/session.py, which holds every decision: set-up,
taps, buttons, undo, the OLED's lines and the LED ring, and the line of moves with its commits
(settings too). This module only translates: cards the service resolved, a tag tapped
(`on_tag`: a card of the deck, told apart from control cards and unknown tags), OK-long's "new
game?", and the view as LedFrame and Screen values.

The bed's reed switches play no part in this game: scans are ignored.
"""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.deck import classify
from companion.tables.monster_mau_mau.session import MauMauSession
from companion.tables.protocol import TableBase, TableView
from companion.ui import i18n
from companion.ui.screens import Screen, msg
from companion.words import Effect, LedCell, LedFrame

CARD_FUNCTIONS = ("new_game", "undo", "player", "language")


class MauMauTable(TableBase):
    card_functions = CARD_FUNCTIONS
    #: The game's chance (the card turned up to start the discard pile) happens in the real deck:
    #: the table sees it when the card is tapped, so the service draws nothing (service/chance.py).
    observes_chance = True
    #: Its cards are the game's own deck (stickers enrolled by UID, `companion cards enrol-deck`),
    #: and the simulator deals the person a virtual hand of it.
    own_deck = True
    virtual_hands = True

    def __init__(self, game, position=None, *, moves=(), settle: float = 0.25,
                 correction_delay: float = 3.0, language: str = "de", ai_seats=(), players=()):
        self.game = game
        self._language = i18n.check_language(language)
        if isinstance(position, str):
            position = game.parse_position(position)
        names = tuple(str(p or "") for p in players)
        while names and not names[-1]:
            names = names[:-1]
        self._names = names
        fresh = position is None or (not moves and position == game.initial_position())
        self.session = MauMauSession(game.rules_set, language=self._language, names=names,
                                     start=None if fresh else position, events=tuple(moves),
                                     game=game)
        #: UID -> face of stickers enrolled by UID (`companion cards enrol-deck`); set by the service
        self.deck_uids: dict[str, str] = {}
        self._confirm = False
        self._now = 0.0

    # Properties of the protocol ------------------------------------------------------------
    @property
    def position(self):
        return self.session.line.position   # before the deal: the game's initial position

    @property
    def start_position(self):
        return self.session.line.start

    @property
    def moves(self) -> list[str]:
        return list(self.session.events)

    @property
    def language(self) -> str:
        return self._language

    @property
    def players(self) -> tuple[str, ...]:
        seats = self.game.seats(self.position)
        names = tuple(self.session.names[:seats])
        return names + ("",) * (seats - len(names))

    # Inputs ----------------------------------------------------------------------------------
    def on_scan(self, occupancy: int, now: float) -> None:
        self._now = now

    def on_device_event(self, event, now: float) -> None:
        self._now = now

    def on_ai_move(self, move) -> None:
        pass

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
        if not self._confirm:
            self.session.on_tap(tap, now)
        return True

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        if function not in CARD_FUNCTIONS:
            raise ValueError(f"unknown card function {function!r}; known: {', '.join(CARD_FUNCTIONS)}")
        self._now = now
        if function == "undo":
            self.session.undo(now)
        elif function == "player":
            self.session.on_player_card(arg or "", now)
            self._settings()
        elif function == "language":
            self._language = arg if arg in i18n.LANGUAGES else ("en" if self._language == "de" else "de")
            self.session.language = self._language
            self._settings()
        elif function == "new_game":
            self._confirm = True

    def on_button(self, name: str, kind: str, now: float) -> None:
        self._now = now
        if self._confirm:
            if name == "ok" and kind == "press":
                self.new_game(now)
            elif name == "back":
                self._confirm = False
            return
        over = self.session.position is not None and self.session.position.phase == engine.OVER
        if name == "ok" and (kind == "long" or over):
            self._confirm = True
            return
        self.session.on_button(name, kind, now)

    def new_game(self, now: float) -> None:
        """Back to the set-up, the same players at the table (the journal closes the game in play
        when the new one is dealt)."""
        self._confirm = False
        self.session.restart()

    def tick(self, now: float) -> None:
        self._now = now

    def drain_commits(self) -> list:
        return self.session.drain_commits()

    # Output -----------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The OLED's lines as text (the page shows them too)."""
        return [line for line in self.session.lines(self._now) if line]

    @property
    def phase(self) -> str:
        if self._confirm:
            return "confirm_new_game"
        pos = self.session.position
        if pos is not None and pos.phase == engine.OVER:
            return "won"
        return self.session.stage

    def view(self) -> TableView:
        pos = self.position
        ring = self.session.ring(self._now)
        leds = LedFrame.from_dict({sq: LedCell(led.colour, Effect(led.effect)) for sq, led in ring.items()})
        if self._confirm:
            screen = Screen("confirm_new_game", lines=(msg("confirm_keys"), msg("confirm_card")))
        else:
            lines = self.lines()
            kind = "won" if self.phase == "won" else "cards"
            screen = Screen(kind, title=msg("text", text=lines[0]),
                            lines=tuple(msg("text", text=line) for line in lines[1:]))
        over = pos.phase == engine.OVER and self.session.position is not None
        return TableView(leds=leds, screen=screen, position=pos, moves=tuple(self.session.events),
                         phase=self.phase, instruction=screen.instruction(self._language),
                         wants_ai=False, wants_hint=False, winner=pos.turn if over else None,
                         asking_new_game=self.phase == "confirm_new_game")

    # Inside -----------------------------------------------------------------------------------
    def _settings(self) -> None:
        self.session.line.commit("settings")   # before the deal: the initial position, as shown
