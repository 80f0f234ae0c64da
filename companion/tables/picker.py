"""A table for games played as events without a sensed board (Cats, Cat Attack): the players
tap a game card (a reaction card, a Mog card: card function `event`, its event as the card's
name) or pick the event with the buttons — CAT shows the next choice, BACK the previous one, OK
plays it. Every event is judged by the engine before it is committed; a refused one leaves the
position as it was and the OLED says why. Chance (the deal, the die) is drawn by the service and
arrives through `on_chance`. OK held asks for a new game (OK: yes, BACK: no).

Subclasses say what the screen shows (`header`, `prompt`, `describe`) and which choices the
buttons offer (`choices`); everything here is pure (no I/O, no clock).
"""
from __future__ import annotations

from companion.games.base import CHANCE, GameError
from companion.tables.protocol import Commit, TableView
from companion.ui.screens import Screen, msg
from companion.words import SQUARES, Effect, LedCell, LedFrame

#: How long the whole grid answers a tapped or picked event: green accepted, red refused.
FLASH_SECONDS = 1.5
FLASHES = {"ok": LedFrame((LedCell((0, 160, 0), Effect.STEADY),) * SQUARES),
           "no": LedFrame((LedCell((200, 0, 0), Effect.BLINK),) * SQUARES)}
SHOWN_ANNOUNCEMENTS = 6   # the OLED pages long instructions: all of them reach it


