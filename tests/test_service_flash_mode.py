"""`companion run` whose bed is on a Pico bridge that does not answer (a new Pico with only
MicroPython on it): instead of stopping, it shows on the OLED that the Pico is wanted, flashes it
(the fake Pico on a pty, its REPL and flash folder) and exits for systemd to start it again —
and then the bed is there."""
from __future__ import annotations

import contextlib
import functools
import socket

import pytest

pytest.importorskip("serial")

from companion.service import devices as devmod  # noqa: E402
from companion.service import flash_mode, main  # noqa: E402
from companion.service.config import Config  # noqa: E402
from companion.service.flashing import render_flash  # noqa: E402
from companion.ui.i18n import text  # noqa: E402
from firmware_bridge import flash, fwinfo, uf2  # noqa: E402
from firmware_bridge.emulator import FakePico  # noqa: E402
from hardware.fakes import FakeDisplay  # noqa: E402
from tests.test_service_config import FAKE_HW  # noqa: E402


def test_a_bridge_that_does_not_answer_is_flashed_by_the_service_itself(tmp_path, monkeypatch):
    (tmp_path / "flash").mkdir()
    port = str(tmp_path / "usb-MicroPython_Board_in_FS_mode_e661-if00")
    cfg = tmp_path / "companion.toml"
    cfg.write_text(FAKE_HW.replace('[hardware.reed]\nbackend = "fake"',
                                   f'[hardware.reed]\nbackend = "bridge"\nport = "{port}"\nhandshake_timeout = 0.5')
                   + '[game]\nlanguage = "en"\n')
    shown = []
    monkeypatch.setattr(FakeDisplay, "show", lambda self, image: shown.append(image.copy()))
    monkeypatch.setattr(uf2, "find_drives", lambda: [])
    monkeypatch.setattr(flash, "find_picos", lambda: [port])
    monkeypatch.setattr(flash_mode, "run", functools.partial(flash_mode.run, rounds=1))
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)   # systemd's notify socket
    systemd.bind(str(tmp_path / "notify"))
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
    monkeypatch.setenv("WATCHDOG_USEC", "200000")
    with FakePico(port, flash_dir=tmp_path / "flash") as pico:   # MicroPython, no bridge firmware
        assert main.main(["--config", str(cfg), "--state", str(tmp_path / "state")]) == flash_mode.EXIT_AGAIN
        assert pico.fw_hash == fwinfo.firmware_hash() and not pico.in_repl
        digest = fwinfo.firmware_hash().hex()
        assert shown[0].tobytes() == render_flash(text("flash.wanted", "en"), "en").tobytes()
        assert shown[-1].tobytes() == render_flash(text("flash.done", "en", firmware=digest), "en").tobytes()
        said = []
        systemd.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            while True:
                said.append(systemd.recv(4096).decode())
        systemd.close()
        # READY while it waits for the maker's hands (TimeoutStartSec), the watchdog pinged meanwhile
        assert said[0].startswith("READY=1\nSTATUS=no Pico answers: waiting to flash it") and "WATCHDOG=1" in said
        config = Config.load(cfg)
        devmod.build(config.hardware, config.source, config.state_dir).close()   # the next start has its bed


def test_a_config_error_that_is_not_the_bridge_still_stops_the_service(tmp_path, capsys):
    cfg = tmp_path / "companion.toml"
    cfg.write_text(FAKE_HW.replace('[hardware.reed]\nbackend = "fake"', '[hardware.reed]\nbackend = "bridge"\nport = "/nonexistent/pico"\nhandshake_timeout = 0.2')
                   .replace('[hardware.display]\nbackend = "fake"', '[hardware.display]\nbackend = "nonsense"'))
    assert main.main(["--config", str(cfg), "--state", str(tmp_path / "state")]) == 2
    assert "[hardware.display]" in capsys.readouterr().err
