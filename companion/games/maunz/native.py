"""Which maunz. kernel runs -- the one place that decides.

The compiled kernel (`companion.games.maunz.csrc._native`, built from csrc/ by `pip install`) plays the
rules, the move generation, perft, the random playouts and the search's inner loop. The pure-Python
modules (kernel.py, engine.py, playout.py, companion/ai) stay the reference and the fallback: the
tests check both play the same game (tests/test_maunz_native.py).

The pure path runs when the extension was not built (no C compiler at install: the service's log
says so in one line at start, from `describe()`), when the environment sets COMPANION_PURE=1, or
inside `with pure():` (the tests' `pure` marker, and the Pi-speed calibration, which must time
Python).
"""
from __future__ import annotations

import os
from contextlib import contextmanager

ENV = "COMPANION_PURE"


def _load():
    if os.environ.get(ENV, "").strip() not in ("", "0"):
        return None, f"{ENV} is set"
    try:
        import companion.games.maunz.csrc._native as compiled
    except ImportError as exc:
        return None, f"the compiled kernel is not built ({exc}): to build it, apt-get install gcc python3-dev and pip install the companion again"
    return compiled, None


_MODULE, REASON = _load()
_forced_pure = 0


def kernel():
    """The compiled module, or None when the pure-Python kernel is to run."""
    return None if _forced_pure else _MODULE


def name() -> str:
    """'native' or 'pure', for benchmarks and logs."""
    return "pure" if kernel() is None else "native"


def describe() -> str:
    """One line for the service's log at start: which kernel plays, and why not the compiled one."""
    if _MODULE is not None:
        return f"maunz. kernel: compiled ({_MODULE.__file__})"
    return f"maunz. kernel: pure Python, much slower: {REASON}"


@contextmanager
def pure():
    """Run the pure-Python kernel inside the block (tests, calibration). Not for threads: it is
    process-wide."""
    global _forced_pure
    _forced_pure += 1
    try:
        yield
    finally:
        _forced_pure -= 1
