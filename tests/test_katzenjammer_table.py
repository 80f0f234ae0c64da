"""The Katzenjammer table in the service: the service rolls (seeded here) and journals each roll
before the table shows it, a person chooses with the three buttons, the AI seat plays itself,
show board, undo, and the journal holds the whole game."""
from __future__ import annotations

import random

from companion import games, tables
from companion.service.app import Companion
from companion.service.config import Config, GameConfig
from companion.service.devices import build_fakes
from companion.ui.render import render
from tests.test_service_support import VirtualPlayer


def press(c, p, name, kind="press"):
    (c.devices.buttons.long if kind == "long" else c.devices.buttons.press)(name)
    p.run(0.05)


def make(tmp_path, seed=3, ai="2"):
    cfg = Config(game=GameConfig(game="katzenjammer", ai=ai, language="en"))
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off",
                  chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.05)
    return c, p


def test_a_whole_game_against_the_computer_with_the_buttons(tmp_path):
    c, p = make(tmp_path)
    game = c.game
    assert c.table.phase == "choose" and c.journal.moves()[0].startswith("roll:")
    for _ in range(3000):
        if c.journal.current.result != "unfinished":
            break
        press(c, p, "ok")
    assert c.journal.current.result in ("1", "2")
    moves = c.journal.moves()
    assert moves == c.table.moves
    pos = game.initial_position()
    for i, text in enumerate(moves):  # rolls and turns alternate; every one is legal
        assert text.startswith("roll:") == (i % 2 == 0)
        pos = game.apply(pos, game.parse_move(pos, text))
    assert pos == c.table.position and c.table.view().winner is not None
    c.close()


def test_screens_leds_show_board_and_undo(tmp_path):
    c, p = make(tmp_path, seed=11, ai="off")
    view = c.table.view()
    assert view.screen.kind == "menu" and view.screen.header("en").startswith("Red: ")
    assert view.leds.cells[0].color == (255, 0, 0)
    render(view.screen, "en")
    press(c, p, "cat", "long")
    assert c.table.view().screen.kind == "kj_board"
    assert render(c.table.view().screen).size == (128, 64)
    press(c, p, "ok")
    assert c.table.view().screen.kind == "menu"
    before = c.table.moves
    while c.table.moves == before:
        press(c, p, "ok")
    assert c.table.view().leds.cells[0].color == (0, 200, 0)  # green's turn now
    played = list(c.table.moves)
    press(c, p, "back", "long")  # undo red's turn: back to red's roll, the same dice
    assert c.table.moves == before and c.journal.moves() == before
    assert c.table.view().leds.cells[0].color == (255, 0, 0)
    assert played[:len(before)] == before
    c.close()


def test_a_resumed_game_goes_on_where_it_stopped(tmp_path):
    c, p = make(tmp_path, seed=5)
    for _ in range(12):
        press(c, p, "ok")
    moves, position = c.journal.moves(), c.table.position
    c.close()
    again, _ = make(tmp_path, seed=99)
    assert again.table.moves[:len(moves)] == moves
    assert again.table.moves == again.journal.moves()
    if len(again.table.moves) == len(moves):
        assert again.table.position == position
    again.close()


def test_the_registry_knows_the_table():
    assert "katzenjammer" in tables.names()
    table = tables.make(games.get("kj", players=3), language="de", players=("A", "B", "C"))
    assert table.players == ("A", "B", "C") and table.view().phase == "roll"
    assert table.view().screen.header("de") == "Rot: …"


def test_a_three_player_game_from_the_config(tmp_path):
    cfg = Config.from_text('[game]\ngame = "katzenjammer"\nplayers = 3\nai = "2"\nlanguage = "en"\n')
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off",
                  chance_source=random.Random(8))
    p = VirtualPlayer(c)
    p.run(0.05)
    assert c.game.format_position(c.journal.start_position()) == "r:n,n,n,n b:n,n,n,n g:n,n,n,n r -"
    presses = 0
    while c.journal.current.result == "unfinished" and presses < 5000:
        press(c, p, "ok")
        presses += 1
    assert c.journal.current.result in ("1", "2", "3") and presses < 5000
    assert c.table.view().screen.kind == "won"
    c.close()


def test_the_dice_card_lets_the_players_enter_their_own_dice(tmp_path):
    c, p = make(tmp_path, seed=4, ai="off")
    while len(c.table.moves) < 3:  # red's roll and turn (OK, OK, ...), then green's roll
        press(c, p, "ok")
    c.table.on_card("dice", p.t)  # from now on the players roll; the service draws nothing
    while c.table.phase == "choose":
        press(c, p, "ok")
    assert c.table.phase == "enter_dice"
    moves = c.journal.moves()
    p.run(0.5)
    assert c.journal.moves() == moves  # no draw by the service
    for button in ("cat", "ok", "ok", "ok"):  # III = 2, IV = 1, V = 2: the pair 22
        press(c, p, button)
    assert c.journal.moves() == moves + ["roll:212"] and c.table.phase in ("choose", "roll")
    c.table.on_card("dice", p.t)  # back to the companion's dice
    c.close()


