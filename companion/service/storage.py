"""Guards around the journal's storage: a start-up check, a high-water mark that notices lost
history and automatic backups. Recovery from them (`companion recover`) is recover_cli.py's: it
opens the journal, which is above this module (the journal uses these guards).

Why a mark: SQLite cannot tell a database that lost its newest transactions (a truncated file,
a `-wal` file lost after a power cut: between checkpoints the moves live only there) from one
that never had them; it opens both as healthy. The mark file beside the database holds the
highest game id ever used and the current game's ply; it is fsync'd after every commit that
raises it (before one that lowers it), so it is always a lower bound of what the database
must hold. A database below its mark has lost history, and the service refuses to start.

    companion.db.mark       {"max_id": 12, "game": 12, "ply": 30}
    backups/companion-<time>-g<id>.db   online backups (SQLite backup API), newest few kept
"""
from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
import time
from pathlib import Path

from companion.ui.i18n import text

log = logging.getLogger("companion.storage")

MARK_SUFFIX = ".mark"
BACKUP_DIR = "backups"
KEEP_BACKUPS = 6
DAILY = 24 * 3600.0


class StorageError(RuntimeError):
    """The journal cannot be read or written; the one-line message says how to recover."""


def describe(exc: BaseException) -> str:
    """One line for a sqlite3 or OS error."""
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def recover_hint(state_dir: Path) -> str:
    newest = newest_backup(state_dir)
    where = f" (newest backup: {newest})" if newest else " (no backup yet)"
    return (f"run `companion recover --state {state_dir}` to keep the damaged files aside and restore"
            f" the newest backup{where}")


