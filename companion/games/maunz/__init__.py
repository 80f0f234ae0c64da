"""maunz. (boop.): engine, notation, game records and the engine command line."""
# companion.games (the registry) registers INFO and the game: a game never imports the registry.
from companion.games.maunz.game import INFO, Maunz

__all__ = ["Maunz", "INFO"]