def test_ok_long_asks_for_a_new_game_and_ok_after_a_win_asks_too(tmp_path):
    c, p = make(tmp_path, seed=6, ai="off")
    press(c, p, "ok")
    press(c, p, "ok", "long")
    assert c.table.phase == "confirm_new_game"
    press(c, p, "back")  # no: the game goes on
    assert c.table.phase == "choose" and c.journal.current.id == 1
    press(c, p, "ok", "long")
    press(c, p, "cat")  # another game: the service's menu
    assert c.switching.menu.is_open
    press(c, p, "back")
    press(c, p, "back")
    c.close()
    table = tables.make(games.get("kj"), games.get("kj").parse_position("r:38,s2,s3,s4 g:5,n,n,n r 132"))
    cursor = table.session.cursor
    while cursor.options[cursor.index].key != "3":
        table.on_button("cat", "press", 0.0)
    table.on_button("ok", "press", 0.0)  # die 3: the only piece it moves is 38, into s1
    table.on_button("ok", "press", 0.0)  # the forced turn is confirmed
    assert table.view().phase == "over" and table.view().winner == 0
    assert table.view().screen.header("en") == "Red wins!"
    assert [c.kind for c in table.drain_commits()] == ["move"]
    # the won screen: OK asks "new game?" as in every game (issue 19: it started one at once),
    # and no game is running, so the question says nothing ends
    table.on_button("ok", "press", 0.0)
    assert table.view().asking_new_game and table.drain_commits() == []
    assert table.view().instruction == "OK = ja · Zurück = nein"
    table.on_button("ok", "press", 0.0)
    assert [c.kind for c in table.drain_commits()] == ["new_game"]
    assert table.game.format_position(table.position) == "r:n,n,n,n g:n,n,n,n r -"


def test_a_seat_whose_player_is_called_computer_is_played_by_the_computer():
    game = games.get("kj", players=3)
    table = tables.make(game, players=("Anna", "", "Computer"), ai_seats=(1,))
    assert table.session.computers.keys() == {1, 2}
    table.on_chance(game.parse_move(table.position, "roll:513"), 0.0)
    assert table.phase == "choose"  # red: Anna
    table.on_card("player", 0.0, arg="computer")  # Anna hands her seat to the computer
    assert table.session.computers.keys() == {0, 1, 2} and table.phase == "computer"
    table.tick(0.1)
    assert [c.kind for c in table.drain_commits()] == ["settings", "move"]
    # a computer seat is this game's setting, not a name (issue 19: no "Computer" in other games)
    assert table.players == ("Anna", "", "Computer") and table.ai_seats == (0, 1)


def test_a_new_game_mid_game_commits_abandon_then_new_game_from_the_session_line():
    game = games.get("kj", players=2)
    table = tables.make(game, ai_seats=(1,))
    table.on_chance(game.parse_move(table.position, "roll:513"), 0.0)
    table.on_card("language", 0.0)                 # undrained when the new game starts: kept
    table.new_game(1.0)
    start = game.format_position(game.initial_position())
    assert [(c.kind, c.position) for c in table.drain_commits()] == [
        ("settings", "r:n,n,n,n g:n,n,n,n r 513"), ("abandon", "r:n,n,n,n g:n,n,n,n r 513"),
        ("new_game", start)]
    assert table.moves == [] and table.session.computers.keys() == {1}   # the same seats


def test_a_void_roll_passes_by_itself_once_shown_and_the_setting_makes_it_wait(tmp_path):
    """Issue 46, item 6: the first turns of a new game are void rolls, each waited for OK. A
    void roll now passes VOID_SECONDS after it showed (the table's clock: virtual here); with
    `[game.katzenjammer] void_roll = "confirm"` it waits for OK as before."""
    from companion.tables.katzenjammer.table import VOID_SECONDS

    c, p = make(tmp_path / "pass", seed=1, ai="off")
    assert c.journal.moves() == ["roll:197"] and c.table.phase == "choose"   # every piece in the nest
    assert c.table.view().instruction.endswith("passes by itself (OK: now)")
    p.run(VOID_SECONDS - 0.5)
    assert c.journal.moves() == ["roll:197"]                # shown, not passed yet
    p.run(1.0)
    assert c.journal.moves()[:2] == ["roll:197", "pass"]    # journaled, no button pressed
    c.close()
    cfg = Config(game=GameConfig(game="katzenjammer", ai="off", language="en",
                                 own={"katzenjammer": {"void_roll": "confirm"}}))
    c = Companion(cfg, build_fakes(), state_dir=tmp_path / "confirm", ai_mode="off",
                  chance_source=random.Random(1))
    p = VirtualPlayer(c)
    p.run(VOID_SECONDS * 3)
    assert c.journal.moves() == ["roll:197"] and c.table.view().instruction.endswith("CAT/BACK browse")
    press(c, p, "ok")
    assert c.journal.moves()[:2] == ["roll:197", "pass"]
    c.close()


def test_a_void_roll_waits_while_why_explains_it():
    from companion.games.katzenjammer.engine import Roll
    from companion.tables.katzenjammer import KatzenjammerTable
    from companion.tables.katzenjammer.table import VOID_SECONDS

    game = games.get("katzenjammer")
    table = KatzenjammerTable(game, game.initial_position(), language="en")
    table.on_chance(Roll((6, 4, 3)), 0.0)
    table.tick(0.0)
    table.on_card("why", 1.0)                     # read for as long as it takes
    for now in range(1, 30):
        table.tick(float(now))
    assert table.moves == ["roll:643"] and table.why_screen(table.view().screen) is not None
    table.on_button("ok", "press", 30.0)          # read: the press only ends the explanation
    table.tick(30.0)
    table.tick(30.0 + VOID_SECONDS - 0.1)
    assert table.moves == ["roll:643"]
    table.tick(30.0 + VOID_SECONDS)
    assert table.moves == ["roll:643", "pass"]
