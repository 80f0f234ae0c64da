"""NDEF on NFC Forum Type 2 tags (NTAG213/215/216): find the text record in user memory, and
encode one (`text_tlv`) for writing.

User memory starts at page 4 and holds TLV blocks: 0x00 NULL, 0x01/0x02 lock/memory control,
0x03 the NDEF message, 0xFE terminator. The message is a chain of records; a text record is
TNF 1 (well known), type "T", payload = status byte (bit 7: UTF-16, bits 0-5: language code
length) + language code + text.
"""
from __future__ import annotations


class NdefError(ValueError):
    pass


def _walk_tlv(mem: bytes) -> tuple[bytes | None, int]:
    """One walk over the TLV blocks of user memory (page 4 onward): (the NDEF message or None,
    how many bytes must be read for the walk to finish — 0 when ``mem`` is already enough)."""
    i = 0
    while i < len(mem):
        t = mem[i]
        if t == 0x00:
            i += 1
            continue
        if t == 0xFE:
            return None, 0
        if i + 1 >= len(mem):
            return None, i + 2
        length, hdr = mem[i + 1], 2
        if length == 0xFF:
            if i + 3 >= len(mem):
                return None, i + 4
            length, hdr = int.from_bytes(mem[i + 2:i + 4], "big"), 4
        if t == 0x03:
            if i + hdr + length > len(mem):
                return None, i + hdr + length
            return bytes(mem[i + hdr:i + hdr + length]), 0
        i += hdr + length
    return None, i + 1


def message_from_tlv(mem: bytes) -> bytes | None:
    """The NDEF message bytes from user memory (page 4 onward); None if there is none.
    Raises NdefError when ``mem`` is too short (see ``bytes_needed``)."""
    message, needed = _walk_tlv(mem)
    if needed:
        raise NdefError(f"truncated TLV: {needed} bytes of user memory needed, {len(mem)} read")
    return message


def bytes_needed(mem: bytes) -> int:
    """How many bytes of user memory must be read for ``message_from_tlv`` to succeed (a lower
    bound that grows as more is read); 0 when ``mem`` is already enough."""
    return _walk_tlv(mem)[1]


def records(message: bytes):
    """Yield (tnf, type, payload) for each record of an NDEF message."""
    i = 0
    while i < len(message):
        h = message[i]
        tnf, sr, il = h & 0x07, h & 0x10, h & 0x08
        tlen = message[i + 1]
        i += 2
        if sr:
            plen = message[i]
            i += 1
        else:
            plen = int.from_bytes(message[i:i + 4], "big")
            i += 4
        idlen = 0
        if il:
            idlen = message[i]
            i += 1
        rtype = bytes(message[i:i + tlen])
        i += tlen + idlen
        payload = bytes(message[i:i + plen])
        if len(payload) < plen:
            raise NdefError("truncated record")
        i += plen
        yield tnf, rtype, payload
        if h & 0x40:  # ME: message end
            return


def text_from_message(message: bytes) -> str | None:
    for tnf, rtype, payload in records(message):
        if tnf == 0x01 and rtype == b"T" and payload:
            status = payload[0]
            lang_len = status & 0x3F
            raw = payload[1 + lang_len:]
            return raw.decode("utf-16" if status & 0x80 else "utf-8", errors="replace")
    return None


def text_from_memory(mem: bytes) -> str | None:
    try:
        msg = message_from_tlv(mem)
        return None if msg is None else text_from_message(msg)
    except (NdefError, IndexError):
        return None


# The encoder: the exact inverse of the parser above ------------------------------------------
def text_record(text: str, lang: str = "en") -> bytes:
    """One NDEF message of a single text record (UTF-8): header MB|ME|TNF 1 (short record while
    the payload is under 256 bytes), type "T", payload = status byte + language code + text."""
    if not 0 < len(lang) < 64 or not lang.isascii():
        raise NdefError(f"language code {lang!r} must be 1-63 ASCII characters, like 'en'")
    payload = bytes([len(lang)]) + lang.encode() + text.encode()
    if len(payload) < 256:
        return bytes([0xD1, 1, len(payload)]) + b"T" + payload  # MB|ME|SR, TNF=1
    return bytes([0xC1, 1]) + len(payload).to_bytes(4, "big") + b"T" + payload


def message_tlv(message: bytes) -> bytes:
    """User memory bytes (from page 4): the NDEF message TLV (3-byte length form from 255 bytes
    on) and the terminator TLV."""
    if len(message) > 0xFFFE:
        raise NdefError(f"NDEF message of {len(message)} bytes is too long for a TLV")
    if len(message) < 0xFF:
        head = bytes([0x03, len(message)])
    else:
        head = bytes([0x03, 0xFF]) + len(message).to_bytes(2, "big")
    return head + message + b"\xfe"


def text_tlv(text: str, lang: str = "en") -> bytes:
    """User memory bytes (from page 4) holding one NDEF text record, with terminator: what a
    phone app writes to a sticker. Used by the fakes, the PN532 simulator and `cards write-deck`."""
    return message_tlv(text_record(text, lang))
