"""The shared shell of games whose engine returns (position, events) and whose notation module
parses `key=value` positions (Cats, Cat Attack): rules options, seats, errors that name the
move and the position, and text round trips."""
from __future__ import annotations

from types import ModuleType

from companion.games.base import CHANCE, Game, IllegalMoveError


class Refusal(IllegalMoveError):
    """An illegal move with its reason as data as well as English: `key` names the reason and
    `values` fill it in (cat and seat numbers as the players count them, 1-based; words as the
    notation's codes), so a table can say it in its own language while the command lines keep
    printing the engine's English message exactly."""

    def __init__(self, message: str, key: str = "", **values):
        super().__init__(message)
        self.key, self.values = key, values


class EventGame(Game):
    #: the game's notation module (parse_position, format_position, parse_move, format_move)
    notation: ModuleType
    #: the game's rules module (apply(position, move, rules) -> (position, events))
    engine: ModuleType

    def __init__(self, rules=frozenset(), players: int | None = None):
        self.rules_set = frozenset([rules] if isinstance(rules, str) else rules or ())
        self.players = self.info.min_players if players is None else players

    def seats(self, position) -> int:
        return position.seats

    def apply(self, position, move):
        return self.apply_with_events(position, move)[0]

    def apply_with_events(self, position, move) -> tuple[object, list]:
        """The position after `move` and the events to announce, as (name, value) pairs."""
        try:
            return self.engine.apply(position, move, self.rules_set)
        except IllegalMoveError as exc:
            # the same reason (key and values kept for the tables), now naming move and position
            raise Refusal(f"illegal move {self.format_move(position, move)!r} in"
                          f" {self.format_position(position)!r}: {exc}",
                          getattr(exc, "key", ""), **getattr(exc, "values", {})) from None

    def to_move(self, position) -> int:
        return CHANCE if position.turn is None else position.turn

    def parse_position(self, text: str):
        return self.notation.parse_position(text)

    def format_position(self, position) -> str:
        return self.notation.format_position(position)

    def parse_move(self, position, text: str):
        return self.notation.parse_move(text, self.format_position(position))

    def format_move(self, position, move) -> str:
        try:
            return self.notation.format_move(move)
        except (TypeError, IndexError, AttributeError):   # a hand-made move the notation lacks
            return repr(move)
