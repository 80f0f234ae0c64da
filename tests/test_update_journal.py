"""The journal across versions (issue 35): a journal a newer version wrote is refused by an
older one in one line and left byte for byte as it was; one of an older schema is backed up
before its upgrade; an update that is rolled back puts the journal copy back when the tried
release changed the schema. And `companion version` reads the Pico's firmware from its HELLO
(the emulated Pico on a pty)."""
from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import get
from companion.service.journal import DB_NAME, SCHEMA_VERSION, Journal, JournalError
from companion.update import journalguard
from tests.test_service_config import FAKE_HW

ROUND1 = Path(__file__).resolve().parent / "data" / "round1" / "state"


def _digest(state: Path) -> dict[str, str]:
    """The journal's bytes (an empty -wal a reader leaves, and the -shm index, hold none of it)."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(state.iterdir()) if p.is_file()
            and p.name.startswith(DB_NAME) and not p.name.endswith("-shm") and p.stat().st_size}


def _journal_of_a_newer_version(state: Path) -> None:
    Journal(state, get("maunz")).close()
    conn = sqlite3.connect(state / DB_NAME)
    conn.execute("CREATE TABLE tournaments(id INTEGER PRIMARY KEY, name TEXT)")  # what v3 might add
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def test_a_newer_journal_is_refused_in_one_line_and_left_untouched(tmp_path):
    state = tmp_path / "state"
    _journal_of_a_newer_version(state)
    before = _digest(state)
    with pytest.raises(JournalError) as err:
        Journal(state, get("maunz"))
    text = str(err.value)
    assert "\n" not in text and str(state / DB_NAME) in text
    assert f"schema {SCHEMA_VERSION + 1}, newer than this version of the companion reads ({SCHEMA_VERSION})" in text
    assert _digest(state) == before
    # the service itself: status 2 (systemd does not restart it) and the same one line, no traceback
    cfg = tmp_path / "companion.toml"
    cfg.write_text(FAKE_HW + f'[state]\ndir = "{state}"\n')
    proc = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(cfg)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "newer than this version" in proc.stderr.strip().splitlines()[-1]
    # and the history, read only
    proc = subprocess.run([sys.executable, "-m", "companion", "history", "--state", str(state)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "newer than this version" in proc.stderr
    assert _digest(state) == before
    conn = sqlite3.connect(f"file:{state / DB_NAME}?mode=ro", uri=True)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert conn.execute("SELECT name FROM sqlite_master WHERE name='tournaments'").fetchone()
    conn.close()


def test_an_older_schema_is_backed_up_before_the_upgrade(tmp_path):
    state = tmp_path / "state"
    shutil.copytree(ROUND1, state)
    original = (state / DB_NAME).read_bytes()
    Journal(state, get("maunz")).close()
    copies = list((state / "backups").glob("companion-*-schema0.db"))
    assert len(copies) == 1
    conn = sqlite3.connect(copies[0])
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert "orange" in {row[1] for row in conn.execute("PRAGMA table_info(games)")}  # as round 1 left it
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    conn.close()
    assert original  # (the journal itself was upgraded in place: tests/test_service_upgrade.py)
    # an up-to-date journal is not copied again at the next start
    Journal(state, get("maunz")).close()
    assert len(list((state / "backups").glob("companion-*-schema*.db"))) == 1


def test_a_rollback_restores_the_copy_only_when_the_schema_changed(tmp_path):
    state = tmp_path / "state"
    Journal(state, get("maunz")).close()
    copy = journalguard.snapshot(state, "pre-update")
    assert copy is not None and copy.parent == state / "backups"
    # the tried release changed nothing in the schema: the journal stays (moves made since kept)
    assert journalguard.restore_if_newer(state, copy, "0.2.0-bbbb") == ""
    # it upgraded the schema: the copy comes back, the upgraded journal is kept aside
    conn = sqlite3.connect(state / DB_NAME)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    said = journalguard.restore_if_newer(state, copy, "0.2.0-bbbb")
    assert "companion.db.from-0.2.0-bbbb" in said
    assert (state / f"{DB_NAME}.from-0.2.0-bbbb").exists()
    Journal(state, get("maunz")).close()  # this version opens it again


def test_version_names_the_pico_firmware_from_its_hello(tmp_path):
    from firmware_bridge import fwinfo
    from firmware_bridge.emulator import FakePico

    cfg = tmp_path / "companion.toml"
    cfg.write_text(FAKE_HW)
    proc = subprocess.run([sys.executable, "-m", "companion", "version", "--config", str(cfg),
                           "--prefix", str(tmp_path / "none")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "Pico firmware: none (no bridge configured)" in proc.stdout
    assert "commit: " in proc.stdout and "journal schema: " in proc.stdout
    with FakePico() as pico:
        cfg.write_text(FAKE_HW.replace('[hardware.reed]\nbackend = "fake"',
                                       f'[hardware.reed]\nbackend = "bridge"\nport = "{pico.port}"'))
        proc = subprocess.run([sys.executable, "-m", "companion", "version", "--config", str(cfg),
                               "--prefix", str(tmp_path / "none")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert f"firmware {fwinfo.firmware_hash()[:8].hex()}, on {pico.port}" in proc.stdout, proc.stdout
