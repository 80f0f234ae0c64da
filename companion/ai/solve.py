"""The exact solver behind the maunz. puzzles: does the player to move win by force within n of
their own turns, which first moves do, and how is every other one refuted?

A proof, not a search: every move of both sides, every graduation and retirement choice, no
evaluation and no time cut. The compiled twin is companion/games/maunz/csrc/solve.h (picked by
companion/games/native.py like the rest of the kernel); this module is the reference and the
fallback, and tests/test_solve_native.py checks that both give the same verdicts and the same
refutations (both try the moves in the same order). What keeps a proof of n <= 4 affordable is
exact: a win at once needs a cat placement (a kitten cannot push a cat), cats come onto the bed
one a turn and a win needs three, proven facts are kept per state, and the defender's replies
are tried fewest attacker threats first -- the order changes how soon a refutation is found,
never whether there is one.

A `budget` (nodes; 0 for none) lets the puzzle miner give up on a position: the answer is then
None ("not proven"), never a guess.

Counting: "within n" counts the attacker's turns, the winning one included; a move that wins at
once wins within 1.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.ai.movegen import CAT_BIT, expand, pair_ends
from companion.games import native
from companion.games.maunz.board import FULL, has_line
from companion.games.maunz.kernel import KIDS, RULES, STANDARD, boop, cats_win, hand_over

MAX_HORIZON = 4


class _OutOfBudget(Exception):
    pass


def _squares(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def _placements(s: tuple) -> list[int]:
    kinds = (0, CAT_BIT) if s[4] and s[5] else ((CAT_BIT,) if s[5] else (0,))
    return [sq | cat for sq in _squares(~(s[0] | s[1] | s[2] | s[3]) & FULL) for cat in kinds]


def _win1(s: tuple, variant: int) -> bool:
    """Does some placement win in its own step 3? Only cat placements can make a cat line or the
    eighth cat, unless the line is there already (pushed there by the opponent)."""
    mk, mc, tk, tc, mkp, mcp = s[:6]
    empty = ~(mk | mc | tk | tc) & FULL
    if variant == KIDS:
        return bool(mkp) and any(has_line(boop(s, 0, sq)[0]) for sq in _squares(empty))
    line = has_line(mc)
    if line and mkp:
        return True  # a kitten cannot push the line apart
    if not mcp or (not line and mc.bit_count() < 2):
        return False
    return any(cats_win(boop(s, CAT_BIT, sq)[1]) for sq in _squares(empty))


def _threat(g: tuple) -> int:
    empty = ~(g[0] | g[1] | g[2] | g[3]) & FULL
    return pair_ends(g[1], empty).bit_count() * 16 + g[1].bit_count()


def _children(s: tuple, variant: int):
    """(placement code, settle result, [(move code, child)]) in move order."""
    settle, take = RULES[variant]
    for code in _placements(s):
        a = boop(s, code & CAT_BIT, code & 63)
        r = settle(a)
        if r.__class__ is int:
            yield code, r, []
        elif r:
            yield code, 0, [(code | o << 7, take(a, o)) for o in r]
        else:
            yield code, 0, [(code, hand_over(a))]


class _Proof:
    """One proof's facts (state -> [wins within, not within]) and node count."""

    def __init__(self, variant: int, budget: int):
        self.variant, self.budget, self.nodes, self.tt = variant, budget, 0, {}

    def win(self, s: tuple, n: int) -> bool:
        v = self.variant
        if n <= 0:
            return False
        if _win1(s, v):
            return True
        if n == 1:
            return False
        if v != KIDS and s[1].bit_count() + n < 3:
            return False  # cats come onto the bed one a turn; a win needs three
        fact = self.tt.get(s)
        if fact is not None:
            if fact[0] and fact[0] <= n:
                return True
            if fact[1] >= n:
                return False
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            raise _OutOfBudget
        found = 0
        start = fact[1] + 1 if fact is not None and fact[1] >= 2 else 2
        for k in range(start, n + 1):  # shorter wins first: far less work to find
            for _code, r, kids in _children(s, v):
                if r:
                    continue
                if any(self.all_lose(c, k - 1)[0] for _mc, c in kids):
                    found = k
                    break
            if found:
                break
        fact = self.tt.setdefault(s, [0, 0])
        if found:
            if not fact[0] or fact[0] > found:
                fact[0] = found
        elif fact[1] < n:
            fact[1] = n
        return bool(found)

    def all_lose(self, c: tuple, n: int) -> tuple[bool, int]:
        """The defender moves at c: does every reply lose within n attacker turns? (yes/no, the
        first refuting reply's code or -1)."""
        v = self.variant
        if _win1(c, v):
            for code, r, _kids in _children(c, v):
                if r > 0:
                    return False, code
        hard = []
        for _code, r, kids in _children(c, v):
            if r < 0:
                continue  # the defender lines up the attacker's cats and loses
            for gcode, g in kids:
                self.nodes += 1
                if n > 0 and _win1(g, v):
                    continue
                if n <= 1:
                    return False, gcode
                hard.append((_threat(g), len(hard), gcode, g))
        if self.budget and self.nodes > self.budget:
            raise _OutOfBudget
        hard.sort(key=lambda h: (h[0], h[1]))
        for _t, _i, gcode, g in hard:
            if not self.win(g, n):
                return False, gcode
        return True, -1


