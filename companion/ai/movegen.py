"""Move generation for the search, on plain 8-tuples instead of Position/Move objects.

A search state is the first eight fields of an engine Position, from the mover's view:
(my_kittens, my_cats, their_kittens, their_cats, my_pool_k, my_pool_c, their_pool_k, their_pool_c).
Colour and winner are not needed inside the search: the game is symmetric, and a won position is
never a search state (the move that wins is scored where it is generated).

A move is an int code: bits 0-5 the square, bit 6 set for a cat, bits 7+ the step-4 choice mask.
Every rule comes from the kernel (`boop`, the variant's `settle` and `take`, `mover_wins`), the
same functions the engine and the playouts call; tests check `expand` against `engine.successors`.
With the compiled kernel (companion/games/native.py) `expand`, `placements`, `play` and
`winning_squares` run in C, and tests check the two agree.
"""
from __future__ import annotations

from companion.games.maunz.board import FULL, LINE_STEPS, has_line
from companion.games import native
from companion.games.maunz.engine import Move
from companion.games.maunz.kernel import KIDS, PIECES, RULES, STANDARD, boop, hand_over, mover_wins

CAT_BIT = 64


def code_of(move: Move) -> int:
    return move.square | (CAT_BIT if move.kind == "c" else 0) | move.choice << 7


def move_of(code: int) -> Move:
    return Move("c" if code & CAT_BIT else "k", code & 63, code >> 7)


def state_of(pos) -> tuple:
    return tuple(pos[:8])


def expand(s: tuple, variant: int = STANDARD) -> tuple[int, list]:
    """(winning move code, []) as soon as a placement wins for the mover; otherwise
    (-1, [(code, child)...]) with the child from the opponent's view, or None for a move that
    loses at once (option opponent-cats-win: the mover lined up the opponent's cats)."""
    nat = native.kernel()
    if nat is not None:
        return nat.expand(s, variant)
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = s
    empty = ~(mk | mc | tk | tc) & FULL
    kinds = (0, CAT_BIT) if mkp and mcp else ((CAT_BIT,) if mcp else (0,))
    settle, take = RULES[variant]
    out = []
    append = out.append
    while empty:
        low = empty & -empty
        empty ^= low
        sq = low.bit_length() - 1
        for cat in kinds:
            a = boop(s, cat, sq)
            r = settle(a)
            code = sq | cat
            if r.__class__ is int:
                if r > 0:
                    return code, []
                append((code, None))
            elif r:
                for o in r:
                    append((code | o << 7, take(a, o)))
            else:
                append((code, hand_over(a)))
    return -1, out


def pair_ends(m: int, e: int) -> int:
    """Squares of `e` that complete a line of three with two squares of `m`."""
    out = 0
    for k, st in LINE_STEPS:
        mk1 = m >> k
        mk2 = m >> 2 * k
        out |= (m & mk1 & e >> 2 * k & st) << 2 * k
        out |= (m & e >> k & mk2 & st) << k
        out |= e & mk1 & mk2 & st
    return out


def winning_squares(s: tuple, variant: int = STANDARD, first_only: bool = False) -> int:
    """Squares where the mover wins at once by placing a piece that completes a line (or the
    eighth cat). Counts placements next to two of the mover's pieces; wins made purely by pushes
    (the stealthy L) are left to the full-width search. Exact for what it reports."""
    nat = native.kernel()
    if nat is not None:
        return nat.winning_squares(s, variant, first_only)
    mk, mc, tk, tc, mkp, mcp = s[0], s[1], s[2], s[3], s[4], s[5]
    empty = ~(mk | mc | tk | tc) & FULL
    if variant == KIDS:
        if not mkp or mk.bit_count() < 2:
            return 0
        cands, cat = pair_ends(mk, empty), 0
    else:
        if not mcp:
            if has_line(mc) and mkp:  # the opponent pushed our cats into a line
                return 1
            return 0
        n = mc.bit_count()
        if n == PIECES - 1 or has_line(mc):
            cands = empty  # the eighth cat, or any placement that keeps the line
        elif n < 2:
            return 0
        else:
            cands = pair_ends(mc, empty)
        cat = CAT_BIT
    count = 0
    while cands:
        low = cands & -cands
        cands ^= low
        if mover_wins(boop(s, cat, low.bit_length() - 1), variant):
            count += 1
            if first_only:
                return 1
    return count


def placements(s: tuple) -> list[int]:
    """Placement codes (square | cat bit), without the step-4 choice: the search orders these
    and only plays out the ones it reaches (most are cut off)."""
    nat = native.kernel()
    if nat is not None:
        return nat.placements(s)
    empty = ~(s[0] | s[1] | s[2] | s[3]) & FULL
    kinds = (0, CAT_BIT) if s[4] and s[5] else ((CAT_BIT,) if s[5] else (0,))
    out = []
    while empty:
        low = empty & -empty
        empty ^= low
        sq = low.bit_length() - 1
        for cat in kinds:
            out.append(sq | cat)
    return out


def play(s: tuple, pcode: int, variant: int = STANDARD):
    """Play one placement: 1 if it wins, -1 if it loses at once, else a list of
    (move code, child) — one per step-4 option, or one with no choice."""
    nat = native.kernel()
    if nat is not None:
        return nat.play(s, pcode, variant)
    settle, take = RULES[variant]
    a = boop(s, pcode & CAT_BIT, pcode & 63)
    r = settle(a)
    if r.__class__ is int:
        return r
    if r:
        return [(pcode | o << 7, take(a, o)) for o in r]
    return [(pcode, hand_over(a))]
