"""Katzenjammer's compiled successor generation (companion/games/katzenjammer/csrc) against the
pure-Python engine, the reference: the same set of successor positions -- and the same sorted
text the command line prints -- for seeded random positions (crowded boards, fresh pieces, full
stalls, pairs, jokers and sevens, both rule sets), for a third of the 216 rolls on the crowded
board, and for positions Hypothesis builds; bad input is one clear error."""
from __future__ import annotations

import random
import threading
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import native
from companion.games.katzenjammer import cli, engine, notation
from companion.games.katzenjammer.board import DIE_FACES
from tests.test_katzenjammer_crosscheck import random_position

NAT = native.kernel("katzenjammer")
pytestmark = pytest.mark.skipif(NAT is None, reason=f"no compiled kernel: {native.reason('katzenjammer')}")
CROWDED = "r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553"


def check(text: str, two_dice: bool = False) -> None:
    pos = notation.parse_position(text)
    fast = engine.successors(pos, two_dice)
    fast_text = cli.successor_text(text, two_dice)
    with native.pure():
        slow = engine.successors(pos, two_dice)
        slow_text = cli.successor_text(text, two_dice)
    assert len(fast) == len(set(fast)) and set(fast) == set(slow), text
    assert all(type(p) is engine.Position for p in fast)
    assert fast_text == slow_text, text  # the command line's output, byte for byte


@pytest.mark.parametrize("seed", range(8))
def test_random_positions_have_the_same_successors(seed):
    rng = random.Random(3700 + seed)
    for _ in range(25):
        check(random_position(rng, crowded=rng.random() < 0.5), two_dice=rng.random() < 0.3)


def test_rolls_on_the_crowded_board():
    # a seeded third of the 216 rolls (all of them: ~2 minutes of the pure engine here)
    board = CROWDED.rsplit(" ", 1)[0]
    for dice in random.Random(37).sample(list(product(*DIE_FACES)), 72):
        check(f"{board} {''.join(map(str, dice))}")


def test_the_crowded_joker_roll():
    pos = notation.parse_position(CROWDED)
    assert len(engine.successors(pos)) == 31_637
    check(CROWDED)


def test_a_finished_game_and_the_void_roll():
    over = "r:s1,s2,s3,s4 b:n,n,n,n b 147"
    assert engine.successors(notation.parse_position(over)) == [] and cli.successor_lines(over) == []
    check("r:n,n,n,n b:n,n,n,n r 147")  # nothing to move with 1, 4, 7: the board as it is


def test_threads_searching_at_once_get_the_same_successors():
    # The search runs without the GIL and keeps its memory in one shared pool (csrc/pool.h):
    # calls at once from several threads, crowded and small rolls mixed, each get their own
    # successors, the same as one call at a time.
    board = CROWDED.rsplit(" ", 1)[0]
    texts = [CROWDED] + [f"{board} {''.join(map(str, d))}"
                         for d in random.Random(38).sample(list(product(*DIE_FACES)), 3)]
    expected = {t: set(engine.successors(notation.parse_position(t))) for t in texts}
    failures: list[str] = []

    def work(k: int) -> None:
        for i in range(6):
            text = texts[(k + i) % len(texts)]
            if set(engine.successors(notation.parse_position(text))) != expected[text]:
                failures.append(text)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_bad_input_is_one_clear_error():
    pos = notation.parse_position(CROWDED)
    with pytest.raises(ValueError, match="56 bytes"):
        NAT.successors(pos.colours, pos.board[:10], pos.to_move, pos.dice, False, engine.Position)
    with pytest.raises(ValueError, match="a die shows 1-9"):
        NAT.successor_text(pos.colours, pos.board, pos.to_move, (0, 1, 2), False)
    with pytest.raises(ValueError, match="board byte 3 holds 9"):
        NAT.successor_text(pos.colours, pos.board[:3] + bytes([9]) + pos.board[4:], pos.to_move, pos.dice, False)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), crowded=st.booleans(), two_dice=st.booleans())
def test_hypothesis_positions_have_the_same_successors(seed, crowded, two_dice):
    check(random_position(random.Random(seed), crowded), two_dice)
