"""The search's inner loop compiled (companion/games/maunz/csrc/search.h) against the pure-Python
Searcher: at a fixed depth both find the same move with the same score for every root move, and
search the same number of nodes with the same table -- they are the same search, node for node.
Positions from seeded random games of all three variants; Hypothesis picks more."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.ai import middle_positions
from companion.ai import choose_move
from companion.ai.evaluate import simple_evaluate
from companion.ai.movegen import state_of
from companion.ai.search import Searcher
from companion.games import get
from companion.games import native
from companion.games.maunz import engine
from companion.games.maunz.engine import KIDS, OPPONENT_CATS_WIN, STANDARD

VARIANTS = [STANDARD, OPPONENT_CATS_WIN, KIDS]
pytestmark = pytest.mark.skipif(native.kernel() is None, reason=f"no compiled kernel: {native.reason()}")


def positions(variant, n, seed):
    with native.pure():
        return middle_positions(n, seed, (2, 30), variant)


def run(s, variant, depth, **kw):
    exact_root = kw.pop("exact_root", False)
    node_limit = kw.pop("node_limit", 0)
    searcher = Searcher(variant, **kw)
    result = searcher.search(s, max_depth=depth, exact_root=exact_root, node_limit=node_limit)
    return result, searcher.nodes, searcher.tt_peak, searcher.core is not None


def same_search(pos, variant, depth, **kw):
    s = state_of(pos)
    fast = run(s, variant, depth, **dict(kw))
    with native.pure():
        slow = run(s, variant, depth, **dict(kw))
    assert fast[3] and not slow[3]  # really one compiled, one pure
    assert fast[:3] == slow[:3]


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_depth_searches_are_the_same_search(variant):
    for i, pos in enumerate(positions(variant, 8, seed=370 + variant)):
        same_search(pos, variant, 3 if i % 4 else 4)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_levels_searches_are_the_same(variant):
    for pos in positions(variant, 4, seed=470 + variant):
        same_search(pos, variant, 2, exact_root=True)  # easy/medium: every root move scored
        same_search(pos, variant, 2, leaf_check=False)  # easy missing a threat
        same_search(pos, variant, 2, evaluate=simple_evaluate, tt_entries=20_000)  # minimax2
        same_search(pos, variant, 3, tt_entries=50)  # a full table keeps what it has
        same_search(pos, variant, 4, lmr=False, aspiration=False)  # the search before issue 37
        same_search(pos, variant, 4, lmr=True, aspiration=True)  # the options (see README)


@pytest.mark.parametrize("variant", VARIANTS)
def test_node_budgets_stop_both_paths_at_the_same_node(variant):
    """The review's searches (issue 45): cut by a node budget mid-iteration, both paths return
    the same move, score, depth and scores, with the same nodes searched."""
    for pos in positions(variant, 4, seed=570 + variant):
        for limit in (137, 900):
            same_search(pos, variant, 64, node_limit=limit, exact_root=True)
            same_search(pos, variant, 64, node_limit=limit)


def test_a_callers_own_evaluation_keeps_the_search_in_python():
    searcher = Searcher(evaluate=lambda s, variant, weights: 0.0)
    assert searcher.core is None
    code, _, depth, _ = searcher.search(state_of(positions(STANDARD, 1, seed=1)[0]), max_depth=2)
    assert depth == 2 and code >= 0


def test_the_deadline_holds_in_the_compiled_loop():
    import time

    pos = positions(STANDARD, 1, seed=9)[0]
    game = get("maunz")
    t0 = time.perf_counter()
    r = choose_move(game, pos, level="hard", time_limit=0.5)
    assert r.move in engine.legal_moves(pos) and r.depth >= 1
    assert time.perf_counter() - t0 < 3.0  # loosely: the machine is shared


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(VARIANTS), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=40),
       depth=st.integers(1, 3))
def test_hypothesis_positions_give_the_same_search(variant, picks, depth):
    pos = engine.initial()
    with native.pure():
        for pick in picks:
            succ = [c for _, c in engine.successors(pos, variant) if c.winner is None]
            if not succ:
                break
            pos = succ[pick % len(succ)]
    same_search(pos, variant, depth)
