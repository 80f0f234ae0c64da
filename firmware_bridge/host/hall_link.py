"""The hall-effect bed's side of the bridge link: its raw readings, the empty-bed zero and the
stored calibration (per-square zero and thresholds), which is sent after every HELLO and
retransmitted until the Pico's echo carries its CRC. Composed into BridgeLink when its bed is
"hall"; it runs under the link's lock, on the link's reader thread, like the link's own handlers.
"""
from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

from hardware.interfaces import DeviceEvent, HardwareError

from ..firmware import messages as M
from ..firmware.crc import crc16


class HallChannel:
    def __init__(self, link) -> None:
        self.link = link
        self.counts: list[int] | None = None   # HALL_RAW: averaged counts and the zero in use
        self.zero: list[int] | None = None
        self._raw_event = threading.Event()
        self.zero_busy: int | None = None      # HALL_ZERO_DONE: squares that refused a zero
        self._zero_event = threading.Event()
        self.cal: dict | None = None           # the stored calibration
        self._pending = False
        self._sent_at = 0.0
        self.cal_acked = threading.Event()
        self.handlers = {"HALL_RAW": self._on_raw, "HALL_ZERO_DONE": self._on_zero_done,
                         "HALL_CAL_ECHO": self._on_cal_echo}

    # ------------------------------------------------------------------ caller API
    def raw(self, timeout: float = 1.0) -> tuple[list[int], list[int]]:
        """A fresh HALL_RAW: (averaged counts, zero) per square."""
        link = self.link
        with link._lock:
            self._raw_event.clear()
            link._send("RAW_REQ")
        if not self._raw_event.wait(timeout):
            raise HardwareError(f"bridge {link.port}: no HALL_RAW within {timeout} s; is the Pico "
                                "flashed for the hall bed (`companion flash --bed hall`)?")
        with link._lock:
            return list(self.counts), list(self.zero)

    def zero_bed(self, limit: int, timeout: float = 1.0) -> int:
        """Ask for the empty-bed zero; the mask of squares that refused it (0: taken)."""
        link = self.link
        with link._lock:
            self._zero_event.clear()
            link._send("HALL_ZERO", {"limit": int(limit)})
        if not self._zero_event.wait(timeout):
            raise HardwareError(f"bridge {link.port}: no answer to HALL_ZERO within {timeout} s")
        return self.zero_busy

    def set_calibration(self, cal: dict | None) -> None:
        """Per-square zero, register and clear (counts): sent now and after every HELLO."""
        link = self.link
        with link._lock:
            self.cal = None if cal is None else {k: [int(x) for x in cal[k]]
                                                 for k in ("zero", "register", "clear")}
            self.cal_acked.clear()
            if self.cal is not None and link._ser is not None and not link._awaiting_hello:
                self._send_cal()

    # ------------------------------------------------------------------ the link's hooks
    def on_hello(self) -> None:
        if self.cal is not None:
            self._send_cal()

    def periodic(self, now: float) -> None:
        if self._pending and now - self._sent_at > self.link.ack_timeout:
            self.link.stats.retransmits += 1
            self._send_cal()

    def _send_cal(self) -> None:
        self._pending = True
        self._sent_at = time.monotonic()
        self.link._send("HALL_CAL", self.cal)

    def _on_raw(self, v: dict) -> None:
        self.counts, self.zero = v["counts"], v["zero"]
        self._raw_event.set()

    def _on_zero_done(self, v: dict) -> None:
        self.zero_busy = v["busy"]
        self._zero_event.set()

    def _on_cal_echo(self, v: dict) -> None:
        link = self.link
        # Only the echo of the table in flight counts (its CRC); a refusal is said once.
        if not self._pending or v["crc"] != crc16(M.encode("HALL_CAL", self.cal)):
            link.stats.stale_echoes += 1
            return
        self._pending = False
        if v["status"] != M.CAL_OK:
            link._events.append(DeviceEvent("warning", link.name, f"{link.port}: the Pico refused "
                                            "the hall calibration; run `companion calibrate`"))
            return
        self.cal_acked.set()


def calibration_path(state_dir, port: str):
    """Where one board's calibration is kept: by its stable port name, which carries the Pico's
    serial number (/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e661...-if00)."""
    return Path(state_dir) / "hall-calibration" / (Path(port).name + ".json")


def load_calibration(path) -> dict | None:
    """The stored calibration, None if there is none yet; a damaged file is a one-line error."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise HardwareError(f"{path}: unreadable hall calibration ({exc}); "
                            "run `companion calibrate` again") from None
    try:
        cal = {k: [int(x) for x in data[k]] for k in ("zero", "register", "clear")}
        ok = all(len(v) == M.SQUARES for v in cal.values()) and all(
            0 <= cal["zero"][sq] < 4096 and 0 < cal["clear"][sq] < cal["register"][sq] < 4096
            for sq in range(M.SQUARES))
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise HardwareError(f"{path}: not a hall calibration (36 zero, register and clear counts, "
                            "0 < clear < register); run `companion calibrate` again")
    return cal


def save_calibration(path, cal: dict) -> None:
    """Written whole to a temporary file and renamed: a power cut leaves the old one or the new."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(cal, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
