"""The card reader: turns PN532 polls into one CardEvent per tap."""
from __future__ import annotations

import threading

from hardware.interfaces import CardEvent, CardReader, DeviceEvent, HardwareError
from hardware.pn532 import PN532, PN532Error, PN532FrameError


class TapDebouncer:
    """A card held on the reader is one tap. The card counts as gone only after ``absent_polls``
    consecutive polls without it, because the RF field misses a held card now and then."""

    def __init__(self, absent_polls: int = 3) -> None:
        self.absent_polls = absent_polls
        self.current: bytes | None = None
        self._misses = 0

    def update(self, uid: bytes | None) -> bool:
        """Feed one poll result; True when it is a new tap."""
        if uid is None:
            self._misses += 1
            if self._misses >= self.absent_polls:
                self.current = None
            return False
        self._misses = 0
        if uid != self.current:
            self.current = uid
            return True
        return False


class PN532CardReader(CardReader):
    """Polls a PN532 for ISO 14443A tags; reads the NDEF text of each new tag once.

    threaded=True polls from a background thread every ``interval`` s and poll() only drains
    the queue (the serial exchange takes tens of ms, too long for the service loop);
    threaded=False does one PN532 poll per poll() (tests, selftest).
    """

    def __init__(self, pn532: PN532, *, threaded: bool = True, interval: float = 0.1,
                 absent_polls: int = 3, read_text: bool = True, max_errors: int = 5) -> None:
        self.pn532 = pn532
        self._debounce = TapDebouncer(absent_polls)
        self._read_text = read_text
        self._queue: list[CardEvent] = []
        self._events: list[DeviceEvent] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._errors = 0
        self._max_errors = max_errors
        self._offline = False
        self._closed = False
        self.frame_errors = 0
        try:
            self.firmware = pn532.firmware_version()
            pn532.setup()
        except PN532Error as e:
            pn532.close()
            raise HardwareError(f"{e}") from None
        self._thread = None
        self._interval = interval
        if threaded:
            self._thread = threading.Thread(target=self._run, args=(interval,), name="pn532",
                                            daemon=True)
            self._thread.start()

    def scan_once(self) -> CardEvent | None:
        """One poll of the reader; the new tap if there is one."""
        try:
            found = self.pn532.list_target()
            event = None
            uid = found[1] if found else None
            if self._debounce.update(uid):
                text = None
                if self._read_text:
                    try:
                        text = self.pn532.read_ndef_text(found[0])
                    except PN532FrameError:
                        raise
                    except PN532Error:
                        text = None  # not a Type 2 tag, or no NDEF: the UID is still a tap
                event = CardEvent(uid=uid, text=text)
            self._errors = 0
            if self._offline:
                self._offline = False
                self._note(DeviceEvent("online", "cards", self.pn532.name))
        except PN532FrameError:
            self.frame_errors += 1
            self._debounce.current = None  # re-read the card cleanly next time
            return None
        except PN532Error as e:
            self._errors += 1
            if self._errors == self._max_errors and not self._offline:
                self._offline = True
                self._note(DeviceEvent("offline", "cards", str(e)))
            return None
        if event is not None:
            with self._lock:
                self._queue.append(event)
            if self._thread is not None:
                self._wake()   # the polling thread's tap: the service's loop takes it now
        return event

    def _note(self, ev: DeviceEvent) -> None:
        with self._lock:
            self._events.append(ev)
        self._wake()

    def poll_interval(self) -> float | None:
        """threaded: its thread polls the PN532 and wakes the loop with a tap (None); otherwise
        each poll() is one PN532 exchange, due every `interval`. (The PN532's IRQ line is not
        wired: the reader is polled either way, by its thread.)"""
        return None if self._thread is not None else self._interval

    def _run(self, interval: float) -> None:
        while not self._stop.is_set():
            self.scan_once()
            self._stop.wait(interval)

    def poll(self) -> list[CardEvent]:
        if self._thread is None and not self._closed:
            self.scan_once()
        with self._lock:
            out, self._queue = self._queue, []
        return out

    def drain_events(self) -> list[DeviceEvent]:
        with self._lock:
            out, self._events = self._events, []
        return out

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        self.pn532.close()
