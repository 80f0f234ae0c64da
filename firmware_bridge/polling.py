"""Waiting on a device's state (the fake Pico's, the emulated RP2040's, a link's): poll a
predicate until it holds, never a sleep standing in for the wait."""
from __future__ import annotations

import time
from typing import Callable


def until(predicate: Callable[[], object], timeout: float, interval: float = 0.005):
    """True once `predicate()` is, polled every `interval` s; else its value after `timeout` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()
