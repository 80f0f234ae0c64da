"""The words the table logic and the devices share: squares, LED frames, device, card and button
events, and the hardware error. A leaf: it imports nothing of ours, so the pure table logic can
speak to the devices without importing them (`hardware/interfaces.py` re-exports these next to
the driver interfaces, and drivers import them from there).

Squares use the engine's numbering: a1 = 0, b1 = 1, ... f1 = 5, a2 = 6, ... f6 = 35
(square = rank_index * 6 + file_index); a set of squares is an int bitmask (bit 1 << square).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

ROWS = 6
COLS = 6
SQUARES = ROWS * COLS
FULL_MASK = (1 << SQUARES) - 1
#: The OLED's size in pixels (screens are composed for it).
DISPLAY_SIZE = (128, 64)


def square_name(square: int) -> str:
    return "abcdef"[square % COLS] + str(square // COLS + 1)


def parse_square(square) -> int:
    """The one parser of squares: an int 0..35 or a name "a1".."f6" -> an int square. ValueError
    naming the input otherwise."""
    if isinstance(square, int) and not isinstance(square, bool):
        if 0 <= square < SQUARES:
            return square
        raise ValueError(f"square {square} out of range 0..{SQUARES - 1}")
    s = str(square).strip().lower()
    if len(s) == 2 and s[0] in "abcdef" and s[1] in "123456":
        return (int(s[1]) - 1) * COLS + "abcdef".index(s[0])
    raise ValueError(f"not a square: {square!r} (use a1..f6: files a-f, ranks 1-6)")


class HardwareError(Exception):
    """A device is missing, misconfigured or not answering. The message names the device path
    (or pin/bus) and says what to do about it."""


@dataclass(frozen=True)
class DeviceEvent:
    """Something the table must know about a device link, beside its data.

    kind: "reset"   - the device rebooted (new boot id); occupancy seen across the gap is
                      not trustworthy, so the table pauses and re-reads the bed.
          "offline" - the device stopped answering (cable pulled, crash).
          "online"  - the device is back (after "offline").
          "warning" - an optional device is absent or degraded; detail says which and why.
    """

    kind: str
    device: str
    detail: str = ""


class Effect(enum.Enum):
    OFF = "off"
    STEADY = "steady"
    BLINK = "blink"  # on/off at ~2 Hz
    PULSE = "pulse"  # brightness breathes at ~1 Hz


@dataclass(frozen=True)
class LedCell:
    color: tuple[int, int, int] = (0, 0, 0)
    effect: Effect = Effect.OFF


DARK = LedCell()


@dataclass(frozen=True)
class LedFrame:
    """What every square's LED shows: a tuple of 36 LedCell indexed by square."""

    cells: tuple[LedCell, ...] = (DARK,) * SQUARES

    def __post_init__(self) -> None:
        if len(self.cells) != SQUARES:
            raise ValueError(f"LedFrame needs {SQUARES} cells, got {len(self.cells)}")

    @classmethod
    def from_dict(cls, cells: dict[int, LedCell]) -> "LedFrame":
        return cls(tuple(cells.get(sq, DARK) for sq in range(SQUARES)))


@dataclass(frozen=True)
class CardEvent:
    uid: bytes  # 4 or 7 bytes
    text: str | None = None  # NDEF text record, when the tag carries one

    @property
    def uid_hex(self) -> str:
        return self.uid.hex(":").upper()


@dataclass(frozen=True)
class ButtonEvent:
    name: str  # e.g. "ok", "back", "cat"
    kind: str  # "press" or "long"
