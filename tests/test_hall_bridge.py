"""The hall-effect bed over the real bridge: the firmware's hall mode (the pure Device, run by the
emulator on a pty) reading the magnetic model, pyserial and the host link, the typed snapshot in
ReedGrid.kinds(), a firmware flashed for the other bed refused, and `companion calibrate`'s walk
driven by a hand that reads the LEDs, its file stored, sent to the Pico and read back at start."""
from __future__ import annotations

import json
import random
import threading
import time

import pytest

from firmware_bridge.emulator import FakePico
from firmware_bridge.firmware.hall import COUNTS_PER_MT
from firmware_bridge.host.hall_link import calibration_path, load_calibration
from hardware.factory import build_devices
from hardware.hall_model import Bed
from hardware.hall_walk import COLOUR
from hardware.interfaces import HardwareError, parse_square

pytest.importorskip("serial")


@pytest.fixture
def pico():
    p = FakePico(hall_bed=Bed(random.Random(22)), scan_hz=100)
    yield p
    p.close()


def _devices(pico, **reed):
    cfg = {"reed": {"backend": "bridge", "port": pico.port, "bed": "hall", **reed},
           "leds": {"backend": "fake"}, "display": {"backend": "fake"},
           "cards": {"backend": "fake"}, "buttons": {"backend": "fake"}}
    return build_devices(cfg, source="test")


def test_kinds_come_over_the_wire(pico):
    devices = _devices(pico)
    try:
        reed = devices.reed
        pico.put(parse_square("c3"), "k")
        pico.put(parse_square("d4"), "c")
        assert pico.wait_for(lambda: reed.poll() == (1 << 14) | (1 << 21), 5.0)
        assert reed.kinds() == (1 << 21, 0)           # d4 south (a cat), nothing ambiguous
        pico.lift(21)
        pico.put(21, "k")                             # the cat swapped for a kitten in one go
        assert pico.wait_for(lambda: reed.kinds() == (0, 0) and reed.poll() == (1 << 14) | (1 << 21), 5.0)
        pico.hall_bed.stray[0] = 6.0                  # a magnet under the quilt: the dead band
        assert pico.wait_for(lambda: reed.kinds() == (0, 1) and reed.poll() & 1, 5.0)
    finally:
        devices.close()


@pytest.mark.parametrize("host_bed, firmware_hall, words", [
    ("hall", False, "firmware scans reed switches, this host's bed is hall-effect sensors"),
    ("reed", True, "firmware scans a hall-effect bed, this host's bed is reed switches"),
])
def test_a_firmware_for_the_other_bed_is_refused(host_bed, firmware_hall, words):
    p = FakePico(hall_bed=Bed(random.Random(1)) if firmware_hall else None, scan_hz=100)
    try:
        from firmware_bridge.host.backend import make_reed_grid

        with pytest.raises(HardwareError, match=words):
            make_reed_grid({"port": p.port, "bed": host_bed, "handshake_timeout": 1.0})
    finally:
        p.close()


def test_the_zero_is_refused_while_a_piece_lies_on_the_bed(pico):
    devices = _devices(pico)
    try:
        hall = devices.reed.link.hall
        pico.put(parse_square("e5"), "c")
        assert pico.wait_for(lambda: devices.reed.poll(), 5.0)
        assert hall.zero_bed(149) == 1 << parse_square("e5")
        pico.lift(parse_square("e5"))
        assert pico.wait_for(lambda: devices.reed.poll() == 0, 5.0)
        assert hall.zero_bed(149) == 0
    finally:
        devices.close()


class Hand(threading.Thread):
    """A builder doing the walk: reads the lit square and its colour, puts a kitten (blue) or a
    cat (amber) there, lifts on green. On `reversed_at` its pieces have their magnets upside down."""

    def __init__(self, pico, leds, reversed_at=()):
        super().__init__(daemon=True)
        self.pico, self.leds, self.reversed_at = pico, leds, set(reversed_at)
        self.stop = threading.Event()

    def run(self):
        on = None
        while not self.stop.is_set():
            lit = [(sq, c.color) for sq, c in enumerate(self.leds.current.cells) if c.color != (0, 0, 0)]
            if lit:
                sq, colour = lit[0]
                if colour == COLOUR["lift"] and on is not None:
                    self.pico.lift(on)
                    on = None
                elif colour in (COLOUR["k"], COLOUR["c"]) and on is None:
                    kind = "k" if colour == COLOUR["k"] else "c"
                    if sq in self.reversed_at:
                        kind = "c" if kind == "k" else "k"
                    self.pico.put(sq, kind)
                    on = sq
            time.sleep(0.01)


