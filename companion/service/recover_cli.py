"""`companion recover`: after the service refused a damaged journal or one that lost history.

    companion recover [--state DIR | --config FILE]
    companion recover --abandon [--state DIR | --config FILE]

Moves companion.db (and its -wal/-shm) aside as *.damaged-<time> (nothing is deleted), restores
the newest backup that passes `PRAGMA quick_check` (backups/ in the state directory), and keeps
game ids above every id ever given out. Stop the service first.

With --abandon, the journal stays where it is and only its unfinished game is marked abandoned
(its moves are kept for `companion history`/`export`): for a game the service refused to resume,
so that a fresh game starts.
"""
from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from companion.service import statedir, storage
from companion.service.config import ConfigError
from companion.service.journal import DB_NAME, JournalError, connect
from companion.service.storage import StorageError
from companion.cliargs import OneLineParser


def main(argv: list[str] | None = None) -> int:
    p = OneLineParser(prog="companion recover", description=__doc__.split("\n\n")[0])
    statedir.add_arguments(p)
    p.add_argument("--abandon", action="store_true",
                   help="mark the unfinished game abandoned instead of restoring a backup")
    args = p.parse_args(argv)
    try:
        state = statedir.resolve(args)
        if not state.is_dir():
            raise StorageError(f"{state}: no state directory; pass --state DIR")
        lines = abandon(state / DB_NAME) if args.abandon else recover(state, DB_NAME)
        for line in lines:
            print(f"companion recover: {line}")
    except (ConfigError, JournalError, StorageError) as exc:
        print(f"companion recover: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        print(f"companion recover: {storage.describe(exc)}; check the state directory's permissions"
              " and free space", file=sys.stderr)
        return 2
    print("companion recover: done; start the service again")
    return 0


# Here, above both the storage guards (companion/service/storage.py) and the journal: recovery
# uses the guards' mark and backups and opens the journal, and the journal uses the guards.
def recover(state_dir: Path, db_name: str, *, out=None) -> list[str]:
    """Keep the damaged journal aside, restore the newest backup that opens cleanly (or start an
    empty journal), and make sure game ids are never reused. Returns what was done, line by line."""
    state_dir = Path(state_dir)
    db_path = state_dir / db_name
    mark = storage.Mark(db_path)
    try:
        mark.load()
    except StorageError:
        mark.max_id = mark.game = mark.ply = 0
    done = []
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    for suffix in ("", "-wal", "-shm"):
        src = Path(str(db_path) + suffix)
        if src.exists():
            dest = state_dir / f"{db_name}{suffix}.damaged-{stamp}"
            os.replace(src, dest)
            done.append(f"kept {src.name} as {dest}")
    restored = None
    for candidate in reversed(storage.backups(state_dir)):
        try:
            src = sqlite3.connect(f"file:{candidate}?mode=ro", uri=True)
            try:
                if [r[0] for r in src.execute("PRAGMA quick_check")] != ["ok"]:
                    continue
                dst = sqlite3.connect(str(db_path))
                try:
                    src.backup(dst)
                finally:
                    dst.close()
            finally:
                src.close()
        except sqlite3.DatabaseError:
            db_path.unlink(missing_ok=True)
            continue
        restored = candidate
        done.append(f"restored {candidate}")
        break
    if restored is None:
        done.append("no usable backup: starting an empty journal")
    conn = connect(db_path)
    try:
        highest, _ = storage.db_state(conn, 0)
        floor = max(highest, mark.max_id)
        conn.execute("BEGIN IMMEDIATE")
        # Ids stay above every id ever given out, so an export never overwrites an older game-NNNN.
        if conn.execute("SELECT 1 FROM sqlite_sequence WHERE name='games'").fetchone():
            conn.execute("UPDATE sqlite_sequence SET seq=? WHERE name='games'", (floor,))
        else:
            conn.execute("INSERT INTO sqlite_sequence(name, seq) VALUES ('games', ?)", (floor,))
        conn.execute("COMMIT")
        current = conn.execute("SELECT id FROM games WHERE result='unfinished' ORDER BY id DESC LIMIT 1"
                               ).fetchone()
        game = current[0] if current else floor
        plies = conn.execute("SELECT COUNT(*) FROM moves WHERE game_id=?", (game,)).fetchone()[0]
    finally:
        conn.close()
    new_mark = storage.Mark(db_path)
    new_mark.max_id = floor
    new_mark.save(game, plies)
    done.append(f"new games are numbered from {floor + 1}")
    return done


def abandon(path) -> list[str]:
    """Mark the journal's unfinished game abandoned, nothing else touched."""
    if not path.exists():
        raise StorageError(f"{path}: no journal here; pass --state DIR")
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT id, game FROM games WHERE result='unfinished' ORDER BY id DESC"
                           " LIMIT 1").fetchone()
        if row is None:
            return [f"{path}: no unfinished game; nothing to abandon"]
        with conn:
            conn.execute("UPDATE games SET result='abandoned', ended=? WHERE id=?", (time.time(), row[0]))
    finally:
        conn.close()
    return [f"{row[1]} game {row[0]} marked abandoned (its moves stay in the history)"]
