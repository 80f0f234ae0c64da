"""The compiled maunz. kernel (companion/games/maunz/csrc) plays the same game as the pure-Python
reference: the same successors -- moves, positions, winners, in the same order -- on every
position of seeded random games of all three rule variants and of the rules tests, the same
perft, the same random games from one seed, the same winning squares and evaluation, and (in
test_ai_native.py) the same search. Hypothesis drives both with the same positions.

Sizes, for ~1 minute on a 2-core machine: 40 random games per variant (~4,000 positions, each
with every successor compared, every fifth placement by placement), perft to depth 4 from the opening and to depth 3 from mid-game
positions of each variant (pure perft(4) takes ~14 s here, so it runs once)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ai import movegen
from companion.ai.evaluate import WEIGHTS, evaluate, features, simple_evaluate
from companion.games import NotationError
from companion.games import native
from companion.games.maunz import engine, kernel as pure_kernel, notation, playout
from companion.games.maunz.engine import KIDS, OPPONENT_CATS_WIN, STANDARD

VARIANTS = [STANDARD, OPPONENT_CATS_WIN, KIDS]
NAT = native.kernel()
pytestmark = pytest.mark.skipif(NAT is None, reason=f"no compiled kernel: {native.reason()}")


def both(fn, *args):
    """fn(*args) on the compiled kernel and on the pure one."""
    fast = fn(*args)
    with native.pure():
        slow = fn(*args)
    return fast, slow


def game_positions(variant: int, games: int, seed: int):
    """Every position of seeded random games (uniform over legal moves, pure engine)."""
    rng = random.Random(seed)
    out = []
    with native.pure():
        for _ in range(games):
            pos = engine.initial(rng.randrange(2))
            while pos.winner is None:
                out.append(pos)
                pos = rng.choice(engine.successors(pos, variant))[1]
            out.append(pos)
    return out


def rules_test_positions():
    """Every position written in the rules and AI tests, under each variant that accepts it."""
    texts = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        texts |= set(re.findall(r'"([0-9oOgG/]+ [og] \d+k\d+c \d+k\d+c)"', path.read_text(encoding="utf-8")))
    out = []
    for text in sorted(texts):
        for variant in VARIANTS:
            try:
                out.append((notation.parse_position(text, variant), variant))
            except (NotationError, ValueError):
                pass
    return out


def check_position(pos, variant, placements: bool = True):
    """Successors, move generation and evaluation; with `placements` also each placement's
    play, boop and settle one by one."""
    fast, slow = both(engine.successors, pos, variant)
    assert fast == slow
    assert [type(m) for m, _ in fast] == [type(m) for m, _ in slow]
    assert all(type(p) is engine.Position for _, p in fast)
    if pos.winner is not None:
        return
    s = tuple(pos[:8])
    assert both(movegen.expand, s, variant)[0] == both(movegen.expand, s, variant)[1]
    for first_only in (False, True):
        a, b = both(movegen.winning_squares, s, variant, first_only)
        assert a == b
    a, b = both(movegen.placements, s)
    assert a == b
    for pcode in a if placements else ():
        x, y = both(movegen.play, s, pcode, variant)
        assert x == y
        after = pure_kernel.boop(s, pcode & 64, pcode & 63)
        assert NAT.boop(s, bool(pcode & 64), pcode & 63) == after
        assert NAT.settle(after, variant) == pure_kernel.settle(after, variant)
    assert NAT.features(s, variant) == features(s, variant)
    assert NAT.evaluate(s, variant, WEIGHTS) == evaluate(s, variant, WEIGHTS)
    assert NAT.simple_evaluate(s) == simple_evaluate(s)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_successor_of_random_games_agrees(variant):
    positions = game_positions(variant, 40, seed=3700 + variant)
    assert len(positions) > 800  # kids games are the shortest
    for i, pos in enumerate(positions):
        check_position(pos, variant, placements=i % 5 == 0)


def test_the_rules_tests_positions_agree():
    positions = rules_test_positions()
    assert len(positions) > 100
    for pos, variant in positions:
        check_position(pos, variant)
        a, b = both(engine.perft, pos, 2, variant)
        assert a == b


def test_perft_4_from_the_opening():
    fast, slow = both(engine.perft, engine.initial(), 4, STANDARD)
    assert fast == slow == 1_421_952


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_3_from_the_middle_game(variant):
    positions = game_positions(variant, 4, seed=91 + variant)
    rng = random.Random(variant)
    for pos in rng.sample([p for p in positions[12:] if p.winner is None], 2):
        fast, slow = both(engine.perft, pos, 3, variant)
        assert fast == slow > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_from_one_seed_are_the_same_games(variant):
    fast_rng, slow_rng = random.Random(variant), random.Random(variant)
    fast = playout.random_games(engine.initial(), fast_rng, 400, variant)
    with native.pure():
        slow = playout.random_games(engine.initial(), slow_rng, 400, variant)
    assert fast == slow and fast_rng.getstate() == slow_rng.getstate()
    one = [playout.random_game(engine.initial(), fast_rng, variant) for _ in range(20)]
    with native.pure():
        assert one == [playout.random_game(engine.initial(), slow_rng, variant) for _ in range(20)]


def test_a_generator_of_another_kind_is_drawn_from_in_python():
    class Counting(random.Random):
        draws = 0

        def random(self):
            Counting.draws += 1
            return super().random()

    winner, plies = playout.random_game(engine.initial(), Counting(5))
    assert plies > 0 and Counting.draws >= plies


def test_bad_input_is_one_clear_error():
    with pytest.raises(TypeError, match="tuple of at least 8 ints"):
        NAT.expand([0] * 8)
    with pytest.raises(ValueError, match="beyond square 35"):
        NAT.expand((1 << 36, 0, 0, 0, 8, 0, 8, 0))
    with pytest.raises(ValueError, match="no maunz. rules variant 3"):
        NAT.expand((0, 0, 0, 0, 8, 0, 8, 0), 3)
    with pytest.raises(ValueError, match="not on an empty square"):
        NAT.play((1, 0, 0, 0, 7, 0, 8, 0), 0)


def test_the_pure_marker_and_the_selector():
    assert native.name() == "native"
    with native.pure():
        assert native.name() == "pure" and native.kernel() is None
    assert native.describe().startswith("kernels: maunz compiled (")


@pytest.mark.pure
def test_a_test_marked_pure_runs_the_pure_kernel():
    assert native.kernel() is None


@settings(max_examples=80, deadline=None)
@given(variant=st.sampled_from(VARIANTS), picks=st.lists(st.integers(0, 10**6), max_size=60))
def test_hypothesis_positions_agree(variant, picks):
    # Hypothesis picks the moves of a game; both kernels get every position on the way.
    pos = engine.initial()
    with native.pure():
        for pick in picks:
            if pos.winner is not None:
                break
            succ = engine.successors(pos, variant)
            pos = succ[pick % len(succ)][1]
    check_position(pos, variant)
    if pos.winner is None:
        a, b = both(engine.perft, pos, 2, variant)
        assert a == b