# ------------------------------------------------------------------------------ the mark
class Mark:
    def __init__(self, db_path: Path) -> None:
        self.path = Path(str(db_path) + MARK_SUFFIX)
        self.max_id = 0
        self.game = 0
        self.ply = 0
        self.dirty = False

    def load(self) -> bool:
        """Read the mark; False when there is none (a new state directory, or an older version)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.max_id, self.game, self.ply = int(data["max_id"]), int(data["game"]), int(data["ply"])
        except FileNotFoundError:
            return False
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise StorageError(f"{self.path}: unreadable high-water mark ({describe(exc)}); it guards"
                               " the journal against lost history: "
                               f"{recover_hint(self.path.parent)}") from None
        return True

    def save(self, game: int, ply: int) -> None:
        """Write (game, ply) durably: temp file, fsync, rename, fsync the directory."""
        self.max_id = max(self.max_id, game)
        self.game, self.ply = game, ply
        tmp = self.path.with_name(self.path.name + ".tmp")
        data = json.dumps({"max_id": self.max_id, "game": game, "ply": ply}).encode()
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)
        _fsync_dir(self.path.parent)
        self.dirty = False


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def db_state(conn: sqlite3.Connection, game: int) -> tuple[int, int | None]:
    """(highest game id the database ever gave out, plies of `game` or None if it is gone)."""
    seq = conn.execute("SELECT seq FROM sqlite_sequence WHERE name='games'").fetchone()
    top = conn.execute("SELECT MAX(id) FROM games").fetchone()[0] or 0
    highest = max(top, seq[0] if seq else 0)
    if not conn.execute("SELECT 1 FROM games WHERE id=?", (game,)).fetchone():
        return highest, None
    return highest, conn.execute("SELECT COUNT(*) FROM moves WHERE game_id=?", (game,)).fetchone()[0]


def check_mark(conn: sqlite3.Connection, mark: Mark, db_path: Path) -> None:
    """Raise StorageError when the database holds less than the mark says was committed."""
    highest, plies = db_state(conn, mark.game)
    lost = None
    if highest < mark.max_id:
        lost = f"it ends at game {highest}, but game {mark.max_id} was started"
    elif mark.ply and (plies is None or plies < mark.ply):
        lost = f"game {mark.game} has {plies or 0} moves, but {mark.ply} were committed"
    if lost:
        raise StorageError(f"journal {db_path} has lost history ({lost}; was the file truncated or"
                           f" its -wal file lost?): {recover_hint(db_path.parent)}")


# ------------------------------------------------------------------------------ start-up checks
def probe_dir(state_dir: Path) -> None:
    """A real write (and fsync) in the state directory: a read-only or full file system fails here,
    before READY, instead of on the first move."""
    probe = state_dir / ".write-probe"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"probe" * 820)  # a few KB: a nearly full disk fails too
            os.fsync(fd)
        finally:
            os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StorageError(f"state directory {state_dir}: the disk is full ({describe(exc)}); free"
                               " some space and start again") from None
        raise StorageError(f"state directory {state_dir} is not writable ({describe(exc)}); make it"
                           " writable by the service's user and start again") from None


def check_db(conn: sqlite3.Connection, db_path: Path) -> None:
    """PRAGMA quick_check and a durable write probe."""
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
        if rows != ["ok"]:
            raise damaged(db_path, rows)
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("INSERT INTO settings(key, value) VALUES ('last_start', ?) ON CONFLICT(key)"
                         " DO UPDATE SET value=excluded.value", (str(time.time()),))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    except sqlite3.DatabaseError as exc:
        raise open_error(exc, db_path) from None


def damaged(db_path: Path, report: list[str]) -> StorageError:
    """The refusal of a journal that fails SQLite's integrity check: one line naming its first
    problem. The report comes in several lines ("*** in database main ***\nPage 6: ..."), so the
    whole of it goes to the log, a line each, and never into the refusal."""
    lines = [line.strip() for row in report for line in str(row).splitlines()]
    lines = [line for line in lines if line and not line.startswith("***")] or ["no details"]
    for line in lines:
        log.info("journal %s: integrity check: %s", db_path, line)
    more = f"; {len(lines) - 1} more in the log" if len(lines) > 1 else ""
    return StorageError(f"journal {db_path} is damaged ({lines[0][:120]}{more}): {recover_hint(db_path.parent)}")


def open_error(exc: BaseException, db_path: Path) -> StorageError:
    """The one line for a database that cannot be opened or written."""
    text = describe(exc)
    if "readonly" in text or "read-only" in text or isinstance(exc, PermissionError):
        return StorageError(f"journal {db_path} is read-only ({text}); make it and its directory"
                            " writable by the service's user and start again")
    if "full" in text:
        return StorageError(f"journal {db_path}: the disk is full ({text}); free some space and start again")
    return StorageError(f"journal {db_path} is damaged ({text}): {recover_hint(db_path.parent)}")


# ------------------------------------------------------------------------------ backups
def backups(state_dir: Path) -> list[Path]:
    return sorted((Path(state_dir) / BACKUP_DIR).glob("companion-*.db"))


def newest_backup(state_dir: Path) -> Path | None:
    found = backups(state_dir)
    return found[-1] if found else None


def backup(conn: sqlite3.Connection, state_dir: Path, tag: str, keep: int = KEEP_BACKUPS) -> Path:
    """An online backup (consistent even while the service writes), then the oldest pruned."""
    folder = Path(state_dir) / BACKUP_DIR
    folder.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    dest = folder / f"companion-{stamp}-{tag}.db"
    tmp = dest.with_suffix(".tmp")
    target = sqlite3.connect(str(tmp))
    try:
        conn.backup(target)
    finally:
        target.close()
    os.replace(tmp, dest)
    for old in backups(state_dir)[:-keep]:
        old.unlink(missing_ok=True)
    return dest


def backup_due(state_dir: Path, now: float | None = None) -> bool:
    newest = newest_backup(state_dir)
    if newest is None:
        return True
    try:
        return (time.time() if now is None else now) - newest.stat().st_mtime >= DAILY
    except OSError:
        return True


# ------------------------------------------------------------------------------ running
class PendingCommits:
    """The referee's commits that are not durable yet. `flush` writes them in order with
    `write_one` (the journal); a StorageError keeps the rest, in memory, for a retry with backoff.
    A commit is acknowledged on the LEDs only after `flush` returned True."""

    def __init__(self, write_one) -> None:
        self.write_one = write_one
        self.items: list = []
        self.problem: str | None = None
        self.failures = 0
        self.retry_at = 0.0
        self.resumed = ""

    @property
    def paused(self) -> bool:
        return bool(self.items)

    def due(self, now: float) -> bool:
        return now >= self.retry_at

    def flush(self, now: float, commits=()) -> bool:
        self.items.extend(commits)
        while self.items:
            try:
                self.write_one(self.items[0])
            except StorageError as exc:
                self.problem = str(exc)
                self.failures += 1
                self.retry_at = now + min(5.0, 0.25 * 2 ** min(self.failures, 5))
                return False
            self.items.pop(0)
        if self.failures:
            self.resumed = f"{self.failures} failed attempts, nothing lost"
        self.problem, self.failures = None, 0
        return True


def _problem_leds():
    from hardware.interfaces import SQUARES, Effect, LedCell, LedFrame

    # Every square blinks red: nobody mistakes it for a move's acknowledgement.
    return LedFrame((LedCell((160, 0, 0), Effect.BLINK),) * SQUARES)


PROBLEM_LEDS = _problem_leds()


def render_problem(language: str):
    """The OLED while a commit is not durable."""
    from PIL import Image, ImageDraw

    from companion.ui.oled import font as oled_font

    lines = [text(f"storage_problem.{part}", language) for part in ("head", 1, 2, 3, 4)]
    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    d.font = oled_font()  # the OLED's Latin-1 font: Pillow's own default has no umlauts
    d.text((0, 0), lines[0], fill=1)
    d.line((0, 11, 127, 11), fill=1)
    for i, line in enumerate(lines[1:]):
        d.text((0, 14 + 12 * i), line, fill=1)
    return img
