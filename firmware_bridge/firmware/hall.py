# The hall-effect bed's reading of one square: its averaged ADC counts -> empty, north (a
# kitten), south (a cat) or ambiguous (something is there but too weak to tell: the referee asks).
# Per square: the empty-bed zero, and register/clear thresholds with hysteresis (a piece is seen
# above `register`, and only lost below `clear`), set from a guided calibration walk or, before
# one, from defaults given in millitesla by the host's wiring. Pure: runs under CPython and
# MicroPython (no dataclasses, no typing at runtime).

# ADC counts per millitesla: the DRV5055A3 gives 15 mV/mT at 3.3 V, ratiometric to the supply that
# is also the 12-bit ADC's reference (3.3 V = 4096 counts).
COUNTS_PER_MT = 15.0 / 1000 / 3.3 * 4096

from array import array

try:
    from .hallcore import EMPTY, NORTH, SOUTH, AMBIGUOUS, TRACK, LOW_BITS, classify_bed
except (ImportError, SyntaxError):   # no viper here: hallcore.py's source as plain Python
    def _load_core():
        src = open(__file__.rsplit("/", 1)[0] + "/hallcore.py").read()
        keep = []
        for line in src.split("\n"):
            if not (line.startswith("import micropython") or line.startswith("from micropython")
                    or line.startswith("@micropython.")):
                keep.append(line)
        ns = {"ptr16": _same, "ptr32": _same, "const": _same}
        exec("\n".join(keep), ns)
        return ns

    def _same(x):
        return x

    _CORE = _load_core()
    EMPTY, NORTH, SOUTH, AMBIGUOUS = _CORE["EMPTY"], _CORE["NORTH"], _CORE["SOUTH"], _CORE["AMBIGUOUS"]
    TRACK, LOW_BITS, classify_bed = _CORE["TRACK"], _CORE["LOW_BITS"], _CORE["classify_bed"]

# The walk's thresholds, as a share of the weaker of the kitten's and the cat's field measured at
# the square's centre: a piece set down off centre and tilted still reads above `register`.
REGISTER_SHARE = 0.4
CLEAR_SHARE = 0.2
# hallcore's table: the square count, then a block of n per field.
_ZERO, _REGISTER, _CLEAR, _STATE, _DRIFT = range(5)


def _counts(c):
    """A reading as the 12-bit ADC gives it (the host's model averages to fractions)."""
    c = int(c)
    return 0 if c < 0 else (4095 if c > 4095 else c)


class HallSquares:
    """The squares' zero, thresholds, state and drift live in one array that hallcore reads;
    `zero`, `register`, `clear`, `state`, `drift` read (copies) and set them as lists."""

    def __init__(self, squares, register, clear, mid=2048):
        if not 0 < clear < register:
            raise ValueError("hall thresholds: need 0 < clear < register (counts)")
        self.squares = squares
        self.table = array("i", [squares] + [mid] * squares + [register] * squares
                           + [clear] * squares + [EMPTY] * squares + [0] * squares)
        self._out = array("i", [0] * 6)
        self._one = array("H", [0] * squares)   # classify()'s single reading

    def _get(self, field):
        base = 1 + field * self.squares
        return list(self.table[base:base + self.squares])

    def _set(self, field, values):
        t, base = self.table, 1 + field * self.squares
        for sq in range(self.squares):
            t[base + sq] = int(values[sq])

    zero = property(lambda self: self._get(_ZERO), lambda self, v: self._set(_ZERO, v))
    register = property(lambda self: self._get(_REGISTER), lambda self, v: self._set(_REGISTER, v))
    clear = property(lambda self: self._get(_CLEAR), lambda self, v: self._set(_CLEAR, v))
    state = property(lambda self: self._get(_STATE), lambda self, v: self._set(_STATE, v))
    drift = property(lambda self: self._get(_DRIFT), lambda self, v: self._set(_DRIFT, v))

    def set_state(self, sq, st):
        self.table[1 + _STATE * self.squares + sq] = st

    def set_zero(self, readings, limit):
        """The empty-bed zero, refused (the squares returned) where a reading is `limit` counts or
        more from the zero in use (mid-scale before any): a piece, or a magnet left under the
        quilt, is on the bed."""
        zero = self.zero
        busy = [sq for sq in range(self.squares) if abs(readings[sq] - zero[sq]) >= limit]
        if not busy:
            self.zero = readings
            self.drift = [0] * self.squares
        return busy

    def calibrate(self, sq, kitten, cat, least):
        """One square of the walk: the counts with a kitten and with a cat on its centre. Returns
        None, or why the square is refused ("reversed", "weak"): a kitten must read above the zero
        and a cat below it, each at least `least` counts away."""
        z = self.table[1 + _ZERO * self.squares + sq]
        k = kitten - z
        c = cat - z
        if k < 0 < c:
            return "reversed"
        if k < least or -c < least:
            return "weak"
        weaker = min(k, -c)
        self.table[1 + _REGISTER * self.squares + sq] = max(1, int(weaker * REGISTER_SHARE))
        self.table[1 + _CLEAR * self.squares + sq] = max(1, int(weaker * CLEAR_SHARE))
        return None

    def classify(self, sq, counts):
        """One square's reading: its state now (hysteresis, and the drift check while empty)."""
        self._one[sq] = _counts(counts)
        classify_bed(self._one, self.table, self._out, sq)
        return self.table[1 + _STATE * self.squares + sq]

    def scan(self, readings):
        """A whole bed: (occupied, south, ambiguous) bitmasks, square 0 = bit 0. `readings`: the
        averaged counts, square a1 first (an array 'H' from the Pico's sweep, or any sequence)."""
        if not isinstance(readings, array):
            readings = array("H", [_counts(c) for c in readings])
        out = self._out
        classify_bed(readings, self.table, out, -1)
        if self.squares <= LOW_BITS:
            return out[0], out[2], out[4]
        return (out[0] | out[1] << LOW_BITS, out[2] | out[3] << LOW_BITS,
                out[4] | out[5] << LOW_BITS)
