"""The game registry: each game's factory and its metadata; callers look games up by name or
alias (`get("boop")` is maunz.). A factory is called as
`factory(rules=frozenset_of_options, players=n_or_None, **settings)`; settings are game-specific
constructor arguments (maunz: `first=1` for grey to start).

The games are the lines of `companion.catalogue.GAMES`: each line's engine class is imported and
registered on the first lookup that needs it, so `import companion.games` stays cheap, and a new
line is picked up by the conformance test in tests/test_games_conformance.py automatically.
"""
from __future__ import annotations

from collections.abc import Callable

from companion import catalogue
from companion.games.errors import GameError, IllegalMoveError, NotationError

# Not typing.TYPE_CHECKING: importing `typing` costs a command line that needs only one game's
# notation (`companion katzenjammer successors`) a few milliseconds; type checkers treat a
# module-level TYPE_CHECKING = False as theirs.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from companion.games.base import Game, GameInfo

#: The verb set's names, re-exported from companion.games.base when first asked for: a command
#: that only needs a game's notation (`companion katzenjammer successors`) starts without it.
_FROM_BASE = ("CHANCE", "Game", "GameInfo", "Outcome", "parse_rules")

__all__ = ["CHANCE", "Game", "GameError", "GameInfo", "IllegalMoveError", "NotationError",
           "Outcome", "get", "info", "names", "infos"]

_FACTORIES: dict[str, Callable[..., Game]] = {}
_INFOS: dict[str, GameInfo] = {}
_ALIASES: dict[str, str] = {}


def _register(info: GameInfo, factory: Callable[..., Game]) -> None:
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
    from companion.games.base import parse_rules

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


def _load_builtin() -> None:
    # Each line of the catalogue not registered yet: its engine imported now. A game package
    # never imports the registry, so the registry and the games form no import cycle.
    for line in catalogue.GAMES:
        if line.name not in _INFOS:
            factory = catalogue.resolve(line.engine)
            meta = factory.info
            # the line's command names must be the game's own: `companion boop` is `get("boop")`
            wrong = [a for a in line.command_aliases if a not in meta.aliases]
            if meta.name != line.name or wrong:
                raise ValueError(f"catalogue line {line.name!r}: the engine's game is {meta.name!r}"
                                 f" with aliases {meta.aliases}; the command's aliases {wrong}"
                                 " are not among them")
            _register(meta, factory)


def __getattr__(name: str):
    if name in _FROM_BASE:
        from companion.games import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
