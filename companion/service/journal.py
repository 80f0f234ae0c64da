"""The journal's writer: every committed move, undo, new game and setting, in SQLite (WAL,
synchronous=FULL) in the service's state directory, so a power loss never loses a committed move.

The service writes a commit *before* it acknowledges it on the LEDs; each commit is one
transaction. The same database holds the game history and the control-card mapping, for every
game the companion plays. By concern: the schema, its upgrade from round 1, opening the database
and the transaction are journal_schema.py; the games as read back (history, export, the game a
restart resumes) are history.py; this module writes, and keeps the current game's position to
check every commit against the engine before it is written.
"""
from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

from companion.service import storage
# The games as read back (history, export, resume) and the database itself live beside:
# imported from here as before.
from companion.service.history import GameRow, list_games, load_game  # noqa: F401
from companion.service.journal_schema import (  # noqa: F401
    SCHEMA_VERSION,
    JournalError,
    Transaction,
    connect,
)
from companion.service.storage import StorageError

log = logging.getLogger("companion")

DB_NAME = "companion.db"
#: the setting naming the game chosen at the table (and the configured game then), which a
#: restart resumes even unplayed: "cats maunz"
CHOSEN = "chosen_game"
#: the game (its id) its table began (a "new_game" commit: Monster Mau Mau's deal), not the
#: service (boot, switch): a restart resumes it as begun, not at the table's set-up, before a move
BEGUN = "table_begun"


