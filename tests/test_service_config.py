"""Config validation: every error names the file, the section and the key, on one line."""
import pytest

from companion.service.config import Config, ConfigError
from companion.service.devices import ALL_FAKE_TOML, build, validate_hardware
from companion.service.main import main

#: every device a fake (the other service tests take it from here)
FAKE_HW = ALL_FAKE_TOML


def load(tmp_path, text, name="companion.toml"):
    p = tmp_path / name
    p.write_text(text)
    return p, Config.load(p)


def error(tmp_path, text):
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(ConfigError) as exc:
        cfg = Config.load(p)
        build(cfg.hardware, cfg.source)
    msg = str(exc.value)
    assert "\n" not in msg
    assert msg.startswith(str(p))
    return msg


def test_defaults_and_values(tmp_path):
    _, cfg = load(tmp_path, FAKE_HW + '[game]\nrules = "kids"\nsettle = 0.1\nlanguage = "en"\nai = "grey"\n'
                  '[web]\nenabled = true\nport = 9000\n[state]\ndir = "st"\n[service]\nscan_hz = 50\n')
    assert cfg.game.rules == "kids" and cfg.game.settle == 0.1 and cfg.game.language == "en"
    assert cfg.game.ai == "grey" and cfg.web.enabled and cfg.web.port == 9000
    assert cfg.state_dir == tmp_path / "st"  # relative to the config file
    assert cfg.scan_hz == 50.0
    _, cfg = load(tmp_path, FAKE_HW)
    assert cfg.game.rules is None and cfg.game.settle == 0.25 and cfg.web.host == "127.0.0.1"
    assert not cfg.web.control


def test_unknown_key(tmp_path):
    msg = error(tmp_path, FAKE_HW + "[game]\nsettel = 0.3\n")
    assert "[game] settel: unknown key" in msg and "settle" in msg


def test_unknown_section(tmp_path):
    msg = error(tmp_path, FAKE_HW + "[gmae]\n")
    assert "[gmae]" in msg and "unknown section" in msg


def test_bad_values(tmp_path):
    msg = error(tmp_path, FAKE_HW + '[game]\nlanguage = "fr"\n')
    assert "[game] language: bad value 'fr'" in msg and "'de'" in msg
    msg = error(tmp_path, FAKE_HW + "[game]\nsettle = -1\n")
    assert "[game] settle" in msg and "out of range" in msg
    msg = error(tmp_path, FAKE_HW + '[web]\nport = "80"\n')
    assert "[web] port" in msg and "whole number" in msg
    msg = error(tmp_path, FAKE_HW + '[web]\nenabled = "yes"\n')
    assert "[web] enabled" in msg and "true or false" in msg


def test_hardware_keys(tmp_path):
    msg = error(tmp_path, FAKE_HW.replace('[hardware.leds]\nbackend = "fake"', '[hardware.leds]\nbackend = "fake"\nbrightnes = 1'))
    assert "[hardware.leds] brightnes: unknown key" in msg and "brightness" in msg
    msg = error(tmp_path, FAKE_HW.replace('[hardware.reed]\nbackend = "fake"', '[hardware.reed]\nbackend = "magic"'))
    assert "[hardware.reed] backend: bad value 'magic'" in msg and "'gpio'" in msg
    msg = error(tmp_path, FAKE_HW + "[hardware.toaster]\nbackend = 1\n")
    assert "[hardware.toaster]" in msg and "unknown device" in msg


def test_missing_backend_is_never_a_silent_fake(tmp_path):
    msg = error(tmp_path, FAKE_HW.replace('[hardware.buttons]\nbackend = "fake"\n', ""))
    assert "[hardware.buttons] backend: missing" in msg


def test_missing_device(tmp_path):
    # Real LEDs on SPI do not exist on a laptop: the error names the section and key.
    msg = error(tmp_path, FAKE_HW.replace('[hardware.leds]\nbackend = "fake"', '[hardware.leds]\nbackend = "spi"'))
    assert "[hardware.leds] backend" in msg and "'spi'" in msg


def test_not_toml(tmp_path):
    msg = error(tmp_path, "[game\n")
    assert "not valid TOML" in msg


