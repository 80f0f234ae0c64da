"""A fake Pico on a pseudo-terminal: the SAME pure firmware state machine (firmware/device.py)
speaking the same bytes as the real board, with a scriptable board.

    pico = FakePico()            # starts a thread; pico.port is a stable symlink to the pty
    link = BridgeLink(pico.port) # ... or make_reed_grid({"port": pico.port})
    pico.place(14); pico.bounce(3, flips=4); pico.drop_acks(2)
    pico.reset(); pico.unplug(); pico.replug(); pico.close()

A Pico's flash: FakePico(flash_dir=DIR) keeps its files in DIR and has MicroPython's REPL
(fake_repl.py): STOP leaves the firmware for the prompt, `companion flash` copies files through
the raw REPL, and a soft reboot starts the bridge firmware with the FW_HASH copied there (an
empty DIR: a freshly flashed MicroPython, the prompt and no HELLO).

A hall-effect bed: FakePico(hall_bed=hardware.hall_model.Bed(rng)) runs the firmware's hall mode
on that magnetic model's readings; put(square, "k" or "c") sets a kitten or a cat down (off centre
and tilted as a hand does), lift(square) takes it away.

The stable path mimics /dev/serial/by-id/...: unplug() closes the pty (the host's reads fail
like a pulled cable) and removes the link; replug() opens a new pty behind the same path.
"""
from __future__ import annotations

import os
import select
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

from .firmware import messages as M
from .firmware.device import Device
from .firmware.hall import COUNTS_PER_MT
from .fake_repl import FakeRepl
from . import fwinfo
from .pty_port import plug
from .polling import until


def _now_ms() -> int:
    return int(time.monotonic() * 1000)


