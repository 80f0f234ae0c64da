"""Issue 10, journal: lost history is noticed (the high-water mark), damaged or unwritable storage
is refused with one line before READY, a failed commit pauses the table instead of crashing, and
`companion recover` restores the newest backup without ever reusing a game id."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from companion.games import get
from companion.service import journal as journal_mod
from companion.service import storage
from companion.service.cards_cli import main as cards_main
from companion.service.history_cli import export_main, history_main
from companion.service.journal import DB_NAME, Journal
from companion.service.recover_cli import main as recover_main
from companion.service.storage import PROBLEM_LEDS, StorageError
from tests.test_service_loop import make
from tests.test_service_support import VirtualPlayer, scripted_game

MOVES = ["kc3", "kd4", "kb3", "ke5"]


@pytest.fixture
def game():
    return get("maunz")


def play(j: Journal, game, moves) -> None:
    pos = j.position()
    for m in moves:
        pos = game.apply(pos, game.parse_move(pos, m))
        j.apply_commit("move", m, game.format_position(pos))


def started(tmp_path, game) -> Journal:
    j = Journal(tmp_path, game)
    j.begin_game(game.format_position(game.initial_position()))
    play(j, game, MOVES)
    return j


def test_truncated_journal_is_refused_and_recovered_without_reusing_ids(tmp_path, game):
    j = started(tmp_path, game)
    first_id = j.current.id
    j.close()
    (tmp_path / DB_NAME).write_bytes(b"")  # truncated to 0 bytes
    with pytest.raises(StorageError) as err:
        Journal(tmp_path, game)
    text = str(err.value)
    assert "\n" not in text and str(tmp_path / DB_NAME) in text and "lost history" in text
    assert "companion recover" in text
    assert recover_main(["--state", str(tmp_path)]) == 0
    assert list(tmp_path.glob(f"{DB_NAME}.damaged-*"))  # nothing deleted
    k = Journal(tmp_path, game)
    row = k.ensure_game(game.format_position(game.initial_position()))
    assert row.id > first_id  # game ids are never reused: a later export cannot overwrite game-0001
    k.close()


def test_lost_wal_after_a_power_cut_is_refused(tmp_path, game):
    j = Journal(tmp_path / "live", game)  # never closed: a SIGKILL closes nothing
    j.begin_game(game.format_position(game.initial_position()))
    j.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the game is in the main file, its moves are not
    play(j, game, MOVES)
    # What the disk holds after the cut when the -wal file is lost: the main file (no checkpoint
    # yet, so without the moves) and the mark.
    cut = tmp_path / "cut"
    cut.mkdir()
    for name in (DB_NAME, DB_NAME + storage.MARK_SUFFIX):
        (cut / name).write_bytes((tmp_path / "live" / name).read_bytes())
    j.conn.close()
    with pytest.raises(StorageError, match=r"lost history \(game 1 has 0 moves, but 4 were committed"):
        Journal(cut, game)


def test_backups_at_game_end_restore_finished_games(tmp_path, game):
    script_game, moves = scripted_game(7)
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.5)
    for m in moves:
        p.play(m)
    assert c.table.phase == "won"
    won_id = c.journal.current.id if c.journal.current else 1
    c.close()
    names = [b.name for b in storage.backups(tmp_path)]
    assert any(n.endswith(f"-g{won_id:04d}.db") for n in names), names
    (tmp_path / DB_NAME).write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)  # garbage after the header
    with pytest.raises(StorageError, match="damaged"):
        Journal(tmp_path, script_game)
    assert recover_main(["--state", str(tmp_path)]) == 0
    k = Journal(tmp_path, script_game)
    rows = k.conn.execute("SELECT id, result FROM games WHERE result != 'unfinished'").fetchall()
    assert rows and rows[0][1] in ("orange", "grey")
    assert len(k.conn.execute("SELECT move FROM moves WHERE game_id=?", (rows[0][0],)).fetchall()) == len(moves)
    k.close()


@pytest.mark.parametrize("damage", ["garbage", "half", "page"])
def test_damaged_database_is_one_line(tmp_path, game, damage, capsys, caplog):
    j = started(tmp_path, game)
    j.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = j.conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'moves'").fetchone()[0]
    page_size = j.conn.execute("PRAGMA page_size").fetchone()[0]
    j.close()
    path = tmp_path / DB_NAME
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database" + data[22:])
    elif damage == "half":
        path.write_bytes(data[: len(data) // 2])
    else:
        # issue 32 item 18: the moves' page header scrambled (where its cells start): the file
        # opens, and SQLite's integrity report comes in several lines ("*** in database main
        # ***\nPage 6: ...")
        at = (root - 1) * page_size + 5
        path.write_bytes(data[:at] + bytes(b ^ 0xFF for b in data[at:at + 8]) + data[at + 8:])
    with caplog.at_level("INFO", logger="companion"):
        with pytest.raises(StorageError) as err:
            Journal(tmp_path, game)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    if damage == "page":
        # the refusal names the first problem; SQLite's whole report is in the log
        assert f"Page {root}" in str(err.value) and "***" not in str(err.value), str(err.value)
        logged = "\n".join(r.getMessage() for r in caplog.records)
        assert f"Page {root}" in logged and str(path) in logged, logged
    # the command-line tools say the same in one line, no traceback (a file that opens is read
    # as far as it can be: the games and cards are on pages of their own)
    for tool in (lambda: history_main(["--state", str(tmp_path)]),
                 lambda: cards_main(["list", "--state", str(tmp_path)]),
                 lambda: export_main(["--state", str(tmp_path), "--all", "--out", str(tmp_path / "out")])):
        code = tool()
        err_text = capsys.readouterr().err
        assert "Traceback" not in err_text and "***" not in err_text
        if damage == "page" and code == 0:
            continue
        assert code == 2 and err_text.count("\n") == 1 and "companion recover" in err_text, err_text


def test_read_only_database_is_refused_before_ready(tmp_path, game, monkeypatch):
    started(tmp_path, game).close()
    real = journal_mod.connect
    # A read-only file opens fine and fails only on the first write: open it read-only for real.
    monkeypatch.setattr(journal_mod, "connect",
                        lambda path, readonly=False: real(path, readonly=True))
    with pytest.raises(StorageError, match="read-only"):
        Journal(tmp_path, game)


def test_unwritable_state_directory_is_refused(tmp_path, game, monkeypatch):
    real_open = os.open

    def deny(path, flags, *a):
        if str(path).endswith(".write-probe"):
            raise OSError(30, "Read-only file system", str(path))
        return real_open(path, flags, *a)

    monkeypatch.setattr(storage.os, "open", deny)
    with pytest.raises(StorageError, match=r"not writable \(Read-only file system\)"):
        Journal(tmp_path, game)


class FullDisk:
    """A connection whose writes fail as on a full disk (SQLITE_FULL), until `full` is cleared."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.full = True

    def execute(self, sql, *args):
        if self.full and sql.startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.conn, name)


