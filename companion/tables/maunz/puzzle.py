"""A maunz. puzzle at the table (issue 43): the maunz table, started at the puzzle's position,
with the companion as the defender. Pure, like the table it extends.

The bed is set up as after an undo: the LEDs show where each piece goes in its colour, the OLED
names kitten or cat square by square, and play waits until the bed matches. The player makes the
move. A right one is answered by the defender's reply, shown like the AI's move for the player
to carry out: the stored main line's reply, or, after a winning move off the stored line (a
later turn need not be unique), the longest resistance the solver proves now (solve.defence).
A wrong one is answered by its refutation the same way, said in words; once it is carried out
the table takes both moves back (the undo's guidance) for another try. The win ends the
puzzle. Each puzzle's first result is an attempt for the ratings: a commit of kind "puzzle"
that the journal keeps (companion/service/puzzle_store.py); a later solve after a wrong try
changes no rating. The puzzle's moves are not a game: they are not journaled as moves.
"""
from __future__ import annotations

import json

from companion.ai import puzzles, solve
from companion.ai.movegen import code_of, move_of, state_of
from companion.games.maunz import notation
from companion.tables.maunz import MaunzTable
from companion.tables.maunz import phrases as words
from companion.tables.maunz.controls import Suggestion
from companion.tables.protocol import Commit
from companion.ui.screens import msg
from companion.words import square_name

PUZZLE = "maunz-puzzle"  # the game menu's entry (companion/service/switching.py)