def test_calibrate_walk_stores_thresholds_flags_a_reversed_magnet_and_the_pico_uses_them(pico, tmp_path):
    from companion.service.calibrate_cli import calibrate

    squares = [parse_square(s) for s in ("a1", "b1", "c3", "f6")]
    devices = _devices(pico)
    said: list[str] = []
    hand = Hand(pico, devices.leds, reversed_at=[parse_square("c3")])
    pico.put(parse_square("d2"), "k")          # left on the bed: the zero waits for it
    assert pico.wait_for(lambda: devices.reed.poll() == 1 << parse_square("d2"), 5.0)
    try:
        hand.start()
        t = threading.Thread(target=lambda: said.append(
            calibrate(devices, squares, tmp_path, pico.port, (149, 74), out=said.append, timeout=20)))
        t.start()
        assert pico.wait_for(lambda: any("something lies on d2" in str(s) for s in said), 5.0)
        pico.lift(parse_square("d2"))
        t.join(60)
        assert said[-1] == 0, said
    finally:
        hand.stop.set()
        devices.close()
    text = "\n".join(map(str, said))
    assert "empty-bed zero taken" in text and "a1: put a kitten on its centre" in text
    assert "c3: REVERSED" in text and "turn those pieces' magnets over" in text
    path = calibration_path(tmp_path, pico.port)
    stored = json.loads(path.read_text())
    assert stored["flags"] == {"c3": "reversed"}
    for sq in (parse_square("a1"), parse_square("f6")):
        assert 20 < stored["kitten_mt"][sq] < 80 and -80 < stored["cat_mt"][sq] < -20
        weaker = min(stored["kitten_mt"][sq], -stored["cat_mt"][sq]) * COUNTS_PER_MT
        assert stored["register"][sq] == pytest.approx(0.4 * weaker, abs=2)
    assert stored["register"][parse_square("c3")] == 149          # a flagged square keeps defaults
    # what the Pico runs with now, and again after a reboot: the service sends the stored file
    assert pico.device.hall.register == stored["register"]
    cal = load_calibration(path)
    devices = _devices(pico, calibration=str(path))
    try:
        pico.reset()
        assert pico.wait_for(lambda: pico.device.hall.register == cal["register"]
                             and devices.reed.link.hall.cal_acked.is_set(), 5.0)
    finally:
        devices.close()


def test_back_ends_the_walk_and_stores_nothing(pico, tmp_path):
    from companion.service.calibrate_cli import calibrate

    devices = _devices(pico)
    said: list = []
    try:
        devices.buttons.press("back")
        assert calibrate(devices, [0], tmp_path, pico.port, (149, 74), out=said.append, timeout=5) == 1
    finally:
        devices.close()
    assert "walk ended with BACK: nothing stored" in said
    assert not calibration_path(tmp_path, pico.port).exists()


@pytest.mark.parametrize("content, words", [
    ("{not json", "unreadable hall calibration"),
    ('{"zero": [2048], "register": [1], "clear": [2]}', "not a hall calibration"),
])
def test_a_damaged_calibration_is_one_line_naming_the_file(tmp_path, content, words):
    path = tmp_path / "cal.json"
    path.write_text(content)
    with pytest.raises(HardwareError, match=words) as exc:
        load_calibration(path)
    assert str(path) in str(exc.value) and "companion calibrate" in str(exc.value)
    assert "\n" not in str(exc.value)


def test_calibrate_cli_says_what_is_wrong_with_the_config(tmp_path, capsys):
    from companion.service.calibrate_cli import main

    cfg = tmp_path / "c.toml"
    cfg.write_text('[hardware.reed]\nbackend = "gpio"\n')
    assert main(["--config", str(cfg), "--state", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "[hardware.reed] bed: not the hall-effect bed" in err


def test_selftest_shows_each_squares_field_and_flags_weak_and_reversed_magnets(pico):
    from hardware import selftest

    devices = _devices(pico)
    said: list[str] = []
    done = threading.Event()

    def walk():
        for name, kind in (("a1", "k"), ("b1", "c"), ("c1", "k")):
            sq = parse_square(name)
            pico.put(sq, kind)
            if name == "c1":     # a weak magnet, centred: 22 % of the remanence reads ~9.5 mT here
                pico.hall_bed.placed[sq] = (sq, 0.0, 0.0, 0.22, 0.0, 0.0)
            assert pico.wait_for(lambda: devices.reed.poll() >> sq & 1, 5.0)
            time.sleep(0.1)
            pico.lift(sq)
            assert pico.wait_for(lambda: not devices.reed.poll() >> sq & 1, 5.0)
        done.set()

    try:
        threading.Thread(target=walk, daemon=True).start()
        walk_, ok = selftest.run(devices, 20, out=said.append, script_done=done, pieces="kittens")
    finally:
        devices.close()
    assert not ok
    text = "\n".join(said)
    assert "reed a1 closed (flips" in text and " mT" in text
    assert 20 < walk_.field[0] < 80 and walk_.field[1] < -20 and 0 < walk_.field[2] < 12
    assert "weak magnets (under 12 mT" in text and "c1 (+" in text
    assert "reversed magnets (the walk used kittens; kittens north down, cats south down): b1" in text
