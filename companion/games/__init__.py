"""The game registry. Each game package registers a factory `make(rules=None) -> Game` with its
metadata; callers look games up by name or alias (`get("boop")` is maunz.).

New games (Cats, Monster Mau Mau, Cat Attack, Katzenjammer) register here the same way and are
picked up by the conformance test in tests/test_games_conformance.py automatically.
"""
from __future__ import annotations

from typing import Callable

from companion.games.base import Game, GameError, GameInfo, IllegalMoveError, NotationError, Outcome

__all__ = ["Game", "GameError", "GameInfo", "IllegalMoveError", "NotationError", "Outcome",
           "register", "get", "names", "infos"]

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


def get(name: str, rules: str | None = None) -> Game:
    """The game called `name` (or an alias) under the named rules option (None: the rulebook)."""
    _load_builtin()
    key = _ALIASES.get(name.lower().rstrip("."))
    if key is None:
        raise GameError(f"unknown game {name!r}; known games: {', '.join(names())}")
    info = _INFOS[key]
    if rules is not None and rules not in info.rules_options:
        options = ", ".join(info.rules_options) or "none"
        raise GameError(f"unknown rules option {rules!r} for {key}; options: {options}")
    return _FACTORIES[key](rules=rules)


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
