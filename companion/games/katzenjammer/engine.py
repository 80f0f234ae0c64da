"""A Katzenjammer turn: what a roll allows, the positions it reaches, and playing a given move.

A position is (colours in play, board, colour to move, dice or None before the roll). A move is
a `Roll` at a chance node, or a turn: a tuple of `Part`s (empty: the void roll, `pass`; two
parts only under the `two-dice` variant). A part is one action of one die:
`Part(label, kind, args)` with label `5`, `33`, `55=9` or `55=88`, kind `e` enter, `f` forward,
`b` backward, `x` swap, `s` seven, and args board indices (see board.py) — the seven's args are
its segments `(start index, signed steps)`.
"""
from __future__ import annotations

import gc
from collections import namedtuple
from collections.abc import Iterator

from companion.games import native
from companion.games.katzenjammer import board as bd
from companion.games.katzenjammer.board import RING, START, backward, enter, forward, swap


# Plain namedtuples, not typing.NamedTuple: importing `typing` (and compiling each field's
# annotation) was a tenth of the command line's own imports (`companion katzenjammer successors`).
#   colours  tuple[int, ...]: the seats' colours in turn order
#   board    bytes (board.py)
#   to_move  int: the colour to move
#   dice     tuple[int, int, int] | None: None before the roll
Position = namedtuple("Position", "colours board to_move dice")
Roll = namedtuple("Roll", "dice")                 # dice: tuple[int, int, int]
Part = namedtuple("Part", "label kind args")      # label: str, kind: str, args: tuple


PASS: tuple = ()


def next_colour(colours: tuple[int, ...], colour: int) -> int:
    return colours[(colours.index(colour) + 1) % len(colours)]


def pair_value(dice) -> int | None:
    a, b, c = dice
    if a == b or a == c:
        return a
    if b == c:
        return b
    return None


def labels(dice) -> list[str]:
    """The dice a player may use: the singles without a pair, the pair, or the joker's uses."""
    v = pair_value(dice)
    if v is None:
        return [str(d) for d in sorted(set(dice))]
    if v == 5:
        return [f"55={d}" for d in range(1, 10)] + [f"55={d}{d}" for d in range(1, 10) if d != 5]
    return [f"{v}{v}"]


def label_action(label: str) -> tuple[bool, int]:
    """(own pieces?, value) of a die label: `5` -> own 5, `33` -> foreign 3, `55=88` -> foreign 8."""
    text = label[3:] if label.startswith("55=") else label
    return len(text) == 1, int(text[0])


def winner_among(colours, board: bytes, mover: int) -> int | None:
    """The winning colour once a turn is over: the mover if their stall is full, else the first
    full stall clockwise from the mover."""
    i = colours.index(mover)
    for step in range(len(colours)):
        c = colours[(i + step) % len(colours)]
        if bd.stall_full(board, c):
            return c
    return None


def game_over(pos: Position) -> bool:
    return any(bd.stall_full(pos.board, c) for c in pos.colours)


# One action ---------------------------------------------------------------------------------
def _own_ring(b: bytes, colour: int) -> list[int]:
    return [i for i in range(RING) if b[i] and (b[i] - 1) & 3 == colour]


def _foreign_ring(b: bytes, colour: int) -> list[int]:
    """Foreign ring pieces that foreign actions may touch (not fresh)."""
    return [i for i in range(RING) if b[i] and b[i] < 5 and b[i] - 1 != colour]


def _sevens(b: bytes, colour: int, own: bool, explain: bool = True) -> list:
    # Imported here: the compiled kernel enumerates the sevens itself, so the command line's
    # `successors` never loads the pure search.
    from companion.games.katzenjammer.sevens import SevenSearch, foreign_movers, own_movers

    if own:
        return [SevenSearch(b, own_movers(colour), 1, explain)]
    movable = foreign_movers(colour)
    return [SevenSearch(b, movable, 1, explain), SevenSearch(b, movable, -1, explain)]


