"""Cat Attack as a registered Game: the companion keeps score (lives, larders, shops, the car),
rolls the die, judges the cat fight and the reports the players make about their moves."""
from __future__ import annotations

from companion.games.base import (SCOREKEEPER, CHANCE, Game, GameError, GameInfo,
                                  IllegalMoveError, Outcome)
from companion.games.cat_attack import notation, rules
from companion.games.cat_attack.moves import legal_moves
from companion.games.cat_attack.state import MAX_LIVES, OVER, RULES_OPTIONS, Move, Position

INFO = GameInfo(
    name="cat-attack",
    title="Cat Attack",
    aliases=("catattack", "cat_attack"),
    min_players=2,
    max_players=6,
    served=SCOREKEEPER,
    rules_options=RULES_OPTIONS,
    description="Nine lives, six treats: the companion keeps lives, larders, shops and the car,"
                " rolls the die, judges the cat fight and checks the win.",
)

_REASONS = {"home": "six treats and home with an exact roll", "last": "the last cat standing",
            "draw": "the car took the last cats at once", "time": "time is up: lives + treats"}


class CatAttack(Game):
    info = INFO

    def __init__(self, rules=frozenset(), players: int | None = None, lives: int = MAX_LIVES):
        self.rules_set = frozenset([rules] if isinstance(rules, str) else rules or ())
        self.players = INFO.min_players if players is None else players
        if not isinstance(lives, int) or not 1 <= lives <= MAX_LIVES:
            raise GameError(f"lives={lives!r}: a cat starts with 1 to {MAX_LIVES} lives")
        self.lives = lives   # the shorter game: fewer than nine lives

    def seats(self, position: Position) -> int:
        return position.seats

    def initial_position(self) -> Position:
        return rules.initial(self.players, self.lives)

    def legal_moves(self, position: Position) -> list[Move]:
        return legal_moves(position, self.rules_set)

    def apply(self, position: Position, move: Move) -> Position:
        return self.apply_with_events(position, move)[0]

    def apply_with_events(self, position: Position, move: Move) -> tuple[Position, list]:
        """The position after `move` and what to announce (see rules.py for the event names)."""
        try:
            return rules.apply(position, move, self.rules_set)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"illegal event {self.format_move(position, move)!r} in"
                                   f" {self.format_position(position)!r}: {exc}") from None

    def outcome(self, position: Position) -> Outcome | None:
        if position.phase != OVER:
            return None
        ranking = rules.ranking(position) if position.end == "time" else ()
        return Outcome(position.turn, _REASONS[position.end], ranking)

    def to_move(self, position: Position) -> int:
        if position.turn is None:
            return CHANCE if position.phase != OVER else position.active
        return position.turn

    def parse_position(self, text: str) -> Position:
        return notation.parse_position(text)

    def format_position(self, position: Position) -> str:
        return notation.format_position(position)

    def parse_move(self, position: Position, text: str) -> Move:
        return notation.parse_move(text, self.format_position(position))

    def format_move(self, position: Position, move: Move) -> str:
        try:
            return notation.format_move(move)
        except (TypeError, IndexError):
            return repr(move)
