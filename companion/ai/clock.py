"""Thinking time. The AI's time limits are given in Raspberry-Pi-4 seconds: on a Pi they are
wall-clock seconds; elsewhere they are divided by PI4_SLOWDOWN, so that the laptop simulator
thinks as far as the Pi would (same depth, not the same wall time).

PI4_SLOWDOWN is an estimate (a Pi 4 core at 1.5-1.8 GHz runs CPython about 3-4x slower than a
current x86 core; no Pi was available to measure). `calibrate()` is the fixed workload to
replace it with a measurement: run `companion bench ai --calibrate` on both machines and set
PI4_SLOWDOWN (or the COMPANION_AI_SLOWDOWN environment variable) to the ratio of the two times.
"""
from __future__ import annotations

import os
import random
import time
from functools import lru_cache

PI4_SLOWDOWN = 3.5


@lru_cache(maxsize=1)
def on_raspberry_pi() -> bool:
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="replace") as fh:
            return "Raspberry Pi" in fh.read()
    except OSError:
        return False


def slowdown() -> float:
    """How many times slower a Pi 4 is than this machine (1.0 on a Pi)."""
    env = os.environ.get("COMPANION_AI_SLOWDOWN")
    if env:
        try:
            value = float(env)
        except ValueError:
            raise ValueError(f"COMPANION_AI_SLOWDOWN={env!r} is not a number; set e.g. 3.5") from None
        if value <= 0:
            raise ValueError(f"COMPANION_AI_SLOWDOWN={env!r} must be > 0")
        return value
    return 1.0 if on_raspberry_pi() else PI4_SLOWDOWN


def host_seconds(pi_seconds: float) -> float:
    return pi_seconds / slowdown()


def calibrate(games: int = 2000) -> float:
    """Seconds this machine needs for a fixed workload (2000 seeded random games), on the
    pure-Python kernel: the workload measures the interpreter. The compiled kernel's speed on
    a Pi is assumed to scale by the same factor (both are one core's integer work)."""
    from companion.games import native
    from companion.games.maunz.engine import initial
    from companion.games.maunz.playout import random_game

    rng = random.Random(12345)
    pos = initial()
    with native.pure():
        t0 = time.perf_counter()
        for _ in range(games):
            random_game(pos, rng)
        return time.perf_counter() - t0
