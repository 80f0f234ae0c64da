"""`KatzenjammerTable`: the table protocol (companion/tables/protocol.py) around the pure session
(companion/games/katzenjammer/session.py).

The pieces are not sensed: the players mirror every move on their own board, so scans are
ignored. The service draws each roll and journals it before `on_chance` shows it. The AI seat
(the service's "ai" setting) is played by the expectimax player right here, on the next tick:
it needs no worker, and its choice depends only on the position, so a replay repeats it.
"""
from __future__ import annotations

from companion.games.katzenjammer.session import Session
from companion.tables.katzenjammer import screens
from companion.tables.protocol import Commit, TableView

COMPUTER = "expectimax2"
#: A seat whose player is called so is played by the computer too (a player card "Computer",
#: or the name given on the page): the service's `ai` setting names one seat only.
COMPUTER_NAMES = ("computer", "ki", "ai")


class KatzenjammerTable:
    card_functions = ("new_game", "undo", "language", "player", "dice")

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seat=None, players=(), physical_dice: bool = False):
        self.game = game
        self.language = language
        self.ai_seat = ai_seat
        self.physical_dice = physical_dice
        self._players = tuple(players)
        self._commits: list[Commit] = []
        self.asking = False  # OK long: "new game?" (OK yes, BACK no; CAT: the service's menu)
        self.session = self._session(position, moves)

    def _computers(self) -> dict[int, str]:
        seats = {i for i, name in enumerate(self._players) if name.strip().lower() in COMPUTER_NAMES}
        if self.ai_seat is not None:
            seats.add(self.ai_seat)
        return {seat: COMPUTER for seat in seats}

    def _session(self, position, moves) -> Session:
        return Session(self.game, position, moves, physical_dice=self.physical_dice,
                       computers=self._computers())

    # Protocol properties -------------------------------------------------------------------
    @property
    def position(self):
        return self.session.position

    @property
    def start_position(self):
        return self.session.start_position

    @property
    def moves(self) -> list[str]:
        return list(self.session.moves)

    @property
    def phase(self) -> str:
        return "confirm_new_game" if self.asking else self.session.phase

    @property
    def players(self) -> tuple[str, ...]:
        seats = self.game.seats(self.position)
        return tuple(self._players[:seats]) + ("",) * max(0, seats - len(self._players))

    # Inputs ----------------------------------------------------------------------------------
    def on_scan(self, occupancy: int, now: float) -> None:
        pass  # the pieces are not sensed

    def on_device_event(self, event, now: float) -> None:
        pass

    @property
    def observes_chance(self) -> bool:
        """The players roll their own dice and enter them: the service draws none
        (companion/service/chance.py); the table commits the entered roll as a move."""
        return self.physical_dice

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        if function == "language":
            self.language = arg if arg in ("de", "en") else ("en" if self.language == "de" else "de")
            self._commits.append(Commit("settings", None, self._text()))
        elif function == "player" and arg:
            seat = self.session.seat
            names = list(self.players)
            names[seat] = arg
            self._players = tuple(names)
            self.session.set_computers(self._computers())
            self._commits.append(Commit("settings", None, self._text()))
        elif function == "new_game":
            self.new_game(now)
        elif function == "undo":
            self.session.undo()
            self._collect()
        elif function == "dice":
            self.physical_dice = self.session.physical_dice = not self.physical_dice
            self.session.refresh()

    def on_button(self, name: str, kind: str, now: float) -> None:
        if self.asking:
            if (name, kind) in (("ok", "press"), ("back", "press")):
                self.asking = False
                if name == "ok":
                    self.new_game(now)
            return
        if (name, kind) == ("ok", "long"):
            self.asking = True
        elif self.session.over and (name, kind) == ("ok", "press"):
            self.new_game(now)  # the won screen says: new game, press OK
        else:
            self.session.on_button(name, kind)
            self._collect()

    def on_ai_move(self, move) -> None:
        pass  # the computer seat is played in tick()

    def on_chance(self, move, now: float) -> None:
        self.session.on_chance(move)

    def new_game(self, now: float) -> None:
        if self.session.moves and not self.session.over:
            self._commits.append(Commit("abandon", None, self._text()))
        self.session = self._session(None, ())
        self._commits.append(Commit("new_game", None, self._text()))

    def tick(self, now: float) -> None:
        if self.session.phase == "computer":
            self.session.play_computer()
            self._collect()

    def drain_commits(self) -> list[Commit]:
        out, self._commits = self._commits, []
        return out

    def view(self) -> TableView:
        s = self.session
        screen = screens.screen(s, self.language, asking=self.asking)
        return TableView(screens.leds(s), screen, s.position, tuple(s.moves), self.phase,
                         screen.instruction(self.language), False, False, s.winner)

    # Inside ----------------------------------------------------------------------------------
    def _text(self) -> str:
        return self.game.format_position(self.position)

    def _collect(self) -> None:
        for c in self.session.drain_commits():
            self._commits.append(Commit(c.kind, c.move, c.position))
