"""The table conformance through the service (issue "One table framework", 8), for every
registered table: a game is played a while with its own settings and a computer seat changed,
then every other game is switched to and the first one switched back to, then the power fails.
Nothing leaks: each other game starts from its own start with its own default settings, no
computer seat and no piece drawn for the first game; the first game gets its own settings and
computer seats back; the language and the players' names (the table's) stay; after a restart
the same game, moves, settings and view (less what shows only for a moment) come back; and an English table shows no German letter
anywhere on the way."""
from __future__ import annotations

import random

import pytest

from companion import tables
from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from tests.test_service_support import VirtualPlayer
from tests.test_settings_scope import game_card

GERMAN = set("äöüÄÖÜß")
COMPUTER = ("04C0FFEE010101", "maunz:player:Computer")
ANNA = ("04C0FFEE030303", "maunz:player:Anna")


def companion(state, name, language, seed, bed=0):
    cfg = Config.from_text(f'[game]\ngame = "{name}"\nplayers = 3\nlanguage = "{language}"\n'
                           'settle = 0.05\n')
    devices = build_fakes()
    devices.reed.set_mask(bed)  # the pieces on the bed stay where they were through a power cut
    c = Companion(cfg, devices, state_dir=state, ai_mode="off", chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.1)
    return c, p


def tap(c, p, card):
    c.devices.cards.tap(*card)
    p.run(0.1)


def switch(c, p, name):
    for _ in range(2):  # the game card, then the same card again to confirm
        tap(c, p, game_card(name))
        if c.game.info.name == name:
            break
    assert c.game.info.name == name, c.table.view().instruction


def shown(c) -> str:
    v = c.table.view()
    return " ".join([v.instruction, v.screen.header(c.table.language),
                     v.screen.instruction(c.table.language)])


def play_a_while(c, p, rng, steps=40):
    """A person at the table: short presses of the three buttons and, on a sensed bed, a piece
    put down on an empty square now and then (the table guides or refuses; never a crash)."""
    for _ in range(steps):
        if c.table.senses_bed and rng.random() < 0.3:
            reed = c.devices.reed
            empty = [sq for sq in range(36) if not reed.physical >> sq & 1]
            reed.set_mask(reed.physical | 1 << rng.choice(empty))
        else:
            c.devices.buttons.press(rng.choice(("ok", "ok", "cat", "back")))
        p.run(0.3)
        assert c.table.language != "en" or not GERMAN & set(shown(c)), shown(c)


def own_state(c):
    return dict(c.table.setting_values), tuple(c.settings.ai_seats)


def resumed(c):
    """What a power cut must not change: the game, its moves and position, its settings, the
    phase, the screen's kind and whose turn it is. (What the table shows only for a moment is not
    kept: a notice, the cursor in a menu of choices, a player's secret, which Cats asks "alone?"
    for again.)"""
    v = c.table.view()
    return (c.game.info.name, tuple(c.journal.moves()), c.game.format_position(v.position), own_state(c),
            v.phase, v.screen.kind, v.screen.to_move, v.winner, v.asking_new_game)


def defaults(name):
    out = {key: values[0] for key, values in tables.factory(name).own_settings.items()}
    if "level" in tables.factory(name).card_functions:   # maunz.'s level: [game] ai_level's default
        out["level"] = "adaptive"
    return out


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", tables.names())
def test_every_other_game_and_back_leaks_nothing(name, language, tmp_path):
    rng = random.Random(f"switching|{name}|{language}")
    c, p = companion(tmp_path, name, language, seed=3)
    tap(c, p, ANNA)                                   # seat 1's name: the table's, kept everywhere
    for function in c.table.setting_cards:           # its own settings switched (maunz.: the AI's colour)
        if function in c.table.own_card_functions and not function.endswith("orange"):
            tap(c, p, ("04AB" + function.encode().hex()[:10].ljust(10, "0"), f"maunz:{function}"))
    tap(c, p, COMPUTER)                               # the seat to move: a computer, where a card makes one
    play_a_while(c, p, rng)
    mine = own_state(c)
    assert mine[0] == {} or mine[0] != defaults(name)    # its own settings were switched
    names = tuple(c.table.players)
    for other in tables.names():
        if other == name:
            continue
        switch(c, p, other)
        game = c.game
        assert own_state(c) == (defaults(other), ()), other
        assert "Computer" not in c.table.players and "Computer" not in shown(c), other
        assert c.table.language == language
        assert c.table.players[:1] == names[:1] or not c.table.players, other
        # no piece of the game before: the position is this game's start and its moves (the
        # service's own draws among them) replay from it
        pos = c.table.start_position
        assert c.game.format_position(pos) == c.game.format_position(game.initial_position())
        for move in c.table.moves:
            pos = game.apply(pos, game.parse_move(pos, move))
        assert game.format_position(pos) == game.format_position(c.table.position)
        play_a_while(c, p, rng, steps=8)
    switch(c, p, name)
    assert own_state(c) == mine                       # its own settings and computer seats again
    assert c.table.players[:1] == names[:1]
    play_a_while(c, p, rng, steps=15)
    before = resumed(c)
    bed = c.devices.reed.physical
    c.close()
    c, p = companion(tmp_path, name, language, seed=4, bed=bed)   # a power cut
    try:
        assert resumed(c) == before
    finally:
        c.close()
