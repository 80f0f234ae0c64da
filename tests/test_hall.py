"""The hall-effect bed's first parts (issue "The bed that knows a kitten from a cat"): the
magnetic model against the closed form, and the firmware's per-square classifier (zero,
thresholds from the calibration walk, hysteresis, the dead band that asks instead of guessing)
driven by the model."""
from __future__ import annotations

import math
import random

import pytest

from firmware_bridge.firmware.hall import AMBIGUOUS, EMPTY, NORTH, SOUTH, HallSquares
from hardware.hall_model import BR, RADIUS, THICKNESS, Bed, FieldTable, Spread, counts_per_mt


@pytest.fixture(scope="module")
def table():
    return FieldTable()


def test_the_field_on_the_axis_is_the_closed_form(table):
    for z in (4.0, 5.5, 7.0, 9.0, 12.0):
        exact = BR * 1000 / 2 * ((z + THICKNESS) / math.hypot(RADIUS, z + THICKNESS) - z / math.hypot(RADIUS, z))
        assert table.bz(0, z) == pytest.approx(exact, rel=0.01), z


def test_off_centre_the_field_drops_and_a_neighbour_barely_counts(table):
    centred, off = table.bz(0, 7.0), table.bz(5.0, 7.0)
    assert 50 < centred < 56 and 0.45 < off / centred < 0.65      # "5 mm off loses ~40 %"
    neighbour = table.bz(50.0, 7.0)
    assert -0.5 < neighbour < 0                                     # the return field, opposite sign
    assert table.bz(5.0, 7.0, BR * 0.95) == pytest.approx(off * 0.95)


def _cpm():
    return counts_per_mt()


def test_hysteresis_the_dead_band_and_a_swapped_piece():
    h = HallSquares(1, register=int(8 * _cpm()), clear=int(4 * _cpm()))
    read = lambda mt: 2048 + mt * _cpm()   # noqa: E731
    assert h.classify(0, read(2.0)) == EMPTY
    assert h.classify(0, read(6.0)) == AMBIGUOUS     # something there, too weak to tell: ask
    assert h.classify(0, read(30.0)) == NORTH
    assert h.classify(0, read(6.0)) == NORTH         # held above `clear`
    assert h.classify(0, read(3.0)) == EMPTY
    assert h.classify(0, read(-25.0)) == SOUTH
    assert h.classify(0, read(25.0)) == NORTH        # a cat swapped for a kitten between scans
    assert h.scan([read(-30.0)]) == (1, 1, 0)
    with pytest.raises(ValueError, match="clear < register"):
        HallSquares(1, register=10, clear=10)


def test_the_zero_is_refused_while_something_lies_on_the_bed_and_the_walk_flags_bad_magnets():
    h = HallSquares(3, register=100, clear=50)
    assert h.set_zero([2050, 2300, 2040], limit=40) == [1]          # a magnet under the quilt
    assert h.zero == [2048, 2048, 2048]
    assert h.set_zero([2050, 2046, 2040], limit=40) == [] and h.zero == [2050, 2046, 2040]
    assert h.calibrate(0, kitten=2050 + 900, cat=2050 - 800, least=150) is None
    assert (h.register[0], h.clear[0]) == (320, 160)                 # 40 % / 20 % of the weaker
    assert h.calibrate(1, kitten=2046 - 700, cat=2046 + 700, least=150) == "reversed"
    assert h.calibrate(2, kitten=2040 + 900, cat=2040 - 100, least=150) == "weak"


def _place(bed, h, rng, sq, kind):
    pieces = {sq: kind}
    placed = {sq: bed.place(sq)}
    h.set_state(sq, EMPTY)
    return h.classify(sq, bed.read(sq, bed.field(sq, pieces, placed)))


def test_the_model_bed_reads_every_piece_right_after_the_walk(table):
    rng = random.Random(4)
    bed = Bed(random.Random(9), Spread(), table)
    h = HallSquares(36, register=int(8 * _cpm()), clear=int(4 * _cpm()))
    assert h.set_zero([bed.read(sq, 0.0) for sq in range(36)], limit=int(2 * _cpm())) == []
    for sq in range(36):
        centre = (sq, 0.0, 0.0, 1.0)
        assert h.calibrate(sq, bed.read(sq, bed.piece_field(sq, 1, centre)),
                           bed.read(sq, bed.piece_field(sq, -1, centre)), least=int(8 * _cpm())) is None
    for _ in range(3000):
        sq, kind = rng.randrange(36), rng.choice((1, -1))
        assert _place(bed, h, rng, sq, kind) == (NORTH if kind == 1 else SOUTH)