def part_moves(b: bytes, colour: int, label: str) -> Iterator[tuple[Part, bytes]]:
    """Every action of one die label (a seven: one segment list per board it reaches)."""
    own, v = label_action(label)
    if v == 7:
        for search in _sevens(b, colour, own):
            for nb in search.boards():
                yield Part(label, "s", search.segments(nb)), nb
        return
    if own:
        if v == 6:
            foreign = _foreign_ring(b, colour)
            for a in _own_ring(b, colour):
                for x in foreign:
                    yield Part(label, "x", (a, x)), swap(b, a, x)
            return
        if v == 5:
            nb = enter(b, colour)
            if nb is not None:
                yield Part(label, "e", ()), nb
        for a in bd.pieces(b, colour):
            moved = forward(b, a, v)
            if moved is not None:
                yield Part(label, "f", (a,)), moved[0]
            if v == 4:
                moved = backward(b, a, v)
                if moved is not None:
                    yield Part(label, "b", (a,)), moved[0]
        return
    if v == 6:
        # Two ring pieces of different colours, at least one foreign, no foreign fresh piece.
        cands = [i for i in range(RING) if b[i] and (b[i] < 5 or b[i] - 5 == colour)]
        for j, a in enumerate(cands):
            for x in cands[j + 1:]:
                ca, cx = (b[a] - 1) & 3, (b[x] - 1) & 3
                if ca != cx:
                    yield Part(label, "x", (a, x)), swap(b, a, x)
        return
    for a in _foreign_ring(b, colour):
        for kind, step in (("f", forward), ("b", backward)):
            moved = step(b, a, v)
            if moved is not None:
                yield Part(label, kind, (a,)), moved[0]


def part_boards(b: bytes, colour: int, label: str) -> set[bytes]:
    """The boards one die label reaches (no segment lists: the successors' fast path)."""
    own, v = label_action(label)
    if v == 7:
        out: set[bytes] = set()
        for search in _sevens(b, colour, own, explain=False):
            out.update(search.boards())
        return out
    return {nb for _, nb in part_moves(b, colour, label)}


# A whole turn -------------------------------------------------------------------------------
def turn_moves(pos: Position, two_dice: bool = False) -> list[tuple[tuple, bytes]]:
    """Every legal turn with its board (sevens: one per board); [(PASS, board)] for a void roll."""
    b, colour = pos.board, pos.to_move
    out = []
    singles = pair_value(pos.dice) is None
    for label in labels(pos.dice):
        for part, nb in part_moves(b, colour, label):
            out.append(((part,), nb))
            if two_dice and singles and winner_among(pos.colours, nb, colour) is None:
                for second in labels(pos.dice):
                    if second != label:
                        out.extend(((part, p2), nb2) for p2, nb2 in part_moves(nb, colour, second))
    return out or [(PASS, b)]


def turn_boards(pos: Position, two_dice: bool = False) -> set[bytes]:
    b, colour = pos.board, pos.to_move
    out: set[bytes] = set()
    singles = pair_value(pos.dice) is None
    for label in labels(pos.dice):
        firsts = part_boards(b, colour, label)
        out |= firsts
        if two_dice and singles:
            for nb in firsts:
                if winner_among(pos.colours, nb, colour) is None:
                    for second in labels(pos.dice):
                        if second != label:
                            out |= part_boards(nb, colour, second)
    return out or {b}


def after_turn(pos: Position, board: bytes) -> Position:
    return Position(pos.colours, board, next_colour(pos.colours, pos.to_move), None)


def successors(pos: Position, two_dice: bool = False) -> list[Position]:
    """Every distinct position one legal turn reaches (the dice must be rolled); none once over.
    In C when the compiled kernel is built (companion/games/native.py): the same set."""
    if pos.dice is None:
        raise ValueError("the dice are not rolled yet")
    if game_over(pos):
        return []
    nat = native.kernel("katzenjammer")
    if nat is not None:
        return nat.successors(pos.colours, pos.board, pos.to_move, pos.dice, two_dice, Position)
    colours, nxt = pos.colours, next_colour(pos.colours, pos.to_move)
    # A crowded 77 makes some 31,000 boards and positions, none of them part of a reference
    # cycle: the cycle collector, which would walk them again and again as they pile up (about
    # a tenth of the time), waits until they are all made.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return [Position(colours, nb, nxt, None) for nb in turn_boards(pos, two_dice)]
    finally:
        if collecting:
            gc.enable()


