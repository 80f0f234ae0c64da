"""`companion recover`: after the service refused a damaged journal or one that lost history.

    companion recover [--state DIR | --config FILE]

Moves companion.db (and its -wal/-shm) aside as *.damaged-<time> (nothing is deleted), restores
the newest backup that passes `PRAGMA quick_check` (backups/ in the state directory), and keeps
game ids above every id ever given out. Stop the service first.
"""
from __future__ import annotations

import argparse
import sqlite3
import sys

from companion.service import statedir, storage
from companion.service.config import ConfigError
from companion.service.journal import DB_NAME, JournalError
from companion.service.storage import StorageError


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="companion recover", description=__doc__.split("\n\n")[0])
    statedir.add_arguments(p)
    args = p.parse_args(argv)
    try:
        state = statedir.resolve(args)
        if not state.is_dir():
            raise StorageError(f"{state}: no state directory; pass --state DIR")
        for line in storage.recover(state, DB_NAME):
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

