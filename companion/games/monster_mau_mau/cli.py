"""`companion monster-mau-mau new | moves | apply` (aliases `mau-mau`, `mmm`).

The interface is fixed by the rules document: positions and events exactly as notation.py writes
them, legal events sorted as plain strings, `--json` one object per event, and any bad input
exits with status 2 and one line on stderr naming the event, the position and why.
"""
from __future__ import annotations

import argparse
import json
import sys

from companion.games.base import GameError, parse_rules
from companion.games.cli_options import add_language
from companion.games.monster_mau_mau import engine, notation
from companion.games.monster_mau_mau.game import INFO
from companion.cliargs import OneLineParser

PROG = "companion monster-mau-mau"


_Parser = OneLineParser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="The Monster Mau Mau referee's engine (public state).")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rules_help = "comma-separated rules options: " + ", ".join(INFO.rules_options)
    p = sub.add_parser("new", help="the position of a new game")
    p.add_argument("--players", type=int, required=True, help="number of players, 2-10")
    p.add_argument("--deal", type=int, default=None,
                   help="cards dealt to each player (default 8 for 2-3 players, 7 for 4 or more)")
    p.add_argument("--rules", default=None, help=rules_help)
    p = sub.add_parser("moves", help="every legal event, one per line, sorted")
    p.add_argument("--position", required=True, help="the position (notation)")
    p.add_argument("--rules", default=None, help=rules_help)
    p = sub.add_parser("apply", help="play events and print the resulting position")
    p.add_argument("--position", required=True, help="the position (notation)")
    p.add_argument("--rules", default=None, help=rules_help)
    p.add_argument("--json", action="store_true", help="one JSON object per event")
    p.add_argument("events", nargs="+", metavar="EVENT")
    p = sub.add_parser("play", help="a game on the terminal: you against computer players")
    p.add_argument("--players", type=int, default=4, help="number of players, 2-10 (you are seat 1)")
    p.add_argument("--deal", type=int, default=None, help="cards dealt to each player")
    p.add_argument("--seed", type=int, default=None, help="seed of the shuffle (default: random)")
    # English by default, like the rest of the command line; --language de makes every word of the
    # game German (a German screen among English words read "Am Zug: you")
    add_language(p, "language of the screen lines, the refusals and the terminal's own words")
    p.add_argument("--rules", default=None, help=rules_help)
    return parser


def event_json(event: str, step: engine.Step) -> str:
    winner = step.winner
    return json.dumps({
        "event": event,
        "position": notation.format_position(step.position),
        "drawn": step.drawn,
        "reshuffled": step.reshuffled,
        "mau_penalty": step.mau_penalty,
        "winner": None if winner is None else winner + 1,
    })


def play(position: str, events: list[str], rules: frozenset[str], as_json: bool = False) -> list[str]:
    """The output lines of `apply`; GameError on the first bad event (nothing is printed then)."""
    pos = notation.parse_position(position)
    lines = []
    for text in events:
        where = notation.format_position(pos)
        event = notation.parse_event(text, where)
        try:
            step = engine.step(pos, event, rules)
        except GameError as exc:
            raise GameError(f"illegal event {text!r} in {where!r}: {exc}") from None
        if as_json:
            lines.append(event_json(text, step))
        pos = step.position
    if not as_json:
        lines.append(notation.format_position(pos))
    return lines


def run(args: argparse.Namespace, out=sys.stdout, play_table=None) -> int:
    """`play_table(args, rules, stdin, out)`: the laptop's table for `play`, which the table's
    layer hands in (companion/tables/monster_mau_mau/cli.py): an engine never imports a table."""
    rules = parse_rules(INFO, args.rules)
    if args.command == "new":
        try:
            pos = engine.new_game(args.players, args.deal)
        except ValueError as exc:
            raise GameError(f"--players {args.players}"
                            f"{'' if args.deal is None else f' --deal {args.deal}'}: {exc}") from None
        lines = [notation.format_position(pos)]
    elif args.command == "moves":
        pos = notation.parse_position(args.position)
        lines = sorted(str(e) for e in engine.legal_events(pos, rules))
    elif args.command == "play":
        if play_table is None:
            raise GameError("play is the laptop's table: run it as `companion monster-mau-mau play`")
        return play_table(args, rules, sys.stdin, out)
    else:
        lines = play(args.position, args.events, rules, args.json)
    for line in lines:
        print(line, file=out)
    return 0


def main(argv: list[str], play_table=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args, play_table=play_table)
    except GameError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
