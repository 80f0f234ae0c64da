"""Issue 10, cards and names: a damaged card row never crashes the service, re-enrolling a card
asks first, and a player name from a card is cleaned (no control characters, 24 characters at
most) wherever it is stored, shown or logged."""
from __future__ import annotations

import io

import pytest

from companion.service.cards import MAX_NAME, CardError, CardStore, clean_name, parse_text
from companion.service.cards_cli import enrol, main as cards_main
from companion.service.history_cli import history_main
from hardware.fakes import FakeCardReader
from tests.test_service_loop import make
from tests.test_service_support import VirtualPlayer


def test_unknown_function_in_the_card_table_does_not_crash(tmp_path, capsys):
    c = make(tmp_path)
    c.journal.conn.execute("INSERT INTO cards(uid, function, name, added) VALUES ('04:00:00:09', 'teleport', '', 0)")
    p = VirtualPlayer(c)
    p.run(0.2)
    for _ in range(3):  # every tap
        c.devices.cards.tap("04000009")
        p.run(0.1)
    assert any("unknown function 'teleport'" in m and "--replace" in m for m in c.snapshot()["messages"])
    assert c.table.phase != "error"
    c.close()
    assert cards_main(["list", "--state", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "04:00:00:09" in out and "DAMAGED" in out


def test_enrolling_an_enrolled_card_asks_first(tmp_path, capsys):
    c = make(tmp_path)
    store = c.cards
    store.add("04:00:00:01", "undo")
    store.add("04:00:00:01", "undo")  # the same again is fine
    with pytest.raises(CardError, match=r"already enrolled as 'undo'.*--replace"):
        store.add("04:00:00:01", "hint")
    assert store.get("04:00:00:01").function == "undo"
    c.close()
    state = ["--state", str(tmp_path)]
    assert cards_main(["add", "04:00:00:01", "hint", *state]) == 2
    assert "already enrolled as 'undo'" in capsys.readouterr().err
    assert cards_main(["add", "04:00:00:01", "hint", "--replace", *state]) == 0
    # interactive enrolment: the same card tapped for another function is a question; Enter keeps it
    c = make(tmp_path)
    reader = FakeCardReader()
    reader.tap("04000001")
    out = io.StringIO()
    assert enrol(c.cards, reader, ["undo"], stdin=io.StringIO("\n"), out=out, timeout=0.5) == 0
    assert "already the 'hint' card" in out.getvalue() and "kept 04:00:00:01 as 'hint'" in out.getvalue()
    assert c.cards.get("04:00:00:01").function == "hint"
    reader.tap("04000001")
    assert enrol(c.cards, reader, ["undo"], stdin=io.StringIO("y\n"), out=io.StringIO(), timeout=0.5) == 1
    assert c.cards.get("04:00:00:01").function == "undo"
    c.close()


def test_clean_name():
    assert clean_name("Eve\nINFO journaled ply 99") == "Eve INFO journaled ply 9"
    assert clean_name("  Anna\x00\u202eB\tob ") == "AnnaB ob"
    assert len(clean_name("x" * 3000)) == MAX_NAME
    assert parse_text("maunz:player:Eve\r\nx") == ("player", "Eve x")


def test_card_names_cannot_forge_log_lines_or_break_history(tmp_path, caplog, capsys):
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.2)
    with caplog.at_level("DEBUG", logger="companion"):
        c.devices.cards.tap("04000011", "maunz:player:Eve\nINFO journaled ply 99")
        p.run(0.1)
        c.devices.cards.tap("04000012", "maunz:player:" + "M" * 3000)
        p.run(0.1)
    assert all("\n" not in r.getMessage() for r in caplog.records)
    assert not any(r.getMessage().startswith("INFO") for r in caplog.records)
    players = c.journal.players()
    assert players["o"] == "Eve INFO journaled ply 9" and players["g"] == "M" * MAX_NAME
    assert all(len(n) <= MAX_NAME for n in c.table.players)
    # a name written raw by an older version is cleaned when shown
    c.journal.conn.execute("UPDATE players SET name=? WHERE seat=1", ("Z" * 3000 + "\nforged",))
    c.close()
    assert history_main(["--state", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(len(line) < 100 for line in lines)
