"""The journal's games as read back: by the service when it resumes, by `companion history` and
`companion export` (read-only, so also from a round-1 database the service has not upgraded yet:
its player names are in `orange`/`grey` columns instead of the `players` table)."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field


@dataclass
class GameRow:
    id: int
    game: str
    rules: str | None
    start: str
    started: float
    ended: float | None
    result: str
    seats: int = 2
    players: list[str] = field(default_factory=list)   # one name per seat ("" = nobody said)
    moves: list[str] = field(default_factory=list)
    last_at: float | None = None
    hidden: bool = False   # moves and start as the table sees them (history_cli.table_view)

    def __post_init__(self) -> None:
        self.players = list(self.players) + [""] * (self.seats - len(self.players))

    @property
    def duration(self) -> float:
        end = self.ended if self.ended is not None else (self.last_at or self.started)
        return max(0.0, end - self.started)

    # Round 1's two columns, for maunz's records and callers that still ask for them.
    @property
    def orange(self) -> str:
        return self.players[0] if self.players else ""

    @property
    def grey(self) -> str:
        return self.players[1] if len(self.players) > 1 else ""


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def load_game(conn: sqlite3.Connection, game_id: int) -> GameRow | None:
    """One game with its players and moves; reads round-1 databases (never upgraded by a
    read-only reader) as well as today's."""
    columns = _columns(conn, "games")
    if "orange" in columns:  # round 1: two columns of names, maunz only
        row = conn.execute("SELECT id, game, rules, start, started, ended, result, orange, grey FROM games"
                           " WHERE id=?", (game_id,)).fetchone()
        if row is None:
            return None
        g = GameRow(*row[:7], seats=2, players=[row[7], row[8]])
    else:
        row = conn.execute("SELECT id, game, rules, start, started, ended, result, seats FROM games"
                           " WHERE id=?", (game_id,)).fetchone()
        if row is None:
            return None
        g = GameRow(*row)
        for seat, name in conn.execute("SELECT seat, name FROM players WHERE game_id=?", (game_id,)):
            if 0 <= seat < g.seats:
                g.players[seat] = name
    for move, at in conn.execute("SELECT move, at FROM moves WHERE game_id=? ORDER BY ply", (game_id,)):
        g.moves.append(move)
        g.last_at = at
    return g


def remote_seat(conn: sqlite3.Connection, game_id: int) -> int | None:
    """The seat a person at another companion played in game `game_id` (remote play keeps the
    setting `remote.game.<id>`: our side), or None."""
    import json

    try:
        row = conn.execute("SELECT value FROM settings WHERE key=?", (f"remote.game.{game_id}",)).fetchone()
        side = json.loads(row[0]).get("side") if row else None
    except (sqlite3.OperationalError, ValueError, AttributeError):   # round 1 had no settings
        return None
    return {"orange": 1, "grey": 0}.get(side)


def list_games(conn: sqlite3.Connection) -> list[GameRow]:
    ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]
    return [g for g in (load_game(conn, i) for i in ids) if g is not None]
