"""The games' error types, apart from companion.games.base (which re-exports them): a command
that only parses and prints -- `companion katzenjammer successors` -- raises them without
importing the whole verb set (dataclasses, fractions), which would be a third of its start."""
from __future__ import annotations


class GameError(ValueError):
    """Bad input for a game: malformed or illegal notation, an invalid position. The one-line
    message names the input, the position (where there is one) and why."""

    #: the rule a refusal broke, as data (eventgame.Refusal sets them): "" when it names none
    key: str = ""
    values: dict = {}


class NotationError(GameError):
    """Text that does not parse as a position or a move."""


class IllegalMoveError(GameError):
    """A well-formed move that is not legal in the given position."""