class Journal:
    """The service's writer. Keeps the current game's id and position so every commit can be
    checked against the engine before it is written.

    `game` is the game to start when there is nothing to resume. An unfinished game with moves
    resumes as the game it was (its name and rules from the database): then `self.game` is that
    game, not the one passed in."""

    def __init__(self, state_dir: Path, game, *, game_name: str | None = None, clock=time.time) -> None:
        state_dir = Path(state_dir)
        try:
            state_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(f"{state_dir}: cannot create the state directory ({exc.strerror});"
                               " set [state] dir to a writable directory") from None
        self.path = state_dir / DB_NAME
        self.state_dir = state_dir
        self.game = game
        self.game_name = game_name or game.info.name
        self.configured = self.game_name  # the configuration's game (self.game_name follows switches)
        self.clock = clock
        self.conn = None
        self.current: GameRow | None = None
        self._pos = None
        self._free_id: int | None = None  # a dropped empty game's id, for the next game
        self.mark = storage.Mark(self.path)
        self._last_backup = 0.0
        # Every check before READY: a damaged or unwritable journal is refused with one line.
        storage.probe_dir(state_dir)
        had_mark = self.mark.load()
        try:
            self.conn = connect(self.path)
            storage.check_db(self.conn, self.path)
            if had_mark:
                storage.check_mark(self.conn, self.mark, self.path)
            self._load_current()
        except sqlite3.DatabaseError as exc:
            self.close()
            raise storage.open_error(exc, self.path) from None
        except StorageError:
            self.close()
            raise
        try:
            self._save_mark()
        except OSError as exc:
            self.close()
            raise StorageError(f"{self.mark.path}: cannot write the high-water mark ({exc.strerror});"
                               " make the state directory writable and start again") from None
        if storage.backup_due(state_dir):
            self._backup("daily")

    # ---------------------------------------------------------------------------- reading
    def _load_current(self) -> None:
        row = self.conn.execute(
            "SELECT id FROM games WHERE result='unfinished' ORDER BY id DESC LIMIT 1").fetchone()
        self.current, self._pos = None, None
        if row is None:   # a new game: as many seats as the last one of this game had
            self.game = self.seated(self.game, self.last_seats(self.game_name))
            return
        current = load_game(self.conn, row[0])
        self.game = self.seated(self.game, current.seats) if current.game == self.game_name else self.game
        if (current.game, current.rules) != (self.game_name, self.game.rules):
            name, _, configured = (self.setting(CHOSEN) or "").partition(" ")
            chosen = (name, configured) == (current.game, self.game_name)
            if not current.moves and not chosen:
                # an unplayed game of another game that was not chosen at the table, or chosen
                # while the configuration named another game than now (edited since): the
                # configured game starts
                with self._tx():
                    self.conn.execute("DELETE FROM players WHERE game_id=?", (current.id,))
                    self.conn.execute("DELETE FROM games WHERE id=?", (current.id,))
                return
            from companion.games import get

            try:
                self.game, self.game_name = get(current.game, rules=current.rules), current.game
                self.game = self.seated(self.game, current.seats)
            except ValueError as exc:
                raise self.unresumable(current, exc) from None
        self.current = current
        try:
            self._pos = self._replay(current.moves)
        except ValueError as exc:
            self.current = None
            raise self.unresumable(current, exc) from None

    def last_seats(self, name: str) -> int | None:
        """How many played the last game of `name` that has moves (the player count the table
        asks for starts there, issue 46 item 11), or None."""
        row = self.conn.execute("SELECT seats FROM games WHERE game=? AND id IN (SELECT game_id FROM moves)"
                                " ORDER BY id DESC LIMIT 1", (name,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def seated(game, seats: int | None):
        """`game` for `seats` players (Katzenjammer, Cats, Cat Attack: a game object per count;
        a game whose table deals its seats, or of one count, as it is)."""
        from companion import tables
        from companion.games import get

        info = game.info
        if (not seats or info.min_players == info.max_players or not info.min_players <= seats <= info.max_players
                or not tables.has(info.name) or tables.factory(info.name).chooses_seats
                or game.seats(game.initial_position()) == seats):
            return game
        return get(info.name, rules=game.rules, players=seats, **game.parameters)

    def unresumable(self, game: GameRow, why) -> JournalError:
        """The one line for an unfinished game that cannot be resumed: named, the journal kept
        as it is, and the two ways on."""
        return JournalError(
            f"{self.path}: {game.game} game {game.id} cannot be resumed ({why}); the journal is kept"
            f" as it is: `companion recover --abandon` marks game {game.id} abandoned so a fresh game"
            " starts, `companion recover` restores the newest backup")

    def _replay(self, moves):
        pos = self.game.parse_position(self.current.start)
        for text in moves:
            pos = self.game.apply(pos, self.game.parse_move(pos, text))
        return pos

    @property
    def resumable(self) -> bool:
        return self.current is not None and bool(self.current.moves)

    @property
    def begun_at_table(self) -> bool:
        """The current game was begun by its table (a "new_game" commit), not by the service."""
        return self.current is not None and self.setting(BEGUN) == str(self.current.id)

    def start_position(self):
        return None if self.current is None else self.game.parse_position(self.current.start)

    def moves(self) -> list[str]:
        return [] if self.current is None else list(self.current.moves)

    def position(self):
        return self._pos

    # ---------------------------------------------------------------------------- writing
    def begin_game(self, start_text: str, game=None, *, chosen: bool = False, begun: bool = False) -> GameRow:
        """Start a new game (the previous unfinished one must have been closed); `game`: a game
        other than the current one (switching games at the table), `chosen` there (kept in the
        same transaction: a power cut cannot separate the game from its being chosen)."""
        if game is not None:
            self.game, self.game_name = game, game.info.name
        now = self.clock()
        pos = self.game.parse_position(start_text)
        seats = self.game.seats(pos)
        # the id of a game that ended with no moves (dropped from the history) goes on: the log
        # said "game N" when it began, and `companion history` lists the game played as N
        reuse, self._free_id = self._free_id, None
        with self._tx():
            cur = self.conn.execute(
                "INSERT INTO games(id, game, rules, start, started, seats) VALUES (?,?,?,?,?,?)",
                (reuse, self.game_name, self.game.rules, start_text, now, seats))
            if chosen:
                self.conn.execute("INSERT INTO settings(key, value) VALUES (?,?) ON CONFLICT(key)"
                                  " DO UPDATE SET value=excluded.value",
                                  (CHOSEN, f"{self.game_name} {self.configured}"))
            if begun:
                self.conn.execute("INSERT INTO settings(key, value) VALUES (?,?) ON CONFLICT(key)"
                                  " DO UPDATE SET value=excluded.value", (BEGUN, str(cur.lastrowid)))
        self.current = GameRow(cur.lastrowid, self.game_name, self.game.rules, start_text, now, None,
                               "unfinished", seats)
        self._pos = pos
        self._save_mark()
        return self.current

    def ensure_game(self, start_text: str) -> GameRow:
        return self.current if self.current is not None else self.begin_game(start_text)

    def write(self, commits) -> None:
        """Journal the table's commits, each in its own durable transaction."""
        for c in commits:
            self.apply_commit(c.kind, c.move, c.position, c.kept)

    def apply_commit(self, kind: str, move: str | None, position: str, kept: str | None = None) -> None:
        now = self.clock()
        if kind == "move":
            self._move(move, position, now, kept)
        elif kind == "undo":
            self._undo(position, kept)
        elif kind in ("new_game", "abandon"):
            self._close("abandoned" if self._has_moves() else None, now)
            self.begin_game(position, begun=kind == "new_game")
        elif kind == "settings":
            pass  # settings are written by set_setting(); the commit only marks the moment
        elif kind == "puzzle":
            self._puzzle_attempt(move, position, now)
        else:
            raise JournalError(f"unknown commit kind {kind!r}")

    def _puzzle_attempt(self, result: str, payload: str, now: float) -> None:
        """A puzzle attempt at the table (tables/maunz/puzzle.py): the player's and the puzzle's
        ratings and the attempt, in one transaction (service/puzzle_store.py); no game changes."""
        import json

        from companion.ai.puzzles import parse_line
        from companion.service.puzzle_store import PuzzleStore

        data = json.loads(payload)
        puzzle = parse_line(data["puzzle"], "the table's puzzle attempt")
        PuzzleStore(self.conn, []).record(data["player"], puzzle, result == "solved", now)

    def switch_game(self, game, start_text: str) -> GameRow:
        """Close the current game (abandoned if it has moves) and start one of `game`. The game
        chosen at the table is remembered as chosen, so it comes back after a power loss even
        before its first move (not the configured game)."""
        self._close("abandoned" if self._has_moves() else None, self.clock())
        return self.begin_game(start_text, game, chosen=True)

    def _has_moves(self) -> bool:
        return self.current is not None and bool(self.current.moves)

    def _result(self, position) -> str | None:
        outcome = self.game.outcome(position)
        if outcome is None:
            return None
        if outcome.winner is None:
            return "draw"
        return self.seat_names()[outcome.winner]

    def seat_names(self) -> tuple[str, ...]:
        from companion.tables import seat_names

        seats = self.current.seats if self.current is not None else self.game.info.min_players
        return seat_names(self.game_name, seats)

    def kept(self) -> str | None:
        """The chance draws the current game's table keeps after an undo (its own text), or None."""
        return None if self.current is None else self.setting(f"kept:{self.current.id}")

    def _keep(self, kept: str | None) -> None:
        """Inside a commit's transaction: the draws kept after it."""
        if kept is not None:
            self.conn.execute("INSERT INTO settings(key, value) VALUES (?,?) ON CONFLICT(key) DO UPDATE"
                              " SET value=excluded.value", (f"kept:{self.current.id}", kept))

    def _move(self, text: str, position: str, now: float, kept: str | None = None) -> None:
        if self.current is None or self.current.result != "unfinished":
            # A move after a win (or before any game): the table started a new game implicitly.
            self.begin_game(self.game.format_position(self.game.initial_position()))
        pos = self._pos
        try:
            mv = self.game.parse_move(pos, text)
            after = self.game.apply(pos, mv)
        except ValueError as exc:
            raise JournalError(f"commit {text!r} is not legal in {self.game.format_position(pos)}: {exc}") from None
        canonical = self.game.format_move(pos, mv)
        ply = len(self.current.moves)
        result = self._result(after)
        with self._tx():
            self.conn.execute("INSERT INTO moves(game_id, ply, move, position, at) VALUES (?,?,?,?,?)",
                              (self.current.id, ply, canonical, self.game.format_position(after), now))
            self._keep(kept)
            if result is not None:
                self.conn.execute("UPDATE games SET result=?, ended=? WHERE id=?", (result, now, self.current.id))
        self.current.moves.append(canonical)
        self.current.last_at = now
        self._pos = after
        if result is not None:
            self.current.result = result
            self.current.ended = now
        self._save_mark()
        if result is not None:
            self._backup(f"g{self.current.id:04d}")
        elif now - self._last_backup >= storage.DAILY:
            self._backup("daily")

    def _undo(self, position: str, kept: str | None = None) -> None:
        if self.current is None or not self.current.moves:
            return
        if self.current.result != "unfinished":  # undoing the winning move reopens the game
            with self._tx():
                self.conn.execute("UPDATE games SET result='unfinished', ended=NULL WHERE id=?",
                                  (self.current.id,))
            self.current.result, self.current.ended = "unfinished", None
        ply = len(self.current.moves) - 1
        self._save_mark(ply, strict=True)  # lowered before the delete: the mark stays a lower bound
        with self._tx():
            self.conn.execute("DELETE FROM moves WHERE game_id=? AND ply=?", (self.current.id, ply))
            self._keep(kept)
        self.current.moves.pop()
        self._pos = self._replay(self.current.moves)

    def _close(self, result: str | None, now: float) -> None:
        """Close the current game: as `result` if it is unfinished, or delete it if it has no moves."""
        if self.current is None:
            return
        ended = bool(self.current.moves) and self.current.result == "unfinished" and bool(result)
        with self._tx():
            if not self.current.moves and self.current.result == "unfinished":
                self.conn.execute("DELETE FROM players WHERE game_id=?", (self.current.id,))
                self.conn.execute("DELETE FROM games WHERE id=?", (self.current.id,))
            elif self.current.result == "unfinished" and result:
                self.conn.execute("UPDATE games SET result=?, ended=? WHERE id=?", (result, now, self.current.id))
        if ended:
            self._backup(f"g{self.current.id:04d}")
        if not self.current.moves and self.current.result == "unfinished":
            self._free_id = self.current.id  # dropped: the next game takes its id (begin_game)
        self.current = None
        self._pos = None

    def abandon(self, start_text: str | None = None) -> None:
        """Abandon the current game (after a power loss, when the players do not want to go on)."""
        self._close("abandoned", self.clock())
        self.begin_game(start_text or self.game.format_position(self.game.initial_position()))

    def set_player(self, seat: int, name: str) -> None:
        if self.current is None:
            return
        if not 0 <= seat < self.current.seats:
            raise JournalError(f"seat {seat} does not exist in a game for {self.current.seats}")
        from companion.service.cards import clean_name

        name = clean_name(name)
        with self._tx():
            self.conn.execute("INSERT INTO players(game_id, seat, name) VALUES (?,?,?) ON CONFLICT"
                              "(game_id, seat) DO UPDATE SET name=excluded.name", (self.current.id, seat, name))
        self.current.players[seat] = name

    def seat_players(self) -> tuple[str, ...]:
        """The current game's player names, one per seat."""
        if self.current is None:
            return ("",) * self.game.info.min_players
        return tuple(self.current.players)

    def players(self) -> dict[str, str]:
        """The names by seat key (maunz: "o", "g"; other games: "1", "2", ...)."""
        from companion.tables import seat_keys

        names = self.seat_players()
        return dict(zip(seat_keys(self.game_name, len(names)), names))

    def setting(self, key: str, default: str | None = None) -> str | None:
        row = self.conn.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return default if row is None else row[0]

    def set_setting(self, key: str, value: str) -> None:
        with self._tx():
            self.conn.execute("INSERT INTO settings(key, value) VALUES (?,?) "
                              "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, value))

    def _save_mark(self, ply: int | None = None, strict: bool = False) -> None:
        """Record the current game's ply in the high-water mark. After a commit that raised it, a
        failed write only leaves the mark lower (still a valid bound) and is retried next time;
        before a commit that lowers it (`strict`), a failed write stops that commit."""
        if self.current is None:
            return
        try:
            self.mark.save(self.current.id, len(self.current.moves) if ply is None else ply)
        except OSError as exc:
            if strict:
                raise StorageError(f"{self.mark.path}: cannot write ({exc.strerror})") from None
            self.mark.dirty = True
            log.warning("%s: cannot write (%s); retried at the next commit", self.mark.path, exc.strerror)

    def _backup(self, tag: str) -> None:
        try:
            path = storage.backup(self.conn, self.state_dir, tag)
        except (OSError, sqlite3.Error) as exc:
            log.warning("journal backup failed (%s); the journal itself is intact", storage.describe(exc))
            return
        self._last_backup = self.clock()
        log.debug("journal backed up to %s", path)

    def journal_mode(self) -> str:
        return self.conn.execute("PRAGMA journal_mode").fetchone()[0]

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _tx(self):
        return Transaction(self.conn)
