"""`companion games`: the games this companion knows, one line each.

    maunz   maunz.   2   referee

The name first (what `[game] game` in the config, `companion NAME` and game records use), then
the title, the number of players (`2`, `2-4`, `2-10`) and how the companion serves the game
(referee, assistant or scorekeeper). Columns are padded with spaces, at least two between them,
because titles may hold single spaces.
"""
from __future__ import annotations

import sys

from companion import games
from companion.cliargs import OneLineParser


def lines() -> list[str]:
    rows = [(i.name, i.title, i.players, i.served) for i in games.infos()]
    widths = [max(len(row[c]) for row in rows) for c in range(3)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3]
            for row in rows]


def main(argv: list[str]) -> int:
    parser = OneLineParser(
        prog="companion games",
        description="List the registered games: name, title, players, how the companion serves it.")
    parser.parse_args(argv)
    for line in lines():
        print(line, file=sys.stdout)
    return 0
