"""Fischnapf's rules: positions are (seat to move, fish left); moves are "1" and "2"."""
from __future__ import annotations

from companion.games.base import REFEREE, Game, GameInfo, IllegalMoveError, NotationError, Outcome, Parameter

INFO = GameInfo(name="fischnapf", title="Fischnapf", aliases=("fish",), min_players=2,
                max_players=2, served=REFEREE,
                parameters=(Parameter("fish", ("7", "5", "9"), "the fish in the bowl at the start"),))


class Fischnapf(Game):
    info = INFO

    def __init__(self, rules=frozenset(), players=None, fish: str = "7"):
        self.rules_set = frozenset(rules)
        self.fish = int(fish)

    @property
    def parameters(self):
        return {"fish": str(self.fish)}

    def initial_position(self):
        return (0, self.fish)

    def to_move(self, position):
        return position[0]

    def legal_moves(self, position):
        return [] if self.outcome(position) else [m for m in ("1", "2") if int(m) <= position[1]]

    def apply(self, position, move):
        if move not in self.legal_moves(position):
            raise IllegalMoveError(f"fischnapf: move {move!r} is not legal in "
                                   f"{self.format_position(position)!r}; take 1 or 2 fish, at most what is left")
        return (1 - position[0], position[1] - int(move))

    def outcome(self, position):
        # the seat that took the last fish is the one not to move now
        return Outcome(1 - position[0], "last fish") if position[1] == 0 else None

    def parse_position(self, text):
        try:
            seat, fish = (int(x) for x in text.split())
        except ValueError:
            raise NotationError(f"fischnapf position {text!r}: write 'SEAT FISH', e.g. '0 7'") from None
        if seat not in (0, 1) or not 0 <= fish <= self.fish:
            raise NotationError(f"fischnapf position {text!r}: seat 0 or 1, 0..{self.fish} fish")
        return (seat, fish)

    def format_position(self, position):
        return f"{position[0]} {position[1]}"

    def parse_move(self, position, text):
        if text not in ("1", "2"):
            raise NotationError(f"fischnapf move {text!r}: take '1' or '2' fish")
        return text

    def format_move(self, position, move):
        return move
