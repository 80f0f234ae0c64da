"""Whether the other companion is there, from fresh messages only.

Every sealed message carries its sender's `mark`: [epoch, connection, rank]. The epoch grows
with every start of the sender's remote game (the wall clock in milliseconds, never below the
last one kept: the journal's setting `remote.epoch`), the connection with every connection to a
broker in that start, and the rank says what the message means for presence: 0 "here" (anything
sent while connected), 1 "gone" (the last will the broker publishes when the connection drops,
sealed for that connection before it was made). Marks compare as tuples, so the newest word
about the other side wins and an old one changes nothing: a captured "offline" replayed later,
or left behind in a retained topic, is older than what was heard since, and the newest mark
heard is kept in the journal so a restart knows it too.

    presence = Presence(kept_mark)
    presence.heard(body.get("mark"))   # True: it was fresh (the state changed to what it says)
    presence.live()                    # a new move of theirs just arrived: they are there

Pure: no I/O, no clock.
"""
from __future__ import annotations

HERE, GONE = 0, 1


def mark_of(value) -> tuple[int, int, int] | None:
    """A message's mark as a tuple, or None when it has none (or not of the form)."""
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        return None
    if value[2] not in (HERE, GONE):
        return None
    return tuple(value)


class Presence:
    def __init__(self, mark=None) -> None:
        self.mark = mark_of(mark)
        self.online: bool | None = None     # None: not heard yet

    def heard(self, value) -> bool:
        """A message with its mark: True when it is newer than anything heard before (then the
        other side is there, or gone for rank GONE); False when it is old or has no mark."""
        mark = mark_of(value)
        if mark is None or (self.mark is not None and mark <= self.mark):
            return False
        self.mark, self.online = mark, mark[2] == HERE
        return True

    def repeated(self, value) -> bool:
        """The newest mark heard, again: a broker hands its retained copy to every new
        connection, and a side answers a hello with the presence it already sent."""
        mark = mark_of(value)
        return mark is not None and mark == self.mark

    def live(self) -> None:
        """A new move of the other side arrived: nobody could replay it, so they are there."""
        self.online = True
