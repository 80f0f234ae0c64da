"""Random play: the benchmark's "random game" and the Pi-speed calibration.

A random game picks a uniformly random empty square, a random piece kind available in the pool,
and a random choice among the graduation options, until someone wins. The rules are the kernel's
(`boop`, then the variant's `settle` and `take`: the same functions `apply` uses); this loop
only skips building Position and Move objects it would throw away.

The compiled kernel (native.py) plays the same games: it draws from CPython's own Mersenne
Twister, taking the generator's state from a `random.Random` and handing it back, so a seed gives
the same games on both paths (tests/test_maunz_native.py). Another kind of generator (a subclass,
secrets.SystemRandom) is drawn from in Python.
"""
from __future__ import annotations

import random as _random

from companion.games import native
from companion.games.maunz.kernel import RULES, STANDARD, boop, hand_over

MAX_PLIES = 10_000  # a guard only; random games end after ~30-100 placements


def random_games(pos: tuple, rng: _random.Random, games: int, variant: int = STANDARD) -> list[tuple[int, int]]:
    """`games` random games from `pos`, one after the other from `rng`: [(winner colour, plies)]."""
    if pos[9] >= 0:
        return [(pos[9], 0)] * games
    nat = native.kernel()
    if nat is not None and type(rng) is _random.Random:
        version, mt, gauss = rng.getstate()
        results, mt = nat.random_games(pos, pos[8], mt, games, variant)
        rng.setstate((version, mt, gauss))
        return results
    return [_random_game(pos, rng, variant) for _ in range(games)]


def random_game(pos: tuple, rng: _random.Random, variant: int = STANDARD) -> tuple[int, int]:
    """Play uniformly random moves from `pos` to the end. Returns (winner colour, plies)."""
    return random_games(pos, rng, 1, variant)[0]


def _random_game(pos: tuple, rng: _random.Random, variant: int) -> tuple[int, int]:
    rnd = rng.random
    settle, take = RULES[variant]
    s = tuple(pos[:8])
    turn = pos[8]
    for ply in range(1, MAX_PLIES):
        occ = s[0] | s[1] | s[2] | s[3]
        while True:  # at most 16 of 36 squares are occupied: ~1.5 draws on average
            sq = int(rnd() * 36)
            if not occ >> sq & 1:
                break
        a = boop(s, s[5] and (not s[4] or rnd() < 0.5), sq)
        r = settle(a)
        if r.__class__ is int:
            return (turn if r > 0 else turn ^ 1), ply
        s = take(a, r[int(rnd() * len(r))]) if r else hand_over(a)
        turn ^= 1
    raise RuntimeError("random game did not end")  # pragma: no cover
