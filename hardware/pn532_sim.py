"""A PN532 simulator on a pseudo-terminal: speaks the real HSU frame format (preamble, LEN/LCS,
TFI, DCS, ACK) so the real driver and pyserial are exercised end to end. Used by the tests and
available to anyone who wants a card reader without hardware:

    sim = PN532Simulator(); sim.put_card(bytes.fromhex("04a1b2c3d4e5f6"), "cat")
    reader = PN532CardReader(PN532(UartTransport(sim.port)), threaded=False)

Stickers are modelled page by page (`SimTag`): NTAG213/215/216 answer READ, WRITE (lock bytes and
CC one-time programmable, locked pages NAKed) and GET_VERSION; an Ultralight and a MIFARE Classic
are there to be refused. A sticker keeps what was written to it when it leaves the field
(`present(uid)` puts it back), and `vanish_after_writes` lifts it in the middle of a write.
"""
from __future__ import annotations

import os
import select
import threading
import tty

from hardware.ndef import text_tlv
from hardware.pn532 import ACK, build_frame

NTAG213_PAGES = 45

#: kind: (pages, CC size byte, GET_VERSION storage byte or None, SAK). The NTAGs as NXP ships
#: them; an Ultralight (no GET_VERSION) and a MIFARE Classic 1K (SAK 0x08, no Type 2 commands)
#: to be refused.
TAG_KINDS = {
    "ntag213": (45, 0x12, 0x0F, 0x00),
    "ntag215": (135, 0x3E, 0x11, 0x00),
    "ntag216": (231, 0x6D, 0x13, 0x00),
    "ultralight": (16, 0x06, None, 0x00),
    "classic": (64, 0x00, None, 0x08),
}
STATUS_OK, STATUS_TIMEOUT, STATUS_AUTH = 0x00, 0x01, 0x14


def ntag_memory(uid: bytes, text: str | None, pages: int = NTAG213_PAGES, cc_size: int = 0x12) -> bytes:
    """Pages 0.. of an NTAG21x: serial number, capability container, NDEF TLV in user memory."""
    head = (uid + bytes(9))[:9] + bytes([0x48, 0x00, 0x00]) + bytes([0xE1, 0x10, cc_size, 0x00])
    user = text_tlv(text) if text is not None else b"\x03\x00\xfe"
    mem = head + user
    return (mem + bytes(pages * 4))[:pages * 4]


class SimTag:
    """One sticker: its memory persists when it leaves the field, as a real one's does.
    lock: None, "static" (lock bits for pages 4-15), "cc" (CC says read-only), "dynamic"
    (dynamic lock bits for pages 16 and up); blank_cc: a sticker never NDEF-formatted."""

    def __init__(self, uid: bytes, text: str | None = None, kind: str = "ntag213",
                 lock: str | None = None, blank_cc: bool = False) -> None:
        if kind not in TAG_KINDS:
            raise ValueError(f"unknown tag kind {kind!r}; kinds: {', '.join(TAG_KINDS)}")
        pages, cc_size, self.storage, self.sak = TAG_KINDS[kind]
        self.uid, self.kind = bytes(uid), kind
        self.memory = bytearray(ntag_memory(self.uid, text, pages, cc_size))
        self.dynamic_lock_page = 4 + {0x12: 36, 0x3E: 126, 0x6D: 222}.get(cc_size, pages - 4)
        if blank_cc:
            self.memory[12:16] = bytes(4)
        if lock == "static":
            self.memory[10:12] = b"\xf0\xff"
        elif lock == "cc":
            self.memory[15] = 0x0F
        elif lock == "dynamic":
            self.memory[self.dynamic_lock_page * 4:self.dynamic_lock_page * 4 + 3] = b"\xff\xff\xff"
        self.writes: list[int] = []  # pages written, in order

    @property
    def pages(self) -> int:
        return len(self.memory) // 4

    def page_locked(self, page: int) -> bool:
        if page < 2 or page >= self.pages:
            return True
        if 4 <= page < 16:
            lock = self.memory[10] if page < 8 else self.memory[11]
            return bool((lock >> (page if page < 8 else page - 8)) & 1)
        if 16 <= page < self.dynamic_lock_page:
            dyn = self.dynamic_lock_page * 4
            return bool(self.memory[dyn] | self.memory[dyn + 1])
        return False

    def read(self, page: int) -> bytes:
        if self.sak != 0x00:
            return bytes([STATUS_AUTH])  # MIFARE Classic: no read without authentication
        if page >= self.pages:
            return bytes([STATUS_TIMEOUT])  # NAK: address out of range
        mem = bytes(self.memory) + bytes(self.memory[:16])  # READ wraps around at the end
        return b"\x00" + mem[page * 4:page * 4 + 16]

    def write(self, page: int, data: bytes) -> bytes:
        if self.sak != 0x00:
            return bytes([STATUS_AUTH])
        if len(data) != 4 or self.page_locked(page):
            return bytes([STATUS_TIMEOUT])  # NAK
        at = page * 4
        if page in (2, 3):  # lock bytes and CC are one-time programmable: bits only get set
            first = 2 if page == 2 else 0
            for i in range(first, 4):
                self.memory[at + i] |= data[i]
        else:
            self.memory[at:at + 4] = data
        self.writes.append(page)
        return b"\x00"

    def version(self) -> bytes:
        if self.storage is None:
            return bytes([STATUS_TIMEOUT])  # the tag NAKs GET_VERSION
        return bytes([0x00, 0x00, 0x04, 0x04, 0x02, 0x01, 0x00, self.storage, 0x03])


