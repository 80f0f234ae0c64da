# The firmware's state machine, free of hardware: the Pico's main loop (board.py) and the
# emulator (firmware_bridge/emulator.py) both drive THIS class with bytes, scans and clock ticks
# (monotonic integer milliseconds) and send whatever frames it queues.
# Pure module: runs under CPython and MicroPython.
from . import messages as M
from .framing import Deframer, encode_frame
from .debounce import Debouncer, scans_needed
from . import effects
from .crc import crc16
from .hall import HallSquares


class Device:
    """`hall`: None for the reed matrix, or (register, clear) default thresholds in ADC counts for
    the hall-effect bed, whose scans are 36 averaged ADC readings and whose snapshots carry kinds."""

    def __init__(self, boot_id, fw_hash, reset_cause, now_ms, hall=None):
        self.boot_id = boot_id & 0xFFFFFFFF
        self.fw_hash = bytes(fw_hash)[:8] + bytes(8 - len(bytes(fw_hash)[:8]))
        self.reset_cause = reset_cause
        self.boot_ms = now_ms
        self.config = dict(M.DEFAULT_CONFIG)
        self.hall = None if hall is None else HallSquares(M.SQUARES, hall[0], hall[1])
        # The hall bed debounces its typed state as one 108-bit mask: occupied, south, ambiguous.
        self.debouncer = Debouncer(M.SQUARES * (1 if hall is None else 3), self._need())
        self.counts = [2048] * M.SQUARES   # the hall bed's last averaged readings
        self.zeroed = False
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
        # The boot HELLO opens with a delimiter: whatever the line carried before this boot (the
        # REPL still printing, MicroPython's "soft reboot") ends there instead of being glued to
        # the HELLO's first block, which the host would then throw away as one bad frame.
        name, frame = self.out[0]
        self.out[0] = (name, b"\x00" + frame)

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
        state = self.debouncer.state
        if self.hall is None:
            self._send("SNAPSHOT", {"seq": self.snap_seq, "occupancy": state, "reason": reason})
            return
        full = (1 << M.SQUARES) - 1
        self._send("HALL_SNAPSHOT", {
            "seq": self.snap_seq, "occupancy": state & full, "south": (state >> M.SQUARES) & full,
            "ambiguous": (state >> (2 * M.SQUARES)) & full, "reason": reason})

    def _send_raw(self, now_ms):
        self.last_raw_ms = now_ms
        d = self.debouncer
        if self.hall is None:
            self._send("RAW", {"raw": d.raw, "scans": d.scans & 0xFFFFFFFF, "flips": d.flips})
            return
        self._send("HALL_RAW", {"counts": [int(c) & 0xFFFF for c in self.counts],
                                "zero": [int(z) & 0xFFFF for z in self.hall.zero],
                                "scans": d.scans & 0xFFFFFFFF})

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
        elif self.hall is not None:
            self._handle_hall(name, v)

    def _handle_hall(self, name, v):
        if name == "HALL_ZERO":
            # The empty-bed zero from the last readings, refused while something lies on the bed.
            busy = self.hall.set_zero(self.counts, v["limit"])
            mask = 0
            for sq in busy:
                mask |= 1 << sq
            self._send("HALL_ZERO_DONE", {"busy": mask})
        elif name == "HALL_CAL":
            ok = True
            for sq in range(M.SQUARES):
                if not 0 < v["clear"][sq] < v["register"][sq]:
                    ok = False
            if ok:
                self.hall.zero = list(v["zero"])
                self.hall.register = list(v["register"])
                self.hall.clear = list(v["clear"])
                self.hall.drift = [0] * M.SQUARES
                self.zeroed = True
            # The echo names the table it answers by its CRC: the host believes only its own.
            self._send("HALL_CAL_ECHO", {"crc": crc16(M.encode("HALL_CAL", v)),
                                         "status": M.CAL_OK if ok else M.CAL_REFUSED})

    def scan(self, raw_mask, now_ms):
        """One matrix scan (raw occupancy bitmask)."""
        if self.debouncer.step(raw_mask):
            self._send_snapshot(M.REASON_CHANGE, now_ms)

    def scan_hall(self, readings, now_ms):
        """One hall-bed scan: 36 averaged ADC readings, square a1 first. The first scan of a boot
        takes the empty-bed zero if nothing lies on the bed (else the defaults stay until the
        host sends its stored calibration)."""
        self.counts = readings
        hall = self.hall
        if not self.zeroed:
            self.zeroed = not hall.set_zero(readings, hall.register[0])
        occupied, south, ambiguous = hall.scan(readings)
        typed = occupied | (south << M.SQUARES) | (ambiguous << (2 * M.SQUARES))
        if self.debouncer.step(typed):
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
