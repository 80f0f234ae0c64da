"""Katzenjammer's settings through the real service (fake devices, a state directory closed and
opened again as after a power loss): who rolls the dice (the dice card, `[game] dice`) lasts
through a restart, into the next game and across a game switch, and the OLED says which after
a resume; `[game] ai` names several computer seats."""
from __future__ import annotations

import random

import pytest

from companion.service.app import Companion
from companion.service.config import Config, ConfigError
from companion.service.devices import build_fakes
from companion.service.replay import config_from_header
from tests.test_katzenjammer_table import press
from tests.test_service_support import VirtualPlayer

DICE_CARD = ("04D1CE01", "maunz:dice")


def start(tmp_path, text='game = "katzenjammer"\nlanguage = "en"\n', seed=4):
    cfg = Config.from_text("[game]\n" + text)
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off", chance_source=random.Random(seed))
    p = VirtualPlayer(c)
    p.run(0.05)
    return c, p


def tap(c, p, card=DICE_CARD):
    c.devices.cards.tap(*card)
    p.run(0.05)


def oled_lines(c) -> list[str]:
    screen = c.table.view().screen
    return [line.text(c.table.language) for line in screen.lines]


def play_to_the_dice_entry(c, p):
    """OK until the seat to move must enter its own dice."""
    for _ in range(200):
        if c.table.phase == "enter_dice":
            return
        press(c, p, "ok")
    raise AssertionError(f"no dice entry: phase {c.table.phase}")


def test_the_players_dice_last_through_a_restart_and_into_the_next_game(tmp_path):
    c, p = start(tmp_path)
    assert c.table.phase == "choose" and c.journal.moves()[0].startswith("roll:")  # it rolled
    press(c, p, "ok")  # red's turn begins: the first option
    tap(c, p)  # the dice card: from now on the players roll
    assert c.journal.setting("dice") == "players"
    assert oled_lines(c)[0] == "You roll your dice"  # the card is answered on the OLED
    play_to_the_dice_entry(c, p)
    moves = c.journal.moves()
    p.run(1.0)
    assert c.journal.moves() == moves  # the companion draws nothing for the players
    c.close()  # power loss

    again, p = start(tmp_path, seed=99)
    assert again.resumed and again.journal.moves() == moves
    assert again.table.phase == "enter_dice"  # still the players' dice, not the companion's
    assert oled_lines(again)[0] == "You roll your dice"  # said once after the resume
    p.run(1.0)
    assert again.journal.moves() == moves
    for button in ("cat", "ok", "ok", "ok"):  # III = 2, IV = 1, V = 2: the pair 22
        press(again, p, button)
    assert again.journal.moves() == moves + ["roll:212"]
    assert "You roll your dice" not in oled_lines(again)  # gone with the first button
    press(again, p, "ok", "long")  # a new game: the same players own the same dice
    press(again, p, "ok")
    assert again.journal.current.id > 1 and again.journal.moves() == []
    assert again.table.phase == "enter_dice"
    again.close()

    third, p = start(tmp_path, seed=5)  # a restart before the new game's first roll
    assert third.table.phase == "enter_dice" and third.journal.moves() == []
    tap(third, p)  # the card again: the companion rolls, and keeps rolling after a restart
    assert third.journal.setting("dice") == "companion"
    assert oled_lines(third)[0] == "The companion rolls"
    p.run(0.05)
    assert third.journal.moves() == [] and third.switching.menu.seats is not None  # how many play?
    press(third, p, "ok")   # two, as before (issue 46, item 11): then the dice roll
    assert third.journal.moves()[0].startswith("roll:")
    third.close()
    fourth, _ = start(tmp_path, seed=6)
    assert fourth.resumed and fourth.table.phase == "choose"
    assert oled_lines(fourth)[0] == "The companion rolls"
    fourth.close()


def test_the_dice_setting_survives_a_game_switch(tmp_path):
    c, p = start(tmp_path, 'game = "katzenjammer"\nlanguage = "en"\ndice = "players"\n')
    assert c.table.phase == "enter_dice" and c.journal.moves() == []  # the boot default
    for _ in range(2):  # a game card, and the same card again confirms: maunz.
        tap(c, p, ("04AA0001", "maunz:game:maunz"))
    assert c.game.info.name == "maunz"
    for _ in range(2):
        tap(c, p, ("04AA0002", "maunz:game:katzenjammer"))
    assert c.game.info.name == "katzenjammer" and c.table.phase == "enter_dice"
    tap(c, p)
    assert c.table.phase == "roll" or c.journal.moves()[0].startswith("roll:")
    c.close()
    # the card's choice wins over the configuration's default after a restart, as the language
    again, _ = start(tmp_path, 'game = "katzenjammer"\nlanguage = "en"\ndice = "players"\n')
    assert not again.table.physical_dice and again.journal.moves()[0].startswith("roll:")
    again.close()


def test_a_game_resumed_with_the_companions_dice_says_so_in_german(tmp_path):
    c, p = start(tmp_path, 'game = "katzenjammer"\n')
    press(c, p, "ok")
    c.close()
    again, _ = start(tmp_path, 'game = "katzenjammer"\n')
    assert again.resumed and oled_lines(again)[0] == "Der Companion würfelt"
    again.close()


def test_the_dice_setting_goes_into_a_recording_and_back():
    header = {"game": "katzenjammer", "dice": "players", "ai": "2,3", "players": {}}
    cfg = config_from_header(header)
    assert cfg.game.own_setting("katzenjammer", "dice") == "players" and cfg.game.ai == "2,3"
    assert config_from_header({"game": "maunz"}).game.own_setting("katzenjammer", "dice") == "companion"


