"""The bridge scenarios on both boards: FakePico (device.py in CPython behind a pty) and the
emulated RP2040 — MicroPython's own rp2 firmware in rp2040js running the real board.py and main.py
from its flash filesystem, its reed matrix, hall multiplexers and WS2812 pin driven by the harness,
its USB CDC serial on a pty. The host side is the real BridgeLink / backends over pyserial.

The emulated Pico boots once per module (a boot takes seconds of wall time); each test opens its
own link, as the Pi does after a restart. It skips only where the emulator cannot run (no Node,
no rp2040js, no MicroPython image: the reason is printed)."""
from __future__ import annotations

import os
import random
import time

import pytest

from firmware_bridge import flash, fwinfo
from firmware_bridge.emulator import FakePico
from firmware_bridge.firmware import effects
from firmware_bridge.firmware import messages as M
from firmware_bridge.firmware.framing import encode_frame
from firmware_bridge.host import backend
from firmware_bridge.host.link import BridgeLink
from firmware_bridge.rp2040 import pico as emu
from hardware.interfaces import HardwareError, parse_square
from firmware_bridge.polling import until

pytest.importorskip("serial")

# The emulator runs the Pico at a few per cent of its real speed (emulated time never runs ahead
# of wall time): the host's wall-clock pings and ack timeouts are set so they do not flood it.
HOST = dict(ping_interval=1.0, ack_timeout=2.0, offline_after=15.0, reconnect_interval=0.1,
            handshake_timeout=60.0)
DEVICE = {"heartbeat_ms": 50, "offline_ms": 1500, "debounce_ms": 8}


def _emulator():
    try:
        emu.check()
    except emu.EmulatorUnavailable as exc:
        pytest.skip(f"emulated RP2040 unavailable: {exc}")


@pytest.fixture(scope="module")
def rp2040():
    _emulator()
    p = emu.EmulatedPico()
    yield p
    p.close()


class Board:
    """One face over both picos for what the scenarios do to the board and read off it."""

    def __init__(self, pico, emulated: bool) -> None:
        self.pico, self.emulated = pico, emulated
        self.port = pico.port

    def set(self, mask: int) -> None:
        self.pico.set_occupancy(mask)

    def chatter(self, sq: int, closes: bool) -> None:
        """A reed's contact bouncing for ~3 ms (shorter than the 8 ms debounce); it ends closed
        when `closes`, else where it was."""
        if self.emulated:
            at = [0, 400, 900, 1500, 2200, 3000][: 5 if closes else 6]
            self.pico.chatter(sq, at)
        else:
            if closes:
                self.pico.place(sq)
            self.pico.bounce(sq, flips=1 if closes else 2)

    def pixels(self) -> bytes | None:
        return self.pico.pixels()

    def frames_since(self, n: int) -> list[bytes]:
        return [emu.decode_grb(bytes.fromhex(f["grb"])) for f in self.pico.frames[n:]]


@pytest.fixture(params=["fake", "rp2040"])
def board(request):
    if request.param == "fake":
        p = FakePico()
        yield Board(p, emulated=False)
        p.close()
    else:
        p = request.getfixturevalue("rp2040")
        p.set_occupancy(0)
        yield Board(p, emulated=True)


@pytest.fixture
def link(board):
    lk = BridgeLink(board.port, config=DEVICE, **HOST).open()
    yield lk
    lk.close()


def wait(pred, timeout=20.0):
    return until(pred, timeout)


# ------------------------------------------------------------------ the scenarios, on both boards
def test_handshake_hello_and_config(board, link):
    assert (link.hello["rows"], link.hello["cols"]) == (6, 6)
    assert link.hello["version"] == M.PROTOCOL_VERSION
    assert link.hello["fw_hash"] == fwinfo.firmware_hash()   # what `companion flash` baked in
    assert wait(lambda: link.config_echo is not None)
    assert link.config_echo == dict(M.DEFAULT_CONFIG, **DEVICE)


def test_scans_report_placed_and_lifted_reeds(board, link):
    board.set(1 << 14)
    assert wait(lambda: link.occupancy == 1 << 14)
    board.set((1 << 14) | (1 << 0) | (1 << 35) | (1 << 5) | (1 << 30))   # corners and rows 1..6
    assert wait(lambda: link.occupancy == (1 << 14) | (1 << 0) | (1 << 35) | (1 << 5) | (1 << 30))
    everything = (1 << 36) - 1
    board.set(everything)                  # a full bed: the diodes keep every reed apart
    assert wait(lambda: link.occupancy == everything)
    board.set(0)
    assert wait(lambda: link.occupancy == 0)


