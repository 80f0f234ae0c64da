"""The table registry: a game's table logic, by the game's registered name.

A table is what the companion runs at the physical table for one game (the protocol is in
companion/tables/protocol.py; the layers and the checklist for a new game are in
docs/ARCHITECTURE.md). Each entry names the table's factory and, optionally, its page view
(`page_view(table, view) -> dict`: the web page's drawing of the game, merged into the
snapshot; without one the page shows the generic text view). Entries are "module:attribute" strings, imported on first use, so
`import companion.tables` stays cheap and a game's table loads only when it is played.

Adding a game's table is one line in TABLES.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

from companion.tables.protocol import Commit, Table, TableBase, TableView

__all__ = ["Commit", "Table", "TableBase", "TableView", "TABLES", "names", "has", "factory", "make",
           "page_view", "seat_names", "seat_keys"]

#: game name -> (table factory, page view or None, the seats as (key, name) pairs or ()).
#: Seat keys name the seats in the page's snapshot and in settings; seat names in the history
#: (results, exports). Without them seats are "1", "2", ...
TABLES: dict[str, tuple[str, str | None, tuple[tuple[str, str], ...]]] = {
    "maunz": ("companion.tables.maunz:MaunzTable", "companion.tables.maunz.page:page_view",
              (("o", "orange"), ("g", "grey"))),
    "katzenjammer": ("companion.tables.katzenjammer:KatzenjammerTable",
                     "companion.tables.katzenjammer.page:page_view", ()),
    "monster-mau-mau": ("companion.tables.monster_mau_mau:MauMauTable",
                        "companion.tables.monster_mau_mau.page:page_view", ()),
    "cats": ("companion.tables.cats:CatsTable", "companion.tables.cats.page:page_view", ()),
    "cat-attack": ("companion.tables.cat_attack:CatAttackTable",
                   "companion.tables.cat_attack.page:page_view", ()),
}


def _resolve(target: str):
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def _key(name: str) -> str:
    from companion.games import info

    return info(name).name  # aliases ("boop") and unknown names (GameError) as the registry says


def names() -> list[str]:
    """The registered games that have a table, in the registry's order of names."""
    from companion.games import names as game_names

    return [n for n in game_names() if n in TABLES]


def has(name: str) -> bool:
    try:
        return _key(name) in TABLES
    except ValueError:
        return False


def factory(name: str) -> Callable[..., Table]:
    key = _key(name)
    if key not in TABLES:
        from companion.games import GameError

        raise GameError(f"{key} has no table yet; games with a table: {', '.join(names())}")
    return _resolve(TABLES[key][0])


def make(game, position=None, **settings) -> Table:
    """The table for `game` (a companion.games.Game), started at `position` with `settings`
    (moves, settle, correction_delay, language, ai_seats, players: see protocol.py)."""
    return factory(game.info.name)(game, position, **settings)


def page_view(name: str) -> Callable[[Any, Any], dict] | None:
    """The page's drawing of the game (a function of the table), or None: the generic view."""
    entry = TABLES.get(_key(name))
    return None if entry is None or entry[1] is None else _resolve(entry[1])


def _seats(name: str, seats: int, which: int) -> tuple[str, ...]:
    try:
        entry = TABLES.get(_key(name))
    except ValueError:  # a game no longer registered, in an old history
        entry = None
    named = entry[2] if entry is not None else ()
    return tuple(named[s][which] if s < len(named) else str(s + 1) for s in range(seats))


def seat_names(name: str, seats: int) -> tuple[str, ...]:
    """What the journal and the history call the seats: maunz's colours, else "1", "2", ..."""
    return _seats(name, seats, 1)


def seat_keys(name: str, seats: int) -> tuple[str, ...]:
    """The seats' short keys in the page's snapshot and the settings: maunz "o", "g"."""
    return _seats(name, seats, 0)
