# A frame on the wire: COBS(payload + CRC-16 big-endian) followed by the 0x00 delimiter.
# Pure module: runs under CPython and MicroPython.
from . import cobs
from .crc import crc16

DELIMITER = 0
MAX_PAYLOAD = 250


def encode_frame(payload):
    c = crc16(payload)
    return cobs.encode(bytes(payload) + bytes(((c >> 8) & 0xFF, c & 0xFF))) + b"\x00"


class Deframer:
    """Turns a byte stream into checked payloads. Garbage, truncated, oversized and corrupted
    frames are counted and dropped; the next 0x00 always restarts a frame, so sync is regained
    within one frame after any garbage."""

    def __init__(self, max_payload=MAX_PAYLOAD):
        # COBS adds one byte per 254 plus the first code byte; +2 for the CRC.
        self.max_block = max_payload + 2 + (max_payload + 2) // 254 + 1
        self.buf = bytearray()
        self.overflow = False
        self.frames = 0
        self.crc_errors = 0
        self.cobs_errors = 0
        self.oversize = 0

    def feed(self, data):
        """Return the list of valid payloads completed by ``data``."""
        out = []
        buf = self.buf
        for b in data:
            if b != 0:
                if self.overflow:
                    continue
                if len(buf) >= self.max_block:
                    self.overflow = True
                    self.oversize += 1
                    buf[:] = b""
                    continue
                buf.append(b)
                continue
            # delimiter
            if self.overflow:
                self.overflow = False
                continue
            if not buf:
                continue  # empty frame: idle filler or a leading delimiter
            block = bytes(buf)
            buf[:] = b""
            try:
                raw = cobs.decode(block)
            except ValueError:
                self.cobs_errors += 1
                continue
            if len(raw) < 3:
                self.cobs_errors += 1
                continue
            payload = raw[:-2]
            if crc16(payload) != (raw[-2] << 8) | raw[-1]:
                self.crc_errors += 1
                continue
            self.frames += 1
            out.append(payload)
        return out
