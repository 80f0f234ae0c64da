"""A maunz. puzzle at the table (issue 43): the maunz table, started at the puzzle's position,
with the companion as the defender. Pure, like the table it extends.

The bed is set up from the lights, all of the position at once: every square still to fill lit
in its piece's colour (a kitten blinks, a cat pulses), the OLED naming the cats among them (a
reed bed cannot tell a cat from a kitten; a hall bed reads each piece and refuses the wrong
kind), a piece where none belongs -- or, where the table knows it (the pieces of the game or
the puzzle before), the wrong piece on a square -- blinking red; play waits until the bed
matches (screens.py `_setup_view`). The player makes the move. A right one is answered by the
defender's reply, shown like the AI's move for the player to carry out: the stored main line's
reply, or, after a winning move off the stored line (a later turn need not be unique), the
longest resistance the solver proves now (solve.defence).
A wrong one is answered by its refutation the same way, said in words; once it is carried out
the table takes both moves back (the undo's guidance) for another try. The win ends the
puzzle. The hint is one square glowing (where the winning piece goes); asked again, the whole
move. "Why?" explains the refutation or the reply (the engine's reasons of it and what it
leaves), or what the hint means.

Each puzzle's first result is an attempt for the ratings: a commit of kind "puzzle" that the
journal keeps (companion/service/puzzle_store.py); a later solve after a wrong try changes no
rating. What counts, as a player expects it: a wrong move and a hint (help) count as a failed
attempt at once; skipping a puzzle (the next one, or leaving the puzzles) before any move is no
attempt at all and moves no rating; giving up after a move counts as failed. The puzzle's
moves are not a game: they are not journaled as moves.
"""
from __future__ import annotations

import datetime
import json
from dataclasses import replace

from companion.ai import puzzles, solve
from companion.ai.movegen import code_of, move_of, state_of
from companion.games.maunz import notation
from companion.games.reason import reason
from companion.tables.maunz import MaunzTable
from companion.tables.maunz import phrases as words
from companion.tables.maunz.controls import Suggestion
from companion.tables.maunz.guidance import wrong_pieces
from companion.tables.maunz.plan import bits
from companion.tables.protocol import Commit
from companion.ui.screens import msg
from companion.words import square_name

PUZZLE = "maunz-puzzle"  # the game menu's entry (companion/service/switching.py)


