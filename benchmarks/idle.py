"""`companion bench idle`: what the service costs while nobody plays (every device fake, no
moves, no AI, no page): the real asyncio loop (`Companion.run()`, real time, asleep while nothing
happens: companion/service/waking.py) for `--seconds` per game, and one loop step in a tight loop
(virtual time).

service_idle_cpu_pct        CPU seconds of this process per wall second, times 100, while the
                            loop idles (one core = 100; a Pi 4 is about pibudget.FACTOR times that)
service_idle_wakeups_per_s  the loop's wake-ups per second, counted by its own selector (each
                            select() that may block and returns: waking.CountingSelector); a Pi
                            wakes as often (the count is the timers', not the CPU's: factor 1)
step_us                     one idle step (poll, tick, view, LEDs, OLED) in microseconds

`--bridge`: maunz. on the bed's Pico instead (its firmware's state machine on a pty, in this
process): the loop's wake-ups and its thread's CPU, and the link's reader thread's context
switches and CPU (the reader waits for bytes with a timeout that paces its pings and retransmits).

`--gpio-reed empty|held`: the reed bed is the GPIO diode matrix (hardware/reed.py's GpioReedGrid
through gpiozero on MockFactory pins) instead of the fake: `empty` (every column free: it waits
for a column edge) or `held` (column a held low, as by pieces on a1-a6: it is watched at
`watch_hz`). Without it the fake bed wakes nobody, as the bridge's bed.

Each game is measured with the table's view memo (`memo_views`: the view reused while the
table's state is unchanged) and without it, alternating, in this one process: the `memo_off`
figures are the baseline the change is quoted against. Only tables that have the memo (maunz)
differ between the two.
"""
from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from benchmarks.pibudget import FACTOR
from companion.cliargs import OneLineParser


def _gpio_reed(bed: str):
    from gpiozero.pins.mock import MockFactory

    from hardware.reed import GpioReedGrid
    from wiring.pins import load_pins

    pins = load_pins()
    factory = MockFactory()
    grid = GpioReedGrid(pins.reed_rows, pins.reed_cols, pin_factory=factory)
    if bed == "held":  # a column line low whatever row is driven: a1-a6 closed
        factory.pin(f"GPIO{pins.reed_cols[0]}").drive_low()
    return grid


def _companion(game: str, state: Path, memo: bool, gpio_reed: str | None = None):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes

    devices = build_fakes()
    if gpio_reed:
        devices.reed.close()
        devices.reed = _gpio_reed(gpio_reed)
    c = Companion(Config(game=GameConfig(game=game)), devices, state_dir=state, ai_mode="off")
    c.table.memo_views = memo  # an instance attribute: the class's default is left alone
    return c


def idle_cpu_pct(game: str, seconds: float, memo: bool, gpio_reed: str | None = None) -> tuple[float, float]:
    """The real loop for `seconds` after a one-second start: process CPU per wall second, %, and
    the loop's wake-ups per second (its selector's count; the end of the measuring task's own
    sleep is one of them)."""
    from companion.service.waking import counting_loop

    with tempfile.TemporaryDirectory() as d:
        c = _companion(game, Path(d), memo, gpio_reed)

        async def measure() -> tuple[float, float]:
            task = asyncio.create_task(c.run())
            await asyncio.sleep(1.0)  # the start's own work (first frames) is not idling
            cpu0, wall0, wakes0 = time.process_time(), time.perf_counter(), selector.wakeups
            await asyncio.sleep(seconds)
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            wakes = selector.wakeups - wakes0
            await c.stop()
            await task
            return 100.0 * cpu / wall, wakes / wall

        loop, selector = counting_loop()
        try:
            return loop.run_until_complete(measure())
        finally:
            loop.close()


def step_us(game: str, steps: int, memo: bool, gpio_reed: str | None = None) -> float:
    with tempfile.TemporaryDirectory() as d:
        c = _companion(game, Path(d), memo, gpio_reed)
        try:
            t = 1000.0
            for _ in range(50):  # the first scan and the settle time: the table is idle after it
                t += 0.01
                c.step(t)
            t0 = time.process_time()
            for _ in range(steps):
                t += 0.01
                c.step(t)
            return 1e6 * (time.process_time() - t0) / steps
        finally:
            c.close()


def _thread_figures(tid: int) -> tuple[float, int]:
    """A thread's CPU seconds and context switches so far (/proc/self/task/TID): each switch
    the thread made is a sleep it woke from, or a preemption."""
    import os

    task = Path(f"/proc/self/task/{tid}")
    fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    switches = sum(int(line.split()[1]) for line in (task / "status").read_text().splitlines()
                   if "ctxt_switches" in line)
    return cpu, switches


