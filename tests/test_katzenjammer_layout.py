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


def test_the_pages_cross_walks_clockwise_with_stalls_inward_from_each_start():
    from companion.games.katzenjammer.layout import CROSS, CROSS_NESTS, CROSS_RING, CROSS_STALLS

    assert len(set(CROSS_RING)) == 40
    for i in range(40):
        (x1, y1), (x2, y2) = CROSS_RING[i], CROSS_RING[(i + 1) % 40]
        assert abs(x1 - x2) + abs(y1 - y2) == 1
    assert CROSS_RING[0] == (0, 5) and CROSS_RING[1] == (0, 4)  # red's Start, then up: clockwise
    assert [CROSS_RING[s] for s in START] == [(0, 5), (5, 0), (10, 5), (5, 10)]  # the arms' tips
    cells = list(CROSS_RING) + [c for s in CROSS_STALLS for c in s] + [c for n in CROSS_NESTS for c in n]
    assert len(cells) == len(set(cells)) == 40 + 16 + 16
    assert all(0 <= x < CROSS and 0 <= y < CROSS for x, y in cells)
    for colour, stall in enumerate(CROSS_STALLS):
        sx, sy = CROSS_RING[START[colour]]
        steps = [(sx, sy)] + list(stall)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(steps, steps[1:]))
        assert stall[-1] in ((4, 5), (5, 4), (6, 5), (5, 6))  # s4 next to the middle
