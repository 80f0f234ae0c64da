"""Positions and moves written as text, exactly as docs/rules/maunz-notation.md fixes them.

This is the notation's writing half. It sits below the engine (it needs only the board's square
names and a position's colour-absolute views), so that `Position.__repr__` and `Move.__str__` in
engine.py can use it without the engine importing notation.py, which imports the engine to read
text (reading needs the rules). notation.py re-exports these functions: import them from there.
"""
from __future__ import annotations

from typing import Protocol

from companion.games.maunz.board import SQUARE_NAMES, file_rank_key, squares_of


class _Position(Protocol):
    """What writing needs of an engine.Position (the engine is above this module)."""

    @property
    def turn(self) -> int: ...

    def piece_at(self, sq: int) -> str | None: ...

    def pool(self, colour: int) -> tuple[int, int]: ...


class _Move(Protocol):
    """What writing needs of an engine.Move."""

    kind: str
    square: int
    choice: int


def format_position(pos: _Position) -> str:
    rows = []
    for rank in range(5, -1, -1):
        row, gap = "", 0
        for file in range(6):
            piece = pos.piece_at(rank * 6 + file)
            if piece is None:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += piece
        rows.append(row + (str(gap) if gap else ""))
    pools = [f"{k}k{c}c" for k, c in (pos.pool(0), pos.pool(1))]
    return f"{'/'.join(rows)} {'og'[pos.turn]} {pools[0]} {pools[1]}"


def format_choice(mask: int) -> str:
    return "".join(SQUARE_NAMES[sq] for sq in sorted(squares_of(mask), key=file_rank_key))


def format_move(move: _Move) -> str:
    text = move.kind + SQUARE_NAMES[move.square]
    return text + ("/" + format_choice(move.choice) if move.choice else "")
