"""What two companions say to each other, sealed: every message is JSON inside a NaCl SecretBox
(XSalsa20-Poly1305, a fresh random nonce each) under the pairing's key. Whoever knows the broker
but not the code reads nothing and changes nothing: a message that does not open with the key
(tampered, or another room's) is refused, and so is one that opens but names another room or
protocol version.

    data = seal(pairing, {"kind": "move", ...})     # bytes for the broker
    payload = unseal(pairing, data)                  # RemoteMessageError on anything wrong

Kinds: "entry" (one entry of the move log, chain.py), "state" (the whole log: retained on the
broker, so a side that was away catches up), "undo_ask" / "undo_no" (an undo is asked of the
other side; "undo_yes" is the undo entry itself), "hello" (a side's name, on connecting),
"presence" (retained: online, or offline as the broker's last will when a side drops away).
Every message carries its sender's `mark` (presence.py): a presence message older than the
last word heard from that side is refused, so a replayed "offline" changes nothing.
"""
from __future__ import annotations

import json

VERSION = 1
KINDS = ("entry", "state", "undo_ask", "undo_no", "hello", "presence")


class RemoteError(Exception):
    """Root of the remote-play errors."""


class RemoteMessageError(RemoteError, ValueError):
    """A message from the broker that is refused; the message says why in one line."""


def seal(pairing, payload: dict) -> bytes:
    from nacl.secret import SecretBox

    body = dict(payload, v=VERSION, room=pairing.room)
    return bytes(SecretBox(pairing.key).encrypt(json.dumps(body, sort_keys=True).encode()))


def unseal(pairing, data: bytes) -> dict:
    from nacl.exceptions import CryptoError
    from nacl.secret import SecretBox

    try:
        plain = SecretBox(pairing.key).decrypt(bytes(data))
    except (CryptoError, ValueError, TypeError):
        raise RemoteMessageError(f"a message of {len(data)} bytes does not open with this pairing's"
                                 " key (tampered with, or another room's): ignored") from None
    try:
        body = json.loads(plain)
    except ValueError:
        raise RemoteMessageError("a sealed message is not JSON: ignored (a different program?)") from None
    if not isinstance(body, dict) or body.get("v") != VERSION:
        raise RemoteMessageError(f"a message of protocol version {body.get('v') if isinstance(body, dict) else '?'}"
                                 f" (ours is {VERSION}): update both companions to the same release")
    if body.get("room") != pairing.room or body.get("kind") not in KINDS:
        raise RemoteMessageError(f"a message for another room or of kind {body.get('kind')!r}: ignored")
    return body
