"""What the Cats table says after an engine event: the event (name, value as rules.apply returns
it) as a phrase of companion/tables/cats/phrases.py ("cats.ev.*") and its named values, seats and
cats 1-based as on the cards. The table's OLED, its voice and `companion cats apply --json` say
these lines; the engine names the events and words none of them."""
from __future__ import annotations

from companion.tables.cats.phrases import PHRASES
from companion.ui import i18n
from companion.ui.i18n import sentence


def phrase(name: str, value) -> tuple[str, dict]:
    """The phrase key and its values for the event (name, value); ValueError for an event the
    table has no words for."""
    key, params = f"cats.ev.{name}", {}
    if name in ("window", "challenge"):
        key = f"{key}.{value}"
    elif name == "locked":
        params["cat"] = value + 1
    elif name == "revealed":
        params = {"cat": value[0] + 1, "seat": value[1] + 1}
    elif name in ("draw", "extra_turn", "winner"):
        params["seat"] = value + 1
    if key not in PHRASES:
        raise ValueError(f"unknown Cats event {name!r}")
    return key, params


def announce(name: str, value, language: str) -> str:
    """One line for the event (name, value), in `language` ("de" or "en")."""
    key, params = phrase(name, value)
    return sentence(i18n.text(key, language, **params))
