"""`companion bench firmware`: the bridge firmware measured on an emulated RP2040.

MicroPython's own rp2 firmware runs the real board.py and main.py in rp2040js
(firmware_bridge/rp2040). Every time here is emulated time at the chip's clock, not this
machine's: rp2040js counts each instruction's cycles, and the harness advances the clock by
cycles / clk_sys (125 MHz), so a figure is what a real Pico does as far as rp2040js's cycle counts
are the RP2040's (the Cortex-M0+'s documented counts; see below what it does not model). How fast
the emulator itself runs (emulated seconds per wall second, a few per cent here) is printed too; it
does not enter the figures. The figures, each for the reed matrix and the hall bed:

- full-bed scans per second of the running firmware, scan_hz set to its 2000 ceiling so the main
  loop (serial, scan, debounce, frames, LEDs at 50 Hz) runs flat out (the reed matrix: row 1's
  falling edges counted; the hall bed: the multiplexers' returns to channel 0);
- a bed change to the snapshot frame carrying it leaving the Pico's USB (p50/p99 in ms, at the
  default scan_hz 250 and each link's default debounce: 20 ms for reeds, 8 ms for the hall bed):
  a reed closed or opened; a kitten or cat set down on or lifted off the hall bed (the ADC
  answering with the model's new readings);
- an LED frame arriving over USB to the last LED's data bit leaving the WS2812 pin (p50/p99);
- gc.mem_free() with the firmware imported and a Device made (after boot), after a tenth of the
  scans and after all 10,000, through the same objects in the REPL after STOP (a leak shows as
  the difference).

What the emulator cannot model: the hall sensors' analog noise beyond the model's per-read value,
real USB timing (full-speed frames, the Pi's host controller: the CDC bytes arrive here at once),
flash wait states and the XIP cache (rp2040js reads flash at the speed of RAM: bytecode and the
interpreter run from flash on a real Pico, so its interpreted parts may be slower on a cache miss;
viper's native code is in RAM either way).
"""
from __future__ import annotations

import random
import statistics
import time

from companion.cliargs import OneLineParser

LEAK_CODE = """
import gc, time
from bridgefw import board
from bridgefw.device import Device
gc.collect()
free_boot = gc.mem_free()
{setup}
def run(a, b):
    for i in range(a, b):
        {scan}
        dev.tick(i)
        dev.take()
run(0, {warm})
gc.collect()
free_warm = gc.mem_free()
t0 = time.ticks_us()
run({warm}, {n})
dt = time.ticks_diff(time.ticks_us(), t0)
gc.collect()
print("RESULT", free_boot, free_warm, gc.mem_free(), dt)
"""
REED_SETUP = "dev = Device(1, b'\\0' * 8, 0, 0)\nbed = board.Matrix()"
HALL_SETUP = ("class C:\n    SELECT = (17, 18, 19, 20)\n    ADC = (26, 27, 28)\n    SAMPLES = 16\n"
              "    SETTLE_US = 5\ndev = Device(1, b'\\0' * 8, 0, 0, hall=(136, 68))\nbed = board.HallBed(C)")


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def scan_rate(pico, counter: str, seconds: float) -> tuple[float, float]:
    """Full-bed scans per emulated second of the running firmware at scan_hz 2000, and the
    emulator's speed over the count (emulated seconds per wall second, unpaced)."""
    from firmware_bridge.host.link import BridgeLink

    # No pings while counting: the host pings every `ping_interval` of WALL time, which on an
    # emulator running at a few per cent of real time would be dozens a second of the Pico's
    # time (a Pi pings once a real second), and the count would follow this machine's load.
    link = BridgeLink(pico.port, config={"scan_hz": 2000, "heartbeat_ms": 100}, ping_interval=3600.0,
                      ack_timeout=2.0, offline_after=3600.0, handshake_timeout=60.0,
                      bed="hall" if pico.hall_bed is not None else "reed").open()
    try:
        pico.pace(False)
        time.sleep(0.5)
        a, wall = pico.stats(), time.perf_counter()
        time.sleep(seconds)
        b, wall = pico.stats(), time.perf_counter() - wall
    finally:
        link.close()
        pico.pace(True)
    emulated = (b["t"] - a["t"]) / 1e9
    return (b[counter] - a[counter]) / emulated, emulated / wall


def change_latency(pico, n: int, seed: int) -> list[float]:
    """Emulated microseconds from a reed closing or opening to the SNAPSHOT frame that carries it
    leaving the Pico's USB."""
    from firmware_bridge.host.link import BridgeLink

    rng = random.Random(seed)
    link = BridgeLink(pico.port, ping_interval=1.0, ack_timeout=2.0, offline_after=15.0,
                      handshake_timeout=60.0).open()
    out = []
    try:
        mask = 0
        for _ in range(n):
            mask ^= 1 << rng.randrange(36)
            with pico._lock:
                pico.usb_log.clear()
                pico.log_usb = True
            t0 = pico.set_occupancy(mask)
            _snapshot_after(pico, link, "SNAPSHOT", mask, t0, out)
    finally:
        link.close()
    return out


