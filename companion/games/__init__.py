"""The game registry. Each game has a factory and its metadata, registered here (the built-in
games by `_load_builtin`); callers look games up by name or alias (`get("boop")` is maunz.).
A factory is called as `factory(rules=frozenset_of_options, players=n_or_None, **settings)`;
settings are game-specific constructor arguments (maunz: `first=1` for grey to start).

New games (Cats, Monster Mau Mau, Cat Attack, Katzenjammer) are registered here the same way and
are picked up by the conformance test in tests/test_games_conformance.py automatically.
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
    # The built-in games, imported on first use so `import companion.games` stays cheap. The
    # registry registers them itself: a game package never imports the registry, so the
    # registry and the games form no import cycle.
    global _loaded
    if not _loaded:
        _loaded = True
        from companion.games.maunz.game import INFO as MAUNZ, Maunz
        from companion.games.katzenjammer.game import INFO as KATZENJAMMER, Katzenjammer
        from companion.games.monster_mau_mau.game import INFO as MONSTER_MAU_MAU, MonsterMauMau
        from companion.games.cats.game import INFO as CATS, Cats
        from companion.games.cat_attack.game import INFO as CAT_ATTACK, CatAttack

        for meta, factory in ((MAUNZ, Maunz), (KATZENJAMMER, Katzenjammer),
                              (MONSTER_MAU_MAU, MonsterMauMau), (CATS, Cats), (CAT_ATTACK, CatAttack)):
            register(meta, factory)
