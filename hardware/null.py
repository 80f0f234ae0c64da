"""Stand-ins for optional devices that are absent (the factory pairs each with a "warning"
DeviceEvent, so the absence is visible, never silent)."""
from __future__ import annotations

from hardware.interfaces import CardReader, Display


class NullDisplay(Display):
    def __init__(self, reason: str = "") -> None:
        self.reason = reason

    def show(self, image) -> None:
        pass


class NullCardReader(CardReader):
    def __init__(self, reason: str = "") -> None:
        self.reason = reason

    def poll(self):
        return []
