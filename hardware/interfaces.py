"""The small interfaces every device driver implements.

Squares use the engine's numbering: a1 = 0, b1 = 1, ... f1 = 5, a2 = 6, ... f6 = 35
(square = rank_index * 6 + file_index); a set of squares is an int bitmask (bit 1 << square).

All interfaces are *polled*: the service calls them from its loop, and drivers that get events
from callbacks or threads (gpiozero buttons, the serial bridge) queue them and hand them over on
the next poll. That keeps the referee single-threaded and lets tests and the simulator drive the
fakes step by step. ``close()`` is idempotent on every device.

The loop sleeps while nothing happens (issue 47), so an input device says when it wants a poll
(`Wakes`): a driver whose events arrive by themselves calls the waker the service hands it
(`set_waker`, from any thread) when it has something new; a device that must be looked at
(a scanned diode matrix, a card reader without an interrupt) names its `poll_interval()`.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

# The shared words live in a leaf module the pure table logic imports too; re-exported here
# for the drivers (and for callers that still import them from hardware).
from companion.words import (COLS, DARK, DISPLAY_SIZE, FULL_MASK, ROWS, SQUARES, ButtonEvent,  # noqa: F401
                             CardEvent, DeviceEvent, Effect, HardwareError, LedCell, LedFrame,
                             parse_square, square_name)

if TYPE_CHECKING:  # Pillow is only needed by callers that render images.
    from PIL.Image import Image


class Wakes:
    """What an input device tells the service's sleeping loop. `set_waker(wake)`: `wake()` asks
    for a poll soon, callable from any thread (a gpiozero callback, a reader thread); the device
    calls it whenever a poll would return something new. `poll_interval()`: seconds until the
    device must be polled again although it woke nobody (None: it wakes the loop itself)."""

    _waker = None

    def set_waker(self, wake) -> None:
        self._waker = wake

    def _wake(self) -> None:
        wake = self._waker
        if wake is not None:
            wake()

    def poll_interval(self) -> float | None:
        return None


# --------------------------------------------------------------------------- reed grid
class ReedGrid(Wakes, ABC):
    """The 6x6 reed-switch matrix under the bed."""

    @abstractmethod
    def poll(self) -> int:
        """Return the current *debounced* occupancy bitmask.

        Scanning backends do one scan + debounce step per call (the service calls at their
        `poll_interval()`; the GPIO matrix skips the scan while it waits for a column edge);
        streaming backends (the bridge) return the latest snapshot.
        """

    def raw(self) -> int:
        """The last undebounced scan (diagnostics). Defaults to the debounced value."""
        return self.poll()

    def kinds(self) -> tuple[int, int] | None:
        """What a bed that senses the pieces' kind (the hall-effect bed: a kitten's magnet north
        down, a cat's south down) read at the last poll: (south mask, ambiguous mask); None for
        reed switches, which only see that something is there."""
        return None

    def fields_mt(self) -> list[float] | None:
        """The hall-effect bed's field at each square's sensor now, in mT (north down positive: a
        kitten), for the selftest; None for reed switches."""
        return None

    def drain_events(self) -> list[DeviceEvent]:
        """Device events since the last call (reset, offline, ...). Default: none."""
        return []

    def close(self) -> None:  # idempotent
        pass


# --------------------------------------------------------------------------- LED grid
class LedGrid(ABC):
    """One RGB LED under each square. Implementations apply a global brightness cap."""

    @abstractmethod
    def show(self, frame: LedFrame) -> None:
        """Display the frame. Effects (blink, pulse) are animated by the driver itself."""

    def close(self) -> None:  # idempotent; blanks the LEDs
        pass


# --------------------------------------------------------------------------- display
class Display(ABC):
    """A 128x64 monochrome OLED. Screens are rendered to images elsewhere (companion UI)."""

    @abstractmethod
    def show(self, image: "Image") -> None:
        """Show a 128x64 PIL image (mode "1")."""

    def close(self) -> None:  # idempotent; blanks the display
        pass


# --------------------------------------------------------------------------- card reader
class CardReader(Wakes, ABC):
    """RFID/NFC reader. A card held on the reader is one event (debounced)."""

    @abstractmethod
    def poll(self) -> list[CardEvent]:
        """Card taps since the last call."""

    def close(self) -> None:  # idempotent
        pass


# --------------------------------------------------------------------------- buttons
class Buttons(Wakes, ABC):
    #: the buttons' names, as ButtonEvent.name gives them
    names: tuple[str, ...] = ("ok", "back", "cat")

    @abstractmethod
    def poll(self) -> list[ButtonEvent]:
        """Button events since the last call."""

    def held(self, name: str) -> bool:
        """Whether the button is pressed down now (OK held at start-up shows the page's address)."""
        return False

    def close(self) -> None:  # idempotent
        pass
