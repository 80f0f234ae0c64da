"""Per-square debouncer for the reed grid, on int bitmasks.

A square's debounced state changes only after ``n`` consecutive scans all read the new value;
one scan back at the old value restarts the count. Pure and dependency-free on purpose: the
Pico firmware (MicroPython) ships this very file, so it uses no typing, dataclasses, f-strings
or imports.
"""


class Debouncer:
    def __init__(self, n=3, nbits=36, initial=0):
        if n < 1:
            raise ValueError("debounce count n must be >= 1, got %r" % (n,))
        self.n = n
        self.nbits = nbits
        self.stable = initial
        self._counts = [0] * nbits
        self._pending = 0  # squares whose raw value currently differs from the stable one

    def update(self, raw):
        """Feed one raw scan; return the debounced mask. Cost is proportional to the number of
        squares that differ, so a quiet board costs two int operations."""
        diff = raw ^ self.stable
        if not diff and not self._pending:
            return self.stable
        counts = self._counts
        # squares that went back to the stable value: their run of new readings is broken
        broken = self._pending & ~diff
        while broken:
            low = broken & -broken
            counts[low.bit_length() - 1] = 0
            broken ^= low
        flipped = 0
        rest = diff
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            c = counts[i] + 1
            if c >= self.n:
                flipped |= low
                c = 0
            counts[i] = c
            rest ^= low
        self.stable ^= flipped
        self._pending = diff & ~flipped
        return self.stable

    def reset(self, value=0):
        """Forget history and adopt ``value`` as the stable state (after a device reset)."""
        self.stable = value
        self._pending = 0
        for i in range(self.nbits):
            self._counts[i] = 0
