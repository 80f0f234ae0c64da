"""The service's loop, asleep while nothing happens (issue 47): no fixed-rate wake-up. After each
step (Companion.step) the loop waits in asyncio's own selector until one of these comes:

- an input device wakes it (`Waker.wake`, thread-safe): the bridge's reader thread when a
  SNAPSHOT changed the bed or an event came, the buttons' gpiozero edge callbacks, the card
  reader's polling thread with a tap, every fake's test API (hardware/fakes.py), a page's control
  message (companion/web/server.py), a remote game's message, the AI's or the review's finished
  search (a future's done-callback);
- the next timer that is really due (`next_deadline`): the table's (`Table.next_deadline`: the
  settle time, a correction delay, a flash of the LEDs), the OLED's (a service message's end, a
  long instruction's next page), the storage retry, the simulator's virtual card players, the
  BOOTSEL watch of a bridge table, the remote game's refusal summary, systemd's watchdog ping
  (at the interval it asks for, nothing more);
- a device that must be looked at (`Devices.poll_interval`): an MCP23017 reed matrix
  (1/scan_hz), the GPIO one while it debounces (1/scan_hz) or a column is held (1/watch_hz; its
  column edges wake the loop otherwise), a card reader without its thread, a fake bed whose
  debouncer is still deciding;
  `companion run --feed` follows its file at the scan rate.

A step that changed something is followed by one more step at once (its consequences, e.g. the
commits of an AI move given late in the step, are taken before the loop sleeps); a step that
changed nothing sleeps. The Pi's idle figures: `companion bench idle`.
"""
from __future__ import annotations

import asyncio
import selectors
import threading

from companion.service import address
from companion.service.notices import card_problems


#: The loop wakes this much after a timer's time: a timer's test (`now - since >= settle`) holds
#: then whatever the floating point rounding of `since + settle` (1 ms: nobody sees it).
LATE = 0.001


class Waker:
    """The loop's alarm: `wake()` from any thread asks for a step now; `sleep(timeout)` (on the
    loop) waits for it or for `timeout` seconds. Before the loop runs, a wake is kept for its
    first step; wakes during a step make the next sleep return at once."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: int | None = None
        self._future: asyncio.Future | None = None
        self._woken = False
        self._signalled = False     # a call_soon_threadsafe on its way: no second one
        self.wakes = 0              # wake() calls (tests, benchmarks)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop, self._thread = loop, threading.get_ident()

    def detach(self) -> None:
        self._loop = self._thread = None

    @property
    def asleep(self) -> bool:
        """The loop waits for a wake-up or its timer now (tests: nothing runs until one comes)."""
        fut = self._future
        return fut is not None and not fut.done()

    def wake(self) -> None:
        self.wakes += 1
        loop = self._loop
        if loop is None or threading.get_ident() == self._thread:
            self._set()
            return
        if self._signalled:
            return
        self._signalled = True
        try:
            loop.call_soon_threadsafe(self._set)
        except RuntimeError:        # the loop closed: the service is stopping
            self._signalled = False

    def _set(self) -> None:
        self._woken = True
        fut = self._future
        if fut is not None and not fut.done():
            fut.set_result(None)
        self._signalled = False

    async def sleep(self, timeout: float | None) -> None:
        if self._woken or (timeout is not None and timeout <= 0):
            self._woken = False
            await asyncio.sleep(0)  # the loop's other tasks (the page) run before the next step
            return
        loop = asyncio.get_running_loop()
        fut = self._future = loop.create_future()
        timer = None if timeout is None else loop.call_later(timeout, _resolve, fut)
        try:
            await fut
        finally:
            if timer is not None:
                timer.cancel()
            self._future = None
            self._woken = False


def _resolve(fut: asyncio.Future) -> None:
    if not fut.done():
        fut.set_result(None)


def wake_when_done(future, waker: Waker) -> None:
    """A background search's future: its end wakes the loop, which collects the answer."""
    if future is not None:
        future.add_done_callback(lambda _f: waker.wake())


def next_deadline(c, now: float) -> float | None:
    """The earliest time after `now` (the service's clock) at which a step has something to do
    that no wake-up will announce; None: nothing until something wakes the loop."""
    due = [c.table.next_deadline(now), c.screen.next_deadline(now), c.remote.next_deadline(now),
           c.flashing.next_deadline(now)]
    poll = c.devices.poll_interval()
    if poll is not None:
        due.append(now + poll)
    if c.feed is not None:          # `--feed FILE`: a file has no wake-up, it is followed
        due.append(now + 1.0 / c.config.scan_hz)
    if c.pending.paused:
        due.append(c.pending.retry_at)
    if c.virtual is not None and c.virtual.wants(c.table):
        due.append(c.virtual.next_act)
    return min((t for t in due if t is not None and t > now), default=None)


async def serve(c, notifier=None) -> None:
    """Companion.run: the loop until `c.stop()`."""
    c._stop_event = asyncio.Event()
    loop = asyncio.get_running_loop()
    c.waker.attach(loop)
    c.devices.set_waker(c.waker.wake)
    watchdog = notifier.watchdog_interval if notifier is not None else None
    next_ping = 0.0
    if notifier is not None:
        notifier.ready("playing" if not c.resumed else "resumed a game")
    card_problems(c)  # what the image's first boot found wrong on the SD card
    address.at_start(c)  # OK held at start-up: the page's address and its QR code
    c.remote.start()
    if c.settings.ai_seats:
        c.ai.warm()  # hints alone start the worker on their first use
    try:
        while not c._stop_event.is_set():
            now = c.clock()
            changed = c.step(now)
            if watchdog and loop.time() >= next_ping:   # (the loop's clock: time.monotonic)
                notifier.watchdog()
                next_ping = loop.time() + watchdog
            deadline = None if changed else next_deadline(c, now)
            timeout = 0.0 if changed else None if deadline is None else max(0.0, deadline - c.clock()) + LATE
            if watchdog:
                ping_in = max(0.0, next_ping - loop.time())
                timeout = ping_in if timeout is None else min(timeout, ping_in)
            await c.waker.sleep(timeout)
    finally:
        c.waker.detach()
        if notifier is not None:
            notifier.stopping()
        c.close()


class CountingSelector(selectors.DefaultSelector):
    """The loop's own selector, counting its wake-ups: each select() that may block (a timeout
    above 0, or none) and returns is one (`companion bench idle`, tests/test_service_idle.py).
    A select(0) is the loop looking for I/O while it has work: no sleep, no wake-up."""

    def __init__(self) -> None:
        super().__init__()
        self.wakeups = 0
        self.selects = 0

    def select(self, timeout=None):
        events = super().select(timeout)
        self.selects += 1
        if timeout is None or timeout > 0:
            self.wakeups += 1
        return events


def counting_loop() -> tuple[asyncio.AbstractEventLoop, CountingSelector]:
    selector = CountingSelector()
    return asyncio.SelectorEventLoop(selector), selector
