"""Text forms of positions and moves, exactly as docs/rules/maunz-notation.md fixes them.

Errors are NotationError / IllegalMoveError with one line naming the input, the position and the
reason, so the command line can print them as they are.
"""
from __future__ import annotations

import re

from companion.games.base import IllegalMoveError, NotationError
from companion.games.maunz import engine
from companion.games.maunz.board import SQUARE_BY_NAME
from companion.games.maunz.engine import KIDS, PIECES, STANDARD, Move, Position
# Writing lives below the engine (its Position and Move print themselves with it); imported
# from here as before.
from companion.games.maunz.formatting import format_choice, format_move, format_position

INITIAL_TEXT = "6/6/6/6/6/6 o 8k0c 8k0c"
_POOL = re.compile(r"(\d+)k(\d+)c")
_MOVE = re.compile(r"([kc])([a-f][1-6])(?:/((?:[a-f][1-6])+))?")


def parse_position(text: str, variant: int = STANDARD) -> Position:
    def fail(why: str) -> NotationError:
        return NotationError(f"invalid position {text!r}: {why}")

    if not isinstance(text, str):
        raise NotationError(f"invalid position {text!r}: not text")
    fields = text.split(" ")
    if len(fields) != 4:
        raise fail(f"expected 4 fields '<bed> <to-move> <orange-pool> <grey-pool>' separated by"
                   f" single spaces, got {len(fields)}")
    bed, to_move, *pools = fields
    ranks = bed.split("/")
    if len(ranks) != 6:
        raise fail(f"bed field {bed!r} must have 6 ranks separated by '/', got {len(ranks)}")
    boards = {"o": 0, "O": 0, "g": 0, "G": 0}
    for i, row in enumerate(ranks):
        rank = 5 - i
        file = 0
        for ch in row:
            if ch in "123456":
                file += int(ch)
            elif ch in boards:
                if file < 6:
                    boards[ch] |= 1 << (rank * 6 + file)
                file += 1
            else:
                raise fail(f"bed rank {rank + 1} {row!r}: unexpected character {ch!r}"
                           " (use o O g G or a digit 1-6)")
        if file != 6:
            raise fail(f"bed rank {rank + 1} {row!r} covers {file} squares, not 6")
    if to_move not in ("o", "g"):
        raise fail(f"to-move field {to_move!r} must be 'o' or 'g'")
    counts = []
    for name, pool in zip(("orange-pool", "grey-pool"), pools):
        m = _POOL.fullmatch(pool)
        if not m:
            raise fail(f"{name} field {pool!r} must look like '8k0c'")
        counts.append((int(m[1]), int(m[2])))
    for colour, name, kittens, cats, (pk, pc) in (
        ("orange", "orange-pool", boards["o"], boards["O"], counts[0]),
        ("grey", "grey-pool", boards["g"], boards["G"], counts[1]),
    ):
        on_bed = kittens.bit_count() + cats.bit_count()
        if on_bed + pk + pc != PIECES:
            raise fail(f"{colour} has {on_bed} on the bed and {pk + pc} in the {name},"
                       f" {on_bed + pk + pc} in all; it must be {PIECES}")
        if cats.bit_count() + pc > PIECES:
            raise fail(f"{colour} has {cats.bit_count() + pc} cats active; at most {PIECES}")
        if variant == KIDS and (cats or pc):
            raise fail(f"{colour} has cats, but the kids rules have none")
    turn = 0 if to_move == "o" else 1
    if turn == 0:
        mk, mc, tk, tc = boards["o"], boards["O"], boards["g"], boards["G"]
        (mkp, mcp), (tkp, tcp) = counts
    else:
        mk, mc, tk, tc = boards["g"], boards["G"], boards["o"], boards["O"]
        (tkp, tcp), (mkp, mcp) = counts
    winner = engine.derive_winner(mk, mc, tk, tc, turn, variant)
    return Position((mk, mc, tk, tc, mkp, mcp, tkp, tcp, turn, winner))


def parse_move_syntax(text: str) -> Move:
    """The move's text alone, without checking legality."""
    m = _MOVE.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise NotationError(f"malformed move {text!r}: expected <k|c><square>[/<squares>],"
                            " e.g. kc3, cd4, kb3/b2c3d4, ka1/e5")
    choice = 0
    if m[3]:
        names = [m[3][i:i + 2] for i in range(0, len(m[3]), 2)]
        if len(names) not in (1, 3) or len(set(names)) != len(names):
            raise NotationError(f"malformed move {text!r}: a choice is one square (a retired"
                                " piece) or three different squares (a line)")
        for name in names:
            choice |= 1 << SQUARE_BY_NAME[name]
    return Move(m[1], SQUARE_BY_NAME[m[2]], choice)


def parse_move(pos: Position, text: str, variant: int = STANDARD) -> Move:
    """A legal move in `pos`, completed to canonical form (a sole option is filled in)."""
    try:
        move = parse_move_syntax(text)
    except NotationError as exc:
        raise NotationError(f"{exc} (position {format_position(pos)!r})") from None
    try:
        placement = engine.place(pos, move.kind, move.square, variant)
    except ValueError as exc:
        raise IllegalMoveError(f"illegal move {text!r} in {format_position(pos)!r}: {exc}") from None
    opts = placement.options
    if move.choice:
        if move.choice not in opts:
            why = ("this move ends without a graduation, so it takes no choice" if not opts
                   else "the choice is none of the options: "
                   + ", ".join(format_choice(o) for o in sorted(opts, key=format_choice)))
            raise IllegalMoveError(f"illegal move {text!r} in {format_position(pos)!r}: {why}")
        return move
    if len(opts) > 1:
        raise IllegalMoveError(
            f"illegal move {text!r} in {format_position(pos)!r}: the move needs a choice, one of "
            + ", ".join(format_move(move._replace(choice=o)) for o in sorted(opts, key=format_choice)))
    return move._replace(choice=opts[0]) if opts else move
