"""The service loop with fake hardware (virtual time): the next kitten put down right after the
bed was restored -- the sequence the boot test drives (tests/test_service_boot.py: after a
restart the fake grid is empty, c3's kitten goes back, then a second kitten), with the scans a
few loop periods apart, in the very next poll, after a stalled loop, and in the same poll.

Expected: a placement the loop saw after the restore's last step is committed and journaled;
one that arrived in the same poll (its order cannot be seen) is named by the guidance, and
lifted and placed again it is committed. Never ignored, never stuck.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.journal import Journal
from tests.test_service_support import VirtualPlayer

C3, F6, E5 = 1 << 14, 1 << 35, 1 << 28


def make(state: Path, settle: float) -> Companion:
    return Companion(Config(game=GameConfig(settle=settle, language="en")), build_fakes(),
                     state_dir=state, ai_mode="off")


def restarted_with_an_empty_grid(tmp_path, settle):
    """kc3 is journaled; the service restarts (as after kill -9) and its fake grid is empty:
    the referee guides c3's kitten back."""
    c = make(tmp_path, settle)
    p = VirtualPlayer(c)
    p.run(0.5)
    c.devices.reed.set_mask(C3)
    assert p.run_until(lambda: c.table.moves == ["kc3"], 2.0)
    c2 = make(tmp_path, settle)
    assert c2.resumed and c2.table.moves == ["kc3"]
    p2 = VirtualPlayer(c2, t0=100.0)
    p2.run(1.0)
    assert c2.table.phase == "correction"
    assert c2.table.view().instruction == "Put the orange kitten back on c3"
    c.close()
    return c2, p2


def journaled(tmp_path, c) -> list[str]:
    return Journal(tmp_path, c.game).moves()


@pytest.mark.parametrize("settle", [0.05, 0.25])
@pytest.mark.parametrize("polls_between", [1, 2, 4, 5, 30])
def test_the_boot_tests_sequence_commits_the_second_kitten(tmp_path, settle, polls_between):
    c, p = restarted_with_an_empty_grid(tmp_path, settle)
    c.devices.reed.set_mask(C3)
    p.run(polls_between * p.period)
    c.devices.reed.set_mask(C3 | F6)
    p.run(settle)
    assert c.table.moves == ["kc3"]  # the kitten settles first
    assert p.run_until(lambda: len(c.table.moves) == 2, 1.0), c.table.view().instruction
    assert c.table.moves == ["kc3", "kf6"] == journaled(tmp_path, c)
    assert c.table.phase == "await_placement"
    assert set(c.snapshot()["bed"]) == {"c3", "f6"} == set(c.snapshot()["sensed"])
    c.close()


def test_a_stalled_loop_between_restore_and_placement(tmp_path):
    """One poll saw c3 back; the loop then stalled for longer than the settle time, and its
    next poll already shows the second kitten: the restore had settled, the kitten counts."""
    settle = 0.25
    c, p = restarted_with_an_empty_grid(tmp_path, settle)
    c.devices.reed.set_mask(C3)
    c.step(p.t)
    c.devices.reed.set_mask(C3 | F6)
    p.t += settle + 0.05  # no step meanwhile
    assert p.run_until(lambda: len(c.table.moves) == 2, 1.0), c.table.view().instruction
    assert journaled(tmp_path, c) == ["kc3", "kf6"]
    c.close()


def test_restore_and_placement_in_the_same_poll_are_guided(tmp_path):
    c, p = restarted_with_an_empty_grid(tmp_path, 0.05)
    c.devices.reed.set_mask(C3 | F6)
    p.run(4.0)
    assert c.table.moves == ["kc3"] and c.table.phase == "correction"
    assert c.table.view().instruction == "Take the piece off f6"
    assert any(cell.effect.value != "off" for cell in c.devices.leds.current.cells)
    c.devices.reed.set_mask(C3)
    assert p.run_until(lambda: c.table.phase == "await_placement", 1.0)
    c.devices.reed.set_mask(C3 | F6)
    assert p.run_until(lambda: len(c.table.moves) == 2, 1.0)
    assert journaled(tmp_path, c) == ["kc3", "kf6"]
    c.close()


@pytest.mark.parametrize("polls_between", [1, 3])
def test_undo_then_a_fast_replacement_move(tmp_path, polls_between):
    """Grey's kf6 undone by the card; grey lifts it and at once puts a kitten on e5 instead:
    the undo and the new move are journaled, nothing else."""
    c = make(tmp_path, 0.25)
    p = VirtualPlayer(c)
    p.run(0.5)
    p.play("kc3")
    p.play("kf6")
    c.devices.cards.tap("01020304", "maunz:undo")
    p.run(0.5)
    assert c.table.moves == ["kc3"] and c.table.phase == "correction"
    c.devices.reed.set_mask(C3)
    p.run(polls_between * p.period)
    c.devices.reed.set_mask(C3 | E5)
    assert p.run_until(lambda: len(c.table.moves) == 2, 1.0), c.table.view().instruction
    assert c.table.moves == ["kc3", "ke5"] == journaled(tmp_path, c)
    c.close()
