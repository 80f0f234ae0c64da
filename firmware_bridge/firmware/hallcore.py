# The hall bed's per-square decision, one pass over the whole bed: compiled to Thumb code by viper
# on the Pico (the bytecode loop took 3.8 ms of the 4 ms a scan may take at 250 scans/s), and the
# very same source run as plain Python where there is no native emitter (CPython, MicroPython's
# WebAssembly port in CI): hall.py loads it either way, so the logic tested there is this one.
# Only what viper and Python read alike: machine ints, arrays indexed through ptr casts (the
# identity in plain Python), constants by const().
import micropython
from micropython import const

EMPTY = const(0)
NORTH = const(1)
SOUTH = const(2)
AMBIGUOUS = const(3)
# The running drift check: while a square reads empty and within half its `clear` of the zero,
# the zero follows it by one count per TRACK counts of summed offset: a 12-count drift (0.6 mT)
# is taken up in about 3,200 scans (13 s at 250 scans/s), as temperature drifts; a piece being
# set down passes half of `clear` at once and never moves the zero.
TRACK = const(1024)
# The masks come back in two words a kind, squares 0..29 and 30..: a 30-bit value stays a small
# int in MicroPython (no heap allocation) and fits viper's 32-bit ints.
LOW_BITS = const(30)


@micropython.viper
def classify_bed(readings, table, out, only: int):
    """Classify squares from `readings` (array 'H' of averaged counts): all of them, or only the
    square `only` when it is >= 0. `table` (array 'i'): the square count n, then n each of zero,
    register, clear, state, drift (updated here). `out` (array 'i' of 6): occupied, south and
    ambiguous, low and high word each, of the squares classified."""
    r = ptr16(readings)
    t = ptr32(table)
    o = ptr32(out)
    n = t[0]
    sq = 0
    end = n
    if only >= 0:
        sq = only
        end = only + 1
    k = 0
    while k < 6:
        o[k] = 0
        k += 1
    while sq < end:
        z = 1 + sq
        v = r[sq] - t[z]
        a = v
        if v < 0:
            a = 0 - v
        reg = t[z + n]
        clr = t[z + 2 * n]
        st = t[z + 3 * n]
        if st == NORTH or st == SOUTH:
            if a < clr:
                st = EMPTY
            elif a >= reg:
                st = SOUTH                  # (swapped for the other kind in one scan)
                if v > 0:
                    st = NORTH
        elif a >= reg:
            st = SOUTH
            if v > 0:
                st = NORTH
        elif a >= clr:
            st = AMBIGUOUS
        else:
            st = EMPTY
        if st == EMPTY:
            if 2 * a < clr:
                acc = t[z + 4 * n] + v
                if acc >= TRACK:
                    t[z] = t[z] + 1
                    acc = acc - TRACK
                elif acc <= 0 - TRACK:
                    t[z] = t[z] - 1
                    acc = acc + TRACK
                t[z + 4 * n] = acc
        else:
            w = 0
            b = sq
            if sq >= LOW_BITS:
                w = 1
                b = sq - LOW_BITS
            bit = 1 << b
            o[w] = o[w] | bit
            if st == SOUTH:
                o[2 + w] = o[2 + w] | bit
            elif st == AMBIGUOUS:
                o[4 + w] = o[4 + w] | bit
        t[z + 3 * n] = st
        sq += 1
