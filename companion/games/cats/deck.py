"""Cats' reaction deck as `companion cards write-deck cats` / `enrol-deck cats` walk it: 50 Miau
cards, cat by cat (cat 1 to rooms 1-10, then cat 2 …), then the 10 Schnurr cards. One Miau card
per (cat, room) pair is an inference from "50 Miau cards, 5 cats, 10 rooms": a box that differs
shows it during the walk (press Enter to skip a card that is not there). Each card is an event
card (companion.games.deck_cards): its sticker says `maunz:event:miau:3@7` or
`maunz:event:schnurr`, and enrol-deck stores its UID as that event card."""
from __future__ import annotations

from companion.games.cats.state import DECK, N_CATS, N_ROOMS
from companion.games.deck_cards import (CONTROL_PREFIX, EVENT_PREFIX, DeckCard, event_text,  # noqa: F401
                                        face_after, walk)

GAME = "cats"
ENROLS = "event"
SCHNURR = DECK - N_CATS * N_ROOMS
MIAU = tuple(f"miau:{cat}@{room}" for cat in range(1, N_CATS + 1) for room in range(1, N_ROOMS + 1))


def describe(face: str) -> str:
    if face == "schnurr":
        return "Schnurr"
    cat, room = face[len("miau:"):].split("@")
    return f"Miau: cat {cat} to room {room}"


def printed_order() -> list[DeckCard]:
    return walk([(face, 1) for face in MIAU] + [("schnurr", SCHNURR)], event_text, describe)


def face_of_text(text: str | None) -> str | None:
    return face_after(EVENT_PREFIX, text, lambda face: face in MIAU or face == "schnurr")
