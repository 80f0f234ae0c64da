"""Every way to play a seven: seven single steps split into segments over several pieces.

The number of segment *sequences* explodes on a crowded board (compositions of 7 times choices of
piece), but the number of distinct *boards* after k steps stays small. So the search is a
breadth-first pass over states (board, piece moved last, steps left), each state expanded once,
remembering one parent per state so that any final board can be explained as a segment list.
"""
from __future__ import annotations

from itertools import compress

from companion.games.katzenjammer.board import RING, SIZE, START

#: One field's bits in a board held as an int (field i is byte i of the board's bytes, little
#: endian): the search moves pieces with two or three integer operations instead of copying
#: the board, which is what makes a crowded 77 (some 31,000 boards) quick enough for the table.
FIELD = tuple(0xFF << (8 * i) for i in range(SIZE))
#: KEEP[a][b]: every field but a and b (a piece leaves a and lands on b); VALUE[v][i]: v on field i
KEEP = tuple(tuple(~(FIELD[a] | FIELD[b]) for b in range(SIZE)) for a in range(SIZE))
VALUE = tuple(tuple(v << (8 * i) for i in range(SIZE)) for v in range(9))
_RING_FIELDS = tuple(range(RING))
#: One step on the ring, looked up rather than computed in the search's inner loop: NEXT[d][a]
#: the field after a (d 0 forward, 1 backward); STEP[d][a][colour] the (mask, bits) that move a
#: piece of that colour from a to it; TO_START[colour][a] the steps from a to that colour's Start.
NEXT = (tuple((a + 1) % RING for a in range(RING)), tuple((a - 1) % RING for a in range(RING)))
STEP = tuple(tuple(tuple((KEEP[a][NEXT[d][a]], VALUE[c + 1][NEXT[d][a]]) for c in range(4))
                   for a in range(RING)) for d in range(2))
TO_START = tuple(tuple((START[c] - a) % RING for a in range(RING)) for c in range(4))


class SevenSearch:
    """All boards reachable by a seven over the pieces `movable(board)` returns, every segment in
    `direction` (+1 forward, -1 backward). `segments(board)` gives one segment list reaching it,
    unless the search was made with `explain=False` (only the boards: the successors' path)."""

    def __init__(self, board: bytes, movable, direction: int = 1, explain: bool = True):
        # levels[r]: state -> (parent state, parent level, *segment), for the states with r steps
        # still to play; levels[0] are the final boards. A state is the board as an int, or
        # (board, index of the piece moved last) when that piece may not go on at once (the
        # rarer case: a plain int key is the cheaper one to make and hash).
        levels: list[dict] = [{} for _ in range(8)]
        levels[7][int.from_bytes(board, "little")] = None
        fwd = direction > 0
        nxt, step = NEXT[not fwd], STEP[not fwd]
        for rem in range(7, 0, -1):
            one = levels[rem - 1]
            # most states are final boards: without `explain` they keep no parent
            record = explain or rem > 1
            for state in levels[rem]:
                if state.__class__ is int:
                    big, last = state, -1
                else:
                    big, last = state
                b = big.to_bytes(SIZE, "little")
                for a in movable(b):
                    if a == last:  # consecutive segments move different pieces
                        continue
                    # A piece that cannot reach its own Start with the steps left goes one step
                    # at a time: k steps of it are k single steps (stepped-over pieces are
                    # captured, a fresh piece blocks, either way), and the next level moves it on.
                    # Near its Start a longer segment enters the stall where single steps would go
                    # round, so there all its segments are walked at once.
                    if a >= RING:
                        if not fwd or (a - RING) & 3 == 3 or b[a + 1]:
                            continue
                        na = a + 1
                        ns = (big & KEEP[a][na]) | VALUE[1][na]
                    else:
                        colour = (b[a] - 1) & 3
                        if fwd:
                            if 0 < TO_START[colour][a] < rem:
                                for k, nb, na, merge in _forward_all(b, big, a, rem):
                                    ns = nb if merge or k == rem else (nb, na)
                                    level = levels[rem - k]
                                    if ns not in level:
                                        level[ns] = (state, rem, a, k, na) if record or k < rem else None
                                continue
                        elif a == START[colour]:
                            continue   # never back across its own Start
                        na = nxt[a]
                        if b[na] >= 5:
                            continue
                        keep, bits = step[a][colour]
                        ns = (big & keep) | bits
                    if ns not in one:
                        one[ns] = (state, rem, a, direction, na) if record else None
        self._levels = levels

    def boards(self) -> list[bytes]:
        return [big.to_bytes(SIZE, "little") for big in self._levels[0]]

    def segments(self, board: bytes) -> tuple[tuple[int, int], ...]:
        """One ordered segment list (start index, signed steps) that ends on `board`."""
        state, rem, *seg = self._levels[0][int.from_bytes(board, "little")]
        out = [seg]
        while True:
            entry = self._levels[rem][state]
            if entry is None:
                break
            state, rem, *seg = entry
            out.append(seg)
        merged: list[list[int]] = []
        for a, k, end in reversed(out):
            if merged and merged[-1][2] == a:  # the same piece again: one longer segment
                merged[-1][1] += k
                merged[-1][2] = end
            else:
                merged.append([a, k, end])
        return tuple((a, k) for a, k, _ in merged)


