"""The journal: every committed move, undo, new game and setting, in SQLite (WAL,
synchronous=FULL) in the service's state directory, so a power loss never loses a committed move.

The service writes a commit *before* it acknowledges it on the LEDs; each commit is one
transaction. The same database holds the game history and the control-card mapping.

    games(id, game, rules, start, first, started, ended, result, orange, grey)
    moves(game_id, ply, move, position, at)       -- the moves of each game, in order
    settings(key, value)                          -- language, ai colour
    cards(uid, function, name, added)             -- control cards (see cards.py)
"""
from __future__ import annotations

import logging
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion.service import storage
from companion.service.storage import StorageError

log = logging.getLogger("companion")

DB_NAME = "companion.db"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    rules TEXT,
    start TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    result TEXT NOT NULL DEFAULT 'unfinished',
    orange TEXT NOT NULL DEFAULT '',
    grey TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS moves(
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    position TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY(game_id, ply)
);
CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards(
    uid TEXT PRIMARY KEY,
    function TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    added REAL NOT NULL
);
"""


class JournalError(RuntimeError):
    pass


@dataclass
class GameRow:
    id: int
    game: str
    rules: str | None
    start: str
    started: float
    ended: float | None
    result: str
    orange: str
    grey: str
    moves: list[str] = field(default_factory=list)
    last_at: float | None = None

    @property
    def duration(self) -> float:
        end = self.ended if self.ended is not None else (self.last_at or self.started)
        return max(0.0, end - self.started)


def connect(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    if readonly:
        if not path.exists():
            raise JournalError(f"{path}: no journal yet; run `companion run` or `companion sim` first,"
                               " or pass --state DIR")
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10, isolation_level=None)
    else:
        conn = sqlite3.connect(str(path), timeout=10, isolation_level=None)
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise JournalError(f"{path}: SQLite refused WAL mode ({mode}); put the state directory on a"
                               " local file system")
        conn.executescript(_SCHEMA)
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA busy_timeout=10000")
    return conn


class Journal:
    """The service's writer. Keeps the current game's id and position so every commit can be
    checked against the engine before it is written."""

    def __init__(self, state_dir: Path, game, *, game_name: str = "maunz", clock=time.time) -> None:
        state_dir = Path(state_dir)
        try:
            state_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(f"{state_dir}: cannot create the state directory ({exc.strerror});"
                               " set [state] dir to a writable directory") from None
        self.path = state_dir / DB_NAME
        self.state_dir = state_dir
        self.game = game
        self.game_name = game_name
        self.clock = clock
        self.conn = None
        self.current: GameRow | None = None
        self._pos = None
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
        if row is None:
            self.current = None
            self._pos = None
            return
        self.current = load_game(self.conn, row[0])
        pos = self.game.parse_position(self.current.start)
        for text in self.current.moves:
            pos = self.game.apply(pos, self.game.parse_move(pos, text))
        self._pos = pos

    @property
    def resumable(self) -> bool:
        return self.current is not None and bool(self.current.moves)

    def start_position(self):
        return None if self.current is None else self.game.parse_position(self.current.start)

    def moves(self) -> list[str]:
        return [] if self.current is None else list(self.current.moves)

    def position(self):
        return self._pos

    # ---------------------------------------------------------------------------- writing
    def begin_game(self, start_text: str) -> GameRow:
        """Start a new game (the previous unfinished one must have been closed)."""
        now = self.clock()
        with self._tx():
            cur = self.conn.execute(
                "INSERT INTO games(game, rules, start, started) VALUES (?,?,?,?)",
                (self.game_name, self.game.rules, start_text, now))
        self.current = GameRow(cur.lastrowid, self.game_name, self.game.rules, start_text, now, None,
                               "unfinished", "", "")
        self._pos = self.game.parse_position(start_text)
        self._save_mark()
        return self.current

    def ensure_game(self, start_text: str) -> GameRow:
        return self.current if self.current is not None else self.begin_game(start_text)

    def write(self, commits) -> None:
        """Journal the referee's commits, each in its own durable transaction."""
        for c in commits:
            self.apply_commit(c.kind, c.move, c.position)

    def apply_commit(self, kind: str, move: str | None, position: str) -> None:
        now = self.clock()
        if kind == "move":
            self._move(move, position, now)
        elif kind == "undo":
            self._undo(position)
        elif kind in ("new_game", "abandon"):
            self._close("abandoned" if self._has_moves() else None, now)
            self.begin_game(position)
        elif kind == "settings":
            pass  # settings are written by set_setting(); the commit only marks the moment
        else:
            raise JournalError(f"unknown commit kind {kind!r}")

    def _has_moves(self) -> bool:
        return self.current is not None and bool(self.current.moves)

    def _move(self, text: str, position: str, now: float) -> None:
        if self.current is None or self.current.result != "unfinished":
            # A move after a win (or before any game): the referee started a new game implicitly.
            self.begin_game(self.game.format_position(self.game.initial_position()))
        pos = self._pos
        try:
            mv = self.game.parse_move(pos, text)
            after = self.game.apply(pos, mv)
        except ValueError as exc:
            raise JournalError(f"commit {text!r} is not legal in {self.game.format_position(pos)}: {exc}") from None
        canonical = self.game.format_move(pos, mv)
        ply = len(self.current.moves)
        winner = getattr(after, "winner", None)
        with self._tx():
            self.conn.execute("INSERT INTO moves(game_id, ply, move, position, at) VALUES (?,?,?,?,?)",
                              (self.current.id, ply, canonical, self.game.format_position(after), now))
            if winner is not None:
                result = ("orange", "grey")[winner]
                self.conn.execute("UPDATE games SET result=?, ended=? WHERE id=?", (result, now, self.current.id))
        self.current.moves.append(canonical)
        self.current.last_at = now
        self._pos = after
        if winner is not None:
            self.current.result = ("orange", "grey")[winner]
            self.current.ended = now
        self._save_mark()
        if winner is not None:
            self._backup(f"g{self.current.id:04d}")
        elif now - self._last_backup >= storage.DAILY:
            self._backup("daily")

    def _undo(self, position: str) -> None:
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
        self.current.moves.pop()
        pos = self.game.parse_position(self.current.start)
        for text in self.current.moves:
            pos = self.game.apply(pos, self.game.parse_move(pos, text))
        self._pos = pos

    def _close(self, result: str | None, now: float) -> None:
        """Close the current game: as `result` if it is unfinished, or delete it if it has no moves."""
        if self.current is None:
            return
        ended = bool(self.current.moves) and self.current.result == "unfinished" and bool(result)
        with self._tx():
            if not self.current.moves and self.current.result == "unfinished":
                self.conn.execute("DELETE FROM games WHERE id=?", (self.current.id,))
            elif self.current.result == "unfinished" and result:
                self.conn.execute("UPDATE games SET result=?, ended=? WHERE id=?", (result, now, self.current.id))
        if ended:
            self._backup(f"g{self.current.id:04d}")
        self.current = None
        self._pos = None

    def abandon(self, start_text: str | None = None) -> None:
        """Abandon the current game (after a power loss, when the players do not want to go on)."""
        self._close("abandoned", self.clock())
        self.begin_game(start_text or self.game.format_position(self.game.initial_position()))

    def set_player(self, colour: int, name: str) -> None:
        if self.current is None:
            return
        from companion.service.cards import clean_name

        column = ("orange", "grey")[colour]
        name = clean_name(name)
        with self._tx():
            self.conn.execute(f"UPDATE games SET {column}=? WHERE id=?", (name, self.current.id))
        setattr(self.current, column, name)

    def players(self) -> dict[str, str]:
        if self.current is None:
            return {"o": "", "g": ""}
        return {"o": self.current.orange, "g": self.current.grey}

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
        return _Transaction(self.conn)


