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
from companion import games
from companion.games.cli_options import add_language, add_why, explainer_for, why_block
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
    add_why(p)
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


class Refused(GameError):
    """An illegal event under `apply --why`: the lines printed before it, its refusal among them."""

    def __init__(self, message: str, lines: list[str]):
        super().__init__(message)
        self.lines = lines


def play(position: str, events: list[str], rules: frozenset[str], as_json: bool = False,
         why=None) -> list[str]:
    """The output lines of `apply`; GameError on the first bad event (nothing is printed then;
    with `why`, the explainer of --why, a Refused with the lines up to its refusal)."""
    pos = notation.parse_position(position)
    lines = []
    for text in events:
        where = notation.format_position(pos)
        try:
            event = notation.parse_event(text, where)
        except GameError as exc:   # malformed: the notation's own error, nothing to explain
            message = str(exc)
        else:
            try:
                step = engine.step(pos, event, rules)
                message = None
            except GameError as exc:
                message = f"illegal event {text!r} in {where!r}: {exc}"
        if message is not None:
            if why is None:
                raise GameError(message) from None
            said = why.refused(pos, text)
            lines.append(json.dumps({"event": text, "refused": True, "why": said}) if as_json
                         else "\n".join(why_block(text, said, refused=True)))
            raise Refused(message, lines) from None
        said = None if why is None else why.move(pos, event)
        if as_json:
            obj = json.loads(event_json(text, step))
            lines.append(json.dumps(obj if said is None else {**obj, "why": said}))
        elif said is not None:
            lines.append("\n".join(why_block(text, said)))
        pos = step.position
    if not as_json:
        lines.append(notation.format_position(pos))
    return lines


def run(args: argparse.Namespace, out=None, play_table=None, explainer=None) -> int:
    """`play_table(args, rules, stdin, out)`: the laptop's table for `play`, which the table's
    layer hands in (companion/tables/monster_mau_mau/cli.py): an engine never imports a table."""
    out = out or sys.stdout   # the stdout of the call, not of the import
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
        game = lambda: games.get("monster-mau-mau", rules=args.rules,  # noqa: E731
                                 players=notation.parse_position(args.position).players)
        try:
            lines = play(args.position, args.events, rules, args.json,
                         why=explainer_for(args, game, explainer))
        except Refused as exc:
            for line in exc.lines:
                print(line, file=out)
            raise
    for line in lines:
        print(line, file=out)
    return 0


def main(argv: list[str], play_table=None, explainer=None) -> int:
    """`explainer(game, language)`: the tables' words for `apply --why` (companion/cli.py)."""
    args = build_parser().parse_args(argv)
    try:
        return run(args, play_table=play_table, explainer=explainer)
    except GameError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
