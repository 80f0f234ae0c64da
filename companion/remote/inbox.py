"""The messages that came between two steps of the service loop, bounded: anyone who sees a
room's topic names on a public broker can publish there at the broker's rate, and a flood must
not grow the Pi's memory. Past `size` the newest are dropped unread and counted, for the caller
to refuse (a real move lost so comes back with the brokers' retained state)."""
from __future__ import annotations

import collections

SIZE = 256   # a real game sends a handful between two steps


class Inbox:
    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.dropped = 0              # dropped unread since the last take()
        self._items: collections.deque = collections.deque()

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item) -> bool:
        """Queue `item`; False when the inbox is full and it was dropped."""
        if len(self._items) >= self.size:
            self.dropped += 1
            return False
        self._items.append(item)
        return True

    def take(self) -> tuple[list, int]:
        """Everything queued, in order, and how many were dropped since the last take."""
        items, dropped = list(self._items), self.dropped
        self._items.clear()
        self.dropped = 0
        return items, dropped