class _Transaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self):
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StorageError(f"journal write failed ({storage.describe(exc)})") from None
        return self.conn

    def __exit__(self, exc_type, exc, tb):
        # A failed write (disk full, read-only, I/O error) becomes a StorageError: the service
        # keeps the commit in memory and retries; it never acknowledges it.
        failure = exc
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except sqlite3.Error as err:
                failure = err
        if self.conn.in_transaction:
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        if isinstance(failure, sqlite3.DatabaseError) and not isinstance(failure, sqlite3.IntegrityError):
            raise StorageError(f"journal write failed ({storage.describe(failure)})") from None
        if failure is not exc:
            raise failure
        return False


# -------------------------------------------------------------------------------- history
def load_game(conn: sqlite3.Connection, game_id: int) -> GameRow | None:
    row = conn.execute("SELECT id, game, rules, start, started, ended, result, orange, grey FROM games"
                       " WHERE id=?", (game_id,)).fetchone()
    if row is None:
        return None
    g = GameRow(*row)
    for move, at in conn.execute("SELECT move, at FROM moves WHERE game_id=? ORDER BY ply", (game_id,)):
        g.moves.append(move)
        g.last_at = at
    return g


def list_games(conn: sqlite3.Connection) -> list[GameRow]:
    ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]
    return [g for g in (load_game(conn, i) for i in ids) if g is not None]
