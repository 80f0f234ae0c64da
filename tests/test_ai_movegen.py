"""The AI's move generator against the engine's successors, on positions from random games."""
import random

import pytest

from companion.ai.movegen import code_of, expand, move_of, state_of, winning_squares
from companion.games.maunz import engine
from companion.games.maunz.engine import KIDS, OPPONENT_CATS_WIN, STANDARD


def _positions(variant, n_games=25, seed=1):
    rng = random.Random(seed)
    for _ in range(n_games):
        pos = engine.initial()
        while pos.winner is None:
            yield pos
            succ = engine.successors(pos, variant)
            pos = rng.choice(succ)[1]


@pytest.mark.parametrize("variant", [STANDARD, OPPONENT_CATS_WIN, KIDS])
def test_expand_matches_engine_successors(variant):
    checked = 0
    for pos in _positions(variant):
        succ = engine.successors(pos, variant)
        win, kids = expand(state_of(pos), variant)
        mover = pos.turn
        if win >= 0:
            after = engine.apply(pos, move_of(win), variant)
            assert after.winner == mover
        else:
            assert all(child.winner != mover for _, child in succ)
            mine = {}
            for code, child in kids:
                mine[move_of(code)] = child
            theirs = dict(succ)
            assert set(mine) == set(theirs)
            for move, child in mine.items():
                ref = theirs[move]
                if child is None:
                    assert ref.winner == mover ^ 1
                else:
                    assert ref.winner is None and tuple(ref[:8]) == child
        checked += 1
    assert checked > 200


def test_move_code_round_trip():
    m = engine.Move("c", 14, (1 << 2) | (1 << 8) | (1 << 14))
    assert move_of(code_of(m)) == m


@pytest.mark.parametrize("variant", [STANDARD, KIDS])
def test_winning_squares_reports_only_real_wins(variant):
    for pos in _positions(variant, n_games=15, seed=2):
        s = state_of(pos)
        n = winning_squares(s, variant)
        wins = {m.square for m, child in engine.successors(pos, variant) if child.winner == pos.turn}
        assert n <= len(wins)
        if n:
            assert wins


@pytest.mark.parametrize("variant", [STANDARD, OPPONENT_CATS_WIN, KIDS])
def test_lazy_play_matches_engine_successors(variant):
    from companion.ai.movegen import placements, play

    for pos in _positions(variant, n_games=10, seed=3):
        mover = pos.turn
        theirs = dict(engine.successors(pos, variant))
        mine = {}
        for pcode in placements(state_of(pos)):
            r = play(state_of(pos), pcode, variant)
            if r == 1 or r == -1:
                m = move_of(pcode)
                assert theirs[m].winner == (mover if r == 1 else mover ^ 1)
                mine[m] = None
            else:
                for code, child in r:
                    mine[move_of(code)] = child
                    assert theirs[move_of(code)].winner is None
                    assert tuple(theirs[move_of(code)][:8]) == child
        assert set(mine) == set(theirs)
