"""Alpha-beta (negamax) with iterative deepening, a bounded transposition table, killer and
history move ordering, and an immediate-win check at the leaves (a cheap quiescence: a leaf
where the mover can complete a line of cats is scored as won). Why not MCTS: see README.md.

With the compiled kernel (companion/games/native.py) the inner loop -- `negamax` below
the root, its table, ordering, leaf check and evaluation -- runs in C (csrc/search.h), node for
node the same search (tests/test_ai_native.py); iterative deepening and the root stay here.
A caller's own evaluation function keeps the search in Python.

One Searcher per search: no module-level mutable state, so searches in different threads never
share anything. The deadline is checked at every node above the leaves and every 32 nodes
elsewhere; iteration 1 always completes, so a move is always returned. A node budget
(`node_limit`) stops the search like the deadline but at the same node on every machine and under
any load, on both paths (the review's searches: companion/ai/review.py).
"""
from __future__ import annotations

import time

from companion.ai.evaluate import WEIGHTS, evaluate as default_evaluate, simple_evaluate
from companion.ai.movegen import expand, placements, play, winning_squares
from companion.games import native
from companion.games.maunz.engine import STANDARD

WIN = 100_000
MATE_BOUND = WIN - 1000  # scores beyond this are forced wins/losses
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
# Options, off by default: measured against the same compiled search without them at equal time
# they lost (README.md, "What did not help").
LMR_DEPTH, LMR_AFTER = 3, 3  # reduce from this depth on, after this many placements (search.h)
ASPIRATION = 50  # centi-cats each side of the last iteration's score
DEFAULT_TT_ENTRIES = 150_000  # ~ 35 MB at ~230 bytes an entry (see benchmarks/ai.py for RSS)


class Timeout(Exception):
    pass


def pack(s: tuple) -> int:
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = s
    return (mk | mc << 36 | tk << 72 | tc << 108
            | mkp << 144 | mcp << 148 | tkp << 152 | tcp << 156)


