"""The maunz. puzzles' memory in the journal (companion/service/journal_schema.py):
Glicko-2 ratings of players and puzzles, every attempt, and the personal puzzles made from a
player's own reviewed mistakes.

Each attempt is one transaction (both ratings and the attempt row, synchronous=FULL): once
`record` returns, a power loss loses nothing; a failed write raises StorageError and changes
nothing. Players are named as the table knows its seats; nobody named is the guest.
"""
from __future__ import annotations

import datetime
import sqlite3

from companion.ai import puzzles
from companion.ai.glicko import Rating, attempt
from companion.service.journal_schema import Transaction

GUEST = "guest"
PUZZLE_RD = 200.0  # a new puzzle's rating is an estimate from its solution, not a guess


def _player(name: str | None) -> str:
    return f"player:{(name or '').strip() or GUEST}"


class PuzzleStore:
    def __init__(self, conn: sqlite3.Connection, pzs: list[puzzles.Puzzle] | None = None) -> None:
        self.conn = conn
        self.pzs = puzzles.load() if pzs is None else pzs
        self.by_id = {p.id: p for p in self.pzs}

    # ratings ---------------------------------------------------------------------------------
    def _rating(self, who: str, default: Rating) -> Rating:
        row = self.conn.execute("SELECT rating, rd, vol FROM puzzle_ratings WHERE who=?", (who,)).fetchone()
        return default if row is None else Rating(*row)

    def player_rating(self, name: str | None) -> Rating:
        return self._rating(_player(name), Rating())

    def puzzle_rating(self, pz: puzzles.Puzzle) -> Rating:
        return self._rating(f"puzzle:{pz.id}", Rating(float(pz.rating), PUZZLE_RD))

    def record(self, name: str | None, pz: puzzles.Puzzle, solved: bool, now: float) -> Rating:
        """One attempt: both ratings updated and the attempt kept, in one transaction. Returns
        the player's new rating."""
        with Transaction(self.conn) as c:
            player, puzzle = attempt(self.player_rating(name), self.puzzle_rating(pz), solved)
            for who, r in ((_player(name), player), (f"puzzle:{pz.id}", puzzle)):
                c.execute("INSERT OR REPLACE INTO puzzle_ratings(who, rating, rd, vol, at) VALUES (?,?,?,?,?)",
                          (who, r.rating, r.rd, r.vol, now))
            c.execute("INSERT INTO puzzle_attempts(player, puzzle, solved, at, rating, rd) VALUES (?,?,?,?,?,?)",
                      (_player(name), pz.id, int(solved), now, player.rating, player.rd))
        return player

    def history(self, name: str | None) -> list[tuple[float, float]]:
        """(time, rating after) of each attempt, oldest first: the rating chart."""
        return [(at, r) for at, r in self.conn.execute(
            "SELECT at, rating FROM puzzle_attempts WHERE player=? ORDER BY id", (_player(name),))]

    def last_change(self, name: str | None) -> tuple[float, float] | None:
        """(the rating after the player's last attempt, how much that attempt moved it); None
        before any attempt. What the table says after an attempt ("Your rating: 1480, down 20")."""
        rows = self.conn.execute("SELECT rating FROM puzzle_attempts WHERE player=? ORDER BY id DESC LIMIT 2",
                                 (_player(name),)).fetchall()
        if not rows:
            return None
        return rows[0][0], rows[0][0] - (rows[1][0] if len(rows) > 1 else Rating().rating)

    def attempted(self, name: str | None) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT DISTINCT puzzle FROM puzzle_attempts WHERE player=?",
                                                (_player(name),))}

    def solved(self, name: str | None) -> list[str]:
        """The ids of the puzzles solved, most recent first."""
        rows = self.conn.execute("SELECT puzzle, MAX(id) FROM puzzle_attempts WHERE player=? AND solved=1"
                                 " GROUP BY puzzle ORDER BY MAX(id) DESC", (_player(name),))
        return [r[0] for r in rows]

    # personal puzzles ------------------------------------------------------------------------
    def add_personal(self, name: str | None, pz: puzzles.Puzzle, game_id: int | None, now: float) -> None:
        """`now`: when the player's game began (the journal's games.started), not when its review
        found the puzzle: the table says "from your game on" that day."""
        with Transaction(self.conn) as c:
            c.execute("INSERT OR IGNORE INTO personal_puzzles(puzzle, player, line, game, added) VALUES (?,?,?,?,?)",
                      (pz.id, _player(name), pz.to_json(), game_id, now))

    def personal(self, name: str | None) -> list[tuple[puzzles.Puzzle, float]]:
        """The player's own puzzles not solved yet, oldest first, with the time of their game."""
        done = set(self.solved(name))
        rows = self.conn.execute("SELECT line, added FROM personal_puzzles WHERE player=? ORDER BY added",
                                 (_player(name),))
        out = []
        for line, added in rows:
            pz = puzzles.parse_line(line, "the journal's personal puzzles")
            if pz.id not in done:
                out.append((pz, added))
        return out

    def _personal_puzzle(self, name: str | None, pid: str) -> puzzles.Puzzle | None:
        row = self.conn.execute("SELECT line FROM personal_puzzles WHERE player=? AND puzzle=?",
                                (_player(name), pid)).fetchone()
        return None if row is None else puzzles.parse_line(row[0], "the journal's personal puzzles")

    # choosing --------------------------------------------------------------------------------
    def next_for(self, name: str | None, rng, theme: str | None = None, now: float | None = None,
                 skip: str | None = None) -> tuple[puzzles.Puzzle, float | None, bool] | None:
        """The player's next puzzle, as (puzzle, when the player's own game was or None, the
        puzzle of the day?): their own mistakes first, then the puzzle of the day (`now`: wall
        time) until they tried it, then one near their rating; of `theme` if one is chosen;
        never `skip` (the puzzle just left, whose attempt may not be written yet). None when all
        are solved."""
        mine = [m for m in self.personal(name) if m[0].id != skip]
        if mine:
            return (*mine[0], False)
        if now is not None:
            daily = self.of_the_day(now)
            if (theme is None or theme in daily.tags) and daily.id not in self.attempted(name) | {skip}:
                return daily, None, True
        now = dict(self.conn.execute("SELECT substr(who, 8), rating FROM puzzle_ratings WHERE who LIKE 'puzzle:%'"))
        # a theme chosen: every puzzle whose solution has that idea (its tags), not only the ones
        # filed under it
        pool = [p for p in self.pzs if theme in p.tags] if theme else self.pzs
        pz = puzzles.choose_next(pool, self.player_rating(name).rating, set(self.solved(name)) | {skip}, rng,
                                 rating_of=lambda p: now.get(p.id, p.rating))
        return None if pz is None else (pz, None, False)

    def stats(self, name: str | None, last: int = 10) -> dict:
        """For the page: the rating, its history ([time, rating after] of each attempt, for the
        chart's dates) and the last puzzles solved (with the time they were solved)."""
        solved = []
        rows = self.conn.execute("SELECT puzzle, MAX(at) FROM puzzle_attempts WHERE player=? AND solved=1"
                                 " GROUP BY puzzle ORDER BY MAX(id) DESC", (_player(name),))
        for pid, at in rows:
            pz = self.by_id.get(pid) or self._personal_puzzle(name, pid)
            if pz is not None:
                solved.append({"id": pid, "theme": pz.theme, "horizon": pz.horizon, "at": at})
            if len(solved) == last:
                break
        return {"player": (name or "").strip(), "guest": not (name or "").strip(),
                "rating": self.player_rating(name).rating,
                "history": [[at, round(r)] for at, r in self.history(name)], "solved": solved}

    def of_the_day(self, now: float) -> puzzles.Puzzle:
        return puzzles.of_the_day(self.pzs, datetime.date.fromtimestamp(now).isoformat())
