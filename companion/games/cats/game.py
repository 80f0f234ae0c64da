"""Cats as a registered Game: the companion keeps the secrets and judges reactions, challenges
and claimed wins; moving the pieces on the board stays on the honour system."""
from __future__ import annotations

from companion.games.base import ASSISTANT, CHANCE, Game, GameInfo, IllegalMoveError, Outcome
from companion.games.cats import notation, rules
from companion.games.cats.state import (CHARACTERS, OBJECT_NAMES, OVER, RULES_OPTIONS, Move,
                                        Position)

INFO = GameInfo(
    name="cats",
    title="Cats",
    aliases=("katzen",),
    min_players=2,
    max_players=4,
    served=ASSISTANT,
    rules_options=RULES_OPTIONS,
    hidden_information=True,
    description="Secret cats and favourite objects: the companion keeps the secrets, judges"
                " Miau/Schnurr reactions and challenges, and verifies a claimed win.",
)


class Cats(Game):
    info = INFO

    def __init__(self, rules=frozenset(), players: int | None = None):
        self.rules_set = frozenset([rules] if isinstance(rules, str) else rules or ())
        self.players = INFO.min_players if players is None else players

    def seats(self, position: Position) -> int:
        return position.seats

    def initial_position(self) -> Position:
        return rules.initial(self.players)

    def legal_moves(self, position: Position) -> list[Move]:
        return rules.legal_moves(position, self.rules_set)

    def apply(self, position: Position, move: Move) -> Position:
        return self.apply_with_events(position, move)[0]

    def apply_with_events(self, position: Position, move: Move) -> tuple[Position, list]:
        """The position after `move` and what to announce: ("draw", seat), ("reshuffle", True),
        ("locked", cat), ("window", "none"|"closed"), ("challenge", "right"|"wrong"),
        ("revealed", (cat, seat)), ("extra_turn", seat), ("winner", seat)."""
        try:
            return rules.apply(position, move, self.rules_set)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"illegal move {self.format_move(position, move)!r} in"
                                   f" {self.format_position(position)!r}: {exc}") from None

    def outcome(self, position: Position) -> Outcome | None:
        if position.phase != OVER:
            return None
        cat, obj = position.win
        return Outcome(position.turn, f"cat {cat + 1} found the {OBJECT_NAMES[obj]}"
                                      f" (the {CHARACTERS[obj]} cat)")

    def to_move(self, position: Position) -> int:
        return CHANCE if position.turn is None else position.turn

    def observation(self, position: Position, seat: int | None = None) -> str:
        return notation.format_position(position, viewer=seat)

    def judge_win(self, position: Position, cat: int, obj: int) -> int | None:
        """The seat that wins if cat `cat` (0-4) entered the field of object `obj` (0-3), or None
        (the claim fails and play goes on). Reveals nothing beyond the verdict."""
        owner = position.owner_of(cat)
        return owner if owner is not None and position.secrets[owner][1] == obj else None

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
