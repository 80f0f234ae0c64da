"""Purrtoe's rules: the seat to move puts one of its kittens on an empty square of a1..c3; three
of a seat's kittens in a row (a rank, a file or a diagonal of the 3x3 corner) win; nine kittens
and no row is a draw. A position is (seat to move, the nine squares a1 b1 c1 a2 .. c3: None or
the seat); its text "y:.y.v....." (the seat to move's key, then each square's piece or "."), a
move the square's name ("b2")."""
from __future__ import annotations

from companion.games.base import REFEREE, Game, GameInfo, IllegalMoveError, NotationError, Outcome
from companion.games.bed import Bed, BedSeat, PieceKind
from companion.words import COLS, square_name

#: the nine squares in play, as the bed's square numbers (a1 = 0, b1 = 1, c1 = 2, a2 = 6, ...)
CELLS = tuple(rank * COLS + file for rank in range(3) for file in range(3))
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

BED = Bed(seats=(BedSeat("y", "yellow", "purrtoe.seat.y", (255, 200, 0), "#e8b923"),
                 BedSeat("v", "violet", "purrtoe.seat.v", (150, 0, 255), "#8a4fd8")),
          kinds=(PieceKind("k", "purrtoe.kitten"),),
          squares=sum(1 << sq for sq in CELLS))

INFO = GameInfo(name="purrtoe", title="Purrtoe", aliases=("ptoe",), min_players=2, max_players=2,
                served=REFEREE, description="three kittens in a row on the bed's 3x3 corner", bed=BED)
KEYS = "yv"


class Purrtoe(Game):
    info = INFO

    def __init__(self, rules=frozenset(), players=None):
        self.rules_set = frozenset(rules)

    def initial_position(self):
        return (0, (None,) * 9)

    def to_move(self, position):
        return position[0]

    def legal_moves(self, position):
        if self.outcome(position) is not None:
            return []
        return [CELLS[i] for i, cell in enumerate(position[1]) if cell is None]

    def apply(self, position, move):
        if move not in self.legal_moves(position):
            raise IllegalMoveError(f"purrtoe: {square_name(move) if isinstance(move, int) else move!r} is not"
                                   f" a move in {self.format_position(position)!r}; put a kitten on an"
                                   " empty square of a1..c3 while the game is on")
        cells = list(position[1])
        cells[CELLS.index(move)] = position[0]
        return (1 - position[0], tuple(cells))

    def outcome(self, position):
        cells = position[1]
        for line in LINES:
            seat = cells[line[0]]
            if seat is not None and all(cells[i] == seat for i in line):
                return Outcome(seat, "three in a row")
        return Outcome(None, "draw", ranking=((0, 1),)) if None not in cells else None

    # the bed (its declaration: BED)
    def bed_pieces(self, position):
        return {CELLS[i]: KEYS[seat] for i, seat in enumerate(position[1]) if seat is not None}

    def pool(self, position, seat):
        return {"k": 5 - sum(cell == seat for cell in position[1]) - (seat == 1)}

    def placed_square(self, position, move):
        return move

    # notation
    def parse_position(self, text):
        turn, _, cells = text.partition(":")
        if turn not in KEYS or len(cells) != 9 or set(cells) - set(KEYS + "."):
            raise NotationError(f"purrtoe position {text!r}: write the seat to move (y or v), ':' and"
                                " the nine squares a1..c3 rank by rank, each y, v or '.'")
        return (KEYS.index(turn), tuple(None if c == "." else KEYS.index(c) for c in cells))

    def format_position(self, position):
        return KEYS[position[0]] + ":" + "".join("." if c is None else KEYS[c] for c in position[1])

    def parse_move(self, position, text):
        names = {square_name(sq): sq for sq in CELLS}
        if text not in names:
            raise NotationError(f"purrtoe move {text!r}: a square of a1..c3, e.g. 'b2'")
        return names[text]

    def format_move(self, position, move):
        return square_name(move)
