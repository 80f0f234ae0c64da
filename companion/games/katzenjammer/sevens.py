"""Every way to play a seven: seven single steps split into segments over several pieces.

The number of segment *sequences* explodes on a crowded board (compositions of 7 times choices of
piece), but the number of distinct *boards* after k steps stays small. So the search is a
breadth-first pass over states (board, piece moved last, steps left), each state expanded once,
remembering one parent per state so that any final board can be explained as a segment list.
"""
from __future__ import annotations

from companion.games.katzenjammer.board import RING, backward, forward


class SevenSearch:
    """All boards reachable by a seven over the pieces `movable(board)` returns, every segment in
    `direction` (+1 forward, -1 backward). `segments(board)` gives one segment list reaching it."""

    def __init__(self, board: bytes, movable, direction: int = 1):
        step = forward if direction > 0 else backward
        # levels[r]: state (board, index of the piece moved last) -> (parent state, segment),
        # for the states with r steps still to play.
        levels: list[dict] = [{} for _ in range(8)]
        levels[7][(board, -1)] = None
        for rem in range(7, 0, -1):
            for state in levels[rem]:
                b, last = state
                for a in movable(b):
                    if a == last:  # consecutive segments move different pieces
                        continue
                    for k in range(1, rem + 1):
                        moved = step(b, a, k, True)
                        if moved is None:
                            continue  # a longer segment may still be legal (into the stall)
                        level = levels[rem - k]
                        if moved not in level:
                            level[moved] = (state, rem, (a, k * direction))
        self._levels = levels
        self._finals: dict[bytes, tuple] = {}
        for state in levels[0]:
            self._finals.setdefault(state[0], state)

    def boards(self):
        return self._finals.keys()

    def segments(self, board: bytes) -> tuple[tuple[int, int], ...]:
        """One ordered segment list (start index, signed steps) that ends on `board`."""
        state, rem, out = self._finals[board], 0, []
        while True:
            entry = self._levels[rem][state]
            if entry is None:
                return tuple(reversed(out))
            state, rem, seg = entry
            out.append(seg)


def own_movers(colour: int):
    """A seven of the die 7 (or the joker as 7): the mover's pieces on the ring and in the stall."""
    own = colour + 1
    fresh = colour + 5
    base = RING + 4 * colour

    def movable(b: bytes) -> list[int]:
        out = [i for i in range(RING) if b[i] == own or b[i] == fresh]
        return out + [base + i for i in range(3) if b[base + i]]
    return movable


def foreign_movers(colour: int):
    """A 77 (or the joker as 77): foreign pieces on the ring that are not fresh."""
    own = colour + 1

    def movable(b: bytes) -> list[int]:
        return [i for i in range(RING) if b[i] and b[i] < 5 and b[i] != own]
    return movable
