"""Squares, bitmasks and the precomputed tables the engine's hot path reads.

Square numbering (python-chess style): a1 = 0, b1 = 1, ... f1 = 5, a2 = 6, ... f6 = 35.
A set of squares is an int bitmask; bit `1 << square`.
"""
from __future__ import annotations

SIZE = 6
SQUARES = SIZE * SIZE
FULL = (1 << SQUARES) - 1
FILES = "abcdef"
RANKS = "123456"


def square(file: int, rank: int) -> int:
    return rank * SIZE + file


def square_file(sq: int) -> int:
    return sq % SIZE


def square_rank(sq: int) -> int:
    return sq // SIZE


def square_name(sq: int) -> str:
    return FILES[sq % SIZE] + RANKS[sq // SIZE]


SQUARE_NAMES = tuple(square_name(sq) for sq in range(SQUARES))
SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def squares_of(mask: int) -> list[int]:
    """Squares of a bitmask in ascending order (file-major order is applied by callers)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def file_rank_key(sq: int) -> tuple[int, int]:
    """Sort key 'file first, then rank' used by the notation for choices, boops, graduations."""
    return (sq % SIZE, sq // SIZE)


DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def _on_bed(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def _push_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    # For each square: (neighbour bit, destination bit or 0 when the push leaves the bed).
    table = []
    for sq in range(SQUARES):
        f, r = square_file(sq), square_rank(sq)
        entries = []
        for df, dr in DIRECTIONS:
            nf, nr = f + df, r + dr
            if not _on_bed(nf, nr):
                continue
            tf, tr = nf + df, nr + dr
            dest = 1 << square(tf, tr) if _on_bed(tf, tr) else 0
            entries.append((1 << square(nf, nr), dest))
        table.append(tuple(entries))
    return tuple(table)


PUSHES = _push_table()
NEIGHBOURS = tuple(sum(n for n, _ in entries) for entries in PUSHES)

# Lines of three, found with shifts: a set bit s in `m & m>>k & m>>2k & START` means the three
# squares s, s+k, s+2k are all in m. START masks keep a line from wrapping around an edge.
_H_START = sum(1 << square(f, r) for f in range(SIZE - 2) for r in range(SIZE))
_V_START = sum(1 << square(f, r) for f in range(SIZE) for r in range(SIZE - 2))
_D_START = sum(1 << square(f, r) for f in range(SIZE - 2) for r in range(SIZE - 2))
_A_START = sum(1 << square(f, r) for f in range(2, SIZE) for r in range(SIZE - 2))
LINE_STEPS = ((1, _H_START), (SIZE, _V_START), (SIZE + 1, _D_START), (SIZE - 1, _A_START))
LINE_SHAPES = tuple(1 | 1 << k | 1 << 2 * k for k, _ in LINE_STEPS)

ALL_LINES = tuple(
    shape << s for (k, start), shape in zip(LINE_STEPS, LINE_SHAPES) for s in squares_of(start)
)


def has_line(m: int) -> bool:
    """True if the set m holds three squares in a row (any direction)."""
    return bool(
        (m & m >> 1 & m >> 2 & _H_START)
        or (m & m >> 6 & m >> 12)  # vertical starts beyond rank 4 read bits >= 36, always 0
        or (m & m >> 7 & m >> 14 & _D_START)
        or (m & m >> 5 & m >> 10 & _A_START)
    )


def lines_in(m: int) -> list[int]:
    """Every line of three (as a 3-square mask) contained in m; windows of longer runs count."""
    out = []
    for (k, start), shape in zip(LINE_STEPS, LINE_SHAPES):
        starts = m & m >> k & m >> 2 * k & start
        while starts:
            low = starts & -starts
            out.append(shape * low)  # shape << s, as a multiply by the low bit
            starts ^= low
    return out
