"""The strongest level's proofs around its search (companion/ai/top.py): a proven win is played at
once and never let slip, a move into the opponent's proven win is avoided when another move has
none, the searcher is kept between moves -- and only the top level does any of it
(the ladder's levels 1-8 search as they did). Each runs on the compiled kernel and on the pure
Python one (the oracle). The searches are held to one ply (`max_depth=1`), where the plain search
sees neither the win nor the loss, so what these tests see is the proofs' doing."""
from __future__ import annotations

import contextlib
import dataclasses
import random

import pytest

from companion.ai import _pick, solve, top
from companion.ai.levels import LEVELS, STRONGEST
from companion.ai.movegen import expand, play, state_of
from companion.ai.search import MATE_BOUND, WIN, Searcher
from companion.games import native
from companion.games.maunz import notation

#: a win within three turns (ce4!), beyond what a one-ply search sees
WIN_IN_3 = state_of(notation.parse_position("1gO1g1/2G3/6/2G1O1/3gg1/O1OgO1 o 1k2c 1k0c"))
#: positions from seeded games where the one-ply search's choice lets the opponent force a win
#: within two turns and another move does not (found by a throwaway search, kept as states)
INTO_A_LOSS = [(0, 147552, 8448, 2281734160, 1, 3, 1, 1),
               (2048, 8589950994, 131073, 41951744, 2, 1, 1, 1),
               (150994960, 2147491840, 0, 2129922, 2, 1, 2, 3)]

KERNELS = ["compiled", "pure"]
ONE_PLY = dataclasses.replace(LEVELS[STRONGEST], max_depth=1)


def kernel(name):
    if name == "compiled" and native.kernel() is None:
        pytest.skip(f"no compiled kernel: {native.reason()}")
    return native.pure() if name == "pure" else contextlib.nullcontext()


def test_only_the_top_level_proves():
    assert [lv.name for lv in LEVELS.values() if lv.prove] == [STRONGEST]


@pytest.mark.parametrize("name", KERNELS)
def test_a_proven_win_is_played_at_once(name):
    with kernel(name):
        plain = Searcher(0).search(WIN_IN_3, max_depth=1)
        assert plain[1] < MATE_BOUND  # the search alone does not see it
        code, score, _d, _n = _pick(ONE_PLY, WIN_IN_3, 0, float("inf"), random.Random(1), 20_000)
        assert solve.judge(WIN_IN_3, code, 3) == (1, -1)
        assert score == WIN - 4       # a win on the fifth ply (999 - 4 cats: evaluation_of)


@pytest.mark.parametrize("name", KERNELS)
def test_a_proven_win_is_never_let_slip(name):
    """Against the longest resistance the top level wins within the proven three turns."""
    s, rng = WIN_IN_3, random.Random(2)
    with kernel(name):
        for turn in range(1, 4):
            code = _pick(ONE_PLY, s, 0, float("inf"), rng, 20_000)[0]
            r = play(s, code & 127)
            if r == 1:
                return
            s = next(child for c, child in r if c == code)
            reply = solve.defence(s, 4 - turn)
            assert reply is not None and reply[1] is not None, "the defender won or lost at once"
            s = reply[1]
    pytest.fail("the proven win slipped")


@pytest.mark.parametrize("name, s", [*(("compiled", s) for s in INTO_A_LOSS),
                                     ("pure", INTO_A_LOSS[2])])  # the pure proofs: seconds each
def test_a_move_into_a_proven_loss_is_avoided(name, s):
    with kernel(name):
        kids = dict(expand(s, 0)[1])
        plain = Searcher(0).search(s, max_depth=1)[0]
        assert solve.wins_within(kids[plain], 2)  # what the search alone plays loses
        code = _pick(ONE_PLY, s, 0, float("inf"), random.Random(3), 20_000)[0]
        assert kids[code] is not None and not solve.wins_within(kids[code], 2)
        if not all(k is None or solve.wins_within(k, 3) for k in kids.values()):
            assert not solve.wins_within(kids[code], 3)  # and a move that holds out longer


def test_the_searcher_is_kept_between_moves_and_never_shared_by_two_searches():
    first = top.take_searcher(0, 20_000, True)
    second = top.take_searcher(0, 20_000, True)   # a search at once elsewhere: a new one
    assert second is not first
    top.give_back(first)
    assert top.take_searcher(0, 20_000, True) is first
    top.give_back(first)
    assert top.take_searcher(0, 10_000, True) is not first  # other settings: a new one
    if native.kernel() is not None:
        with native.pure():
            assert top.take_searcher(0, 20_000, True).core is None  # the oracle stays pure
        assert top.take_searcher(0, 20_000, True).core is not None


def test_the_top_level_as_a_player_keeps_its_searcher_between_moves():
    """The benchmarks' players (match.level_player: the tuned weights given explicitly) too."""
    from companion.ai.match import level_player

    s, play9 = (0, 0, 0, 0, 8, 0, 8, 0), level_player("9", max_depth=2)
    play9(s, 0, float("inf"), random.Random(4))
    [kept] = top._kept.values()
    play9(s, 0, float("inf"), random.Random(5))
    assert list(top._kept.values()) == [kept]
    assert level_player("8")(s, 0, float("inf"), random.Random(5)) >= 0
    assert list(top._kept.values()) == [kept]  # the levels below search as before