# Playing a given move -----------------------------------------------------------------------
def play_part(b: bytes, colour: int, part: Part) -> bytes:
    """The board after one action; ValueError saying why when it is not legal."""
    own, v = label_action(part.label)
    if (part.kind == "s") != (v == 7):
        raise ValueError(f"{part.label} is {'a seven: give its segments' if v == 7 else 'not a seven'}")
    if part.kind == "s":
        return _play_seven(b, colour, own, part.args)
    for p, nb in part_moves(b, colour, part.label) if v != 7 else ():
        if p == part:
            return nb
    raise ValueError(_why_not(b, colour, part, own, v))


def _why_not(b: bytes, colour: int, part: Part, own: bool, v: int) -> str:
    kinds = {"e": "enter", "f": "forward", "b": "backward", "x": "swap"}
    if part.kind == "e":
        return ("no piece in the nest" if bd.nest_count(b, colour) == 0
                else "the Start holds a fresh piece")
    for a in part.args:
        if a >= RING and not (a >= bd.STALL and b[a]):
            return "no piece there"
        if a < RING and not b[a]:
            return "no piece on that field"
        if own and part.kind != "x" and bd.owner(b, a) != colour:
            return "the die moves your own pieces; a pair moves foreign ones"
    if not own and part.kind in "fb" and bd.owner(b, part.args[0]) == colour:
        return "a pair moves a foreign piece"
    return (f"that {kinds.get(part.kind, part.kind)} is not allowed with {v} here"
            " (a fresh piece in the way, the stall blocked or overshot, or a piece that may not"
            " be moved)")


def _play_seven(b: bytes, colour: int, own: bool, segments) -> bytes:
    if not segments or sum(abs(k) for _, k in segments) != 7 or any(k == 0 for _, k in segments):
        raise ValueError("a seven's segments must add up to exactly 7 steps")
    signs = {k > 0 for _, k in segments}
    if own and signs != {True}:
        raise ValueError("a 7 moves your own pieces forward only")
    if len(signs) > 1:
        raise ValueError("all segments of a 77 go in the same direction")
    from companion.games.katzenjammer.sevens import foreign_movers, own_movers

    movable = own_movers(colour) if own else foreign_movers(colour)
    last = -1
    for a, k in segments:
        if a == last:
            raise ValueError(f"two segments in a row move the same piece (from {_name(a)})")
        if a not in movable(b):
            raise ValueError(f"the piece on {_name(a)} can't take part in this seven"
                             f" ({'own' if own else 'foreign non-fresh ring'} pieces only)")
        moved = (forward if k > 0 else backward)(b, a, abs(k), True)
        if moved is None:
            raise ValueError(f"the segment from {_name(a)} by {abs(k)} is blocked")
        b, last = moved
    return b


def _name(index: int) -> str:
    return str(index) if index < RING else f"s{(index - RING) % 4 + 1}"


def play(pos: Position, move, two_dice: bool = False) -> Position:
    """The position after `move` (a Roll, PASS or a tuple of parts); ValueError when illegal."""
    if game_over(pos):
        raise ValueError("the game is over")
    if isinstance(move, Roll):
        if pos.dice is not None:
            raise ValueError("the dice are already rolled; play a turn first")
        return pos._replace(dice=move.dice)
    if pos.dice is None:
        raise ValueError("roll the dice first (roll:<dice>)")
    if move == PASS:
        if turn_moves_exist(pos):
            raise ValueError("the roll is not void: a legal action exists, so it must be played")
        return after_turn(pos, pos.board)
    allowed = labels(pos.dice)
    if len(move) > 1 and not (two_dice and len(move) == 2 and pair_value(pos.dice) is None):
        raise ValueError("only one die is used (two different dice only under two-dice, without a pair)")
    if len(move) == 2 and move[0].label == move[1].label:
        raise ValueError("the two actions must use two different dice")
    b = pos.board
    for part in move:
        if part.label not in allowed:
            raise ValueError(f"die {part.label} is not available with the roll"
                             f" {''.join(map(str, pos.dice))} (use {', '.join(allowed[:6])}"
                             f"{'…' if len(allowed) > 6 else ''})")
        if b is not pos.board and winner_among(pos.colours, b, pos.to_move) is not None:
            raise ValueError("the game ended with the first action")
        b = play_part(b, pos.to_move, part)
    return after_turn(pos, b)


def turn_moves_exist(pos: Position) -> bool:
    """True when the roll allows at least one action (cheap: stops at the first)."""
    for label in labels(pos.dice):
        for _ in part_moves(pos.board, pos.to_move, label):
            return True
    return False
