"""Whole games through fake hardware driving the real service loop (virtual time)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.journal import Journal
from hardware.interfaces import LedFrame
from tests.test_service_support import VirtualPlayer, beds, scripted_game


def make(state: Path, **game) -> Companion:
    cfg = Config(game=GameConfig(**game)) if game else Config()
    return Companion(cfg, build_fakes(), state_dir=state, ai_mode="off")


@pytest.fixture(scope="module")
def script():
    return scripted_game(7)


def test_whole_game(tmp_path, script):
    game, moves = script
    c = make(tmp_path)
    shown_with_journal = []
    real_show = c.devices.leds.show
    import sqlite3

    reader = sqlite3.connect(tmp_path / "companion.db")

    def show(frame):  # every LED frame is shown only after the commits before it are durable
        shown_with_journal.append((frame, reader.execute("SELECT count(*) FROM moves").fetchone()[0],
                                   len(c.table.moves)))
        real_show(frame)

    c.devices.leds.show = show
    p = VirtualPlayer(c)
    p.run(0.5)
    for m in moves:
        p.play(m)
    assert c.table.moves == moves
    assert c.table.phase == "won"
    j = Journal(tmp_path, game)
    assert j.current is None  # won games are closed
    row = j.conn.execute("SELECT result FROM games").fetchall()
    assert row == [(("orange", "grey")[c.table.position.winner],)]
    assert [m for (m,) in j.conn.execute("SELECT move FROM moves ORDER BY ply")] == moves
    assert all(journaled == committed for _, journaled, committed in shown_with_journal)
    # LEDs repainted and the OLED re-rendered only on change
    frames = c.devices.leds.frames
    assert all(a != b for a, b in zip(frames, frames[1:]))
    assert c.frames_shown == len(frames) < c.steps
    assert c.screen.shown < c.steps // 5
    snap = c.snapshot()
    for key in ("position", "to_move", "pools", "bed", "sensed", "leds", "oled", "instruction", "phase",
                "moves", "winner", "language", "ai", "players"):
        assert key in snap
    assert snap["moves"] == moves and snap["winner"] in ("o", "g") and len(snap["leds"]) == 36
    assert snap["position"] == game.format_position(c.table.position)
    assert set(snap["sensed"]) == set(snap["bed"])
    c.close()


def test_resume_with_matching_bed(tmp_path, script):
    game, moves = script
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.5)
    for m in moves[:10]:
        p.play(m)
    bed = c.devices.reed.physical
    # power loss: no close(); a new service on the same state directory and the same bed
    c2 = make(tmp_path)
    assert c2.resumed and c2.table.moves == moves[:10]
    c2.devices.reed.set_mask(bed)
    p2 = VirtualPlayer(c2)
    p2.run(1.0)
    assert c2.table.phase == "await_placement"
    for m in moves[10:15]:
        p2.play(m)
    assert Journal(tmp_path, game).moves() == moves[:15]
    c2.close()


def test_resume_with_wrong_bed_guides_back_or_abandons(tmp_path, script):
    game, moves = script
    c = make(tmp_path)
    p = VirtualPlayer(c)
    p.run(0.5)
    for m in moves[:6]:
        p.play(m)
    saved = beds(game, moves)[6]
    c2 = make(tmp_path)
    c2.devices.reed.set_mask(saved & ~(saved & -saved))  # a piece was knocked off during the outage
    p2 = VirtualPlayer(c2)
    p2.run(1.0)
    assert c2.table.phase == "correction"
    assert any(cell.effect.value != "off" for cell in c2.devices.leds.current.cells)
    # putting the piece back continues the game
    c2.devices.reed.set_mask(saved)
    p2.run(1.0)
    assert c2.table.phase == "await_placement"
    p2.play(moves[6])
    c2.close()
    # ... or the players abandon it: new-game card twice (ask, confirm)
    c3 = make(tmp_path)
    c3.devices.reed.set_mask(0)
    p3 = VirtualPlayer(c3)
    p3.run(1.0)
    assert c3.table.phase == "correction"
    for _ in range(2):
        c3.devices.cards.tap("01020304", "maunz:new_game")
        p3.run(0.5)
    assert c3.table.moves == []
    j = Journal(tmp_path, game)
    results = [r for (r,) in j.conn.execute("SELECT result FROM games ORDER BY id")]
    assert results[0] == "abandoned" and not j.resumable
    c3.close()


def test_cards_players_settings_and_unknown(tmp_path, script, caplog):
    game, moves = script
    c = make(tmp_path)
    c.cards.add("04:00:00:01", "player", "Anna")
    c.cards.add("04:00:00:02", "player", "Ben")
    c.cards.add("04:00:00:03", "language")
    p = VirtualPlayer(c)
    p.run(0.5)
    for uid in ("04000001", "04000002", "04000003"):
        c.devices.cards.tap(uid)
        p.run(0.1)
    assert c.journal.players() == {"o": "Anna", "g": "Ben"}
    assert c.table.language == "en"
    before = c.devices.display.shown
    with caplog.at_level("WARNING", logger="companion"):
        c.devices.cards.tap("DEADBEEF")
        p.run(0.1)
    line = next(r.getMessage() for r in caplog.records if "DE:AD:BE:EF" in r.getMessage())
    assert "companion cards add DE:AD:BE:EF" in line and "\n" not in line
    assert c.devices.display.shown > before  # the OLED shows the message
    assert any("DE:AD:BE:EF" in m for m in c.snapshot()["messages"])
    p.play(moves[0])
    c.close()
    c2 = make(tmp_path)  # settings and names survive a restart
    assert c2.table.language == "en" and c2.table.players == ("Anna", "Ben")
    c2.close()


def test_ai_move_inline(tmp_path):
    cfg = Config(game=GameConfig(ai="grey", ai_level="easy", ai_time=0.05))
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="inline")
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    p.run(0.1)
    view = c.table.view()
    assert not view.wants_ai  # the AI has chosen; the LEDs show where grey's piece goes
    c.close()


def test_close_blanks_and_is_idempotent(tmp_path):
    c = make(tmp_path)
    VirtualPlayer(c).run(0.3)
    c.close()
    c.close()
    assert c.devices.leds.current == LedFrame()
    assert c.devices.display.image.getbbox() is None  # all black


def test_async_run_and_stop(tmp_path):
    c = make(tmp_path)
    q = c.subscribe()

    async def go():
        task = asyncio.create_task(c.run())
        await asyncio.wait_for(q.get(), 2.0)  # the first screen is a change
        c.devices.reed.set("c3")   # wakes the sleeping loop: the change is seen at once
        await asyncio.wait_for(q.get(), 2.0)
        sensed = c.sensed
        await c.stop()
        await asyncio.wait_for(task, 2.0)
        return sensed

    assert asyncio.run(go()) == 1 << 14
    assert c.devices.leds.current == LedFrame()
    assert c.steps >= 2
