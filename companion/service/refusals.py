"""Refused broker messages, counted and logged within bounds: anyone who sees a room's topic
names on a public broker can publish junk there at the broker's rate, and one log line each
would fill the Pi's journal. The first refusal is logged (and noted on the page); after it, at
most one summary line a minute says how many more were refused and the latest reason. The
clock is the service loop's (`now`, monotonic seconds), so tests step it without sleeping.

    refusals = Refusals(companion.note)
    refusals.refused("a message of 40 bytes does not open ...", now)
    refusals.tick(now)            # from every loop step: the minute's summary when it is due
"""
from __future__ import annotations

import logging

log = logging.getLogger("companion.remote")

PERIOD = 60.0


class Refusals:
    def __init__(self, note, period: float = PERIOD) -> None:
        self.note = note              # the service's notice: logged once, and on the page
        self.period = period
        self.count = 0                # every refusal since the remote game began
        self._unsaid = 0              # refused since the last line
        self._latest = ""
        self._said_at: float | None = None

    def refused(self, why: str, now: float) -> None:
        self.count += 1
        if self._said_at is None or (self._unsaid == 0 and now - self._said_at >= self.period):
            self._said_at = now
            self.note("note.remote", why=why)
            return
        self._unsaid += 1
        self._latest = why
        self.tick(now)

    def next_deadline(self) -> float | None:
        """When the summary of the refusals since the last line is due (None: none to say)."""
        return self._said_at + self.period if self._unsaid else None

    def tick(self, now: float) -> None:
        if self._unsaid and now - self._said_at >= self.period:
            log.warning("remote: %d more messages refused in the last %d s (the latest: %s)",
                        self._unsaid, round(now - self._said_at), self._latest)
            self._unsaid, self._said_at = 0, now
