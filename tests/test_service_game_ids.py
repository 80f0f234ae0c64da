"""The game id the log says is the id `companion history` lists: a game dropped from the journal
because it ended with no moves (switched away from before a move, or Monster Mau Mau's set-up
before its deal) hands its id to the next game, so "switched to monster-mau-mau: game 2" is
game 2 in the history, not 3."""
from __future__ import annotations

import logging
import random
import re

from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from companion.service.journal import list_games
from companion.service.virtual_cards import VirtualCards
from tests.test_service_support import VirtualPlayer


def test_the_logs_game_ids_are_the_historys(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="companion")
    c = Companion(Config.from_text('[game]\nlanguage = "en"\n'), build_fakes(), state_dir=tmp_path,
                  ai_mode="off", chance_source=random.Random(1))
    p = VirtualPlayer(c)
    p.run(0.1)
    for game in ("katzenjammer", "monster-mau-mau"):  # maunz. unplayed, Katzenjammer rolls once
        for _ in range(2):
            c.devices.cards.tap("04AA00" + str(len(game)), f"maunz:game:{game}")
            p.run(0.05)
        if game == "katzenjammer":   # how many play? two (issue 46, item 11), then it rolls
            c.devices.buttons.press("ok")
            p.run(0.1)
    for _ in range(2):  # two players, the rulebook's deal
        c.devices.buttons.press("ok")
        p.run(0.1)
    c.virtual = VirtualCards(5)  # the laptop's deck deals (a new game) and turns up the first card
    assert p.run_until(lambda: c.journal.moves(), 30.0)
    c.close()
    logged = re.findall(r"(?:switched to|journaled new_game:) (?:[\w-]+: )?game (\d+)", caplog.text)
    switched = dict(re.findall(r"switched to ([\w-]+): game (\d+)", caplog.text))
    history = {g.game: str(g.id) for g in list_games(Companion(Config.from_text("[game]\n"), build_fakes(),
                                                               state_dir=tmp_path, ai_mode="off").journal.conn)
               if g.moves}
    assert switched == history == {"katzenjammer": "1", "monster-mau-mau": "2"}, (logged, history)
    assert set(logged) <= set(history.values()), logged
