"""The maunz. rules on bitboards, in one place: the pushes (boops), the win check, graduation and
retirement (docs/rules/maunz.md). The engine (Position and Move objects, the referee's
placements), the random playouts and the AI's move generator all call these functions; none of
them restates a rule.

A state is the first eight fields of an engine Position, seen from the player to move:

    (my_kittens, my_cats, their_kittens, their_cats,      bitmasks on the bed
     my_pool_kittens, my_pool_cats, their_pool_kittens, their_pool_cats)

A turn is `boop` (steps 1-2: place and push; the state stays in the mover's view, "after"),
`settle` (step 3, the win check before any graduation -- ruling W1 -- and the options of
step 4), then `take` or `hand_over` (step 4 carried out and the end of the turn: the next state,
in the opponent's view).

The hot loops (perft, playouts, search) pick the variant's functions once from `RULES` instead of
branching on the variant for every placement; `settle` and `take` are the same functions
addressed by variant, for callers outside a hot loop.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from companion.games.maunz.board import LINE_STEPS, NEIGHBOURS, PUSHES, has_line, lines_in

PIECES = 8

# Rules variants (named options in docs/rules/maunz.md). Ints keep the hot path cheap.
STANDARD = 0
OPPONENT_CATS_WIN = 1
KIDS = 2

# The edge masks of board.has_line's shifts, for the one line test written inline below.
_H, _D, _A = LINE_STEPS[0][1], LINE_STEPS[2][1], LINE_STEPS[3][1]
# For each square: {neighbour bit: destination bit, or 0 when the push leaves the bed}.
_PUSH_TO = tuple({nbit: dbit for nbit, dbit in entries} for entries in PUSHES)


def boop(s: tuple, cat, sq: int, trace: list | None = None, unmoved: list | None = None) -> tuple:
    """Steps 1-2: place a cat (`cat` true) or a kitten on the empty square `sq` and push every
    neighbour one square away. Returns the state after the pushes, still from the mover's view.
    `trace` (if given) collects (from, to or None for off the bed) for each push; `unmoved` (if
    given) each neighbour the rules left standing, as (square, why, the square behind): "cat" (a
    kitten cannot boop a cat; behind None) or "blocked" (a piece stands on the square behind) --
    the referee's "why?" (issue 36) and no hot loop asks for it.

    Every destination lies two squares from the placed piece on its own ray, so no push can land
    on another push's source or destination: testing against the occupancy *before* the pushes
    is exact and the order of pushes does not matter.
    """
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = s[:8]
    bit = 1 << sq
    occ = mk | mc | tk | tc
    if cat:
        mc |= bit
        mcp -= 1
        movable = occ & NEIGHBOURS[sq]
    else:
        mk |= bit
        mkp -= 1
        movable = (mk | tk) & NEIGHBOURS[sq]  # kittens cannot boop cats
        if unmoved is not None:
            unmoved.extend((c.bit_length() - 1, "cat", None)
                           for c in _bits(occ & NEIGHBOURS[sq] & ~movable))
    if movable:
        push_to = _PUSH_TO[sq]
        while movable:  # only the occupied neighbours: usually one or two of up to eight
            nbit = movable & -movable
            movable ^= nbit
            dbit = push_to[nbit]
            if dbit:
                if occ & dbit:
                    if unmoved is not None:
                        unmoved.append((nbit.bit_length() - 1, "blocked", dbit.bit_length() - 1))
                    continue  # blocked: two pieces in a line are not pushed into each other
                if mk & nbit:
                    mk ^= nbit | dbit
                elif tk & nbit:
                    tk ^= nbit | dbit
                elif mc & nbit:
                    mc ^= nbit | dbit
                else:
                    tc ^= nbit | dbit
            else:  # off the bed: back to its owner's pool, a cat stays a cat
                if mk & nbit:
                    mk ^= nbit
                    mkp += 1
                elif tk & nbit:
                    tk ^= nbit
                    tkp += 1
                elif mc & nbit:
                    mc ^= nbit
                    mcp += 1
                else:
                    tc ^= nbit
                    tcp += 1
            if trace is not None:
                trace.append((nbit.bit_length() - 1, dbit.bit_length() - 1 if dbit else None))
    return mk, mc, tk, tc, mkp, mcp, tkp, tcp


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


# Steps 3 and 4: the win check, then graduation and retirement --------------------------------
# `settle(after)` answers 1 (the mover won), -1 (the opponent won: option opponent-cats-win) or
# the list of step-4 choices as masks ([] when the turn needs none); `take(after, choice)` carries
# a choice out. One call per placement for both steps, because the playouts make millions.

def cats_win(cats: int) -> bool:
    """The winning pattern of the rulebook: three cats in a row, or all eight cats on the bed."""
    return has_line(cats) or cats.bit_count() == PIECES


def mover_wins(a: tuple, variant: int = STANDARD) -> bool:
    """Step 3 for the mover alone: does the state after the placement hold their winning pattern?"""
    return has_line(a[0]) if variant == KIDS else cats_win(a[1])


def _settle_standard(a: tuple):
    mk, mc = a[0], a[1]
    m = mk | mc
    # The line test inline (board.has_line's shifts): no line among all the mover's pieces means
    # none among their cats either, and most placements make no line at all.
    if (m & m >> 1 & m >> 2 & _H or m & m >> 6 & m >> 12 or m & m >> 7 & m >> 14 & _D
            or m & m >> 5 & m >> 10 & _A):
        if cats_win(mc):
            return 1
        # Lines of three of the mover's pieces with at least one kitten graduate.
        opts = [ln for ln in lines_in(m) if ln & mk]
    elif mc.bit_count() == PIECES:
        return 1
    else:
        opts = []
    if not (a[4] or a[5]):
        # All eight pieces on the bed (empty pool): each single piece may retire instead.
        # Taking one of the options is mandatory (ruling).
        while m:
            low = m & -m
            opts.append(low)
            m ^= low
    return opts


def _settle_opponent_cats_win(a: tuple):
    # Option opponent-cats-win: lining up the opponent's cats with a push loses at once; the
    # mover's own win is checked first (both at once is the mover's win).
    r = _settle_standard(a)
    if r != 1 and has_line(a[3]):
        return -1
    return r


def _settle_kids(a: tuple):
    # Kids: kittens only, three in a row wins, nothing graduates; with all kittens on the bed
    # one of them goes back to the pool.
    if has_line(a[0]):
        return 1
    if a[4] or a[5]:
        return []
    opts = []
    m = a[0]
    while m:
        low = m & -m
        opts.append(low)
        m ^= low
    return opts


def _take_standard(a: tuple, choice: int) -> tuple:
    # Kittens in the choice leave the game and bring one cat each from the reserve to the pool;
    # cats in the choice go back to the pool. Either way the pool gains one cat per square.
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = a
    return tk, tc, mk & ~choice, mc & ~choice, tkp, tcp, mkp, mcp + choice.bit_count()


def _take_kids(a: tuple, choice: int) -> tuple:
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = a
    return tk, tc, mk & ~choice, mc, tkp, tcp, mkp + 1, mcp


def hand_over(a: tuple) -> tuple:
    """The end of a turn without a choice: the same bed, from the opponent's view."""
    return a[2], a[3], a[0], a[1], a[6], a[7], a[4], a[5]


