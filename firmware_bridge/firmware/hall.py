# The hall-effect bed's reading of one square: its averaged ADC counts -> empty, north (a
# kitten), south (a cat) or ambiguous (something is there but too weak to tell: the referee asks).
# Per square: the empty-bed zero, and register/clear thresholds with hysteresis (a piece is seen
# above `register`, and only lost below `clear`), set from a guided calibration walk or, before
# one, from defaults given in millitesla by the host's wiring. Pure: runs under CPython and
# MicroPython (no dataclasses, no typing at runtime).

# ADC counts per millitesla: the DRV5055A3 gives 15 mV/mT at 3.3 V, ratiometric to the supply that
# is also the 12-bit ADC's reference (3.3 V = 4096 counts).
COUNTS_PER_MT = 15.0 / 1000 / 3.3 * 4096

EMPTY = 0
NORTH = 1
SOUTH = 2
AMBIGUOUS = 3

# The walk's thresholds, as a share of the weaker of the kitten's and the cat's field measured at
# the square's centre: a piece set down off centre and tilted still reads above `register`.
REGISTER_SHARE = 0.4
CLEAR_SHARE = 0.2
# The running drift check: while a square reads empty and within half its `clear` of the zero,
# the zero follows it by one count per TRACK counts of summed offset: a 12-count drift (0.6 mT)
# is taken up in about 3,200 scans (13 s at 250 scans/s), as temperature drifts; a piece being
# set down passes half of `clear` at once and never moves the zero.
TRACK = 1024


class HallSquares:
    def __init__(self, squares, register, clear, mid=2048):
        if not 0 < clear < register:
            raise ValueError("hall thresholds: need 0 < clear < register (counts)")
        self.squares = squares
        self.zero = [mid] * squares
        self.register = [register] * squares
        self.clear = [clear] * squares
        self.state = [EMPTY] * squares
        self.drift = [0] * squares   # the summed offset of an empty square, towards TRACK

    def set_zero(self, readings, limit):
        """The empty-bed zero, refused (the squares returned) where a reading is `limit` counts or
        more from the zero in use (mid-scale before any): a piece, or a magnet left under the
        quilt, is on the bed."""
        busy = [sq for sq in range(self.squares) if abs(readings[sq] - self.zero[sq]) >= limit]
        if not busy:
            self.zero = list(readings)
            self.drift = [0] * self.squares
        return busy

    def calibrate(self, sq, kitten, cat, least):
        """One square of the walk: the counts with a kitten and with a cat on its centre. Returns
        None, or why the square is refused ("reversed", "weak"): a kitten must read above the zero
        and a cat below it, each at least `least` counts away."""
        k = kitten - self.zero[sq]
        c = cat - self.zero[sq]
        if k < 0 < c:
            return "reversed"
        if k < least or -c < least:
            return "weak"
        weaker = min(k, -c)
        self.register[sq] = max(1, int(weaker * REGISTER_SHARE))
        self.clear[sq] = max(1, int(weaker * CLEAR_SHARE))
        return None

    def classify(self, sq, counts):
        v = counts - self.zero[sq]
        a = v if v >= 0 else -v
        st = self.state[sq]
        if st == NORTH or st == SOUTH:
            if a < self.clear[sq]:
                st = EMPTY
            elif a >= self.register[sq]:
                st = NORTH if v > 0 else SOUTH      # (swapped for the other kind in one scan)
        elif a >= self.register[sq]:
            st = NORTH if v > 0 else SOUTH
        elif a >= self.clear[sq]:
            st = AMBIGUOUS
        else:
            st = EMPTY
        if st == EMPTY and 2 * a < self.clear[sq]:
            acc = self.drift[sq] + v
            if acc >= TRACK or acc <= -TRACK:
                step = 1 if acc > 0 else -1
                self.zero[sq] += step
                acc -= step * TRACK
            self.drift[sq] = acc
        self.state[sq] = st
        return st

    def scan(self, readings):
        """A whole bed: (occupied, south, ambiguous) bitmasks, square 0 = bit 0."""
        occupied = south = ambiguous = 0
        for sq in range(self.squares):
            st = self.classify(sq, readings[sq])
            if st != EMPTY:
                occupied |= 1 << sq
            if st == SOUTH:
                south |= 1 << sq
            elif st == AMBIGUOUS:
                ambiguous |= 1 << sq
        return occupied, south, ambiguous
