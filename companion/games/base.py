"""The verb set every registered game offers (after OpenSpiel): an initial position, the legal
moves, a pure `apply`, and an `outcome`. Choices inside a turn are part of the move, so a game
is a plain tree of positions and every search, conformance test and referee uses the same verbs.

Positions are immutable and hashable; moves are immutable and round-trip through text.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Hashable, Sequence


class GameError(ValueError):
    """Bad input for a game: malformed or illegal notation, an invalid position. The one-line
    message names the input, the position (where there is one) and why."""


class NotationError(GameError):
    """Text that does not parse as a position or a move."""


class IllegalMoveError(GameError):
    """A well-formed move that is not legal in the given position."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: `winner` is a player index, or None for a draw."""

    winner: int | None
    reason: str = ""


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    aliases: tuple[str, ...]
    players: int
    rules_options: tuple[str, ...] = ()
    description: str = ""


class Game(ABC):
    """One game under one set of rules options. Stateless: all state is in the positions."""

    info: GameInfo

    @property
    def rules(self) -> str | None:
        return getattr(self, "_rules", None)

    @abstractmethod
    def initial_position(self) -> Hashable: ...

    @abstractmethod
    def legal_moves(self, position: Any) -> Sequence[Any]:
        """Every legal move; empty once the game is over."""

    @abstractmethod
    def apply(self, position: Any, move: Any) -> Any:
        """The position after `move`. Never mutates `position`; raises IllegalMoveError."""

    @abstractmethod
    def outcome(self, position: Any) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def to_move(self, position: Any) -> int: ...

    # Text round trips ---------------------------------------------------------------------
    @abstractmethod
    def parse_position(self, text: str) -> Any: ...

    @abstractmethod
    def format_position(self, position: Any) -> str: ...

    @abstractmethod
    def parse_move(self, position: Any, text: str) -> Any: ...

    @abstractmethod
    def format_move(self, position: Any, move: Any) -> str: ...
