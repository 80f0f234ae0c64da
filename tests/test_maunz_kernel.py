"""The rules kernel (companion/games/maunz/kernel.py) on its own, and the proof that its three
callers play one game: a random playout, replayed decision by decision through the engine's
public placement API from the same random stream, ends with the same winner on the same ply."""
from __future__ import annotations

import random

import pytest

from companion.games.maunz import engine, kernel, notation, playout
from companion.games.maunz.board import SQUARE_BY_NAME
from companion.games.maunz.kernel import KIDS, OPPONENT_CATS_WIN, STANDARD


def _engine_random_game(rng: random.Random, variant: int) -> tuple[int, int]:
    # The playout's documented procedure (square, then kind, then a choice), spelled out with
    # Position objects and Placement, drawing from the stream in the same order.
    rnd = rng.random
    pos = engine.initial()
    for ply in range(1, 10_000):
        occ = pos.occupied
        while True:
            sq = int(rnd() * 36)
            if not occ >> sq & 1:
                break
        kittens, cats = pos.pool(pos.turn)
        kind = "c" if cats and (not kittens or rnd() < 0.5) else "k"
        placement = engine.place(pos, kind, sq, variant)
        if placement.winner is not None:
            return placement.winner, ply
        opts = placement.options
        pos = placement.finish(opts[int(rnd() * len(opts))]) if opts else placement.finish()
    raise AssertionError("no winner")


@pytest.mark.parametrize("variant", [STANDARD, OPPONENT_CATS_WIN, KIDS])
def test_playouts_and_the_engine_play_the_same_games(variant):
    seed = 20261122 + variant
    fast, slow = random.Random(seed), random.Random(seed)
    results = [playout.random_game(engine.initial(), fast, variant) for _ in range(150)]
    assert results == [_engine_random_game(slow, variant) for _ in range(150)]
    assert {w for w, _ in results} == {0, 1}
    if variant == OPPONENT_CATS_WIN:
        assert any(p % 2 == w for w, p in results)  # some games were won by the non-mover


def _after(text: str, placement: str, variant: int = STANDARD) -> tuple:
    """The state after steps 1-2 of `placement` ("kc3": kind and square) in the position."""
    pos = notation.parse_position(text, variant)
    return kernel.boop(tuple(pos[:8]), placement[0] == "c", SQUARE_BY_NAME[placement[1:]])


def test_settle_wins_before_graduation_and_take_graduates_a_mixed_line():
    # W1: cats a1 b1 c1 win although kittens d2 e3 f4 also line up.
    assert kernel.settle(_after("6/6/5o/4o1/3o2/OO4 o 2k1c 8k0c", "cc1")) == 1
    # Fig. 5: kitten b1 joins cat a1 and kitten c1 (c1 cannot be booped onto grey's d1): the
    # whole line leaves, the two kittens graduate and the cat returns, so the pool gains 3 cats.
    a = _after("6/6/6/6/6/O1og2 o 5k1c 7k0c", "kb1")
    assert kernel.settle(a) == [0b111]
    after = kernel.take(a, 0b111)
    assert after[:2] == (1 << 3, 0)  # grey's view now: grey's kitten d1, no cat
    assert after[2:4] == (0, 0) and after[6:8] == (4, 4)  # orange's bed is empty, pool 4k4c


def test_settle_under_each_variant():
    start = "6/6/6/3GG1/1G4/6 o 5k3c 0k5c"  # orange's a1 pushes grey b2 into grey's cat line
    a = _after(start, "ca1")
    assert kernel.settle(a, STANDARD) == [] and kernel.settle(a, OPPONENT_CATS_WIN) == -1
    kids = _after("o1o1o1/6/o1o1o1/6/6/o5 o 1k0c 8k0c", "kf1", KIDS)
    options = kernel.settle(kids, KIDS)
    assert len(options) == 8 and all(o.bit_count() == 1 for o in options)
    back = kernel.take(kids, options[0], KIDS)
    assert back[6:8] == (1, 0)  # the retired kitten is back in the mover's pool, no cat appears
    # A bed read from text: the player who just moved (t) holds the winning pattern, or not.
    assert kernel.winner_of(0, 0, 0b111, 0, KIDS) == -1 and kernel.winner_of(0, 0, 0b111, 0) == 0
    assert kernel.winner_of(0, 0, 0, 0b111) == -1 and kernel.winner_of(0, 0b111, 0, 0) == 0
    assert kernel.winner_of(0, 0b111, 0, 0, OPPONENT_CATS_WIN) == 1
