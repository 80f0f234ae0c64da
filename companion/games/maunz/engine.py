"""maunz. positions and moves (docs/rules/maunz.md): the objects the notation, the referee and the
UI handle, over the rules kernel (`kernel.py`: pushes, the win check, graduation, retirement).
Pure and allocation-light, because perft and the referee's previews run through it.

A Position is a tuple seen from the player to move ("me") and the other player ("them"):

    (my_kittens, my_cats, their_kittens, their_cats,        bitmasks on the bed
     my_pool_kittens, my_pool_cats, their_pool_kittens, their_pool_cats,
     turn,                                                  colour to move: 0 orange, 1 grey
     winner)                                                -1 none, else the winning colour

Seeing the board from the mover's side makes `apply` branch-free over colours: after a move the
halves swap. The winner is part of the tuple because whether a position is won depends on the
move that made it (ruling R1); `parse` derives it for positions read from text.
"""
from __future__ import annotations

from typing import NamedTuple

from companion.games import native
from companion.games.maunz import kernel
from companion.games.maunz.board import FULL
# The text forms sit below the engine, so a Position and a Move can print themselves.
from companion.games.maunz.formatting import format_move, format_position
from companion.games.maunz.kernel import KIDS, OPPONENT_CATS_WIN, PIECES, RULES, STANDARD, boop, hand_over

__all__ = ["ORANGE", "GREY", "PIECES", "STANDARD", "OPPONENT_CATS_WIN", "KIDS", "VARIANT_BY_NAME",
           "VARIANT_NAMES", "Position", "Move", "Placement", "initial", "boop", "place", "apply",
           "legal_moves", "successors", "perft", "derive_winner"]

ORANGE, GREY = 0, 1

# The rules variants by their option names (docs/rules/maunz.md); the kernel numbers them.
VARIANT_BY_NAME = {None: STANDARD, "opponent-cats-win": OPPONENT_CATS_WIN, "kids": KIDS}
VARIANT_NAMES = {v: k for k, v in VARIANT_BY_NAME.items()}


class Position(tuple):
    """`Position(fields)`: tuple's own constructor (no Python-level __new__ on the hot path)."""

    __slots__ = ()

    # Colour-absolute views, for the notation, the referee and the UI ------------------------
    @property
    def turn(self) -> int:
        return self[8]

    @property
    def winner(self) -> int | None:
        return None if self[9] < 0 else self[9]

    def kittens(self, colour: int) -> int:
        return self[0] if colour == self[8] else self[2]

    def cats(self, colour: int) -> int:
        return self[1] if colour == self[8] else self[3]

    def pieces(self, colour: int) -> int:
        return self.kittens(colour) | self.cats(colour)

    def pool(self, colour: int) -> tuple[int, int]:
        """(kittens, cats) in that colour's pool."""
        return (self[4], self[5]) if colour == self[8] else (self[6], self[7])

    def reserve(self, colour: int) -> int:
        """Cats not yet in play. One cat enters per graduated kitten, so reserve = 8 - cats active."""
        return PIECES - self.cats(colour).bit_count() - self.pool(colour)[1]

    def boxed(self, colour: int) -> int:
        """Kittens that graduated and left the game for good."""
        return PIECES - self.kittens(colour).bit_count() - self.pool(colour)[0]

    @property
    def occupied(self) -> int:
        return self[0] | self[1] | self[2] | self[3]

    def piece_at(self, sq: int) -> str | None:
        """'o', 'O', 'g', 'G' or None."""
        bit = 1 << sq
        for colour, letter in ((ORANGE, "o"), (GREY, "g")):
            if self.kittens(colour) & bit:
                return letter
            if self.cats(colour) & bit:
                return letter.upper()
        return None

    def __repr__(self) -> str:
        return f"Position({format_position(self)!r})"


class Move(NamedTuple):
    """One whole turn: the piece kind ('k' kitten, 'c' cat), the square placed on, and the
    choice made in step 4 as a bitmask (a line of three, or one retired piece; 0 when none)."""

    kind: str
    square: int
    choice: int = 0

    def __str__(self) -> str:
        return format_move(self)


class Placement(NamedTuple):
    """Steps 1-3 of a turn: the bed after the boops and the win check, and the options of step
    4. The referee guides the players through this before a choice is known."""

    before: Position
    kind: str
    square: int
    after: tuple  # (mk, mc, tk, tc, mkp, mcp, tkp, tcp) after the pushes, mover's view
    boops: tuple[tuple[int, int | None], ...]  # (from, to or None for off the bed)
    winner: int | None
    options: tuple[int, ...]  # masks; empty when the turn needs no choice
    variant: int = STANDARD
    #: the neighbours the rules left standing: (square, "cat" | "blocked", the square behind)
    unmoved: tuple[tuple[int, str, int | None], ...] = ()

    def finish(self, choice: int = 0) -> Position:
        turn = self.before[8]
        if self.winner is not None or not self.options:
            if choice:
                raise ValueError("this placement takes no choice")
            winner = -1 if self.winner is None else self.winner
            return Position((*hand_over(self.after), turn ^ 1, winner))
        if choice not in self.options:
            raise ValueError("choice is not one of the options")
        return Position((*kernel.take(self.after, choice, self.variant), turn ^ 1, -1))


