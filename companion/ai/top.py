"""The strongest level's proofs around its search (Level.prove > 0: only the top level).

The alpha-beta search sees a forced win only inside its horizon (4-7 plies in the time the top
level gets in the middle game), and it judges a move by its evaluation beyond that. The exact
solver (companion/ai/solve.py, compiled in csrc/solve.h) proves wins a few turns deeper for a
fraction of the cost, because it only follows the moves that can win. So the top level:

1. **plays a proven win at once**: the fewest own turns (1..prove) in which it forces a win, and
   the first move that wins within them -- it never lets a found win slip, since each turn it
   proves again a win at least one turn shorter;
2. otherwise searches as every level does, with the time that is left after a share kept for
   the proofs of step 3;
3. **avoids a move after which the opponent has a proven win** within `prove` turns when another
   move has none: the search's moves are checked best first, and the first one without such a
   proof is played (one whose proof ran out of budget counts as unproven). When every move is
   refuted, the one the opponent needs the most turns against is played.

It also keeps its searcher from one move to the next (`take_searcher`, `give_back`).

The proofs get node budgets sized to the time given (SOLVER_NODES_PER_S, a cautious estimate of
the compiled solver's speed on a loaded development machine), so the level keeps to its time --
or, when the search has a node budget (the ladder's), to a share of that budget;
with the pure-Python kernel (no compiler) they get the same budgets, i.e. prove less.
"""
from __future__ import annotations

import time

from companion.ai.evaluate import WEIGHTS
from companion.ai.movegen import expand
from companion.ai.search import MATE_BOUND, WIN, Searcher
from companion.ai.solve import verdicts, wins_within
from companion.games import native

#: solver nodes a second, kept low: a node of the proof costs 1-3 microseconds compiled
SOLVER_NODES_PER_S = 300_000
#: shares of the time: the attack's proofs, and the defence's after the search
ATTACK_SHARE, DEFENCE_SHARE = 0.05, 0.05
#: a proof always gets at least this many nodes (a win within 1-3 turns costs fewer)
MIN_BUDGET = 3_000
#: the seconds the proofs' budgets are sized to when there is no deadline (analysis, tests)
UNTIMED = 10.0
#: keep the searcher (its transposition table, history and killers) from one move to the next
KEEP = True
#: the searcher last given back, by its settings (one at most: one table's memory)
_kept: dict = {}


def take_searcher(variant: int, tt_entries: int, leaf_check: bool,
                  weights: tuple = WEIGHTS) -> Searcher:
    """The top level's searcher, kept from its last move: the table still holds the last
    search's positions two plies on, so the first iterations cost next to nothing and the
    deeper ones start with a good move order. A position's table entry stays true from one
    search to the next (same evaluation, mate scores stored relative to the node). It is taken
    out while it searches (`dict.pop` is atomic), so two searches at once in two threads never
    share one: the second gets a new one. Kept per kernel too: under native.pure() (the oracle)
    the pure search is the one used."""
    key = (variant, tt_entries, leaf_check, weights, native.kernel() is not None)
    searcher = _kept.pop(key, None) if KEEP else None
    if searcher is None:
        searcher = Searcher(variant, tt_entries=tt_entries, leaf_check=leaf_check, weights=weights)
    searcher.kept_key = key
    return searcher


def give_back(searcher: Searcher) -> None:
    """Keep the searcher for the top level's next move (instead of any kept before)."""
    if KEEP:
        _kept.clear()
        _kept[searcher.kept_key] = searcher


def proven_win(s: tuple, variant: int, horizon: int, budget: int) -> tuple[int, int] | None:
    """(the first move that wins within the fewest turns, those turns) or None: no win within
    `horizon` turns, or none proven within the budget."""
    for n in range(1, horizon + 1):
        w = wins_within(s, n, variant, budget)
        if w is None:
            return None
        if w:
            rows = verdicts(s, n, variant, budget)
            if rows is None:
                return None
            return next(code for code, v, _r in rows if v == 1), n
    return None


def proven_loss(child: tuple, variant: int, horizon: int, budget: int) -> int:
    """The fewest turns (1..horizon) in which the opponent, to move in `child`, is proven to
    win; 0 when no win of theirs is proven (none within the horizon, or the budget ran out)."""
    for n in range(1, horizon + 1):
        w = wins_within(child, n, variant, budget)
        if w is None:
            return 0
        if w:
            return n
    return 0


def _budget(span: float, share: float, node_limit: int) -> int:
    """A proof's nodes: `share` of the search's node budget when it has one (the ladder: the same
    proofs on every machine), else of the solver's nodes in the time."""
    base = node_limit if node_limit else SOLVER_NODES_PER_S * max(span, 0.0)
    return max(MIN_BUDGET, int(base * share))


def pick(searcher, s: tuple, variant: int, horizon: int, deadline: float, max_depth: int,
         node_limit: int = 0):
    """The top level's move: (code, score, depth, {code: score}) as Searcher.search returns."""
    start = time.perf_counter()
    span = max(deadline - start, 0.0) if deadline != float("inf") else UNTIMED
    win = proven_win(s, variant, horizon, _budget(span, ATTACK_SHARE, node_limit))
    if win is not None:
        code, n = win
        score = WIN - (2 * n - 2)  # a win on ply 2n - 1, as the search scores it at the root
        return code, score, 2 * n - 1, {code: score}
    search_deadline = deadline - span * DEFENCE_SHARE if deadline != float("inf") else deadline
    code, score, depth, scores = searcher.search(s, max_depth=max_depth, deadline=search_deadline,
                                                 node_limit=node_limit)
    if abs(score) > MATE_BOUND:
        return code, score, depth, scores  # the search's own proof: a win, or every move loses
    child_of = dict(expand(s, variant)[1])
    order = sorted(child_of, key=lambda c: (c != code, -scores.get(c, -WIN * 10)))
    defence_budget = _budget(span, DEFENCE_SHARE / 2, node_limit)
    longest = None   # (turns, move): the refuted move the opponent needs the most turns against
    for cand in order:
        if deadline != float("inf") and time.perf_counter() > deadline:
            break
        child = child_of[cand]
        if child is None or scores.get(cand, 0) < -MATE_BOUND:
            continue  # loses at once / the search saw it lose
        turns = proven_loss(child, variant, horizon, defence_budget)
        if not turns:
            return cand, scores.get(cand, score), depth, scores
        if longest is None or turns > longest[0]:
            longest = (turns, cand)
    if longest is not None and longest[1] != code:
        turns, cand = longest   # every move checked is refuted: resist longest
        return cand, -(WIN - (2 * turns - 1)), depth, scores
    return code, score, depth, scores
