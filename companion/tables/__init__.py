"""The table registry: a game's table logic, by the game's registered name.

A table is what the companion runs at the physical table for one game (the protocol is in
companion/tables/protocol.py; the layers and the checklist for a new game are in
docs/ARCHITECTURE.md). A game's table, its page view (`page_view(table, view) -> dict`: the web
page's drawing of the game, merged into the snapshot; without one the page shows the generic
text view) and its seats are named in its line of `companion.catalogue.GAMES`, imported on first
use, so `import companion.tables` stays cheap and a game's table loads only when it is played.
"""
from __future__ import annotations

from typing import Any, Callable

from companion import catalogue
from companion.tables.protocol import Commit, OwnCard, Table, TableBase, TableView

__all__ = ["Commit", "OwnCard", "Table", "TableBase", "TableView", "names", "has", "factory", "make",
           "page_view", "seat_names", "seat_keys", "own_card_functions"]


def _table_line(name: str) -> catalogue.Entry | None:
    """The catalogue's line of `name` (an alias too) if the game has a table; GameError if the
    game is unknown."""
    line = catalogue.entry(_key(name))
    return line if line is not None and line.table is not None else None


def _key(name: str) -> str:
    from companion.games import info

    return info(name).name  # aliases ("boop") and unknown names (GameError) as the registry says


def names() -> list[str]:
    """The registered games that have a table, in the registry's order of names."""
    from companion.games import names as game_names

    return [n for n in game_names() if _table_line(n) is not None]


def has(name: str) -> bool:
    try:
        return _table_line(name) is not None
    except ValueError:
        return False


def factory(name: str) -> Callable[..., Table]:
    line = _table_line(name)
    if line is None:
        from companion.games import GameError

        raise GameError(f"{_key(name)} has no table yet; games with a table: {', '.join(names())}")
    return catalogue.resolve(line.table)


def make(game, position=None, **settings) -> Table:
    """The table for `game` (a companion.games.Game), started at `position` with `settings`
    (moves, settle, correction_delay, language, ai_seats, players: see protocol.py)."""
    return factory(game.info.name)(game, position, **settings)


def page_view(name: str) -> Callable[[Any, Any], dict] | None:
    """The page's drawing of the game (a function of the table), or None: the generic view."""
    line = _table_line(name)
    return None if line is None or line.page is None else catalogue.resolve(line.page)


def own_card_functions() -> dict[str, OwnCard]:
    """Every table's own card functions (`TableBase.own_card_functions`), in the catalogue's
    order; a function two tables declare must mean the same at both."""
    out: dict[str, OwnCard] = {}
    order = [line.name for line in catalogue.GAMES]
    for name in sorted(names(), key=order.index):   # as the catalogue lists them: maunz's first
        for function, own in factory(name).own_card_functions.items():
            if out.setdefault(function, own) != own:
                raise ValueError(f"card function {function!r}: {name}'s table declares it other than"
                                 " another table does")
    return out


def _seats(name: str, seats: int, which: int) -> tuple[str, ...]:
    try:
        line = _table_line(name)
    except ValueError:  # a game no longer registered, in an old history
        line = None
    named = line.seats if line is not None else ()
    if line is not None and not named:   # a bed game's seats are its bed's (companion/games/bed.py)
        from companion.games import info

        bed = info(name).bed
        named = tuple((seat.key, seat.name) for seat in bed.seats) if bed is not None else ()
    return tuple(named[s][which] if s < len(named) else str(s + 1) for s in range(seats))


def seat_names(name: str, seats: int) -> tuple[str, ...]:
    """What the journal and the history call the seats: maunz's colours, else "1", "2", ..."""
    return _seats(name, seats, 1)


def seat_keys(name: str, seats: int) -> tuple[str, ...]:
    """The seats' short keys in the page's snapshot and the settings: maunz "o", "g"."""
    return _seats(name, seats, 0)