def _snapshot_after(pico, link, message: str, mask: int, t0: int, out: list[float]) -> None:
    """Wait until the host's link sees `mask`, then append the emulated milliseconds from `t0` to
    the first `message` (SNAPSHOT, HALL_SNAPSHOT) carrying it that left the Pico's USB."""
    from firmware_bridge.firmware import messages as M
    from firmware_bridge.firmware.framing import Deframer

    deadline = time.monotonic() + 30
    while link.occupancy != mask and time.monotonic() < deadline:
        time.sleep(0.002)
    with pico._lock:
        pico.log_usb = False
        log = list(pico.usb_log)
    deframer = Deframer()
    for kind, t, data in log:
        if kind != "out":
            continue
        snaps = [M.decode(p) for p in deframer.feed(data)]
        if t >= t0 and any(name == message and v["occupancy"] == mask for name, v in snaps):
            out.append((t - t0) / 1000)
            return


def hall_change_latency(pico, n: int, seed: int) -> list[float]:
    """Emulated microseconds from a kitten or cat set down on (or lifted off) the hall bed, the
    ADC answering with the model's new readings, to the HALL_SNAPSHOT that carries it leaving the
    Pico's USB. One piece on the bed at a time (a neighbour's return field could make a second
    square ambiguous, which is a real reading, not a latency)."""
    from firmware_bridge.host.link import BridgeLink

    rng = random.Random(seed)
    link = BridgeLink(pico.port, bed="hall", ping_interval=1.0, ack_timeout=2.0, offline_after=15.0,
                      handshake_timeout=60.0).open()
    out = []
    try:
        deadline = time.monotonic() + 30
        while link.occupancy != 0 and time.monotonic() < deadline:
            time.sleep(0.002)
        sq = None
        for i in range(n):
            with pico._lock:
                pico.usb_log.clear()
                pico.log_usb = True
                if sq is None:
                    sq = rng.randrange(36)
                    pico.hall_bed.put(sq, rng.choice("kc"))
                    mask = 1 << sq
                else:
                    pico.hall_bed.lift(sq)
                    sq, mask = None, 0
                t0 = pico.hall_now()
            _snapshot_after(pico, link, "HALL_SNAPSHOT", mask, t0, out)
    finally:
        link.close()
    return out


def led_latency(pico, n: int) -> list[float]:
    """Emulated microseconds from an LEDS frame's bytes reaching the Pico to the last data bit."""
    from firmware_bridge.firmware import messages as M
    from firmware_bridge.host.link import BridgeLink

    link = BridgeLink(pico.port, config={"brightness": 255}, ping_interval=5.0, ack_timeout=5.0,
                      offline_after=15.0, handshake_timeout=60.0).open()
    out = []
    try:
        for i in range(n):
            colour = (i * 7 % 250 + 1, 3, 200)
            seen = len(pico.frames)
            with pico._lock:
                pico.usb_log.clear()
                pico.log_usb = True
            link.send_leds(M.pack_cells([(*colour, M.STEADY)] * 36))
            deadline = time.monotonic() + 30
            frame = None
            while frame is None and time.monotonic() < deadline:
                for f in pico.frames[seen:]:
                    if bytes.fromhex(f["grb"])[:3] == bytes((colour[1], colour[0], colour[2])):
                        frame = f
                time.sleep(0.002)
            with pico._lock:
                pico.log_usb = False
                arrivals = [t for kind, t, _ in pico.usb_log if kind == "in"]
            if frame and arrivals:
                out.append((frame["t_last"] - arrivals[0]) / 1000)
    finally:
        link.close()
    return out


