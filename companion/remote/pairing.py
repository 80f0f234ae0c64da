"""Pairing two companions by a short code: both derive the same room name and key from it.

    code = new_code(rng)            # "K7QM-2XPD": 8 characters, 40 bits, shown on the OLED and page
    pairing = derive(parse_code("k7qm 2xpd"))
    pairing.room                    # the MQTT topic's room: says nothing about the code or key
    pairing.key                     # 32 bytes: every message is sealed with it (messages.py)

The code is read aloud or typed, so its alphabet is Crockford's base32 (no I, L, O, U; a typed
O is read as 0, I and L as 1). The key is Argon2id of the code (libsodium's interactive cost:
~0.1 s and 64 MB here), so a stranger who records the broker's traffic must pay that per guess
of 2^40 codes; the room is a hash of the key, never of the code alone.
"""
from __future__ import annotations

from dataclasses import dataclass

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
_SALT = b"maunz-companion1"   # fixed: both sides must derive the same key from the code alone
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class PairingError(ValueError):
    """A pairing code that is not one; the message shows the input and the form."""


@dataclass(frozen=True)
class Pairing:
    code: str
    room: str
    key: bytes = b""

    def __repr__(self) -> str:  # never the key in a log line
        return f"Pairing(room={self.room!r})"


def new_code(rng) -> str:
    """A fresh code from the injected random source (secrets.SystemRandom() at the table)."""
    raw = "".join(rng.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def parse_code(text: str) -> str:
    raw = "".join(ch for ch in str(text).upper() if ch not in " -_").translate(_READ_AS)
    if len(raw) != LENGTH or any(ch not in ALPHABET for ch in raw):
        raise PairingError(f"pairing code {text!r}: 8 letters and digits as the other companion"
                           f" shows them, like K7QM-2XPD")
    return f"{raw[:4]}-{raw[4:]}"


def derive(code: str) -> Pairing:
    from nacl import pwhash
    from nacl.encoding import RawEncoder
    from nacl.hash import blake2b

    code = parse_code(code)
    key = pwhash.argon2id.kdf(32, code.replace("-", "").encode(), _SALT,
                              opslimit=pwhash.argon2id.OPSLIMIT_INTERACTIVE,
                              memlimit=pwhash.argon2id.MEMLIMIT_INTERACTIVE)
    room = blake2b(key, digest_size=12, person=b"maunz-room", encoder=RawEncoder).hex()
    return Pairing(code, room, key)
