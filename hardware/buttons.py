"""Push buttons through gpiozero: "press" on release of a short press, "long" once the button
has been held for ``hold_s`` (the release after a long press sends nothing more)."""
from __future__ import annotations

import threading

from hardware.interfaces import ButtonEvent, Buttons, HardwareError


class GpioButtons(Buttons):
    def __init__(self, pins: dict[str, int], *, pin_factory=None, hold_s: float = 1.0,
                 bounce_s: float | None = 0.02) -> None:
        from gpiozero import Button

        from hardware.reed import make_pin_factory

        factory = make_pin_factory(pin_factory)
        self._lock = threading.Lock()
        self._queue: list[ButtonEvent] = []
        self._held: set[str] = set()
        self._buttons = {}
        self.names = tuple(pins)
        self._closed = False
        try:
            for name, pin in pins.items():
                b = Button(f"GPIO{pin}", pull_up=True, bounce_time=bounce_s, hold_time=hold_s,
                           pin_factory=factory)
                b.when_pressed = lambda n=name: self._pressed(n)
                b.when_held = lambda n=name: self._on_held(n)
                b.when_released = lambda n=name: self._released(n)
                self._buttons[name] = b
        except Exception as e:
            self.close()
            raise HardwareError(f"buttons: cannot claim GPIOs {pins}: {e}; check [buttons] in "
                                f"wiring/pins.toml") from None

    def _pressed(self, name: str) -> None:
        with self._lock:
            self._held.discard(name)

    # gpiozero calls these from its own thread on an edge: the event is queued and the service's
    # sleeping loop woken (Wakes), so a press is taken at once and an idle loop polls nothing
    def _on_held(self, name: str) -> None:
        with self._lock:
            self._held.add(name)
            self._queue.append(ButtonEvent(name, "long"))
        self._wake()

    def _released(self, name: str) -> None:
        with self._lock:
            if name in self._held:
                self._held.discard(name)
                return
            self._queue.append(ButtonEvent(name, "press"))
        self._wake()

    def held(self, name: str) -> bool:
        button = self._buttons.get(name)
        return bool(button is not None and button.is_pressed)

    def poll(self) -> list[ButtonEvent]:
        with self._lock:
            out, self._queue = self._queue, []
        return out

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for b in self._buttons.values():
            try:
                b.close()
            except Exception:
                pass
        self._buttons = {}
