"""Every way to play a seven: seven single steps split into segments over several pieces.

The number of segment *sequences* explodes on a crowded board (compositions of 7 times choices of
piece), but the number of distinct *boards* after k steps stays small. So the search is a
breadth-first pass over states (board, piece moved last, steps left), each state expanded once,
remembering one parent per state so that any final board can be explained as a segment list.
"""
from __future__ import annotations

from companion.games.katzenjammer.board import RING, START


class SevenSearch:
    """All boards reachable by a seven over the pieces `movable(board)` returns, every segment in
    `direction` (+1 forward, -1 backward). `segments(board)` gives one segment list reaching it."""

    def __init__(self, board: bytes, movable, direction: int = 1):
        walk = _forward_all if direction > 0 else _backward_all
        # levels[r]: state (board, index of the piece moved last, or -1) -> (parent state, parent
        # level, segment), for the states with r steps still to play.
        levels: list[dict] = [{} for _ in range(8)]
        levels[7][(board, -1)] = None
        finals: dict[bytes, tuple] = {}
        for rem in range(7, 0, -1):
            for state, _ in levels[rem].items():
                b, last = state
                for a in movable(b):
                    if a == last:  # consecutive segments move different pieces
                        continue
                    for k, nb, na in walk(b, a, rem):
                        left = rem - k
                        if left == 0:
                            if nb not in finals:
                                finals[nb] = (state, rem, (a, k * direction, na))
                            continue
                        ns = (nb, -1 if _mergeable(nb, na, left, direction) else na)
                        level = levels[left]
                        if ns not in level:
                            level[ns] = (state, rem, (a, k * direction, na))
        self._levels = levels
        self._finals = finals

    def boards(self):
        return self._finals.keys()

    def segments(self, board: bytes) -> tuple[tuple[int, int], ...]:
        """One ordered segment list (start index, signed steps) that ends on `board`."""
        state, rem, seg = self._finals[board]
        out = [seg]
        while True:
            entry = self._levels[rem][state]
            if entry is None:
                break
            state, rem, seg = entry
            out.append(seg)
        merged: list[list[int]] = []
        for a, k, end in reversed(out):
            if merged and merged[-1][2] == a:  # the same piece again: one longer segment
                merged[-1][1] += k
                merged[-1][2] = end
            else:
                merged.append([a, k, end])
        return tuple((a, k) for a, k, _ in merged)


def _forward_all(b: bytes, a: int, most: int):
    """(k, board, new index) for every legal seven segment of k = 1..most forward steps of the
    piece at `a`: board.forward(b, a, k, True) for each k, walked once."""
    if a >= RING:
        base = (a - RING) & ~3
        i = a - RING - base
        for k in range(1, most + 1):
            j = RING + base + i + k
            if i + k > 3 or b[j]:
                return
            nb = bytearray(b)
            nb[a] = 0
            nb[j] = 1
            yield k, bytes(nb), j
        return
    colour = (b[a] - 1) & 3
    start = START[colour]
    dist = (start - a) % RING or RING
    base = RING + 4 * colour
    cur = bytearray(b)
    cur[a] = 0
    blocked = False
    at_start = None  # the board with the ring part to the Start stepped over, if not blocked
    for k in range(1, most + 1):
        p = (a + k) % RING
        if not blocked and b[p] >= 5:
            blocked = True  # a fresh piece: no ring path from here on
        r = k - dist
        if r > 0 and at_start is not None and r <= 4 and not any(b[base:base + r]):
            nb = bytearray(at_start)  # entering the stall is compulsory when possible
            nb[base + r - 1] = 1
            yield k, bytes(nb), base + r - 1
        elif not blocked:
            nb = bytearray(cur)
            nb[p] = colour + 1
            yield k, bytes(nb), p
        if blocked:
            if at_start is None:
                return
            continue
        cur[p] = 0  # stepped over by every longer segment on the ring
        if k == dist:
            at_start = bytes(cur)


def _backward_all(b: bytes, a: int, most: int):
    """Like _forward_all, backward: never across the piece's own Start."""
    if a >= RING:
        return
    colour = (b[a] - 1) & 3
    most = min(most, (a - START[colour]) % RING)
    cur = bytearray(b)
    cur[a] = 0
    for k in range(1, most + 1):
        p = (a - k) % RING
        if b[p] >= 5:
            return
        nb = bytearray(cur)
        nb[p] = colour + 1
        yield k, bytes(nb), p
        cur[p] = 0


def _mergeable(board: bytes, index: int, left: int, direction: int) -> bool:
    """May the piece just moved (now at `index`) go on at once? Only when any continuation of it
    is the same as one longer segment from where it started: always backward and in a stall, and
    forward on the ring while it stays short of its own Start (there a longer segment would enter
    the stall, where a split one goes round). The search then needs no "moved last" for it,
    which merges most states; `segments` joins such runs back into one segment."""
    if direction < 0 or index >= RING:
        return True
    dist = (START[(board[index] - 1) & 3] - index) % RING
    return dist >= left


def own_movers(colour: int):
    """A seven of the die 7 (or the joker as 7): the mover's pieces on the ring and in the stall."""
    own = colour + 1
    fresh = colour + 5
    base = RING + 4 * colour

    def movable(b: bytes) -> list[int]:
        out = [i for i in range(RING) if b[i] == own or b[i] == fresh]
        return out + [base + i for i in range(3) if b[base + i]]
    return movable


def foreign_movers(colour: int):
    """A 77 (or the joker as 77): foreign pieces on the ring that are not fresh."""
    own = colour + 1

    def movable(b: bytes) -> list[int]:
        return [i for i in range(RING) if b[i] and b[i] < 5 and b[i] != own]
    return movable
