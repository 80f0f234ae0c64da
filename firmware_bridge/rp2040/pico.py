"""The bridge firmware on an emulated RP2040: MicroPython's own rp2 firmware (a UF2) booted in
rp2040js (Node, harness.mjs), the firmware files on its flash filesystem exactly as `companion
flash` leaves them, main.py run unchanged, and the board around it driven from here.

    pico = EmulatedPico()            # pico.port: a stable symlink to a pty, like FakePico's
    link = BridgeLink(pico.port)     # talks to the emulated USB CDC serial
    pico.place(14); pico.chatter(3, [0, 800, 1500]); pico.pixels(); pico.reset()
    EmulatedPico(hall_bed=hardware.hall_model.Bed(rng))   # the hall-effect bed's firmware

The link is the emulated USB CDC (the Pico's real link to the Pi), carried to the pty by this
module. What the emulator needs besides Node and the npm package is not in the repository: a
MicroPython rp2 UF2 for the Raspberry Pi Pico and the RP2040's boot ROM, in the folder that
$MAUNZ_RP2040_IMAGES names (`images()` says what is missing).
"""
from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

from .. import flash, fwinfo
from ..firmware import board_pins as P
from ..firmware import messages as M
from ..firmware.framing import Deframer
from ..pty_port import plug
from ..polling import until

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "harness.mjs"
IMAGES_ENV = "MAUNZ_RP2040_IMAGES"
UF2_NAME = "micropython-rp2-pico.uf2"
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
# MicroPython's RPI_PICO board: a 2 MiB flash whose last 1408 KiB are the littlefs filesystem
# (ports/rp2: MICROPY_HW_FLASH_STORAGE_BYTES; _boot.py mounts it with progsize=256).
FS_OFFSET, FS_BLOCK, FS_BLOCKS = 0xA0000, 4096, 352
HALL_PINS = {"select": [17, 18, 19, 20], "adc": [26, 27, 28]}   # wiring/pins.toml [hall]


class EmulatorUnavailable(RuntimeError):
    """Why the emulated Pico cannot run here (what is missing and how to get it)."""


def images() -> tuple[Path, Path]:
    folder = os.environ.get(IMAGES_ENV)
    if not folder:
        raise EmulatorUnavailable(f"${IMAGES_ENV} is not set: it names the folder with {UF2_NAME} "
                                  f"(MicroPython's rp2 firmware for the Pico) and {BOOTROM_NAME}")
    uf2, rom = Path(folder) / UF2_NAME, Path(folder) / BOOTROM_NAME
    for path in (uf2, rom):
        if not path.is_file():
            raise EmulatorUnavailable(f"{path} is missing (${IMAGES_ENV}={folder})")
    return uf2, rom


def check() -> None:
    """Raise EmulatorUnavailable unless Node, rp2040js and the images are all here."""
    if shutil.which("node") is None:
        raise EmulatorUnavailable("node is not installed (./dev test installs Debian's nodejs)")
    if not (HERE / "node_modules" / "rp2040js").is_dir():
        raise EmulatorUnavailable("rp2040js is not installed: npm install --prefix "
                                  "firmware_bridge/rp2040 (./dev test does it)")
    images()


