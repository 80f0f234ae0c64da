"""Monster Mau Mau: the public-state engine, its notation and command line."""
from companion.games import register
from companion.games.monster_mau_mau.game import INFO, MonsterMauMau

register(INFO, MonsterMauMau)

__all__ = ["MonsterMauMau", "INFO"]
