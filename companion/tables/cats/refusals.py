"""The Cats engine's refusals said to a person: engine.py raises each as an eventgame.Refusal (a
key, its values and the English the command lines print); this module picks its registered
phrase (phrases.py: cats.refuse.<key>, German and English, parameters named) and the values it
is worded with. PickerTable.reason names the seat and words it in the table's language, so an
English table says the engine's own reason through the same phrase. Pure: no I/O."""
from __future__ import annotations

from companion.tables.cats.phrases import PHRASES
from companion.ui.i18n import text


def phrase(key: str, values: dict, language: str) -> tuple[str, dict] | None:
    """The phrase of the refusal `key` and its values (a seat still a number), or None when the
    engine has a reason without a phrase yet (the table then shows the engine's words)."""
    found = f"cats.refuse.{key}"
    if found not in PHRASES:
        return None
    shown = dict(values)
    if "kind" in shown:   # the move kind tried, as the buttons call it ("kind" is i18n's piece kind)
        kind = shown.pop("kind")
        word = f"cats.move_kind.{kind}"
        shown["move"] = text(word, language) if word in PHRASES else kind
    return found, shown
