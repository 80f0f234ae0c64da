"""The maunz table's session: the start position and the moves played from it on a MoveLine
(undo walks back through them, and what the bed must do then), and what a new game resets."""
from __future__ import annotations

from companion.games.maunz.engine import Move, Position
from companion.games.maunz.notation import format_move
from companion.tables.maunz.beginner import warning
from companion.tables.maunz.guidance import chain_undo, undo_sources, wrong_pieces
from companion.tables.maunz.plan import Plan, bits
from companion.tables.moveline import MoveLine
from companion.tables.maunz import phrases as words
from companion.ui.screens import msg
from companion.words import square_name


def said_move(placement, choice: int) -> list:
    """A move as the voice says it: "Orange: Kätzchen auf c3, stupst d4 nach e5, hebt a1, b1,
    c1 ab" (what every player saw happen)."""
    out = [msg("say.move", colour=words.colour(placement.before.turn), kind=words.kind(placement.kind),
               square=square_name(placement.square))]
    for src, dst in placement.boops:
        out.append(msg("say.boop_off", src=square_name(src)) if dst is None else
                   msg("say.boop", src=square_name(src), dst=square_name(dst)))
    if choice:
        out.append(msg("say.lift", squares=", ".join(square_name(sq) for sq in bits(choice))))
    return out


class Session:
    """Mixin of MaunzTable: the game record and its commits."""

    def _init_session(self, game, position, moves) -> None:
        self.game = game
        if isinstance(position, str):
            position = game.parse_position(position)
        moves = [m if isinstance(m, str) else format_move(m) for m in moves]
        self.line = MoveLine(game, position, moves)   # the start, the moves, the commits
        self._said: list = []  # the move just made, for the voice (drain_said)
        self._offer_hint = False  # beginner mode warned of the last person's move: undo asks a hint

    @property
    def _pos(self) -> Position:
        return self.line.position

    def drain_said(self) -> list:
        out, self._said = self._said, []
        return out

    def _commit_move(self, plan: Plan) -> None:
        p = plan.placement
        choice = plan.final_option
        move = Move(plan.kind, p.square, choice)
        self.line.push(move)   # the engine has the last word
        new = self._pos
        if new != p.finish(choice):  # pragma: no cover - the engine disagrees with itself
            raise RuntimeError(f"engine mismatch for {format_move(move)}")
        self._said = said_move(p, choice)
        self._reset_turn()
        if self.beginner and p.before.turn != self.ai_colour:
            # a person's move that hands the other player a win or a line: said at once, and
            # the hint offered: undo it and the hint shows a better one (tables/maunz/beginner.py)
            warn = warning(self.game, new)
            self._offer_hint = warn is not None
            if warn is not None:
                if self.ai_colour == new.turn and not self.remote_name:   # the computer waits
                    warn = msg("beginner.keep", warning=warn)
                self.notice = warn
                self._said.append(warn)
        self._have, self._known = self._labels(), new.occupied

    def undo(self, now: float) -> None:
        """The undo card or BACK held (the shared controls route it): a turn in progress is
        cancelled first, else the last move goes and the bed is guided back."""
        have = self._belief(self._stable) if self._stable is not None else {}
        sources, notes = ((0, 0), False), ()
        if self._restore is None and self._in_turn():
            self._reset_turn()  # first cancel the turn in progress
        elif self.line.moves:
            after = self._pos
            self.line.pop()
            self._reset_turn()
            if self._offer_hint and self._pos.turn != self.ai_colour:
                self._offer_hint = False   # beginner mode: the move warned of is taken back
                self._want_hint = True
            sources, notes = undo_sources(after, self._pos)
            if self._restore is not None and self._restore_reason == "undo":
                waiting = [self._restore_labels.get(sq)
                           for sq in bits(self._restore & ~(self._stable or 0))]
                sources, notes = chain_undo((self._restore_sources, self._restore_notes),
                                            (sources, notes), waiting)
        else:
            self.notice = msg("nothing_to_undo")
            return
        if self._sensed is not None and (self._sensed != self._pos.occupied
                                         or wrong_pieces(0, have, self._labels())):
            self._start_restore(self._pos.occupied, "undo", self._labels(), have, sources, notes)
        else:
            self._restore = None
            self._have, self._known = self._labels(), self._pos.occupied

    def _in_turn(self) -> bool:
        """A turn is in progress: the stable bed differs from the committed one, or it equals it
        but reads as a placement already lifted again (a line or retirement through the placed
        square: place a1, lift a1, a2 and a3 still to go) -- undo cancels that, not a move."""
        if self._stable is None:
            return False
        if self._stable != self._pos.occupied:
            return True
        plan = self._stable_plan()
        return plan is not None and plan.placement is not None

    def restart(self, now: float) -> None:
        """A new game began (TableBase.new_game committed it): the bed is cleared first."""
        self._reset_turn()
        self._offer_hint = False
        if self._sensed:
            self._start_restore(0, "new_game", {}, {})  # clearing: "take the piece off" each
        else:
            self._restore = None
        self._update(now)
