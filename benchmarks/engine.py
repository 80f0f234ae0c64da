"""`companion bench engine`: random games per second and perft nodes per second, on the compiled
kernel and on the pure-Python one, in one run (companion/games/native.py).

A random game picks a uniformly random empty square, a random piece kind available in the pool,
and a random choice among graduation options, until someone wins (companion.games.maunz.playout);
both kernels play the very same games from one seed. The baseline is a deliberately plain
implementation of the same random game through the public verbs (legal_moves + apply), run in
the same process, so the ratio shows what the pure hot path buys. The last lines are the compiled
kernel's speed over the pure one's.
"""
from __future__ import annotations

import random
import time

from companion.games import native
from companion.games.maunz import engine, playout
from companion.cliargs import OneLineParser


def _random_games(seconds: float, seed: int) -> tuple[int, int, float]:
    # In batches, so the compiled kernel hands the generator's state over once per batch.
    rng = random.Random(seed)
    start = engine.initial()
    batch = 1 if native.kernel() is None else 2000
    games = plies = 0
    t0 = time.perf_counter()
    while True:
        for _, n in playout.random_games(start, rng, batch):
            plies += n
        games += batch
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


def _perft(depth: int, seconds: float) -> tuple[int, float]:
    """Nodes and time of perft(depth) from the opening, repeated for at least `seconds`."""
    nodes = 0
    t0 = time.perf_counter()
    while True:
        nodes += engine.perft(engine.initial(), depth)
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return nodes, elapsed


SLICES = 5  # the two kernels take turns, so a change in the shared machine's load hits both


def _alternating(measure, seconds: float) -> tuple[tuple, tuple]:
    """(pure totals, compiled totals) of `measure(seconds)`, in SLICES alternating slices each."""
    pure = native_ = None
    for _ in range(SLICES):
        with native.pure():
            got = measure(seconds / SLICES)
        pure = got if pure is None else tuple(a + b for a, b in zip(pure, got))
        got = measure(seconds / SLICES)
        native_ = got if native_ is None else tuple(a + b for a, b in zip(native_, got))
    return pure, native_


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench engine")
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement and kernel")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--perft-depth", type=int, default=3)
    args = ap.parse_args(argv)

    with native.pure():
        b_games, b_plies, b_time = _baseline_games(args.seconds, args.seed)
    if native.kernel() is None:
        games, plies, elapsed = _random_games(args.seconds, args.seed)
        nodes, perft_time = _perft(args.perft_depth, args.seconds / 3)
    else:
        (games, plies, elapsed), (n_games, n_plies, n_elapsed) = _alternating(
            lambda t: _random_games(t, args.seed), args.seconds)
        (nodes, perft_time), (n_nodes, n_perft_time) = _alternating(
            lambda t: _perft(args.perft_depth, t), args.seconds / 3)
    gps, base_gps, pps = games / elapsed, b_games / b_time, nodes / perft_time
    print(f"pure-Python kernel: random games {games} in {elapsed:.2f} s, {plies / games:.1f} placements per game,"
          f" {elapsed / plies * 1e6:.2f} us per placement (boop, win check, graduation)")
    print(f"baseline (legal_moves + apply per placement, pure): {base_gps:.0f} games/s,"
          f" {b_time / b_plies * 1e6:.1f} us per placement; ratio random_games / baseline: {gps / base_gps:.1f}x")
    print(f"pure perft({args.perft_depth}) from the opening: {nodes} nodes in {perft_time:.2f} s")
    print(f"random_games_per_s {gps:.0f}")
    print(f"perft_nodes_per_s {pps:.0f}")
    if native.kernel() is None:
        print(f"no compiled kernel: {native.reason()}")
        return 0
    n_gps, n_pps = n_games / n_elapsed, n_nodes / n_perft_time
    print(f"compiled kernel (in {SLICES} slices taking turns with the pure one): random games {n_games} in"
          f" {n_elapsed:.2f} s, {n_elapsed / n_plies * 1e9:.0f} ns per placement; perft({args.perft_depth})"
          f" {n_nodes} nodes in {n_perft_time:.2f} s")
    print(f"native_random_games_per_s {n_gps:.0f}")
    print(f"native_perft_nodes_per_s {n_pps:.0f}")
    print(f"native_over_pure_random_games {n_gps / gps:.1f}")
    print(f"native_over_pure_perft {n_pps / pps:.1f}")
    return 0
