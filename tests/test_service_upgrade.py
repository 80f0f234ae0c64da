"""A round-1 installation upgrades in place with nothing lost.

tests/data/round1/state/companion.db was written by round 1's own code (main at 45f5b37; how:
tests/data/round1/make_round1_db.py): three games (a win, an abandoned kids game with grey
first, an unfinished game with an undo), players in the old orange/grey columns, settings
(English, the AI on grey) and four enrolled cards. Beside it, what round 1's `companion history
--json`, `companion export --all` and `companion cards list` printed for it. Today's code must
print the same — before the service has touched the database and after it upgraded it — and the
service must resume the unfinished game with its players and settings.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from tests.test_service_support import VirtualPlayer

DATA = Path(__file__).resolve().parent / "data" / "round1"
UNFINISHED = ["ka5", "kb4", "kb2", "kf3", "ke3", "ka5", "kd5", "ka3", "kc4"]


@pytest.fixture
def state(tmp_path) -> Path:
    state = tmp_path / "state"
    shutil.copytree(DATA / "state", state)
    return state


def companion(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, TZ="UTC")  # the golden files were written with TZ=UTC
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          env=env, check=True)


def check_reads_as_before(state: Path, out: Path) -> None:
    check_history_as_before(state, out)
    cards = companion("cards", "list", "--state", str(state)).stdout
    assert cards == (DATA / "cards.txt").read_text()


def check_history_as_before(state: Path, out: Path) -> None:
    history = [json.loads(line) for line in companion("history", "--json", "--state", str(state)).stdout.splitlines()]
    golden = [json.loads(line) for line in (DATA / "history.json").read_text().splitlines()]
    assert len(history) == len(golden) == 3
    for now, then in zip(history, golden):
        assert {k: now[k] for k in then} == then  # every round-1 field as it was (new ones besides)
        assert now["game"] == "maunz"
    companion("export", "--all", "--state", str(state), "--out", str(out))
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(p.name for p in (DATA / "export").iterdir())
    for name in written:
        assert (out / name).read_text() == (DATA / "export" / name).read_text(), name


def test_round1_database_reads_as_before_without_being_upgraded(state, tmp_path):
    # The read-only tools may meet a round-1 database before the service has run once.
    check_history_as_before(state, tmp_path / "before")
    conn = sqlite3.connect(state / "companion.db")
    assert "orange" in {r[1] for r in conn.execute("PRAGMA table_info(games)")}  # untouched
    conn.close()
    # `companion cards` writes (enrolling): it upgrades the database, and lists as before
    check_reads_as_before(state, tmp_path / "again")


def test_round1_installation_upgrades_and_resumes(state, tmp_path):
    c = Companion(Config(), build_fakes(), state_dir=state, ai_mode="off")
    # the unfinished game resumes, with its players and the settings
    assert c.resumed and c.journal.current.id == 4
    assert c.table.moves == UNFINISHED
    assert c.table.players == ("Anna", "Dora")
    assert c.settings.language == "en" and c.table.language == "en"
    assert c.settings.ai_seat == 1  # the AI on grey
    assert c.cards.get("04:11:22:33:44:55:66").name == "Anna"
    # the database now has a players table and no orange/grey columns; nothing else moved
    conn = sqlite3.connect(state / "companion.db")
    assert "orange" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert sorted(conn.execute("SELECT game_id, seat, name FROM players")) == [
        (1, 0, "Anna"), (1, 1, "Ben"), (2, 1, "Cleo"), (4, 0, "Anna"), (4, 1, "Dora")]
    conn.close()
    # play goes on: the bed of the resumed position, then the next move, journaled
    p = VirtualPlayer(c)
    c.devices.reed.set_mask(c.table.position.occupied)
    p.run(0.5)
    assert c.table.view().phase == "await_placement"
    c.table.ai_colour = None  # grey is the AI; without a worker here, a person plays its move
    p.play("kf6")
    assert c.journal.moves() == UNFINISHED + ["kf6"]
    snap = c.snapshot()
    assert snap["game"] == "maunz" and snap["players"] == {"o": "Anna", "g": "Dora"}
    c.close()
    # the enrolled undo card works after the upgrade
    c = Companion(Config(), build_fakes(), state_dir=state, ai_mode="off")
    p = VirtualPlayer(c)
    c.devices.reed.set_mask(c.table.position.occupied)
    p.run(0.5)
    c.devices.cards.tap("04A1B2C4")
    p.run(0.1)
    assert c.journal.moves() == UNFINISHED
    c.close()
    # and the history and exports read as before (the unfinished game now has its undone move
    # back: the same moves as in round 1)
    check_reads_as_before(state, tmp_path / "after")


def test_a_failed_upgrade_leaves_the_round1_database_as_it_was(state, monkeypatch):
    from companion.service import journal_schema

    # The step after the names were copied fails (as a full disk would): all or nothing.
    real_execute_sql = "ALTER TABLE games DROP COLUMN orange"
    conn = sqlite3.connect(state / "companion.db", isolation_level=None)

    class Failing:
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            if sql == real_execute_sql:
                raise sqlite3.OperationalError("database or disk is full (simulated)")
            return self.conn.execute(sql, *args)

    with pytest.raises(sqlite3.OperationalError):
        journal_schema.upgrade(Failing(conn))
    assert "orange" in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    assert "seats" not in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    assert conn.execute("SELECT count(*) FROM sqlite_master WHERE name='players'").fetchone()[0] == 0
    conn.close()