def initial(turn: int = ORANGE) -> Position:
    return Position((0, 0, 0, 0, PIECES, 0, PIECES, 0, turn, -1))


class Refused(ValueError):
    """An illegal placement, its rule as data beside the English the command line prints: `key`
    (over, occupied, no_kitten, no_cat) and `values` (squares, seats, piece letters), which
    explain.refusal gives as a reason the tables word (issue 45: a refusal explained)."""

    def __init__(self, message: str, key: str, **values):
        super().__init__(message)
        self.key, self.values = key, values


def place(pos: Position, kind: str, sq: int, variant: int = STANDARD) -> Placement:
    """Steps 1-3 with the details the referee and the CLI show. Raises ValueError if the
    placement itself is illegal (a Refused, with its rule, for a well-formed one)."""
    if pos[9] >= 0:
        raise Refused("the game is over", "over", colour=pos[9])
    if not 0 <= sq < 36:
        raise ValueError(f"no square {sq}")
    if (pos[0] | pos[1] | pos[2] | pos[3]) >> sq & 1:
        raise Refused("the square is occupied", "occupied", square=sq, piece=pos.piece_at(sq))
    if kind == "k":
        if pos[4] == 0:
            raise Refused("no kitten in the pool", "no_kitten", colour=pos[8])
    elif kind == "c":
        if pos[5] == 0:
            raise Refused("no cat in the pool", "no_cat", colour=pos[8])
    else:
        raise ValueError(f"unknown piece kind {kind!r}")
    trace: list = []
    unmoved: list = []
    after = boop(pos, kind == "c", sq, trace, unmoved)
    r = kernel.settle(after, variant)
    turn = pos[8]
    if r.__class__ is int:
        winner, opts = (turn if r > 0 else turn ^ 1), ()
    else:
        winner, opts = None, tuple(r)
    return Placement(pos, kind, sq, after, tuple(sorted(trace, key=_file_rank)), winner, opts,
                     variant, tuple(sorted(unmoved, key=_file_rank)))


def _file_rank(entry: tuple) -> tuple[int, int]:
    return (entry[0] % 6, entry[0] // 6)


def apply(pos: Position, move: Move, variant: int = STANDARD) -> Position:
    """The position after a whole move. Pure. Raises ValueError naming the reason."""
    p = place(pos, move.kind, move.square, variant)
    if p.winner is not None or not p.options:
        if move.choice:
            raise ValueError("this move ends without a graduation, so it takes no choice")
        return p.finish()
    if move.choice == 0:
        if len(p.options) > 1:
            raise ValueError(f"the move needs a choice among {len(p.options)} options")
        return p.finish(p.options[0])
    if move.choice not in p.options:
        raise ValueError("the choice is not a line of three of the mover's pieces with a kitten,"
                         " nor (with all 8 on the bed) one of the mover's pieces")
    return p.finish(move.choice)


def legal_moves(pos: Position, variant: int = STANDARD) -> list[Move]:
    """Every legal move, choices expanded (each option of step 4 is a separate move)."""
    return [move for move, _ in successors(pos, variant)]


def successors(pos: Position, variant: int = STANDARD) -> list[tuple[Move, Position]]:
    """(move, position after) for every legal move, sharing the boop work between choices."""
    if pos[9] >= 0:
        return []
    nat = native.kernel()
    if nat is not None:
        return nat.successors(pos, variant, Position, Move)
    out = []
    append = out.append
    settle, take = RULES[variant]
    turn = pos[8]
    nxt = turn ^ 1
    empty = ~(pos[0] | pos[1] | pos[2] | pos[3]) & FULL
    kinds = [k for k, n in (("k", pos[4]), ("c", pos[5])) if n]
    while empty:
        low = empty & -empty
        sq = low.bit_length() - 1
        empty ^= low
        for kind in kinds:
            after = boop(pos, kind == "c", sq)
            r = settle(after)
            if r.__class__ is int:
                append((Move(kind, sq, 0), Position((*hand_over(after), nxt, turn if r > 0 else nxt))))
            elif r:
                for o in r:
                    append((Move(kind, sq, o), Position((*take(after, o), nxt, -1))))
            else:
                append((Move(kind, sq, 0), Position((*hand_over(after), nxt, -1))))
    return out


def perft(pos: Position, depth: int, variant: int = STANDARD) -> int:
    if depth == 0:
        return 1
    if pos[9] >= 0:
        return 0
    nat = native.kernel()
    if nat is not None:
        return nat.perft(pos, depth, variant)
    if depth == 1:
        return len(legal_moves(pos, variant))
    return sum(perft(child, depth - 1, variant) for _, child in successors(pos, variant))


def derive_winner(mk: int, mc: int, tk: int, tc: int, turn: int, variant: int) -> int:
    """The winner colour of a position read from text (-1: none); see kernel.winner_of."""
    r = kernel.winner_of(mk, mc, tk, tc, variant)
    return -1 if r == 0 else (turn if r > 0 else turn ^ 1)
