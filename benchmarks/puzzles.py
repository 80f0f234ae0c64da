"""`companion bench puzzles`: the shipped maunz. puzzle set (companion/ai/puzzles.jsonl) -- how
many, per horizon; how long a proof of one takes (companion/ai/puzzles.prove: the shortest win,
every first move's verdict, the main line and the stored refutations), here and scaled to a Pi 4
with the project's factor (benchmarks/pibudget.py); and the share of a random sample that is
re-proven unique. The sample is proven with the compiled kernel; those of its puzzles with a
horizon up to --pure-horizon (default 2) are proven again with the pure-Python kernel, the
oracle (deeper ones take it minutes each; tests/test_solve_native.py checks the two kernels give
the same verdicts at horizons 1-3). `puzzle_setup_to_ready_s`: through the service with the
fake devices (the simulated bed), from choosing a puzzle until the table waits for the move,
the bed set in one go (the last puzzle's pieces that differ lifted first; its settle time,
0.25 s, included), the median of --setups puzzles."""
from __future__ import annotations

import random
import time
from collections import Counter

from benchmarks.pibudget import FACTOR
from companion.ai import puzzles
from companion.cliargs import OneLineParser
from companion.games import native


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def _setup_to_ready(n: int) -> list[float]:
    import tempfile

    from companion.games.maunz import notation
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        c = Companion(Config(), build_fakes(), state_dir=tmp, ai_mode="off")
        c.step()
        before: dict[int, str] = {}
        for _ in range(n):
            t0 = time.monotonic()
            c.switching.start_game("maunz-puzzle", t0) if c.table.puzzle is None \
                else c.table.new_game(t0)
            pos = notation.parse_position(c.table.puzzle.position)
            want = {sq: pos.piece_at(sq) for sq in range(36) if pos.occupied >> sq & 1}
            # the pieces of the last puzzle that are not the next one's lifted first (the table
            # knows them: a wrong one left standing would be shown, not taken for right)
            c.devices.reed.set_mask(sum(1 << sq for sq, p in before.items() if want.get(sq) == p))
            c.step()
            c.devices.reed.set_mask(pos.occupied)
            before = want
            while c.table.phase != "await_placement":
                c.step()
                if time.monotonic() - t0 > 10:
                    raise RuntimeError(f"puzzle {c.table.puzzle.id} not ready after 10 s: {c.table.phase}")
            out.append(time.monotonic() - t0)
    return out


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench puzzles")
    ap.add_argument("--sample", type=int, default=200, help="puzzles re-proven (default 200)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pure-horizon", type=int, default=2,
                    help="re-prove the sample's puzzles up to this horizon on the pure kernel too")
    ap.add_argument("--file", default=None, help="a puzzle file (default: the shipped set)")
    ap.add_argument("--setups", type=int, default=5, help="puzzles set up through the service")
    args = ap.parse_args(argv)
    pzs = puzzles.load(args.file or puzzles.SHIPPED)
    by_h = Counter(p.horizon for p in pzs)
    sample = random.Random(args.seed).sample(pzs, min(args.sample, len(pzs)))
    times, unique, pure_checked, pure_ok = [], 0, 0, 0
    for pz in sample:
        t0 = time.perf_counter()
        why = puzzles.prove(pz)
        times.append((time.perf_counter() - t0) * 1000)
        ok = why is None
        if ok and pz.horizon <= args.pure_horizon:
            pure_checked += 1
            with native.pure():
                ok = puzzles.prove(pz) is None
            pure_ok += ok
        unique += ok
        if why:
            print(f"not proven: {pz.id}: {why}")
    print(f"kernel: {native.name()}; sample {len(sample)} of {len(pzs)} (seed {args.seed});"
          f" {pure_ok} of {pure_checked} (horizon <= {args.pure_horizon}) also proven by the pure kernel")
    print(f"puzzles_total {len(pzs)}")
    for h in range(1, 5):
        print(f"puzzles_horizon_{h} {by_h[h]}")
    p50, p99 = _pct(times, 0.5), _pct(times, 0.99)
    print(f"puzzle_prove_ms_p50 {p50:.1f}")
    print(f"puzzle_prove_ms_p99 {p99:.1f}")
    print(f"puzzle_prove_ms_p50_pi {p50 * FACTOR:.1f}")
    print(f"puzzle_prove_ms_p99_pi {p99 * FACTOR:.1f}")
    setups = _setup_to_ready(args.setups)
    print(f"puzzle_setup_to_ready_s {_pct(setups, 0.5):.2f}")
    print(f"puzzles_unique_pct {100.0 * unique / max(1, len(sample)):.1f}")
    return 0
