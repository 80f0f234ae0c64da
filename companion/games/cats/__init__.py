"""Cats (2-4 players): the companion as assistant — secrets, reactions, challenges, the win."""
from companion.games import register
from companion.games.cats.game import INFO, Cats

register(INFO, Cats)

__all__ = ["Cats", "INFO"]
