"""`companion flash`: MicroPython's UF2 onto a BOOTSEL drive (a folder with INFO_UF2.TXT), the
bridge firmware's files through the raw REPL to the fake Pico on a pty (its MicroPython REPL and
flash folder, fake_repl.py), the HELLO that proves it; every failure one line."""
from __future__ import annotations

import os
import struct
import threading
from pathlib import Path

import pytest

pytest.importorskip("serial")

from firmware_bridge import flash, fwinfo, uf2  # noqa: E402
from firmware_bridge.emulator import FakePico  # noqa: E402
from firmware_bridge.polling import until  # noqa: E402
from firmware_bridge.pty_port import plug  # noqa: E402


def make_uf2(path: Path, blocks: int = 200, family: int = uf2.RP2040_FAMILY) -> bytes:
    """A UF2 as picotool writes one: 256 payload bytes a block, the RP2040's family id."""
    out = bytearray()
    for n in range(blocks):
        head = struct.pack("<8I", uf2.MAGIC_START0, uf2.MAGIC_START1, uf2.FLAG_FAMILY, 0x10000000 + 256 * n,
                           256, n, blocks, family)
        payload = bytes((n + i) & 0xFF for i in range(256)).ljust(476, b"\0")
        out += head + payload + struct.pack("<I", uf2.MAGIC_END)
    path.write_bytes(bytes(out))
    return bytes(out)


def bootsel_drive(tmp_path: Path) -> Path:
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / uf2.INFO_FILE).write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n")
    return drive


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def staged_files(tmp_path: Path) -> dict[str, bytes]:
    staged = tmp_path / "staged"
    staged.mkdir()
    flash.stage(staged)
    return {remote: local.read_bytes() for local, remote in flash.files_on_pico(staged)}


def test_a_bootsel_drive_gets_the_uf2_then_the_pico_the_files_and_hello_says_so(tmp_path, capsys):
    drive = bootsel_drive(tmp_path)
    image = make_uf2(tmp_path / "micropython-rp2-pico.uf2")
    port = str(tmp_path / "usb-MicroPython_Board_in_FS_mode_e661-if00")
    flash_dir = tmp_path / "pico-flash"
    flash_dir.mkdir()
    picos: list[FakePico] = []

    def pico_restarts() -> None:
        # the Pico restarts into MicroPython once the last block landed: a serial port, no firmware
        until(lambda: (drive / "micropython-rp2-pico.uf2").exists()
              and (drive / "micropython-rp2-pico.uf2").stat().st_size == len(image), 10)
        picos.append(FakePico(port, flash_dir=flash_dir))

    t = threading.Thread(target=pico_restarts)
    t.start()
    try:
        assert flash.main(["--drive", str(drive), "--uf2", str(tmp_path / "micropython-rp2-pico.uf2"),
                           "--port", port]) == 0
    finally:
        t.join()
        for p in picos:
            p.close()
    out = capsys.readouterr().out
    assert (drive / "micropython-rp2-pico.uf2").read_bytes() == image
    digest = fwinfo.firmware_hash()
    assert f"runs bridge firmware {digest.hex()} (protocol v" in out
    for remote, data in staged_files(tmp_path).items():
        assert (flash_dir / remote).read_bytes() == data, remote
    assert picos[0].fw_hash == digest and not picos[0].in_repl


def test_over_a_running_old_firmware_the_files_change_and_an_unchanged_reflash_writes_nothing(tmp_path):
    flash_dir = tmp_path / "pico-flash"
    (flash_dir / "bridgefw").mkdir(parents=True)
    (flash_dir / "main.py").write_text("from bridgefw import board\nboard.run()\n")
    (flash_dir / "bridgefw" / "fwhash.py").write_text(fwinfo.fwhash_module(b"oldfirmw"))
    with FakePico(flash_dir=flash_dir) as pico:
        assert pico.fw_hash == b"oldfirmw" and not pico.in_repl   # speaking binary: STOP first
        hello = flash.flash_pico(port=pico.port)
        assert bytes(hello["fw_hash"]) == fwinfo.firmware_hash() == pico.fw_hash
        execs = pico.repl.execs
        steps = []
        flash.flash_pico(port=pico.port, progress=lambda step, **kw: steps.append(step))
        # the same firmware again: mkdir and one digest check, nothing written
        assert pico.repl.execs - execs == 2 and steps[-2:] == ["hello", "done"]


