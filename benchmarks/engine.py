"""`companion bench engine`: random games per second and perft nodes per second.

A random game picks a uniformly random empty square, a random piece kind available in the pool,
and a random choice among graduation options, until someone wins (companion.games.maunz.playout).
The baseline is a deliberately plain implementation of the same random game through the public
verbs (legal_moves + apply), run in the same process, so the ratio shows what the hot path buys.
"""
from __future__ import annotations

import random
import time

from companion.games.maunz import engine, playout
from companion.cliargs import OneLineParser


def _random_games(seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    start = engine.initial()
    games = plies = 0
    t0 = time.perf_counter()
    while True:
        _, n = playout.random_game(start, rng)
        games += 1
        plies += n
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games, plies, elapsed


def _baseline_games(seconds: float, seed: int) -> tuple[int, int, float]:
    # The same distribution via the generic verbs: pick square, then kind, then a choice.
    rng = random.Random(seed)
    games = plies = 0
    t0 = time.perf_counter()
    while True:
        pos = engine.initial()
        while pos.winner is None:
            moves = engine.legal_moves(pos)
            sq = rng.choice(sorted({m.square for m in moves}))
            kind = rng.choice(sorted({m.kind for m in moves if m.square == sq}))
            move = rng.choice([m for m in moves if m.square == sq and m.kind == kind])
            pos = engine.apply(pos, move)
            plies += 1
        games += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games, plies, elapsed


def _perft(depth: int) -> tuple[int, float]:
    t0 = time.perf_counter()
    nodes = engine.perft(engine.initial(), depth)
    return nodes, time.perf_counter() - t0


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench engine")
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--perft-depth", type=int, default=3)
    args = ap.parse_args(argv)

    b_games, b_plies, b_time = _baseline_games(args.seconds, args.seed)
    games, plies, elapsed = _random_games(args.seconds, args.seed)
    nodes, perft_time = _perft(args.perft_depth)
    gps, base_gps = games / elapsed, b_games / b_time
    print(f"random games: {games} in {elapsed:.2f} s, {plies / games:.1f} placements per game")
    print(f"hot path: {elapsed / plies * 1e6:.2f} us per placement (boop, win check, graduation)")
    print(f"baseline (legal_moves + apply per placement): {base_gps:.0f} games/s,"
          f" {b_time / b_plies * 1e6:.1f} us per placement")
    print(f"ratio random_games / baseline: {gps / base_gps:.1f}x")
    print(f"perft({args.perft_depth}) from the opening: {nodes} nodes in {perft_time:.2f} s")
    print(f"random_games_per_s {gps:.0f}")
    print(f"perft_nodes_per_s {nodes / perft_time:.0f}")
    return 0
