"""The Pico's thin layer (board.py) runs its real main loop here against stand-ins for machine,
rp2, micropython, select and MicroPython's time functions: a simulated diode matrix, a PIO state
machine that records the words it is given, and a USB serial that is a byte script. sweep.py's
viper runs as Python against a model of the RP2040 registers it reads and writes."""
from __future__ import annotations

import importlib
import sys
import time as _time
import types

from firmware_bridge.firmware import framing
from firmware_bridge.firmware import messages as M
from firmware_bridge.firmware import board_pins as P


HALL_SELECT, HALL_ADC = (17, 18, 19, 20), (26, 27, 28)


class Sim:
    def __init__(self, occupied: set[int], script: list[bytes], hall_counts=None):
        self.occupied = occupied
        self.hall_counts = hall_counts   # the hall bed: each square's sensor, in 12-bit counts
        self.adc_reads = 0
        self.pins: dict[int, "Pin"] = {}
        self.rx = bytearray(b"".join(script))
        self.tx = bytearray()
        self.puts: list[list[int]] = []
        self.kbd: list[int] = []
        self.us = 0

    def col_value(self, col_pin: int) -> int:
        c = P.COL_PINS.index(col_pin)
        for r, rp in enumerate(P.ROW_PINS):
            if self.pins[rp].v == 0 and (r * 6 + c) in self.occupied:
                return 0
        return 1


def make_modules(sim: Sim) -> dict[str, types.ModuleType]:
    machine = types.ModuleType("machine")

    class Pin:
        OUT, IN, PULL_UP = 1, 0, 2

        def __init__(self, n, mode=0, pull=None, value=None):
            self.n, self.v = n, (1 if value is None else value)
            sim.pins[n] = self

        def value(self, v=None):
            if v is None:
                return sim.col_value(self.n) if self.n in P.COL_PINS else self.v
            self.v = v

        def toggle(self):
            self.v ^= 1

    class ADC:
        """An ADC input behind a CD74HC4067: the square its select lines pick on this mux."""

        def __init__(self, pin):
            self.mux = HALL_ADC.index(pin.n)

        def read_u16(self):
            ch = sum(sim.pins[p].v << bit for bit, p in enumerate(HALL_SELECT))
            sim.adc_reads += 1
            return int(sim.hall_counts[self.mux * 16 + ch]) << 4

    machine.Pin = Pin
    machine.ADC = ADC
    machine.PWRON_RESET, machine.WDT_RESET = 1, 3
    machine.reset_cause = lambda: 3

    rp2 = types.ModuleType("rp2")
    rp2.PIO = types.SimpleNamespace(OUT_LOW=0, SHIFT_LEFT=0)
    rp2.asm_pio = lambda **kw: (lambda f: f)

    class StateMachine:
        def __init__(self, *a, **kw):
            pass

        def active(self, on):
            pass

        def put(self, words, shift=0):
            sim.puts.append(list(words))
    rp2.StateMachine = StateMachine

    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = sim.kbd.append
    micropython.viper = lambda f: f       # sweep.py runs as Python against the registers below
    micropython.const = lambda x: x

    select = types.ModuleType("select")
    select.POLLIN = 1

    class Poll:
        def register(self, *a):
            pass

        def poll(self, timeout):
            return [1] if sim.rx else []
    select.poll = Poll

    time = types.ModuleType("time")

    def sleep_us(n):
        sim.us += n
    time.sleep_us = sleep_us

    def ticks_us():
        sim.us += 50  # every look at the clock costs time, so the loop advances
        return sim.us
    time.ticks_us = ticks_us
    time.ticks_ms = lambda: ticks_us() // 1000
    time.ticks_diff = lambda a, b: a - b
    time.ticks_add = lambda a, b: a + b
    return {"machine": machine, "rp2": rp2, "micropython": micropython, "select": select, "time": time}


class Registers:
    """The RP2040's registers that sweep.py touches, as 32-bit words at `base`, over the Sim:
    SIO (GPIO_IN, GPIO_OUT_SET/CLR), the ADC (CS with START_ONCE and READY, RESULT) and the
    timer's microsecond counter (every read one microsecond later)."""

    def __init__(self, sim: Sim, base: int) -> None:
        self.sim, self.base, self.result = sim, base, 0

    def __getitem__(self, i: int) -> int:
        sim, reg = self.sim, self.base + 4 * i
        if reg == 0xD0000004:                       # GPIO_IN
            return sum((sim.col_value(n) if n in P.COL_PINS else p.v) << n for n, p in sim.pins.items())
        if reg == 0x4004C000:                       # ADC CS: never busy (a conversion is instant)
            return 0x101
        if reg == 0x4004C004:                       # ADC RESULT
            return self.result
        if reg == 0x40054028:                       # TIMERAWL
            sim.us += 1
            return sim.us & 0xFFFFFFFF
        raise AssertionError(f"sweep.py read an unexpected register {reg:#x}")

    def __setitem__(self, i: int, v: int) -> None:
        sim, reg = self.sim, self.base + 4 * i
        if reg in (0xD0000014, 0xD0000018):         # GPIO_OUT_SET / GPIO_OUT_CLR
            for n, p in sim.pins.items():
                if v >> n & 1:
                    p.v = 1 if reg == 0xD0000014 else 0
        elif reg == 0x4004C000:                     # ADC CS: START_ONCE converts AINSEL's input
            assert v & 1 and v & 4, f"ADC CS {v:#x}: not enabled or not started"
            ch = sum(sim.pins[p].v << bit for bit, p in enumerate(HALL_SELECT))
            mux = HALL_ADC.index(26 + (v >> 12 & 7))
            sim.adc_reads += 1
            self.result = int(sim.hall_counts[mux * 16 + ch])
        else:
            raise AssertionError(f"sweep.py wrote an unexpected register {reg:#x}")