def _check(n: int, budget: int) -> None:
    if not 1 <= n <= 8 or budget < 0:
        raise ValueError(f"a proof needs a horizon of 1-8 turns and a budget >= 0 (got {n}, {budget})")


def wins_within(state: tuple, n: int, variant: int = STANDARD, budget: int = 0) -> bool | None:
    """Does the player to move in `state` (a search state, not yet won) force a win within n of
    their own turns? None when the budget ran out first."""
    _check(n, budget)
    nat = native.kernel()
    if nat is not None:
        w, _nodes = nat.solve_win(state, n, variant, budget)
        return None if w < 0 else bool(w)
    try:
        return _Proof(variant, budget).win(tuple(state[:8]), n)
    except _OutOfBudget:
        return None


def verdicts(state: tuple, n: int, variant: int = STANDARD, budget: int = 0):
    """Each first move's verdict at horizon n, in move order: [(move code, verdict, reply)] with
    verdict 1 (wins within n), 0 (refuted by the defender's `reply` code: their win at once, or
    a reply after which no win within n - 1 turns remains) or -1 (loses at once). None when the
    budget ran out."""
    _check(n, budget)
    nat = native.kernel()
    if nat is not None:
        rows, _nodes = nat.solve_root(state, n, variant, budget)
        return rows
    proof = _Proof(variant, budget)
    out = []
    try:
        for code, r, kids in _children(tuple(state[:8]), variant):
            if r:
                out.append((code, 1 if r > 0 else -1, -1))
                continue
            for mcode, c in kids:
                ok, reply = proof.all_lose(c, n - 1)
                out.append((mcode, 1 if ok else 0, -1 if ok else reply))
    except _OutOfBudget:
        return None
    return out


def judge(state: tuple, code: int, n: int, variant: int = STANDARD) -> tuple[int, int]:
    """One first move's verdict at horizon n, as `verdicts` gives it (the same refuting reply:
    the same order of replies), without proving the other first moves: what the table asks when
    a player's move is not on the stored line. (1 wins within n / 0 refuted / -1 loses at once,
    the refuting reply's code or -1)."""
    settle, take = RULES[variant]
    a = boop(state, code & CAT_BIT, code & 63)
    r = settle(a)
    if r.__class__ is int:
        return (1 if r > 0 else -1), -1
    choice = code >> 7
    c = take(a, choice) if choice else hand_over(a)
    if _win1(c, variant):   # the defender's own win at once, the first in move order
        return 0, next(pc for pc, rr, _k in _children(c, variant) if rr > 0)
    hard = []
    for _pc, rr, kids in _children(c, variant):
        if rr < 0:
            continue
        for gcode, g in kids:
            if n - 1 > 0 and _win1(g, variant):
                continue
            if n - 1 <= 1:
                return 0, gcode
            hard.append((_threat(g), len(hard), gcode, g))
    for _t, _i, gcode, g in sorted(hard, key=lambda h: (h[0], h[1])):
        if not wins_within(g, n - 1, variant):
            return 0, gcode
    return 1, -1


