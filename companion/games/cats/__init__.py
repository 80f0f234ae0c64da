"""Cats (2-4 players): the companion as assistant — secrets, reactions, challenges, the win."""
# companion.games (the registry) registers INFO and the game: a game never imports the registry.
from companion.games.cats.game import INFO, Cats

__all__ = ["Cats", "INFO"]
