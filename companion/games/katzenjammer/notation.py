"""Text forms of Katzenjammer positions and moves (the fixed interface of the rules document).

Position: `r:n,n,0*,s2 b:n,n,5,27 r 569` — one group per seat in play (r, b, g, k order), the
seat to move, the dice III IV V or `-`. Move: `pass`, `roll:<dice>`, or `<die>:<action>` (two of
them joined by `;` under two-dice). Errors are one line naming the input, the position and why.
"""
from __future__ import annotations

import re

from companion.games.errors import IllegalMoveError, NotationError
from companion.games.katzenjammer.board import (COLOURS, DIE_FACES, EMPTY, RING, STALL, START,
                                                stall_base)
from companion.games.katzenjammer.engine import PASS, Part, Position, Roll

_PIECE = re.compile(r"(n)|(\d{1,2})(\*?)|s([1-4])")
_LABEL = re.compile(r"([1-9])|([1-9])\2|55=([1-9])|55=([1-9])\4")
_SEGMENT = re.compile(r"(s[1-4]|\d{1,2})([+-])([1-7])")
_LOC = r"(s[1-4]|\d{1,2})"
MOVE_EXAMPLES = "e.g. 5:e, 3:17, 4:17-, 6:3x25, 7:0+2,38+5, 33:25-, 55=9:12, pass, roll:147"


def format_dice(dice) -> str:
    return "-" if dice is None else "".join(map(str, dice))


_RING_TEXT = tuple(str(i) for i in range(RING))
_STALL_TEXT = ("s1", "s2", "s3", "s4")


def format_pieces(board: bytes, colour: int) -> str:
    return _format_groups(board, (colour,))[colour]


def _format_groups(board: bytes, colours) -> dict[int, str]:
    # One pass over the ring for every colour: `successors` formats tens of thousands of these.
    groups: list[list[str]] = [[], [], [], []]
    for i, v in enumerate(board[:RING]):
        if v:
            groups[(v - 1) & 3].append(f"{i}*" if v >= 5 else _RING_TEXT[i])
    out = {}
    for c in colours:
        ring = groups[c]
        base = stall_base(c)
        stall = [_STALL_TEXT[i] for i in range(4) if board[base + i]]
        out[c] = ",".join(["n"] * (4 - len(ring) - len(stall)) + ring + stall)
    return out


def format_position(pos: Position) -> str:
    groups = _format_groups(pos.board, pos.colours)
    text = " ".join(f"{COLOURS[c]}:{groups[c]}" for c in pos.colours)
    return f"{text} {COLOURS[pos.to_move]} {format_dice(pos.dice)}"


def parse_dice(text: str, where: str = "dice") -> tuple[int, int, int]:
    if len(text) != 3 or not text.isdigit():
        raise ValueError(f"{where} {text!r} must be three digits (dice III, IV, V), e.g. 147")
    dice = tuple(int(ch) for ch in text)
    for name, value, faces in zip(("III", "IV", "V"), dice, DIE_FACES):
        if value not in faces:
            raise ValueError(f"{where} {text!r}: {value} is not a face of die {name}"
                             f" ({','.join(map(str, faces))})")
    return dice  # type: ignore[return-value]


def parse_position(text: str) -> Position:
    def fail(why: str) -> NotationError:
        return NotationError(f"invalid position {text!r}: {why}")

    if not isinstance(text, str):
        raise NotationError(f"invalid position {text!r}: not text")
    fields = text.strip().split(" ")
    if len(fields) < 2 or "" in fields:
        raise fail("expected '<seat>:<4 pieces> … <to-move> <dice>' separated by single spaces")
    *groups, to_move, dice_text = fields
    if len(groups) < 2:
        raise fail(f"{len(groups)} seat group(s); Katzenjammer needs 2 to 4 seats")
    board = bytearray(EMPTY)
    colours = []
    for group in groups:
        seat, sep, rest = group.partition(":")
        if not sep or seat not in COLOURS or len(seat) != 1:
            raise fail(f"unknown seat {seat!r} in {group!r}; seats are r, b, g, k as '<seat>:<4 pieces>'")
        c = COLOURS.index(seat)
        if c in colours:
            raise fail(f"seat {seat} is given twice")
        colours.append(c)
        tokens = rest.split(",")
        if len(tokens) != 4:
            raise fail(f"seat {seat} has {len(tokens)} pieces ({rest!r}); give exactly 4")
        for tok in tokens:
            m = _PIECE.fullmatch(tok)
            if not m:
                raise fail(f"piece {tok!r} of seat {seat}: use n, a field 0-39 (with * when fresh on"
                           f" its Start) or s1-s4")
            if m.group(1):
                continue
            if m.group(4):
                idx = stall_base(c) + int(m.group(4)) - 1
                if board[idx]:
                    raise fail(f"two pieces of seat {seat} on its stall field {tok}")
                board[idx] = 1
                continue
            field = int(m.group(2))
            if field >= RING:
                raise fail(f"piece {tok!r} of seat {seat}: ring fields are 0-39")
            if board[field]:
                raise fail(f"two pieces on ring field {field}")
            fresh = bool(m.group(3))
            if fresh and field != START[c]:
                raise fail(f"fresh mark on {tok!r} of seat {seat}: a piece is fresh only on its own"
                           f" Start ({START[c]})")
            board[field] = c + 5 if fresh else c + 1
    if to_move not in COLOURS or len(to_move) != 1:
        raise fail(f"unknown seat {to_move!r} to move; use one of the seats in play")
    if COLOURS.index(to_move) not in colours:
        raise fail(f"seat {to_move} to move is not in play")
    if dice_text == "-":
        dice = None
    else:
        try:
            dice = parse_dice(dice_text)
        except ValueError as exc:
            raise fail(str(exc)) from None
    return Position(tuple(sorted(colours)), bytes(board), COLOURS.index(to_move), dice)


