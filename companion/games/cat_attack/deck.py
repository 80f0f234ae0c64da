"""Cat Attack's Mog deck as `companion cards write-deck cat-attack` / `enrol-deck cat-attack`
walk it: cat, mouse and bird cards, each 1-6, three copies of each (54), then three each of
Speedy Cat, Cat Attack and Cat Burglar (9): 63 cards. The split is an inference (the digest's
A2: "enrol the physical decks"): a box that differs shows it during the walk (press Enter to
skip a card that is not there). Each card is an event card (companion.games.deck_cards): its
sticker says `maunz:event:C3`, and enrol-deck stores its UID as that event card."""
from __future__ import annotations

from companion.games.cat_attack.state import KIND_NAMES, KINDS, SPECIALS
from companion.games.deck_cards import (CONTROL_PREFIX, EVENT_PREFIX, DeckCard, event_card,  # noqa: F401
                                        event_text, face_after, walk)

GAME = "cat-attack"
ENROLS = "event"
function_of = event_card   # every Mog card is an event card
VALUES = range(1, 7)
COPIES = 3
SPECIAL_NAMES = {"SPEEDY": "Speedy Cat", "ATTACK": "Cat Attack", "BURGLAR": "Cat Burglar"}
FACES = tuple(f"{kind}{value}" for kind in KINDS for value in VALUES) + SPECIALS


def describe(face: str) -> str:
    if face in SPECIAL_NAMES:
        return SPECIAL_NAMES[face]
    return f"{KIND_NAMES[KINDS.index(face[0])]} card {face[1:]}"


def printed_order() -> list[DeckCard]:
    return walk([(face, COPIES) for face in FACES], event_text, describe)


def face_of_text(text: str | None) -> str | None:
    return face_after(EVENT_PREFIX, text, FACES.__contains__)
