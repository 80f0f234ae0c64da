"""Cards of a game enrolled by UID (`companion cards enrol-deck GAME`): the fallback for cards
whose tags cannot be written. Kept in the journal database, in a table of its own so the
journal's schema is untouched."""
from __future__ import annotations

import sqlite3
import time

from companion.service.cards import Card


class DeckStore:
    """UID -> face of a game's card."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        conn.execute("CREATE TABLE IF NOT EXISTS deck_cards(uid TEXT PRIMARY KEY, game TEXT NOT NULL,"
                     " face TEXT NOT NULL, added REAL NOT NULL)")

    def add(self, uid: str, game: str, face: str) -> None:
        self.conn.execute("INSERT INTO deck_cards(uid, game, face, added) VALUES (?,?,?,?) ON CONFLICT(uid)"
                          " DO UPDATE SET game=excluded.game, face=excluded.face, added=excluded.added",
                          (uid, game, face, time.time()))

    def cards(self, game: str) -> dict[str, str]:
        return dict(self.conn.execute("SELECT uid, face FROM deck_cards WHERE game=?", (game,)))


class EventCards:
    """enrol-deck's store for a deck of event cards (Cats' reaction cards, Cat Attack's Mog cards:
    the deck module says ENROLS = "event"): each UID becomes the event card of its face in the
    card table, which the service already resolves (`companion cards add UID event miau:3@7`)."""

    def __init__(self, cards, faces, function_of) -> None:
        self.store = cards            # companion.service.cards.CardStore
        self.faces = frozenset(faces)
        #: the card function of a face: "event", or "secret" for Cats' cat and character cards
        self.function_of = function_of

    def add(self, uid: str, game: str, face: str) -> None:
        self.store.add(uid, self.function_of(face), face, replace=True)

    def cards(self, game: str) -> dict[str, str]:
        return {c.uid: c.name for c in self.store.all()
                if c.name in self.faces and isinstance(c, Card) and c.function == self.function_of(c.name)}
