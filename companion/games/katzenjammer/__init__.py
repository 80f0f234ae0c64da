"""Katzenjammer ("Mensch ärgere Dich nicht" with Miwin's dice): board, rules, sevens, notation,
the registered game and the engine command line."""
# companion.games (the registry) registers INFO and the game: a game never imports the registry.
# Both are imported when first asked for, so the engine command line (cli.py) starts without the
# verb set (companion.games.base) when it does not need it.
__all__ = ["Katzenjammer", "INFO"]


def __getattr__(name: str):
    if name in __all__:
        from companion.games.katzenjammer import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
