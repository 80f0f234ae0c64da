"""`companion flash`: the mpremote commands, and clear errors without mpremote or a Pico."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from firmware_bridge import flash, fwinfo


def fake_mpremote(tmp_path: Path, exit_code: int = 0) -> Path:
    """An `mpremote` on PATH that logs its arguments (and copies nothing)."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    log = tmp_path / "calls.log"
    script = bindir / "mpremote"
    script.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\nexit {exit_code}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return log


def test_dry_run_prints_the_commands(capsys, monkeypatch):
    monkeypatch.setattr(flash, "find_picos", lambda: [])
    assert flash.main(["--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("# firmware hash " + fwinfo.firmware_hash().hex())
    cmds = [line for line in out if line.startswith("mpremote")]
    assert cmds[0].startswith("mpremote connect auto exec")
    assert "fs cp" in cmds[1] and cmds[1].endswith(":bridgefw/")
    for name in fwinfo.PACKAGE_FILES + ("fwhash.py",):
        assert "/" + name in cmds[1]
    assert cmds[2].endswith("main.py :main.py")
    assert cmds[3] == "mpremote connect auto reset"


def test_missing_mpremote_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    assert flash.main(["--port", "/dev/null"]) == 2
    assert "mpremote not found" in capsys.readouterr().err


def test_no_pico_found_is_a_clear_error(tmp_path, capsys, monkeypatch):
    fake_mpremote(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(flash, "find_picos", lambda: [])
    assert flash.main([]) == 2
    assert "no Raspberry Pi Pico found" in capsys.readouterr().err


def test_flash_runs_mpremote_on_the_given_port(tmp_path, capsys, monkeypatch):
    log = fake_mpremote(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + os.environ["PATH"])
    stops = []
    monkeypatch.setattr(flash, "stop_running_firmware", stops.append)
    port = tmp_path / "usb-MicroPython_Board-if00"
    port.touch()
    assert flash.main(["--port", str(port)]) == 0
    calls = log.read_text().splitlines()
    assert stops == [str(port)]
    assert len(calls) == 4 and all(c.startswith(f"connect {port} ") for c in calls)
    assert calls[-1].endswith("reset")
    assert fwinfo.firmware_hash().hex() in capsys.readouterr().out


def test_mpremote_failure_is_reported(tmp_path, capsys, monkeypatch):
    fake_mpremote(tmp_path, exit_code=1)
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(flash, "stop_running_firmware", lambda port: None)
    port = tmp_path / "ttyACM9"
    port.touch()
    assert flash.main(["--port", str(port)]) == 1
    assert f"failed (exit 1) on {port}" in capsys.readouterr().err


def test_staged_fwhash_module_is_importable(tmp_path):
    digest = flash.stage(tmp_path)
    ns: dict = {}
    exec((tmp_path / "fwhash.py").read_text(), ns)
    assert ns["FW_HASH"] == digest and len(digest) == 8