class FakePico:
    def __init__(self, port: str | os.PathLike | None = None, *, fw_hash: bytes | None = None,
                 scan_hz: int | None = None, start: bool = True, hall_bed=None,
                 thresholds_mt: tuple[float, float] = (8.0, 4.0), flash_dir=None) -> None:
        if port is None:
            self._tmpdir = tempfile.mkdtemp(prefix="fakepico-")
            port = os.path.join(self._tmpdir, "usb-MicroPython_Board_in_FS_mode_fake-if00")
        else:
            self._tmpdir = None
        self.port = str(port)
        self.fw_hash = fw_hash if fw_hash is not None else fwinfo.firmware_hash()
        self.repl = FakeRepl(Path(flash_dir)) if flash_dir is not None else None
        self.in_repl = False   # at MicroPython's prompt: the bridge firmware is not running
        if self.repl is not None and fw_hash is None:
            self.fw_hash = self.repl.firmware() or self.fw_hash
            self.in_repl = self.repl.firmware() is None
        self._scan_hz_override = scan_hz
        self.hall_bed = hall_bed   # the magnetic model: put/lift/readings (None: reed switches)
        self._hall = None if hall_bed is None else tuple(
            max(1, round(mt * COUNTS_PER_MT)) for mt in thresholds_mt)
        self._lock = threading.RLock()
        self._occupancy = 0
        self._bounces: dict[int, int] = {}
        self._drop_acks = 0
        self._drop_all_output = False
        self.dropped_acks = 0
        self.scans = 0
        self.boots = 0
        self.on_applied: Callable[[int, float], None] | None = None  # (seq, perf_counter)
        self.on_snapshot: Callable[[int, float], None] | None = None  # (occupancy, perf_counter)
        self._master: int | None = None
        self._slave: int | None = None
        self._running = False
        self._thread: threading.Thread | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._boot(M.RESET_POWER_ON)
        self._plug()
        if start:
            self.start()

    # ------------------------------------------------------------------ lifecycle
    def _boot(self, cause: int) -> None:
        self.boots += 1
        self.device = Device(int.from_bytes(os.urandom(4), "little"), self.fw_hash, cause, _now_ms(),
                             hall=self._hall)
        if self._scan_hz_override:
            self.device.config["scan_hz"] = self._scan_hz_override
        self._next_scan = time.monotonic()

    def _plug(self) -> None:
        self._master, self._slave = plug(self.port)

    def start(self) -> None:
        if self._running:
            return
        self._running = True
        self._thread = threading.Thread(target=self._run, name="FakePico", daemon=True)
        self._thread.start()

    def close(self) -> None:
        if self._running:
            self._running = False
            os.write(self._wake_w, b"x")
            if self._thread:
                self._thread.join(2)
        with self._lock:
            self._unplug_locked()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._wake_r = self._wake_w = -1
        if self._tmpdir:
            try:
                os.rmdir(self._tmpdir)
            except OSError:
                pass

    def __enter__(self) -> "FakePico":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ the loop
    def _run(self) -> None:
        while self._running:
            with self._lock:
                period = self.device.scan_period_us() / 1e6
                # at the prompt nothing is scanned: wait for the host's bytes
                timeout = None if self.in_repl else max(0.0, self._next_scan - time.monotonic())
                fds = [self._wake_r] + ([self._master] if self._master is not None else [])
            ready, _, _ = select.select(fds, [], [], timeout)
            with self._lock:
                if self._wake_r in ready:
                    os.read(self._wake_r, 64)
                if self._master is not None and self._master in ready:
                    try:
                        data = os.read(self._master, 4096)
                    except OSError:  # the host side is not open yet (EIO): nothing to read
                        data = b""
                        time.sleep(0.001)
                    if data and self.in_repl:
                        self._repl_locked(data)
                        continue
                    if data:
                        before = self.device.leds_applied
                        self.device.feed(data, _now_ms())
                        if self.device.leds_applied != before and self.on_applied:
                            self.on_applied(self.device.led_seq, time.perf_counter())
                        if self.device.stop_requested and self.repl is not None:
                            self._flush_locked()   # STOP: main.py returns, the prompt follows
                            self.in_repl = True
                            self._out(self.repl.prompt())
                            continue
                if self.in_repl:
                    continue
                now = time.monotonic()
                if now >= self._next_scan:
                    self._next_scan += period
                    if self._next_scan < now:
                        self._next_scan = now + period  # fell behind: don't try to catch up
                    self.scans += 1
                    if self.hall_bed is not None:
                        self.device.scan_hall(self.hall_bed.readings(), _now_ms())
                    else:
                        self.device.scan(self._raw_locked(), _now_ms())
                self.device.tick(_now_ms())
                self._flush_locked()

    def _repl_locked(self, data: bytes) -> None:
        out, rebooted = self.repl.feed(data)
        self._out(out)
        if rebooted:   # main.py runs: the firmware copied there, if it is whole
            firmware = self.repl.firmware()
            if firmware is not None:
                self.fw_hash, self.in_repl = firmware, False
                self._boot(M.RESET_SOFT)
            else:
                self._out(self.repl.prompt())

    def _out(self, data: bytes) -> None:
        if self._master is not None and data and not self._drop_all_output:
            try:
                os.write(self._master, data)
            except OSError:
                pass

    def _raw_locked(self) -> int:
        raw = self._occupancy
        for sq, left in list(self._bounces.items()):
            if left % 2:
                raw ^= 1 << sq  # odd count left: contact open/closed against the true state
            if left <= 1:
                del self._bounces[sq]
            else:
                self._bounces[sq] = left - 1
        return raw

    def _flush_locked(self) -> None:
        frames = self.device.take()
        if not frames:
            return
        out = bytearray()
        for name, frame in frames:
            if name == "LEDS_ACK" and self._drop_acks:
                self._drop_acks -= 1
                self.dropped_acks += 1
                continue
            if name in ("SNAPSHOT", "HALL_SNAPSHOT") and self.on_snapshot:
                self.on_snapshot(self.device.debouncer.state, time.perf_counter())
            out += frame
        if self._master is None or self._drop_all_output or not out:
            return
        try:
            os.write(self._master, out)
        except OSError:
            pass  # buffer full or nobody listening: a real USB CDC drops data too

    # ------------------------------------------------------------------ the scriptable board
    def place(self, square: int) -> None:
        with self._lock:
            self._occupancy |= 1 << square

    def put(self, square: int, kind: str) -> None:
        """The hall bed: a kitten ("k", north down) or a cat ("c", south down) set on `square`."""
        with self._lock:
            self._occupancy |= 1 << square
            self.hall_bed.put(square, kind)

    def lift(self, square: int) -> None:
        with self._lock:
            self._occupancy &= ~(1 << square)
            if self.hall_bed is not None:
                self.hall_bed.lift(square)

    def set_occupancy(self, mask: int) -> None:
        with self._lock:
            self._occupancy = mask

    @property
    def occupancy(self) -> int:
        return self._occupancy

    def bounce(self, square: int, flips: int = 3) -> None:
        """The next `flips` scans read the square inverted, on and off (contact bounce)."""
        with self._lock:
            self._bounces[square] = flips

    def drop_acks(self, count: int = 1) -> None:
        """Swallow the next `count` LEDS_ACK frames (the LEDs are still applied)."""
        with self._lock:
            self._drop_acks += count

    def inject(self, data: bytes) -> None:
        """Put raw bytes on the line towards the host (line noise, garbage)."""
        with self._lock:
            if self._master is not None:
                os.write(self._master, data)

    def mute(self, muted: bool = True) -> None:
        """Stop sending anything (a hung firmware) without closing the port."""
        with self._lock:
            self._drop_all_output = muted

    def reset(self, cause: int = M.RESET_SOFT) -> None:
        """Reboot the firmware: new boot id, LEDs and config back to defaults, HELLO sent."""
        with self._lock:
            self._boot(cause)
        os.write(self._wake_w, b"x")

    def unplug(self) -> None:
        with self._lock:
            self._unplug_locked()

    def _unplug_locked(self) -> None:
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None
        if os.path.lexists(self.port):
            os.unlink(self.port)

    def replug(self, reset: bool = True) -> None:
        """Put the cable back; a real Pico powered by USB reboots (new boot id) when replugged."""
        with self._lock:
            if self._master is None:
                if reset:
                    self._boot(M.RESET_POWER_ON)
                self._plug()
        if self._wake_w >= 0:
            os.write(self._wake_w, b"x")

    # ------------------------------------------------------------------ what the board shows
    def pixels(self) -> bytes:
        with self._lock:
            return bytes(self.device.pixels(_now_ms()))

    def host_online(self) -> bool:
        with self._lock:
            return self.device.host_online(_now_ms())

    def cells(self) -> list[tuple[int, int, int, int]]:
        with self._lock:
            return M.unpack_cells(self.device.cells)

    @property
    def boot_id(self) -> int:
        return self.device.boot_id

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 2.0) -> bool:
        return until(predicate, timeout, 0.002)


__all__ = ["FakePico"]
