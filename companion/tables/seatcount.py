"""How many play: the one player-count chooser at the table (issue 46, item 11). Monster Mau Mau
asks it in its own set-up (its seats are dealt); Katzenjammer, Cats and Cat Attack are asked it
by the game menu when one of their games begins at the table (companion/tables/menu.py), each
starting from the count of that game's last game. The same words and keys everywhere: CAT +1,
BACK -1, OK. Pure."""
from __future__ import annotations

from companion.ui import i18n
from companion.ui.screens import Msg, msg

PHRASES = {
    "seats.count": {"de": "Spieler*innen: {n}", "en": "Players: {n}"},
    "seats.question": {"de": "Wie viele spielen?", "en": "How many play?"},
    "seats.keys": {"de": "Katze +1, Zurück -1, OK", "en": "CAT +1, BACK -1, OK"},
}
i18n.register(PHRASES)


class SeatCount:
    """A count between `low` and `high`, starting at `n` (held inside the range)."""

    def __init__(self, low: int, high: int, n: int) -> None:
        self.low, self.high = low, high
        self.n = max(low, min(high, n))

    def press(self, name: str) -> int | None:
        """CAT one more, BACK one fewer (never past the range); OK: the count chosen."""
        if name == "cat":
            self.n = min(self.high, self.n + 1)
        elif name == "back":
            self.n = max(self.low, self.n - 1)
        elif name == "ok":
            return self.n
        return None

    def lines(self) -> tuple[Msg, ...]:
        return msg("seats.count", n=self.n), msg("seats.question"), msg("seats.keys")
