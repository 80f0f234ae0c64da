"""`companion fischnapf moves [POSITION]` (or `companion fish ...`): the legal moves, one a line."""
from __future__ import annotations

import sys

from tests.example_game.engine import INFO, Fischnapf


def main(argv: list[str], explainer=None) -> int:
    # `explainer`: the tables' words for `apply --why` (companion/catalogue.py); no apply here
    if not argv or argv[0] != "moves" or len(argv) > 2:
        print(f"usage: companion {INFO.name} moves [POSITION]", file=sys.stderr)
        return 2
    game = Fischnapf()
    position = game.parse_position(argv[1]) if len(argv) == 2 else game.initial_position()
    print("\n".join(game.legal_moves(position)))
    return 0
