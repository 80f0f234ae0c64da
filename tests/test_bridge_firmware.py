"""The firmware's pure logic under CPython: debounce, effects and the device state machine."""
from __future__ import annotations

from firmware_bridge.firmware import effects, framing
from firmware_bridge.firmware import messages as M
from firmware_bridge.firmware.debounce import Debouncer, scans_needed
from firmware_bridge.firmware.device import Device


def frames(dev: Device) -> list[tuple[str, dict]]:
    out = []
    d = framing.Deframer()
    for _, frame in dev.take():
        for payload in d.feed(frame):
            out.append(M.decode(payload))
    return out


def host(name: str, values: dict | None = None) -> bytes:
    return framing.encode_frame(M.encode(name, values))


# ------------------------------------------------------------------ debounce
def test_debounce_needs_n_agreeing_scans():
    d = Debouncer(36, 3)
    assert d.step(0) is True  # first scan is the truth
    assert [d.step(1), d.step(1)] == [False, False]
    assert d.step(1) is True and d.state == 1


def test_bounce_shorter_than_debounce_is_filtered_and_counted():
    d = Debouncer(36, 3)
    d.step(0)
    for raw in (1 << 9, 0, 1 << 9, 1 << 9, 0, 0, 0):
        assert d.step(raw) is False
    assert d.state == 0
    assert d.flips[9] == 4


def test_squares_debounce_independently():
    d = Debouncer(36, 2)
    d.step(0)
    d.step(1)            # square 0 starts
    d.step(1 | 2)        # square 0 settles, square 1 starts
    assert d.state == 1
    d.step(1 | 2)
    assert d.state == 3


def test_scans_needed():
    assert scans_needed(20, 250) == 5
    assert scans_needed(0, 250) == 1
    assert scans_needed(1, 2000) == 2


# ------------------------------------------------------------------ effects
def cells_with(sq: int, rgb: tuple[int, int, int], effect: int) -> bytes:
    cells = [(0, 0, 0, M.OFF)] * M.SQUARES
    cells[sq] = rgb + (effect,)
    return M.pack_cells(cells)


def test_steady_is_scaled_by_brightness():
    px = effects.render(cells_with(3, (255, 100, 0), M.STEADY), 0, 128)
    assert tuple(px[9:12]) == (128, 50, 0)
    assert sum(px) == 178


def test_blink_is_2hz():
    c = cells_with(0, (200, 0, 0), M.BLINK)
    assert [effects.render(c, t, 255)[0] for t in (0, 249, 250, 499, 500)] == [200, 200, 0, 0, 200]


def test_pulse_breathes_at_1hz_never_dark():
    c = cells_with(0, (255, 255, 255), M.PULSE)
    levels = [effects.render(c, t, 255)[0] for t in range(0, 1000, 50)]
    assert min(levels) >= effects.PULSE_FLOOR - 1
    assert max(levels) == 255 and levels[10] == 255  # peak at 500 ms
    assert levels[:11] == sorted(levels[:11])


