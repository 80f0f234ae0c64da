"""LED frame rendering (effects, brightness cap) and the animating base for LED drivers.

Pure rendering is separate from the thread so the simulator and the tests can ask "what does
the grid show at time t" without any timing.
"""
from __future__ import annotations

import math
import threading
import time

from hardware.interfaces import SQUARES, Effect, LedFrame, LedGrid

BLINK_HZ = 2.0
PULSE_HZ = 1.0
PULSE_FLOOR = 0.15  # a pulsing LED never goes fully dark, so it still reads as "lit"
# One WS2812 channel at full duty draws about 20 mA; 36 LEDs at full white ~ 2.2 A.
MA_PER_CHANNEL = 20.0


def effect_level(effect: Effect, t: float) -> float:
    """0..1 intensity of an effect at time t (seconds)."""
    if effect is Effect.STEADY:
        return 1.0
    if effect is Effect.BLINK:
        return 1.0 if (t * BLINK_HZ) % 1.0 < 0.5 else 0.0
    if effect is Effect.PULSE:
        return PULSE_FLOOR + (1 - PULSE_FLOOR) * (0.5 - 0.5 * math.cos(2 * math.pi * PULSE_HZ * t))
    return 0.0


def estimated_current_ma(pixels) -> float:
    return sum(r + g + b for r, g, b in pixels) * MA_PER_CHANNEL / 255.0


def render(frame: LedFrame, t: float, brightness: float = 1.0,
           max_current_ma: float | None = None) -> list[tuple[int, int, int]]:
    """Per-square RGB at time t, after the global brightness and the current cap."""
    out = []
    for cell in frame.cells:
        k = effect_level(cell.effect, t) * brightness
        r, g, b = cell.color
        out.append((int(r * k + 0.5), int(g * k + 0.5), int(b * k + 0.5)))
    if max_current_ma is not None:
        ma = estimated_current_ma(out)
        if ma > max_current_ma:
            s = max_current_ma / ma
            out = [(int(r * s), int(g * s), int(b * s)) for r, g, b in out]
    return out


def is_animated(frame: LedFrame) -> bool:
    return any(c.effect in (Effect.BLINK, Effect.PULSE) for c in frame.cells)


class AnimatedLedGrid(LedGrid):
    """Renders frames and, while any cell blinks or pulses, re-renders them from a background
    thread at ``fps``. Subclasses implement ``_write(pixels)`` (36 RGB tuples by square)."""

    def __init__(self, brightness: float = 0.5, max_current_ma: float | None = 1500.0,
                 fps: float = 50.0, animate: bool = True, clock=time.monotonic) -> None:
        if not 0.0 <= brightness <= 1.0:
            from hardware.interfaces import HardwareError
            raise HardwareError(f"leds brightness must be 0.0..1.0, got {brightness!r}")
        self.brightness = brightness
        self.max_current_ma = max_current_ma
        self._fps = fps
        self._clock = clock
        self._frame = LedFrame()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._closed = False
        self._thread = None
        self._animate = animate

    @property
    def frame(self) -> LedFrame:
        return self._frame

    def show(self, frame: LedFrame) -> None:
        with self._lock:
            if self._closed:
                return
            self._frame = frame
            self._wake.notify()
        self.refresh()
        if self._animate and self._thread is None and is_animated(frame):
            self._thread = threading.Thread(target=self._run, name="led-animator", daemon=True)
            self._thread.start()

    def refresh(self, t: float | None = None) -> list[tuple[int, int, int]]:
        """Render the current frame at time t (default: now) and write it out."""
        pixels = render(self._frame, self._clock() if t is None else t, self.brightness,
                        self.max_current_ma)
        with self._lock:
            if not self._closed:
                self._write(pixels)
        return pixels

    def _run(self) -> None:
        period = 1.0 / self._fps
        while True:
            with self._lock:
                while not self._closed and not is_animated(self._frame):
                    self._wake.wait()
                if self._closed:
                    return
                self._wake.wait(period)
                if self._closed:
                    return
            self.refresh()

    def _write(self, pixels) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._wake.notify_all()
            try:
                self._write([(0, 0, 0)] * SQUARES)
            finally:
                self._release()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)

    def _release(self) -> None:
        pass
