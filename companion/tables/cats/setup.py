"""Cats' secrets from the players' own cards: at set-up each player in turn taps their cat card and
their character card face down on the reader, and the companion learns them without showing
anything (the rules' first way; the companion's deal is the other, `secrets = "deal"`).

The cards are *secret cards* (card function `secret`, never logged or shown by the service): a
cat card's name is `cat:1` .. `cat:5`, a character card's `char:b|c|m|p` (the object its
character loves, as the notation writes it). `companion cards write-deck cats` writes
`maunz:secret:cat:3` on their stickers, `enrol-deck cats` stores their UIDs.

What a player taps is kept here until both of their cards are in; then the table commits the
seat's deal (`deal:3b`) as a chance move that the players decided, journaled before anything
else happens. A half-tapped seat is not journaled: after a power cut that player taps both
again. Pure: no I/O, no clock."""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.cats.state import N_CATS, OBJECTS
from companion.tables.cats import phrases  # noqa: F401  (registers the cats.setup.* phrases)
from companion.ui import i18n

#: The two ways the secrets come to the companion (the table's own setting `secrets`).
MODES = ("deal", "cards")
CAT_FACES = tuple(f"cat:{c}" for c in range(1, N_CATS + 1))
CHAR_FACES = tuple(f"char:{o}" for o in OBJECTS)
FACES = CAT_FACES + CHAR_FACES



class TapError(ValueError):
    """A tap that cannot be taken; `key` is its phrase (cats.setup.<key>)."""

    def __init__(self, key: str) -> None:
        super().__init__(i18n.text(f"cats.setup.{key}", "en"))
        self.key = key


@dataclass
class SecretTaps:
    """The cards the seat at the reader has tapped so far (cat 0-4, object 0-3)."""

    cat: int | None = None
    obj: int | None = None
    #: every card dealt before, to the earlier seats: (cat, object) pairs from the position
    taken: tuple = field(default_factory=tuple)

    def tap(self, face: str) -> str | None:
        """Take one tapped card; the seat's deal text (`deal:3b`) once both are in, else None.
        TapError when the card cannot be taken (nothing changes then)."""
        if face in CAT_FACES:
            cat = CAT_FACES.index(face)
            if cat == self.cat or cat in {c for c, _ in self.taken}:
                raise TapError("again")
            if self.cat is not None:
                raise TapError("two_cats")
            self.cat = cat
        elif face in CHAR_FACES:
            obj = CHAR_FACES.index(face)
            if obj == self.obj or obj in {o for _, o in self.taken}:
                raise TapError("again")
            if self.obj is not None:
                raise TapError("two_chars")
            self.obj = obj
        else:
            raise TapError("unknown")
        if self.cat is None or self.obj is None:
            return None
        return f"deal:{self.cat + 1}{OBJECTS[self.obj]}"

    def read_line(self) -> str | None:
        """The phrase (cats.setup.<key>) of what the last half tap asks for next (None: nothing tapped yet)."""
        if self.cat is not None and self.obj is None:
            return "cat_read"
        if self.obj is not None and self.cat is None:
            return "char_read"
        return None
