"""The maunz. rules (../shared/rules/maunz.md): positions, moves, placement with boops, the win
check, graduation and retirement. Pure and allocation-light, because the AI searches with it.

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

from companion.games.maunz.board import FULL, NEIGHBOURS, PUSHES, has_line, lines_in

ORANGE, GREY = 0, 1
PIECES = 8

# Rules variants (named options in maunz.md). Ints keep the hot path cheap.
STANDARD = 0
OPPONENT_CATS_WIN = 1
KIDS = 2
VARIANT_BY_NAME = {None: STANDARD, "opponent-cats-win": OPPONENT_CATS_WIN, "kids": KIDS}
VARIANT_NAMES = {v: k for k, v in VARIANT_BY_NAME.items()}


class Position(tuple):
    __slots__ = ()

    def __new__(cls, fields) -> "Position":
        return tuple.__new__(cls, fields)

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
        from companion.games.maunz.notation import format_position

        return f"Position({format_position(self)!r})"


class Move(NamedTuple):
    """One whole turn: the piece kind ('k' kitten, 'c' cat), the square placed on, and the
    choice made in step 4 as a bitmask (a line of three, or one retired piece; 0 when none)."""

    kind: str
    square: int
    choice: int = 0

    def __str__(self) -> str:
        from companion.games.maunz.notation import format_move

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

    def finish(self, choice: int = 0) -> Position:
        if self.winner is not None or not self.options:
            if choice:
                raise ValueError("this placement takes no choice")
            return _swap(self.after, self.before[8], -1 if self.winner is None else self.winner)
        if choice not in self.options:
            raise ValueError("choice is not one of the options")
        return _take(self.after, choice, self.before[8])


def initial(turn: int = ORANGE) -> Position:
    return Position((0, 0, 0, 0, PIECES, 0, PIECES, 0, turn, -1))


def _swap(after: tuple, turn: int, winner: int) -> Position:
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = after
    return Position((tk, tc, mk, mc, tkp, tcp, mkp, mcp, turn ^ 1, winner))


def _take(after: tuple, choice: int, turn: int) -> Position:
    # Kittens in the choice leave the game and bring one cat each from the reserve to the pool;
    # cats in the choice go back to the pool. Either way the pool gains one cat per square --
    # except in the kids variant, where a retired kitten simply returns to the pool.
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = after
    return Position((tk, tc, mk & ~choice, mc & ~choice, tkp, tcp,
                     mkp, mcp + choice.bit_count(), turn ^ 1, -1))


def _take_kids(after: tuple, choice: int, turn: int) -> Position:
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = after
    return Position((tk, tc, mk & ~choice, mc, tkp, tcp, mkp + 1, mcp, turn ^ 1, -1))


def boop(pos: Position, cat: bool, sq: int, trace: list | None = None) -> tuple:
    """Place and push. Returns (mk, mc, tk, tc, mkp, mcp, tkp, tcp) from the mover's view.

    Every destination lies two squares from the placed piece on its own ray, so no push can land
    on another push's source or destination: testing against the occupancy *before* the pushes
    is exact and the order of pushes does not matter.
    """
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = pos[:8]
    bit = 1 << sq
    if cat:
        mc |= bit
        mcp -= 1
        movable = (mk | mc | tk | tc) & NEIGHBOURS[sq]
    else:
        mk |= bit
        mkp -= 1
        movable = (mk | tk) & NEIGHBOURS[sq]  # kittens cannot boop cats
    if movable:
        occ = mk | mc | tk | tc
        for nbit, dbit in PUSHES[sq]:
            if not movable & nbit:
                continue
            if dbit:
                if occ & dbit:
                    continue  # blocked: two pieces in a line are not pushed into each other
                if mk & nbit:
                    mk ^= nbit | dbit
                elif tk & nbit:
                    tk ^= nbit | dbit
                elif mc & nbit:
                    mc ^= nbit | dbit
                else:
                    tc ^= nbit | dbit
            else:  # off the bed: back to its owner's pool, a cat stays a cat
                if mk & nbit:
                    mk ^= nbit
                    mkp += 1
                elif tk & nbit:
                    tk ^= nbit
                    tkp += 1
                elif mc & nbit:
                    mc ^= nbit
                    mcp += 1
                else:
                    tc ^= nbit
                    tcp += 1
            if trace is not None:
                trace.append((nbit.bit_length() - 1, dbit.bit_length() - 1 if dbit else None))
    return mk, mc, tk, tc, mkp, mcp, tkp, tcp


def outcome_after(after: tuple, variant: int) -> int:
    """Step 3: 1 if the mover won, -1 if the opponent won (option opponent-cats-win), else 0."""
    if variant == KIDS:
        return 1 if has_line(after[0]) else 0
    mc = after[1]
    if has_line(mc) or mc.bit_count() == PIECES:
        return 1
    if variant == OPPONENT_CATS_WIN and has_line(after[3]):
        return -1
    return 0


def options_after(after: tuple, variant: int) -> list[int]:
    """Step 4 options (masks) for a mover who did not win: lines with a kitten, and, with all
    pieces on the bed (empty pool), each single piece. Ruling: taking one is mandatory."""
    mk, mc = after[0], after[1]
    opts = [] if variant == KIDS else [ln for ln in lines_in(mk | mc) if ln & mk]
    if after[4] == 0 and after[5] == 0:
        m = mk if variant == KIDS else mk | mc
        while m:
            low = m & -m
            opts.append(low)
            m ^= low
    return opts


def place(pos: Position, kind: str, sq: int, variant: int = STANDARD) -> Placement:
    """Steps 1-3 with the details the referee and the CLI show. Raises ValueError if the
    placement itself is illegal."""
    if pos[9] >= 0:
        raise ValueError("the game is over")
    if not 0 <= sq < 36:
        raise ValueError(f"no square {sq}")
    if (pos[0] | pos[1] | pos[2] | pos[3]) >> sq & 1:
        raise ValueError("the square is occupied")
    if kind == "k":
        if pos[4] == 0:
            raise ValueError("no kitten in the pool")
    elif kind == "c":
        if pos[5] == 0:
            raise ValueError("no cat in the pool")
    else:
        raise ValueError(f"unknown piece kind {kind!r}")
    trace: list = []
    after = boop(pos, kind == "c", sq, trace)
    result = outcome_after(after, variant)
    turn = pos[8]
    winner = None if result == 0 else (turn if result > 0 else turn ^ 1)
    opts = () if winner is not None else tuple(options_after(after, variant))
    return Placement(pos, kind, sq, after, tuple(sorted(trace, key=_file_rank)), winner, opts)


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
        return _finish_choice(p.after, p.options[0], pos[8], variant)
    if move.choice not in p.options:
        raise ValueError("the choice is not a line of three of the mover's pieces with a kitten,"
                         " nor (with all 8 on the bed) one of the mover's pieces")
    return _finish_choice(p.after, move.choice, pos[8], variant)


def _finish_choice(after: tuple, choice: int, turn: int, variant: int) -> Position:
    return (_take_kids if variant == KIDS else _take)(after, choice, turn)


def legal_moves(pos: Position, variant: int = STANDARD) -> list[Move]:
    """Every legal move, choices expanded (each option of step 4 is a separate move)."""
    return [move for move, _ in successors(pos, variant)]


def successors(pos: Position, variant: int = STANDARD) -> list[tuple[Move, Position]]:
    """(move, position after) for every legal move, sharing the boop work between choices."""
    if pos[9] >= 0:
        return []
    out = []
    turn = pos[8]
    take = _take_kids if variant == KIDS else _take
    empty = ~(pos[0] | pos[1] | pos[2] | pos[3]) & FULL
    kinds = [k for k, n in (("k", pos[4]), ("c", pos[5])) if n]
    while empty:
        low = empty & -empty
        sq = low.bit_length() - 1
        empty ^= low
        for kind in kinds:
            after = boop(pos, kind == "c", sq)
            result = outcome_after(after, variant)
            if result:
                out.append((Move(kind, sq, 0), _swap(after, turn, turn if result > 0 else turn ^ 1)))
                continue
            opts = options_after(after, variant)
            if opts:
                out.extend((Move(kind, sq, o), take(after, o, turn)) for o in opts)
            else:
                out.append((Move(kind, sq, 0), _swap(after, turn, -1)))
    return out


def perft(pos: Position, depth: int, variant: int = STANDARD) -> int:
    if depth == 0:
        return 1
    if pos[9] >= 0:
        return 0
    if depth == 1:
        return len(legal_moves(pos, variant))
    return sum(perft(child, depth - 1, variant) for _, child in successors(pos, variant))


def derive_winner(mk: int, mc: int, tk: int, tc: int, turn: int, variant: int) -> int:
    """The winner of a position read from text (see the module docstring). The player who just
    moved (`them`) won if they hold a winning pattern now: any such pattern at the end of their
    turn was checked in their step 3. Under opponent-cats-win, a cat line of the player to move
    can only have been made by the previous mover's pushes, so it is already a win."""
    if variant == KIDS:
        return turn ^ 1 if has_line(tk) else -1
    if has_line(tc) or tc.bit_count() == PIECES:
        return turn ^ 1
    if variant == OPPONENT_CATS_WIN and has_line(mc):
        return turn
    return -1
