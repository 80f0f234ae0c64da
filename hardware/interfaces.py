"""The small interfaces every device driver implements.

Squares use the engine's numbering: a1 = 0, b1 = 1, ... f1 = 5, a2 = 6, ... f6 = 35
(square = rank_index * 6 + file_index); a set of squares is an int bitmask (bit 1 << square).

All interfaces are *polled*: the service calls them from its loop at its own rate, and drivers
that get events from callbacks or threads (gpiozero buttons, the serial bridge) queue them and
hand them over on the next poll. That keeps the referee single-threaded and lets tests and the
simulator drive the fakes step by step. ``close()`` is idempotent on every device.
"""
from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Pillow is only needed by callers that render images.
    from PIL.Image import Image

ROWS = 6
COLS = 6
SQUARES = ROWS * COLS
FULL_MASK = (1 << SQUARES) - 1


def square_name(square: int) -> str:
    return "abcdef"[square % COLS] + str(square // COLS + 1)


class HardwareError(Exception):
    """A device is missing, misconfigured or not answering. The message names the device path
    (or pin/bus) and says what to do about it."""


# --------------------------------------------------------------------------- device events
@dataclass(frozen=True)
class DeviceEvent:
    """Something the referee must know about a device link, beside its data.

    kind: "reset"   - the device rebooted (new boot id); occupancy seen across the gap is
                      not trustworthy, so the referee pauses and re-reads the bed.
          "offline" - the device stopped answering (cable pulled, crash).
          "online"  - the device is back (after "offline").
          "warning" - an optional device is absent or degraded; detail says which and why.
    """

    kind: str
    device: str
    detail: str = ""


# --------------------------------------------------------------------------- reed grid
class ReedGrid(ABC):
    """The 6x6 reed-switch matrix under the bed."""

    @abstractmethod
    def poll(self) -> int:
        """Return the current *debounced* occupancy bitmask.

        Scanning backends do one scan + debounce step per call (the service calls at the
        configured scan rate); streaming backends (the bridge) return the latest snapshot.
        """

    def raw(self) -> int:
        """The last undebounced scan (diagnostics). Defaults to the debounced value."""
        return self.poll()

    def drain_events(self) -> list[DeviceEvent]:
        """Device events since the last call (reset, offline, ...). Default: none."""
        return []

    def close(self) -> None:  # idempotent
        pass


# --------------------------------------------------------------------------- LED grid
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


class LedGrid(ABC):
    """One RGB LED under each square. Implementations apply a global brightness cap."""

    @abstractmethod
    def show(self, frame: LedFrame) -> None:
        """Display the frame. Effects (blink, pulse) are animated by the driver itself."""

    def close(self) -> None:  # idempotent; blanks the LEDs
        pass


# --------------------------------------------------------------------------- display
DISPLAY_SIZE = (128, 64)


class Display(ABC):
    """A 128x64 monochrome OLED. Screens are rendered to images elsewhere (companion UI)."""

    @abstractmethod
    def show(self, image: "Image") -> None:
        """Show a 128x64 PIL image (mode "1")."""

    def close(self) -> None:  # idempotent; blanks the display
        pass


# --------------------------------------------------------------------------- card reader
@dataclass(frozen=True)
class CardEvent:
    uid: bytes  # 4 or 7 bytes
    text: str | None = None  # NDEF text record, when the tag carries one

    @property
    def uid_hex(self) -> str:
        return self.uid.hex(":").upper()


class CardReader(ABC):
    """RFID/NFC reader. A card held on the reader is one event (debounced)."""

    @abstractmethod
    def poll(self) -> list[CardEvent]:
        """Card taps since the last call."""

    def close(self) -> None:  # idempotent
        pass


# --------------------------------------------------------------------------- buttons
@dataclass(frozen=True)
class ButtonEvent:
    name: str  # e.g. "ok", "back", "cat"
    kind: str  # "press" or "long"


class Buttons(ABC):
    @abstractmethod
    def poll(self) -> list[ButtonEvent]:
        """Button events since the last call."""

    def close(self) -> None:  # idempotent
        pass
