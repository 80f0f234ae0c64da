"""What the OLED shows, as plain frozen values: the referee builds a Screen, `companion.ui.render`
turns it into a 128x64 image in the chosen language. Equal screens render to equal images, so
the service redraws only when the Screen changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.ui import i18n

KINDS = ("await_placement", "ask_kind", "boops", "choose", "correction", "won", "paused",
         "confirm_new_game", "menu", "cards", "kj_board")
#: Kinds whose lines are a list (one Msg per line), never packed together. "cards": a card
#: game's table (Monster Mau Mau) composes its own lines.
LISTS = ("menu", "cards")


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
    kittens: int
    cats: int
    reserve: int = 0
    boxed: int = 0


@dataclass(frozen=True)
class Screen:
    kind: str                                  # one of KINDS
    to_move: int | None = None                 # 0 orange, 1 grey
    pools: tuple[Pool, ...] = ()               # (orange, grey), shown under the header
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
            return name + "!" if name else i18n.text("head.won", language, colour=self.winner)
        if self.kind == "menu":
            return i18n.text("head.menu", language)
        if self.kind in ("paused", "confirm_new_game", "correction"):
            return i18n.text(f"head.{self.kind}", language)
        if self.to_move is None:
            return ""
        name = self.names[self.to_move] if self.names else ""
        if name:
            return i18n.text("head.turn_named", language, colour=self.to_move, name=name)
        return i18n.text("head.turn", language, colour=self.to_move)

    def instruction(self, language: str = i18n.DEFAULT) -> str:
        """The instruction as one line of text (for logs, the web page and tests). A menu's
        lines are indented on the OLED ("> " marks the cursor, "  " the others): one line keeps
        the marks, not the padding ("  Katzenjammer · > Cat Attack" -> "Katzenjammer · > Cat
        Attack")."""
        parts = (m.text(language).strip() for m in self.lines)
        return " · ".join(part for part in parts if part)
