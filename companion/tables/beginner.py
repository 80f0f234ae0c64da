"""Beginner mode (issue 36, item 5), declared once for the tables that have it: its card, its
setting's values and its notices. A table with it names "beginner" among its `own_settings`
(the service keeps the value in the journal, so it survives a power loss, and hands it back to
the factory as the keyword `beginner`) and its card among its own cards; what a beginner table
does is the table's own: maunz. warns after a person's move that lets the opponent win or make
a line at once and offers the hint (tables/maunz/beginner.py); Katzenjammer's chooser starts on
the computer's choice (tables/katzenjammer/cursor.py)."""
from __future__ import annotations

from companion.tables.protocol import OwnCard
from companion.ui import i18n
from companion.ui.screens import Msg, msg

#: The setting's values, "off" first (the default before a card or the config says otherwise).
VALUES = ("off", "on")
CARD = OwnCard("beginner mode on/off: the companion warns of a move that lets the opponent win"
               " (maunz.) and offers the computer's choice first (Katzenjammer)")

PHRASES = {
    "beginner.on": {"de": "Anfängermodus an", "en": "Beginner mode on"},
    "beginner.off": {"de": "Anfängermodus aus", "en": "Beginner mode off"},
    "card.beginner": {"de": "Anfänger", "en": "Beginner"},
}
i18n.register(PHRASES)


def value(on: bool) -> str:
    return VALUES[bool(on)]


def parse(text: str | None, default: bool = False) -> bool:
    """The kept setting's text -> on; a value not declared is refused with the fix."""
    if text is None:
        return default
    if text not in VALUES:
        raise ValueError(f"beginner {text!r}: use one of {', '.join(VALUES)}")
    return text == "on"


def notice(on: bool) -> Msg:
    return msg(f"beginner.{value(on)}")
