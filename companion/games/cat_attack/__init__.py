"""Cat Attack (2-6 players): the companion as scorekeeper and assistant."""
# companion.games (the registry) registers INFO and the game: a game never imports the registry.
from companion.games.cat_attack.game import INFO, CatAttack

__all__ = ["CatAttack", "INFO"]
