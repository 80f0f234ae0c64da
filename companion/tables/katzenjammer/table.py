"""`KatzenjammerTable`: the table protocol (companion/tables/protocol.py) around the pure session
(companion/tables/katzenjammer/session.py).

The pieces are not sensed: the players mirror every move on their own board, so scans are
ignored. The service draws each roll and journals it before `on_chance` shows it. The AI seats
(the service's "ai" setting: one seat or several, "2,3") are played by the expectimax player
right here, on the next tick: it needs no worker, and its choice depends only on the position,
so a replay repeats it.

Who rolls is the table's own setting `dice` ("companion", or "players": they roll their own
Miwin dice and enter them): the dice card switches it, the service keeps it in the journal, so
it lasts through a restart and into the next game. The OLED says which it is after the card and
when a game resumes.
"""
from __future__ import annotations

from companion.tables.katzenjammer.session import Session
from companion.tables.katzenjammer import screens
from companion.tables.protocol import Commit, TableBase, TableView, is_computer_name

COMPUTER = "expectimax2"
#: Who rolls the dice (the `dice` setting): the companion, or the players with their own dice.
DICE = ("companion", "players")


def _is_computer(name: str) -> bool:
    """A seat whose player is called so (a journal from before the card set the seat, a name
    typed on the page) is played by the computer too, beside the `ai` seats."""
    return is_computer_name(name)


class KatzenjammerTable(TableBase):
    #: "player" with the name Computer makes the seat to move a computer seat; "ai_off" gives
    #: every seat back to people (the computer seats of `ai` and of players called Computer).
    card_functions = ("new_game", "undo", "language", "player", "dice", "ai_off")
    #: Settings of this table the service keeps in the journal, with their values (the kept value
    #: comes back as the factory's keyword of that name; `setting_values` says the current ones).
    own_settings = {"dice": DICE}
    #: The computer plays any number of seats here (the service's `ai` setting "2,3").
    several_ai_seats = True
    ai_seats: tuple[int, ...] = ()  # set per game below (the base's is derived from ai_seat)

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seat=None, players=(), physical_dice: bool = False,
                 dice: str | None = None):
        self.game = game
        self.language = language
        if ai_seat is None:
            self.ai_seats = ()
        elif isinstance(ai_seat, int):
            self.ai_seats = (ai_seat,)
        else:
            self.ai_seats = tuple(sorted(set(ai_seat)))
        if dice is not None and dice not in DICE:
            raise ValueError(f"dice {dice!r}: use one of {', '.join(DICE)}")
        self.physical_dice = physical_dice if dice is None else dice == "players"
        self._players = tuple(players)
        self.asking = False  # OK long: "new game?" (OK yes, BACK no; CAT: the service's menu)
        self.session = self._session(position, moves)
        #: A line the OLED shows above the menu until the next button (which dice after a resume
        #: or the dice card), as an i18n key.
        self.notice: str | None = self._dice_notice() if moves else None

    @property
    def ai_seat(self) -> int | None:
        return self.ai_seats[0] if self.ai_seats else None

    @property
    def setting_values(self) -> dict[str, str]:
        return {"dice": DICE[self.physical_dice]}

    def _dice_notice(self) -> str:
        return f"kj.dice.{DICE[self.physical_dice]}"

    def _computers(self) -> dict[int, str]:
        seats = {i for i, name in enumerate(self._players) if _is_computer(name)}
        seats.update(self.ai_seats)
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
            self._settings()
        elif function == "player" and is_computer_name(arg):
            # the seat to move becomes a computer seat: this game's own setting (the service keeps
            # it per game), never the seat's name, so no other game sees a player "Computer"
            self.ai_seats = tuple(sorted(set(self.ai_seats) | {self.session.seat}))
            self.session.set_computers(self._computers())
            self._settings()
        elif function == "player" and arg:
            seat = self.session.seat
            names = list(self.players)
            names[seat] = arg
            self._players = tuple(names)
            self.session.set_computers(self._computers())
            self._settings()
        elif function == "new_game":
            self.new_game(now)
        elif function == "undo":
            self.session.undo()
        elif function == "ai_off":
            self.ai_seats = ()
            self._players = tuple("" if _is_computer(name) else name for name in self.players)
            self.session.set_computers(self._computers())
            self.notice = "ai_off"
            self._settings()
        elif function == "dice":
            self.physical_dice = self.session.physical_dice = not self.physical_dice
            self.session.refresh()
            self.notice = self._dice_notice()
            self._settings()

    def on_button(self, name: str, kind: str, now: float) -> None:
        self.notice = None
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

    def on_ai_move(self, move) -> None:
        pass  # the computer seat is played in tick()

    def on_chance(self, move, now: float) -> None:
        self.session.on_chance(move)

    def new_game(self, now: float) -> None:
        self.session.new_game()

    def tick(self, now: float) -> None:
        if self.session.phase == "computer":
            self.session.play_computer()

    def drain_commits(self) -> list[Commit]:
        return self.session.drain_commits()   # the session's line: moves, undos, settings

    def view(self) -> TableView:
        s = self.session
        screen = screens.screen(s, self.language, asking=self.asking, notice=self.notice)
        return TableView(screens.leds(s), screen, s.position, tuple(s.moves), self.phase,
                         screen.instruction(self.language), False, False, s.winner,
                         asking_new_game=self.asking)

    # Inside ----------------------------------------------------------------------------------
    def _settings(self) -> None:
        self.session.line.commit("settings")
