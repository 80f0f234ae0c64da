"""Cats' reaction deck as `companion cards write-deck cats` / `enrol-deck cats` walk it: 50 Miau
cards, cat by cat (cat 1 to rooms 1-10, then cat 2 …), then the 10 Schnurr cards. One Miau card
per (cat, room) pair is an inference from "50 Miau cards, 5 cats, 10 rooms": a box that differs
shows it during the walk (press Enter to skip a card that is not there). Each card is an event
card (companion.games.deck_cards): its sticker says `maunz:event:miau:3@7` or
`maunz:event:schnurr`, and enrol-deck stores its UID as that event card.

Last come the nine secret cards, for set-up with the players' own cards (`[game] secrets =
"cards"`): the five cat cards (`maunz:secret:cat:3`) and the four character cards, each named
by the object its character loves (`maunz:secret:char:b`, as the notation writes objects). They
are *secret* cards, not events: the service never logs or shows their names."""
from __future__ import annotations

from companion.games.cats.state import CHARACTERS, DECK, N_CATS, N_ROOMS, OBJECTS
from companion.games.deck_cards import (CONTROL_PREFIX, EVENT_PREFIX, DeckCard, event_text,  # noqa: F401
                                        face_after, walk)

GAME = "cats"
ENROLS = "event"
SCHNURR = DECK - N_CATS * N_ROOMS
MIAU = tuple(f"miau:{cat}@{room}" for cat in range(1, N_CATS + 1) for room in range(1, N_ROOMS + 1))
SECRET_PREFIX = CONTROL_PREFIX + "secret:"
#: the secret cards' faces (companion/tables/cats/setup.py reads them at set-up)
SECRETS = tuple(f"cat:{c}" for c in range(1, N_CATS + 1)) + tuple(f"char:{o}" for o in OBJECTS)


def function_of(face: str) -> str:
    """The card function enrol-deck stores a card's UID as: a secret card or an event card."""
    return "secret" if face in SECRETS else "event"


def secret_text(face: str) -> str:
    return SECRET_PREFIX + face


def describe(face: str) -> str:
    if face == "schnurr":
        return "Schnurr"
    if face.startswith("cat:"):
        return f"secret cat card {face[4:]}"
    if face.startswith("char:"):
        return f"secret character card: {CHARACTERS[OBJECTS.index(face[5:])]}"
    cat, room = face[len("miau:"):].split("@")
    return f"Miau: cat {cat} to room {room}"


def printed_order() -> list[DeckCard]:
    return (walk([(face, 1) for face in MIAU] + [("schnurr", SCHNURR)], event_text, describe)
            + walk([(face, 1) for face in SECRETS], secret_text, describe))


def face_of_text(text: str | None) -> str | None:
    return (face_after(EVENT_PREFIX, text, lambda face: face in MIAU or face == "schnurr")
            or face_after(SECRET_PREFIX, text, lambda face: face in SECRETS))
