# The thin hardware layer on the Pico: the bed's scan (the reed matrix with machine.Pin, or the
# hall-effect bed's multiplexed ADC reads), WS2812 via a PIO state machine, binary USB serial on
# stdin/stdout, and the main loop that feeds the pure Device.
# Runs only under MicroPython on an RP2040; everything it decides is in device.py.
import sys
import time
import array
import os

import machine
import micropython
import rp2
import select

from . import board_pins as P
from .device import Device
from . import messages as M
from . import sweep

try:
    from .fwhash import FW_HASH  # written by `companion flash`
except ImportError:
    FW_HASH = b"\x00" * 8
try:
    from . import bedcfg as BED  # written by `companion flash --bed hall` from wiring/pins.toml
except ImportError:
    BED = None                   # the reed matrix


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopull=True, pull_thresh=24)
def ws2812():
    T1 = 2
    T2 = 5
    T3 = 3
    wrap_target()
    label("bitloop")
    out(x, 1)               .side(0)    [T3 - 1]
    jmp(not_x, "do_zero")   .side(1)    [T1 - 1]
    jmp("bitloop")          .side(1)    [T2 - 1]
    label("do_zero")
    nop()                   .side(0)    [T2 - 1]
    wrap()


class Matrix:
    def __init__(self):
        for p in P.ROW_PINS:
            machine.Pin(p, machine.Pin.OUT, value=1)
        for p in P.COL_PINS:
            machine.Pin(p, machine.Pin.IN, machine.Pin.PULL_UP)
        self.cfg = array.array("I", [sweep.SIO_BASE, sweep.TIMER_BASE, P.ROW_SETTLE_US,
                                     len(P.ROW_PINS), len(P.COL_PINS)]
                               + list(P.ROW_PINS) + list(P.COL_PINS))
        self.out = array.array("i", [0, 0])

    def scan(self):
        """The closed reeds' bitmask (square = row * 6 + column)."""
        out = self.out
        sweep.matrix(out, self.cfg)
        return out[0] | out[1] << 30


class HallBed:
    """36 linear hall sensors through three CD74HC4067 (square = mux * 16 + channel; the select
    lines drive all three in parallel) into ADC0..2. Each square: SAMPLES conversions averaged,
    SETTLE_US after the select lines change before the first (sweep.py, in viper)."""

    def __init__(self, cfg):
        for p in cfg.SELECT:
            machine.Pin(p, machine.Pin.OUT, value=0)
        for p in cfg.ADC:
            machine.ADC(machine.Pin(p))   # the pin to analog input, the ADC on
        self.sets = array.array("I", [sum(1 << cfg.SELECT[b] for b in range(4) if (ch >> b) & 1)
                                      for ch in range(16)])
        self.cfg = array.array("I", [sweep.SIO_BASE, sweep.ADC_BASE, sweep.TIMER_BASE,
                                     sum(1 << p for p in cfg.SELECT), cfg.SETTLE_US, cfg.SAMPLES,
                                     M.SQUARES, len(cfg.ADC)] + [p - 26 for p in cfg.ADC])
        self.out = array.array("H", [0] * M.SQUARES)

    def scan(self):
        """The bed's averaged counts (the same array each scan: the Device reads it before the
        next one)."""
        sweep.sweep(self.out, self.sets, self.cfg)
        return self.out


class Strip:
    def __init__(self):
        self.sm = rp2.StateMachine(0, ws2812, freq=8_000_000, sideset_base=machine.Pin(P.LED_PIN))
        self.sm.active(1)
        self.words = array.array("I", [0] * M.SQUARES)
        self.last = None

    def write(self, rgb):
        if self.last == rgb:
            return
        self.last = bytes(rgb)
        order = P.LED_ORDER
        for i in range(M.SQUARES):
            sq = order[i] if order else i
            o = sq * 3
            self.words[i] = (rgb[o + 1] << 16) | (rgb[o] << 8) | rgb[o + 2]  # GRB
        self.sm.put(self.words, 8)


def _reset_cause():
    cause = machine.reset_cause()
    if cause == getattr(machine, "PWRON_RESET", -1):
        return M.RESET_POWER_ON
    if cause == getattr(machine, "WDT_RESET", -1):
        return M.RESET_WATCHDOG
    if cause == getattr(machine, "HARD_RESET", -1):
        return M.RESET_HARD
    if cause == getattr(machine, "SOFT_RESET", -1):
        return M.RESET_SOFT
    return M.RESET_UNKNOWN


class Clock:
    """Monotonic milliseconds from the wrapping ticks_ms."""

    def __init__(self):
        self.last = time.ticks_ms()
        self.ms = 0

    def now(self):
        t = time.ticks_ms()
        self.ms += time.ticks_diff(t, self.last)
        self.last = t
        return self.ms


def run():
    micropython.kbd_intr(-1)  # raw bytes on USB: 0x03 must not raise KeyboardInterrupt
    clock = Clock()
    boot_id = int.from_bytes(os.urandom(4), "little")
    if BED is not None and BED.BED == "hall":
        dev = Device(boot_id, FW_HASH, _reset_cause(), clock.now(), hall=(BED.REGISTER, BED.CLEAR))
        bed = HallBed(BED)
        scan = dev.scan_hall
    else:
        dev = Device(boot_id, FW_HASH, _reset_cause(), clock.now())
        bed = Matrix()
        scan = dev.scan
    strip = Strip()
    status = machine.Pin(P.STATUS_LED, machine.Pin.OUT)
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    rgb = bytearray(M.SQUARES * 3)
    next_scan_us = time.ticks_us()
    next_led_ms = 0
    try:
        while not dev.stop_requested:
            # serial in: read what is there without blocking
            got = bytearray()
            while len(got) < 256 and poller.poll(0):
                got += stdin.read(1)
            if got:
                dev.feed(got, clock.now())
                status.toggle()
            # scan on schedule
            if time.ticks_diff(time.ticks_us(), next_scan_us) >= 0:
                next_scan_us = time.ticks_add(next_scan_us, dev.scan_period_us())
                if time.ticks_diff(time.ticks_us(), next_scan_us) > 0:
                    next_scan_us = time.ticks_us()  # fell behind: don't try to catch up
                scan(bed.scan(), clock.now())
            now = clock.now()
            dev.tick(now)
            for _, frame in dev.take():
                stdout.write(frame)
            if now >= next_led_ms:  # 50 Hz is plenty for 2 Hz blink / 1 Hz pulse
                next_led_ms = now + 20
                strip.write(dev.pixels(now, rgb))
    finally:
        strip.write(bytes(M.SQUARES * 3))
        micropython.kbd_intr(3)
    # STOP: fall through to the REPL so mpremote can copy new firmware
