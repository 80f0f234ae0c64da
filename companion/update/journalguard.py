"""The journal across an update: an online copy before the switch, and on a rollback the copy
put back when the tried release changed the schema (the release we go back to would refuse it)."""
from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from companion.service import storage
from companion.service.journal import DB_NAME


def _version(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def snapshot(state_dir: Path, tag: str) -> Path | None:
    """A consistent copy of the journal (even while the service writes), owned like the journal."""
    db = Path(state_dir) / DB_NAME
    if not db.exists():
        return None
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        copy = storage.backup(conn, state_dir, tag)
    finally:
        conn.close()
    st = db.stat()
    for p in (copy, copy.parent):
        os.chown(p, st.st_uid, st.st_gid)
    return copy


def restore_if_newer(state_dir: Path, copy: Path | None, tried: str) -> str:
    """Put `copy` back if the journal's schema is newer than the copy's; the newer journal is
    kept aside. Returns what was done, for the rollback's line ('' when nothing)."""
    db = Path(state_dir) / DB_NAME
    if copy is None or not copy.exists() or not db.exists():
        return ""
    if _version(db) <= _version(copy):
        return ""
    aside = db.with_name(f"{DB_NAME}.from-{tried}")
    for suffix in ("", "-wal", "-shm"):
        src = Path(f"{db}{suffix}")
        if src.exists():
            os.replace(src, Path(f"{aside}{suffix}"))
    st = copy.stat()
    tmp = db.with_suffix(".restoring")
    shutil.copyfile(copy, tmp)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, db)
    return f"; the journal {tried} upgraded is kept as {aside.name} and the copy from before the update restored"