class PuzzleTable(MaunzTable):
    def __init__(self, game, position=None, *, puzzle: puzzles.Puzzle, next_puzzle=None,
                 since: str | None = None, daily: bool = False, stats=None,
                 on_bed: dict[int, str] | None = None, **settings):
        """`puzzle` to solve; `next_puzzle()` the one after it (OK on "new game?"; None: none);
        `since`: the date (ISO) of the player's own game it comes from, if it does; `daily`: it
        is the puzzle of the day; `stats()` the solver's rating, history and solved puzzles for
        the page (the service reads them from the journal); `on_bed`: the pieces known to stand
        on the bed (square -> letter: the game left for the puzzle), so a wrong one on a square
        the puzzle needs is shown."""
        settings.pop("moves", None)
        settings.pop("ai_seats", None)
        self._next = next_puzzle
        self.stats = stats
        self._attempts: list[Commit] = []
        self._on_bed = dict(on_bed or {})
        self._load(puzzle, since, daily)
        super().__init__(game, puzzle.position, ai_seats=(self.attacker ^ 1,), **settings)
        self.notice = self.origin()

    def origin(self):
        """Where the puzzle comes from, said as it is set up: the player's own game ("from your
        game on 28 Nov"), or the day."""
        if self.since:
            day = datetime.date.fromisoformat(self.since)
            return msg("puzzle.page.since", day=msg(f"puzzle.day.{day.month}", n=day.day))
        return msg("puzzle.page.daily") if self.daily else None

    def _load(self, puzzle: puzzles.Puzzle, since: str | None, daily: bool = False) -> None:
        self.puzzle, self.since, self.daily = puzzle, since, daily
        self.attacker = notation.parse_position(puzzle.position).turn
        # per ply count: (the attacker's turns left, index on the stored line or None off it)
        self._steps = {0: (puzzle.horizon, 0)}
        self._refuted = 0      # moves to take back once the refutation is on the bed
        self._refutation = ()  # why the last wrong move was wrong ("Why?" after it is taken back)
        self._rated: tuple[int, int] | None = None   # the solver's rating after this attempt, its change
        self.tried = False     # this puzzle's attempt is recorded (its first result)
        self.played = False    # the solver has moved in this puzzle (skipping it now is giving up)
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
        self.played = True
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
        move = notation.parse_move(self._pos, reply)
        self._suggestion = Suggestion(move, True)
        self.notice = msg("puzzle.right", colour=words.colour(self.attacker ^ 1), move=self._worded(reply))
        self.judged((reason("puzzle_defends", colour=self.attacker ^ 1, kind=move.kind, square=move.square),)
                    + tuple(self.game.explain(self._pos, move))
                    + (reason("puzzle_wins_in", colour=self.attacker, n=k_after),))

    def _wrong(self, before, text: str, reply_code: int) -> None:
        self._record(False)
        if len(self.line.moves) == 1:
            reply = puzzles.refute(self.puzzle, text)
        else:
            reply = None if reply_code < 0 else notation.format_move(move_of(reply_code))
        self._refuted = 1
        k = self._steps[len(self.line.moves) - 1][0]
        defender = self.attacker ^ 1
        if reply is None:   # nothing to answer (the move lost at once, or left no win): straight back
            self._refuted = 2
            lost = self._pos.winner == defender
            self.notice = msg("puzzle.wrong.lost", colour=words.colour(defender)) if lost \
                else msg("puzzle.wrong_back")
            self._refutation = tuple(self.game.explain(before, notation.parse_move(before, text))) + (
                () if lost else (reason("puzzle_no_win", colour=self.attacker, n=k),))
        else:
            move = notation.parse_move(self._pos, reply)
            said = tuple(self.game.explain(self._pos, move))
            self._suggestion = Suggestion(move, True)
            effect, values = _effect(said, self.attacker)
            self.notice = msg(f"puzzle.wrong.{effect}", colour=words.colour(defender), move=self._worded(reply),
                              **values)
            no_win = () if effect == "win" else (reason("puzzle_no_win", colour=self.attacker, n=k),)
            self._refutation = (reason("puzzle_refuted", colour=defender, kind=move.kind, square=move.square),
                                ) + said + no_win
        self.judged(self._refutation)

    def _worded(self, text: str):
        """A reply as the voice can say it: "Kätzchen auf b2" (the OLED shows it the same)."""
        move = notation.parse_move(self._pos, text)
        return msg("puzzle.move", kind=words.kind(move.kind), square=square_name(move.square))

    def tick(self, now: float) -> None:
        if self._refuted == 2:
            self._refuted = 0
            self.undo(now)   # both moves: a puzzle goes back to the solver's turn
            self.notice = msg("puzzle.again")
            self.judged(self._refutation)   # "Why?" still answers why it was wrong
        super().tick(now)

    def undo(self, now: float) -> None:
        """Back to the solver's turn: a defender's reply goes with the move it answered."""
        super().undo(now)
        while self.line.moves and self._pos.turn != self.attacker:
            super().undo(now)
        self._suggestion = None
        self._refuted = 0

    def _ask_hint(self) -> None:
        """The hint: one square glowing, where the winning move's piece goes (the stored move,
        else one proved now); asked again, the whole move. Help: the attempt counts as failed."""
        if self._pos.winner is not None or self._pos.turn != self.attacker or self._refuted \
                or (self._suggestion is not None and self._suggestion.ai) or self.phase != "await_placement":
            return   # (while the bed is set up or a move is carried out: nothing to show it on)
        move = notation.parse_move(self._pos, self._winning_move())
        shown = self._suggestion
        self._suggestion = Suggestion(move, False, square_only=not (shown is not None and shown.square_only))
        if not self.tried:
            self.notice = msg("puzzle.hint_counts")
        self._record(False)

    def _winning_move(self) -> str:
        k, at = self._steps.get(len(self.line.moves), (self.puzzle.horizon, None))
        if at is not None and at < len(self.puzzle.solution):
            return self.puzzle.solution[at]
        code = next(c for c, v, _r in solve.verdicts(state_of(self._pos), k) if v == 1)
        return notation.format_move(move_of(code))

    def judgement(self):
        """"Why?" over the square-only hint: what it means, never the rest of the move."""
        sugg = self._suggestion
        if sugg is not None and sugg.square_only and self.phase == "await_placement" and not self._bed_judgement():
            return (reason("puzzle_hint_square", square=sugg.move.square),)
        return super().judgement()

    def on_own_card(self, function: str, now: float, arg) -> None:
        """The computer's cards do not reach a puzzle: the companion always plays the other side."""
        if function in ("ai_orange", "ai_grey", "ai_off"):
            self.notice = msg("puzzle.defends", colour=words.colour(self.attacker ^ 1))
            return
        super().on_own_card(function, now, arg)

    # set-up -------------------------------------------------------------------------------------
    def _start_restore(self, target, why, labels, have, sources=((0, 0), False), notes=()):
        """The puzzle's position set up from nothing in particular (its start, a device's
        restart before any move): all of it at once (screens.py), the pieces known on the bed
        checked against it."""
        if not self.line.moves and why in ("resync", "new_game"):
            why = "puzzle"
            have = {sq: p for sq, p in (have or self._on_bed).items() if p and (self._sensed or 0) >> sq & 1}
        super()._start_restore(target, why, labels, have, sources, notes)

    def on_scan(self, occupancy: int, now: float) -> None:
        # a piece lifted is no longer known: whatever is put there is a piece of the puzzle's
        self._on_bed = {sq: p for sq, p in self._on_bed.items() if occupancy >> sq & 1}
        super().on_scan(occupancy, now)

    def on_kinds(self, south: int, ambiguous: int, now: float) -> None:
        """A hall-effect bed's kinds: before the first move a piece of the wrong kind on a square
        of the puzzle (read when the squares already matched) sends the set-up back to it."""
        super().on_kinds(south, ambiguous, now)
        if self.line.moves or self._restore is not None or self._paused:
            return
        labels = self._labels()
        for sq in bits(self._pos.occupied & (self._sensed or 0)):
            kind = self.sensed_kind(sq)
            if kind is not None and kind != ("c" if labels[sq].isupper() else "k"):
                self._start_restore(self._pos.occupied, "resync", labels, {})
                return

    def on_device_event(self, event, now: float) -> None:
        if event.kind in ("reset", "offline"):
            self._on_bed = {}   # nothing is known across a gap in the readings (bed.py)
        super().on_device_event(event, now)

    def setup_pieces(self) -> dict[str, str]:
        """The squares the set-up still lights and the piece each wants ("b3" -> "G"), for the
        page's simulated hands; {} when the puzzle is not being set up."""
        if self._restore is None or self._restore_reason != "puzzle":
            return {}
        left = self._restore & ~(self._stable or 0)
        return {square_name(sq): self._restore_labels[sq] for sq in bits(left) if sq in self._restore_labels}

    def _resume(self) -> None:
        super()._resume()
        if self._restore is None and not self.line.moves:   # the squares match: the pieces too?
            have = {sq: p for sq, p in self._on_bed.items() if (self._sensed or 0) >> sq & 1}
            if wrong_pieces(0, have, self._labels()):
                self._start_restore(self._pos.occupied, "resync", self._labels(), have)

    def give_up(self) -> None:
        """The puzzle left unsolved (the next one, or another game): a failed attempt once the
        solver has moved; before any move no attempt at all."""
        if self.played and not self.solved:
            self._record(False)

    # the next puzzle ----------------------------------------------------------------------------
    def new_game(self, now: float) -> None:
        """OK on "new game?": the next puzzle (this one again when there is no other)."""
        self.asking_new_game = False
        self.give_up()
        # what stands on the bed now, as far as the table knows: checked against the next one
        self._on_bed = {sq: p for sq, p in self._belief(self._stable or 0).items() if p}
        nxt = self._next() if self._next is not None else None
        self._load(*(nxt if nxt is not None else (self.puzzle, self.since, self.daily)))
        self.line.reset(notation.parse_position(self.puzzle.position))
        self.restart(now)
        self.notice = self.origin()

    def restart(self, now: float) -> None:
        self._reset_turn()
        self._offer_hint = False
        if self._sensed is not None:
            self._start_restore(self._pos.occupied, "new_game", self._labels(), {})
        else:
            self._restore = None
        self._update(now)

    # the OLED's header ------------------------------------------------------------------------
    def new_game_lines(self):
        """"Next puzzle?": giving this one up after a move counts as not solved, so it says so."""
        return (((msg("puzzle.gives_up"),) if self.played and not self.tried else ())
                + (msg("confirm_keys"),) + ((msg("confirm_card"),) if self.asked_by_card else ()))

    def rated(self, rating: float, change: float) -> None:
        """The journal rated this puzzle's attempt (the service tells): shown and said until the
        next puzzle, "Your rating: 1480, down 20"."""
        self._rated = (round(rating), round(change))

    def view(self):
        view = super().view()
        if self._rated is not None and not self.asking_new_game and view.screen.kind != "paused":
            rating, change = self._rated
            line = msg("puzzle.rated_up" if change >= 0 else "puzzle.rated_down", rating=rating, n=abs(change))
            lines = list(view.screen.lines)
            lines.insert(1 if lines and lines[0] == self.notice else 0, line)
            screen = replace(view.screen, lines=tuple(lines))
            view = replace(view, screen=screen, instruction=screen.instruction(self.language))
        if self._pos.winner is None and not self.asking_new_game:
            n = len(self.line.moves)
            k = (self._steps.get(n) or self._steps.get(n - 1) or (self.puzzle.horizon, None))[0]
            title = msg("puzzle.head", colour=words.colour(self.attacker), n=k)
            if view.screen.title != title:
                view = replace(view, screen=replace(view.screen, title=title))
        return view


def _effect(said, attacker: int) -> tuple[str, dict]:
    """What a refutation does, for its words (and their values): wins, makes a line of three (a
    graduation), boops one of the solver's pieces off the bed or away from its square, or only
    stops the win."""
    kinds = {r.kind for r in said}
    if kinds & {"win_line", "win_all", "win_kids"}:
        return "win", {}
    if "graduate" in kinds:
        return "line", {}
    mine = [r.as_dict() for r in said if r.kind in ("off_bed", "boop")
            and r.as_dict()["piece"].lower() == "og"[attacker]]
    off = [r for r in mine if "dst" not in r]
    if off:
        return "off", {"piece": words.piece(off[0]["piece"])}
    if mine:
        return "push", {"piece": words.piece(mine[0]["piece"]), "src": square_name(mine[0]["src"])}
    return "stops", {}
