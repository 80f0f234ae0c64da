"""`companion bench NAME` runs `benchmarks/NAME.py`'s `main(argv)`; each prints its figures, the
headline ones on the last lines as `<name> <value>`."""
from __future__ import annotations

import importlib
import sys

NAMES = ("engine", "hardware", "bridge", "referee", "ai", "katzenjammer", "eventpicks", "web", "voice", "remote", "hall",
         "firmware", "teach", "image", "alphazero", "idle", "update", "puzzles")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in NAMES:
        what = f"unknown benchmark {argv[0]!r}" if argv else "which benchmark?"
        print(f"companion bench: {what}; give one of {', '.join(NAMES)} (companion bench NAME --help)",
              file=sys.stderr)
        return 2
    module = importlib.import_module(f"benchmarks.{argv[0]}")
    return int(module.main(argv[1:]) or 0)
