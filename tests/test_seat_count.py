"""How many play, asked at the table the same way for every game of a player range (issue 46,
item 11): the shared chooser (tables/seatcount.py) in Monster Mau Mau's set-up and, for
Katzenjammer, Cats and Cat Attack, in the game menu when a game begins at the table; each starts
from the count of that game's last game, kept in the journal, so it survives a restart."""
from __future__ import annotations

import random

from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.tables.menu import GameMenu
from companion.tables.seatcount import SeatCount
from tests.test_mmm_service import Clock, press as mmm_press, step, tap
from tests.test_service_support import VirtualPlayer


def test_the_chooser_counts_within_the_game_s_range():
    count = SeatCount(2, 4, 3)
    assert [count.press(b) for b in ("cat", "cat", "back")] == [None, None, None] and count.n == 3
    count.press("cat"), count.press("cat")
    assert count.n == 4 and count.press("ok") == 4
    assert [m.text("de") for m in count.lines()] == ["Spieler*innen: 4", "Wie viele spielen?",
                                                     "Katze +1, Zurück -1, OK"]
    menu = GameMenu()
    menu.ask_seats("Cats", 2, 4, 3)
    assert menu.is_open and menu.screen("cats").lines[0].text("en") == "Players: 3"
    assert menu.on_seats("back", "press") is None and menu.on_seats("ok", "press") == 2
    assert not menu.is_open and menu.seats is None


def start(tmp_path, game, seed=2):
    c = Companion(Config(game=GameConfig(game=game, language="en")), build_fakes(), state_dir=tmp_path,
                  ai_mode="off", chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.1)
    return c, p


def press(c, p, name, kind="press"):
    (c.devices.buttons.long if kind == "long" else c.devices.buttons.press)(name)
    p.run(0.05)


def test_cats_asks_how_many_play_at_a_new_game_and_keeps_the_count(tmp_path):
    c, p = start(tmp_path, "cats")
    assert len(c.journal.seat_players()) == 2 and c.journal.moves()          # dealt at once at boot
    press(c, p, "ok", "long")      # new game?
    press(c, p, "ok")              # yes: how many play?
    assert c.switching.menu.seats is not None and c.journal.moves() == []    # nothing dealt yet
    screen = c.switching.screen(c.table.view())
    assert [m.text("en") for m in screen.lines] == ["Players: 2", "How many play?", "CAT +1, BACK -1, OK"]
    press(c, p, "cat")
    press(c, p, "ok")
    assert len(c.journal.seat_players()) == 3 and c.game.seats(c.table.position) == 3
    assert [m[:5] for m in c.journal.moves()] == ["deal:", "deal:", "deal:", "first"]   # then dealt
    assert c.switching.menu.seats is None
    c.close()
    again, p = start(tmp_path, "cats", seed=7)                  # resumed: three seats
    assert len(again.journal.seat_players()) == 3 and again.game.seats(again.table.position) == 3
    again.journal.abandon(again.game.format_position(again.game.initial_position()))
    again.close()
    third, p = start(tmp_path, "cats", seed=8)                  # a new game after a restart: three
    assert len(third.journal.seat_players()) == 3 and third.game.seats(third.table.position) == 3
    third.close()


def test_a_game_switch_asks_too_and_each_game_keeps_its_own_count(tmp_path):
    c, p = start(tmp_path, "cats")
    for _ in range(2):   # a game card, and the same card again confirms: Katzenjammer
        c.devices.cards.tap("04AA0002", "maunz:game:katzenjammer")
        p.run(0.05)
    assert c.game.info.name == "katzenjammer" and c.switching.menu.seats is not None
    assert c.journal.moves() == []                              # no roll before the answer
    for button in ("cat", "cat", "ok"):
        press(c, p, button)
    assert len(c.journal.seat_players()) == 4 and c.journal.moves()[0].startswith("roll:")
    for _ in range(2):
        c.devices.cards.tap("04AA0003", "maunz:game:cat-attack")
        p.run(0.05)
    assert c.switching.screen(c.table.view()).lines[0].text("en") == "Players: 2"
    press(c, p, "ok")
    assert c.game.info.name == "cat-attack" and len(c.journal.seat_players()) == 2
    c.close()


def test_monster_mau_mau_starts_from_the_last_count(tmp_path):
    clock = Clock()
    cfg = Config(game=GameConfig(game="monster-mau-mau"))
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off", clock=clock)
    step(c, clock)
    assert c.table.view().screen.header("de") == "Spieler*innen: 4"
    mmm_press(c, clock, "back")       # 3 players
    mmm_press(c, clock, "ok")
    mmm_press(c, clock, "ok")         # the deal
    tap(c, clock, "mmm:p3")           # the first card: a game with a move
    assert c.table.session.position.players == 3
    mmm_press(c, clock, "ok", "long")  # new game?
    mmm_press(c, clock, "ok")
    assert c.table.view().screen.header("de") == "Spieler*innen: 3"   # not 4 again
    c.journal.abandon(c.game.format_position(c.game.initial_position()))   # as a new deal would
    c.close()
    again = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off", clock=clock)
    step(again, clock)
    assert again.table.view().screen.header("de") == "Spieler*innen: 3"   # after a restart
    again.close()


def test_cat_attack_for_three_on_the_oled_through_the_service(tmp_path):
    """Items 10 and 11 together: three seats chosen at the table, then the OLED the service
    shows: each seat's counts on a line of its own, the title whole in the header bar."""
    from companion.ui import render

    c, p = start(tmp_path, "cat-attack")
    press(c, p, "ok", "long")
    press(c, p, "ok")
    press(c, p, "cat")
    press(c, p, "ok")                 # three play
    assert len(c.journal.seat_players()) == 3
    p.run_until(lambda: c.table.position.turn is not None)
    shown = c.screen.screen
    lines = [line for page in render.pages(shown, "en") for line in page]
    assert [f"{s}: 9 lives, 0/6" for s in (1, 2, 3)] == [line for line in lines if "lives" in line]
    assert render.title_line(shown, "en") == shown.header("en") and shown.header("en").endswith(" to act")
    c.close()
