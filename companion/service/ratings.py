"""The players' ratings against the computer (issue 44, item 2), kept in the journal's `ratings`
table (journal_schema.py): after every finished maunz. game between a person and the computer, a
row with the person's Glicko-2 rating (companion/ai/glicko.py) after it. The newest row is the
person's rating; all rows are its history (the page's chart, web: GET /api/ratings).

A person is the name on their seat (a player card), or the guest ("") when the seat has none.
The computer's level is the opponent: its measured Elo (companion/ai/levels_elo.json) and its
interval as the RD. The adaptive level plays the level nearest the person's rating, so three wins
in a row raise it past the next level's Elo: the next game meets a stronger one.

A game is rated once (its journal id): undoing the winning move and winning again changes nothing.
"""
from __future__ import annotations

import logging
import sqlite3

from companion.ai.glicko import Rating, update
from companion.ai.levels import ADAPTIVE, level_named, nearest, strength

log = logging.getLogger("companion")

#: where a person's rating starts: the Elo of this level (today's default "medium"), RD 350
START_LEVEL = "4"
START_RD = 350.0


def start() -> Rating:
    return Rating(strength(START_LEVEL)[0], START_RD)


def opponent(level: str) -> Rating:
    """A level as a Glicko-2 opponent: its measured Elo, the 95 % interval / 1.96 as its RD."""
    return Rating(*strength(level))


def current(conn: sqlite3.Connection, name: str) -> Rating:
    """The person's rating now (the start for someone never rated)."""
    try:
        row = conn.execute("SELECT rating, rd, volatility FROM ratings WHERE name=? ORDER BY id DESC"
                           " LIMIT 1", (name,)).fetchone()
    except sqlite3.OperationalError:   # a read-only journal of an older version: no table yet
        return start()
    return start() if row is None else Rating(*row)


def history(conn: sqlite3.Connection) -> dict[str, list[dict]]:
    """Every rated person's ratings over time, oldest first: {name: [{at, rating, rd, level,
    score, game}]} ("" is the guest)."""
    try:
        rows = conn.execute("SELECT name, at, rating, rd, level, score, game_id FROM ratings ORDER BY id").fetchall()
    except sqlite3.OperationalError:
        return {}
    out: dict[str, list[dict]] = {}
    for name, at, rating, rd, level, score, game_id in rows:
        out.setdefault(name, []).append({"at": at, "rating": round(rating), "rd": round(rd),
                                         "level": level, "score": score, "game": game_id})
    return out


def rate(conn: sqlite3.Connection, name: str, level: str, score: float, game_id: int, at: float) -> Rating | None:
    """The person's rating after a game at `level` (score 1 won, 0.5 draw, 0 lost), written in
    one transaction; None if that game was rated already."""
    from companion.service.journal_schema import Transaction

    if conn.execute("SELECT 1 FROM ratings WHERE game_id=?", (game_id,)).fetchone():
        return None
    new = update(current(conn, name), [(opponent(level), score)])
    with Transaction(conn) as c:
        c.execute("INSERT INTO ratings(name, game_id, at, level, score, rating, rd, volatility)"
                  " VALUES (?,?,?,?,?,?,?,?)", (name, game_id, at, level_named(level).name, score,
                                                new.rating, new.rd, new.vol))
    return new


class PlayerRatings:
    """The service's collaborator: the level a search plays at (the adaptive level resolved for
    the person at the table) and the rating after each finished game against the computer."""

    def __init__(self, service) -> None:
        self.service = service

    def person(self) -> tuple[int, str] | None:
        """The seat and name of the one person playing the computer (maunz.: the seat the AI
        does not play); None when there is no such game (no AI, a remote game, two computers)."""
        svc = self.service
        seats = tuple(svc.table.ai_seats)
        if len(seats) != 1 or "level" not in svc.table.shared_settings or svc.remote.active:
            return None
        seat = 1 - seats[0]
        names = svc.journal.seat_players()
        return seat, names[seat] if seat < len(names) else ""

    def level(self) -> str:
        """The level the computer plays (and hints) at now: the table's, the adaptive one resolved."""
        svc = self.service
        level = svc.table.setting_values.get("level") or svc.config.game.ai_level
        if level != ADAPTIVE:
            return level_named(level).name
        who = self.person()
        return nearest(current(svc.journal.conn, who[1] if who else "").rating)

    def after_move(self) -> None:
        """A game just finished against the computer: rate the person (once a game)."""
        svc = self.service
        game = svc.journal.current
        who = self.person()
        if game is None or who is None or game.result in ("unfinished", "abandoned") or not game.moves:
            return
        seat, name = who
        seats = svc.journal.seat_names()
        score = 0.5 if game.result == "draw" else float(game.result == seats[seat])
        level = self.level()
        try:
            new = rate(svc.journal.conn, name, level, score, game.id, game.ended or svc.journal.clock())
        except Exception as exc:   # StorageError and the like: the game is journaled; the rating waits
            log.warning("rating of game %d not written: %s", game.id, exc)
            return
        if new is not None:
            log.info("game %d at level %s: %s now %.0f ± %.0f", game.id, level, name or "guest",
                     new.rating, 2 * new.rd)