def test_too_deep_a_bed_asks_or_misses_but_never_takes_a_cat_for_a_kitten(table):
    """Magnets too weak through a thick quilt (14-16 mm): readings fall into the dead band (the
    referee asks) or below it (nothing seen) — never the other kind."""
    rng = random.Random(5)
    bed = Bed(random.Random(3), Spread(depth_mm=15.0), table)
    h = HallSquares(36, register=int(8 * _cpm()), clear=int(4 * _cpm()))
    seen = {EMPTY: 0, AMBIGUOUS: 0, NORTH: 0, SOUTH: 0}
    for _ in range(2000):
        sq, kind = rng.randrange(36), rng.choice((1, -1))
        st = _place(bed, h, rng, sq, kind)
        seen[st] += 1
        assert st != (SOUTH if kind == 1 else NORTH)
    assert seen[AMBIGUOUS] > 0


# ------------------------------------------------------------------ the referee with kinds
def _table(position, **kw):
    from companion import tables
    from companion.games import get

    game = get("maunz")
    return tables.make(game, game.parse_position(position), language="en", **kw)


class _Hands:
    """Pieces put down on a bed that reads kinds (as FakeHallGrid reports them)."""

    def __init__(self, table, hall=True):
        self.t, self.hall, self.now = table, hall, 0.0
        self.mask = table.position.occupied
        self.south = sum(1 << sq for sq in range(36) if (table.position.piece_at(sq) or "").isupper())
        self.weak = 0
        self.step()

    def step(self):
        self.t.on_scan(self.mask, self.now)
        if self.hall:   # as the service gives them: after the scan they belong to
            self.t.on_kinds(self.south & self.mask, self.weak & self.mask, self.now)
        self.now += 0.5
        self.t.tick(self.now)
        return self.t.view()

    def put(self, square, kind):
        from hardware.fakes import parse_square

        sq = parse_square(square)
        self.mask |= 1 << sq
        self.south = self.south | 1 << sq if kind == "c" else self.south & ~(1 << sq)
        self.weak = self.weak | 1 << sq if kind == "?" else self.weak & ~(1 << sq)
        return self.step()

    def lift(self, square):
        from hardware.fakes import parse_square

        self.mask &= ~(1 << parse_square(square))
        return self.step()


BOTH = "6/6/6/6/6/6 o 6k2c 8k0c"   # orange holds kittens and cats: reeds must ask


def test_reeds_ask_kitten_or_cat_and_the_hall_bed_reads_it():
    reed = _Hands(_table(BOTH), hall=False)
    assert reed.put("c3", "c").phase == "ask_kind"
    for kind, move in (("k", "kc3"), ("c", "cc3")):
        hall = _Hands(_table(BOTH))
        v = hall.put("c3", kind)
        assert v.phase != "ask_kind" and hall.t.moves == [move], (v.phase, v.instruction)


def test_a_piece_of_the_wrong_kind_is_refused_at_once_and_lifted():
    hands = _Hands(_table("6/6/6/6/6/6 g 6k2c 8k0c"))   # grey to move: no cat in grey's pool
    v = hands.put("c3", "c")
    assert v.instruction.startswith("c3: a cat is not this move: lift it") and hands.t.moves == []
    from companion.ui import palette

    assert v.leds.cells[14] == palette.leaves_bed()           # red: off the bed
    hands.lift("c3")
    assert "not this move" not in hands.t.view().instruction
    hands.put("c3", "k")
    assert hands.t.moves == ["kc3"]


def test_a_square_the_bed_cannot_tell_falls_back_to_asking():
    hands = _Hands(_table(BOTH))
    assert hands.put("c3", "?").phase == "ask_kind"


