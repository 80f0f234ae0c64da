"""Katzenjammer ("Mensch ärgere Dich nicht" with Miwin's dice): board, rules, sevens, notation,
the registered game and the engine command line."""
# companion.games (the registry) registers INFO and the game: a game never imports the registry.
from companion.games.katzenjammer.game import INFO, Katzenjammer

__all__ = ["Katzenjammer", "INFO"]
