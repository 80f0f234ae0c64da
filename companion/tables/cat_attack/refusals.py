"""The Cat Attack engine's refusals said to a person: engine.py raises each as an
eventgame.Refusal (a key, its values and the English the command lines print); this module picks
its registered phrase (phrases.py: ca.refuse.<key>, German with the seed's names and English,
parameters named) and the values it is worded with. PickerTable.reason names the seat and words
it in the table's language, so an English table says the engine's own reason through the same
phrase -- but a card is named in words, never by the notation's token ("Cat 2", not "C2"). Pure:
no I/O."""
from __future__ import annotations

from companion.tables.cat_attack.phrases import PHRASES
from companion.tables.cat_attack.words import card_name


def phrase(key: str, values: dict, language: str) -> tuple[str, dict] | None:
    """The phrase of the refusal `key` and its values (a seat still a number), or None when the
    engine has a reason without a phrase yet (the table then shows the engine's words)."""
    # the English names the event kind left out, the fight's card kind or the phase in words of
    # its own: one phrase each. "kind" and "card" are no parameters (i18n words them as a piece
    # kind and a control card): the card is passed in words as {mog}
    which = {"young": values.get("kind"), "fight_kind": values.get("kind"),
             "not_now": ".".join(filter(None, (values.get("phase"), values.get("kind"))))}
    found = f"ca.refuse.{key}" + (f".{which[key]}" if key in which else "")
    if found not in PHRASES:
        return None
    shown = {k: v for k, v in values.items() if k not in ("kind", "phase", "card")}
    if key == "fight_kind":
        shown.update(mog=card_name(values["card"], language))
    return found, shown
