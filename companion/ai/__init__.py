"""The maunz. AI opponent and hints (see README.md).

    result = choose_move(game, position, level="hard", time_limit=1.0)
    result.move          # companion.games.maunz.engine.Move, legal in `position`

`time_limit` is in Raspberry-Pi-4 seconds (wall seconds on a Pi, scaled on faster machines:
companion/ai/clock.py). Safe to call from worker threads: every call builds its own searcher.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from companion.ai import top
from companion.ai.clock import host_seconds
from companion.ai.levels import ALIASES, LEVELS, Level, level_named
from companion.ai.movegen import expand, move_of, placements, play, state_of
from companion.ai.search import DEFAULT_TT_ENTRIES, INF, MATE_BOUND, WIN, Searcher

__all__ = ["SearchResult", "choose_move", "hint", "LEVELS", "AIError"]


class AIError(ValueError):
    """Bad input to the AI (unknown level, finished game, bad time limit)."""


@dataclass(frozen=True)
class SearchResult:
    move: object          # engine Move
    evaluation: float     # from the mover's view, in cats; +-(1000 - plies) for a forced win/loss
    depth: int            # full-width plies completed
    nodes: int
    time_used: float      # wall seconds on this machine


def evaluation_of(score: float) -> float:
    # A node at ply p scores a win by its mover as WIN - p: that is a win on ply p + 1.
    if score > MATE_BOUND:
        return float(999 - (WIN - score))
    if score < -MATE_BOUND:
        return float(-999 + (WIN + score))
    return round(score / 100.0, 2)


def _variant_of(game) -> int:
    return getattr(game, "variant", 0)


def choose_move(game, position, *, level: str = "hard", time_limit: float = 1.0,
                rng: random.Random | None = None, tt_entries: int = DEFAULT_TT_ENTRIES) -> SearchResult:
    t0 = time.perf_counter()
    lv = level_named(level)
    if lv is None:
        raise AIError(f"unknown AI level {level!r}; use one of: {', '.join([*LEVELS, *ALIASES])}")
    if not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise AIError(f"time limit {time_limit!r} must be a positive number of seconds")
    if position[9] >= 0:
        raise AIError("the game is already over: " + ("orange", "grey")[position[9]]
                      + " has won; there is no move to choose")
    rng = rng or random.Random()
    variant = _variant_of(game)
    deadline = t0 + host_seconds(time_limit)   # a cap: the levels below the top stop at their budget
    code, score, depth, nodes = _pick(lv, state_of(position), variant, deadline, rng, tt_entries)
    return SearchResult(move_of(code), evaluation_of(score), depth, nodes, time.perf_counter() - t0)


def _pick(lv: Level, s: tuple, variant: int, deadline: float, rng, tt_entries: int,
          weights: tuple | None = None, today: bool = False, **options):
    # `today`: the search as it was before issue 37, the benchmark's yardstick (match.today_player);
    # `options`: the Searcher's optional techniques (lmr, aspiration), for the benchmark
    # the random numbers are drawn in one order on every path: the same seed, the same moves
    miss_win = bool(lv.miss_win) and rng.random() < lv.miss_win
    leaf_check = not (lv.miss_threat and rng.random() < lv.miss_threat)
    if today:
        options = {"lmr": False, "aspiration": False}
    kept = bool(lv.prove) and not options and not today
    if kept:
        searcher = top.take_searcher(variant, tt_entries, leaf_check,
                                     *(() if weights is None else (weights,)))
    else:
        searcher = Searcher(variant, tt_entries=tt_entries, leaf_check=leaf_check,
                            **({} if weights is None else {"weights": weights}), **options)
    noisy = lv.noise > 0
    missed = _missing_the_win(searcher, lv, s, variant) if miss_win else None
    if missed is not None:
        code, score, depth, scores = missed
    elif lv.prove and not noisy and not today:
        code, score, depth, scores = top.pick(searcher, s, variant, lv.prove, deadline,
                                              lv.max_depth, lv.nodes)
        if kept:
            top.give_back(searcher)
    else:
        code, score, depth, scores = searcher.search(
            s, max_depth=lv.max_depth, deadline=deadline, exact_root=noisy, node_limit=lv.nodes)
    if not noisy or score > MATE_BOUND or len(scores) <= 1:
        return code, score, depth, searcher.nodes
    # Believable mistakes: noise on the root scores, but never a move seen to lose when another
    # one is not, and ties broken at random.
    safe = {c: v for c, v in scores.items() if v > -MATE_BOUND} or scores
    noisy_best = max(safe, key=lambda c: safe[c] + rng.gauss(0.0, lv.noise) + rng.random() * 1e-3)
    return noisy_best, safe[noisy_best], depth, searcher.nodes


def _missing_the_win(searcher: Searcher, lv: Level, s: tuple, variant: int):
    """The blunder rule `miss_win`: when the mover can win at once, every other move scored as
    the level's search would score it (its depth, its leaf check), the winning ones left out;
    None when there is no win to miss (or nothing but wins)."""
    if expand(s, variant)[0] < 0:
        return None
    kids = []
    for pcode in placements(s):
        r = play(s, pcode, variant)
        if r == -1:
            kids.append((pcode, None))
        elif r != 1:
            kids.extend(r)
    if not kids:
        return None
    scores = {code: -(WIN - 1) if child is None else -searcher.negamax(child, lv.max_depth - 1, -INF, INF, 1)
              for code, child in kids}
    if searcher.core is not None:
        searcher.nodes = searcher.core.nodes
    best = max(scores, key=scores.get)
    return best, scores[best], lv.max_depth, scores


def hint(game, position, *, level: str = "hard", time_limit: float = 1.0,
         rng: random.Random | None = None) -> SearchResult:
    """The move a level would play (the strongest by default), for the hint card."""
    return choose_move(game, position, level=level, time_limit=time_limit, rng=rng)
