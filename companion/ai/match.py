"""Players and games for the benchmark ladder and the self-play tuner.

A player is `f(state, variant, deadline, rng) -> move code` (movegen codes, mover's view).
Baselines: random; greedy (one ply, material+centre); minimax2 (two plies full width, the same
material+centre evaluation); and the AI levels. Games start with `opening` random plies (so
deterministic players do not repeat one game) and are capped at `max_plies` (a draw).
"""
from __future__ import annotations

import dataclasses
import random
import time

from companion.ai.evaluate import WEIGHTS, simple_evaluate
from companion.ai.levels import LEVELS, level_named
from companion.ai.movegen import placements, play
from companion.ai.search import Searcher
from companion.games import native
from companion.games.maunz.engine import STANDARD


def all_moves(s: tuple, variant: int) -> list[tuple[int, object]]:
    """[(code, child | 1 win | -1 loss)] for every legal move."""
    out = []
    for p in placements(s):
        r = play(s, p, variant)
        if r == 1 or r == -1:
            out.append((p, r))
        else:
            out.extend(r)
    return out


def random_player(s, variant, deadline, rng):
    return rng.choice(all_moves(s, variant))[0]


def greedy_player(s, variant, deadline, rng):
    best, best_codes = None, []
    for code, child in all_moves(s, variant):
        if child == 1:
            return code
        score = -10**9 if child == -1 else -simple_evaluate(child, variant)
        if best is None or score > best:
            best, best_codes = score, [code]
        elif score == best:
            best_codes.append(code)
    return rng.choice(best_codes)


def minimax2_player(s, variant, deadline, rng):
    searcher = Searcher(variant, evaluate=simple_evaluate, leaf_check=False, tt_entries=20_000)
    return searcher.search(s, max_depth=2, deadline=deadline)[0]


def level_player(name: str, weights: tuple = WEIGHTS, max_depth: int | None = None,
                 nodes: int | None = None, **options):
    """A level as a player; `options` are the Searcher's (lmr, aspiration). A level bounded by
    depth or nodes plays without the deadline: the same moves however busy the machine is (the
    ladder); the strongest searches to the deadline."""
    from companion.ai import _pick

    lv = level_named(name)
    if max_depth is not None:
        lv = dataclasses.replace(lv, max_depth=max_depth)
    if nodes is not None:
        lv = dataclasses.replace(lv, nodes=nodes)
    bounded = lv.nodes > 0 or lv.max_depth < 64

    def player(s, variant, deadline, rng):
        return _pick(lv, s, variant, float("inf") if bounded else deadline, rng, 150_000, weights,
                     **options)[0]

    player.__name__ = name
    return player


def today_player(s, variant, deadline, rng):
    """Today's hard (before issue 37), the yardstick of `companion bench ai --versus`: the same
    level on the pure-Python kernel, without the search's later improvements."""
    from companion.ai import _pick

    with native.pure():
        return _pick(LEVELS["hard"], s, variant, deadline, rng, 150_000, WEIGHTS, today=True)[0]


BASELINES = {"random": random_player, "greedy": greedy_player, "minimax2": minimax2_player,
             "today": today_player}
#: the hard level with the search's options that are off by default (README: what did not help)
OPTION_PLAYERS = {"lmr": {"lmr": True, "aspiration": True}, "aspiration": {"aspiration": True}}


def player_by_name(name: str):
    if name in BASELINES:
        return BASELINES[name]
    if name in OPTION_PLAYERS:
        return level_player("hard", **OPTION_PLAYERS[name])
    return level_player(name)


def play_game(first, second, *, variant: int = STANDARD, seconds: float = 0.1, seed: int = 0,
              opening: int = 2, max_plies: int = 300, stats: dict | None = None) -> tuple[int, int]:
    """Play one game: `first` moves first. Returns (winner: 0 first, 1 second, -1 draw, plies).
    `stats` (optional) collects per-player move times: {0: [..], 1: [..]}."""
    rng = random.Random(seed)
    s = (0, 0, 0, 0, 8, 0, 8, 0)
    players = (first, second)
    for ply in range(max_plies):
        side = ply & 1
        t0 = time.perf_counter()
        if ply < opening:
            code = random_player(s, variant, 0, rng)
        else:
            code = players[side](s, variant, t0 + seconds, rng)
        if stats is not None and ply >= opening:
            stats.setdefault(side, []).append(time.perf_counter() - t0)
        r = play(s, code & 127, variant)
        if r == 1:
            return side, ply + 1
        if r == -1:
            return side ^ 1, ply + 1
        s = next(child for c, child in r if c == code)
    return -1, max_plies