def test_full_disk_pauses_the_table_and_loses_nothing(tmp_path):
    _, moves = scripted_game(7)
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play(moves[0])
    real = c.journal.conn
    c.journal.conn = FullDisk(real)
    acknowledged = []

    def show(frame, real_show=c.devices.leds.show):
        journaled = real.execute("SELECT count(*) FROM moves").fetchone()[0]
        acknowledged.append((frame, journaled, len(c.table.moves)))
        real_show(frame)

    c.devices.leds.show = show
    p.play(moves[1])  # the referee takes the move, the journal cannot: never acknowledged
    p.run(1.0)
    assert acknowledged[-1][0] == PROBLEM_LEDS
    assert all(f == PROBLEM_LEDS for f, journaled, committed in acknowledged if committed > journaled)
    assert c.screen.screen == ("storage", "") and any("storage problem" in m for m in c.notices.messages)
    assert [m for (m,) in real.execute("SELECT move FROM moves ORDER BY ply")] == moves[:1]
    snap = c.snapshot()  # the page marks the move the journal does not have yet
    assert snap["moves"] == moves[:2] and snap["unsaved"] == 1 and "disk" in snap["storage"].lower()
    c.journal.conn.full = False  # space freed
    p.run(6.0)
    assert [m for (m,) in real.execute("SELECT move FROM moves ORDER BY ply")] == moves[:2]
    snap = c.snapshot()
    assert snap["unsaved"] == 0 and snap["storage"] is None
    assert acknowledged[-1][0] != PROBLEM_LEDS  # the referee's picture is back
    p.play(moves[2])
    assert [m for (m,) in real.execute("SELECT move FROM moves ORDER BY ply")] == moves[:3]
    c.journal.conn = real
    c.close()


def test_a_player_card_on_a_full_disk_is_a_message_not_a_crash(tmp_path):
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.2)
    real = c.journal.conn
    c.journal.conn = FullDisk(real)
    c.devices.cards.tap("04000011", "maunz:player:Anna")
    p.run(0.2)
    assert any("storage problem" in m for m in c.notices.messages)
    c.journal.conn.full = False
    c.journal.conn = real
    c.close()