def pointer(sim: Sim):
    """viper's ptr16/ptr32 casts: an array stays itself, an address is the registers there."""
    return lambda x: Registers(sim, x) if isinstance(x, int) else x


class FakeStdin:
    def __init__(self, sim):
        self.buffer = types.SimpleNamespace(read=lambda n: self._read(sim, n))

    @staticmethod
    def _read(sim, n):
        b = bytes(sim.rx[:n])
        del sim.rx[:n]
        return b


def run_board(sim: Sim, monkeypatch, bedcfg: str | None = None):
    mods = make_modules(sim)
    if bedcfg is not None:   # what `companion flash --bed hall` writes beside the firmware
        cfg = types.ModuleType("firmware_bridge.firmware.bedcfg")
        exec(bedcfg, cfg.__dict__)
        mods["firmware_bridge.firmware.bedcfg"] = cfg
    importlib.import_module("firmware_bridge.firmware.hall")   # its plain-Python core, before the stand-ins
    saved = {name: sys.modules.get(name) for name in mods}
    sys.modules.update(mods)
    fresh = ("firmware_bridge.firmware.board", "firmware_bridge.firmware.sweep")
    for name in fresh:
        sys.modules.pop(name, None)
    try:
        board = importlib.import_module("firmware_bridge.firmware.board")
    finally:
        for name, mod in saved.items():
            if mod is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = mod
        for name in fresh:
            sys.modules.pop(name, None)
    board.sweep.ptr16 = board.sweep.ptr32 = pointer(sim)
    out = types.SimpleNamespace(write=sim.tx.extend)
    monkeypatch.setattr(sys, "stdin", FakeStdin(sim))
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(buffer=out))
    board.run()


def test_board_main_loop_scans_talks_and_stops(monkeypatch):
    cells = M.pack_cells([(0, 0, 0, M.OFF)] * 35 + [(255, 128, 0, M.STEADY)])
    script = [b"\x00", framing.encode_frame(M.encode("PING", {"nonce": 9})),
              framing.encode_frame(M.encode("LEDS", {"seq": 1, "cells": cells}))]
    sim = Sim({7, 35}, script)
    stop = framing.encode_frame(M.encode("STOP"))
    polls = {"n": 0}

    orig_col_value = sim.col_value

    def col_value(pin):  # deliver STOP only after the loop ran a while
        polls["n"] += 1
        if polls["n"] == 36 * 40:  # after ~40 scans
            sim.rx.extend(stop)
        return orig_col_value(pin)
    sim.col_value = col_value

    run_board(sim, monkeypatch)

    got = [M.decode(p) for p in framing.Deframer().feed(bytes(sim.tx))]
    names = [n for n, _ in got]
    assert names[0] == "HELLO" and got[0][1]["reset_cause"] == M.RESET_WATCHDOG
    assert "PONG" in names and ("LEDS_ACK", {"seq": 1}) in got
    snaps = [v for n, v in got if n == "SNAPSHOT"]
    assert snaps[0]["occupancy"] == (1 << 7) | (1 << 35)
    # the LED of f6 (chain position 35) got the colour, GRB order, scaled by the default cap 160
    lit = [w for w in sim.puts if w[35]]
    assert lit and lit[-1][35] == ((128 * 160 // 255) << 16) | ((255 * 160 // 255) << 8)
    assert sim.puts[-1] == [0] * 36  # STOP blanks the LEDs
    assert sim.kbd == [-1, 3]        # Ctrl-C off while binary, back on for the REPL


def test_board_scans_the_hall_bed_through_the_multiplexers(monkeypatch):
    """Flashed for the hall bed (bedcfg.py from wiring/pins.toml [hall]): the loop selects each
    channel on the three CD74HC4067, averages 16 conversions per square and sends HALL_SNAPSHOT:
    a kitten (north) on c3 and a cat (south) on f6, the rest empty."""
    from firmware_bridge import fwinfo
    from wiring.pins import load_pins

    counts = [2048] * 36
    counts[14] += 750     # c3: a kitten's 40 mT
    counts[35] -= 700     # f6: a cat
    sim = Sim(set(), [b"\x00"], hall_counts=counts)
    stop = framing.encode_frame(M.encode("RAW_REQ")) + framing.encode_frame(M.encode("STOP"))
    orig_adc = sim.hall_counts

    class Counts(list):   # deliver STOP after ~30 full scans
        def __getitem__(self, i):
            if sim.adc_reads == 36 * 16 * 30:
                sim.rx.extend(stop)
            return list.__getitem__(self, i)
    sim.hall_counts = Counts(orig_adc)
    run_board(sim, monkeypatch, bedcfg=fwinfo.bedcfg_module(load_pins().hall))

    got = [M.decode(p) for p in framing.Deframer().feed(bytes(sim.tx))]
    names = [n for n, _ in got]
    assert "SNAPSHOT" not in names
    snaps = [v for n, v in got if n == "HALL_SNAPSHOT"]
    assert snaps[-1]["occupancy"] == (1 << 14) | (1 << 35)
    assert snaps[-1]["south"] == 1 << 35 and snaps[-1]["ambiguous"] == 0
    raw = [v for n, v in got if n == "HALL_RAW"][0]
    assert raw["counts"][14] == 2798 and raw["counts"][35] == 1348 and raw["counts"][0] == 2048
    assert sim.adc_reads >= 36 * 16 * 30
