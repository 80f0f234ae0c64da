"""The host end of the serial link to the Pico (or to the emulator's pty).

One reader thread owns the port: it decodes frames, answers to resets and silence, pings,
retransmits unacknowledged LED frames and CONFIG, and reopens the port (same stable path, e.g.
/dev/serial/by-id/...) after the cable was pulled. Callers only read snapshots and queue frames.
"""
from __future__ import annotations

import collections
import functools
import os
import threading
import time

from hardware.interfaces import COLS, ROWS, DeviceEvent, HardwareError

from ..firmware import messages as M
from ..firmware.framing import Deframer, encode_frame
from .hall_link import HallChannel

HALL_DEBOUNCE_MS = 8   # 2 scans at the default 250 scans/s

# A firmware flashed for the other bed: refused like another protocol version (PROTOCOL.md).
_WRONG_BED = {
    "reed": "firmware scans a hall-effect bed, this host's bed is reed switches; refused: run "
            "`companion flash --bed reed`, or set bed = \"hall\" in the [reed] section",
    "hall": "firmware scans reed switches, this host's bed is hall-effect sensors; refused: run "
            "`companion flash --bed hall`, or drop bed = \"hall\" from the [reed] section",
}


class LinkStats:
    __slots__ = ("frames_rx", "frames_tx", "crc_errors", "cobs_errors", "oversize", "bad_messages",
                 "retransmits", "resets", "reconnects", "offline", "snapshot_gaps", "acks",
                 "internal_errors", "stale_echoes", "refused_hellos")

    def __init__(self) -> None:
        for k in self.__slots__:
            setattr(self, k, 0)

    def as_dict(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.__slots__}


