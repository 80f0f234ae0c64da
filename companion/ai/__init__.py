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

from companion.ai.clock import host_seconds
from companion.ai.levels import LEVELS, Level
from companion.ai.movegen import move_of, state_of
from companion.ai.search import DEFAULT_TT_ENTRIES, MATE_BOUND, WIN, Searcher

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
    lv = LEVELS.get(level) if isinstance(level, str) else None
    if lv is None:
        raise AIError(f"unknown AI level {level!r}; use one of: {', '.join(LEVELS)}")
    if not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise AIError(f"time limit {time_limit!r} must be a positive number of seconds")
    if position[9] >= 0:
        raise AIError("the game is already over: " + ("orange", "grey")[position[9]]
                      + " has won; there is no move to choose")
    rng = rng or random.Random()
    variant = _variant_of(game)
    deadline = t0 + host_seconds(time_limit) * lv.time_share
    code, score, depth, nodes = _pick(lv, state_of(position), variant, deadline, rng, tt_entries)
    return SearchResult(move_of(code), evaluation_of(score), depth, nodes, time.perf_counter() - t0)


def _pick(lv: Level, s: tuple, variant: int, deadline: float, rng, tt_entries: int,
          weights: tuple | None = None, today: bool = False, **options):
    # `today`: the search as it was before issue 37, the benchmark's yardstick (match.today_player);
    # `options`: the Searcher's optional techniques (lmr, aspiration), for the benchmark
    leaf_check = not (lv.miss_threat and rng.random() < lv.miss_threat)
    if today:
        options = {"lmr": False, "aspiration": False}
    searcher = Searcher(variant, tt_entries=tt_entries, leaf_check=leaf_check,
                        **({} if weights is None else {"weights": weights}), **options)
    noisy = lv.noise > 0
    code, score, depth, scores = searcher.search(
        s, max_depth=lv.max_depth, deadline=deadline, exact_root=noisy)
    if not noisy or score > MATE_BOUND or len(scores) <= 1:
        return code, score, depth, searcher.nodes
    # Believable mistakes: noise on the root scores, but never a move seen to lose when another
    # one is not, and ties broken at random.
    safe = {c: v for c, v in scores.items() if v > -MATE_BOUND} or scores
    noisy_best = max(safe, key=lambda c: safe[c] + rng.gauss(0.0, lv.noise) + rng.random() * 1e-3)
    return noisy_best, safe[noisy_best], depth, searcher.nodes


def hint(game, position, *, time_limit: float = 1.0, rng: random.Random | None = None) -> SearchResult:
    """The move the hard level would play, for the hint card."""
    return choose_move(game, position, level="hard", time_limit=time_limit, rng=rng)