def shortest_win(state: tuple, most: int = MAX_HORIZON, variant: int = STANDARD,
                 budget: int = 0) -> int | None:
    """The fewest own turns in which the player to move forces a win (1..most), 0 when there is
    none within `most`, None when a budget ran out."""
    for n in range(1, most + 1):
        w = wins_within(state, n, variant, budget)
        if w is None:
            return None
        if w:
            return n
    return 0


@dataclass
class Solution:
    """A proven win: the horizon, the first moves that win within it, the main line (attacker,
    defender, ..., the winning move) and each other first move's refutation (None: it loses at
    once)."""

    horizon: int
    winners: list[int]
    line: list[int]
    refutations: dict[int, int | None] = field(default_factory=dict)

    @property
    def unique(self) -> bool:
        return len(self.winners) == 1


def defence(state: tuple, k: int, variant: int = STANDARD) -> tuple[int, tuple | None, int] | None:
    """The defender's longest resistance in `state` (the defender to move; the attacker proven to
    win within k of their turns whatever the reply): (reply code, the position after it or None
    when the reply loses at once, the attacker's turns still needed). Ties go to the first reply
    in move order. The table plays this reply for the companion, so the stored main line is what
    the player meets; after an attacker move off the main line that still wins (re-proved at the
    table), it is worked out the same way. None when the defender wins at once (the premise was
    false)."""
    win_code, kids = expand(state, variant)
    if win_code >= 0:
        return None
    best = None
    for code, g in kids:
        if g is None:
            need = 0  # the defender loses at once (opponent-cats-win)
        else:
            need = next((j for j in range(1, k) if wins_within(g, j, variant)), k)
        if best is None or need > best[2]:
            best = (code, g, need)
            if need == k:
                break
    return best


def solve(state: tuple, most: int = MAX_HORIZON, variant: int = STANDARD,
          budget: int = 0) -> Solution | None:
    """The proof for a position, or None when the player to move has no win within `most` turns
    or a budget ran out."""
    n = shortest_win(state, most, variant, budget)
    if not n:
        return None
    rows = verdicts(state, n, variant, budget)
    if rows is None:
        return None
    winners = [code for code, v, _r in rows if v == 1]
    refutations = {code: (None if v < 0 else reply) for code, v, reply in rows if v != 1}
    return Solution(n, winners, main_line(state, n, winners[0], variant), refutations)


def main_line(state: tuple, n: int, first: int, variant: int = STANDARD) -> list[int]:
    """The moves from `first` (winning within n) to the win: the defender resists longest, the
    attacker takes the first winning move (in move order) at each later turn."""
    line, s, k, move = [], state, n, first
    while True:
        line.append(move)
        children = [c for m, c in _play_all(s, move, variant)]
        if not children:  # the move wins at once
            return line
        best = defence(children[0], k - 1, variant)
        if best is None or best[1] is None:
            if best is not None:
                line.append(best[0])
            return line
        line.append(best[0])
        s, k = best[1], best[2]
        rows = verdicts(s, k, variant)
        move = next(code for code, v, _r in rows if v == 1)


def _play_all(s: tuple, code: int, variant: int):
    """[(code, child)] of one whole move code (placement and choice); [] when it wins at once."""
    win_code, kids = expand(s, variant)
    if win_code >= 0 and code == win_code:
        return []
    for mcode, c in kids:
        if mcode == code:
            return [(mcode, c)]
    # A winning placement other than expand's first one: it wins at once too.
    r = RULES[variant].settle(boop(s, code & CAT_BIT, code & 63))
    if r.__class__ is int and r > 0:
        return []
    raise ValueError(f"move code {code} is not legal here")