def filesystem_image(hall: dict | None = None, fw_hash: bytes | None = None) -> bytes:
    """The Pico's littlefs filesystem after `companion flash [--bed hall]`: /bridgefw/ and
    /main.py, staged by flash.stage itself. `fw_hash` overrides the baked hash (an old Pico)."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32,
                  lookahead_size=32)
    with tempfile.TemporaryDirectory(prefix="bridgefw-") as tmp:
        staged = Path(tmp)
        flash.stage(staged, hall)
        if fw_hash is not None:
            (staged / "fwhash.py").write_text(fwinfo.fwhash_module(fw_hash))
        fs.mkdir(fwinfo.PACKAGE_ON_PICO)
        for name in list(fwinfo.PACKAGE_FILES) + ["fwhash.py", "bedcfg.py"]:
            with fs.open(f"{fwinfo.PACKAGE_ON_PICO}/{name}", "wb") as fh:
                fh.write((staged / name).read_bytes())
        with fs.open("main.py", "wb") as fh:
            fh.write((staged / "main.py").read_bytes())
    return bytes(fs.context.buffer)


class EmulatedPico:
    def __init__(self, port: str | os.PathLike | None = None, *, hall_bed=None,
                 fw_hash: bytes | None = None, boot_timeout: float = 300.0) -> None:
        check()
        uf2, rom = images()
        self._tmpdir = tempfile.mkdtemp(prefix="rp2040-")
        self.port = str(port or os.path.join(self._tmpdir, "usb-MicroPython_Board_in_FS_mode_emu-if00"))
        self.hall_bed = hall_bed
        self._hall_cfg = None
        if hall_bed is not None:
            self._hall_cfg = dict(HALL_PINS, register_mt=8.0, clear_mt=4.0)
        fs_path = Path(self._tmpdir) / "fs.img"
        fs_path.write_bytes(filesystem_image(self._hall_cfg, fw_hash))
        self.fw_hash = fw_hash if fw_hash is not None else fwinfo.firmware_hash()
        pins = {"rows": list(P.ROW_PINS), "cols": list(P.COL_PINS), "led": P.LED_PIN, **HALL_PINS}
        self._proc = subprocess.Popen(
            ["node", str(HARNESS), f"--uf2={uf2}", f"--bootrom={rom}", f"--fs={fs_path}",
             f"--pins={json.dumps(pins, separators=(',', ':'))}"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=HERE, bufsize=0)
        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)
        self._occupancy = 0
        self._acks: dict[int, int] = {}
        self._next_id = 0
        self.frames: list[dict] = []           # decoded LED frames, newest last
        self.usb_log: list[tuple[str, int, bytes | int]] = []  # ("out", ns, bytes) / ("in", ns, n)
        self.log_usb = False
        self.connected = 0
        self.hellos = 0                        # HELLO frames seen: main.py is running
        self._deframer = Deframer()
        self._stats: dict | None = None
        self._master: int | None = None
        self._slave: int | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._plug()
        self._running = True
        self._reader = threading.Thread(target=self._read_harness, name="rp2040-harness", daemon=True)
        self._reader.start()
        self._relay = threading.Thread(target=self._relay_host, name="rp2040-pty", daemon=True)
        self._relay.start()
        self._hall_timer: threading.Thread | None = None
        self.boot(boot_timeout)
        if hall_bed is not None:
            self._hall_timer = threading.Thread(target=self._feed_hall, name="rp2040-hall", daemon=True)
            self._hall_timer.start()

    # ------------------------------------------------------------------ the harness
    def _send(self, op: str, wait: bool = False, **fields) -> int | None:
        with self._lock:
            msg = dict(op=op, **fields)
            if wait:
                self._next_id += 1
                msg["id"] = ident = self._next_id
            line = (json.dumps(msg, separators=(",", ":")) + "\n").encode()
            try:
                self._proc.stdin.write(line)
            except (OSError, ValueError):   # closed: the harness has stopped
                if not self._running:
                    return None
                raise
            if not wait:
                return None
            if not self._cond.wait_for(lambda: ident in self._acks or not self._running, 30):
                raise EmulatorUnavailable(f"the rp2040 harness did not answer `{op}`")
            return self._acks.pop(ident, 0)

    def _read_harness(self) -> None:
        for raw in self._proc.stdout:
            ev = json.loads(raw)
            kind = ev["ev"]
            with self._cond:
                if kind == "usb":
                    data = bytes.fromhex(ev["data"])
                    for payload in self._deframer.feed(data):
                        if payload[:1] == bytes((M.BY_NAME["HELLO"].type_id,)):
                            self.hellos += 1
                    if self.log_usb:
                        self.usb_log.append(("out", ev["t"], data))
                    if self._master is not None:
                        try:
                            os.write(self._master, data)
                        except OSError:
                            pass   # nobody listening: a real USB CDC drops data too
                elif kind == "usb_in":
                    if self.log_usb:
                        self.usb_log.append(("in", ev["t"], ev["n"]))
                elif kind == "ack":
                    self._acks[ev["id"]] = ev["t"]
                elif kind == "leds":
                    self.frames.append(ev)
                    del self.frames[:-50]
                elif kind == "connected":
                    self.connected += 1
                elif kind == "stats":
                    self._stats = ev
                self._cond.notify_all()
        with self._cond:
            self._running = False
            self._cond.notify_all()

    def _relay_host(self) -> None:
        while self._running:
            fds = [self._wake_r] + ([self._master] if self._master is not None else [])
            ready, _, _ = select.select(fds, [], [], 0.5)
            if self._wake_r in ready:
                os.read(self._wake_r, 64)
            if self._master is not None and self._master in ready:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    time.sleep(0.005)
                    continue
                if data:
                    self._send("usb", data=data.hex())

    def _hall_counts(self) -> list[int]:
        return [max(0, min(4095, round(v))) for v in self.hall_bed.readings()]

    def _feed_hall(self) -> None:
        # The model's readings carry its noise: a fresh set every 20 ms of wall time.
        while self._running:
            with self._lock:   # a change made under the lock (hall_now) is sent first
                self._send("hall", counts=self._hall_counts())
            time.sleep(0.02)

    def hall_now(self) -> int:
        """Send the hall bed's readings now (after put/lift, under `_lock` so no older set
        overtakes them); returns the emulated ns from which the ADC answers with them."""
        with self._lock:
            return self._send("hall", wait=True, counts=self._hall_counts())

    def _plug(self) -> None:
        self._master, self._slave = plug(self.port)

    # ------------------------------------------------------------------ lifecycle
    def boot(self, timeout: float = 300.0) -> None:
        """Power the Pico on (again): MicroPython boots, mounts the flash, runs main.py; returns
        once main.py's firmware said HELLO (compiling it on the emulated chip takes a while)."""
        with self._cond:
            before = self.hellos
            self._deframer = Deframer()        # a new USB device: nothing half-received
        if self.hall_bed is not None:
            self._send("hall", counts=[round(v) for v in self.hall_bed.readings()])
        self._send("reeds", mask=f"{self._occupancy:x}")
        self._send("boot", wait=True)
        with self._cond:
            if not self._cond.wait_for(lambda: self.hellos > before or not self._running, timeout):
                raise EmulatorUnavailable(f"the emulated Pico's firmware said no HELLO in {timeout} s")
            if not self._running:
                raise EmulatorUnavailable("the rp2040 harness stopped (its error is above)")

    def reset(self, cause: int = M.RESET_POWER_ON) -> None:
        """Reboot (a power cycle: the emulator cannot tell a soft reset's cause)."""
        self.boot()

    def close(self) -> None:
        self._running = False
        if self._proc.poll() is None:
            try:
                self._proc.stdin.close()
            except OSError:
                pass
            try:
                self._proc.wait(5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        os.write(self._wake_w, b"x")
        self._relay.join(2)
        for fd in (self._master, self._slave, self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except (OSError, TypeError):
                pass
        self._master = self._slave = None
        shutil.rmtree(self._tmpdir, ignore_errors=True)

    def __enter__(self) -> "EmulatedPico":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------ the board
    def set_occupancy(self, mask: int) -> int:
        """Close exactly the reeds in `mask`; returns the emulated ns at which they closed."""
        self._occupancy = mask
        return self._send("reeds", wait=True, mask=f"{mask:x}")

    def place(self, square: int) -> int:
        return self.set_occupancy(self._occupancy | 1 << square)

    def lift(self, square: int) -> int:
        if self.hall_bed is not None:
            self.hall_bed.lift(square)
        return self.set_occupancy(self._occupancy & ~(1 << square))

    def put(self, square: int, kind: str) -> None:
        """The hall bed: a kitten ("k") or a cat ("c") set down on `square`."""
        self.hall_bed.put(square, kind)
        self._occupancy |= 1 << square

    @property
    def occupancy(self) -> int:
        return self._occupancy

    def chatter(self, square: int, at_us: list[int]) -> None:
        """The reed's contact changes state at each of `at_us` emulated microseconds from now."""
        self._send("flips", sq=square, at_us=list(at_us))
        if len(at_us) % 2:
            self._occupancy ^= 1 << square

    def inject(self, data: bytes) -> None:
        """Bytes on the line towards the host (line noise), as FakePico.inject."""
        with self._lock:
            if self._master is not None:
                os.write(self._master, data)

    def pace(self, on: bool) -> None:
        """On (the default): emulated time never runs ahead of wall time, so the device's
        timeouts keep to the host's. Off: as fast as it goes (the benchmark)."""
        self._send("pace", wait=True, on=on)

    def stats(self) -> dict:
        with self._cond:
            self._stats = None
        self._send("stats")
        with self._cond:
            self._cond.wait_for(lambda: self._stats is not None, 10)
            return dict(self._stats)

    def repl_exec(self, code: str, timeout: float = 600.0) -> str:
        """Run `code` in MicroPython's raw REPL (as mpremote does) once the firmware has left its
        loop (STOP); returns what it printed. A Python exception there is a RuntimeError."""
        import serial

        with serial.Serial(self.port, 115200, timeout=0.1) as ser:
            def until(marker: bytes, what: str) -> bytes:
                got, end = b"", time.monotonic() + timeout
                while marker not in got:
                    if time.monotonic() > end:
                        raise EmulatorUnavailable(f"the emulated Pico's REPL did not answer {what}: {got[-200:]!r}")
                    got += ser.read(4096)
                return got
            ser.write(b"\r\x03")        # after STOP the firmware falls through to the REPL
            until(b">>> ", "after STOP")
            ser.write(b"\x01")
            until(b"raw REPL; CTRL-B to exit\r\n>", "ctrl-A")
            ser.write(code.encode() + b"\x04")
            out = until(b"\x04>", "the code")
            ser.write(b"\x02")
        body = out.split(b"OK", 1)[-1]
        printed, _, error = body.partition(b"\x04")
        error = error.rstrip(b"\x04>")
        if error.strip():
            raise RuntimeError(error.decode(errors="replace").strip())
        return printed.decode(errors="replace")

    # ------------------------------------------------------------------ what the board shows
    def pixels(self) -> bytes | None:
        """The colours (R, G, B per square) of the last frame the WS2812 data pin carried."""
        with self._lock:
            if not self.frames:
                return None
            return decode_grb(bytes.fromhex(self.frames[-1]["grb"]))

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
        return until(predicate, timeout)


def decode_grb(data: bytes) -> bytes:
    """The chain's GRB bytes back to R, G, B per square (through the firmware's LED_ORDER)."""
    rgb = bytearray(M.SQUARES * 3)
    order = P.LED_ORDER
    for i in range(min(M.SQUARES, len(data) // 3)):
        sq = order[i] if order else i
        g, r, b = data[i * 3:i * 3 + 3]
        rgb[sq * 3:sq * 3 + 3] = bytes((r, g, b))
    return bytes(rgb)


__all__ = ["EmulatedPico", "EmulatorUnavailable", "check", "decode_grb", "filesystem_image", "images"]