def mem_and_loop(pico, setup: str, scan: str, n: int, reboot: bool = True) -> tuple[int, int, int, float]:
    """gc.mem_free() after boot, after the first tenth of n scans and after all n; the loop's
    scans per second (emulated) over the last nine tenths."""
    from firmware_bridge import flash

    flash.stop_running_firmware(pico.port)
    time.sleep(1.0)
    warm = max(1, n // 10)
    printed = pico.repl_exec(LEAK_CODE.format(setup=setup, scan=scan, n=n, warm=warm))
    free_boot, free_warm, free_after, dt = (int(v) for v in printed.split("RESULT", 1)[1].split()[:4])
    if reboot:
        pico.reset()
    return free_boot, free_warm, free_after, (n - warm) / (dt / 1e6)


def _spread(xs: list[float]) -> str:
    return f"p50 {statistics.median(xs) / 1000:.1f} ms, p99 {_pct(xs, 0.99) / 1000:.1f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion bench firmware")
    ap.add_argument("--seconds", type=float, default=4.0, help="wall seconds each scan rate is counted")
    ap.add_argument("--changes", type=int, default=40, help="bed changes timed to the host (each bed)")
    ap.add_argument("--frames", type=int, default=20, help="LED frames timed to the last data bit")
    ap.add_argument("--scans", type=int, default=10_000, help="scans between the gc.mem_free() (each bed)")
    ap.add_argument("--seed", type=int, default=22)
    args = ap.parse_args(argv)
    from firmware_bridge.rp2040 import pico as emu

    try:
        emu.check()
    except emu.EmulatorUnavailable as exc:
        print(f"companion bench firmware: {exc}")
        return 2
    from firmware_bridge.host.link import HALL_DEBOUNCE_MS
    from hardware.hall_model import Bed

    t0 = time.perf_counter()
    reed = emu.EmulatedPico()
    try:
        print(f"emulated Pico booted in {time.perf_counter() - t0:.1f} s of wall time; "
              f"clk_sys {reed.stats()['clk_sys'] / 1e6:.0f} MHz")
        reed_rate, speed = scan_rate(reed, "row_scans", args.seconds)
        print(f"reed matrix, the running firmware flat out: {reed_rate:.0f} full beds/s "
              f"(the emulator ran at {speed * 100:.0f} % of the chip's real time here)")
        reed_lat = change_latency(reed, args.changes, args.seed)
        print(f"reed change -> its SNAPSHOT leaving USB ({len(reed_lat)} changes, debounce 20 ms, "
              f"scan_hz 250): {_spread(reed_lat)} (emulated)")
        led = led_latency(reed, args.frames)
        print(f"LED frame over USB -> last LED data bit ({len(led)} frames, LEDs refreshed at 50 Hz): "
              f"{_spread(led)} (emulated)")
        timing = reed.frames[-1]["timing"]
        print("WS2812 bit timing on the data pin (ns, min-max): " +
              ", ".join(f"{k.upper()} {v[0]:.0f}-{v[1]:.0f}" for k, v in timing.items() if v))
        wall = time.perf_counter()
        reed_boot, reed_warm, reed_free, loop_rate = mem_and_loop(
            reed, REED_SETUP, "dev.scan(bed.scan(), i)", args.scans, reboot=False)
        print(f"gc.mem_free() (reed): {reed_boot} bytes after boot, {reed_warm} after "
              f"{args.scans // 10} scans, {reed_free} after {args.scans} "
              f"(a leak would keep falling: {reed_free - reed_warm:+d} over the last "
              f"{args.scans - args.scans // 10}); the bare scan + debounce loop: {loop_rate:.0f} scans/s "
              f"({time.perf_counter() - wall:.0f} s of wall time)")
    finally:
        reed.close()
    hall = emu.EmulatedPico(hall_bed=Bed(random.Random(args.seed)))
    try:
        hall_rate, speed = scan_rate(hall, "mux_scans", args.seconds)
        print(f"hall bed, the running firmware flat out: {hall_rate:.0f} full beds/s "
              f"(the emulator ran at {speed * 100:.0f} % of the chip's real time here)")
        hall_lat = hall_change_latency(hall, args.changes, args.seed)
        print(f"hall change -> its HALL_SNAPSHOT leaving USB ({len(hall_lat)} changes, debounce "
              f"{HALL_DEBOUNCE_MS} ms as the hall link sets it, scan_hz 250): {_spread(hall_lat)} (emulated)")
        wall = time.perf_counter()
        hall_boot, hall_warm, hall_free, hall_loop = mem_and_loop(
            hall, HALL_SETUP, "dev.scan_hall(bed.scan(), i)", args.scans, reboot=False)
        print(f"gc.mem_free() (hall): {hall_boot} bytes after boot, {hall_warm} after "
              f"{args.scans // 10} scans, {hall_free} after {args.scans} ({hall_free - hall_warm:+d}); "
              f"the bare sweep + classify + debounce loop: {hall_loop:.0f} scans/s "
              f"({time.perf_counter() - wall:.0f} s of wall time)")
    finally:
        hall.close()
    print(f"fw_reed_scans_per_s {reed_rate:.0f}")
    print(f"fw_hall_scans_per_s {hall_rate:.0f}")
    print(f"fw_reed_change_to_snapshot_ms_p99 {_pct(reed_lat, 0.99) / 1000:.1f}")
    print(f"fw_hall_change_to_snapshot_ms_p99 {_pct(hall_lat, 0.99) / 1000:.1f}")
    print(f"fw_reed_free_ram_after_{args.scans}_scans_bytes {reed_free}")
    print(f"fw_hall_free_ram_after_{args.scans}_scans_bytes {hall_free}")
    return 0
