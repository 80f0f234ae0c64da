"""Scriptable, recording fakes of every device, for the simulator, the referee tests and
`companion selftest --fake`. All are thread-safe: the web page pokes them from another task
while the service loop polls them.

    reed = FakeReedGrid();      reed.set("c3"); reed.lift(14); reed.bounce("a1", scans=4)
    leds = FakeLedGrid();       leds.current, leds.frames, leds.pixels(t)
    oled = FakeDisplay();       oled.image (last PIL image shown, through luma's dummy device)
    cards = FakeCardReader();   cards.tap("04a1b2c3d4e5f6", "cat")
    buttons = FakeButtons();    buttons.press("ok"); buttons.long("back"); buttons.hold("ok")
"""
from __future__ import annotations

import threading

from hardware.interfaces import (
    COLS,
    SQUARES,
    ButtonEvent,
    Buttons,
    CardEvent,
    CardReader,
    DeviceEvent,
    LedFrame,
    LedGrid,
    parse_square,
)
from hardware.leds import render
from hardware.oled import LumaDisplay
from hardware.reed import ScanningReedGrid


class FakeReedGrid(ScanningReedGrid):
    """Magnets are placed with set()/lift(); poll() scans that physical state (plus any injected
    bounce) through the real Debouncer. ``seen`` is what the last poll() returned, i.e. what
    the referee sees. debounce=1 by default so a set() shows on the next poll. Every change wakes
    the service's sleeping loop (`Wakes`), as a real device's event would."""

    def __init__(self, debounce: int = 1, scan_hz: float = 100.0) -> None:
        super().__init__(debounce, scan_hz)
        self._lock = threading.Lock()
        self.physical = 0
        self._bounce: dict[int, int] = {}  # square -> scans of chatter left
        self._events: list[DeviceEvent] = []
        self.seen = 0
        self.scans = 0

    def set(self, *squares) -> None:
        with self._lock:
            for sq in squares:
                self.physical |= 1 << parse_square(sq)
        self._wake()

    def lift(self, *squares) -> None:
        with self._lock:
            for sq in squares:
                self.physical &= ~(1 << parse_square(sq))
        self._wake()

    def set_mask(self, mask: int) -> None:
        with self._lock:
            self.physical = mask & ((1 << SQUARES) - 1)
        self._wake()

    def put(self, square, kind: str) -> None:
        """A piece of `kind` put down: reed switches see only that something is there."""
        self.set(square)

    def bounce(self, square, scans: int = 4) -> None:
        """The next ``scans`` scans read the square inverted on every other scan (chatter)."""
        with self._lock:
            self._bounce[parse_square(square)] = scans
        self._wake()

    def inject_event(self, kind: str, detail: str = "") -> None:
        with self._lock:
            self._events.append(DeviceEvent(kind, "reed", detail))
        self._wake()

    def poll_interval(self) -> float | None:
        """Polled at `scan_hz` only while a change is on its way through the debouncer or chatter
        is left; a still fake bed sleeps (set/lift/bounce wake the loop)."""
        with self._lock:
            busy = self._bounce or self.physical != self._debouncer.stable or self.settling()
        return 1.0 / self.scan_hz if busy else None

    def scan(self) -> int:
        with self._lock:
            raw = self.physical
            for sq, left in list(self._bounce.items()):
                if left % 2 == 0:
                    raw ^= 1 << sq
                if left <= 1:
                    del self._bounce[sq]
                else:
                    self._bounce[sq] = left - 1
            self.scans += 1
            return raw

    def poll(self) -> int:
        value = super().poll()
        with self._lock:
            self.seen = value
        return value

    def settle(self) -> int:
        """Poll until the debouncer has caught up with the physical state (no bounce left)."""
        for _ in range(self._debouncer.n + 64):
            if self.poll() == self.physical and not self._bounce:
                break
        return self.seen

    def drain_events(self) -> list[DeviceEvent]:
        with self._lock:
            out, self._events = self._events, []
        return out