class Rules(NamedTuple):
    """One variant's steps 3-4, for hot loops to bind once."""

    settle: Callable[[tuple], int | list[int]]  # after -> 1, -1 or the step-4 choices
    take: Callable[[tuple, int], tuple]         # after, choice -> next state (opponent's view)


RULES = (
    Rules(_settle_standard, _take_standard),
    Rules(_settle_opponent_cats_win, _take_standard),
    Rules(_settle_kids, _take_kids),
)


def settle(a: tuple, variant: int = STANDARD):
    """Steps 3-4 for the state after a placement: 1 if the mover won, -1 if the opponent won,
    else the list of step-4 choices (masks; empty when the turn takes none)."""
    return RULES[variant].settle(a)


def take(a: tuple, choice: int, variant: int = STANDARD) -> tuple:
    """Step 4 carried out (graduation or retirement of `choice`) and the turn handed over."""
    return RULES[variant].take(a, choice)


def winner_of(mk: int, mc: int, tk: int, tc: int, variant: int = STANDARD) -> int:
    """Who has won a bed read from text, the mover being `m`: 1 the mover, -1 the other player
    (`t`, who just moved), 0 nobody. The player who just moved won if they hold a winning
    pattern now: any such pattern at the end of their turn was checked in their step 3. Under
    opponent-cats-win, a cat line of the player to move can only have been made by the previous
    mover's pushes, so it is already a win for the player to move."""
    if variant == KIDS:
        return -1 if has_line(tk) else 0
    if cats_win(tc):
        return -1
    if variant == OPPONENT_CATS_WIN and has_line(mc):
        return 1
    return 0