class Searcher:
    def __init__(self, variant: int = STANDARD, *, weights: tuple = WEIGHTS, evaluate=None,
                 tt_entries: int = DEFAULT_TT_ENTRIES, leaf_check: bool = True, lmr: bool = False,
                 aspiration: bool = False):
        self.variant = variant
        self.lmr = lmr
        self.aspiration = aspiration
        self.weights = weights
        self.eval_fn = evaluate or default_evaluate
        self.tt: dict[int, tuple] = {}
        self.tt_entries = tt_entries
        self.leaf_check = leaf_check
        self.history: dict[int, int] = {}
        self.killers: dict[int, list] = {}
        self.nodes = 0
        self.deadline = float("inf")
        self.node_limit = 0     # 0: none
        self.tt_peak = 0
        nat = native.kernel()
        self.core = None
        if nat is not None and self.eval_fn in (default_evaluate, simple_evaluate):
            self.core = nat.Search(variant, None if self.eval_fn is simple_evaluate else weights,
                                   tt_entries, leaf_check, lmr)
            self.negamax = _native_negamax(self.core)  # no reference back to self: no cycle

    @property
    def tt_len(self) -> int:
        return len(self.tt) if self.core is None else self.core.tt_len

    def _clear_tt(self) -> None:
        if self.core is None:
            self.tt.clear()
        else:
            self.core.clear_tt()

    def _set_deadline(self, deadline: float, node_limit: int = 0) -> None:
        self.deadline, self.node_limit = deadline, node_limit
        if self.core is not None:
            self.core.deadline, self.core.node_limit = deadline, node_limit


    # ----------------------------------------------------------------------------------------
    def leaf(self, s: tuple, ply: int) -> float:
        self.nodes += 1
        if self.leaf_check and winning_squares(s, self.variant, True):
            return WIN - ply
        return self.eval_fn(s, self.variant, self.weights)

    def negamax(self, s: tuple, depth: int, alpha: float, beta: float, ply: int) -> float:
        if depth <= 0:
            return self.leaf(s, ply)
        self.nodes += 1
        if self.node_limit and self.nodes > self.node_limit:
            raise Timeout   # search.h checks the same node: both paths stop at the same place
        # a node just above the leaves expands and scores every placement (milliseconds), so the
        # clock is read at each of those, elsewhere every 32 nodes: the deadline holds within 10 %
        if (depth == 1 or not self.nodes & 31) and time.perf_counter() > self.deadline:
            raise Timeout
        key = pack(s)
        tt = self.tt
        entry = tt.get(key)
        tt_move = -1
        if entry is not None:
            d, flag, sc, tt_move = entry
            if d >= depth:
                if sc > MATE_BOUND:
                    sc -= ply
                elif sc < -MATE_BOUND:
                    sc += ply
                if flag == EXACT or (flag == LOWER and sc >= beta) or (flag == UPPER and sc <= alpha):
                    return sc
        variant = self.variant
        if winning_squares(s, variant, True):
            return WIN - ply
        history = self.history
        killers = self.killers.get(ply, ())
        tt_place = tt_move & 127 if tt_move >= 0 else -1
        order = []
        for pcode in placements(s):
            if pcode == tt_place:
                pri = 1 << 40
            elif pcode in killers:
                pri = 1 << 30
            else:
                pri = history.get(pcode, 0)
            order.append((pri, pcode))
        order.sort(reverse=True)
        best = -INF
        best_code = -1
        alpha0 = alpha
        cut = False
        lmr = self.lmr and depth >= LMR_DEPTH
        for i, (pri, pcode) in enumerate(order):
            r = play(s, pcode, variant)
            if r == 1:
                best, best_code = WIN - ply, pcode
                break
            if r == -1:
                r = ((pcode, None),)
            elif len(r) > 1 and tt_move >= 0 and tt_place == pcode:
                r.sort(key=lambda item: item[0] != tt_move)
            # Late move reduction: a plain placement (no step-4 choice) late in the order, not the
            # table's nor a killer, is searched a ply shallower first; only if it then beats alpha
            # is it searched to the full depth.
            reduce = lmr and i >= LMR_AFTER and pri < 1 << 30 and r[0][0] == pcode
            for code, child in r:
                if child is None:
                    score = -(WIN - ply - 1)
                elif reduce:
                    score = -self.negamax(child, depth - 2, -beta, -alpha, ply + 1)
                    if score > alpha:
                        score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                else:
                    score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                if score > best:
                    best, best_code = score, code
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            history[pcode] = history.get(pcode, 0) + depth * depth
                            k = self.killers.setdefault(ply, [])
                            if pcode not in k:
                                k.insert(0, pcode)
                                del k[2:]
                            cut = True
                            break
            if cut:
                break
        flag = UPPER if best <= alpha0 else (LOWER if best >= beta else EXACT)
        self._store(key, depth, flag, best, best_code, ply)
        return best

    def _store(self, key: int, depth: int, flag: int, score: float, code: int, ply: int) -> None:
        tt = self.tt
        if len(tt) >= self.tt_entries and key not in tt:
            return  # full: keep what we have; the table is cleared between iterations if needed
        if score > MATE_BOUND:
            score += ply
        elif score < -MATE_BOUND:
            score -= ply
        tt[key] = (depth, flag, score, code)
        if len(tt) > self.tt_peak:
            self.tt_peak = len(tt)

    # ----------------------------------------------------------------------------------------
    def search(self, s: tuple, *, max_depth: int = 64, deadline: float = float("inf"),
               exact_root: bool = False, min_depth: int = 1, node_limit: int = 0):
        """Iterative deepening. Returns (best code, score, depth completed, {code: score}).
        With exact_root every root move gets an exact score (no root pruning), for the levels
        that pick among moves with noise. `node_limit` (0: none): the nodes the whole search
        may visit (the first `min_depth` iterations always complete)."""
        self._set_deadline(deadline, node_limit)
        self.nodes = 0
        if self.core is not None:
            self.core.nodes = 0
        try:
            return self._iterate(s, max_depth, deadline, exact_root, min_depth, node_limit)
        finally:
            if self.core is not None:
                self.nodes, self.tt_peak = self.core.nodes, self.core.tt_peak

    def _iterate(self, s: tuple, max_depth: int, deadline: float, exact_root: bool, min_depth: int,
                 node_limit: int = 0):
        win, kids = expand(s, self.variant)
        if win >= 0:
            return win, WIN - 0, 1, {win: WIN}
        order = [code for code, _ in kids]
        child_of = dict(kids)
        best_code, best_score, done_depth, scores = order[0], -INF, 0, {}
        for depth in range(1, max_depth + 1):
            if self.tt_len > 0.75 * self.tt_entries:
                self._clear_tt()
            if depth <= min_depth:
                self._set_deadline(float("inf"))
            else:
                self._set_deadline(deadline, node_limit)
            # Aspiration: from depth 3 the root searches a window around the last score, and again
            # with the whole window only when the result falls outside it.
            aspire = self.aspiration and not exact_root and depth >= 3 and abs(best_score) < MATE_BOUND
            lo, hi = (best_score - ASPIRATION, best_score + ASPIRATION) if aspire else (-INF, INF)
            it_best, sound = None, None
            try:
                while True:
                    alpha, it_best, it_scores = lo, None, {}
                    for code in order:
                        child = child_of[code]
                        if child is None:
                            sc = -(WIN - 1)
                        elif exact_root:
                            sc = -self.negamax(child, depth - 1, -INF, INF, 1)
                        else:
                            sc = -self.negamax(child, depth - 1, -hi, -alpha, 1)
                        it_scores[code] = sc
                        if sc > alpha:
                            alpha, it_best = sc, code
                        if alpha >= hi:
                            break
                        if depth > min_depth and time.perf_counter() > deadline:
                            raise Timeout
                    if it_best is not None and alpha < hi:
                        break
                    if alpha >= hi:  # failed high: that move beat the last best
                        sound = (it_best, alpha)
                    lo, hi = -INF, INF
            except Timeout:
                # The previous best was searched first: a move that beat it in this iteration is
                # a sound improvement.
                if it_best is not None and not exact_root:
                    best_code, best_score = it_best, alpha
                elif sound is not None:
                    best_code, best_score = sound
                break
            best_code, best_score, done_depth, scores = it_best, alpha, depth, it_scores
            if abs(best_score) > MATE_BOUND:
                break  # forced result found: deeper search cannot change it
            if len(order) == 1:
                break
            order.sort(key=lambda c: it_scores.get(c, -INF), reverse=True)
            if time.perf_counter() > deadline:
                break
        return best_code, best_score, done_depth, scores


def _native_negamax(core):
    """The compiled negamax with the deadline raised as Timeout. A closure over the C object, not a
    bound method stored on the Searcher: that would be a cycle, and the 15 MB table would wait
    for the cyclic garbage collector instead of going back when the search ends."""
    compiled = core.negamax

    def negamax(s: tuple, depth: int, alpha: float, beta: float, ply: int) -> float:
        score = compiled(s, depth, alpha, beta, ply)
        if score is None:
            raise Timeout
        return score
    return negamax


def _first(item):
    return item[0]