class FakeHallGrid(FakeReedGrid):
    """A hall-effect bed without hardware: a piece is put down with its kind ("k": north down,
    "c": south down, "?": too weak to tell) and kinds() reports them for the pieces poll() sees.
    set()/lift()/set_mask() work as on the reed fake; a square set without a kind reads "?"."""

    def __init__(self, debounce: int = 1, scan_hz: float = 100.0) -> None:
        super().__init__(debounce, scan_hz)
        self.kind: dict[int, str] = {}

    def set(self, *squares) -> None:
        """Pieces put down without saying which: the bed cannot tell them ("?")."""
        super().set(*squares)
        with self._lock:
            for sq in squares:
                self.kind[parse_square(sq)] = "?"

    def put(self, square, kind: str) -> None:
        if kind not in ("k", "c", "?"):
            raise ValueError(f"piece kind {kind!r}: use 'k' (kitten, north down), 'c' (cat) or '?'")
        sq = parse_square(square)
        with self._lock:
            self.physical |= 1 << sq
            self.kind[sq] = kind
        self._wake()

    def kinds(self) -> tuple[int, int]:
        with self._lock:
            seen = self.seen
            south = sum(1 << sq for sq, k in self.kind.items() if k == "c" and seen >> sq & 1)
            weak = sum(1 << sq for sq in range(SQUARES) if seen >> sq & 1 and self.kind.get(sq, "?") == "?")
        return south, weak

    def fields_mt(self) -> list[float]:
        """Nominal fields: a kitten +40 mT, a cat -40 mT, a piece that cannot be told +6 mT."""
        with self._lock:
            seen = self.seen
            return [0.0 if not seen >> sq & 1 else {"k": 40.0, "c": -40.0}.get(self.kind.get(sq), 6.0)
                    for sq in range(SQUARES)]


class FakeLedGrid(LedGrid):
    def __init__(self, brightness: float = 1.0, max_current_ma: float | None = None) -> None:
        self.brightness = brightness
        self.max_current_ma = max_current_ma
        self._lock = threading.Lock()
        self.frames: list[LedFrame] = []
        self.closed = False

    @property
    def current(self) -> LedFrame:
        with self._lock:
            return self.frames[-1] if self.frames else LedFrame()

    def show(self, frame: LedFrame) -> None:
        with self._lock:
            if not self.closed:
                self.frames.append(frame)

    def pixels(self, t: float = 0.0) -> list[tuple[int, int, int]]:
        """RGB per square at time t, rendered exactly as the real driver renders."""
        return render(self.current, t, self.brightness, self.max_current_ma)

    def close(self) -> None:
        with self._lock:
            if not self.closed:
                self.closed = True
                self.frames.append(LedFrame())


class FakeDisplay(LumaDisplay):
    """luma.core's ``dummy`` device underneath, so images go through the real luma path
    (mode conversion, rotation, size check). ``image`` is the last image shown."""

    def __init__(self, rotate: int = 0) -> None:
        from luma.core.device import dummy

        super().__init__(dummy(width=128, height=64, rotate=rotate, mode="1"), "fake OLED")
        self._lock = threading.Lock()
        self.shown = 0

    def show(self, image) -> None:
        with self._lock:
            super().show(image)
            self.shown += 1

    @property
    def image(self):
        with self._lock:
            return self.device.image

    def close(self) -> None:
        self._closed = True  # keep the last image for inspection; luma's dummy needs no cleanup


def _uid(uid) -> bytes:
    if isinstance(uid, (bytes, bytearray)):
        b = bytes(uid)
    else:
        b = bytes.fromhex(str(uid).replace(":", "").replace(" ", ""))
    if len(b) not in (4, 7, 10):
        raise ValueError(f"card UID must be 4, 7 or 10 bytes, got {len(b)}: {uid!r}")
    return b


class FakeCardReader(CardReader):
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: list[CardEvent] = []
        self.taps: list[CardEvent] = []

    def tap(self, uid, text: str | None = None) -> CardEvent:
        ev = CardEvent(uid=_uid(uid), text=text)
        with self._lock:
            self._queue.append(ev)
            self.taps.append(ev)
        self._wake()
        return ev

    def poll(self) -> list[CardEvent]:
        with self._lock:
            out, self._queue = self._queue, []
        return out


class FakeButtons(Buttons):
    def __init__(self, names=("ok", "back", "cat")) -> None:
        self.names = tuple(names)
        self._lock = threading.Lock()
        self._queue: list[ButtonEvent] = []
        self._down: set[str] = set()

    def hold(self, name: str, down: bool = True) -> None:
        """Press and keep it down (False: let go), as a finger on the button at start-up."""
        self._add(name, None)
        (self._down.add if down else self._down.discard)(name)
        self._wake()

    def held(self, name: str) -> bool:
        return name in self._down

    def _add(self, name: str, kind: str) -> None:
        if name not in self.names:
            raise ValueError(f"no button {name!r}; buttons are {', '.join(self.names)}")
        if kind is None:
            return
        with self._lock:
            self._queue.append(ButtonEvent(name, kind))
        self._wake()

    def press(self, name: str) -> None:
        self._add(name, "press")

    def long(self, name: str) -> None:
        self._add(name, "long")

    def poll(self) -> list[ButtonEvent]:
        with self._lock:
            out, self._queue = self._queue, []
        return out
