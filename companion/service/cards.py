"""Control cards: RFID tags mapped to table functions (player cards to names, game cards to the
game they start), stored in the journal database so enrolling works while the service runs."""
from __future__ import annotations

import logging
import sqlite3
import time
import unicodedata
from dataclasses import dataclass

from companion import tables

log = logging.getLogger("companion")
MAX_NAME = 24  # what fits the OLED line and the history's column

#: The cards every game may use, the service's own among them: function -> what the card does.
#: A game's own cards are its table's `own_card_functions` (functions() adds them).
SHARED: dict[str, str] = {
    "new_game": "start a new game",
    "undo": "take back the last move",
    "why": "explain the companion's last judgement (on the OLED, aloud, on the page; BACK then OK too)",
    "ai_off": "no AI player (Katzenjammer: every computer seat back to people)",
    "language": "switch language (de/en)",
    "player": "a player's card (a name, for the history; Katzenjammer: the name Computer makes the"
              " seat to move a computer seat)",
    "game": "start a new game of the game named on the card (after OK)",
    "event": "a game's own card: its event as the name (Cats: miau:3@7, schnurr; Cat Attack: C3, SPEEDY)",
    "remote": "maunz. against a friend at another companion: host (a code on the OLED), or named with"
              " the other side's code (remote:K7QM-2XPD) to join",
    "voice": "the companion's voice on or off (named with a number, e.g. voice:40: that volume, on)",
    "address": "the page's address and a QR code on the OLED (the QR carries the control token)",
    "flash": "flash the Pico: hold BOOTSEL, plug it in; MicroPython and the bridge firmware go on it",
}
#: Shared functions whose cards carry a name: the player's, the game's, a game card's event.
SHARED_NAMED = ("player", "game", "event", "voice", "remote")


def functions() -> dict[str, str]:
    """Every card function and what it does: the shared ones, then each table's own."""
    return SHARED | {f: own.help for f, own in tables.own_card_functions().items()}


def named() -> tuple[str, ...]:
    """The functions whose cards carry a name (handed to the table with the tap)."""
    return SHARED_NAMED + tuple(f for f, own in tables.own_card_functions().items() if own.named)


def secret_names() -> tuple[str, ...]:
    """The functions whose name is a secret: the service never logs, shows or records it beside
    the UID (Cats' secret cards)."""
    return tuple(f for f, own in tables.own_card_functions().items() if own.secret)


class CardError(ValueError):
    pass


def normalise_uid(uid: str | bytes) -> str:
    """'04a1b2c3', '04:A1:B2:C3', b'\\x04\\xa1...' -> '04:A1:B2:C3'."""
    if isinstance(uid, (bytes, bytearray)):
        raw = bytes(uid)
    else:
        text = str(uid).strip().replace(":", "").replace(" ", "").replace("-", "")
        try:
            raw = bytes.fromhex(text)
        except ValueError:
            raise CardError(f"card UID {uid!r} is not hex; write it like 04:A1:B2:C3 (as"
                            " `companion cards enrol` or the OLED shows it)") from None
    if len(raw) not in (4, 7, 10):
        raise CardError(f"card UID {uid!r} has {len(raw)} bytes; RFID UIDs have 4, 7 or 10")
    return raw.hex(":").upper()


def clean_name(name) -> str:
    """A player's name as stored, shown and logged: control and format characters (newlines that
    would forge a log line, bidi overrides) dropped, whitespace collapsed, at most MAX_NAME
    characters. A name comes from a card anyone can write."""
    if not isinstance(name, str):
        return ""
    kept = "".join(" " if ch.isspace() else ch for ch in name
                   if ch.isspace() or not unicodedata.category(ch).startswith(("C", "Z")) or ch == " ")
    return " ".join(kept.split())[:MAX_NAME].strip()


def parse_text(text: str | None) -> tuple[str, str] | None:
    """A tag whose NDEF text is 'maunz:<function>[:<name>]' works without enrolment."""
    if not text or not text.startswith("maunz:"):
        return None
    function, _, name = text[len("maunz:"):].partition(":")
    if function not in functions():
        return None
    return function, clean_name(name)


#: a game card naming one of these is the puzzle card (tables/maunz/puzzle.py)
PUZZLE_NAMES = ("puzzle", "puzzles", "maunz-puzzle", "maunz puzzle")


def game_name(name: str) -> str:
    """A game card's game: a registered game with a table (its name, aliases resolved)."""
    from companion.games import GameError, info

    playable = ", ".join(tables.names()) + (", puzzle" if tables.has("maunz") else "")
    if name.strip().lower() in PUZZLE_NAMES and tables.has("maunz"):
        return "maunz-puzzle"   # the puzzle card: maunz. puzzles, whatever game is played
    if not name.strip():
        raise CardError(f"a game card needs the game: companion cards add UID game NAME ({playable})")
    try:
        key = info(name.strip()).name
    except GameError:
        key = None
    if key is None or not tables.has(key):
        raise CardError(f"game card for {name.strip()!r}: no table for that game; use one of: {playable}")
    return key


@dataclass(frozen=True)
class Card:
    uid: str
    function: str
    name: str = ""


@dataclass(frozen=True)
class DamagedCard:
    """A card row whose function this version does not know (a damaged or hand-edited table)."""
    uid: str
    function: str
    name: str = ""

    def problem(self) -> str:
        return (f"card {self.uid} has an unknown function {self.function[:40]!r} in the card table;"
                f" enrol it again with `companion cards add {self.uid} FUNCTION --replace`")


def _row(uid, function, name) -> Card | DamagedCard:
    if not isinstance(function, str) or function not in functions():
        return DamagedCard(str(uid), clean_name(str(function)) or "?", clean_name(name))
    return Card(str(uid), function, clean_name(name))


class CardStore:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def add(self, uid, function: str, name: str = "", *, replace: bool = False) -> Card:
        """Enrol a card. A card already enrolled for something else is refused unless `replace`."""
        uid = normalise_uid(uid)
        known = functions()
        if function not in known:
            raise CardError(f"unknown card function {function!r}; use one of: {', '.join(known)}")
        name = clean_name(name)
        if function == "player" and not name:
            raise CardError("a player card needs a name: companion cards add UID player NAME")
        if function == "event" and not name:
            raise CardError("a game's card needs its event: companion cards add UID event miau:3@7")
        if function == "game":
            name = game_name(name)
        old = self.get(uid)
        if old is not None and not replace and (old.function, old.name) != (function, name):
            was = f"{old.function}{' ' + old.name if old.name else ''}"
            raise CardError(f"card {uid} is already enrolled as {was!r}; to make it {function!r}, add"
                            " --replace (or `companion cards remove` it first)")
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.execute("INSERT INTO cards(uid, function, name, added) VALUES (?,?,?,?) ON CONFLICT(uid)"
                              " DO UPDATE SET function=excluded.function, name=excluded.name, added=excluded.added",
                              (uid, function, name, time.time()))
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return Card(uid, function, name)

    def remove(self, uid) -> bool:
        uid = normalise_uid(uid)
        cur = self.conn.execute("DELETE FROM cards WHERE uid=?", (uid,))
        return cur.rowcount > 0

    def get(self, uid) -> Card | DamagedCard | None:
        row = self.conn.execute("SELECT uid, function, name FROM cards WHERE uid=?",
                                (normalise_uid(uid),)).fetchone()
        return None if row is None else _row(*row)

    def all(self) -> list[Card | DamagedCard]:
        return [_row(*r) for r in self.conn.execute("SELECT uid, function, name FROM cards ORDER BY function, name, uid")]