def bridge_idle(seconds: float) -> dict[str, float]:
    """maunz. on the bridge (the Pico emulated on a pty, firmware_bridge/emulator.py, in this
    process): the loop's wake-ups and CPU (its thread), and the link's reader thread's (the
    emulator's own thread is not counted). Per second of wall time."""
    import threading

    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.waking import counting_loop
    from firmware_bridge.emulator import FakePico
    from hardware import build_devices

    with FakePico() as pico, tempfile.TemporaryDirectory() as d:
        hw = {name: {"backend": "fake"} for name in ("display", "cards", "buttons")}
        hw["reed"] = {"backend": "bridge", "port": pico.port}
        hw["leds"] = {"backend": "bridge", "port": pico.port}
        c = Companion(Config(game=GameConfig(game="maunz")), build_devices(hw), state_dir=Path(d),
                      ai_mode="off")
        reader = next(t for t in threading.enumerate() if t.name.startswith("BridgeLink"))

        async def measure() -> dict[str, float]:
            task = asyncio.create_task(c.run())
            await asyncio.sleep(1.0)
            here = threading.get_native_id()
            wall0, wakes0 = time.perf_counter(), selector.wakeups
            loop0, reader0 = _thread_figures(here), _thread_figures(reader.native_id)
            await asyncio.sleep(seconds)
            wall = time.perf_counter() - wall0
            loop1, reader1 = _thread_figures(here), _thread_figures(reader.native_id)
            wakes = selector.wakeups - wakes0
            await c.stop()
            await task
            return {"service_idle_wakeups_per_s": wakes / wall,
                    "loop_thread_cpu_pct": 100 * (loop1[0] - loop0[0]) / wall,
                    "reader_thread_switches_per_s": (reader1[1] - reader0[1]) / wall,
                    "reader_thread_cpu_pct": 100 * (reader1[0] - reader0[0]) / wall}

        loop, selector = counting_loop()
        try:
            return loop.run_until_complete(measure())
        finally:
            loop.close()


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion bench idle")
    p.add_argument("--seconds", type=float, default=5.0, help="real-time loop per run (default 5)")
    p.add_argument("--steps", type=int, default=3000, help="tight-loop steps per run (default 3000)")
    p.add_argument("--rounds", type=int, default=2, help="memo on/off alternations (default 2)")
    p.add_argument("--games", default="maunz",
                   help="comma-separated games (default maunz; e.g. maunz,katzenjammer,cats)")
    p.add_argument("--gpio-reed", choices=("empty", "held"),
                   help="the reed bed on the GPIO matrix (gpiozero MockFactory): empty or a column held")
    p.add_argument("--bridge", action="store_true",
                   help="instead: maunz. on the bed's Pico, emulated on a pty in this process")
    args = p.parse_args(argv)
    if args.bridge:
        print(f"maunz. on the emulated bridge (firmware state machine on a pty), no moves; {args.seconds:g} s")
        for name, value in bridge_idle(args.seconds).items():
            print(f"bridge {name} {value:.2f}")
        return 0
    from companion.games import get

    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in games:
        get(g)  # an unknown name: its one-line error before any run
    bed = f"GPIO reed matrix on MockFactory ({args.gpio_reed} bed), other devices fake" \
        if args.gpio_reed else "fake devices"
    print(f"{bed}, no moves, no AI, no page; loop {args.seconds:g} s x {args.rounds} per setting")
    for g in games:
        figures = {}
        for memo in (True, False):
            figures[memo] = {"step": [], "cpu": [], "wakeups": []}
        for _ in range(args.rounds):
            for memo in (False, True):  # alternating: the machine's other load hits both alike
                figures[memo]["step"].append(step_us(g, args.steps, memo, args.gpio_reed))
                cpu, wakeups = idle_cpu_pct(g, args.seconds, memo, args.gpio_reed)
                figures[memo]["cpu"].append(cpu)
                figures[memo]["wakeups"].append(wakeups)
        for memo in (False, True):
            name = "memo_on" if memo else "memo_off"
            step, cpu = min(figures[memo]["step"]), min(figures[memo]["cpu"])
            print(f"{g} {name} step_us {step:.1f} service_idle_cpu_pct {cpu:.2f}"
                  f" (a Pi 4: ~{cpu * FACTOR:.2f} %)")
        on, off = figures[True], figures[False]
        print(f"{g} step_ratio_off_over_on {min(off['step']) / min(on['step']):.2f}")
        print(f"{g} service_idle_cpu_pct {min(on['cpu']):.2f}")
        wakeups = max(on["wakeups"] + off["wakeups"])
        print(f"{g} service_idle_wakeups_per_s {wakeups:.2f}")
        print(f"{g} Pi 4 estimate: service_idle_cpu_pct ~{min(on['cpu']) * FACTOR:.2f} (x{FACTOR:g},"
              f" benchmarks/pibudget.py), service_idle_wakeups_per_s {wakeups:.2f} (x1: timers, not CPU)")
    return 0