def test_a_file_that_is_not_a_uf2_is_refused_in_one_line_and_nothing_is_copied(tmp_path, capsys):
    drive = bootsel_drive(tmp_path)
    notes = tmp_path / "firmware.uf2"
    notes.write_bytes(b"<html>404 Not Found</html>".ljust(1024, b" "))
    assert flash.main(["--drive", str(drive), "--uf2", str(notes), "--port", str(tmp_path / "ttyACM0")]) == 1
    err = one_line_error(capsys)
    assert f"{notes}: not a UF2 file" in err and "micropython.org/download/RPI_PICO" in err
    assert sorted(p.name for p in drive.iterdir()) == [uf2.INFO_FILE]
    other_chip = tmp_path / "esp32.uf2"
    make_uf2(other_chip, blocks=4, family=0x1C5F21B0)
    assert flash.main(["--drive", str(drive), "--uf2", str(other_chip), "--port", "x"]) == 1
    assert "another chip" in one_line_error(capsys)


def test_a_missing_micropython_uf2_names_the_file_and_where_to_get_it(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(uf2.UF2_ENV, raising=False)
    monkeypatch.setattr(uf2, "UF2_PLACES", (tmp_path / "boot-firmware",))
    drive = bootsel_drive(tmp_path)
    assert flash.main(["--drive", str(drive), "--port", str(tmp_path / "ttyACM0")]) == 1
    err = one_line_error(capsys)
    assert f"{uf2.UF2_NAME} is missing (looked in {tmp_path / 'boot-firmware'})" in err
    assert "https://micropython.org/download/RPI_PICO/" in err


def test_a_drive_that_goes_away_mid_copy_is_one_line(tmp_path):
    drive = bootsel_drive(tmp_path)
    make_uf2(tmp_path / "mp.uf2", blocks=300)

    def unplugged(done, total):
        (drive / uf2.INFO_FILE).unlink(missing_ok=True)   # the drive is unmounted under the copy

    with pytest.raises(uf2.FlashError) as exc:
        uf2.copy_uf2(tmp_path / "mp.uf2", drive, unplugged)
    line = str(exc.value)
    assert "\n" not in line and f"{drive}: the drive went away after 32768 of 153600 bytes" in line


def test_garbage_on_the_line_is_one_line_and_garbage_before_the_prompt_is_ignored(tmp_path):
    port = str(tmp_path / "ttyACM0")
    master, slave = plug(port)
    stop = threading.Event()

    def babble() -> None:   # a device that is not a Pico running MicroPython
        while not stop.wait(0.01):
            try:
                os.write(master, b"\x00\xff\x7f@#garbage\r\n")
            except OSError:
                pass

    t = threading.Thread(target=babble)
    t.start()
    try:
        with pytest.raises(uf2.FlashError) as exc:
            flash.copy_files(port, None, timeout=0.6)
    finally:
        stop.set()
        t.join()
        os.close(master)
        os.close(slave)
    assert "\n" not in str(exc.value) and f"{port}: no raw REPL prompt from the Pico within 0.6 s" in str(exc.value)

    (tmp_path / "empty").mkdir()
    with FakePico(flash_dir=tmp_path / "empty") as pico:   # a freshly flashed MicroPython
        pico.inject(b"\x00\x12noise\xff")   # what a half-booted board may leave on the line
        assert bytes(flash.flash_pico(port=pico.port)["fw_hash"]) == fwinfo.firmware_hash()


def test_the_cli_without_a_pico_waits_then_says_what_to_do(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(uf2, "find_drives", lambda: [])
    monkeypatch.setattr(flash, "find_picos", lambda: [])
    assert flash.main(["--wait", "0.3"]) == 1
    assert "hold its BOOTSEL button while plugging it in" in one_line_error(capsys)


def test_dry_run_names_each_file_and_the_hash(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(uf2, "find_drives", lambda: [])
    assert flash.main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"# firmware hash {fwinfo.firmware_hash().hex()}" in out
    for name in fwinfo.PACKAGE_FILES + ("fwhash.py", "bedcfg.py"):
        assert f"bridgefw/{name} (" in out
    assert "\nmain.py (" in out


def test_find_drives_reads_mount_points_and_media_folders(tmp_path):
    drive, other = bootsel_drive(tmp_path), tmp_path / "USBSTICK"
    other.mkdir()
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/sda1 {drive} vfat rw 0 0\n/dev/sdb1 {other} vfat rw 0 0\nproc /proc proc rw 0 0\n")
    media = tmp_path / "media"
    (media / "pi" / "RPI-RP2 (2)").mkdir(parents=True)
    (media / "pi" / "RPI-RP2 (2)" / uf2.INFO_FILE).write_text("UF2 Bootloader v3.0\n")
    assert uf2.find_drives(mounts, (media,)) == [drive, media / "pi" / "RPI-RP2 (2)"]


def test_staged_fwhash_module_is_importable(tmp_path):
    digest = flash.stage(tmp_path)
    ns: dict = {}
    exec((tmp_path / "fwhash.py").read_text(), ns)
    assert ns["FW_HASH"] == digest and len(digest) == 8
