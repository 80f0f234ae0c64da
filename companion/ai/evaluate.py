"""Static evaluation of a search state, from the view of the player to move, in centi-cats.

A linear sum of a few features (FEATURES, all "mine minus theirs" except the last two), with
weights found by self-play (tune.py, record in TUNING.md) and stored in weights.json.
The caller has already checked that the mover has no immediate win.
"""
from __future__ import annotations

import json
from pathlib import Path

from companion.games.maunz.board import FULL, LINE_STEPS, square
from companion.ai.movegen import winning_squares

FEATURES = (
    "cats_active",      # cats on the bed + in the pool: graduation progress
    "cats_on_bed",
    "kittens_on_bed",
    "inner",            # pieces on the inner 4x4 (hard to push off)
    "core",             # pieces on the central 2x2
    "cat_inner",        # cats on the inner 4x4
    "pairs",            # windows of three with two of one's pieces and one empty square
    "cat_pairs",        # the same with two cats
    "their_wins",       # squares where the opponent (not to move) would win at once (max 2)
    "my_pool_cat",      # the mover has a cat to place (1/0)
)

DEFAULT_WEIGHTS = (100.0, 15.0, 4.0, 6.0, 4.0, 8.0, 5.0, 20.0, -150.0, 10.0)

INNER = sum(1 << square(f, r) for f in range(1, 5) for r in range(1, 5))
CORE = sum(1 << square(f, r) for f in range(2, 4) for r in range(2, 4))

_WEIGHTS_FILE = Path(__file__).with_name("weights.json")


def load_weights(path: Path = _WEIGHTS_FILE) -> tuple[float, ...]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return DEFAULT_WEIGHTS
    w = data["weights"]
    return tuple(float(w[name]) for name in FEATURES)


WEIGHTS = load_weights()


def _pairs(m: int, e: int) -> int:
    n = 0
    for k, st in LINE_STEPS:
        a1 = m >> k
        a2 = m >> 2 * k
        n += (((m & a1 & e >> 2 * k) | (m & e >> k & a2) | (e & a1 & a2)) & st).bit_count()
    return n


def features(s: tuple, variant: int) -> tuple:
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = s
    me = mk | mc
    them = tk | tc
    empty = ~(me | them) & FULL
    opp = (tk, tc, mk, mc, tkp, tcp, mkp, mcp)
    tw = winning_squares(opp, variant)
    return (
        (mc.bit_count() + mcp) - (tc.bit_count() + tcp),
        mc.bit_count() - tc.bit_count(),
        mk.bit_count() - tk.bit_count(),
        (me & INNER).bit_count() - (them & INNER).bit_count(),
        (me & CORE).bit_count() - (them & CORE).bit_count(),
        (mc & INNER).bit_count() - (tc & INNER).bit_count(),
        _pairs(me, empty) - _pairs(them, empty),
        _pairs(mc, empty) - _pairs(tc, empty),
        tw if tw < 2 else 2,
        1 if mcp else 0,
    )


def evaluate(s: tuple, variant: int, weights: tuple = WEIGHTS) -> float:
    # Added left to right in one float, as the compiled kernel does (csrc/search.h): sum() of
    # floats is compensated from Python 3.12 on, which would differ in the last bit.
    acc = 0.0
    for w, f in zip(weights, features(s, variant)):
        acc += w * f
    return acc


def simple_evaluate(s: tuple, variant: int = 0, weights=None) -> float:
    """The ladder's baseline: material (cats active, pieces on the bed) and centre only."""
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = s
    me = mk | mc
    them = tk | tc
    return (100 * ((mc.bit_count() + mcp) - (tc.bit_count() + tcp))
            + 10 * (me.bit_count() - them.bit_count())
            + 5 * ((me & INNER).bit_count() - (them & INNER).bit_count()))
