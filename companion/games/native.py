"""Which kernels run -- the one place that decides, for every game with a compiled kernel.

maunz. (`companion.games.maunz.csrc._native`): the rules, the move generation, perft, the random
playouts and the search's inner loop. Katzenjammer (`companion.games.katzenjammer.csrc._native`):
the successor generation and its text. Both are built from C by `pip install` (setup.py). The
pure-Python modules stay the reference and the fallback: tests check that both paths play the
same game (tests/test_maunz_native.py, tests/test_ai_native.py, tests/test_katzenjammer_native.py).

The pure path runs when an extension was not built (no C compiler at install: the service's log
says so in one line at start, from `describe()`), when the environment sets COMPANION_PURE=1, or
inside `with pure():` (the tests' `pure` marker, and the Pi-speed calibration, which must time
Python). A kernel is imported when first asked for, so a command that never needs it starts
without it.
"""
from __future__ import annotations

import importlib
import os
from contextlib import contextmanager

ENV = "COMPANION_PURE"
MODULES = {"maunz": "companion.games.maunz.csrc._native",
           "katzenjammer": "companion.games.katzenjammer.csrc._native"}

_loaded: dict[str, tuple[object, str | None]] = {}
_forced_pure = 0


def _load(game: str):
    if game not in _loaded:
        if os.environ.get(ENV, "").strip() not in ("", "0"):
            _loaded[game] = None, f"{ENV} is set"
        else:
            try:
                _loaded[game] = importlib.import_module(MODULES[game]), None
            except ImportError as exc:
                _loaded[game] = None, (f"the compiled kernel is not built ({exc}): to build it, apt-get"
                                       " install gcc python3-dev and pip install the companion again")
    return _loaded[game]


def kernel(game: str = "maunz"):
    """The game's compiled module, or None when its pure-Python kernel is to run."""
    return None if _forced_pure else _load(game)[0]


def reason(game: str = "maunz") -> str | None:
    """Why the game's compiled kernel is not used (None when it is)."""
    return _load(game)[1]


def name(game: str = "maunz") -> str:
    """'native' or 'pure', for benchmarks and logs."""
    return "pure" if kernel(game) is None else "native"


def describe() -> str:
    """One line for the service's log at start: which kernels play, and why not a compiled one."""
    parts = []
    for game in MODULES:
        module, why = _load(game)
        parts.append(f"{game} compiled ({module.__file__})" if module is not None
                     else f"{game} pure Python, much slower: {why}")
    return "kernels: " + "; ".join(parts)


@contextmanager
def pure():
    """Run the pure-Python kernels inside the block (tests, calibration). Not for threads: it is
    process-wide."""
    global _forced_pure
    _forced_pure += 1
    try:
        yield
    finally:
        _forced_pure -= 1