def test_run_exits_2_with_one_line(tmp_path, capsys):
    p = tmp_path / "c.toml"
    p.write_text(FAKE_HW + "[game]\nsettel = 1\n")
    assert main(["--config", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(p) in err and "[game] settel" in err


def test_run_refuses_two_ai_seats_for_maunz_and_a_seat_a_game_lacks(tmp_path, capsys):
    p = tmp_path / "c.toml"
    p.write_text(FAKE_HW + '[game]\nai = "orange,grey"\n')
    assert main(["--config", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.endswith(
        f"{p}: [game] ai: bad value 'orange,grey': maunz is a two-player game and its AI plays one"
        " seat (in one worker process); use one of: 'off', 'orange', 'grey'")
    msg = error(tmp_path, FAKE_HW + '[game]\ngame = "katzenjammer"\nplayers = 3\nai = "2,5"\n')
    assert "[game] ai: bad value '2,5': katzenjammer for 3 players has no seat '5'" in msg
    assert "set players = 4" in msg
    cfg = Config.from_text('[game]\ngame = "katzenjammer"\nplayers = 4\nai = "4,2,3"\ndice = "players"\n')
    assert (cfg.game.ai, cfg.game.own_setting("katzenjammer", "dice")) == ("2,3,4", "players")


def test_run_without_config_off_pi_points_to_sim(monkeypatch, capsys):
    import companion.service.devices as devmod
    import companion.service.main as m

    monkeypatch.setattr(m, "DEFAULT_CONFIG", __import__("pathlib").Path("/nonexistent/companion.toml"))
    monkeypatch.setattr(devmod, "is_raspberry_pi", lambda: False)
    assert m.main([]) == 2
    err = capsys.readouterr().err
    assert "companion sim" in err and "--config" in err


def test_validate_hardware_accepts_factory_keys():
    validate_hardware({"reed": {"backend": "fake", "debounce": 2, "scan_hz": 100}, "leds": {"backend": "fake"},
                       "display": {"backend": "none"}, "cards": {"backend": "none"},
                       "buttons": {"backend": "fake"}, "wiring": {"pins_file": "x"}}, "f.toml")


def test_example_config_is_valid():
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "systemd" / "companion.toml.example"
    cfg = Config.load(example)
    validate_hardware(cfg.hardware, cfg.source)
    assert cfg.hardware["reed"]["backend"] == "gpio" and cfg.state_dir.as_posix() == "/var/lib/maunz-companion"


def test_sigterm_exits_cleanly(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    cfg = tmp_path / "c.toml"
    cfg.write_text(FAKE_HW + f'[state]\ndir = "{tmp_path / "st"}"\n')
    p = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", str(cfg)],
                         stderr=subprocess.PIPE, text=True)
    # "state in ..." once the loop is about to start (after the line naming the kernels)
    lines = [p.stderr.readline()]
    while "state in" not in lines[-1] and lines[-1] and len(lines) < 5:
        lines.append(p.stderr.readline())
    assert "state in" in lines[-1], lines
    time.sleep(0.3)
    p.send_signal(signal.SIGTERM)
    assert p.wait(10) == 0


@pytest.mark.parametrize("value, problem", [
    ('"companion.local"', "use a list of host names"),
    ('["http://companion.local"]', "bad host name 'http://companion.local'"),
    ('["companion.local:8080"]', "bad host name"),
    ('["bad_name.local"]', "bad host name"),
    ("[1]", "bad host name 1"),
])
def test_web_names_must_be_a_list_of_bare_host_names(tmp_path, value, problem):
    msg = error(tmp_path, f"[web]\nnames = {value}\n")
    assert "[web] names" in msg and problem in msg, msg


def test_players_with_maunz_at_boot_is_for_the_other_games(tmp_path):
    """Issue 20, point 10: the README's `[game] players = 3` with the default game (maunz.,
    two seats) starts; maunz. plays with two, the games of three take three when switched to."""
    from companion.service.app import Companion, make_game
    from companion.service.devices import build_fakes

    cfg = Config.from_text("[game]\nplayers = 3\n", "c.toml")
    assert cfg.game.players == 3
    assert make_game(cfg).seats(make_game(cfg).initial_position()) == 2
    cats = make_game(cfg, "cats")
    assert cats.seats(cats.initial_position()) == 3
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off")
    assert c.game.info.name == "maunz"
    c.close()
    with pytest.raises(ConfigError) as err:
        Config.from_text("[game]\nplayers = 1\n", "c.toml")
    assert str(err.value).startswith("c.toml: [game] players: bad value 1")


def test_a_games_own_settings_have_its_own_section():
    """Issue "One table framework", 6: a game's own settings (declared by its table's
    own_settings) are read from [game.<name>], checked against the declaration, errors naming the
    file, section and key; the old [game] key is still read, with a note naming the new place."""
    cfg = Config.from_text('[game.katzenjammer]\ndice = "players"\n[game.cats]\nsecrets = "cards"\n', "c.toml")
    assert cfg.game.own_setting("katzenjammer", "dice") == "players"
    assert cfg.game.own_setting("cats", "secrets") == "cards"
    assert cfg.notes == ()
    assert Config.from_text("", "c.toml").game.own_setting("katzenjammer", "dice") == "companion"
    old = Config.from_text('[game]\ndice = "players"\n', "c.toml")
    assert old.game.own_setting("katzenjammer", "dice") == "players"
    assert old.notes == ("c.toml: [game] dice is read as [game.katzenjammer] dice; write it there"
                         " (the old place is read only for old files)",)
    for text, error in [
        ('[game.katzenjammer]\ndice = "mine"\n',
         "c.toml: [game.katzenjammer] dice: bad value 'mine'; use one of: 'companion', 'players'"),
        ('[game.katzenjammer]\nsecrets = "cards"\n',
         "c.toml: [game.katzenjammer] secrets: unknown key; remove it or use one of: dice"),
        ('[game.chess]\nclock = 5\n',
         "c.toml: [game.chess]: no game with parameters or settings of its own by that name; use one of"),
        ('[game.maunz]\nai = "grey"\n',
         "c.toml: [game.maunz] ai: unknown key; remove it or use one of: beginner, first"),
        ('[game.monster-mau-mau]\ndeal = 5\n',
         "c.toml: [game.monster-mau-mau]: no game with parameters or settings of its own by that name;"),
    ]:
        with pytest.raises(ConfigError) as exc:
            Config.from_text(text, "c.toml")
        assert str(exc.value).startswith(error), str(exc.value)
        assert "\n" not in str(exc.value)


def test_who_starts_maunz_is_a_game_parameter_in_its_own_section(tmp_path):
    """Issue "One table framework", 6: maunz.'s `first` is a parameter its GameInfo declares,
    read from [game.maunz] and validated from the declaration; the old [game] first is still
    read, with a note naming the new key. The game made from it, the AI worker's game and a
    recording's header all follow it, also when maunz. is switched to from another game."""
    from companion.games import info
    from companion.service import ai_process
    from companion.service.app import Companion
    from companion.service.devices import build_fakes
    from companion.service.config import make_game
    from companion.service.replay import config_from_header

    assert [(p.name, p.values) for p in info("boop").parameters] == [("first", ("orange", "grey"))]
    cfg = Config.from_text('[game.maunz]\nfirst = "grey"\n', "c.toml")
    assert cfg.game.parameters == {"maunz": {"first": "grey"}} and cfg.notes == ()
    game = make_game(cfg)
    assert game.to_move(game.initial_position()) == 1 and game.parameters == {"first": "grey"}
    assert make_game(Config.from_text("", "c.toml")).parameters == {"first": "orange"}
    old = Config.from_text('[game]\nfirst = "grey"\n', "c.toml")
    assert old.game.parameters == cfg.game.parameters
    assert old.notes == ("c.toml: [game] first is read as [game.maunz] first; write it there"
                         " (the old place is read only for old files)",)
    for text, error in [
        ('[game.maunz]\nfirst = "blue"\n', "c.toml: [game.maunz] first: bad value 'blue'; use one of: 'orange', 'grey'"),
        ('[game]\nfirst = 1\n', "c.toml: [game] first: bad value 1; use one of: 'orange', 'grey'"),
    ]:
        with pytest.raises(ConfigError) as exc:
            Config.from_text(text, "c.toml")
        assert str(exc.value) == error

    # switched to from Cats at boot: maunz. still starts with grey
    boot_cats = Config.from_text('[game]\ngame = "cats"\n[game.maunz]\nfirst = "grey"\n', "c.toml")
    switched = make_game(boot_cats, "boop")
    assert switched.to_move(switched.initial_position()) == 1
    # the AI worker builds the same game from the plain texts it is handed
    worker = ai_process._game("maunz", None, (("first", "grey"),))
    assert worker.initial_position() == game.initial_position()
    # the recording keeps it, and a replay of the recording plays the same game
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off")
    try:
        header = c.record_header()
        assert header["first"] == "grey"
        assert c.ai.game_args() == ("maunz", None, (("first", "grey"),))
    finally:
        c.close()
    replayed = make_game(config_from_header(header))
    assert replayed.to_move(replayed.initial_position()) == 1


def test_a_config_with_bytes_that_are_not_utf8_is_one_line_naming_the_file(tmp_path):
    """Issue 32 item 17: a configuration saved in Latin-1 (a name with "ü" written by an old
    editor) is one line naming the file and where the bad byte is, exit status 2, in `companion
    run` and `companion sim` alike, never a UnicodeDecodeError traceback."""
    import subprocess
    import sys

    p = tmp_path / "c.toml"
    p.write_bytes(FAKE_HW.encode() + '[remote]\nname = "J\u00fcrgen"\n'.encode("latin-1"))
    with pytest.raises(ConfigError) as exc:
        Config.load(p)
    assert str(p) in str(exc.value) and "UTF-8" in str(exc.value)
    for command in ("run", "sim"):
        run = subprocess.run([sys.executable, "-m", "companion", command, "--config", str(p), "--state",
                              str(tmp_path / "st"), *(["--no-web"] if command == "sim" else [])],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2, (command, run.stderr)
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and str(p) in lines[0] and "UTF-8" in lines[0], (command, run.stderr)
        assert "Traceback" not in run.stderr
