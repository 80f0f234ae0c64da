"""Random play: the benchmark's "random game" and the AI's playouts.

A random game picks a uniformly random empty square, a random piece kind available in the pool,
and a random choice among the graduation options, until someone wins. This loop is the engine's
hot path written flat: it calls `boop` (the same code `apply` uses) but skips building Position
and Move objects it would throw away.
"""
from __future__ import annotations

import random as _random

from companion.games.maunz.board import has_line, lines_in
from companion.games.maunz.engine import KIDS, OPPONENT_CATS_WIN, PIECES, STANDARD, Position, boop

MAX_PLIES = 10_000  # a guard only; random games end after ~30-100 placements


def random_game(pos: Position, rng: _random.Random, variant: int = STANDARD) -> tuple[int, int]:
    """Play uniformly random moves from `pos` to the end. Returns (winner colour, plies)."""
    if pos[9] >= 0:
        return pos[9], 0
    rnd = rng.random
    mk, mc, tk, tc, mkp, mcp, tkp, tcp, turn, _ = pos
    for ply in range(1, MAX_PLIES):
        occ = mk | mc | tk | tc
        while True:  # at most 16 of 36 squares are occupied: ~1.5 draws on average
            sq = int(rnd() * 36)
            if not occ >> sq & 1:
                break
        if mcp and (not mkp or rnd() < 0.5):
            cat = True
        else:
            cat = False
        mk, mc, tk, tc, mkp, mcp, tkp, tcp = boop((mk, mc, tk, tc, mkp, mcp, tkp, tcp), cat, sq)
        # Step 3: the win check (ruling W1: before any graduation).
        if variant == KIDS:
            if has_line(mk):
                return turn, ply
        else:
            if has_line(mc) or mc.bit_count() == PIECES:
                return turn, ply
            if variant == OPPONENT_CATS_WIN and has_line(tc):
                return turn ^ 1, ply
        # Step 4: graduation / retirement, one option at random.
        m = mk | mc
        if variant != KIDS and (m & m >> 1 & m >> 2 or m & m >> 6 & m >> 12
                                or m & m >> 7 & m >> 14 or m & m >> 5 & m >> 10):
            opts = [ln for ln in lines_in(m) if ln & mk]
        else:
            opts = []
        if not mkp and not mcp:
            rest = mk if variant == KIDS else m
            while rest:
                low = rest & -rest
                opts.append(low)
                rest ^= low
        if opts:
            choice = opts[int(rnd() * len(opts))]
            if variant == KIDS:
                mk &= ~choice
                mkp += 1
            else:
                mk &= ~choice
                mc &= ~choice
                mcp += choice.bit_count()
        mk, mc, tk, tc, mkp, mcp, tkp, tcp = tk, tc, mk, mc, tkp, tcp, mkp, mcp
        turn ^= 1
    raise RuntimeError("random game did not end")  # pragma: no cover
