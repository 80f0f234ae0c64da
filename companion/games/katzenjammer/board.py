"""The Katzenjammer board as 56 bytes, and the single actions on it (a step move, entering, a swap).

Layout (indices of the `bytes`):
- 0..39: the ring fields. 0 = empty, `c + 1` = a piece of colour c, `c + 5` = a *fresh* piece of
  colour c (only ever on its own Start).
- 40 + 4*c + i: field s<i+1> of colour c's stall, 1 when occupied.
Pieces in the nest are not stored: a colour has 4 minus its pieces on the board. A bytes object
is hashable and cheap to copy, which is what the memoised seven search needs most.

Colours are ints r=0, b=1, g=2, k=3 (clockwise). Every function here returns a new board, or None
when the action is illegal; none of them knows about dice or whose turn it is.
"""
from __future__ import annotations

COLOURS = "rbgk"
START = (0, 10, 20, 30)
RING = 40
STALL = 40
SIZE = 56
#: Faces of Miwin's dice III, IV and V, in that order.
DIE_FACES = ((1, 2, 5, 6, 7, 9), (1, 3, 4, 5, 8, 9), (2, 3, 4, 6, 7, 8))
EMPTY = bytes(SIZE)


def owner(board: bytes, index: int) -> int:
    """The colour of the piece at a (non-empty) board index."""
    if index >= STALL:
        return (index - STALL) >> 2
    return (board[index] - 1) & 3


def is_fresh(board: bytes, index: int) -> bool:
    return index < RING and board[index] >= 5


def stall_base(colour: int) -> int:
    return STALL + 4 * colour


def nest_count(board: bytes, colour: int) -> int:
    on_ring = sum(1 for v in board[:RING] if v and (v - 1) & 3 == colour)
    base = stall_base(colour)
    return 4 - on_ring - sum(board[base:base + 4])


def stall_full(board: bytes, colour: int) -> bool:
    base = stall_base(colour)
    return board[base:base + 4] == b"\x01\x01\x01\x01"


def pieces(board: bytes, colour: int) -> list[int]:
    """Board indices of the colour's pieces on the ring and in its stall (the nest is implicit)."""
    out = [i for i in range(RING) if board[i] and (board[i] - 1) & 3 == colour]
    base = stall_base(colour)
    return out + [base + i for i in range(4) if board[base + i]]


def forward(board: bytes, a: int, n: int, seven: bool = False, why: list | None = None):
    """Move the piece at index `a` n steps forward along its owner's path: (board, new index) or
    None. Passed fields must not hold a fresh piece; the last field captures (a fresh one there
    makes the move illegal). In a seven every field stepped on captures. `why` (if given) gets
    the rule that refused it ("why?", issue 36): ("stall_taken", field), ("stall_over", n),
    ("fresh_passed", field) or ("fresh_target", field)."""
    b = board
    if a >= STALL:
        base = (a - STALL) & ~3
        i = a - STALL - base
        j = i + n
        if j > 3:
            if why is not None:
                why.append(("stall_over", j + 1))
            return None
        for t in range(i + 1, j + 1):
            if b[STALL + base + t]:
                if why is not None:
                    why.append(("stall_taken", STALL + base + t))
                return None
        nb = bytearray(b)
        nb[a] = 0
        nb[STALL + base + j] = 1
        return bytes(nb), STALL + base + j
    colour = (b[a] - 1) & 3
    start = START[colour]
    dist = (start - a) % RING or RING  # from its own Start a piece must go all the way round
    if n > dist:
        r = n - dist
        base = stall_base(colour)
        if r <= 4 and not any(b[base:base + r]):
            # Entering is compulsory when possible (ruling K5); its ring part ends on the Start.
            for t in range(1, dist + 1):
                if b[(a + t) % RING] >= 5:
                    if why is not None:
                        why.append(("fresh_passed", (a + t) % RING))
                    return None
            nb = bytearray(b)
            nb[a] = 0
            if seven:
                for t in range(1, dist + 1):
                    nb[(a + t) % RING] = 0
            nb[base + r - 1] = 1
            return bytes(nb), base + r - 1
    for t in range(1, n + 1):
        if b[(a + t) % RING] >= 5:
            if why is not None:
                why.append(("fresh_target" if t == n else "fresh_passed", (a + t) % RING))
            return None
    p = (a + n) % RING
    nb = bytearray(b)
    nb[a] = 0
    if seven:
        for t in range(1, n):
            nb[(a + t) % RING] = 0
    nb[p] = colour + 1
    return bytes(nb), p


def backward(board: bytes, a: int, n: int, seven: bool = False, why: list | None = None):
    """Move the ring piece at `a` n fields backward, never across its owner's Start (ruling K6).
    `why` as for `forward`, and ("stall_back", a) or ("back_start", its Start)."""
    b = board
    if a >= RING:
        if why is not None:
            why.append(("stall_back", a))
        return None
    colour = (b[a] - 1) & 3
    if n > (a - START[colour]) % RING:
        if why is not None:
            why.append(("back_start", START[colour]))
        return None
    for t in range(1, n + 1):
        if b[(a - t) % RING] >= 5:
            if why is not None:
                why.append(("fresh_target" if t == n else "fresh_passed", (a - t) % RING))
            return None
    p = (a - n) % RING
    nb = bytearray(b)
    nb[a] = 0
    if seven:
        for t in range(1, n):
            nb[(a - t) % RING] = 0
    nb[p] = colour + 1
    return bytes(nb), p


def enter(board: bytes, colour: int, why: list | None = None):
    """A piece of `colour` from the nest onto its Start, fresh; captures whatever non-fresh piece
    stands there, the owner's own included (ruling K10). `why`: ("nest_empty", Start) or
    ("fresh_start", Start)."""
    start = START[colour]
    if board[start] >= 5 or nest_count(board, colour) == 0:
        if why is not None:
            why.append(("nest_empty" if nest_count(board, colour) == 0 else "fresh_start", start))
        return None
    nb = bytearray(board)
    nb[start] = colour + 5
    return bytes(nb)


def swap(board: bytes, a: int, b: int) -> bytes:
    """Exchange the ring pieces at a and b; neither is fresh afterwards (the caller checks who
    may be swapped)."""
    nb = bytearray(board)
    ca, cb = (board[a] - 1) & 3, (board[b] - 1) & 3
    nb[a], nb[b] = cb + 1, ca + 1
    return bytes(nb)
