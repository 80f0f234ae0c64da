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

from companion.tables import beginner as beginner_mode
from companion.tables.katzenjammer.session import COMPUTER, Session
from companion.tables.katzenjammer import phrases  # noqa: F401  (registers the page's words)
from companion.tables.katzenjammer import review as _review  # noqa: F401  (the review's words, shown after a game)
from companion.tables.katzenjammer import screens
from companion.tables.katzenjammer.why import Why
from companion.tables.protocol import OwnCard, TableBase, TableView, UndoPolicy, is_computer_name
from companion.ui.screens import msg

#: Who rolls the dice (the `dice` setting): the companion, or the players with their own dice.
DICE = ("companion", "players")
#: A person's void roll (the `void_roll` setting): it passes by itself once shown and said, or
#: waits for OK ("confirm"); the first turns of a game are mostly void rolls (issue 46, item 6).
VOID_ROLL = ("pass", "confirm")
#: How long a void roll stands before it passes: read and said ("Rot würfelt 6 4 3 ... Wurf
#: verfällt"), on the table's clock (`tick`'s now), so a test steps it exactly.
VOID_SECONDS = 4.0


def _is_computer(name: str) -> bool:
    """A seat whose player is called so (a journal from before the card set the seat, a name
    typed on the page) is played by the computer too, beside the `ai` seats."""
    return is_computer_name(name)


