"""Katzenjammer ("Mensch ärgere Dich nicht" with Miwin's dice): board, rules, sevens, notation,
the registered game and the engine command line."""
from companion.games import register
from companion.games.katzenjammer.game import INFO, Katzenjammer

register(INFO, Katzenjammer)

__all__ = ["Katzenjammer", "INFO"]
