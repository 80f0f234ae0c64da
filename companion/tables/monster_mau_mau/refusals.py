"""What a player is told when the table refuses an action, in the table's language (de/en).

The rules decide what is legal (`engine.refusal`: the rule's key and values, and the English
that is the engine CLI's fixed error line); this module only says the refusal to a person, as a
registered phrase
(phrases.py: mmm.refuse.*) with its values named: the same reason in German for a German table
(the OLED, the simulator's page, `companion monster-mau-mau play --lang de`), the engine's own
words for an English one. The laptop's own refusals (out of turn, a card not in the hand, only
the card just drawn, a wild card without its wish) are here too, so the page and the terminal say
them alike. Card tokens are shown as they are (`s7`, `MW`): they are what is printed in the corner
of a card and what the terminal's player types; the voice says the card's name ("Streifen 7"):
a refusal is a Msg whose cards are words.card_msg.
"""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.games.monster_mau_mau.engine import Event, Position
from companion.tables.monster_mau_mau import phrases  # noqa: F401  (registers the words)
from companion.tables.monster_mau_mau.words import card_msg
from companion.ui.screens import Msg, msg

#: the parameters of a refusal that are cards
CARDS = ("face", "top")


def refusal(key: str, **kw) -> Msg:
    """The refusal `key` (mmm.refuse.<key>), its cards shown by code and said by name."""
    return msg(f"mmm.refuse.{key}", **{k: card_msg(v) if k in CARDS else v for k, v in kw.items()})


def say(language: str, key: str, **kw) -> str:
    """The refusal `key` (mmm.refuse.<key>) worded in `language`."""
    return refusal(key, **kw).text(language)


def who(name: str, seat: int, language: str) -> str:
    """A seat as a person calls it: its player's name, else "seat 2" / "Spieler 2"."""
    return who_msg(name, seat).text(language)


def who_msg(name: str, seat: int) -> Msg:
    return refusal("seat", n=seat + 1) if not name or name.isdigit() else msg("text", text=name)


def play_refusal_msg(hand: list[str], drawn: str | None, card: str, wish: str | None) -> Msg | None:
    """What the laptop's deck knows and the referee does not: the card must be in the hand, after
    drawing only the card drawn may be played, a wild card needs its wish."""
    if card not in hand:
        return refusal("not_held", face=card)
    if drawn is not None and card != drawn:
        return refusal("drawn", face=drawn)
    if is_wild(card) and wish not in tuple(PATTERNS):
        return refusal("wish", face=card)
    return None


def play_refusal(hand: list[str], drawn: str | None, card: str, wish: str | None,
                 language: str) -> str | None:
    why = play_refusal_msg(hand, drawn, card, wish)
    return None if why is None else why.text(language)


def rules_refusal_msg(pos: Position, event: Event, rules: frozenset[str]) -> Msg | None:
    """None when the rules allow `event`; else the reason: the engine's own refusal
    (engine.refusal: its key and values) as its phrase; an unknown event kind keeps the
    engine's (English) words."""
    refused = engine.refusal(pos, event, rules)
    if refused is None:
        return None
    if refused.key == "unknown":
        return msg("text", text=str(refused))
    return refusal(refused.key, **{"seat": pos.turn + 1, **refused.values})


def rules_refusal(pos: Position, event: Event, rules: frozenset[str], language: str) -> str | None:
    """rules_refusal_msg in `language` (the engine CLI's English word for word)."""
    why = rules_refusal_msg(pos, event, rules)
    return None if why is None else why.text(language)