# Moves ----------------------------------------------------------------------------------------
def _loc(index: int) -> str:
    return str(index) if index < RING else f"s{(index - STALL) % 4 + 1}"


def format_part(part: Part) -> str:
    if part.kind == "e":
        action = "e"
    elif part.kind == "f":
        action = _loc(part.args[0])
    elif part.kind == "b":
        action = f"{_loc(part.args[0])}-"
    elif part.kind == "x":
        action = f"{_loc(part.args[0])}x{_loc(part.args[1])}"
    else:
        action = ",".join(f"{_loc(a)}{'+' if k > 0 else '-'}{abs(k)}" for a, k in part.args)
    return f"{part.label}:{action}"


def format_move(move) -> str:
    if isinstance(move, Roll):
        return f"roll:{format_dice(move.dice)}"
    if move == PASS:
        return "pass"
    return ";".join(format_part(p) for p in move)


def _index(text: str, colour: int) -> int:
    if text.startswith("s"):
        return stall_base(colour) + int(text[1:]) - 1
    value = int(text)
    if value >= RING:
        raise ValueError(f"field {value} is off the ring (0-39)")
    return value


def parse_part(text: str, pos: Position) -> Part:
    label, sep, action = text.partition(":")
    m = _LABEL.fullmatch(label)
    if not sep or not m:
        raise ValueError(f"{text!r} must be '<die>:<action>' with a die 1-9, a pair 11-99 or the"
                         f" joker 55=<die or pair>")
    if label == "55":
        raise ValueError("say what the joker stands for: 55=<die> or 55=<pair>, e.g. 55=9 or 55=88")
    if label.startswith("55=") and label[3:] == "55":
        raise ValueError("the joker 55 stands for any die or pair except 55 itself")
    c = pos.to_move
    if action == "e":
        return Part(label, "e", ())
    m = re.fullmatch(_LOC + r"(-?)", action)
    if m:
        return Part(label, "b" if m.group(2) else "f", (_index(m.group(1), c),))
    m = re.fullmatch(_LOC + "x" + _LOC, action)
    if m:
        a, x = _index(m.group(1), c), _index(m.group(2), c)
        own = len(label.split("=")[-1]) == 1
        b = pos.board
        if own and b[x] and (b[x] - 1) & 3 == c and not (b[a] and (b[a] - 1) & 3 == c):
            a, x = x, a  # the die 6 names the own piece first
        elif not own:
            a, x = min(a, x), max(a, x)
        return Part(label, "x", (a, x))
    segments = action.split(",")
    if all(_SEGMENT.fullmatch(s) for s in segments):
        segs = []
        for s in segments:
            sm = _SEGMENT.fullmatch(s)
            k = int(sm.group(3))
            segs.append((_index(sm.group(1), c), k if sm.group(2) == "+" else -k))
        return Part(label, "s", tuple(segs))
    raise ValueError(f"unknown action {action!r}")


def parse_move(pos: Position, text: str):
    """A move as text -> Roll, PASS or a tuple of parts (syntax only; rules.play judges it)."""
    try:
        if not isinstance(text, str):
            raise ValueError("not text")
        if text == "pass":
            return PASS
        if text.startswith("roll:"):
            return Roll(parse_dice(text[5:], "roll"))
        return tuple(parse_part(p, pos) for p in text.split(";"))
    except ValueError as exc:
        raise NotationError(f"invalid move {text!r} in {format_position(pos)!r}: {exc};"
                            f" {MOVE_EXAMPLES}") from None


def illegal(pos: Position, text: str, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"illegal move {text!r} in {format_position(pos)!r}: {why}")