def test_several_computer_seats_from_the_config(tmp_path):
    c, p = start(tmp_path, 'game = "katzenjammer"\nplayers = 4\nai = "2,4"\nlanguage = "en"\n', seed=12)
    assert c.table.session.computers.keys() == {1, 3} and c.settings.ai_seats == (1, 3)
    snap = c.snapshot()
    assert snap["ai_seats"] == ["2", "4"] and snap["ai"] == "2"
    assert c.record_header()["ai"] == "2,4"
    for _ in range(20):  # red (a person) plays two turns; blue and black play themselves
        press(c, p, "ok")
    turns = [m for m in c.journal.moves() if not m.startswith("roll:")]
    game, pos, movers = c.game, c.game.initial_position(), []
    for text in c.journal.moves():
        if not text.startswith("roll:"):
            movers.append(pos.to_move)
        pos = game.apply(pos, game.parse_move(pos, text))
    assert len(turns) >= 4 and {0, 1, 2, 3} <= set(movers)
    c.close()
    again, _ = start(tmp_path, 'game = "katzenjammer"\nplayers = 4\nai = "2,4"\nlanguage = "en"\n')
    assert again.table.session.computers.keys() == {1, 3}
    again.close()


@pytest.mark.parametrize("text, error", [
    ('ai = "orange,grey"',
     "c.toml: [game] ai: bad value 'orange,grey': maunz is a two-player game and its AI plays one"
     " seat (in one worker process); use one of: 'off', 'orange', 'grey'"),
    ('game = "katzenjammer"\nai = "2,3"',
     "c.toml: [game] ai: bad value '2,3': katzenjammer for 2 players has no seat '3'; use one of:"
     " 'off', '1', '2', or set players = 3-4"),
    ('game = "katzenjammer"\nplayers = 3\nai = "2,2"',
     "c.toml: [game] ai: bad value '2,2': a seat named twice; name each seat once"),
    ('game = "katzenjammer"\nplayers = 3\nai = "4"',
     "c.toml: [game] ai: bad value '4': katzenjammer for 3 players has no seat '4'; use one of:"
     " 'off', '1', '2', '3' (several: comma-separated, \"2,3\"), or set players = 4"),
    ('dice = "mine"', "c.toml: [game] dice: bad value 'mine'; use one of: 'companion', 'players'"),
])
def test_bad_ai_seats_and_dice_are_one_line_naming_file_section_and_key(text, error):
    with pytest.raises(ConfigError) as exc:
        Config.from_text("[game]\n" + text + "\n", "c.toml")
    assert str(exc.value) == error


def test_the_single_seat_forms_still_work():
    assert Config.from_text('[game]\nai = "grey"\n').game.ai == "grey"
    assert Config.from_text('[game]\ngame = "katzenjammer"\nplayers = 3\nai = "3, 2"\n').game.ai == "2,3"
    assert Config.from_text('[game]\ngame = "katzenjammer"\nai = "2"\n').game.ai == "2"


def test_the_services_notes_on_the_page_speak_the_tables_language(tmp_path):
    c, p = start(tmp_path, 'game = "katzenjammer"\n')
    tap(c, p, ("04C0FFEE", "maunz:hint"))  # a maunz. card: does nothing here
    tap(c, p, ("04BADBAD", None))          # an unknown tag
    german = c.snapshot()["messages"]
    assert german[0] == "Karte „Tipp“ tut nichts bei Katzenjammer"  # by what it does, not its UID
    assert german[1].startswith("Unbekannte Karte 04:BA:DB:AD: anlernen mit `companion cards add")
    assert c.notices.messages[0] == "card 'Hint' does nothing in Katzenjammer"  # the log's
    tap(c, p, ("04AB0001", "maunz:language"))
    english = c.snapshot()["messages"]
    assert english[:2] == c.notices.messages[:2]
    tap(c, p, ("04C0FFEF", "maunz:event:schnurr"))  # a Cats card: named by its event
    assert c.snapshot()["messages"][-1] == "card 'Event card schnurr' does nothing in Katzenjammer"
    assert not any("04:C0:FF" in m for m in c.snapshot()["messages"])
    c.close()


def test_a_hand_edited_dice_setting_falls_back_to_the_configuration(tmp_path, caplog):
    c, _ = start(tmp_path, 'game = "katzenjammer"\ndice = "players"\n')
    c.journal.set_setting("dice", "dragons")
    c.close()
    again, _ = start(tmp_path, 'game = "katzenjammer"\ndice = "players"\n')
    assert again.table.physical_dice and again.table.phase == "enter_dice"
    assert "journal setting dice = 'dragons' is not one of companion, players" in caplog.text
    again.close()


def test_a_recording_with_the_players_dice_replays_the_same_game(tmp_path):
    """The recording's header says who rolls: the replay enters the same dice by the same
    buttons and ends at the same position (the companion draws nothing to differ)."""
    from companion.service.events import Recorder
    from companion.service.replay import replay

    path = tmp_path / "kj.jsonl"
    c, p = start(tmp_path / "state", 'game = "katzenjammer"\nlanguage = "en"\ndice = "players"\n')
    c.recorder = Recorder(path, c.record_header(), p.t)
    for _ in range(3):  # three turns: each roll entered (III = 2, IV = 1, V = 2), then OK, OK ...
        for button in ("cat", "ok", "ok", "ok"):
            press(c, p, button)
        while c.table.phase == "choose":
            press(c, p, "ok")
    moves = c.journal.moves()
    assert moves[0] == "roll:212" and len(moves) >= 6
    c.recorder.close(p.t, position=c.game.format_position(c.table.position), moves=c.table.moves)
    c.recorder = None
    c.close()
    result = replay(path)
    assert result.matches and result.moves == moves
