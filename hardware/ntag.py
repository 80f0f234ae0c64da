"""Writing an NDEF text record to an NTAG213/215/216 sticker through the PN532, page by page,
with the checks that keep a wrong sticker from being half-written and a read-back that proves it.

NTAG21x memory (4-byte pages): pages 0-1 and byte 0 of page 2 the serial number; page 2 bytes 2-3
the static lock bytes (byte 2 bits 4-7 lock pages 4-7, byte 3 bits 0-7 pages 8-15; bits 0-3 of
byte 2 lock the lock bits and the CC themselves); page 3 the capability container (CC):
E1 (NDEF magic), 10 (mapping version 1.0), data-area size / 8, access (low nibble 0 = writable,
F = read-only). User memory from page 4: 144 bytes on NTAG213 (pages 4-39), 504 on NTAG215
(4-129), 888 on NTAG216 (4-225); the dynamic lock bytes follow it and lock pages 16 and up.
"""
from __future__ import annotations

from dataclasses import dataclass

from hardware.interfaces import HardwareError
from hardware.ndef import NdefError, text_from_memory, text_tlv
from hardware.pn532 import PN532, PN532Error, PN532FrameError, Target

USER_START = 4
STATIC_LOCK_PAGES = range(4, 16)


@dataclass(frozen=True)
class NtagType:
    name: str
    storage: int     # GET_VERSION byte 6
    cc_size: int     # CC byte 2 as the factory writes it (data area / 8)
    user_bytes: int  # pages 4.. up to the dynamic lock page
    pages: int

    @property
    def dynamic_lock_page(self) -> int:
        return USER_START + self.user_bytes // 4


NTAG_TYPES = {t.storage: t for t in (
    NtagType("NTAG213", 0x0F, 0x12, 144, 45),
    NtagType("NTAG215", 0x11, 0x3E, 504, 135),
    NtagType("NTAG216", 0x13, 0x6D, 888, 231),
)}


class NtagError(HardwareError):
    """A sticker could not be written; the one-line message says why and what to do."""


class TagRefused(NtagError):
    """The sticker is not one to write (not an NTAG21x, locked, too small): take another."""


def identify(target: Target, version: bytes | None) -> NtagType:
    """The NTAG21x type from the SAK and the GET_VERSION answer; TagRefused otherwise."""
    if target.sel_res != 0x00:
        kind = {0x08: "a MIFARE Classic 1K", 0x18: "a MIFARE Classic 4K", 0x20: "an ISO-DEP card"}
        what = kind.get(target.sel_res, "not a Type 2 tag")
        raise TagRefused(f"not an NTAG213/215/216 sticker (SAK {target.sel_res:#04x}: {what});"
                         " take an NTAG21x sticker")
    if version is None or len(version) < 8 or version[1] != 0x04 or version[2] != 0x04:
        raise TagRefused("not an NTAG213/215/216 sticker (no NXP NTAG answer to GET_VERSION:"
                         " a MIFARE Ultralight?); take an NTAG21x sticker")
    ntag = NTAG_TYPES.get(version[6])
    if ntag is None:
        raise TagRefused(f"NTAG with storage code {version[6]:#04x} is not an NTAG213/215/216;"
                         " take an NTAG213 or NTAG215 sticker")
    return ntag


def check_head(ntag: NtagType, head: bytes, needed: int) -> bool:
    """Pages 0-3 against a write of `needed` bytes from page 4. True if the CC is still blank
    (a factory-fresh sticker without NDEF format: page 3 must be written first)."""
    lock2, lock3 = head[10], head[11]
    cc = head[12:16]
    pages = range(USER_START, USER_START + (needed + 3) // 4)
    if cc == bytes(4):
        blank = True
    elif cc[0] != 0xE1:
        raise TagRefused(f"{ntag.name} without NDEF format (CC {cc.hex(' ')}, not E1 ..);"
                         " take a fresh sticker")
    else:
        blank = False
        if cc[3] & 0x0F:
            raise TagRefused(f"{ntag.name} is locked: its CC says read-only (access byte"
                             f" {cc[3]:#04x}); take another sticker")
    locked = [p for p in pages if p in STATIC_LOCK_PAGES
              and ((lock2 >> p) & 1 if p < 8 else (lock3 >> (p - 8)) & 1)]
    if locked:
        span = f"page {locked[0]}" if len(locked) == 1 else f"pages {locked[0]}-{locked[-1]}"
        raise TagRefused(f"{ntag.name} is locked: static lock bits lock {span}"
                         f" (lock bytes {lock2:02x} {lock3:02x}); take another sticker")
    room = ntag.user_bytes if blank else min(ntag.user_bytes, cc[2] * 8)
    if needed > room:
        raise TagRefused(f"{ntag.name} is too small: the record needs {needed} bytes, the sticker"
                         f" holds {room}; take an NTAG215")
    return blank


@dataclass(frozen=True)
class Written:
    ntag: NtagType
    uid: bytes
    pages: int  # pages written from page 4


def write_text(pn532: PN532, target: Target, text: str, lang: str = "en") -> Written:
    """Write `text` as the sticker's only NDEF record and read it back. Raises TagRefused before
    anything is written, NtagError when a write or the read-back fails (tap again)."""
    try:
        data = text_tlv(text, lang)
    except NdefError as exc:
        raise NtagError(f"cannot encode {text!r}: {exc}") from None
    data += bytes(-len(data) % 4)
    try:
        # An NTAG answers GET_VERSION and stays selected; anything else is refused here.
        ntag = identify(target, pn532.get_version())
        tg = target.tg
        head = pn532.read_pages(tg, 0)
        blank = check_head(ntag, head, len(data))
        if len(data) > 4 * len(STATIC_LOCK_PAGES):
            dyn = pn532.read_pages(tg, ntag.dynamic_lock_page)
            if dyn[0] or dyn[1]:
                raise TagRefused(f"{ntag.name} is locked: dynamic lock bytes {dyn[:3].hex(' ')};"
                                 " take another sticker")
        if blank:
            pn532.write_page(tg, 3, bytes([0xE1, 0x10, ntag.cc_size, 0x00]))
        for i in range(0, len(data), 4):
            pn532.write_page(tg, USER_START + i // 4, data[i:i + 4])
        back = b""
        while len(back) < len(data):
            back += pn532.read_pages(tg, USER_START + len(back) // 4)
    except PN532FrameError as exc:
        raise NtagError(f"reader link trouble ({exc}); tap the sticker again") from None
    except PN532Error as exc:
        raise NtagError(f"{exc}; hold the sticker still on the reader and tap again") from None
    if back[:len(data)] != data or text_from_memory(back) != text:
        raise NtagError(f"read-back differs from what was written ({back[:len(data)].hex()});"
                        " tap the sticker again")
    return Written(ntag, target.uid, len(data) // 4)
