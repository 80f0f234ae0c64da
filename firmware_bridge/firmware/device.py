# The firmware's state machine, free of hardware: the Pico's main loop (board.py) and the
# emulator (firmware_bridge/emulator.py) both drive THIS class with bytes, scans and clock ticks
# (monotonic integer milliseconds) and send whatever frames it queues.
# Pure module: runs under CPython and MicroPython.
from . import messages as M
from .framing import Deframer, encode_frame
from .debounce import Debouncer, scans_needed
from . import effects


class Device:
    def __init__(self, boot_id, fw_hash, reset_cause, now_ms):
        self.boot_id = boot_id & 0xFFFFFFFF
        self.fw_hash = bytes(fw_hash)[:8] + bytes(8 - len(bytes(fw_hash)[:8]))
        self.reset_cause = reset_cause
        self.boot_ms = now_ms
        self.config = dict(M.DEFAULT_CONFIG)
        self.debouncer = Debouncer(M.SQUARES, self._need())
        self.deframer = Deframer()
        self.out = []  # queued (message name, frame bytes)
        self.cells = bytes(M.SQUARES * M.CELL_BYTES)
        self.led_seq = -1
        self.leds_applied = 0  # frames applied (duplicates are re-acked, not re-applied)
        self.last_host_ms = None  # never heard from the host: offline until it talks
        self.snap_seq = 0
        self.last_snapshot_ms = now_ms
        self.last_raw_ms = now_ms
        self.stop_requested = False
        self.bad_frames = 0
        self._send_hello()

    # ------------------------------------------------------------------ helpers
    def _need(self):
        return scans_needed(self.config["debounce_ms"], self.config["scan_hz"])

    def _send(self, name, values=None):
        self.out.append((name, encode_frame(M.encode(name, values))))

    def _send_hello(self):
        self._send("HELLO", {
            "version": M.PROTOCOL_VERSION, "fw_hash": self.fw_hash, "boot_id": self.boot_id,
            "reset_cause": self.reset_cause, "rows": M.ROWS, "cols": M.COLS})

    def _send_snapshot(self, reason, now_ms):
        self.snap_seq = (self.snap_seq + 1) & 0xFFFF
        self.last_snapshot_ms = now_ms
        self._send("SNAPSHOT", {"seq": self.snap_seq, "occupancy": self.debouncer.state,
                                "reason": reason})

    def _send_raw(self, now_ms):
        self.last_raw_ms = now_ms
        d = self.debouncer
        self._send("RAW", {"raw": d.raw, "scans": d.scans & 0xFFFFFFFF, "flips": d.flips})

    def take(self):
        """The queued (name, frame bytes) list, emptied."""
        out = self.out
        self.out = []
        return out

    def scan_period_us(self):
        return 1000000 // self.config["scan_hz"]

    def host_online(self, now_ms):
        return (self.last_host_ms is not None
                and now_ms - self.last_host_ms <= self.config["offline_ms"])

    # ------------------------------------------------------------------ inputs
    def feed(self, data, now_ms):
        """Bytes from the host."""
        for payload in self.deframer.feed(data):
            try:
                name, values = M.decode(payload)
            except ValueError:
                self.bad_frames += 1
                continue
            if M.BY_NAME[name].direction != M.TO_DEVICE:
                self.bad_frames += 1
                continue
            self.last_host_ms = now_ms
            self._handle(name, values, now_ms)

    def _handle(self, name, v, now_ms):
        if name == "LEDS":
            if v["seq"] != self.led_seq:
                self.cells = v["cells"]
                self.led_seq = v["seq"]
                self.leds_applied += 1
            self._send("LEDS_ACK", {"seq": v["seq"]})
        elif name == "PING":
            self._send("PONG", {"nonce": v["nonce"], "uptime_ms": (now_ms - self.boot_ms) & 0xFFFFFFFF})
        elif name == "SYNC":
            self._send_hello()
            self._send_snapshot(M.REASON_REQUEST, now_ms)
        elif name == "CONFIG":
            applied, status = M.clamp_config(v)
            self.config = applied
            self.debouncer.set_need(self._need())
            echo = dict(applied)
            echo["status"] = status
            self._send("CONFIG_ECHO", echo)
        elif name == "RAW_REQ":
            self._send_raw(now_ms)
        elif name == "STOP":
            self.stop_requested = True

    def scan(self, raw_mask, now_ms):
        """One matrix scan (raw occupancy bitmask)."""
        if self.debouncer.step(raw_mask):
            self._send_snapshot(M.REASON_CHANGE, now_ms)

    def tick(self, now_ms):
        """Clock: heartbeats and periodic RAW."""
        if now_ms - self.last_snapshot_ms >= self.config["heartbeat_ms"]:
            self._send_snapshot(M.REASON_HEARTBEAT, now_ms)
        raw_ms = self.config["raw_ms"]
        if raw_ms and now_ms - self.last_raw_ms >= raw_ms:
            self._send_raw(now_ms)

    # ------------------------------------------------------------------ outputs
    def pixels(self, now_ms, out=None):
        """RGB bytes for the 36 LEDs now: the host's frame, or the offline pattern."""
        cells = self.cells if self.host_online(now_ms) else effects.OFFLINE_CELLS
        return effects.render(cells, now_ms, self.config["brightness"], out)
