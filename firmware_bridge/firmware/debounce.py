# Per-square debounce of the reed matrix: a square's debounced state follows its raw state only
# after `need` consecutive scans agree on the new value; raw flips are counted per square.
# Pure module: runs under CPython and MicroPython.


class Debouncer:
    def __init__(self, squares, need):
        self.squares = squares
        self.need = need if need > 0 else 1
        self.state = 0
        self.raw = 0
        self.counts = [0] * squares
        self.flips = [0] * squares
        self.pending = 0  # squares whose raw value disagrees with the debounced one
        self.scans = 0

    def set_need(self, need):
        self.need = need if need > 0 else 1

    def step(self, raw):
        """One scan. Returns True if the debounced state changed."""
        self.scans += 1
        if self.scans == 1:
            # At boot nothing moves: take the first scan as the truth.
            self.raw = raw
            self.state = raw
            return True
        changed_raw = raw ^ self.raw
        if changed_raw:
            flips = self.flips
            sq = 0
            m = changed_raw
            while m:
                if m & 1 and flips[sq] < 0xFFFF:
                    flips[sq] += 1
                m >>= 1
                sq += 1
        self.raw = raw
        diff = raw ^ self.state
        if not diff and not self.pending:
            return False
        counts = self.counts
        need = self.need
        new_state = self.state
        pending = 0
        m = diff | self.pending
        sq = 0
        while m:
            if m & 1:
                bit = 1 << sq
                if diff & bit:
                    c = counts[sq] + 1
                    if c >= need:
                        new_state ^= bit
                        counts[sq] = 0
                    else:
                        counts[sq] = c
                        pending |= bit
                else:
                    counts[sq] = 0  # bounced back before it settled
            m >>= 1
            sq += 1
        self.pending = pending
        if new_state != self.state:
            self.state = new_state
            return True
        return False


def scans_needed(debounce_ms, scan_hz):
    """Consecutive agreeing scans that cover debounce_ms at scan_hz (at least 1)."""
    n = (debounce_ms * scan_hz + 999) // 1000
    return n if n > 0 else 1