def test_a_chattering_reed_is_debounced_and_counted(board, link):
    assert wait(lambda: link.occupancy == 0)
    board.chatter(20, closes=False)        # bounces and settles open: never reported
    time.sleep(0.3)
    assert link.occupancy == 0
    board.chatter(9, closes=True)          # bounces and settles closed: reported once, closed
    assert wait(lambda: link.occupancy == 1 << 9)
    link.request_raw()
    assert wait(lambda: link.flips is not None and link.flips[20] >= 1 and link.flips[9] >= 1)


def test_led_frame_steady_blink_and_pulse(board, link):
    cells = bytearray(M.pack_cells([(0, 0, 0, M.OFF)] * 36))
    cells[0:4] = bytes((200, 100, 50, M.STEADY))
    cells[7 * 4:8 * 4] = bytes((0, 255, 0, M.BLINK))
    cells[35 * 4:36 * 4] = bytes((0, 0, 255, M.PULSE))
    link.send_leds(bytes(cells))
    assert wait(lambda: not link.led_pending)
    bright = M.DEFAULT_CONFIG["brightness"]
    steady = bytes(effects.render(bytes(cells), 0, bright)[0:3])
    assert steady == bytes((200 * bright // 255, 100 * bright // 255, 50 * bright // 255))
    assert wait(lambda: (board.pixels() or b"")[0:3] == steady)
    seen_blink, seen_pulse = set(), set()

    def both():
        px = board.pixels()
        seen_blink.add(px[7 * 3 + 1])
        seen_pulse.add(px[35 * 3 + 2])
        return len(seen_blink) >= 2 and len(seen_pulse) >= 4
    assert wait(both)                       # blink on and off, pulse at several levels
    assert seen_blink == {0, 255 * bright // 255}
    assert min(seen_pulse) >= effects.PULSE_FLOOR * bright // 255 - 1   # never dark
    assert all(v == 0 for i, v in enumerate(board.pixels()) if i // 3 not in (0, 7, 35))


def test_garbage_both_ways_is_dropped_and_the_link_resyncs(board, link):
    assert wait(lambda: link.config_echo is not None)
    board.pico.inject(b"\x11\x22\x33 line noise \x44")      # towards the host
    board.pico.inject(b"\x00\x05\x01\x02\x03\x04\x00")     # a frame with a bad CRC
    assert wait(lambda: link.stats.crc_errors + link.stats.cobs_errors >= 2)
    link._ser.write(b"\x7f\x00\x03\x01\x02\x00garbage\x00")  # towards the Pico: its deframer
    link.send_leds(M.pack_cells([(9, 8, 7, M.STEADY)] * 36))
    assert wait(lambda: not link.led_pending)
    board.set(1 << 3)
    assert wait(lambda: link.occupancy == 1 << 3)
    assert [e.kind for e in link.drain_events()] == []


def test_stop_leaves_the_loop_for_flashing(board):
    lk = BridgeLink(board.port, config=DEVICE, **HOST).open()
    lk.send_leds(M.pack_cells([(255, 0, 0, M.STEADY)] * 36))
    assert wait(lambda: not lk.led_pending)
    lk.close()
    frames_before = len(board.pico.frames) if board.emulated else 0
    flash.stop_running_firmware(board.port)     # what `companion flash` does first
    if not board.emulated:
        assert wait(lambda: board.pico.device.stop_requested)
        return
    # the firmware blanked the LEDs and MicroPython's REPL answers on the same port
    assert wait(lambda: any(px == bytes(108) for px in board.frames_since(frames_before)))
    import serial

    with serial.Serial(board.port, 115200, timeout=0.2) as ser:
        ser.write(b"\r\nprint(6 * 7)\r\n")
        got = b""
        end = time.monotonic() + 20
        while b"42" not in got and time.monotonic() < end:
            got += ser.read(256)
    assert b">>> " in got and b"42" in got
    board.pico.reset()                         # power-cycle: main.py runs again
    lk = BridgeLink(board.port, config=DEVICE, **HOST).open()
    lk.close()


def test_companion_flash_on_the_emulated_rp2040(rp2040):
    """`companion flash`'s steps on MicroPython itself: STOP, the raw REPL, each file's SHA-256
    read back, a soft reboot and the HELLO. rp2040js does not emulate programming the flash chip
    (harness.mjs), so the files are already there (the harness preloads what `companion flash`
    stages) and none is written here: the writes run on the fake Pico (test_bridge_flash.py)."""
    steps = []
    hello = flash.flash_pico(port=rp2040.port, repl_timeout=120, progress=lambda step, **kw: steps.append(step))
    assert bytes(hello["fw_hash"]) == fwinfo.firmware_hash()
    assert steps.count("files") == len(fwinfo.PACKAGE_FILES) + 3 and steps[-2:] == ["hello", "done"]
    BridgeLink(rp2040.port, config=DEVICE, **HOST).open().close()   # the bed's link takes it again


def test_the_pico_compiles_the_hall_classifier_to_native_code(rp2040):
    """hallcore.py is viper on the Pico: hall.py's plain-Python fallback (for a MicroPython
    without the native emitter) must not be what runs there, or the hall bed is 4 ms a scan slower."""
    flash.stop_running_firmware(rp2040.port)
    printed = rp2040.repl_exec("from bridgefw import hall, sweep\nprint(hasattr(hall, '_CORE'))")
    rp2040.reset()
    assert printed.split() == ["False"]


def test_a_pico_with_other_firmware_is_named(board):
    pico = board.pico
    if board.emulated:
        pico = emu.EmulatedPico(fw_hash=b"\x01" * 8)       # flashed from an older checkout
    else:
        pico = FakePico(fw_hash=b"\x01" * 8)
    try:
        lk = BridgeLink(pico.port, expect_fw_hash=fwinfo.firmware_hash(), **HOST).open()
        try:
            assert lk.hello["fw_hash"] == b"\x01" * 8
            assert wait(lambda: any("differs from this checkout" in e.detail and "companion flash" in e.detail
                                    for e in lk.drain_events()))
        finally:
            lk.close()
    finally:
        pico.close()


# ------------------------------------------------------------------ the hall-effect bed
@pytest.fixture(params=["fake", "rp2040"])
def hall_pico(request):
    from hardware.hall_model import Bed

    if request.param == "fake":
        p = FakePico(hall_bed=Bed(random.Random(22)), scan_hz=100)
    else:
        _emulator()
        p = emu.EmulatedPico(hall_bed=Bed(random.Random(22)))
    yield p
    p.close()


def test_hall_bed_zero_kitten_cat_and_the_dead_band(hall_pico):
    from hardware.factory import build_devices

    cfg = {"reed": {"backend": "bridge", "port": hall_pico.port, "bed": "hall", **HOST},
           "leds": {"backend": "fake"}, "display": {"backend": "fake"},
           "cards": {"backend": "fake"}, "buttons": {"backend": "fake"}}
    devices = build_devices(cfg, source="test")
    try:
        reed, hall = devices.reed, devices.reed.link.hall
        hall_pico.put(parse_square("c3"), "k")
        hall_pico.put(parse_square("d4"), "c")
        assert wait(lambda: reed.poll() == (1 << 14) | (1 << 21))
        assert reed.kinds() == (1 << 21, 0)              # d4 a cat (south), c3 a kitten
        assert hall.zero_bed(149, timeout=30) == (1 << 14) | (1 << 21)   # refused: pieces on it
        hall_pico.lift(14)
        hall_pico.lift(21)
        assert wait(lambda: reed.poll() == 0)
        assert hall.zero_bed(149, timeout=30) == 0       # the empty bed's zero, taken
        hall_pico.hall_bed.stray[0] = 6.0                # a magnet under the quilt: dead band
        assert wait(lambda: reed.kinds() == (0, 1) and reed.poll() & 1)
    finally:
        devices.close()


# MAUNZ_RP2040_REBOOTS=50 for the 50 in a row (~8 s of wall time each); the default run does 2.
REBOOTS = int(os.environ.get("MAUNZ_RP2040_REBOOTS", "2"))


def test_the_hall_firmware_says_hello_after_every_reboot_from_a_repl_session():
    """Issue 47: a hall-mode reboot after a REPL session once gave no HELLO. The REPL was still
    printing when the power went, and its text reached the host glued to the new boot's HELLO,
    which the host then dropped as one bad frame (the boot HELLO now opens with a delimiter)."""
    import serial
    from hardware.hall_model import Bed

    _emulator()
    p = emu.EmulatedPico(hall_bed=Bed(random.Random(22)))
    try:
        for i in range(REBOOTS):
            flash.stop_running_firmware(p.port)
            assert p.repl_exec("print(6 * 7)").strip() == "42"
            with serial.Serial(p.port, 115200, timeout=0.1) as ser:
                ser.write(b"help()\r\n")          # a long text: still printing at the reboot
                got = b""
                while b"MicroPython" not in got:
                    got += ser.read(256)
            p.boot(timeout=60)                     # EmulatorUnavailable: no HELLO
            lk = BridgeLink(p.port, bed="hall", **HOST).open()
            try:
                assert lk.hello["fw_hash"] == fwinfo.firmware_hash(), i
            finally:
                lk.close()
    finally:
        p.close()


def test_the_other_bed_is_refused(rp2040):
    with pytest.raises(HardwareError, match="firmware scans reed switches, this host's bed is hall"):
        backend.make_reed_grid({"port": rp2040.port, "bed": "hall", **HOST})


# ------------------------------------------------------------------ a whole game through it
def test_a_whole_maunz_game_refereed_through_the_emulated_pico(rp2040):
    from companion import tables
    from companion.games import get
    from companion.tables.maunz.script import needs_ok, occupancies

    game, rng = get("maunz"), random.Random(38)   # a short game: 28 moves
    grid = backend.make_reed_grid({"port": rp2040.port, "debounce": 2, "heartbeat_ms": 50, **HOST})
    leds = backend.make_led_grid({"port": rp2040.port, "brightness": 1.0})
    t, pos, now = tables.make(game, language="en"), game.initial_position(), 0.0

    def show(mask):
        nonlocal now
        rp2040.set_occupancy(mask)
        assert wait(lambda: grid.poll() == mask), (hex(mask), hex(grid.poll()))
        t.on_scan(grid.poll(), now)
        now += 0.4
        t.tick(now)

    try:
        show(0)
        moves = 0
        while game.outcome(pos) is None:
            move = rng.choice(game.legal_moves(pos))
            after = game.apply(pos, move)
            if move.kind == "c" and pos.pool(pos.turn)[0]:
                t.on_button("cat", "press", now)
            for occ in occupancies(game, pos, move):
                show(occ)
                if t.phase == "ask_kind":
                    t.on_button("ok" if move.kind == "k" else "cat", "press", now)
            if needs_ok(game, pos, move):
                t.on_button("ok", "press", now)
            show(after.occupied)
            assert t.moves[-1] == game.format_move(pos, move)
            pos, moves = after, moves + 1
        assert game.outcome(pos) is not None and len(t.moves) == moves
        # the table's last picture reaches the LEDs: decoded from the data pin's waveform
        frame = t.view().leds
        leds.show(frame)
        on = {sq for sq, c in enumerate(frame.cells) if c.effect.value != "off" and any(c.color)}
        steady = {sq for sq in on if frame.cells[sq].effect.value == "steady"}
        assert on, "the final picture lights the winning line"

        def lit():
            px = rp2040.pixels()
            return {sq for sq in range(36) if any(px[sq * 3:sq * 3 + 3])}
        assert wait(lambda: lit() and steady <= lit() <= on)
    finally:
        grid.close()
        leds.close()


def test_ws2812_timing_is_within_the_datasheet_windows(rp2040):
    """WS2812B: T0H 0.4 us, T1H 0.8 us, T0L 0.85 us, T1L 0.45 us, each +-150 ns; reset > 50 us."""
    assert wait(lambda: rp2040.frames)
    frame = rp2040.frames[-1]
    assert frame["bits"] == 36 * 24
    windows = {"t0h": (250, 550), "t1h": (650, 950), "t0l": (700, 1000), "t1l": (300, 600)}
    timing = frame["timing"]
    for key, (lo, hi) in windows.items():
        if timing[key] is None:
            continue
        got_lo, got_hi = timing[key]
        assert lo <= got_lo and got_hi <= hi, (key, timing[key], (lo, hi))


# ------------------------------------------------------------------ without the emulator
def test_the_flash_image_holds_what_companion_flash_copies(tmp_path):
    """The littlefs image the emulated Pico boots from: the files `companion flash` stages, with
    the same firmware hash and bed configuration, under /bridgefw/ and /main.py."""
    littlefs = pytest.importorskip("littlefs")
    hall = {"select": [17, 18, 19, 20], "adc": [26, 27, 28], "register_mt": 8.0, "clear_mt": 4.0}
    image = emu.filesystem_image(hall)
    assert len(image) == emu.FS_BLOCKS * emu.FS_BLOCK
    fs = littlefs.LittleFS(block_size=emu.FS_BLOCK, block_count=emu.FS_BLOCKS, mount=False)
    fs.context.buffer = bytearray(image)
    fs.mount()
    flash.stage(tmp_path, hall)
    assert sorted(fs.listdir("/")) == ["bridgefw", "main.py"]
    for name in list(fwinfo.PACKAGE_FILES) + ["fwhash.py", "bedcfg.py"]:
        with fs.open(f"bridgefw/{name}", "rb") as fh:
            assert fh.read() == (tmp_path / name).read_bytes(), name
    with fs.open("bridgefw/bedcfg.py", "r") as fh:
        assert 'BED = "hall"' in fh.read()


def test_a_missing_image_is_named(monkeypatch, tmp_path):
    monkeypatch.delenv(emu.IMAGES_ENV, raising=False)
    with pytest.raises(emu.EmulatorUnavailable, match=emu.IMAGES_ENV):
        emu.images()
    monkeypatch.setenv(emu.IMAGES_ENV, str(tmp_path))
    with pytest.raises(emu.EmulatorUnavailable, match=emu.UF2_NAME):
        emu.images()
