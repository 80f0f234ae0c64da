"""What every game played on the sensed bed needs, beside its rules (issue 33): the bed read and
settled, the difference between the bed and the game, and the bed on the page — drawn from the
game's declaration (`GameInfo.bed`, companion/games/bed.py), so a bed game's table says only what
is its own. maunz.'s table reads far more into a bed (pushes, graduations, which placement a
person is carrying out: tables/maunz/bed.py) on the same settling rule.

- `SettledBed`: a sensed bed counts once it held still for `settle` seconds; after a device
  reset or while the bed is offline nothing counts until a fresh scan has settled (nothing is
  inferred across a gap in the readings).
- `difference(bed, occupied, pieces)`: the squares with a piece too many (to take off) and the
  pieces missing (to put back), the guidance's and the LEDs' raw material.
- `page_view(table, view)`: the page's bed view ("board") of any bed game: the bed's pieces, each
  seat's pool and how it is called, the piece kinds, the squares in play, whose turn it is and
  whose each move was.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.tables.protocol import NON_BOARD_DEVICES
from companion.ui import i18n
from companion.words import FULL_MASK, SQUARES, DeviceEvent, square_name


def settles(sensed: int | None, since: float, stable: int | None, now: float, settle: float) -> bool:
    """The one settling rule of every bed game: the bed sensed since `since` has held still for
    `settle` seconds and is not the settled one yet (maunz.'s reading, tables/maunz/bed.py, and
    `SettledBed` below)."""
    return sensed is not None and sensed != stable and now - since >= settle


class SettledBed:
    """The sensed bed and the settled one (`stable`: None until the first settled scan)."""

    def __init__(self, settle: float) -> None:
        self.settle = float(settle)
        self.sensed: int | None = None
        self.since = 0.0
        self.stable: int | None = None
        #: why nothing counts now: "start" (no scan yet), "reset", "offline"; None: reading
        self.paused: str | None = "start"

    def scan(self, occupancy: int, now: float) -> None:
        occupancy &= FULL_MASK
        if self.paused == "offline":
            return
        if self.paused in ("start", "reset"):   # the first scan after the gap: its clock starts now
            self.sensed, self.since, self.paused = occupancy, now, "settling"
        elif occupancy != self.sensed:
            self.sensed, self.since = occupancy, now

    def device(self, event: DeviceEvent) -> None:
        """A device reset or went offline: the bed is read afresh once it is back."""
        if event.device in NON_BOARD_DEVICES:
            return
        if event.kind == "online" and self.paused == "offline":
            self.paused = "reset"
        elif event.kind in ("reset", "offline"):
            self.paused = event.kind

    def update(self, now: float) -> bool:
        """Settle what was sensed; True when the settled bed changed now."""
        if self.sensed is None or self.paused in ("start", "reset", "offline"):
            return False
        if self.paused:   # the first settled scan after a gap counts, even unchanged
            if now - self.since < self.settle:
                return False
            changed, self.stable, self.paused = self.sensed != self.stable, self.sensed, None
            return changed
        if not settles(self.sensed, self.since, self.stable, now, self.settle):
            return False
        self.stable = self.sensed
        return True

    def next_deadline(self, now: float) -> float | None:
        """When `update` may next settle the sensed bed (None: nothing is settling)."""
        if self.sensed is None or self.paused in ("start", "reset", "offline"):
            return None
        if self.paused or self.sensed != self.stable:
            due = self.since + self.settle
            return due if due > now else None
        return None

    @property
    def moving(self) -> int:
        """The squares whose change has not settled yet (the LEDs echo them at once)."""
        if self.sensed is None or self.stable is None:
            return 0
        return self.sensed ^ self.stable


@dataclass(frozen=True)
class Difference:
    extra: int                 # squares with a piece the game does not have there: take it off
    missing: dict[int, str]    # square -> the piece that belongs there and is not: put it back

    def __bool__(self) -> bool:
        return bool(self.extra or self.missing)


def difference(bed: int, pieces: dict[int, str]) -> Difference:
    """The settled bed `bed` against the game's `pieces` (square -> piece letter)."""
    occupied = sum(1 << sq for sq in pieces)
    return Difference(bed & ~occupied, {sq: p for sq, p in sorted(pieces.items()) if not bed >> sq & 1})


def seat_words(bed, language: str) -> list[str]:
    return [i18n.text(seat.word, language) for seat in bed.seats]


def page_view(table, view) -> dict:
    """The page's drawing of a game on the bed (the view "board", app.js's bed view): the
    declaration of its bed (seats with their keys, words and looks; piece kinds; squares in
    play), the pieces on the bed, each seat's pool by kind and whose turn it is."""
    game, pos, language = table.game, table.position, table.language
    bed = game.info.bed
    seats = game.seats(pos)
    outcome = game.outcome(pos)
    turn = game.to_move(pos) if outcome is None else None
    return {
        "view": "board",
        "bed_game": {
            "seats": [{"key": s.key, "look": s.look, "word": w} for s, w in zip(bed.seats, seat_words(bed, language))],
            "kinds": [{"key": k.key, "word": i18n.text(k.word, language)} for k in bed.kinds],
        },
        "bed_squares": [square_name(sq) for sq in range(SQUARES) if bed.squares >> sq & 1],
        "bed": {square_name(sq): p for sq, p in sorted(game.bed_pieces(pos).items())},
        "pools": {bed.seats[s].key: game.pool(pos, s) for s in range(seats)},
        "to_move": bed.seats[turn].key if turn is not None and 0 <= turn < seats else None,
        # whose each move was (the page's move list marks it in the seat's look)
        "movers": [bed.seats[game.to_move(table.line.before(i))].key for i in range(len(table.moves))],
    }
