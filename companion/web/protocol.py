"""The page's control messages: validation, then the matching poke at the fake devices.

A control message is a JSON object with a ``type``:

    {"type": "reed", "square": "c3", "occupied": true}             one reed switch
    {"type": "reed", "changes": [{"square": "c3", "occupied": false},
                                 {"square": "d4", "occupied": true}]}  a piece carried c3 -> d4
    {"type": "button", "name": "ok", "kind": "press"}               or "long"
    {"type": "card", "card": "undo"}                                a control card from the catalog

Optional keys: ``token`` (when the server needs one) and ``id`` (echoed in the reply). The page
sends only what the devices could report: occupancy of squares (a reed switch cannot tell a
piece's colour), button presses and card taps, so the real referee runs unchanged.

Every message is validated completely before anything is applied: a bad one changes nothing
and is answered with ``{"type": "error", "error": "<one line naming the input>", "input": ...}``.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from companion import tables, words
from companion.games import info
from companion.ui import i18n
from companion.words import SQUARES, square_name

CONTROL_TYPES = ("reed", "button", "card", "hand", "review", "puzzle")
HAND_ACTIONS = ("play", "draw", "pass", "mau")
BUTTON_KINDS = ("press", "long")
MAX_CHANGES = SQUARES


class ControlError(ValueError):
    """A control message that is rejected. ``status`` is the HTTP status for the REST endpoint."""

    def __init__(self, message: str, input=None, status: int = 400) -> None:
        super().__init__(message)
        self.input = input
        self.status = status

    def reply(self, msg_id=None) -> dict:
        out = {"type": "error", "error": str(self), "input": self.input}
        if msg_id is not None:
            out["id"] = msg_id
        return out


def parse_square(value) -> int:
    """A square name "a1".."f6" (the page's only form) or an int 0..35: companion.words'
    parser, its error as the page's ControlError."""
    try:
        return words.parse_square(value)
    except ValueError as exc:
        raise ControlError(f"unknown square {value!r}: {exc}", value) from None


# --------------------------------------------------------------------------- control cards
@dataclass(frozen=True)
class Card:
    """One control card the page offers. Tapping it is FakeCardReader.tap(uid, text)."""

    id: str         # what the page sends: {"type": "card", "card": id}
    function: str   # the referee's card function (the table's on_card)
    label: str      # in English (the log's words); `labels` words it in each language
    uid: str        # hex, as written on the card
    text: str | None  # the NDEF text record the card carries
    name: str = ""    # a named card's name ("Anna", "40", "maunz", "cat:3")
    #: a game's own named cards (Cats' secret cards) are drawn in that game's view, not the card strip
    game: str = ""
    labels: tuple[tuple[str, str], ...] = ()  # (language, label) for each of i18n.LANGUAGES
    #: the games whose tables know this card (a table's own card: maunz.'s "AI plays grey"); the
    #: card strip shows it only while one of them is played. (): every game's card
    games: tuple[str, ...] = ()

    def as_json(self) -> dict:
        return {"id": self.id, "function": self.function, "label": self.label, "uid": self.uid,
                "name": self.name, "game": self.game, "labels": dict(self.labels),
                "games": list(self.games)}


def _fake_uid(name: str) -> str:
    """A stable 7-byte NTAG-style UID (first byte 0x04, NXP) per card, so taps replay identically."""
    return "04" + hashlib.sha1(name.encode()).hexdigest()[:12]


#: The page's cards of the functions every game may use (companion.service.cards.SHARED); a
#: game's own cards come from its table's `own_card_functions`, the game cards from the games.
SHARED_CARDS = (
    "new_game", "undo", "why", "ai_off", "language",
    "voice", "voice:40", "voice:100",   # the companion's speaker ([voice] in the config)
    "player:Anna", "player:Ben",
    # Katzenjammer: the seat to move is the computer's ("AI off" gives every seat back)
    "player:Computer",
)


def _label(function: str, name: str, language: str) -> str:
    """A card's label in `language`, from the registered phrases: `card.<function>` for a card
    without a name, `page.card.<function>` with its name (a named card of a game's own, drawn in
    its view, is its name, or its phrase `page.card.<function>.<name>` where it has one)."""
    if function == "game" and name == "puzzle":   # the puzzle card (service/cards.py)
        return i18n.text("page.card.game", language, title=i18n.text("puzzle.menu", language))
    if function == "game":
        return i18n.text("page.card.game", language, title=info(name).title)
    if function == "voice" and name:
        return i18n.text("page.card.voice_volume", language, name=name)
    if function in ("player", "voice"):
        return i18n.text(f"page.card.{function}", language, name=name)
    if name and f"page.card.{function}.{name}" in i18n.STRINGS:   # maunz.'s level cards: "Level 4 · about 1200"
        return i18n.text(f"page.card.{function}.{name}", language)
    return name or i18n.text(f"card.{function}", language)


def card_catalog(companion=None) -> list[Card]:
    """The cards the page shows: the shared ones, each game's own (from its table), one game card
    per game that has a table, and the named cards of a game's own (Cats' secret cards and
    reaction cards, `page_event_cards`, shown in its view), each carrying the NDEF text "maunz:<function>[:<name>]" that the service
    understands without enrolment (companion.service.cards.parse_text)."""
    own = [(f, "") for f, o in tables.own_card_functions().items() if not o.named]
    games = [(f"game:{name}", "") for name in tables.names()] + ([("game:puzzle", "")] if tables.has("maunz") else [])
    named = [(f"{f}:{n}", "" if o.strip else game) for game in tables.names()
             for f, o in tables.factory(game).own_card_functions.items() if o.named for n in o.names]
    named += [(f"event:{event}", game) for game in tables.names()
              for event in tables.factory(game).page_event_cards]
    knows = {f: tuple(g for g in tables.names() if f.partition(":")[0] in tables.factory(g).own_card_functions)
             for f, game in own + named if not game}   # an own card's games: the strip shows it only at them
    out = []
    for f, game in [(c, "") for c in SHARED_CARDS] + own + games + named:
        function, _, name = f.partition(":")
        labels = tuple((lang, _label(function, name, lang)) for lang in i18n.LANGUAGES)
        out.append(Card(id=f.replace(":", "-"), function=function, label=dict(labels)["en"],
                        uid=_fake_uid(f), text=f"maunz:{f}", name=name, game=game, labels=labels,
                        games=knows.get(f, ())))
    return out


# --------------------------------------------------------------------------- parsing
@dataclass(frozen=True)
class ReedAction:
    changes: tuple[tuple[int, bool], ...]


@dataclass(frozen=True)
class ButtonAction:
    name: str
    kind: str


@dataclass(frozen=True)
class CardAction:
    card: Card


@dataclass(frozen=True)
class ReviewAction:
    """The review after a game (companion/service/review.py): {"type": "review", "game": ID}
    opens the review of a game of the journal (the history's entry point), {"type": "review",
    "close": true} leaves the review (its work stops)."""

    game: int | None = None


@dataclass(frozen=True)
class PuzzleAction:
    """The puzzles' theme filter on the page: {"type": "puzzle", "theme": THEME or null}."""

    theme: str | None = None


@dataclass(frozen=True)
class HandAction:
    """The simulator's person at a card game: a card of their hand clicked (a wild one with its
    wish), the draw pile, pass or Mau! (companion/service/virtual_cards.py turns it into taps)."""

    action: str
    card: str | None = None
    wish: str | None = None


def parse_control(msg, cards: list[Card], button_names) -> ReedAction | ButtonAction | CardAction:
    """Validate a decoded control message completely; raise ControlError naming the bad input."""
    if not isinstance(msg, dict):
        raise ControlError(f"a control message must be a JSON object, got {type(msg).__name__}", msg)
    kind = msg.get("type")
    if kind == "reed":
        if "changes" in msg:
            raw = msg["changes"]
            if not isinstance(raw, list) or not raw or len(raw) > MAX_CHANGES:
                raise ControlError(f"reed changes must be a list of 1..{MAX_CHANGES}"
                                   " {\"square\", \"occupied\"} objects", raw)
        else:
            raw = [msg]
        changes = []
        for ch in raw:
            if not isinstance(ch, dict):
                raise ControlError("a reed change must be an object {\"square\": \"c3\", \"occupied\": true}", ch)
            if "square" not in ch:
                raise ControlError("reed change without \"square\": name a square a1..f6", ch)
            sq = parse_square(ch["square"])
            occ = ch.get("occupied")
            if not isinstance(occ, bool):
                raise ControlError(f"reed change for {square_name(sq)}: \"occupied\" must be true or false,"
                                   f" got {occ!r}", ch)
            kind = ch.get("kind")
            if kind not in (None, "k", "c"):
                raise ControlError(f"reed change for {square_name(sq)}: \"kind\" must be \"k\" (kitten) or"
                                   f" \"c\" (cat), got {kind!r}", ch)
            changes.append((sq, occ, kind))
        return ReedAction(tuple(changes))
    if kind == "button":
        name, how = msg.get("name"), msg.get("kind", "press")
        if name not in button_names:
            raise ControlError(f"unknown button {name!r}: use one of {', '.join(button_names)}", name)
        if how not in BUTTON_KINDS:
            raise ControlError(f"button {name}: unknown kind {how!r}: use \"press\" or \"long\"", how)
        return ButtonAction(name, how)
    if kind == "card":
        ident = msg.get("card")
        for card in cards:
            if card.id == ident:
                return CardAction(card)
        raise ControlError(f"unknown card {ident!r}: use one of {', '.join(c.id for c in cards)}", ident)
    if kind == "hand":
        action, card, wish = msg.get("action"), msg.get("card"), msg.get("wish")
        if action not in HAND_ACTIONS:
            raise ControlError(f"hand action {action!r}: use one of {', '.join(HAND_ACTIONS)}", action)
        if action == "play" and not (isinstance(card, str) and 0 < len(card) <= 4):
            raise ControlError("hand action play needs \"card\": a card of the hand, like \"s7\"", card)
        if wish is not None and wish not in ("s", "p", "z", "g"):
            raise ControlError(f"wish {wish!r}: use s, p, z or g", wish)
        return HandAction(action, card if action == "play" else None, wish)
    if kind == "review":
        game = msg.get("game")
        if msg.get("close") is True and game is None:
            return ReviewAction(None)
        if isinstance(game, bool) or not isinstance(game, int) or game < 1:
            raise ControlError("review needs \"game\": a game's id (companion history lists them),"
                               " or \"close\": true", game)
        return ReviewAction(game)
    if kind == "puzzle":
        from companion.ai.puzzles import THEMES

        theme = msg.get("theme")
        if theme is not None and theme not in THEMES:
            raise ControlError(f"puzzle theme {theme!r}: use one of {', '.join(THEMES)}, or null for any", theme)
        return PuzzleAction(theme)
    raise ControlError(f"unknown message type {kind!r}: use one of {', '.join(CONTROL_TYPES)}", kind)


def apply_control(devices, action) -> None:
    """Poke the fake device. Real devices cannot be driven from a page: that is an error."""
    from hardware.fakes import FakeButtons, FakeCardReader, FakeReedGrid

    if isinstance(action, ReedAction):
        reed = devices.reed
        if not isinstance(reed, FakeReedGrid):
            raise ControlError("the bed is a real reed grid here: place pieces on the board itself",
                               "reed", status=409)
        for sq, occ, kind in action.changes:  # one call each, no await between: the next scan sees all
            if occ and kind:
                reed.put(sq, kind)   # a hall-effect bed reads the kind; reeds ignore it
            else:
                (reed.set if occ else reed.lift)(sq)
    elif isinstance(action, ButtonAction):
        buttons = devices.buttons
        if not isinstance(buttons, FakeButtons):
            raise ControlError("the buttons are real here: press them on the board", "button", status=409)
        (buttons.press if action.kind == "press" else buttons.long)(action.name)
    elif isinstance(action, CardAction):
        cards = devices.cards
        if not isinstance(cards, FakeCardReader):
            raise ControlError("the card reader is real here: tap the card on the reader", "card", status=409)
        cards.tap(action.card.uid, action.card.text)
    else:  # pragma: no cover - parse_control returns only the three
        raise TypeError(action)


def button_names(devices) -> tuple[str, ...]:
    return tuple(devices.buttons.names)
