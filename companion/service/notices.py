"""The service's one-line notices (an unknown card, a device warning, a storage problem): in
English for the log and `messages`, and beside each its words for the page in either language
(a ui Msg), or None. Those about the game in play go when another game starts; a device's or
the storage's stay."""
from __future__ import annotations

import logging

log = logging.getLogger("companion")

KEEP = 20  # the newest notices kept (the page shows the last three)
CARD_PROBLEM_SECONDS = 120.0  # long enough to read it and fetch the laptop


class Notices:
    def __init__(self) -> None:
        self.messages: list[str] = []
        self.notes: list = []
        self._of_game: set[str] = set()

    def add(self, text: str, note=None, for_game: bool = False) -> None:
        log.warning("%s", text)
        if for_game:
            self._of_game.add(text)
        self.messages.append(text)
        self.notes.append(note)
        del self.messages[:-KEEP], self.notes[:-KEEP]

    def forget_game(self) -> None:
        """Another game is on the table: "the AI card does nothing in Katzenjammer" is no news."""
        kept = [(m, n) for m, n in zip(self.messages, self.notes) if m not in self._of_game]
        self.messages[:], self.notes[:] = [m for m, _ in kept], [n for _, n in kept]
        self._of_game.clear()

    def recent(self, language: str, n: int = 3) -> list[str]:
        """The newest `n`, in `language` where they have words in both."""
        return [m if note is None else note.text(language)
                for m, note in zip(self.messages[-n:], self.notes[-n:])]


def card_problems(service) -> None:
    """What the image's first boot found wrong on the SD card, and what it wants said at the
    table (a new ssh key; companion/image/firstboot.py writes both beside the configuration): on
    the OLED for a while and among the page's notices."""
    from pathlib import Path

    from companion.service.config import CARD_NOTICE_FILE, CARD_PROBLEM_FILE

    if not Path(service.config.source).is_file():
        return  # a configuration not read from a file (the simulator, tests)
    lines = []
    for name in (CARD_NOTICE_FILE, CARD_PROBLEM_FILE):
        try:
            text = Path(service.config.source).with_name(name).read_text()
        except OSError:
            continue
        lines += [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines:
        service.message(line)
    if lines:
        service.screen.message(("card_problem", lines[0]), service.clock() + CARD_PROBLEM_SECONDS)
