"""The engine's successor sets against the naive reference implementation (tests/
katzenjammer_reference.py) on seeded random positions: crowded boards, fresh pieces, full
stalls, pairs, jokers and sevens, both rule sets."""
from __future__ import annotations

import os
import random

import pytest

from companion.games.katzenjammer import cli
from tests import katzenjammer_reference as ref

FACES = ((1, 2, 5, 6, 7, 9), (1, 3, 4, 5, 8, 9), (2, 3, 4, 6, 7, 8))
START = {"r": 0, "b": 10, "g": 20, "k": 30}


def random_position(rng: random.Random, crowded: bool, dice=None) -> str:
    seats = rng.choice(["rg", "rbg", "rbgk", "bk", "rk", "gk"])
    free = list(range(40))
    rng.shuffle(free)
    groups = []
    for seat in seats:
        locs = []
        stall = rng.sample(["s1", "s2", "s3", "s4"], rng.choice([0, 0, 1, 1, 2, 3]))
        for i in range(4):
            if i < len(stall):
                locs.append(stall[i])
            elif rng.random() < (0.1 if crowded else 0.35):
                locs.append("n")
            else:
                field = free.pop()
                fresh = field == START[seat] or (rng.random() < 0.3 and START[seat] in free)
                if fresh and field != START[seat]:
                    free.append(field)
                    free.remove(START[seat])
                    field = START[seat]
                mark = "*" if field == START[seat] and rng.random() < 0.6 else ""
                locs.append(f"{field}{mark}")
        rng.shuffle(locs)
        groups.append(f"{seat}:{','.join(locs)}")
    if dice is None:
        dice = "".join(str(rng.choice(f)) for f in FACES)
    return f"{' '.join(groups)} {rng.choice(seats)} {dice}"


def _check(text: str, two_dice: bool = False) -> None:
    expected = ref.successors(text, two_dice)
    got = cli.successor_lines(text, two_dice)
    assert got == sorted(got) and len(got) == len(set(got))
    assert set(got) == expected, text


@pytest.mark.parametrize("seed", range(12))
def test_random_rolls_match_the_reference(seed):
    rng = random.Random(seed)
    for _ in range(25):
        _check(random_position(rng, crowded=rng.random() < 0.5))


@pytest.mark.parametrize("dice", ["714", "713", "957", "717", "797", "553", "144", "188", "616", "992", "232"])
def test_sevens_pairs_and_jokers_on_crowded_boards_match_the_reference(dice):
    rng = random.Random(dice)
    for _ in range(2 if "77" in dice else 4 if "55" in dice else 10):
        _check(random_position(rng, crowded=True, dice=dice))


@pytest.mark.parametrize("seed", range(4))
def test_two_dice_variant_matches_the_reference(seed):
    rng = random.Random(1000 + seed)
    for _ in range(12):
        _check(random_position(rng, crowded=rng.random() < 0.5), two_dice=True)


@pytest.mark.skipif(not os.environ.get("KJ_SLOW"), reason="about a minute; set KJ_SLOW=1")
def test_the_crowded_joker_roll_matches_the_reference():
    _check("r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553")


def test_the_sevens_walk_matches_single_segments():
    """sevens walks a piece near its Start once for all segment lengths: the same boards as
    board.forward segment by segment (elsewhere it goes single steps: the searches' own check is
    the reference comparison above)."""
    from companion.games.katzenjammer import board as bd, notation, sevens

    rng = random.Random(77)
    for _ in range(300):
        b = notation.parse_position(random_position(rng, crowded=rng.random() < 0.5, dice="714")).board
        for a in range(56):
            if b[a]:
                expected = {k: bd.forward(b, a, k, True) for k in range(1, 8)}
                walked = list(sevens._forward_all(b, int.from_bytes(b, "little"), a, 7))
                assert {k: (nb.to_bytes(56, "little"), na) for k, nb, na, _ in walked} == \
                    {k: r for k, r in expected.items() if r is not None}
                for k, nb, na, merge in walked:
                    # mergeable: in a stall, or on the ring short of its own Start
                    shortfall = (bd.START[(b[a] - 1) & 3] - na) % bd.RING
                    assert merge == (na >= bd.RING or shortfall >= 7 - k)


@pytest.mark.parametrize("two_dice", [False, True])
def test_every_listed_move_applies_and_together_they_reach_every_successor(two_dice):
    from companion.games.katzenjammer.cli import apply_moves, move_lines

    rng = random.Random(4242 + two_dice)
    for _ in range(40):
        text = random_position(rng, crowded=rng.random() < 0.5)
        moves = move_lines(text, two_dice)
        reached = {apply_moves(text, [m], two_dice) for m in moves}
        assert reached == set(cli.successor_lines(text, two_dice)), text