class PN532Simulator:
    def __init__(self) -> None:
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._lock = threading.Lock()
        self.card: SimTag | None = None  # the sticker in the field
        self.tags: dict[bytes, SimTag] = {}  # every sticker ever put there, by UID
        self.corrupt: list[str] = []  # per response: "dcs", "lcs", "noack", "garbage", "ok"
        self.mute = False
        self.commands: list[int] = []
        self.vanish_after_writes: int | None = None  # the sticker is lifted after N more WRITEs
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="pn532-sim", daemon=True)
        self._thread.start()

    def put_card(self, uid: bytes, text: str | None = None, **kind) -> SimTag:
        """A new sticker (see SimTag for `kind`, `lock`, `blank_cc`) into the field."""
        tag = SimTag(uid, text, **kind)
        with self._lock:
            self.tags[tag.uid] = self.card = tag
        return tag

    def present(self, uid: bytes) -> SimTag:
        """A sticker seen before back into the field, with what was written to it."""
        with self._lock:
            self.card = self.tags[bytes(uid)]
            return self.card

    def remove_card(self) -> None:
        with self._lock:
            self.card = None

    # ------------------------------------------------------------------ protocol
    def _respond(self, body: bytes) -> bytes:
        cmd, args = body[1], body[2:]
        self.commands.append(cmd)
        with self._lock:
            card = self.card
            if cmd == 0x40 and len(args) >= 3 and args[1] == 0xA2 and self.vanish_after_writes is not None:
                if self.vanish_after_writes == 0:
                    self.card = card = None
                    self.vanish_after_writes = None
                else:
                    self.vanish_after_writes -= 1
            if cmd == 0x02:
                data = bytes([0x32, 0x01, 0x06, 0x07])
            elif cmd in (0x14, 0x32):
                data = b""
            elif cmd == 0x4A:
                if card is None:
                    data = b"\x00"
                else:
                    data = bytes([1, 1, 0x00, 0x44, card.sak, len(card.uid)]) + card.uid
            elif cmd == 0x40 and len(args) >= 3 and args[1] == 0x30:
                data = bytes([STATUS_TIMEOUT]) if card is None else card.read(args[2])
            elif cmd == 0x40 and len(args) >= 3 and args[1] == 0xA2:
                data = bytes([STATUS_TIMEOUT]) if card is None else card.write(args[2], args[3:])
            elif cmd == 0x42 and args[:1] == b"\x60":
                data = bytes([STATUS_TIMEOUT]) if card is None else card.version()
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
