"""`companion maunz puzzles make | check | list` (companion/ai/puzzles.py)."""
from __future__ import annotations

import json
import random
import sys
import time

from companion.games import native


def add_parser(sub) -> None:
    p = sub.add_parser("puzzles", help="make, re-prove or list the maunz. puzzles")
    verbs = p.add_subparsers(dest="verb", required=True, parser_class=type(p))
    m = verbs.add_parser("make", help="mine puzzles from AI games (the same set from the same seed)")
    m.add_argument("--seed", type=int, default=1, help="the games' seed (default 1: the shipped set)")
    m.add_argument("--count", type=int, default=1000, help="how many puzzles (default 1000)")
    m.add_argument("--out", default=None, help="the file to write (default: the shipped set)")
    c = verbs.add_parser("check", help="re-prove every puzzle of a file, or a random sample")
    c.add_argument("--file", default=None, help="a puzzle file (default: the shipped set)")
    c.add_argument("--sample", type=int, default=0, help="prove only this many, drawn at random")
    c.add_argument("--seed", type=int, default=None, help="the sample's seed (default: a new one)")
    c.add_argument("--pure", action="store_true", help="prove with the pure-Python kernel (slow)")
    ls = verbs.add_parser("list", help="the puzzles, one a line")
    ls.add_argument("--file", default=None, help="a puzzle file (default: the shipped set)")
    ls.add_argument("--json", action="store_true", help="one JSON object a line")
    ls.add_argument("--theme", default=None,
                    help="only puzzles with this idea in their solution (any of their tags, as the"
                         " page's theme buttons choose; not only the theme each is filed under)")
    ls.add_argument("--horizon", type=int, default=None, help="only wins in this many turns")


def _fail(msg: str) -> int:
    print(f"companion maunz puzzles: {msg}", file=sys.stderr)
    return 2


def run(args, out=sys.stdout) -> int:
    from companion.ai import puzzles

    try:
        if args.verb == "make":
            return _make(args, out)
        pzs = puzzles.load(args.file or puzzles.SHIPPED)
    except puzzles.PuzzleError as exc:
        return _fail(str(exc))
    if args.verb == "list":
        if args.theme is not None and args.theme not in puzzles.THEMES:
            return _fail(f"unknown --theme {args.theme!r}; use one of: {', '.join(puzzles.THEMES)}")
        for pz in pzs:
            if (args.theme and args.theme not in pz.tags) or (args.horizon and pz.horizon != args.horizon):
                continue
            if args.json:
                print(json.dumps(pz.listing(), ensure_ascii=False), file=out)
            else:
                print(f"{pz.id}  win in {pz.horizon}  {pz.theme:<20} {pz.rating:>5}  {pz.position}", file=out)
        return 0
    return _check(pzs, args, out)


def _make(args, out) -> int:
    from companion.ai import puzzles
    from companion.ai.puzzle_mine import mine

    if args.count < 1:
        return _fail(f"--count {args.count}: give at least 1 puzzle")
    if native.kernel() is None:
        return _fail(f"mining needs the compiled kernel ({native.reason()})")
    t0 = time.monotonic()
    found = mine(args.seed, args.count, progress=lambda n, g, h: print(
        f"\r{n}/{args.count} puzzles from {g} games", end="", file=sys.stderr, flush=True))
    print(file=sys.stderr)
    path = args.out or puzzles.SHIPPED
    puzzles.write(found, path)
    counts = {h: sum(p.horizon == h for p in found) for h in range(1, 5)}
    print(f"{len(found)} puzzles ({', '.join(f'win in {h}: {c}' for h, c in counts.items())})"
          f" written to {path} in {time.monotonic() - t0:.0f} s", file=out)
    return 0


def _check(pzs, args, out) -> int:
    from companion.ai import puzzles

    if args.sample < 0:
        return _fail(f"--sample {args.sample}: give a number of puzzles, or leave it out for all")
    chosen = pzs
    if args.sample and args.sample < len(pzs):
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
        chosen = random.Random(seed).sample(pzs, args.sample)
        print(f"checking {len(chosen)} of {len(pzs)} puzzles (--seed {seed})", file=out)
    bad = 0
    ids = set()
    for pz in pzs:
        if pz.id in ids:
            print(f"{pz.id}: twice in the file (the same position, or a symmetric twin)", file=out)
            bad += 1
        ids.add(pz.id)
    with native.pure() if args.pure else _nothing():
        kernel = native.name()
        for pz in chosen:
            why = puzzles.prove(pz)
            if why:
                bad += 1
                print(f"{pz.id}: {why}", file=out)
    print(f"{len(chosen) - bad} of {len(chosen)} puzzles proven ({kernel} kernel)", file=out)
    return 1 if bad else 0


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False