def test_offline_pattern_lights_only_the_corners():
    px = effects.render(effects.OFFLINE_CELLS, 500, 255)
    lit = {i // 3 for i, v in enumerate(px) if v}
    assert lit == set(effects.OFFLINE_SQUARES)


# ------------------------------------------------------------------ the device state machine
def test_boot_says_hello_then_snapshot_on_first_scan():
    dev = Device(0xCAFE, b"abcdefgh", M.RESET_WATCHDOG, 0)
    [(name, v)] = frames(dev)
    assert name == "HELLO"
    assert v == {"version": M.PROTOCOL_VERSION, "fw_hash": b"abcdefgh", "boot_id": 0xCAFE,
                 "reset_cause": M.RESET_WATCHDOG, "rows": 6, "cols": 6}
    dev.scan(1 << 20, 0)
    assert frames(dev) == [("SNAPSHOT", {"seq": 1, "occupancy": 1 << 20, "reason": M.REASON_CHANGE})]


def test_the_boot_hello_survives_what_the_line_carried_before():
    """The REPL still printing when the Pico reboots (issue 47's missing HELLO): its text must
    not swallow the boot HELLO's first block."""
    dev = Device(7, b"abcdefgh", M.RESET_SOFT, 0)
    d = framing.Deframer()
    got = d.feed(b"MicroPython v1.27.0; Raspberry Pi Pico with RP2040\r\n>>> " + dev.take()[0][1])
    assert [M.decode(p)[0] for p in got] == ["HELLO"]


def test_change_is_sent_after_debounce_and_heartbeat_otherwise():
    dev = Device(1, b"", 0, 0)
    dev.take()
    dev.scan(0, 0)
    dev.take()
    for i in range(1, 5):
        dev.scan(4, 4 * i)
        assert frames(dev) == []
    dev.scan(4, 20)  # the 5th agreeing scan at 250 Hz / 20 ms
    assert frames(dev) == [("SNAPSHOT", {"seq": 2, "occupancy": 4, "reason": M.REASON_CHANGE})]
    dev.tick(200)
    assert frames(dev) == []
    dev.tick(270)
    assert frames(dev) == [("SNAPSHOT", {"seq": 3, "occupancy": 4, "reason": M.REASON_HEARTBEAT})]


def test_leds_applied_acked_and_duplicates_reacked_not_reapplied():
    dev = Device(1, b"", 0, 0)
    dev.take()
    cells = cells_with(7, (1, 2, 3), M.STEADY)
    dev.feed(host("LEDS", {"seq": 9, "cells": cells}), 10)
    assert frames(dev) == [("LEDS_ACK", {"seq": 9})]
    assert dev.cells == cells and dev.leds_applied == 1
    dev.feed(host("LEDS", {"seq": 9, "cells": cells}), 20)
    assert frames(dev) == [("LEDS_ACK", {"seq": 9})]
    assert dev.leds_applied == 1


def test_host_silence_shows_offline_pattern():
    dev = Device(1, b"", 0, 0)
    cells = cells_with(14, (0, 255, 0), M.STEADY)
    assert not dev.host_online(0)  # nobody talked yet
    dev.feed(host("LEDS", {"seq": 1, "cells": cells}), 100)
    assert dev.host_online(2100)
    assert dev.pixels(2100)[14 * 3 + 1] > 0
    assert not dev.host_online(2101)
    px = dev.pixels(2101)
    assert px[14 * 3 + 1] == 0 and any(px[0:3])
    dev.feed(host("PING", {"nonce": 1}), 2200)
    assert dev.pixels(2200)[14 * 3 + 1] > 0


def test_config_is_clamped_applied_and_echoed():
    dev = Device(1, b"", 0, 0)
    dev.take()
    dev.feed(host("CONFIG", dict(M.DEFAULT_CONFIG, scan_hz=10, debounce_ms=40)), 0)
    [(name, v)] = frames(dev)
    assert name == "CONFIG_ECHO" and v["status"] == M.CONFIG_CLAMPED
    assert v["scan_hz"] == 50 and v["debounce_ms"] == 40
    assert dev.debouncer.need == 2 and dev.scan_period_us() == 20000


def test_sync_ping_raw_stop_and_wrong_direction():
    dev = Device(5, b"", 0, 1000)
    dev.take()
    dev.scan(3, 1000)
    dev.scan(1, 1004)
    dev.take()
    dev.feed(host("SYNC") + host("PING", {"nonce": 77}) + host("RAW_REQ"), 1500)
    got = frames(dev)
    assert [n for n, _ in got] == ["HELLO", "SNAPSHOT", "PONG", "RAW"]
    assert got[1][1]["reason"] == M.REASON_REQUEST
    assert got[2][1] == {"nonce": 77, "uptime_ms": 500}
    assert got[3][1]["raw"] == 1 and got[3][1]["flips"][1] == 1 and got[3][1]["scans"] == 2
    dev.feed(host("SNAPSHOT", {"seq": 1, "occupancy": 0, "reason": 0}), 1600)
    assert dev.bad_frames == 1 and frames(dev) == []
    dev.feed(host("STOP"), 1700)
    assert dev.stop_requested
