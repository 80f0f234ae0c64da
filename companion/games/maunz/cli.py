"""`companion maunz moves | apply | perft | replay | best` (docs/rules/maunz-notation.md)."""
from __future__ import annotations

import argparse
import json
import sys

from companion import games
from companion.games.base import GameError
from companion.games.maunz import engine, notation
from companion.games.maunz.board import SQUARE_NAMES, file_rank_key, squares_of
from companion.games.maunz.engine import Position
from companion.games.maunz.game import RULEBOOK, variant_of
from companion.games.cli_options import add_why, explainer_for, why_block
from companion.cliargs import OneLineParser


_Parser = OneLineParser


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--position", default=notation.INITIAL_TEXT, help="start position (notation)")
    p.add_argument("--rules", default=None,
                   help="rules options, comma-separated: opponent-cats-win or kids (default: rulebook)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion maunz", description="The maunz. (boop.) engine.",
                     epilog="companion maunz review RECORD: a game's review (its --help says more)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("moves", help="every legal move, canonical, sorted")
    _common(p)
    p = sub.add_parser("apply", help="play moves and print the resulting position")
    _common(p)
    p.add_argument("moves", nargs="+", metavar="MOVE")
    p.add_argument("--json", action="store_true", help="one JSON object per move")
    add_why(p)
    p = sub.add_parser("perft", help="count move sequences of DEPTH whole turns")
    _common(p)
    p.add_argument("depth", type=int)
    p = sub.add_parser("replay", help="print the bed after each move of a game record")
    p.add_argument("file")
    p = sub.add_parser("best", help="the AI's best move")
    _common(p)
    p.add_argument("--time", type=float, default=None, help="thinking time in seconds")
    p.add_argument("--level", default="hard", help="the computer's level: 1 (a child beats it) .. 9"
                   " (the strongest), or easy, medium, hard (Levels 2, 4, 9); default hard")
    p.add_argument("--json", action="store_true")
    from companion.ai.cli import add_puzzles_parser

    add_puzzles_parser(sub)
    return parser


def ascii_bed(pos: Position) -> list[str]:
    lines = []
    for rank in range(5, -1, -1):
        cells = [pos.piece_at(rank * 6 + f) or "." for f in range(6)]
        lines.append(f"{rank + 1} " + " ".join(cells))
    lines.append("  a b c d e f")
    return lines


def _move_json(pos: Position, move: engine.Move, variant: int) -> tuple[dict, Position]:
    placement = engine.place(pos, move.kind, move.square, variant)
    after = engine.apply(pos, move, variant)
    return {
        "move": notation.format_move(move),
        "position": notation.format_position(after),
        "boops": [{"from": SQUARE_NAMES[a], "to": None if b is None else SQUARE_NAMES[b]}
                  for a, b in placement.boops],
        "graduated": [SQUARE_NAMES[s] for s in sorted(squares_of(move.choice), key=file_rank_key)],
        "winner": None if after.winner is None else "og"[after.winner],
    }, after


def run(args: argparse.Namespace, out=None, explainer=None) -> int:
    out = out or sys.stdout   # the stdout of the call, not of the import
    if args.command == "replay":
        return _replay(args.file, out)
    if args.command == "puzzles":
        from companion.ai.cli import puzzles_command

        return puzzles_command(args, out)
    variant = variant_of(args.rules)
    pos = notation.parse_position(args.position, variant)
    if args.command == "moves":
        for text in sorted(notation.format_move(m) for m in engine.legal_moves(pos, variant)):
            print(text, file=out)
    elif args.command == "perft":
        if args.depth < 0:
            raise GameError(f"perft depth {args.depth} must be 0 or more")
        print(engine.perft(pos, args.depth, variant), file=out)
    elif args.command == "apply":
        why = explainer_for(args, lambda: games.get("maunz", rules=args.rules), explainer)
        for text in args.moves:
            try:
                move = notation.parse_move(pos, text, variant)
            except GameError:
                if why is not None:
                    _print_why(out, args.json, text, why.refused(pos, text), refused=True)
                raise
            lines = why.move(pos, move) if why is not None else None
            if args.json:
                obj, pos = _move_json(pos, move, variant)
                print(json.dumps(obj if lines is None else {**obj, "why": lines}), file=out)
            else:
                if lines is not None:
                    _print_why(out, False, text, lines)
                pos = engine.apply(pos, move, variant)
        if not args.json:
            print(notation.format_position(pos), file=out)
    elif args.command == "best":
        from companion.ai.cli import best_command

        return best_command(pos, variant, args, out)
    return 0


def _print_why(out, as_json: bool, text: str, lines: list[str], refused: bool = False) -> None:
    if as_json:
        print(json.dumps({"move": text, "refused": True, "why": lines}), file=out)
    else:
        print("\n".join(why_block(text, lines, refused)), file=out)


def _replay(path: str, out) -> int:
    from companion.games.maunz.record import read_record

    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise GameError(f"cannot read game record {path!r}: {exc.strerror}") from None
    rec = read_record(text, source=path)
    pos = notation.parse_position(rec.start, rec.variant)
    names = {"o": rec.orange or "orange", "g": rec.grey or "grey"}
    print(f"maunz. {names['o']} (orange) vs {names['g']} (grey)"
          f"{' · ' + rec.date if rec.date else ''} · rules: {rec.rules or RULEBOOK}", file=out)
    print("\n".join(ascii_bed(pos)), file=out)
    for i, text in enumerate(rec.moves, 1):
        move = notation.parse_move(pos, text, rec.variant)
        obj, after = _move_json(pos, move, rec.variant)
        who = "og"[pos.turn]
        print(f"\n{i}. {names[who]}: {obj['move']}", file=out)
        boops = [f"{b['from']}→{b['to'] or 'off the bed'}" for b in obj["boops"]]
        print("   boops: " + (", ".join(boops) if boops else "none"), file=out)
        if obj["graduated"]:
            print("   leave the bed: " + " ".join(obj["graduated"]), file=out)
        print("\n".join(ascii_bed(after)), file=out)
        pos = after
    result = rec.result if pos.winner is None else f"{('orange', 'grey')[pos.winner]} wins"
    print(f"\nresult: {result}", file=out)
    return 0


def main(argv: list[str], explainer=None) -> int:
    """`explainer(game, language)`: the tables' words for `apply --why`, handed in by the
    `companion` command (companion/cli.py), as an engine never imports a table."""
    args = build_parser().parse_args(argv)
    try:
        return run(args, explainer=explainer)
    except GameError as exc:
        print(f"companion maunz: {exc}", file=sys.stderr)
        return 2
