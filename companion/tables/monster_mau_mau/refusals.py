"""What a player is told when the table refuses an action, in the table's language (de/en).

The rules decide what is legal (`engine.refusal`: the rule's key and values, and the English
that is the engine CLI's fixed error line); this module only says the refusal to a person, as a
registered phrase
(phrases.py: mmm.refuse.*) with its values named: the same reason in German for a German table
(the OLED, the simulator's page, `companion monster-mau-mau play --lang de`), the engine's own
words for an English one. The laptop's own refusals (out of turn, a card not in the hand, only
the card just drawn, a wild card without its wish) are here too, so the page and the terminal say
them alike. A card is named as the table names an accepted one ("Punkte 7", never its token
`p7`), a wished pattern and a rank in words (issue 45): a refusal is a Msg whose cards, patterns
and ranks are their phrases.
"""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild
from companion.games.monster_mau_mau.engine import Event, Position
from companion.tables.monster_mau_mau import phrases  # noqa: F401  (registers the words)
from companion.tables.monster_mau_mau.words import card_name_msg
from companion.ui.screens import Msg, msg

#: the parameters of a refusal that are cards, and those that are a pattern or a rank
CARDS = ("face", "top")
PATTERN = ("pattern", "wish")


def refusal(key: str, **kw) -> Msg:
    """The refusal `key` (mmm.refuse.<key>), its cards, patterns and ranks in words."""
    return msg(f"mmm.refuse.{key}", **{k: worded(k, v) for k, v in kw.items()})


def worded(name: str, value):
    """A refusal's value as a person reads it: a card by its name, a pattern and a rank too."""
    if name in CARDS:
        return card_name_msg(value)
    if name in PATTERN and value in PATTERNS:
        return msg(f"mmm.pattern.{value}")
    if name == "rank" and f"mmm.rank.{value}" in phrases.PHRASES:
        return msg(f"mmm.rank.{value}")
    return value


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
