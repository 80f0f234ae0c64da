"""The line of moves every table keeps (python-chess's move stack, for any registered game): the
start position, each move played from it with the position after it, and the commits the
service journals. Push a move, pop the last (an undo), pop back to a point (an undo that takes a
whole turn with its dice), start again (a new game); each commits as it goes unless told not to
(resuming from the journal's moves commits nothing). What an undo then asks of the players
(guide the bed back, keep a turn's dice) stays the table's own.

A table that asks the engine for more than the position (an event game's announcements, Monster
Mau Mau's cards drawn) pushes the position it already has (`after`), so the engine is not asked
twice, and may keep a note with each move (`notes`: what the move caused), taken back with it.
A commit may carry the chance draws an undo kept (`kept`, the table's text of them).
"""
from __future__ import annotations

from typing import Any

from companion.tables.protocol import Commit


class MoveLine:
    def __init__(self, game, start=None, moves=()) -> None:
        self.game = game
        self.commits: list[Commit] = []
        self.reset(game.initial_position() if start is None else start, commit=None)
        for move in moves:   # resuming: the journal's moves, nothing to commit again
            self.push(move, commit=False)

    @property
    def position(self) -> Any:
        return self._positions[-1]

    @property
    def start(self) -> Any:
        return self._positions[0]

    def before(self, index: int) -> Any:
        """The position the move `moves[index]` was played from."""
        return self._positions[index]

    def push(self, move, commit: bool = True, *, after=None, note=None,
             kept: str | None = None) -> str:
        """Play `move` (the game's move, or its text as the journal keeps it); its canonical
        text (as the game writes it). `after`: the position after it, when the table already
        has it from the engine; `note`: what the table keeps with it (`notes`); `kept`: the
        commit's kept draws."""
        pos = self.position
        if isinstance(move, str):
            move = self.game.parse_move(pos, move)
        text = self.game.format_move(pos, move)
        self._positions.append(self.game.apply(pos, move) if after is None else after)
        self.moves.append(text)
        self.notes.append(note)
        if commit:
            self.commit("move", text, kept)
        return text

    def pop(self, commit: bool = True, kept: str | None = None) -> str | None:
        """Take the last move back (None when there is none); one "undo" commit (carrying
        `kept`)."""
        if not self.moves:
            return None
        self._positions.pop()
        self.notes.pop()
        text = self.moves.pop()
        if commit:
            self.commit("undo", kept=kept)
        return text

    def pop_to(self, length: int, commit: bool = True) -> list[str]:
        """Take moves back until `length` are left; one "undo" commit per move, last first."""
        out = []
        while len(self.moves) > length:
            out.append(self.pop(commit))
        return out

    def reset(self, start, commit: str | None = "new_game") -> None:
        """Start again from `start` (a new game, or the first position once a set-up is done);
        commits `commit` unless None."""
        self._positions = [start]
        self.moves: list[str] = []
        #: what the table keeps with each move (push's `note`): notes[i] is moves[i]'s
        self.notes: list = []
        if commit:
            self.commit(commit)

    def commit(self, kind: str, move: str | None = None, kept: str | None = None) -> None:
        """A commit for the journal, with the position as it is now."""
        self.commits.append(Commit(kind, move, self.game.format_position(self.position), kept))

    def drain(self) -> list[Commit]:
        out, self.commits = self.commits, []
        return out