def _forward_all(b: bytes, big: int, a: int, most: int):
    """(k, board, new index, mergeable) for every legal seven segment of k = 1..most forward
    steps of the piece at `a` (`b` the board, `big` the same as an int): board.forward(b, a, k,
    True) for each k, walked once.

    Mergeable: may the piece just moved go on at once? Only when any continuation of it is the
    same as one longer segment from where it started: always backward and in a stall, and forward
    on the ring while it stays short of its own Start (there a longer segment would enter the
    stall, where a split one goes round). The search then needs no "moved last" for it, which
    merges most states; `segments` joins such runs back into one segment."""
    if a >= RING:
        base = (a - RING) & ~3
        i = a - RING - base
        cleared = big & ~FIELD[a]
        for k in range(1, most + 1):
            j = RING + base + i + k
            if i + k > 3 or b[j]:
                return
            yield k, cleared | (1 << 8 * j), j, True
        return
    colour = (b[a] - 1) & 3
    piece = colour + 1
    start = START[colour]
    dist = (start - a) % RING or RING
    base = RING + 4 * colour
    cur = big & ~FIELD[a]
    blocked = False
    at_start = None  # the board with the ring part to the Start stepped over, if not blocked
    for k in range(1, most + 1):
        p = (a + k) % RING
        if not blocked and b[p] >= 5:
            blocked = True  # a fresh piece: no ring path from here on
        r = k - dist
        if r > 0 and at_start is not None and r <= 4 and not any(b[base:base + r]):
            j = base + r - 1  # entering the stall is compulsory when possible
            yield k, at_start | (1 << 8 * j), j, True
        elif not blocked:
            yield k, (cur & ~FIELD[p]) | (piece << 8 * p), p, (start - p) % RING >= most - k
        if blocked:
            if at_start is None:
                return
            continue
        cur &= ~FIELD[p]  # stepped over by every longer segment on the ring
        if k == dist:
            at_start = cur


def own_movers(colour: int):
    """A seven of the die 7 (or the joker as 7): the mover's pieces on the ring and in the stall."""
    return _finder(RING + 4 * colour, RING + 4 * colour + 3, (colour + 1, colour + 5))


def foreign_movers(colour: int):
    """A 77 (or the joker as 77): foreign pieces on the ring that are not fresh."""
    return _finder(RING, RING, tuple(v for v in range(1, 5) if v != colour + 1))


def _finder(stall_from: int, stall_to: int, values: tuple[int, ...]):
    """movable(board): the ring fields holding one of `values`, then the occupied fields
    stall_from..stall_to-1. Picked in C (bytes.translate marks them, itertools.compress picks
    them), not by a loop over 40 fields: the search asks once per state, some 23,000 times for
    a crowded 77."""
    table = bytes(1 if v in values else 0 for v in range(256))
    stall = range(stall_from, stall_to)

    def movable(b: bytes) -> list[int]:
        return list(compress(_RING_FIELDS, b[:RING].translate(table))) + [i for i in stall if b[i]]
    return movable
