"""A physical deck as `companion cards write-deck GAME` and `enrol-deck GAME` walk it: each card's
face, which copy of it this is, the text its sticker gets and the face in words. A game with a
deck says its printed order in its own `deck` module (monster_mau_mau, cats, cat_attack) with
`GAME`, `CONTROL_PREFIX`, `printed_order()` and `face_of_text(text)`; this holds what they share.

Cats' reaction cards and Cat Attack's Mog cards are *event cards*: their sticker says
`maunz:event:<event>` (`maunz:event:miau:3@7`, `maunz:event:C3`), which the service reads as the
event card of that name without enrolment, and enrol-deck stores each UID as that event card
(their deck module says `ENROLS = "event"`; Monster Mau Mau's, whose cards are enrolled as its
deck's, says `ENROLS = "deck"`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

CONTROL_PREFIX = "maunz:"
EVENT_PREFIX = "maunz:event:"


@dataclass(frozen=True)
class DeckCard:
    face: str
    copy: int      # 1..copies
    copies: int
    text: str      # the NDEF text record written on its sticker
    name: str      # the face in words ("stripes 7", "Miau: cat 3 to room 7")

    @property
    def label(self) -> str:
        extra = f", {self.copy} of {self.copies}" if self.copies > 1 else ""
        return f"{self.face} ({self.name}{extra})"


def walk(faces: Iterable[tuple[str, int]], text: Callable[[str], str],
         name: Callable[[str], str]) -> list[DeckCard]:
    """Every copy of every face, in the order given: (face, copies) pairs."""
    return [DeckCard(face, i, copies, text(face), name(face)) for face, copies in faces
            for i in range(1, copies + 1)]


def face_after(prefix: str, text: str | None, is_face: Callable[[str], bool]) -> str | None:
    """The face a sticker's text names after `prefix`, or None if it is not a card of the deck."""
    if not text or not text.startswith(prefix):
        return None
    face = text[len(prefix):]
    return face if is_face(face) else None


def event_text(event: str) -> str:
    return EVENT_PREFIX + event


def event_card(face: str) -> str:
    """An event deck's `function_of`: every face is an event card (Cats adds secret cards)."""
    return "event"
