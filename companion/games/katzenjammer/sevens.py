"""Every way to play a seven: seven single steps split into segments over several pieces.

The number of segment *sequences* explodes on a crowded board (compositions of 7 times choices of
piece), but the number of distinct *boards* after k steps stays small. So the search is a
breadth-first pass over states (board, piece moved last, steps left), each state expanded once,
remembering one parent per state so that any final board can be explained as a segment list.
"""
from __future__ import annotations

from companion.games.katzenjammer.board import RING, START, backward, forward


class SevenSearch:
    """All boards reachable by a seven over the pieces `movable(board)` returns, every segment in
    `direction` (+1 forward, -1 backward). `segments(board)` gives one segment list reaching it."""

    def __init__(self, board: bytes, movable, direction: int = 1):
        step = forward if direction > 0 else backward
        # levels[r]: state (board, index of the piece moved last, or -1) -> (parent state, parent
        # level, segment), for the states with r steps still to play.
        levels: list[dict] = [{} for _ in range(8)]
        levels[7][(board, -1)] = None
        finals: dict[bytes, tuple] = {}
        for rem in range(7, 0, -1):
            for state, _ in levels[rem].items():
                b, last = state
                for a in movable(b):
                    if a == last:  # consecutive segments move different pieces
                        continue
                    for k in range(1, rem + 1):
                        moved = step(b, a, k, True)
                        if moved is None:
                            continue  # a longer segment may still be legal (into the stall)
                        nb, na = moved
                        left = rem - k
                        if left == 0:
                            if nb not in finals:
                                finals[nb] = (state, rem, (a, k * direction, na))
                            continue
                        ns = (nb, -1 if _mergeable(nb, na, left, direction) else na)
                        level = levels[left]
                        if ns not in level:
                            level[ns] = (state, rem, (a, k * direction, na))
        self._levels = levels
        self._finals = finals

    def boards(self):
        return self._finals.keys()

    def segments(self, board: bytes) -> tuple[tuple[int, int], ...]:
        """One ordered segment list (start index, signed steps) that ends on `board`."""
        state, rem, seg = self._finals[board]
        out = [seg]
        while True:
            entry = self._levels[rem][state]
            if entry is None:
                break
            state, rem, seg = entry
            out.append(seg)
        merged: list[list[int]] = []
        for a, k, end in reversed(out):
            if merged and merged[-1][2] == a:  # the same piece again: one longer segment
                merged[-1][1] += k
                merged[-1][2] = end
            else:
                merged.append([a, k, end])
        return tuple((a, k) for a, k, _ in merged)


def _mergeable(board: bytes, index: int, left: int, direction: int) -> bool:
    """May the piece just moved (now at `index`) go on at once? Only when any continuation of it
    is the same as one longer segment from where it started: always backward and in a stall, and
    forward on the ring while it stays short of its own Start (there a longer segment would enter
    the stall, where a split one goes round). The search then needs no "moved last" for it,
    which merges most states; `segments` joins such runs back into one segment."""
    if direction < 0 or index >= RING:
        return True
    dist = (START[(board[index] - 1) & 3] - index) % RING
    return dist >= left


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
