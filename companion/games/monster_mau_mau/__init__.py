"""Monster Mau Mau: the public-state engine, its notation and command line."""
# companion.games (the registry) registers INFO and the game: a game never imports the registry.
from companion.games.monster_mau_mau.game import INFO, MonsterMauMau

__all__ = ["MonsterMauMau", "INFO"]
