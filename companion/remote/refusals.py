"""Refused input, counted and logged within bounds: anyone who sees a room's topic names on a
public broker can publish junk there at the broker's rate, and anyone on the LAN can send the
page junk at the network's; one log line each would fill the Pi's journal. The first refusal
is said (remote play: logged and noted on the page; the page: logged); after it, at most one
summary line a minute says how many more were refused and the latest reason, cut to
`MAX_WHY` characters (a refused input may be 64 KB). The clock is the service loop's (`now`,
monotonic seconds), so tests step it without sleeping. Pure (no logging here, which brings
threads): the caller says how a line is said.

    refusals = Refusals(lambda why: companion.note("note.remote", why=why), log.warning)
    refusals.refused("a message of 40 bytes does not open ...", now)
    refusals.tick(now)            # from every loop step (or at `due`): the summary when it is due
"""
from __future__ import annotations

PERIOD = 60.0
MAX_WHY = 300


def cut(text: str, limit: int = MAX_WHY) -> str:
    """A reason as the log takes it: one line of at most `limit` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Refusals:
    def __init__(self, first, summary, period: float = PERIOD, *, name: str = "remote",
                 what: str = "messages") -> None:
        self.first = first            # says the first refusal (and the first after a quiet minute)
        self.summary = summary        # says a summary line (a logger's warning)
        self.period = period
        self.name, self.what = name, what
        self.count = 0                # every refusal since the remote game (or the page) began
        self._unsaid = 0              # refused since the last line
        self._latest = ""
        self._said_at: float | None = None

    @property
    def due(self) -> float | None:
        """When the next summary is due (None: nothing unsaid)."""
        return self._said_at + self.period if self._unsaid else None

    def refused(self, why: str, now: float, n: int = 1) -> None:
        """`n` refused for the same reason (remote play: those dropped unread from a full inbox)."""
        self.count += n
        if self._said_at is None or (self._unsaid == 0 and now - self._said_at >= self.period):
            self._said_at = now
            self.first(cut(why))
            n -= 1
            if not n:
                return
        self._unsaid += n
        self._latest = why
        self.tick(now)

    def tick(self, now: float) -> None:
        if self._unsaid and now - self._said_at >= self.period:
            self.summary(f"{self.name}: {self._unsaid} more {self.what} refused in the last"
                         f" {round(now - self._said_at)} s (the latest: {cut(self._latest)})")
            self._unsaid, self._said_at = 0, now
