"""Pairing extra and missing squares for correction: a piece moved from A to B reads as
"missing A + extra B" (reed switches cannot tell pieces apart), so the nearest assignment of
extras to missing squares turns the difference into moves a person understands."""
from __future__ import annotations

from itertools import permutations

from companion.games.maunz.board import squares_of as squares


def distance(a: int, b: int) -> int:
    """King-move distance between two squares."""
    return max(abs(a % 6 - b % 6), abs(a // 6 - b // 6))


def pair(extra: int, missing: int) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """(moves [(from_extra, to_missing)], lone extras, lone missing), with the total distance
    of the moves minimal (exact when both sides have at most 7 squares, greedy nearest-first beyond)."""
    ex, mi = squares(extra), squares(missing)
    n = min(len(ex), len(mi))
    if n == 0:
        return [], ex, mi
    if max(len(ex), len(mi)) <= 7:
        small, large, swap = (ex, mi, False) if len(ex) <= len(mi) else (mi, ex, True)
        best = None
        for perm in permutations(large, len(small)):
            cost = sum(distance(a, b) for a, b in zip(small, perm))
            if best is None or cost < best[0]:
                best = (cost, perm)
        pairs = [(b, a) if swap else (a, b) for a, b in zip(small, best[1])]
    else:
        cands = sorted((distance(a, b), a, b) for a in ex for b in mi)
        used_e, used_m, pairs = set(), set(), []
        for _, a, b in cands:
            if a not in used_e and b not in used_m:
                used_e.add(a)
                used_m.add(b)
                pairs.append((a, b))
    paired_e = {a for a, _ in pairs}
    paired_m = {b for _, b in pairs}
    pairs.sort(key=lambda p: (p[1] % 6, p[1] // 6))
    return pairs, [a for a in ex if a not in paired_e], [b for b in mi if b not in paired_m]
