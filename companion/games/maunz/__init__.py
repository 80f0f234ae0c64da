"""maunz. (boop.): engine, notation, game records and the engine command line."""
from companion.games import register
from companion.games.maunz.game import INFO, Maunz

register(INFO, Maunz)

__all__ = ["Maunz", "INFO"]