def test_the_ais_move_must_be_put_down_as_the_kind_it_chose():
    t = _table(BOTH, ai_seats=(0,))
    hands = _Hands(t)
    assert t.view().wants_ai
    t.on_ai_move("kd4")
    v = hands.put("d4", "c")
    assert v.instruction.startswith("d4: a cat is not this move") and t.moves == []
    hands.lift("d4")
    hands.put("d4", "k")
    assert t.moves == ["kd4"]


def test_a_placed_piece_lifted_again_keeps_the_kind_the_bed_read():
    """The placed kitten graduates with its line: once it is lifted the bed no longer reads it,
    and the referee still knows what it was (no question at the end of the turn)."""
    from benchmarks.hall import referee_questions

    assert referee_questions(3, seed=22, hall=True) == 0
    assert referee_questions(3, seed=22, hall=False) > 10


def test_a_pushed_piece_of_the_other_kind_is_named_at_once():
    """Orange's cat on c3 is pushed by a kitten on b3 ... but the hands move a kitten there instead:
    the hall bed reads the swap at once, where reed switches would see nothing wrong."""
    position = "6/6/6/6/6/6 g 7k1c 8k0c"   # grey to move; orange holds a cat
    hands = _Hands(_table(position))
    hands.put("c3", "k")                        # grey's kitten on c3
    assert hands.t.moves == ["kc3"]
    hands.put("d4", "c")                        # orange's cat on d4 pushes the kitten c3 to b2
    v = hands.t.view()
    assert v.phase == "boops" and "c3" in v.instruction, v.instruction
    hands.lift("c3")
    v = hands.put("b2", "c")                    # a cat put down where the pushed kitten belongs
    assert v.instruction.startswith("b2: a cat where a kitten belongs: swap it"), v.instruction
    hands.lift("b2")
    hands.put("b2", "k")
    assert hands.t.moves == ["kc3", "cd4"]


def test_an_undo_put_back_with_the_other_kind_is_named_and_not_taken():
    """Orange's kitten on c3 was booped to b2 by grey's kitten on d4; the move is taken back, and
    the hands put a cat on c3 where the kitten belongs: the hall bed names it and the undo waits
    for the kitten (reed switches would take the cat for the kitten)."""
    t = _table("6/6/6/6/6/6 o 6k2c 8k0c")
    hands = _Hands(t)
    hands.put("c3", "k")
    hands.put("d4", "k")
    hands.lift("c3")
    hands.put("b2", "k")
    assert t.moves == ["kc3", "kd4"]
    t.on_card("undo", hands.now)
    assert hands.step().phase == "correction"
    hands.lift("d4")
    hands.lift("b2")
    v = hands.put("c3", "c")
    assert v.phase == "correction" and v.instruction.startswith("c3: a cat where a kitten belongs: swap it"), v.instruction
    hands.lift("c3")
    v = hands.put("c3", "k")
    assert v.phase == "await_placement" and t.moves == ["kc3"], (v.phase, v.instruction)


def test_a_knocked_piece_put_back_as_the_other_kind_is_named():
    t = _table("6/6/6/6/6/6 o 6k2c 8k0c")
    hands = _Hands(t)
    hands.put("c3", "c")
    hands.put("a6", "k")                 # grey's kitten far away: no boop
    assert t.moves == ["cc3", "ka6"]
    hands.lift("c3")                     # the cat knocked off
    for _ in range(8):
        v = hands.step()                 # past the correction delay
    assert v.phase == "correction"
    v = hands.put("c3", "k")
    assert v.instruction.startswith("c3: a kitten where a cat belongs: swap it"), v.instruction
    hands.lift("c3")
    v = hands.put("c3", "c")
    assert v.phase == "await_placement" and t.moves == ["cc3", "ka6"]


def test_the_zero_follows_a_slow_drift_of_an_empty_square_but_never_a_piece():
    h = HallSquares(2, 149, 74)
    for _ in range(4000):                 # square 0 drifted 12 counts (0.6 mT) since its zero
        h.scan([2060, 2048 + 700])        # square 1 holds a kitten all the while
    assert h.zero[0] == 2060 and h.state[0] == EMPTY
    assert h.zero[1] == 2048 and h.state[1] == NORTH
    for _ in range(200):                  # a piece being set down: past clear/2 the zero stays put
        h.scan([2060 + 40, 2048 + 700])
    assert h.zero[0] == 2060
