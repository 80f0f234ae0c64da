"""`companion bench update`: signed updates and the kill drill (issue 42).

  update_verify_ms      the signature check of a 2 MB archive (hash while copying, Ed25519), median
  update_apply_s        `companion update` of a signed release from a local file: verify, unpack,
                        stage, journal copy, breadcrumb, guard, trial, health, switch, prune
  update_rollback_s     an update to a release that never says READY, back by itself (journal
                        copy put back: the tried release had upgraded the schema)
  update_kill_*         the kill drill: runs, a release running that `current` does not name,
                        the companion left down, moves lost

Both timed updates run against the drill's fake systemd with its stand-in install.sh and
companion (benchmarks/update_drill.py) and a virtual clock for the health check's waits: they
measure the update's own work, not the minutes of a real install.sh --stage (pip, compiling)
or the health check's hold (1.5 watchdog intervals) and timeout, which docs/UPDATES.md gives
from the boot container's real systemd. The kill drill on that real systemd, with power cuts of
the container, is tests/test_update_drill_real.py (opt-in: COMPANION_UPDATE_DRILL_REAL=N)."""
from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import update_drill as drill
from companion.update import signing
from companion.update import update as upd


def verify_ms(root: Path, keys: Path, key: Path, repeat: int) -> float:
    archive = root / "two-mb.tar.gz"
    archive.write_bytes(os.urandom(2 << 20))
    signing.sign(archive, key, "0.2.0")
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        signing.verify(archive, keys, copy_to=root / "copy")
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def timed_update(d: drill.Drill, run: int, target: str) -> tuple[float, int]:
    prefix, state, systemd, _ = d.fresh(run)
    os.environ["MAUNZ_DRILL_PREFIX"] = str(prefix)
    argv = [str(d.archives[target]), "--keys", str(d.keys), "--prefix", str(prefix), "--state", str(state)]
    with open(os.devnull, "w") as null:
        out, err = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = null
        try:
            t0 = time.perf_counter()
            code = upd.main(argv, unit_factory=lambda name: drill.LocalUnit(name, systemd))
            return time.perf_counter() - t0, code
        finally:
            sys.stdout, sys.stderr = out, err


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="companion bench update", description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=100, help="kill drill runs (default 100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=5, help="timed updates and verifies, the median (default 5)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-update-") as tmp:
        root = Path(tmp)
        d = drill.Drill(root / "drill", seed=args.seed)
        v = verify_ms(root, d.keys, d.root / "release.key", args.repeat)
        applied = [timed_update(d, 10_000 + i, "B") for i in range(args.repeat)]
        rolled = [timed_update(d, 20_000 + i, "C") for i in range(args.repeat)]
        assert all(code == 0 for _, code in applied) and all(code == 1 for _, code in rolled), (applied, rolled)
        t0 = time.monotonic()
        outcomes = []
        for i in range(args.runs):
            o = d.once(i)
            outcomes.append(o)
            if o.mismatch or not o.up or o.lost or o.note:
                print(f"run {i}: {o}")
        took = time.monotonic() - t0
        steps = collections.Counter(o.step for o in outcomes)
        print(f"kills by step: {', '.join(f'{s} {steps[s]}' for s in (*drill.STEPS, 'none'))};"
              f" power cuts {sum(o.power_cut for o in outcomes)}; {took:.1f} s")
        print(f"update_verify_ms {v:.1f}")
        print(f"update_apply_s {statistics.median(t for t, _ in applied):.3f}")
        print(f"update_rollback_s {statistics.median(t for t, _ in rolled):.3f}")
        print(f"update_kill_runs {len(outcomes)}")
        print(f"update_kill_mismatch {sum(o.mismatch for o in outcomes)}")
        print(f"update_kill_down {sum(not o.up for o in outcomes)}")
        print(f"update_kill_lost {sum(len(o.lost) for o in outcomes)}")
    return 0
