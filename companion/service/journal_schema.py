"""The journal's database: its schema (version 2), the upgrade of a round-1 database, opening it
(WAL, synchronous=FULL) and the one transaction every write is made in. The writer is
journal.py, the reads (history, export, resume) history.py.

    games(id, game, rules, start, started, ended, result, seats)
                                                  -- game: its registered name; rules: its rules
                                                     options (text, NULL: the rulebook); start:
                                                     the start position as text; result:
                                                     unfinished | abandoned | draw | the winning
                                                     seat's name (maunz: orange | grey)
    players(game_id, seat, name)                  -- who sat where (seats are 0..seats-1)
    moves(game_id, ply, move, position, at)       -- each game's moves and positions as text
    settings(key, value)                          -- language, ai seats ("grey", "2,3"), current
                                                     game, a table's own settings (dice:
                                                     companion | players, Katzenjammer)
    cards(uid, function, name, added)             -- control cards (see cards.py)
    ratings(id, name, game_id, at, level, score, rating, rd, volatility)
                                                  -- a person's Glicko-2 rating after each
                                                     finished game against the computer
                                                     (ratings.py; name "" the guest)
    puzzle_ratings(who, rating, rd, vol, at)      -- Glicko-2 ratings of maunz. puzzle solvers
                                                     ("player:NAME") and puzzles ("puzzle:ID")
    puzzle_attempts(id, player, puzzle, solved, at, rating, rd)
                                                  -- each puzzle attempt and the player's rating
                                                     after it (puzzle_store.py)
    personal_puzzles(puzzle, player, line, game, added)
                                                  -- puzzles made from a player's own reviewed
                                                     mistakes (line: the puzzle as JSON)

A table added later (ratings, the puzzles') is created on open by the schema's CREATE TABLE IF NOT EXISTS: an
older version reading the journal ignores it, so the version stays.

A round-1 database (version 0: maunz only, the players in `orange`/`grey` columns) is upgraded in
place on open, in one transaction: its names move into `players`, nothing else changes. Before
any upgrade the database is copied to backups/; one of a newer schema (a newer version wrote it)
is refused in one line and left untouched.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.service import storage
from companion.service.history import _columns
from companion.service.storage import StorageError

SCHEMA_VERSION = 2

_PLAYERS = """CREATE TABLE IF NOT EXISTS players(
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY(game_id, seat)
)"""
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    rules TEXT,
    start TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    result TEXT NOT NULL DEFAULT 'unfinished',
    seats INTEGER NOT NULL DEFAULT 2
);
%s;
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
CREATE TABLE IF NOT EXISTS ratings(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    game_id INTEGER NOT NULL UNIQUE,
    at REAL NOT NULL,
    level TEXT NOT NULL,
    score REAL NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_ratings(
    who TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    vol REAL NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_attempts(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solved INTEGER NOT NULL,
    at REAL NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS personal_puzzles(
    puzzle TEXT NOT NULL,
    player TEXT NOT NULL,
    line TEXT NOT NULL,
    game INTEGER,
    added REAL NOT NULL,
    PRIMARY KEY(puzzle, player)
);
""" % _PLAYERS


class JournalError(RuntimeError):
    pass


def connect(path: Path, *, readonly: bool = False) -> sqlite3.Connection:
    if readonly:
        if not path.exists():
            raise JournalError(f"{path}: no journal yet; run `companion run` or `companion sim` first,"
                               " or pass --state DIR")
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10, isolation_level=None)
        check_schema(conn, path, SCHEMA_VERSION)
    else:
        conn = sqlite3.connect(str(path), timeout=10, isolation_level=None)
        check_schema(conn, path, SCHEMA_VERSION, backup_older=True)  # before anything writes
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise JournalError(f"{path}: SQLite refused WAL mode ({mode}); put the state directory on a"
                               " local file system")
        upgrade(conn)
        conn.executescript(_SCHEMA)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA busy_timeout=10000")
    return conn


def check_schema(conn: sqlite3.Connection, path: Path, schema: int, backup_older: bool = False) -> None:
    """Before anything writes: a journal newer than `schema` (what this version reads) is refused
    and stays as the newer version left it (an update rolled back); an older one with games in
    it is copied to the backups first (`backup_older`), since the upgrade changes it."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError:
        return  # damaged: check_db names that, with its fix
    if version > schema:
        conn.close()
        raise JournalError(f"{path}: the journal has schema {version}, newer than this version of the companion"
                           f" reads ({schema}); it was left untouched: install the newer version again"
                           " (companion update), or use another state directory")
    if backup_older and version < schema and \
            conn.execute("SELECT 1 FROM sqlite_master WHERE name='games'").fetchone():
        storage.backup(conn, path.parent, f"schema{version}")


def upgrade(conn: sqlite3.Connection) -> None:
    """A round-1 database: names from games.orange/grey into players, in one transaction (a
    power loss during it leaves the round-1 database as it was)."""
    if "orange" not in _columns(conn, "games"):
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(_PLAYERS)
        for seat, column in enumerate(("orange", "grey")):
            conn.execute(f"INSERT OR IGNORE INTO players(game_id, seat, name) SELECT id, {seat}, {column}"
                         f" FROM games WHERE {column} != ''")
        conn.execute("ALTER TABLE games ADD COLUMN seats INTEGER NOT NULL DEFAULT 2")
        conn.execute("ALTER TABLE games DROP COLUMN orange")
        conn.execute("ALTER TABLE games DROP COLUMN grey")
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


class Transaction:
    """One write: BEGIN IMMEDIATE .. COMMIT, a failed write a StorageError (never acknowledged)."""

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