class BridgeLink:
    def __init__(self, port: str, *, baud: int = 115200, config: dict | None = None,
                 ping_interval: float = 0.5, ack_timeout: float = 0.15,
                 offline_after: float = 1.0, reconnect_interval: float = 0.25,
                 handshake_timeout: float = 3.0, expect_fw_hash: bytes | None = None,
                 name: str = "bridge", bed: str = "reed") -> None:
        if bed not in ("reed", "hall"):
            raise HardwareError(f"bridge {port}: bed {bed!r}: use \"reed\" or \"hall\"")
        self.port = str(port)
        self.bed = bed
        self.baud = int(baud)
        self.name = name
        self.ping_interval = ping_interval
        self.ack_timeout = ack_timeout
        self.offline_after = offline_after
        self.reconnect_interval = reconnect_interval
        self.handshake_timeout = handshake_timeout
        self.expect_fw_hash = expect_fw_hash
        self.config = dict(M.DEFAULT_CONFIG)
        if bed == "hall":
            # A hall sensor does not bounce like a reed contact, and each reading already
            # averages 16 conversions: two agreeing scans are enough (the referee's settle time
            # still waits for the hand to let go).
            self.config["debounce_ms"] = HALL_DEBOUNCE_MS
        for k, v in (config or {}).items():
            if k not in self.config:
                raise HardwareError(f"bridge {self.port}: unknown config key {k!r}; "
                                    f"use one of {', '.join(sorted(self.config))}")
            self.config[k] = int(v)
        self.stats = LinkStats()
        self.deframer = Deframer()
        self._lock = threading.RLock()
        self._wlock = threading.Lock()
        self._events: collections.deque[DeviceEvent] = collections.deque()
        self._ser = None
        self._thread: threading.Thread | None = None
        self._running = False
        self._closed = False
        # device state as last seen
        self.hello: dict | None = None
        self.boot_id: int | None = None
        self.occupancy = 0
        self.south = 0          # the hall bed: squares read south down (a cat)
        self.ambiguous = 0      # and squares read in the dead band (the referee asks)
        # the hall-effect bed's readings, zero and calibration (None for reeds)
        self.hall = HallChannel(self) if bed == "hall" else None
        # Message handlers by name (Klipper's way): each takes the decoded values.
        self._handlers = {"SNAPSHOT": functools.partial(self._on_snapshot, "SNAPSHOT"),
                          "HALL_SNAPSHOT": functools.partial(self._on_snapshot, "HALL_SNAPSHOT"),
                          "LEDS_ACK": self._on_ack, "RAW": self._on_raw, "PONG": self._on_pong,
                          "CONFIG_ECHO": self._on_config_echo}
        if self.hall is not None:
            self._handlers.update(self.hall.handlers)
        self.snapshot_seq: int | None = None
        self.snapshot_time = 0.0
        self.raw: int | None = None
        self.flips: list[int] | None = None
        self.config_echo: dict | None = None
        self.online = False
        self._awaiting_hello = True
        self._got_snapshot = threading.Event()
        self._hello_event = threading.Event()
        self.refused: str | None = None  # why the last HELLO was refused (version, grid size)
        self._refused_event = threading.Event()
        self._last_rx = 0.0
        self._last_ping = 0.0
        self._last_sync = 0.0
        self._next_reconnect = 0.0
        self._lent = False   # the port is lent to `companion flash` (lend())
        self._nonce = 0
        self._ping_sent: dict[int, float] = {}
        self.rtts: collections.deque[float] = collections.deque(maxlen=1000)
        # LED frames: the latest wanted frame is sent until acknowledged
        self._led_seq = 0
        self._led_cells: bytes | None = None
        self._led_pending: tuple[int, bytes] | None = None  # (seq, encoded frame)
        self._led_sent_at = 0.0
        self._led_acked_cells: bytes | None = None
        self.on_ack = None  # optional callback(seq, perf_counter) for benchmarks
        self.on_snapshot = None  # optional callback(occupancy, perf_counter)
        self.waker = None  # called by the reader when the bed or the events changed (issue 47)
        self._config_pending = False
        self._config_sent_at = 0.0
        self._warned_hash = False

    # ------------------------------------------------------------------ lifecycle
    def open(self) -> "BridgeLink":
        try:
            import serial  # noqa: F401  (pyserial, the `hw` extra)
        except ImportError as exc:
            raise HardwareError(f"bridge {self.port}: pyserial is not installed; "
                                "pip install 'maunz-companion[hw]'") from exc
        if not os.path.exists(self.port):
            raise HardwareError(f"bridge: serial port {self.port} does not exist; plug in the Pico "
                                "or set the bridge port to its /dev/serial/by-id/... path")
        self._open_serial(raise_errors=True)
        self._running = True
        self._thread = threading.Thread(target=self._run, name=f"BridgeLink {self.port}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + self.handshake_timeout
        while not self._got_snapshot.is_set() and not self._refused_event.is_set():
            if time.monotonic() >= deadline:
                break
            self._got_snapshot.wait(0.02)
        if self.refused is not None and not self._got_snapshot.is_set():
            why = self.refused
            self.close()
            raise HardwareError(f"bridge {self.port}: {why}")
        if not self._got_snapshot.is_set():
            hello = self._hello_event.is_set()
            self.close()
            if hello:
                raise HardwareError(f"bridge {self.port}: HELLO but no SNAPSHOT within "
                                    f"{self.handshake_timeout} s; reflash with `companion flash`")
            raise HardwareError(f"bridge {self.port}: no HELLO from the Pico within "
                                f"{self.handshake_timeout} s; is the bridge firmware flashed? "
                                "run `companion flash`")
        with self._lock:
            if self.hello and self.hello["version"] != M.PROTOCOL_VERSION:
                v = self.hello["version"]
                self.close()
                raise HardwareError(f"bridge {self.port}: firmware speaks protocol v{v}, this host "
                                    f"v{M.PROTOCOL_VERSION}; run `companion flash`")
        return self

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._running = False
        if self._thread and self._thread is not threading.current_thread():
            self._thread.join(2)
        with self._lock:
            self._close_serial()

    def _open_serial(self, raise_errors: bool = False) -> bool:
        import serial

        try:
            ser = serial.Serial(self.port, self.baud, timeout=min(0.05, self.ack_timeout / 3),  # a byte ends
                                write_timeout=0.5, exclusive=True)  # the wait: it only paces timed duties
        except (serial.SerialException, OSError, ValueError) as exc:
            if raise_errors:
                raise HardwareError(f"bridge: cannot open {self.port}: {exc}; check the cable and "
                                    "that no other program (mpremote, a serial monitor) holds it") from exc
            return False
        with self._lock:
            self._ser = ser
            self.deframer.buf[:] = b""
            self.deframer.overflow = False
            self._awaiting_hello = True
            # A leading delimiter ends whatever half frame the device had buffered.
            self._write(b"\x00" + encode_frame(M.encode("SYNC")))
            self._last_sync = time.monotonic()
        return True

    def _close_serial(self) -> None:
        if self._ser is not None:
            try:
                self._ser.close()
            except Exception:  # noqa: BLE001 - closing a dead port may fail in many ways
                pass
            self._ser = None

    # ------------------------------------------------------------------ caller API
    def drain_events(self) -> list[DeviceEvent]:
        with self._lock:
            out = list(self._events)
            self._events.clear()
            return out

    def send_leds(self, cells: bytes) -> None:
        """Show these LEDS cells; retransmitted until the device acknowledges them."""
        with self._lock:
            if cells == self._led_cells:
                return
            self._led_cells = cells
            self._send_leds_locked()

    def update_config(self, values: dict) -> None:
        """Change device settings (CONFIG fields); sent now and verified by the echo."""
        with self._lock:
            new = dict(self.config, **{k: int(v) for k, v in values.items()})
            if new != self.config:
                self.config = new
                if self._ser is not None and not self._awaiting_hello:
                    self._send_config_locked()

    def request_raw(self) -> None:
        with self._lock:
            self._send("RAW_REQ")

    def ping(self) -> None:
        with self._lock:
            self._ping_locked(time.monotonic())

    @property
    def led_pending(self) -> bool:
        return self._led_pending is not None

    # ------------------------------------------------------------------ sending
    def _write(self, data: bytes) -> None:
        ser = self._ser
        if ser is None:
            return
        try:
            with self._wlock:
                ser.write(data)
            self.stats.frames_tx += 1
        except Exception as exc:  # noqa: BLE001 - SerialException, OSError, timeouts
            self._lost(f"write failed: {exc}")

    def _send(self, name: str, values: dict | None = None) -> None:
        self._write(encode_frame(M.encode(name, values)))

    def _send_leds_locked(self) -> None:
        self._led_seq = (self._led_seq + 1) & 0xFFFF
        frame = encode_frame(M.encode("LEDS", {"seq": self._led_seq, "cells": self._led_cells}))
        self._led_pending = (self._led_seq, frame)
        self._led_sent_at = time.monotonic()
        self._write(frame)

    def _send_config_locked(self) -> None:
        self._config_pending = True
        self._config_sent_at = time.monotonic()
        self._send("CONFIG", self.config)

    def _ping_locked(self, now: float) -> None:
        self._nonce = (self._nonce + 1) & 0xFFFF
        self._ping_sent[self._nonce] = time.perf_counter()
        if len(self._ping_sent) > 64:
            self._ping_sent.pop(next(iter(self._ping_sent)))
        self._last_ping = now
        self._send("PING", {"nonce": self._nonce})

    # ------------------------------------------------------------------ the reader thread
    def _run(self) -> None:
        while self._running:
            ser = self._ser
            if ser is None:
                now = time.monotonic()
                if now >= self._next_reconnect and not self._lent:
                    self._next_reconnect = now + self.reconnect_interval
                    if os.path.exists(self.port) and self._open_serial():
                        with self._lock:
                            self.stats.reconnects += 1
                        continue
                time.sleep(min(0.02, self.reconnect_interval))
                continue
            before = (self.occupancy, self.south, self.ambiguous, len(self._events))
            try:
                data = ser.read(max(1, ser.in_waiting))
            except Exception as exc:  # noqa: BLE001 - pyserial raises SerialException/OSError/TypeError
                with self._lock:
                    self._lost(f"read failed: {exc}")
                data = b""   # (the port is closed: nothing periodic; the "offline" wakes the loop)
            with self._lock:
                try:
                    if data:
                        self._receive(data)
                    self._periodic(time.monotonic())
                except Exception as exc:  # noqa: BLE001 - the reader thread must never die
                    self.stats.internal_errors += 1
                    self._events.append(DeviceEvent("warning", self.name,
                                                    f"{self.port}: link error {exc!r}"))
                news = (self.occupancy, self.south, self.ambiguous, len(self._events))
            if news != before and self.waker is not None:
                self.waker()   # what the service reads changed: its sleeping loop polls now

    def lend(self, lent: bool) -> None:
        """Let go of the port while the Pico is flashed from the table (True); take it again (False)."""
        with self._lock:
            self._lent = lent
            if lent:
                self._lost("the Pico is being flashed")
            else:
                self._next_reconnect = 0.0

    def _lost(self, why: str) -> None:
        """The port failed (cable pulled): close it, report offline, retry from the thread."""
        with self._lock:
            self._close_serial()
            self._next_reconnect = time.monotonic() + self.reconnect_interval
            self._set_offline(why)

    def _set_offline(self, why: str) -> None:
        if self.online:
            self.online = False
            self.stats.offline += 1
            self._events.append(DeviceEvent("offline", self.name, f"{self.port}: {why}"))
        self._awaiting_hello = True

    def _receive(self, data: bytes) -> None:
        d = self.deframer
        before = (d.crc_errors, d.cobs_errors, d.oversize)
        payloads = d.feed(data)
        self.stats.crc_errors += d.crc_errors - before[0]
        self.stats.cobs_errors += d.cobs_errors - before[1]
        self.stats.oversize += d.oversize - before[2]
        for payload in payloads:
            try:
                name, values = M.decode(payload)
            except ValueError:
                self.stats.bad_messages += 1
                continue
            if M.BY_NAME[name].direction != M.TO_HOST:
                self.stats.bad_messages += 1
                continue
            self.stats.frames_rx += 1
            self._last_rx = time.monotonic()
            self._handle(name, values)

    def _handle(self, name: str, v: dict) -> None:
        if name == "HELLO":
            self._on_hello(v)
            return
        if self._awaiting_hello:
            # After a (re)connect or silence, nothing counts until HELLO says which boot it is.
            return
        handler = self._handlers.get(name)
        if handler is None:   # a message of the other bed's (a hall RAW to a reed host)
            self.stats.bad_messages += 1
            return
        handler(v)

    def _on_snapshot(self, name: str, v: dict) -> None:
        if (name == "HALL_SNAPSHOT") != (self.bed == "hall"):
            self._refuse(_WRONG_BED[self.bed])
            return
        if self.snapshot_seq is not None and v["seq"] != ((self.snapshot_seq + 1) & 0xFFFF):
            # A lost frame, or a reboot whose HELLO was lost: ask which boot this is
            # before trusting occupancy again.
            self.stats.snapshot_gaps += 1
            self.snapshot_seq = None
            self._awaiting_hello = True
            self._last_sync = time.monotonic()
            self._send("SYNC")
            return
        self.snapshot_seq = v["seq"]
        self.occupancy = v["occupancy"]
        self.south = v.get("south", 0)
        self.ambiguous = v.get("ambiguous", 0)
        self.snapshot_time = time.monotonic()
        if self.on_snapshot:
            self.on_snapshot(v["occupancy"], time.perf_counter())
        self._got_snapshot.set()

    def _on_ack(self, v: dict) -> None:
        if self._led_pending and v["seq"] == self._led_pending[0]:
            self._led_pending = None
            self._led_acked_cells = self._led_cells
            self.stats.acks += 1
            if self.on_ack:
                self.on_ack(v["seq"], time.perf_counter())

    def _on_raw(self, v: dict) -> None:
        self.raw = v["raw"]
        self.flips = v["flips"]

    def _on_pong(self, v: dict) -> None:
        sent = self._ping_sent.pop(v["nonce"], None)
        if sent is not None:
            self.rtts.append(time.perf_counter() - sent)

    def _on_config_echo(self, v: dict) -> None:
        echo = {k: v[k] for k, _ in M.CONFIG_FIELDS}
        # The answer to the CONFIG in flight is our config, clamped to the device's limits and
        # nothing else; any other echo is stale (a replay, an answer to an older CONFIG) and is
        # not believed: the CONFIG is retransmitted until the right answer comes.
        expected = {k: min(max(self.config[k], M.CONFIG_LIMITS[k][0]), M.CONFIG_LIMITS[k][1])
                    for k in echo}
        clamped = expected != self.config
        if (not self._config_pending or echo != expected
                or v["status"] != (M.CONFIG_CLAMPED if clamped else M.CONFIG_OK)):
            self.stats.stale_echoes += 1
            return
        self._config_pending = False
        self.config_echo = echo
        if clamped:
            diff = ", ".join(f"{k}={self.config[k]}->{echo[k]}" for k in echo if echo[k] != self.config[k])
            self._events.append(DeviceEvent("warning", self.name,
                                            f"{self.port}: device clamped config: {diff}"))
            self.config = echo  # what the device really runs with

    def _refuse(self, why: str) -> None:
        """A device this host must not trust (PROTOCOL.md: another protocol version, another grid):
        ignore its snapshots and acks, report it offline (the referee pauses) and keep asking
        for a HELLO until the right device says hello."""
        self.stats.refused_hellos += 1
        self._awaiting_hello = True
        self.snapshot_seq = None
        if why != self.refused:
            self._events.append(DeviceEvent("warning", self.name, f"{self.port}: {why}"))
        self.refused = why
        self._refused_event.set()
        self._set_offline(why)

    def _on_hello(self, v: dict) -> None:
        self.hello = v
        self._hello_event.set()
        if v["version"] != M.PROTOCOL_VERSION:
            self._refuse(f"firmware speaks protocol v{v['version']}, this host v{M.PROTOCOL_VERSION};"
                         " refused until it is reflashed: run `companion flash`")
            return
        if (v["rows"], v["cols"]) != (ROWS, COLS):
            self._refuse(f"firmware scans a grid of {v['rows']}x{v['cols']}, this board is {ROWS}x{COLS};"
                         " refused: flash the firmware built for this board with `companion flash`")
            return
        self.refused = None
        self._refused_event.clear()
        if self.expect_fw_hash and v["fw_hash"] != self.expect_fw_hash and not self._warned_hash:
            self._warned_hash = True
            self._events.append(DeviceEvent("warning", self.name, f"{self.port}: firmware "
                                            f"{v['fw_hash'].hex()} differs from this checkout's "
                                            f"{self.expect_fw_hash.hex()}; run `companion flash`"))
        if self.boot_id is not None and v["boot_id"] != self.boot_id:
            self.stats.resets += 1
            self._events.append(DeviceEvent("reset", self.name, f"{self.port}: boot id "
                                            f"{self.boot_id:08x} -> {v['boot_id']:08x}, "
                                            f"reset cause {v['reset_cause']}"))
            self.snapshot_seq = None
        self.boot_id = v["boot_id"]
        self._awaiting_hello = False
        if not self.online:
            was_known = self.stats.offline > 0
            self.online = True
            if was_known:
                self._events.append(DeviceEvent("online", self.name, self.port))
        # Resync: the device may have rebooted with defaults; make it ours again.
        self._send_config_locked()
        if self.hall is not None:
            self.hall.on_hello()
        if self._led_cells is not None:
            self._send_leds_locked()

    def _periodic(self, now: float) -> None:
        if self._ser is None:
            return
        if self.online and now - self._last_rx > self.offline_after:
            self._set_offline(f"silent for {now - self._last_rx:.1f} s")
        if self._awaiting_hello:
            if now - self._last_sync > max(self.ack_timeout * 2, 0.05):
                self._last_sync = now
                self._send("SYNC")
            return
        if now - self._last_ping >= self.ping_interval:
            self._ping_locked(now)
        if self._led_pending and now - self._led_sent_at > self.ack_timeout:
            self.stats.retransmits += 1
            self._led_sent_at = now
            self._write(self._led_pending[1])
        if self._config_pending and now - self._config_sent_at > self.ack_timeout:
            self.stats.retransmits += 1
            self._send_config_locked()
        if self.hall is not None:
            self.hall.periodic(now)
