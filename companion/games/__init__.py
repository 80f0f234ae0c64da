"""The game registry. Each game package registers a factory with its metadata; callers look games
up by name or alias (`get("boop")` is maunz.). A factory is called as
`factory(rules=frozenset_of_options, players=n_or_None, **settings)`; settings are game-specific
constructor arguments (maunz: `first=1` for grey to start).

New games (Cats, Monster Mau Mau, Cat Attack, Katzenjammer) register here the same way and are
picked up by the conformance test in tests/test_games_conformance.py automatically.
"""
from __future__ import annotations

from typing import Callable

from companion.games.base import (CHANCE, Game, GameError, GameInfo, IllegalMoveError,
                                  NotationError, Outcome, parse_rules)

__all__ = ["CHANCE", "Game", "GameError", "GameInfo", "IllegalMoveError", "NotationError",
           "Outcome", "register", "get", "info", "names", "infos"]

_FACTORIES: dict[str, Callable[..., Game]] = {}
_INFOS: dict[str, GameInfo] = {}
_ALIASES: dict[str, str] = {}


def register(info: GameInfo, factory: Callable[..., Game]) -> None:
    for key in (info.name, *info.aliases):
        if key in _ALIASES and _ALIASES[key] != info.name:
            raise ValueError(f"game name {key!r} is already registered by {_ALIASES[key]!r}")
        _ALIASES[key] = info.name
    _FACTORIES[info.name] = factory
    _INFOS[info.name] = info


def info(name: str) -> GameInfo:
    """The metadata of the game called `name` (or an alias); GameError naming it if unknown."""
    _load_builtin()
    key = _ALIASES.get(name.lower().rstrip(".")) or _ALIASES.get(name.lower())
    if key is None:
        raise GameError(f"unknown game {name!r}; known games: {', '.join(names())}")
    return _INFOS[key]


def get(name: str, rules=None, players: int | None = None, **settings) -> Game:
    """The game called `name` (or an alias) under the rules options `rules` (None: the rulebook;
    one name, a comma-separated list or an iterable) for `players` seats (None: the default)."""
    meta = info(name)
    chosen = parse_rules(meta, rules)
    if players is not None and not meta.min_players <= players <= meta.max_players:
        raise GameError(f"{meta.name} is for {meta.players} players, not {players}")
    return _FACTORIES[meta.name](rules=chosen, players=players, **settings)


def names() -> list[str]:
    _load_builtin()
    return sorted(_INFOS)


def infos() -> list[GameInfo]:
    _load_builtin()
    return [_INFOS[n] for n in sorted(_INFOS)]


_loaded = False


def _load_builtin() -> None:
    # Imported on first use so `import companion.games` stays cheap and cycle-free.
    global _loaded
    if not _loaded:
        _loaded = True
        import companion.games.maunz  # noqa: F401  (registers itself)
        import companion.games.katzenjammer  # noqa: F401
        import companion.games.monster_mau_mau  # noqa: F401
        import companion.games.cats  # noqa: F401
        import companion.games.cat_attack  # noqa: F401