class PickerTable:
    card_functions = ("new_game", "language", "player", "event")

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seat=None, players=()):
        self.game = game
        self.start_position = position if position is not None else game.initial_position()
        self.position = self.start_position
        self.moves: list[str] = []
        for text in moves:   # resuming: the journal's moves, chance draws included
            self.position = game.apply(self.position, game.parse_move(self.position, text))
            self.moves.append(text)
        self.language = language
        self.ai_seat = None          # no AI plays these games
        seats = game.seats(self.position)
        self.players = tuple(players)[:seats] + ("",) * (seats - len(tuple(players)[:seats]))
        self.selected = 0
        self.said: tuple[str, ...] = ()      # what the last events announced, in the language
        self.refused: str | None = None      # why the last tapped or picked event was refused
        self.asking_new = False
        self.flash: tuple[str, float] | None = None   # ("ok" | "no", until when)
        self.events: list = []                        # what the last event caused (engine terms)
        self._commits: list[Commit] = []

    # Subclass hooks -------------------------------------------------------------------------
    def choices(self) -> list[str]:
        """The events the buttons offer, as text (default: every legal event)."""
        return [self.game.format_move(self.position, m) for m in self.game.legal_moves(self.position)]

    def describe(self, event: str) -> str:
        return event

    def header(self) -> str:
        return ""

    def board(self) -> LedFrame:
        """The LEDs between flashes (default: dark)."""
        return LedFrame()

    def prompt(self) -> list[str]:
        return []

    def announce(self, name: str, value) -> str:
        return f"{name}: {value}"

    def special(self, event: str, now: float) -> bool:
        """A choice the table handles itself (not an engine event); True if handled."""
        return False

    # Playing --------------------------------------------------------------------------------
    def _apply(self, text: str) -> bool:
        """Judge and apply one event; False (with the reason on screen) if refused."""
        try:
            move = self.game.parse_move(self.position, text)
            self.position, events = self.game.apply_with_events(self.position, move)
        except GameError as exc:
            self.refused = self._reason(str(exc))
            return False
        self.moves.append(self.game.format_move(self.position, move))
        self.events = list(events)
        self.said = tuple(self.announce(n, v) for n, v in events)[-SHOWN_ANNOUNCEMENTS:]
        self.refused = None
        self.selected = 0
        return True

    @staticmethod
    def _reason(message: str) -> str:
        # the engine's message names the move and the whole position; the OLED needs the why
        return message.rsplit("': ", 1)[-1]

    def play(self, event: str, now: float) -> bool:
        if self.game.outcome(self.position) is not None or self.game.to_move(self.position) == CHANCE:
            return False
        try:
            if self.special(event, now):
                return True
        except GameError as exc:   # a card whose name is no event of this game
            self.refused, self.flash = self._reason(str(exc)), ("no", now + FLASH_SECONDS)
            return False
        accepted = self._apply(event)
        self.flash = ("ok" if accepted else "no", now + FLASH_SECONDS)
        if not accepted:
            return False
        self._commits.append(Commit("move", self.moves[-1], self.game.format_position(self.position)))
        return True

    # The protocol -----------------------------------------------------------------------------
    def on_chance(self, move, now: float) -> None:
        # drawn and journaled by the service: apply it, commit nothing
        self.position, events = self.game.apply_with_events(self.position, move)
        self.moves.append(self.game.format_move(self.position, move))
        self.said = tuple(self.announce(n, v) for n, v in events)[-SHOWN_ANNOUNCEMENTS:]
        self.selected = 0

    def on_button(self, name: str, kind: str, now: float) -> None:
        if self.asking_new:
            if name == "ok" and kind == "press":
                self.new_game(now)
            elif name == "back":
                self.asking_new = False
            return
        if name == "ok" and kind == "long":
            self.asking_new = True
            return
        options = self.choices()
        if not options:
            return
        if name == "cat":
            self.selected = (self.selected + 1) % len(options)
        elif name == "back":
            self.selected = (self.selected - 1) % len(options)
        elif name == "ok":
            self.play(options[self.selected % len(options)], now)

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        if function == "event" and arg:
            self.play(arg, now)
        elif function == "new_game":
            if self.asking_new:
                self.new_game(now)
            else:
                self.asking_new = True
        elif function == "language":
            self.language = "en" if self.language == "de" else "de"
            self._commits.append(Commit("settings", None, self.game.format_position(self.position)))
        elif function == "player" and arg:
            seat = self.game.to_move(self.position)
            if seat != CHANCE and 0 <= seat < len(self.players):
                self.players = self.players[:seat] + (arg,) + self.players[seat + 1:]
                self._commits.append(Commit("settings", None,
                                            self.game.format_position(self.position)))

    def new_game(self, now: float) -> None:
        self.position, self.moves = self.game.initial_position(), []
        self.start_position = self.position
        self.asking_new, self.selected, self.said, self.refused = False, 0, (), None
        self._commits.append(Commit("new_game", None, self.game.format_position(self.position)))

    def on_scan(self, occupancy: int, now: float) -> None:
        pass   # no sensed board in these games

    def on_device_event(self, event, now: float) -> None:
        pass

    def on_ai_move(self, move) -> None:
        pass

    def tick(self, now: float) -> None:
        if self.flash is not None and now >= self.flash[1]:
            self.flash = None

    def drain_commits(self) -> list[Commit]:
        out, self._commits = self._commits, []
        return out

    # What is shown --------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        name = self.players[seat] if 0 <= seat < len(self.players) else ""
        return name or (f"Spieler {seat + 1}" if self.language == "de" else f"seat {seat + 1}")

    def lines(self) -> list[str]:
        out = list(self.said)
        if self.refused:
            out.append(("Nein: " if self.language == "de" else "No: ") + self.refused)
        out += self.prompt()
        options = self.choices()
        if options and self.game.outcome(self.position) is None:
            pick = options[self.selected % len(options)]
            out.append(f"> {self.describe(pick)}  ({self.selected % len(options) + 1}/{len(options)})")
        return out

    def phase(self) -> str:
        if self.asking_new:
            return "confirm_new_game"
        if self.game.outcome(self.position) is not None:
            return "won"
        return "chance" if self.game.to_move(self.position) == CHANCE else self.position.phase

    def view(self) -> TableView:
        outcome = self.game.outcome(self.position)
        phase = self.phase()
        if phase == "confirm_new_game":
            screen = Screen("confirm_new_game", lines=(msg("confirm_keys"),))
        else:
            kind = "won" if outcome is not None else "await_placement"
            screen = Screen(kind, title=msg("text", text=self.header()),
                            lines=tuple(msg("text", text=line) for line in self.lines()))
        leds = FLASHES[self.flash[0]] if self.flash is not None else self.board()
        return TableView(leds, screen, self.position, tuple(self.shown_moves()), phase,
                         screen.instruction(self.language), False, False,
                         None if outcome is None else outcome.winner, self.private())

    def private(self) -> bool:
        """True while the OLED shows a seat's secrets (TableView.private)."""
        return False

    def shown_moves(self) -> list[str]:
        return self.moves
