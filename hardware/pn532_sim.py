"""A PN532 simulator on a pseudo-terminal: speaks the real HSU frame format (preamble, LEN/LCS,
TFI, DCS, ACK) so the real driver and pyserial are exercised end to end. Used by the tests and
available to anyone who wants a card reader without hardware:

    sim = PN532Simulator(); sim.put_card(bytes.fromhex("04a1b2c3d4e5f6"), "cat")
    reader = PN532CardReader(PN532(UartTransport(sim.port)), threaded=False)
"""
from __future__ import annotations

import os
import select
import threading
import tty

from hardware.ndef import text_tlv
from hardware.pn532 import ACK, build_frame

NTAG213_PAGES = 45


def ntag_memory(uid: bytes, text: str | None, pages: int = NTAG213_PAGES) -> bytes:
    """Pages 0.. of an NTAG21x: serial number, capability container, NDEF TLV in user memory."""
    head = (uid + bytes(9))[:9] + bytes([0x48, 0x00, 0x00]) + bytes([0xE1, 0x10, 0x12, 0x00])
    user = text_tlv(text) if text is not None else b"\x03\x00\xfe"
    mem = head + user
    return (mem + bytes(pages * 4))[:pages * 4]


class PN532Simulator:
    def __init__(self) -> None:
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._lock = threading.Lock()
        self.card: tuple[bytes, bytes] | None = None  # (uid, memory)
        self.corrupt: list[str] = []  # per response: "dcs", "lcs", "noack", "garbage", "ok"
        self.mute = False
        self.commands: list[int] = []
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="pn532-sim", daemon=True)
        self._thread.start()

    def put_card(self, uid: bytes, text: str | None = None) -> None:
        with self._lock:
            self.card = (bytes(uid), ntag_memory(bytes(uid), text))

    def remove_card(self) -> None:
        with self._lock:
            self.card = None

    # ------------------------------------------------------------------ protocol
    def _respond(self, body: bytes) -> bytes:
        cmd, args = body[1], body[2:]
        self.commands.append(cmd)
        with self._lock:
            card = self.card
        if cmd == 0x02:
            data = bytes([0x32, 0x01, 0x06, 0x07])
        elif cmd in (0x14, 0x32):
            data = b""
        elif cmd == 0x4A:
            if card is None:
                data = b"\x00"
            else:
                uid = card[0]
                data = bytes([1, 1, 0x00, 0x44, 0x00, len(uid)]) + uid
        elif cmd == 0x40 and len(args) >= 3 and args[1] == 0x30:
            page = args[2]
            if card is None or page * 4 >= len(card[1]):
                data = b"\x01"  # status: timeout, the tag did not answer
            else:
                mem = card[1] + card[1][:16]  # READ wraps around at the end of memory
                data = b"\x00" + mem[page * 4:page * 4 + 16]
        else:
            return bytes.fromhex("0000ff01ff7f8100")  # application error frame
        return build_frame(bytes([cmd + 1]) + data, tfi=0xD5)

    def _send(self, frame: bytes) -> None:
        mode = self.corrupt.pop(0) if self.corrupt else "ok"
        if mode == "noack":
            return
        out = bytearray(frame)
        if mode == "dcs":
            out[-2] ^= 0x5A
        elif mode == "lcs":
            out[4] ^= 0x01
        elif mode == "garbage":
            out = bytearray(b"\x13\x37\x00") + out
        os.write(self._master, ACK + bytes(out))

    def _run(self) -> None:
        buf = b""
        while not self._stop:
            r, _, _ = select.select([self._master], [], [], 0.05)
            if not r:
                continue
            try:
                buf += os.read(self._master, 1024)
            except OSError:
                return
            while True:
                start = buf.find(b"\x00\xff")
                if start < 0 or len(buf) < start + 4:
                    buf = buf[max(0, len(buf) - 1):] if start < 0 else buf
                    break
                ln, lcs = buf[start + 2], buf[start + 3]
                if (ln + lcs) & 0xFF:
                    buf = buf[start + 2:]
                    continue
                end = start + 4 + ln + 2
                if len(buf) < end:
                    break
                body, dcs = buf[start + 4:start + 4 + ln], buf[start + 4 + ln]
                buf = buf[end:]
                if ln == 0 or (sum(body) + dcs) & 0xFF or body[0] != 0xD4 or self.mute:
                    continue  # a real PN532 ignores frames it cannot parse
                self._send(self._respond(body))

    def close(self) -> None:
        if self._stop:
            return
        self._stop = True
        self._thread.join(timeout=1.0)
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
