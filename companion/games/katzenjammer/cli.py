"""`companion katzenjammer successors | moves | apply` (alias `kj`), as docs/rules/katzenjammer.md
fixes them: positions in canonical form, successors sorted as plain strings, exit 2 and one line
on stderr for any bad input."""
from __future__ import annotations

import argparse
import sys

from companion import games
from companion.games import native
from companion.games.errors import GameError
from companion.games.katzenjammer import notation, engine
from companion.games.cli_options import add_why, explainer_for, why_block
from companion.cliargs import OneLineParser


_Parser = OneLineParser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion katzenjammer",
                     description="The Katzenjammer engine (Miwin's dice). Alias: kj.")
    # prog given: argparse would otherwise build a help formatter to compute it, which imports
    # shutil (and with it bz2, lzma, fnmatch) only to ask for the terminal's width.
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, prog=parser.prog)
    for name, help_ in (("successors", "every distinct position one legal turn reaches, sorted"),
                        ("moves", "every legal move (a seven: one segment list per position; before the"
                                  " roll: the 216 rolls)"),
                        ("apply", "play moves (roll:<dice> sets the dice) and print the position")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--position", required=True, help="position in notation, quoted")
        p.add_argument("--rules", default=None, help="rules option: two-dice")
        if name == "apply":
            p.add_argument("moves", nargs="+", metavar="MOVE")
            add_why(p)
    return parser


def successor_text(text: str, two_dice: bool = False) -> str:
    """What `successors` prints: a line for each successor, sorted."""
    pos = notation.parse_position(text)
    if pos.dice is None:
        raise GameError(f"position {text!r} has no dice ('-'); give the rolled dice, e.g. 147,"
                        f" to list its successors")
    if engine.game_over(pos):
        return ""
    nat = native.kernel("katzenjammer")
    if nat is not None:  # enumerated, written and sorted in C: the crowded rolls' 31,637 lines
        return nat.successor_text(pos.colours, pos.board, pos.to_move, pos.dice, two_dice)
    return "".join(line + "\n" for line in sorted(notation.format_position(p)
                                                  for p in engine.successors(pos, two_dice)))


def successor_lines(text: str, two_dice: bool = False) -> list[str]:
    return successor_text(text, two_dice).splitlines()


def move_lines(text: str, two_dice: bool = False) -> list[str]:
    pos = notation.parse_position(text)
    if engine.game_over(pos):
        return []
    if pos.dice is None:  # before the roll the moves are the 216 rolls (chance moves)
        from companion.games.katzenjammer.game import ROLLS

        return sorted(notation.format_move(r) for r in ROLLS)
    return sorted(notation.format_move(m) for m, _ in engine.turn_moves(pos, two_dice))


def apply_moves(text: str, moves: list[str], two_dice: bool = False, why=None) -> str:
    """The position after `moves`; with `why` (the explainer of --why) each move's explanation
    before it, and a refused move's refusal (WhyRefused carries the text up to it)."""
    pos = notation.parse_position(text)
    said = []
    for mtext in moves:
        try:
            move = notation.parse_move(pos, mtext)
            try:
                after = engine.play(pos, move, two_dice)
            except ValueError as exc:
                raise notation.illegal(pos, mtext, str(exc)) from None
        except GameError as exc:
            if why is None:
                raise
            said += why_block(mtext, why.refused(pos, mtext), refused=True)
            raise WhyRefused(str(exc), "".join(line + "\n" for line in said)) from None
        if why is not None:
            said += why_block(mtext, why.move(pos, move))
        pos = after
    return "".join(line + "\n" for line in said) + notation.format_position(pos)


class WhyRefused(GameError):
    """A refused move under `apply --why`: `text`, what is printed before the error line."""

    def __init__(self, message: str, text: str):
        super().__init__(message)
        self.text = text


def _two_dice(rules: str | None) -> bool:
    if rules is None:  # the rulebook: no need to load the game's options (and the verb set)
        return False
    from companion.games.base import parse_rules
    from companion.games.katzenjammer.game import INFO

    return "two-dice" in parse_rules(INFO, rules)


def output_text(args: argparse.Namespace, explainer=None) -> str:
    two_dice = _two_dice(args.rules)
    if args.command == "successors":
        return successor_text(args.position, two_dice)
    if args.command == "apply":
        why = explainer_for(args, lambda: games.get("katzenjammer", rules=args.rules), explainer)
        return apply_moves(args.position, args.moves, two_dice, why) + "\n"
    lines = move_lines(args.position, two_dice)
    return "".join(line + "\n" for line in lines)


def main(argv: list[str], explainer=None) -> int:
    """`explainer(game, language)`: the tables' words for `apply --why` (companion/cli.py)."""
    args = build_parser().parse_args(argv)
    try:
        text = output_text(args, explainer)  # all or nothing: no partial output before an error
    except WhyRefused as exc:   # --why: the moves explained up to the refused one, its refusal
        sys.stdout.write(exc.text)
        sys.stderr.write(f"companion katzenjammer: {exc}\n")
        return 2
    except GameError as exc:
        sys.stderr.write(f"companion katzenjammer: {exc}\n")
        return 2
    sys.stdout.write(text)
    return 0
