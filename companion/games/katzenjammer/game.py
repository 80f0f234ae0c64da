"""Katzenjammer as a registered Game: the roll is a chance move, a turn a move of the seat."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from companion.games.base import CHANCE, REFEREE, Game, GameInfo, IllegalMoveError, Outcome
from companion.games.katzenjammer import explain, notation, engine
from companion.games.katzenjammer.board import DIE_FACES, EMPTY
from companion.games.katzenjammer.engine import Position, Roll

INFO = GameInfo(
    name="katzenjammer",
    title="Katzenjammer",
    aliases=("kj",),
    min_players=2,
    max_players=4,
    served=REFEREE,
    rules_options=("two-dice",),
    description="'Mensch ärgere Dich nicht' with Miwin's dice (mgf. winkelmann): pairs move"
                " opponents, 6 swaps, 7 splits and captures; the companion rolls and judges.",
)

#: Colours in play by number of players: two sit opposite (r, g), three use r, b, g.
SEATING = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
ROLLS = tuple(Roll(d) for d in product(*DIE_FACES))  # 216 equally likely rolls


class Katzenjammer(Game):
    info = INFO
    reasons = explain.REASONS

    def __init__(self, rules=frozenset(), players: int | None = None, first: int = 0):
        if isinstance(rules, str):
            rules = frozenset([rules])
        self.rules_set = frozenset(rules or ())
        self.two_dice = "two-dice" in self.rules_set
        self.players = players or 2
        self.first = first  # the seat that rolls first (the service's `first` setting)

    def seats(self, position: Position) -> int:
        return len(position.colours)

    def initial_position(self) -> Position:
        colours = SEATING[self.players]
        return Position(colours, EMPTY, colours[self.first % len(colours)], None)

    def legal_moves(self, position: Position) -> list:
        if engine.game_over(position):
            return []
        if position.dice is None:
            return list(ROLLS)
        return [move for move, _ in engine.turn_moves(position, self.two_dice)]

    def chance_outcomes(self, position: Position) -> list:
        return [(r, Fraction(1, len(ROLLS))) for r in ROLLS] if position.dice is None else []

    def successors(self, position: Position) -> list[Position]:
        return engine.successors(position, self.two_dice)

    def apply(self, position: Position, move) -> Position:
        try:
            return engine.play(position, move, self.two_dice)
        except ValueError as exc:
            raise IllegalMoveError(f"illegal move {notation.format_move(move)!r} in"
                                   f" {notation.format_position(position)!r}: {exc}") from None

    def explain(self, position: Position, move) -> tuple:
        return explain.explain(position, move)

    def refusal(self, position: Position, text: str) -> tuple:
        # a turn the roll does not allow: what the roll allows, and what each die cannot move
        return explain.explain_roll(position) if position.dice is not None else ()

    def outcome(self, position: Position) -> Outcome | None:
        if not engine.game_over(position):
            return None
        mover = position.colours[position.colours.index(position.to_move) - 1]
        winner = engine.winner_among(position.colours, position.board, mover)
        return Outcome(position.colours.index(winner), "all four pieces in the stall")

    def to_move(self, position: Position) -> int:
        if position.dice is None and not engine.game_over(position):
            return CHANCE
        return position.colours.index(position.to_move)

    def parse_position(self, text: str) -> Position:
        return notation.parse_position(text)

    def format_position(self, position: Position) -> str:
        return notation.format_position(position)

    def parse_move(self, position: Position, text: str):
        return notation.parse_move(position, text)

    def format_move(self, position: Position, move) -> str:
        return notation.format_move(move)
