"""ReedGrid and LedGrid over the bridge link. The hardware factory calls make_reed_grid(cfg) and
make_led_grid(cfg) when a config says ``backend = "bridge"``; both share one BridgeLink per port.

cfg keys (all but ``port`` optional):
  port        stable serial path, e.g. /dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_...-if00
  baudrate    ignored by USB CDC, kept for real UARTs (default 115200; `baud` also accepted)
  debounce    consecutive agreeing scans (as for the GPIO backends)  | or debounce_ms
  scan_hz     matrix scans per second on the Pico (default 250)
  brightness  LED cap, 0.0..1.0 (or an int 0..255)
  heartbeat_ms, offline_ms, raw_ms   device timing (see PROTOCOL.md)
  ping_interval, ack_timeout, offline_after, reconnect_interval, handshake_timeout  host timing, s
  bed         (reed section) "reed" (default) or "hall": the Pico flashed for the hall-effect bed
  calibration (reed section, hall bed) the file `companion calibrate` wrote for this board
"""
from __future__ import annotations

import threading
from dataclasses import replace

from hardware.interfaces import (DeviceEvent, Effect, HardwareError, LedFrame, LedGrid, ReedGrid,
                                 SQUARES)

from ..firmware import messages as M
from ..firmware.hall import COUNTS_PER_MT
from .. import fwinfo
from .hall_link import load_calibration
from .link import BridgeLink
from hardware.leds import estimated_current_ma

EFFECT_CODES = {Effect.OFF: M.OFF, Effect.STEADY: M.STEADY, Effect.BLINK: M.BLINK,
                Effect.PULSE: M.PULSE}
_HOST_KEYS = ("ping_interval", "ack_timeout", "offline_after", "reconnect_interval",
              "handshake_timeout")
# Keys the hardware factory allows for other reed/LED backends; meaningless for the bridge
# (the Pico animates at its own rate and caps brightness itself; the current cap is applied by
# BridgeLedGrid on the host, where the whole frame is known).
_IGNORED = ("backend", "settle_us", "pin_factory", "fps", "max_current_ma")
_BED_KEYS = ("bed", "calibration")
DEFAULT_MAX_CURRENT_MA = 1500.0

_registry: dict[str, tuple[BridgeLink, int]] = {}
_registry_lock = threading.Lock()


