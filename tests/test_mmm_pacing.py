"""The simulator's computer players are paced (issue 20, point 2): every move, the person's too,
stays on the table for about a second before a computer seat acts, so a person can follow."""
from __future__ import annotations

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.service.virtual_cards import BOT_DELAY, VirtualCards
from tests.test_service_support import VirtualPlayer


def test_each_move_is_seen_before_a_computer_acts(tmp_path):
    c = Companion(Config(game=GameConfig(game="monster-mau-mau", language="en")), build_fakes(),
                  state_dir=tmp_path, ai_mode="off")
    c.virtual = VirtualCards(5, journal=c.journal)
    p = VirtualPlayer(c)
    p.run(0.2)
    for name in ("ok", "ok"):  # four players, the default deal
        c.devices.buttons.press(name)
        p.run(0.5)
    times, seen = [], len(c.journal.moves())
    while len(times) < 16:
        pos = c.table.position
        if pos.turn == 0 and c.table.phase == "play":  # the person: draw, then pass
            c.virtual.person(c.table, c.devices, "pass" if pos.phase == "drawn" else "draw")
        p.run(0.01)
        if len(c.journal.moves()) != seen:
            seen = len(c.journal.moves())
            times.append((p.t, c.table.session.events[-1], pos.turn))
    computer = [(b[0] - a[0]) for a, b in zip(times, times[1:]) if b[2] != 0]
    assert computer and min(computer) >= BOT_DELAY - 0.02, computer
    assert BOT_DELAY >= 1.0
    c.close()
