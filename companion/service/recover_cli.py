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

import sqlite3
import sys

from companion.service import statedir, storage
from companion.service.config import ConfigError
from companion.service.journal import DB_NAME, JournalError
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
        lines = abandon(state / DB_NAME) if args.abandon else storage.recover(state, DB_NAME)
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



def abandon(path) -> list[str]:
    """Mark the journal's unfinished game abandoned, nothing else touched."""
    import time

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
