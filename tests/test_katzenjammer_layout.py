"""The drawn board: the ring is the grid's border in order, stalls run inward from their Start,
nothing overlaps, and the layout is the same seen from the opposite seat."""
from companion.games.katzenjammer.board import START
from companion.games.katzenjammer.layout import DICE, HEIGHT, NESTS, RING, STALLS, WIDTH


def test_the_ring_walks_the_border_one_cell_at_a_time():
    assert len(set(RING)) == 40
    for i in range(40):
        (x1, y1), (x2, y2) = RING[i], RING[(i + 1) % 40]
        assert abs(x1 - x2) + abs(y1 - y2) == 1
        assert x1 in (0, WIDTH - 1) or y1 in (0, HEIGHT - 1)
    assert RING[0] == (5, 0) and RING[1] == (6, 0)  # clockwise: left to right along the top


def test_stalls_run_inward_from_their_start_and_nothing_overlaps():
    cells = list(RING) + [c for s in STALLS for c in s] + [c for n in NESTS for c in n] + list(DICE)
    assert len(cells) == len(set(cells)) == 40 + 16 + 16 + 3
    assert all(0 < x < WIDTH - 1 and 0 < y < HEIGHT - 1 for x, y in cells[40:])
    for colour, stall in enumerate(STALLS):
        sx, sy = RING[START[colour]]
        assert abs(stall[0][0] - sx) + abs(stall[0][1] - sy) == 1


def test_opposite_seats_see_the_same_board():
    turn = lambda c: (WIDTH - 1 - c[0], HEIGHT - 1 - c[1])  # noqa: E731
    for colour in range(4):
        other = (colour + 2) % 4
        assert [turn(c) for c in STALLS[colour]] == list(STALLS[other])
        assert sorted(turn(c) for c in NESTS[colour]) == sorted(NESTS[other])
        assert turn(RING[START[colour]]) == RING[START[other]]
