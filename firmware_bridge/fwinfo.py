"""Facts about the firmware files as the host sees them: which files go to the Pico, and the
8-byte firmware hash that `companion flash` bakes in and HELLO reports back."""
from __future__ import annotations

import hashlib
from pathlib import Path

FIRMWARE_DIR = Path(__file__).resolve().parent / "firmware"
PACKAGE_ON_PICO = "bridgefw"  # the firmware package's name on the Pico's filesystem
# Copied into /bridgefw/ on the Pico (main.py goes to the root).
PACKAGE_FILES = (
    "__init__.py", "crc.py", "cobs.py", "framing.py", "messages.py", "debounce.py",
    "effects.py", "device.py", "board.py", "board_pins.py",
)
PURE_MODULES = ("crc", "cobs", "framing", "messages", "debounce", "effects", "device")


def firmware_hash() -> bytes:
    """First 8 bytes of SHA-256 over the firmware files, in a fixed order."""
    h = hashlib.sha256()
    for name in PACKAGE_FILES + ("main.py",):
        h.update(name.encode() + b"\0")
        h.update((FIRMWARE_DIR / name).read_bytes())
    return h.digest()[:8]


def fwhash_module(digest: bytes) -> str:
    return f"# written by `companion flash`\nFW_HASH = {digest!r}\n"
