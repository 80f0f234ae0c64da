"""Purrtoe at the table: the bed settled and compared with the game by the shared piece
(companion/tables/bed.py); a kitten put down on an empty square of a1..c3 is the move of the seat
to move (reed switches cannot tell its colour: it is the mover's). Anything else on the bed is
guided back as the game stands: a piece too many taken off, a missing one put back. After an
undo, a new game or a restart the bed is first guided to the game's, so the piece an undo took
back is never read as the next move. The language and player cards, "new game?" and the undo
(one move) are TableBase's."""
from __future__ import annotations

from companion.tables.bed import SettledBed, difference
from companion.tables.moveline import MoveLine
from companion.tables.protocol import TableBase, TableView
from companion.ui import palette
from companion.ui.screens import Pool, Screen, msg
from companion.words import DARK, SQUARES, Effect, LedFrame, square_name

from tests.purrtoe import phrases  # noqa: F401  (registers the words)
from tests.purrtoe.engine import LINES, CELLS


class PurrtoeTable(TableBase):
    card_functions = ("new_game", "undo", "language", "player")

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seats=(), players=()):
        self.game = game
        self.line = MoveLine(game, position, moves)
        self.init_controls(language, players)
        self.bed = SettledBed(settle)
        self.guiding = True          # the bed must be the game's before a placement counts
        self._said: list = []

    # the bed
    def on_scan(self, occupancy, now):
        self.bed.scan(occupancy, now)
        self._update(now)

    def on_device_event(self, event, now):
        self.bed.device(event)

    def tick(self, now):
        self._update(now)

    def next_deadline(self, now):
        return self.bed.next_deadline(now)   # the settle time is this table's only timer

    def difference(self):
        return difference(self.bed.stable or 0, self.game.bed_pieces(self.position))

    def _update(self, now):
        self.bed.update(now)
        if self.bed.stable is None or self.bed.paused:
            return
        diff = self.difference()
        if not diff:
            self.guiding = False
            return
        extra = diff.extra
        if self.guiding or diff.missing or self.asking_new_game or extra & (extra - 1):
            return                    # guided back (see view)
        square = extra.bit_length() - 1
        if square in self.game.legal_moves(self.position):
            seat = self.game.to_move(self.position)
            self.line.push(square)
            self._said.append(msg("purrtoe.said", seat=self._seat(seat), square=square_name(square)))
            self.notice = None

    def undo(self, now):
        super().undo(now)
        self.guiding = True           # the kitten taken back comes off the bed first

    def restart(self, now):
        self.guiding, self.notice = True, None

    def drain_said(self):
        out, self._said = self._said, []
        return out

    # what is shown
    def _seat(self, seat):
        return msg(self.game.info.bed.seats[seat].word)

    @property
    def phase(self):
        if self.bed.paused in ("start", "reset", "offline"):
            return "paused"
        if self.asking_new_game:
            return "confirm_new_game"
        if self.bed.stable is not None and self.difference() and (
                self.guiding or self.difference().missing or self._extras_not_a_move()):
            return "correction"
        return "won" if self.game_over else "await_placement"

    def _extras_not_a_move(self):
        extra = self.difference().extra
        return bool(extra & (extra - 1)) or (extra.bit_length() - 1) not in self.game.legal_moves(self.position)

    def view(self):
        game, pos, bed = self.game, self.position, self.game.info.bed
        outcome, phase = game.outcome(pos), self.phase
        cells = {sq: palette.seat_cell(bed, bed.seat_of(p)) for sq, p in game.bed_pieces(pos).items()}
        lines = (self.notice,) if self.notice else ()
        if phase == "correction":
            diff = self.difference()
            for sq in sorted(bin_squares(diff.extra)):
                cells[sq] = palette.leaves_bed()
                lines += (msg("purrtoe.take_off", square=square_name(sq)),)
            for sq, p in diff.missing.items():
                cells[sq] = palette.seat_cell(bed, bed.seat_of(p), Effect.BLINK)
                lines += (msg("purrtoe.put_back", seat=self._seat(bed.seat_of(p)), square=square_name(sq)),)
        elif phase == "paused":
            lines += (msg("purrtoe.reading"),)
        elif outcome is not None:
            if outcome.winner is not None:
                for line in LINES:
                    if all(pos[1][i] == outcome.winner for i in line):
                        cells.update({CELLS[i]: palette.win_line() for i in line})
            lines += (msg("purrtoe.won" if outcome.winner is not None else "purrtoe.draw"), msg("new_game_keys"))
        else:
            lines += (msg("purrtoe.place"),)
        for sq in bin_squares(self.bed.moving):   # echo: a piece put down or lifted shows at once
            cells.setdefault(sq, palette.echo_lift())
        seats = tuple(self._seat(s) for s in range(2))
        pools = tuple(Pool(game.pool(pos, s)["k"], 0, label=bed.seats[s].key.upper(), kinds=1) for s in range(2))
        kind = "confirm_new_game" if phase == "confirm_new_game" else phase
        if phase == "confirm_new_game":
            screen = self.new_game_screen(pools=pools, seats=seats, names=self.players)
        else:
            screen = Screen(kind, to_move=None if outcome else game.to_move(pos), pools=pools,
                            seats=seats, names=self.players, lines=lines,
                            title=msg("purrtoe.draw") if outcome and outcome.winner is None else None,
                            winner=outcome.winner if outcome else None)
        leds = LedFrame(tuple(cells.get(sq, DARK) for sq in range(SQUARES)))
        return TableView(leds, screen, pos, tuple(self.moves), phase, screen.instruction(self.language),
                         wants_ai=False, wants_hint=False, winner=outcome.winner if outcome else None,
                         asking_new_game=self.asking_new_game)


def bin_squares(mask):
    return [sq for sq in range(SQUARES) if mask >> sq & 1]