class KatzenjammerTable(Why, TableBase):
    """The language and player cards and the "new game?" question are every table's (TableBase);
    what is Katzenjammer's own: the chooser's buttons, undo, the dice card, computer seats."""

    #: "player" with the name Computer makes the seat to move a computer seat; "ai_off" gives
    #: every seat back to people (the computer seats of `ai` and of players called Computer).
    #: a person's last turn goes with everything after it, its roll kept; BACK held is the
    #: chooser's "up" (at the start of a turn, its undo: session.py)
    undo_policy = UndoPolicy("turn", keeps=("draw",), back_held=False)
    card_functions = ("new_game", "undo", "why", "language", "player", "dice", "ai_off", "beginner")
    own_card_functions = {"dice": OwnCard("Katzenjammer: the players roll their own Miwin dice and enter them"
                                 " (again: the companion rolls)"), "beginner": beginner_mode.CARD}
    #: the cards that change a setting: they leave a "new game?" question standing
    setting_cards = ("dice", "ai_off", "beginner")
    #: Settings of this table the service keeps in the journal, with their values (the kept value
    #: comes back as the factory's keyword of that name; `setting_values` says the current ones).
    own_settings = {"dice": DICE, "beginner": beginner_mode.VALUES, "void_roll": VOID_ROLL}
    #: The computer plays any number of seats here (the service's `ai` setting "2,3").
    several_ai_seats = True

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seats=(), players=(), physical_dice: bool = False,
                 dice: str | None = None, beginner: str | None = None, void_roll: str | None = None):
        self.game = game
        self.init_controls(language, players)
        self.ai_seats = tuple(sorted(set(ai_seats)))
        if dice is not None and dice not in DICE:
            raise ValueError(f"dice {dice!r}: use one of {', '.join(DICE)}")
        self.physical_dice = physical_dice if dice is None else dice == "players"
        if void_roll is not None and void_roll not in VOID_ROLL:
            raise ValueError(f"void_roll {void_roll!r}: use one of {', '.join(VOID_ROLL)}")
        self.void_roll = void_roll or VOID_ROLL[0]
        self._void_since: tuple[int, float] | None = None   # (moves, now) a void roll showed at
        # a beginner table: the chooser starts on the computer's choice (issue 36, item 5)
        self.session = Session(game, position, moves, physical_dice=self.physical_dice,
                               computers=self._computers(), beginner=beginner_mode.parse(beginner))
        # which dice, after a resume (and after the dice card): until the next button
        if moves:
            self.notice = msg(self._dice_notice())

    @property
    def line(self):
        """The session's MoveLine: the moves, the commits of the table and of the session."""
        return self.session.line

    @property
    def setting_values(self) -> dict[str, str]:
        return {"dice": DICE[self.physical_dice], "beginner": beginner_mode.value(self.session.beginner),
                "void_roll": self.void_roll}

    def _dice_notice(self) -> str:
        return f"kj.dice.{DICE[self.physical_dice]}"

    def _computers(self) -> dict[int, str]:
        seats = {i for i, name in enumerate(self._players) if _is_computer(name)}
        seats.update(self.ai_seats)
        return {seat: COMPUTER for seat in seats}

    @property
    def phase(self) -> str:
        return "confirm_new_game" if self.asking_new_game else self.session.phase

    @property
    def observes_chance(self) -> bool:
        """The players roll their own dice and enter them: the service draws none
        (companion/service/chance.py); the table commits the entered roll as a move."""
        return self.physical_dice

    # The shared controls' hooks -------------------------------------------------------------
    def player_seat(self, name: str) -> int:
        return self.session.seat   # the seat to move, also while its dice are rolled

    def seat_label(self, seat: int):
        return msg(f"kj.seat.{self.position.colours[seat]}")

    def name_player(self, name: str) -> None:
        if is_computer_name(name):
            # the seat to move becomes a computer seat: this game's own setting (the service keeps
            # it per game), never the seat's name, so no other game sees a player "Computer"
            self.ai_seats = tuple(sorted(set(self.ai_seats) | {self.session.seat}))
            self.session.set_computers(self._computers())
            self.commit("settings")
            return
        super().name_player(name)
        self.session.set_computers(self._computers())

    def restart(self, now: float) -> None:
        self.session.restart()

    # Inputs ----------------------------------------------------------------------------------
    def undo(self, now: float) -> None:
        self.session.undo()

    def on_own_card(self, function: str, now: float, arg: str | None) -> None:
        if function == "ai_off":
            self.ai_seats = ()
            self._players = tuple("" if _is_computer(name) else name for name in self.players)
            self.session.set_computers(self._computers())
            self.notice = msg("ai_off")
            self.commit("settings")
        elif function == "dice":
            self.physical_dice = self.session.physical_dice = not self.physical_dice
            self.session.refresh()
            self.notice = msg(self._dice_notice())
            self.commit("settings")
        elif function == "beginner":
            self.session.set_beginner(not self.session.beginner)
            self.notice = beginner_mode.notice(self.session.beginner)
            self.commit("settings")

    def on_button(self, name: str, kind: str, now: float) -> None:
        self.notice = None   # a notice stays until the next button
        self._void_since = None   # a void roll's time begins again after any press
        super().on_button(name, kind, now)

    def on_own_button(self, name: str, kind: str, now: float) -> None:
        self.session.on_button(name, kind)

    def on_chance(self, move, now: float) -> None:
        self.session.on_chance(move)

    @property
    def void_passes(self) -> bool:
        """A void roll on the screen will pass by itself (the screen says so)."""
        return self.void_roll == "pass" and self.session.void

    def tick(self, now: float) -> None:
        if self.session.phase == "computer":
            self.session.play_computer()
        elif self.void_passes:
            self._pass_void(now)

    def _pass_void(self, now: float) -> None:
        """The void roll passes VOID_SECONDS after it showed; while "why?", "new game?" or the
        board stands over it, it waits, and its time begins again after them."""
        shown = len(self.session.moves)
        if (self._void_since is None or self._void_since[0] != shown or self._why is not None
                or self.asking_new_game or self.session.show_board):
            self._void_since = (shown, now)
        elif now - self._void_since[1] >= VOID_SECONDS:
            self.session.pass_void()

    def next_deadline(self, now: float) -> float | None:
        """A void roll that passes by itself is the one timer (its time starts in the step that
        sees it, so that step is due at once). A computer seat plays in the step after the input
        that made it its turn (that step changed something, so the loop steps again at once)."""
        if not self.void_passes:
            return None
        if self._void_since is None or self._void_since[0] != len(self.session.moves):
            return now
        return self._void_since[1] + VOID_SECONDS

    def drain_said(self) -> list:
        return self.session.drain_said()

    def view(self) -> TableView:
        s = self.session
        screen = (self.new_game_screen() if self.asking_new_game
                  else screens.screen(s, self.language, notice=self.notice, void_passes=self.void_passes))
        return TableView(screens.leds(s), screen, s.position, tuple(s.moves), self.phase,
                         screen.instruction(self.language), False, False, s.winner,
                         asking_new_game=self.asking_new_game)
