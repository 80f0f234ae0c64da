"""The decision logic of a Katzenjammer table, without screens or devices: whose turn, the dice,
the chooser, computer seats, "show board", undo and the commits to journal.

Made to sit behind the table protocol: the service draws every roll with its own random source,
journals it, then calls `on_chance` (the session never draws). With the setting `physical_dice`
the players roll their own Miwin dice and enter them with the buttons; the session then commits
the roll itself, before anything shows it. Computer seats choose with a player from players.py,
their tie-breaks seeded by the position's text, so a resumed or replayed game repeats exactly.

Buttons: BACK = previous option, CAT = next, OK = choose; BACK long = back one choice (at the
start of a turn: undo the last turn); CAT long = show the board (any button returns).
"""
from __future__ import annotations

import random

from companion.games.base import CHANCE
from companion.games.katzenjammer import notation, engine
from companion.games.katzenjammer.engine import PASS
from companion.games.katzenjammer.players import player_by_name
from companion.tables.katzenjammer.cursor import DiceEntry, TurnCursor
from companion.tables.katzenjammer.spoken import said_turn
from companion.tables.moveline import MoveLine
from companion.tables.protocol import Commit

#: The computer seats' player, and a beginner table's suggestion (the strongest computer).
COMPUTER = "expectimax2"

_BUTTONS = {("back", "press"): "prev", ("cat", "press"): "next", ("ok", "press"): "choose",
            ("back", "long"): "up"}


class Session:
    def __init__(self, game, position=None, moves=(), *, physical_dice: bool = False,
                 computers: dict[int, str] | None = None, beginner: bool = False):
        self.game = game
        self.beginner = False   # set after the replay below: no suggestion for the moves played
        self.line = MoveLine(game, position)   # the start, the moves, the commits
        self.physical_dice = physical_dice
        self.computers = {seat: player_by_name(name) for seat, name in (computers or {}).items()}
        self.show_board = False
        #: The last turn played (not a roll): the position before it and its text, so a view can
        #: show what just moved; None before the first turn.
        self.last_turn: tuple[engine.Position, str] | None = None
        #: the computer's turn just played, in words for the voice (drain_said)
        self._said: list = []
        for text in moves:  # resuming: the journal's moves, nothing to commit again
            self._play(text, commit=False)
        self.beginner = beginner
        self._refresh()

    @property
    def position(self) -> engine.Position:
        return self.line.position

    @property
    def start_position(self) -> engine.Position:
        return self.line.start

    @property
    def moves(self) -> list[str]:
        return self.line.moves

    # What the table shows ------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.outcome(self.position) is not None

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.game.to_move(self.position) == CHANCE:
            return "enter_dice" if self.physical_dice else "roll"
        return "computer" if self.seat in self.computers else "choose"

    @property
    def seat(self) -> int:
        """The seat whose turn it is (also while the dice are rolled)."""
        return self.position.colours.index(self.position.to_move)

    @property
    def wants_chance(self) -> bool:
        return self.phase == "roll"

    @property
    def winner(self) -> int | None:
        outcome = self.game.outcome(self.position)
        return None if outcome is None else outcome.winner

    # Inputs ------------------------------------------------------------------------------
    def on_chance(self, move) -> None:
        """A roll the service drew and journaled: apply it, commit nothing."""
        if not self.wants_chance:
            raise ValueError(f"no roll expected now (phase {self.phase})")
        self._play(self.game.format_move(self.position, move), commit=False)

    def on_button(self, name: str, kind: str) -> None:
        if self.show_board:
            self.show_board = False
            return
        if (name, kind) == ("cat", "long"):
            self.show_board = True
            return
        button = _BUTTONS.get((name, kind))
        if button is None or self.over:
            return
        if self.phase == "enter_dice":
            roll = self.entry.press(button)
            if roll is not None:
                self._play(notation.format_move(roll), commit=True)
        elif self.phase == "choose":
            if button == "up" and not self.cursor.stack:
                self.undo()
                return
            turn = self.cursor.press(button)
            if turn is not None:
                self._play(notation.format_move(turn), commit=True)
        elif button == "up" and self.phase == "roll":
            self.undo()

    def pass_void(self) -> None:
        """The void roll passes (the table's timer: it was shown and said), as OK would."""
        if self.void:
            self._play(notation.format_move(PASS), commit=True)

    def play_computer(self) -> str | None:
        """The computer seat to move chooses and plays its turn; returns the move's text."""
        if self.phase != "computer":
            return None
        player = self.computers[self.seat]
        rng = random.Random(self.game.format_position(self.position))
        move = player.choose(self.position, rng, self.game.two_dice)
        text = notation.format_move(move)
        self._said = said_turn(self.position, move)
        self._play(text, commit=True)
        return text

    def drain_said(self) -> list:
        """The computer's turn just played, as Msgs to say (once)."""
        out, self._said = self._said, []
        return out

    def undo(self) -> None:
        """Take back the last turn a person played, keeping that turn's dice: everything after
        it (the next roll, computer turns) goes too. One "undo" commit per move taken back."""
        line = self.line
        before = line.before
        cut = next((i for i in range(len(line.moves) - 1, -1, -1)
                    if not line.moves[i].startswith("roll:")
                    and before(i).colours.index(before(i).to_move) not in self.computers), None)
        if cut is None:
            return
        line.pop_to(cut)
        turns = [i for i in range(cut) if not line.moves[i].startswith("roll:")]
        self.last_turn = (before(turns[-1]), line.moves[turns[-1]]) if turns else None
        self._refresh()

    def drain_commits(self) -> list[Commit]:
        return self.line.drain()

    def restart(self) -> None:
        """A new game: the line started again (TableBase.new_game), the turn's state follows."""
        self.show_board = False
        self.last_turn = None
        self._refresh()

    # Inside ------------------------------------------------------------------------------
    def _play(self, text: str, commit: bool) -> None:
        if not text.startswith("roll:"):
            self.last_turn = (self.position, text)
        self.line.push(text, commit)
        self._refresh()

    def _suggestion(self) -> tuple | None:
        """A beginner table's default choice: the turn the strongest computer would play
        (seeded by the position, as the computer seats are: the same turn every time)."""
        if not self.beginner:
            return None
        rng = random.Random(self.game.format_position(self.position))
        return player_by_name(COMPUTER).choose(self.position, rng, self.game.two_dice)

    def set_beginner(self, on: bool) -> None:
        self.beginner = bool(on)
        self._refresh()

    def set_computers(self, computers: dict[int, str]) -> None:
        """Which seats the computer plays (seat -> player name), from now on."""
        self.computers = {seat: player_by_name(name) for seat, name in computers.items()}
        self._refresh()

    def refresh(self) -> None:
        """Rebuild the chooser or the dice entry (after a setting changed)."""
        self._refresh()

    def _refresh(self) -> None:
        self.cursor = (TurnCursor(self.position, self.game.two_dice, self._suggestion())
                       if self.phase == "choose" else None)
        self.entry = DiceEntry() if self.phase == "enter_dice" else None
        #: A person's roll that allows no move: the chooser's one option is "void roll" (kept
        #: here, not worked out again at each of the table's ticks)
        self.void = self.cursor is not None and [o.turn for o in self.cursor.options] == [PASS]

