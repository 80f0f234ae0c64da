"""What the OLED shows, as plain frozen values: the referee builds a Screen, `companion.ui.render`
turns it into a 128x64 image in the chosen language. Equal screens render to equal images, so
the service redraws only when the Screen changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.ui import i18n

KINDS = ("await_placement", "ask_kind", "boops", "choose", "correction", "won", "paused",
         "confirm_new_game", "menu", "cards", "kj_board", "why", "review")
#: Kinds whose lines are a list (one Msg per line), never packed together. "cards": a card
#: game's table (Monster Mau Mau) composes its own lines; "why": an explanation, a reason a line.
LISTS = ("menu", "cards", "why", "review")   # "review": a step of the review after a game


@dataclass(frozen=True)
class Msg:
    """One translatable line: an i18n key and its parameters (sorted name/value pairs). A
    parameter may itself be a Msg (a menu option inside a menu line): it is worded in the same
    language when the line is."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, language: str = i18n.DEFAULT) -> str:
        return i18n.text(self.key, language, **{k: v.text(language) if isinstance(v, Msg) else v
                                                for k, v in self.params})


def msg(key: str, **params) -> Msg:
    return Msg(key, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Pool:
    """A seat's pieces off the bed, on the OLED's pools row: its first kind's and second kind's
    counts (maunz.: kittens, cats), `kinds` of them drawn (a game of kittens only: 1), after
    `label` (its seat's letter, upper case: "O")."""
    kittens: int
    cats: int
    reserve: int = 0
    boxed: int = 0
    label: str = ""
    kinds: int = 2


@dataclass(frozen=True)
class Screen:
    kind: str                                  # one of KINDS
    to_move: int | None = None                 # the seat to move
    pools: tuple[Pool, ...] = ()               # a pool per seat, shown under the header
    #: the seats as the header words them (a bed game's: its bed's seat words, maunz.: "Orange");
    #: none: "Spieler 1"
    seats: tuple[Msg, ...] = ()
    names: tuple[str, str] = ("", "")
    lines: tuple[Msg, ...] = ()                # the instruction, one Msg per phrase
    title: Msg | None = None                   # overrides the header derived from kind
    winner: int | None = None
    extra: tuple[tuple[str, object], ...] = field(default=())  # room for later screens

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown screen kind {self.kind!r}; kinds: {', '.join(KINDS)}")

    def header(self, language: str = i18n.DEFAULT) -> str:
        if self.title is not None:
            return self.title.text(language)
        if self.kind == "won" and self.winner is not None:
            name = self.names[self.winner] if self.names else ""
            return name + "!" if name else msg("head.seat_won", seat=self.seat(self.winner)).text(language)
        if self.kind == "menu":
            return i18n.text("head.menu", language)
        if self.kind in ("paused", "confirm_new_game", "correction"):
            return i18n.text(f"head.{self.kind}", language)
        if self.to_move is None:
            return ""
        name = self.names[self.to_move] if self.names else ""
        if name:
            return msg("head.seat_turn_named", seat=self.seat(self.to_move), name=name).text(language)
        return msg("head.seat_turn", seat=self.seat(self.to_move)).text(language)

    def seat(self, seat: int) -> Msg:
        """A seat as the header words it."""
        return self.seats[seat] if seat < len(self.seats) else msg("table.seat", n=seat + 1)

    def instruction(self, language: str = i18n.DEFAULT) -> str:
        """The instruction as one line of text (for logs, the web page and tests). A menu's
        lines are indented on the OLED ("> " marks the cursor, "  " the others): one line keeps
        the marks, not the padding ("  Katzenjammer · > Cat Attack" -> "Katzenjammer · > Cat
        Attack")."""
        parts = (m.text(language).strip() for m in self.lines)
        return " · ".join(part for part in parts if part)
