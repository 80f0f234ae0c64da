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
    "effects.py", "device.py", "hall.py", "board.py", "board_pins.py", "sweep.py", "hallcore.py",
)
PURE_MODULES = ("crc", "cobs", "framing", "messages", "debounce", "effects", "device", "hall",
                "hallcore")
HALL_SAMPLES = 16      # ADC conversions averaged per square (the noise model's figure)
HALL_SETTLE_US = 5     # after switching the multiplexers, before the first conversion


def firmware_hash() -> bytes:
    """First 8 bytes of SHA-256 over the firmware files, in a fixed order."""
    h = hashlib.sha256()
    for name in PACKAGE_FILES + ("main.py",):
        h.update(name.encode() + b"\0")
        h.update((FIRMWARE_DIR / name).read_bytes())
    return h.digest()[:8]


def fwhash_module(digest: bytes) -> str:
    return f"# written by `companion flash`\nFW_HASH = {digest!r}\n"


def bedcfg_module(hall: dict | None) -> str:
    """bridgefw/bedcfg.py for the Pico: which bed it scans. `hall` is wiring/pins.toml's [hall]
    (select lines, ADC inputs, default thresholds in mT, turned into counts here); None: reeds."""
    if hall is None:
        return "# written by `companion flash`: the reed matrix\nBED = \"reed\"\n"
    from .firmware.hall import COUNTS_PER_MT

    register = max(2, round(hall["register_mt"] * COUNTS_PER_MT))
    clear = max(1, min(register - 1, round(hall["clear_mt"] * COUNTS_PER_MT)))
    return ("# written by `companion flash --bed hall` from wiring/pins.toml [hall]\n"
            "BED = \"hall\"\n"
            f"SELECT = {tuple(hall['select'])!r}\n"
            f"ADC = {tuple(hall['adc'])!r}\n"
            f"REGISTER = {register}   # counts ({hall['register_mt']} mT)\n"
            f"CLEAR = {clear}   # counts ({hall['clear_mt']} mT)\n"
            f"SAMPLES = {HALL_SAMPLES}\n"
            f"SETTLE_US = {HALL_SETTLE_US}\n")
