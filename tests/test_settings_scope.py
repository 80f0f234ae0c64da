"""Settings with a scope (issue 19): the language and the players' names belong to the table,
the computer seats to one game. The leak a new user met: the "Player Computer" card on seat 1's
turn in Katzenjammer made "Computer" a player of every later game (Cats asked "Computer: allein?",
maunz. said "Computer am Zug" with nobody playing it, Monster Mau Mau called you "Computer" and
dealt for two), and only "AI off" inside Katzenjammer cleared it."""
from __future__ import annotations

import random

from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from tests.test_service_support import VirtualPlayer

COMPUTER = ("04C0FFEE010101", "maunz:player:Computer")
AI_OFF = ("04C0FFEE020202", "maunz:ai_off")


def game_card(name):
    return ("04" + bytes(name[:6].ljust(6, "-"), "ascii").hex(), f"maunz:game:{name}")


def start(state, seed=4):
    cfg = Config.from_text('[game]\ngame = "katzenjammer"\nplayers = 3\nai = "2,3"\nlanguage = "de"\n')
    c = Companion(cfg, build_fakes(), state_dir=state, ai_mode="off", chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.05)
    return c, p


def tap(c, p, card):
    c.devices.cards.tap(*card)
    p.run(0.05)


def switch(c, p, name):
    tap(c, p, game_card(name))
    tap(c, p, game_card(name))  # the same card again confirms
    assert c.game.info.name == name


def shown(c) -> str:
    v = c.table.view()
    return " ".join([v.instruction, v.screen.header(c.table.language)])


def test_a_computer_seat_in_katzenjammer_stays_in_katzenjammer(tmp_path):
    c, p = start(tmp_path)
    assert c.table.session.seat == 0
    tap(c, p, COMPUTER)                  # seat 1's turn: seat 1 becomes a computer seat
    assert sorted(c.table.session.computers) == [0, 1, 2]
    switch(c, p, "cats")
    assert "Computer" not in shown(c) and "Computer" not in c.table.players
    switch(c, p, "maunz")
    assert c.settings.ai_seats == () and "Computer" not in shown(c) and "Computer" not in c.table.players
    switch(c, p, "monster-mau-mau")
    assert c.table.session.players == 4 and "Computer" not in shown(c)
    switch(c, p, "katzenjammer")         # back: Katzenjammer's own computer seats again
    assert sorted(c.table.session.computers) == [0, 1, 2]
    c.close()
    c, p = start(tmp_path, seed=5)       # and after a power loss
    assert c.game.info.name == "katzenjammer" and sorted(c.table.session.computers) == [0, 1, 2]
    tap(c, p, AI_OFF)                    # AI off: every Katzenjammer seat back to people
    assert c.table.session.computers == {}
    switch(c, p, "maunz")
    tap(c, p, COMPUTER)                  # maunz. names its AI by colour: the card does nothing
    assert "Computer" not in c.table.players
    assert any("Computer" in m for m in c.notices.messages)
    c.close()
