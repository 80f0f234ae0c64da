"""The events an event game (Cats, Cat Attack) went through, replayed from its table's moves for
the page's drawing: who played which reaction card, this turn's die rolls. The table keeps only
the moves and the current position, and the engine's events do not name who acted, so the page
replays them — once: the log is kept per table and extended as moves arrive (an undo or a new
game, which shortens or replaces the moves, starts it again). Pure: no I/O."""
from __future__ import annotations

import weakref
from dataclasses import dataclass

from companion.games.base import GameError


@dataclass(frozen=True)
class Entry:
    before: object        # the position the move was made in (who acted: before.turn)
    move: object          # the engine's move
    text: str             # the move as the table journaled it
    events: tuple         # what it caused, (name, value) pairs as the engine returns them


_LOGS: "weakref.WeakKeyDictionary[object, tuple]" = weakref.WeakKeyDictionary()


def entries(table) -> list[Entry]:
    """Every move of the table's current game with the position before it and its events."""
    start, moves = table.start_position, tuple(table.moves)
    cached = _LOGS.get(table)
    if cached is not None and cached[0] is start and moves[:len(cached[1])] == cached[1]:
        log, pos = list(cached[2]), cached[3]
        done = len(cached[1])
    else:
        log, pos, done = [], start, 0
    game = table.game
    for text in moves[done:]:
        try:
            move = game.parse_move(pos, text)
            after, events = game.apply_with_events(pos, move)
        except GameError:   # cannot happen for a table's own moves; the page then shows less
            break
        log.append(Entry(pos, move, text, tuple(events)))
        pos = after
    _LOGS[table] = (start, moves, tuple(log), pos)
    return log

