"""Cat Attack (2-6 players): the companion as scorekeeper and assistant."""
from companion.games import register
from companion.games.cat_attack.game import INFO, CatAttack

register(INFO, CatAttack)

__all__ = ["CatAttack", "INFO"]
