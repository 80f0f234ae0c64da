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


def _fsync(path: Path, directory: bool = False) -> None:
    fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if directory else 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def snapshot(state_dir: Path, tag: str) -> Path | None:
    """A consistent copy of the journal (even while the service writes), owned like the journal,
    and on the disk before the breadcrumb that names it is written."""
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
    _fsync(copy)
    _fsync(copy.parent, directory=True)
    return copy


def needs_restore(state_dir: Path, copy: Path | None) -> bool:
    """The tried release left a journal of a newer schema than the copy from before the update
    (the release we go back to would refuse it)."""
    db = Path(state_dir) / DB_NAME
    if copy is None or not copy.exists() or not db.exists():
        return False
    return _version(db) > _version(copy)


def restore(state_dir: Path, copy: Path, tried: str) -> str:
    """Put `copy` back; the newer journal is kept aside as companion.db.from-<tried>. Every step
    can be cut short and run again (the caller notes in its breadcrumb that it decided to, so a
    second run does not ask the half-restored journal again): the newer journal is linked aside
    before anything of it is removed, its WAL goes before the copy takes its place (an old WAL
    must never be replayed into the copy). Returns the words for the update's line."""
    state_dir = Path(state_dir)
    db = state_dir / DB_NAME
    aside = db.with_name(f"{DB_NAME}.from-{tried}")
    for suffix in ("", "-wal"):
        src, dst = Path(f"{db}{suffix}"), Path(f"{aside}{suffix}")
        if src.exists() and not dst.exists():
            os.link(src, dst)
    _fsync(state_dir, directory=True)
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    _fsync(state_dir, directory=True)
    st = copy.stat()
    tmp = db.with_suffix(".restoring")
    shutil.copyfile(copy, tmp)
    os.chown(tmp, st.st_uid, st.st_gid)
    _fsync(tmp)
    os.replace(tmp, db)
    _fsync(state_dir, directory=True)
    return f"; the journal {tried} upgraded is kept as {aside.name} and the copy from before the update restored"


def restore_if_newer(state_dir: Path, copy: Path | None, tried: str) -> str:
    """Put `copy` back if the journal's schema is newer than the copy's ('' when nothing)."""
    if not needs_restore(state_dir, copy):
        return ""
    return restore(state_dir, copy, tried)