def _device_config(cfg: dict, where: str) -> dict:
    out = {}
    scan_hz = cfg.get("scan_hz", M.DEFAULT_CONFIG["scan_hz"])
    try:
        if "scan_hz" in cfg:
            out["scan_hz"] = int(scan_hz)
        if "debounce_ms" in cfg:
            out["debounce_ms"] = int(cfg["debounce_ms"])
        elif "debounce" in cfg:
            # scans -> milliseconds at the configured scan rate (rounded up)
            out["debounce_ms"] = -(-int(cfg["debounce"]) * 1000 // int(scan_hz))
        if "brightness" in cfg:
            b = cfg["brightness"]
            # a fraction like the other LED backends (1 or 1.0 = full); integers > 1 are 0..255
            out["brightness"] = round(float(b) * 255) if float(b) <= 1 else int(b)
        for k in ("heartbeat_ms", "offline_ms", "raw_ms"):
            if k in cfg:
                out[k] = int(cfg[k])
    except (TypeError, ValueError) as exc:
        raise HardwareError(f"{where}: bad value in bridge config ({exc}); use numbers") from exc
    for k, v in out.items():
        lo, hi = M.CONFIG_LIMITS[k]
        if not lo <= v <= hi:
            raise HardwareError(f"{where}: bridge {k} = {v} is out of range; use {lo}..{hi}")
    return out


def encode_frame_cells(frame: LedFrame) -> bytes:
    return M.pack_cells([c.color + (EFFECT_CODES[c.effect],) for c in frame.cells])


def acquire_link(cfg: dict) -> BridgeLink:
    port = cfg.get("port")
    if not port:
        raise HardwareError("bridge backend needs `port`: set it to the Pico's stable path, "
                            "e.g. /dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_...-if00")
    port = str(port)
    known = (set(M.DEFAULT_CONFIG) | set(_HOST_KEYS) | {"port", "baud", "baudrate", "debounce"}
             | set(_IGNORED) | set(_BED_KEYS))
    unknown = sorted(set(cfg) - known)
    if unknown:
        raise HardwareError(f"bridge {port}: unknown config key(s) {', '.join(unknown)}; "
                            f"known: {', '.join(sorted(known - set(_IGNORED)))}")
    with _registry_lock:
        device_config = _device_config(cfg, f"bridge {port}")
        if port in _registry:
            # The reed and LED sections share the link; each brings its own device settings.
            link, refs = _registry[port]
            if "bed" in cfg and cfg["bed"] != link.bed:
                raise HardwareError(f"bridge {port}: bed {cfg['bed']!r} here, {link.bed!r} in the "
                                    "other section of the same Pico; say it once, in [reed]")
            link.update_config(device_config)
            _registry[port] = (link, refs + 1)
            return link
        kwargs = {k: float(cfg[k]) for k in _HOST_KEYS if k in cfg}
        link = BridgeLink(port, baud=int(cfg.get("baudrate", cfg.get("baud", 115200))),
                          config=device_config,
                          expect_fw_hash=fwinfo.firmware_hash(), bed=str(cfg.get("bed", "reed")),
                          **kwargs)
        if link.hall is not None and cfg.get("calibration"):
            cal = load_calibration(cfg["calibration"])
            if cal is not None:
                link.hall.set_calibration(cal)
        link.open()
        _registry[port] = (link, 1)
        return link


def open_links() -> list[BridgeLink]:
    """The links the service's devices hold now (lent to a flash from the table)."""
    with _registry_lock:
        return [link for link, _refs in _registry.values()]


def release_link(link: BridgeLink) -> None:
    with _registry_lock:
        entry = _registry.get(link.port)
        if entry is None or entry[0] is not link:
            link.close()
            return
        refs = entry[1] - 1
        if refs <= 0:
            del _registry[link.port]
            link.close()
        else:
            _registry[link.port] = (link, refs)


class BridgeReedGrid(ReedGrid):
    def __init__(self, link: BridgeLink) -> None:
        self.link = link
        self._closed = False

    def poll(self) -> int:
        return self.link.occupancy

    def set_waker(self, wake) -> None:
        """The link's reader thread wakes the loop when a SNAPSHOT changed the bed (or an event
        came): the Pico debounces and sends, so the host never polls the bed."""
        self.link.waker = wake

    def raw(self) -> int:
        """The last RAW the device sent (asks for a fresh one for next time)."""
        self.link.request_raw()
        return self.link.raw if self.link.raw is not None else self.link.occupancy

    def kinds(self) -> tuple[int, int] | None:
        link = self.link
        return None if link.hall is None else (link.south, link.ambiguous)

    def fields_mt(self) -> list[float] | None:
        if self.link.hall is None:
            return None
        counts, zero = self.link.hall.raw()
        return [(c - z) / COUNTS_PER_MT for c, z in zip(counts, zero)]

    def drain_events(self) -> list[DeviceEvent]:
        return self.link.drain_events()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            release_link(self.link)


class BridgeLedGrid(LedGrid):
    def __init__(self, link: BridgeLink, max_current_ma: float | None = DEFAULT_MAX_CURRENT_MA) -> None:
        self.link = link
        self.max_current_ma = max_current_ma
        self._closed = False

    def show(self, frame: LedFrame) -> None:
        if len(frame.cells) != SQUARES:
            raise ValueError(f"LedFrame needs {SQUARES} cells")
        self.link.send_leds(encode_frame_cells(self._capped(frame)))

    def _capped(self, frame: LedFrame) -> LedFrame:
        """Scale the colours so the frame at its brightest moment (every blink on, every pulse at
        its peak) stays under the current cap after the device's brightness: the LED supply is
        sized for the cap, and the Pico animates without asking the host."""
        if self.max_current_ma is None:
            return frame
        brightness = self.link.config.get("brightness", 255) / 255.0
        worst = estimated_current_ma([c.color for c in frame.cells]) * brightness
        if worst <= self.max_current_ma:
            return frame
        k = self.max_current_ma / worst
        return LedFrame(tuple(replace(c, color=tuple(int(v * k) for v in c.color))
                              for c in frame.cells))

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.link.send_leds(bytes(M.SQUARES * M.CELL_BYTES))
            release_link(self.link)


def make_reed_grid(cfg: dict) -> BridgeReedGrid:
    return BridgeReedGrid(acquire_link(cfg))


def make_led_grid(cfg: dict) -> BridgeLedGrid:
    cap = cfg.get("max_current_ma", DEFAULT_MAX_CURRENT_MA)
    if cap is not None and (not isinstance(cap, (int, float)) or cap <= 0):
        raise HardwareError(f"bridge max_current_ma {cap!r}: must be a positive number of mA")
    return BridgeLedGrid(acquire_link(cfg), None if cap is None else float(cap))
