"""The command line shared by games whose events carry announcements (Cats, Cat Attack):
`companion GAME new | moves | apply | view`, as docs/rules/<game>.md describes.

`new` prints the position before the set-up chance moves; `moves` every legal event, sorted as
plain strings; `apply` plays events in order (with --json one object per event: the event, the
position after it, what the companion announces, the events as data, and the winner or null);
`view` prints what one seat (or the table) may see. Errors: status 2, one line on stderr.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Callable

from companion import games
from companion.games.base import GameError
from companion.games.cli_options import add_language, add_why, explainer_for, why_block
from companion.cliargs import OneLineParser


_Parser = OneLineParser


def build_parser(name: str, settings: dict[str, str]) -> argparse.ArgumentParser:
    prog = f"companion {name}"
    parser = _Parser(prog=prog, description=f"The {games.info(name).title} engine.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(p, position: bool = True):
        p.add_argument("--rules", default=None, help="comma-separated rules options: "
                       + (", ".join(games.info(name).rules_options) or "none"))
        if position:
            p.add_argument("--position", required=True, help="a position in the notation")

    p = sub.add_parser("new", help="the position before the set-up chance moves")
    common(p, position=False)
    p.add_argument("--players", type=int, required=True)
    for option, help_ in settings.items():
        p.add_argument(f"--{option}", type=int, default=None, help=help_)
    p = sub.add_parser("moves", help="every legal event, sorted")
    common(p)
    p = sub.add_parser("apply", help="play events and print the resulting position")
    common(p)
    p.add_argument("events", nargs="+", metavar="EVENT")
    p.add_argument("--json", action="store_true", help="one JSON object per event")
    add_language(p, "language of the announcements in --json")
    add_why(p)
    p = sub.add_parser("view", help="what one seat (or the table) may see of a position")
    common(p)
    p.add_argument("--seat", type=int, default=None, help="1-based seat; default: the table")
    return parser


def run(name: str, argv: list[str], announce: Callable, json_event: Callable,
        settings: dict[str, str] | None = None, out=None, explainer=None) -> int:
    """`explainer(game, language)`: the tables' words for `apply --why` (companion/cli.py)."""
    settings, out = settings or {}, out or sys.stdout
    args = build_parser(name, settings).parse_args(argv)
    try:
        if args.command == "new":
            extra = {k: getattr(args, k) for k in settings if getattr(args, k) is not None}
            game = games.get(name, rules=args.rules, players=args.players, **extra)
            print(game.format_position(game.initial_position()), file=out)
            return 0
        game = games.get(name, rules=args.rules)
        pos = game.parse_position(args.position)
        if args.command == "moves":
            for text in sorted(game.format_move(pos, m) for m in game.legal_moves(pos)):
                print(text, file=out)
        elif args.command == "view":
            if args.seat is not None and not 1 <= args.seat <= game.seats(pos):
                raise GameError(f"--seat {args.seat}: seats are 1 to {game.seats(pos)}")
            print(game.observation(pos, None if args.seat is None else args.seat - 1), file=out)
        else:
            why = explainer_for(args, lambda: game, explainer)
            for text in args.events:
                try:
                    move = game.parse_move(pos, text)
                    before = pos
                    pos, events = game.apply_with_events(pos, move)
                except GameError:
                    if why is not None:
                        _print_why(out, args.json, text, why.refused(pos, text), refused=True)
                    raise
                lines = None if why is None else why.move(before, move)
                if lines is not None and not args.json:
                    print("\n".join(why_block(text, lines)), file=out)
                if args.json:
                    outcome = game.outcome(pos)
                    print(json.dumps({
                        "event": game.format_move(pos, move), "position": game.format_position(pos),
                        "announce": [announce(n, v, args.language) for n, v in events],
                        "events": [json_event(n, v) for n, v in events],
                        "winner": None if outcome is None or outcome.winner is None
                        else outcome.winner + 1} | ({} if lines is None else {"why": lines})), file=out)
            if not args.json:
                print(game.format_position(pos), file=out)
        return 0
    except GameError as exc:
        print(f"companion {name}: {exc}", file=sys.stderr)
        return 2


def _print_why(out, as_json: bool, text: str, lines: list[str], refused: bool = False) -> None:
    if as_json:
        print(json.dumps({"event": text, "refused": True, "why": lines}), file=out)
    else:
        print("\n".join(why_block(text, lines, refused)), file=out)
