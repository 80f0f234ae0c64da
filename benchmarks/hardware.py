"""`companion bench hardware`: the gpiozero reed scanner on mock pins.

scans_per_s               scan + debounce steps per second at full speed (one core)
cpu_share_100hz_percent   process CPU time / wall time while scanning at 100 Hz (target < 5 %)

Mock pins cost about what lgpio calls cost on a Pi 4 (a Python method call per pin access),
so the figure is indicative of the Pi, not a measurement on it.
"""
from __future__ import annotations

import time

from companion.cliargs import OneLineParser
from hardware.reed import ScanningReedGrid


def make_grid(settle_us: float = 20.0):
    from gpiozero.pins.mock import MockFactory

    from hardware.reed import GpioReedGrid
    from wiring.pins import load_pins

    pins = load_pins()
    factory = MockFactory()
    return GpioReedGrid(pins.reed_rows, pins.reed_cols, pin_factory=factory, debounce=3,
                        settle_us=settle_us), factory


def _trim(factory) -> None:
    for pin in factory.pins.values():  # MockPin records every state change; keep memory flat
        if len(pin.states) > 1000:
            pin.clear_states()


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion bench hardware")
    p.add_argument("--seconds", type=float, default=3.0, help="duration of the 100 Hz run")
    p.add_argument("--hz", type=float, default=100.0)
    p.add_argument("--settle-us", type=float, default=20.0,
                   help="row settle busy-wait, as configured on the Pi (default 20)")
    args = p.parse_args(argv)
    grid, factory = make_grid(args.settle_us)
    # one scan + debounce step whatever the bed: the GPIO grid's own poll() skips the scan while
    # it waits for a column edge (an empty still bed), which would time nothing
    step = ScanningReedGrid.poll
    try:
        # full speed
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < 1.0:
            for _ in range(100):
                step(grid)
            n += 100
            _trim(factory)
        scans_per_s = n / (time.perf_counter() - t0)
        # fixed rate, as the service runs it
        period = 1.0 / args.hz
        cpu0, wall0 = time.process_time(), time.perf_counter()
        next_t = wall0
        ticks = 0
        while True:
            step(grid)
            ticks += 1
            if ticks % 100 == 0:
                _trim(factory)
            next_t += period
            now = time.perf_counter()
            if now - wall0 >= args.seconds:
                break
            if next_t > now:
                time.sleep(next_t - now)
        wall = time.perf_counter() - wall0
        cpu = time.process_time() - cpu0
    finally:
        grid.close()
    print(f"backend gpiozero MockFactory, 6x6 matrix, debounce 3, settle_us {args.settle_us:g}")
    print(f"scan_us {1e6 / scans_per_s:.1f}")
    print(f"scans_at_{args.hz:g}hz {ticks} in {wall:.2f} s")
    print(f"scans_per_s {scans_per_s:.0f}")
    print(f"cpu_share_100hz_percent {100.0 * cpu / wall:.2f}")
    return 0