class PuzzleTable(MaunzTable):
    def __init__(self, game, position=None, *, puzzle: puzzles.Puzzle, next_puzzle=None,
                 since: str | None = None, daily: bool = False, stats=None, **settings):
        """`puzzle` to solve; `next_puzzle()` the one after it (OK on "new game?"; None: none);
        `since`: the date of the player's own game it comes from, if it does; `daily`: it is
        the puzzle of the day; `stats()` the
        solver's rating, history and solved puzzles for the page (the service reads them from
        the journal)."""
        settings.pop("moves", None)
        settings.pop("ai_seats", None)
        self._next = next_puzzle
        self.stats = stats
        self._attempts: list[Commit] = []
        self._load(puzzle, since, daily)
        super().__init__(game, puzzle.position, ai_seats=(self.attacker ^ 1,), **settings)
        self.notice = self._origin()

    def _origin(self):
        """Where the puzzle comes from, said as it is set up: the player's own game, or the day."""
        if self.since:
            return msg("puzzle.page.since", day=self.since)
        return msg("puzzle.page.daily") if self.daily else None

    def _load(self, puzzle: puzzles.Puzzle, since: str | None, daily: bool = False) -> None:
        self.puzzle, self.since, self.daily = puzzle, since, daily
        self.attacker = notation.parse_position(puzzle.position).turn
        # per ply count: (the attacker's turns left, index on the stored line or None off it)
        self._steps = {0: (puzzle.horizon, 0)}
        self._refuted = 0      # moves to take back once the refutation is on the bed
        self.tried = False     # this puzzle's attempt is recorded (its first result)
        self.solved = False

    # the companion plays the defender itself: no AI search, no journaled game ------------------
    @property
    def wants_ai(self) -> bool:
        return False

    def drain_commits(self) -> list[Commit]:
        self.line.drain()
        out, self._attempts = self._attempts, []
        return out

    def _record(self, solved: bool) -> None:
        if self.tried:
            return
        self.tried = True
        self._attempts.append(Commit("puzzle", "solved" if solved else "failed",
                                     json.dumps({"player": self.solver, "puzzle": self.puzzle.to_json()})))

    @property
    def solver(self) -> str:
        """Who solves: one person plays both colours' puzzles, so the first seat with a name
        (a name card names a seat), else nobody named: the guest."""
        return next((name for name in self.players if name), "")

    # moves ------------------------------------------------------------------------------------
    def _commit_move(self, plan) -> None:
        before = self._pos
        super()._commit_move(plan)
        text = self.line.moves[-1]
        if before.turn == self.attacker:
            self._attacker_moved(before, text)
        elif self._refuted:
            self._refuted = 2   # the refutation stands: both moves go back (tick)

    def _attacker_moved(self, before, text: str) -> None:
        n = len(self.line.moves)
        k, at = self._steps[n - 1]
        if self._pos.winner == self.attacker:
            self.solved = True
            self._record(True)
            self.notice = msg("puzzle.solved")
            return
        line = self.puzzle.solution
        if at is not None and at < len(line) and line[at] == text:
            reply, k_after, at_after = line[at + 1], k - 1, at + 2
        else:
            code = code_of(notation.parse_move(before, text))
            verdict = solve.judge(state_of(before), code, k)   # this move alone: milliseconds
            if verdict[0] != 1:
                self._wrong(before, text, verdict[1])
                return
            found = solve.defence(state_of(self._pos), k - 1)
            reply, k_after, at_after = notation.format_move(move_of(found[0])), found[2], None
        self._steps[n + 1] = (k_after, at_after)
        self._suggestion = Suggestion(notation.parse_move(self._pos, reply), True)
        self.notice = msg("puzzle.right", colour=words.colour(self.attacker ^ 1), move=self._worded(reply))

    def _wrong(self, before, text: str, reply_code: int) -> None:
        self._record(False)
        if len(self.line.moves) == 1:
            reply = puzzles.refute(self.puzzle, text)
        else:
            reply = None if reply_code < 0 else notation.format_move(move_of(reply_code))
        self._refuted = 1
        if reply is None:   # nothing to answer: straight back
            self._refuted = 2
            self.notice = msg("puzzle.wrong_back")
        else:
            self._suggestion = Suggestion(notation.parse_move(self._pos, reply), True)
            self.notice = msg("puzzle.wrong", colour=words.colour(self.attacker ^ 1), move=self._worded(reply))

    def _worded(self, text: str):
        """A reply as the voice can say it: "Kätzchen auf b2" (the OLED shows it the same)."""
        move = notation.parse_move(self._pos, text)
        return msg("puzzle.move", kind=words.kind(move.kind), square=square_name(move.square))

    def tick(self, now: float) -> None:
        if self._refuted == 2:
            self._refuted = 0
            self.undo(now)   # both moves: a puzzle goes back to the solver's turn
            self.notice = msg("puzzle.again")
        super().tick(now)

    def undo(self, now: float) -> None:
        """Back to the solver's turn: a defender's reply goes with the move it answered."""
        super().undo(now)
        while self.line.moves and self._pos.turn != self.attacker:
            super().undo(now)
        self._suggestion = None
        self._refuted = 0

    def _ask_hint(self) -> None:
        """The hint: the move that wins (the stored one, else proved now)."""
        if self._pos.winner is not None or self._pos.turn != self.attacker:
            return
        k, at = self._steps.get(len(self.line.moves), (self.puzzle.horizon, None))
        if at is not None and at < len(self.puzzle.solution):
            text = self.puzzle.solution[at]
        else:
            code = next(c for c, v, _r in solve.verdicts(state_of(self._pos), k) if v == 1)
            text = notation.format_move(move_of(code))
        self._suggestion = Suggestion(notation.parse_move(self._pos, text), False)

    # the next puzzle ----------------------------------------------------------------------------
    def new_game(self, now: float) -> None:
        """OK on "new game?": the next puzzle (this one again when there is no other)."""
        self.asking_new_game = False
        if not self.tried:
            self._record(False)   # given up
        nxt = self._next() if self._next is not None else None
        self._load(*(nxt if nxt is not None else (self.puzzle, self.since, self.daily)))
        self.line.reset(notation.parse_position(self.puzzle.position))
        self.restart(now)
        self.notice = self._origin()

    def restart(self, now: float) -> None:
        self._reset_turn()
        self._offer_hint = False
        if self._sensed is not None:
            self._start_restore(self._pos.occupied, "new_game", self._labels(), {})
        else:
            self._restore = None
        self._update(now)

    # the OLED's header ------------------------------------------------------------------------
    def view(self):
        view = super().view()
        if self._pos.winner is None and not self.asking_new_game:
            n = len(self.line.moves)
            k = (self._steps.get(n) or self._steps.get(n - 1) or (self.puzzle.horizon, None))[0]
            title = msg("puzzle.head", colour=words.colour(self.attacker), n=k)
            if view.screen.title != title:
                from dataclasses import replace

                view = replace(view, screen=replace(view.screen, title=title))
        return view
