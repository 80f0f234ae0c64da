"""`companion maunz best`: the AI's move for a position, in canonical notation."""
from __future__ import annotations

import json
import sys

from companion.games.maunz import notation


def best_command(pos, variant: int, args, out=sys.stdout) -> int:
    from companion.ai import LEVELS, AIError, choose_move
    from companion.ai.levels import ALIASES, level_named
    from companion.games.maunz.engine import VARIANT_NAMES
    from companion.games.maunz.game import Maunz

    level = getattr(args, "level", "hard") or "hard"
    time_limit = 1.0 if getattr(args, "time", None) is None else args.time
    if level_named(level) is None:
        print(f"companion maunz best: unknown --level {level!r}; use one of: {', '.join([*LEVELS, *ALIASES])}",
              file=sys.stderr)
        return 2
    if not time_limit > 0:
        print(f"companion maunz best: --time {time_limit:g}: the AI's thinking time must be more"
              " than 0 seconds; give e.g. --time 1", file=sys.stderr)
        return 2
    if pos.winner is not None:
        print(f"companion maunz best: position {notation.format_position(pos)!r} is already won by"
              f" {('orange', 'grey')[pos.winner]}; give a position with a move to play",
              file=sys.stderr)
        return 2
    try:
        result = choose_move(Maunz(rules=VARIANT_NAMES[variant]), pos, level=level, time_limit=time_limit)
    except AIError as exc:
        print(f"companion maunz best: {exc}", file=sys.stderr)
        return 2
    text = notation.format_move(result.move)
    if getattr(args, "json", False):
        print(json.dumps({"move": text, "evaluation": result.evaluation, "depth": result.depth,
                          "nodes": result.nodes, "time_used": round(result.time_used, 4),
                          "level": level}), file=out)
    else:
        print(text, file=out)
    return 0


def add_puzzles_parser(sub) -> None:
    """`companion maunz puzzles ...` (companion/ai/puzzle_cli.py)."""
    from companion.ai.puzzle_cli import add_parser

    add_parser(sub)


def puzzles_command(args, out=sys.stdout) -> int:
    from companion.ai.puzzle_cli import run

    return run(args, out)
