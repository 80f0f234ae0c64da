"""The Cat Attack engine's refusals said to a person: rules.py raises each as an
eventgame.Refusal (a key, its values and the English the command lines print); this module picks
its registered phrase (phrases.py: ca.refuse.<key>, German with the seed's names and English,
parameters named) and the values it is worded with. PickerTable.reason names the seat and words
it in the table's language, so an English table says the engine's own reason through the same
phrase. Pure: no I/O."""
from __future__ import annotations

from companion.tables.cat_attack.phrases import PHRASES
from companion.tables.cat_attack.words import card_name


def phrase(key: str, values: dict, language: str) -> tuple[str, dict] | None:
    """The phrase of the refusal `key` and its values (a seat still a number), or None when the
    engine has a reason without a phrase yet (the table then shows the engine's words)."""
    # the English names the event kind left out, the fight's card kind or the phase in words of
    # its own: one phrase each ("kind" itself is no parameter: i18n words it as a piece kind)
    shown = {k: v for k, v in values.items() if k not in ("kind", "phase", "card")}
    found = {"young": f"young.{values.get('kind')}", "fight_kind": f"fight_kind.{values.get('kind')}",
             "not_now": f"not_now.{values.get('phase')}" + (f".{values['kind']}" if values.get("kind") else ""),
             }.get(key, key)
    if key == "fight_kind":
        shown.update(token=values["card"], mog=card_name(values["card"], language))
    found = f"ca.refuse.{found}"
    return (found, shown) if found in PHRASES else None
