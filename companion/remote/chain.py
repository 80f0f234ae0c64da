"""The remote game's move log: hash-chained, so a replayed, reordered, forged or dropped message
is seen, and both sides can prove they agree on every position.

Each entry says: its number (`seq`), the hash of the entry before it (`prev`; the first entry's
is the hash of the start position), who made it (`side`: the seat), what it is ("move" with the
move's text, or "undo": the last move taken back, after the other side agreed), and the hash of
the position after it (`pos`). Each side appends its own moves and checks every entry of the
other side's against its own engine before it takes it:

- an entry already taken, again (a broker's redelivery, a replay): `Duplicate`, ignored;
- a later entry before an earlier one (reordered, or one dropped): `Gap`, held until the
  earlier arrives or a resync (the other side's retained log) fills it;
- an entry that does not follow the last one, is not the mover's, is illegal here, or leads to
  another position than the sender's: `Refused`, with the move that differs — the game stops
  rather than fork.

Pure: the engine is given (`game`), no I/O.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from companion.remote.messages import RemoteError

SIDES = ("orange", "grey")


def digest(text: str) -> str:
    from nacl.encoding import HexEncoder
    from nacl.hash import blake2b

    return blake2b(text.encode(), digest_size=16, encoder=HexEncoder).decode()


class ChainError(RemoteError, ValueError):
    """An entry the log does not take."""


class Duplicate(ChainError):
    """The entry is already in the log (a redelivery or a replay): nothing to do."""


class Gap(ChainError):
    """The entry comes after one not yet received: kept until that one arrives."""


class Refused(ChainError):
    """The entry is not taken."""


class NotOurs(Refused):
    """The entry does not belong to this game's log (its hash chain does not lead here): forged,
    or replayed from another game of the same room. Ignored; the game goes on."""


class Disagreement(Refused):
    """The entry belongs here but the two engines disagree (another move at the same place, an
    illegal move, another position after it): the game must stop rather than fork."""


@dataclass(frozen=True)
class Entry:
    seq: int
    prev: str
    side: int
    kind: str            # "move" | "undo"
    move: str | None
    pos: str

    def hash(self) -> str:
        return digest(json.dumps(asdict(self), sort_keys=True))

    def describe(self) -> str:
        who = SIDES[self.side] if self.side in (0, 1) else f"side {self.side}"
        return f"{who} {self.move}" if self.kind == "move" else f"{who}: undo"

    @classmethod
    def from_dict(cls, d) -> "Entry":
        try:
            e = cls(int(d["seq"]), str(d["prev"]), int(d["side"]), str(d["kind"]),
                    None if d.get("move") is None else str(d["move"]), str(d["pos"]))
        except (KeyError, TypeError, ValueError):
            raise NotOurs(f"a log entry that is not one ({str(d)[:80]}): ignored") from None
        if e.kind not in ("move", "undo"):
            raise NotOurs(f"log entry {e.seq + 1} of kind {e.kind!r}: ignored")
        return e


class Chain:
    def __init__(self, game, start) -> None:
        self.game = game
        self.start = start
        self.entries: list[Entry] = []
        self._positions = [start]        # after each move still in play (undo pops one)
        self._moves: list[str] = []

    # ------------------------------------------------------------------ what it says
    @property
    def position(self):
        return self._positions[-1]

    @property
    def moves(self) -> list[str]:
        """The moves in play (an undo took one back), as text: what the table replays."""
        return list(self._moves)

    @property
    def head(self) -> str:
        return self.entries[-1].hash() if self.entries else digest("start " + self.game.format_position(self.start))

    def pos_hash(self, position) -> str:
        return digest(self.game.format_position(position))

    # ------------------------------------------------------------------ growing it
    def move_entry(self, side: int, move_text: str) -> Entry:
        """This side's move as the next entry (checked as the other side will check it)."""
        after = self._after_move(side, move_text, len(self.entries))
        return Entry(len(self.entries), self.head, side, "move", move_text, self.pos_hash(after))

    def undo_entry(self, side: int) -> Entry:
        if not self._moves:
            raise Disagreement("nothing to undo: no move in play")
        return Entry(len(self.entries), self.head, side, "undo", None, self.pos_hash(self._positions[-2]))

    def add(self, entry: Entry) -> None:
        """Take an entry (ours or the other side's) after checking it; raises ChainError."""
        n = len(self.entries)
        if entry.seq < n:
            mine = self.entries[entry.seq]
            if mine == entry:
                raise Duplicate(f"entry {entry.seq + 1} again: ignored")
            if mine.prev != entry.prev:
                raise NotOurs(f"entry {entry.seq + 1} ({entry.describe()}) is not of this game's log"
                              f" (replayed from another game, or forged): ignored")
            raise Disagreement(f"move {entry.seq + 1} differs: here it is {mine.describe()}, the other"
                          f" side sent {entry.describe()}")
        if entry.seq > n:
            raise Gap(f"entry {entry.seq + 1} before entry {n + 1}: waiting for the missing one")
        if entry.prev != self.head:
            raise NotOurs(f"entry {entry.seq + 1} ({entry.describe()}) does not follow entry {n}"
                          f" (its hash chain is broken): forged or from another game")
        if entry.kind == "move":
            after = self._after_move(entry.side, entry.move, entry.seq)
        else:
            if not self._moves:
                raise Disagreement(f"entry {entry.seq + 1} undoes a move, but none is in play")
            after = self._positions[-2]
        if self.pos_hash(after) != entry.pos:
            raise Disagreement(f"move {entry.seq + 1} ({entry.describe()}) leads to another position"
                          f" there than here: the games differ from this move on")
        self.entries.append(entry)
        if entry.kind == "move":
            self._positions.append(after)
            self._moves.append(entry.move)
        else:
            self._positions.pop()
            self._moves.pop()

    def _after_move(self, side: int, text, seq: int):
        from companion.games.base import GameError

        pos = self.position
        if self.game.outcome(pos) is not None:
            raise Disagreement(f"move {seq + 1} ({SIDES[side] if side in (0, 1) else side} {text}) after"
                          f" the game ended")
        if self.game.to_move(pos) != side:
            raise Disagreement(f"move {seq + 1} ({text}) by {SIDES[side] if side in (0, 1) else side}, but"
                          f" {SIDES[self.game.to_move(pos)]} is to move")
        try:
            return self.game.apply(pos, self.game.parse_move(pos, str(text)))
        except (GameError, ValueError) as exc:
            raise Disagreement(f"move {seq + 1} ({SIDES[side]} {text}) is illegal here: {exc}") from None

    # ------------------------------------------------------------------ kept and compared
    def to_list(self) -> list[dict]:
        return [asdict(e) for e in self.entries]

    @classmethod
    def from_list(cls, game, start, entries) -> "Chain":
        chain = cls(game, start)
        for d in entries:
            chain.add(Entry.from_dict(d))
        return chain

    def catch_up(self, entries) -> int:
        """The other side's whole log (its retained state): every entry we have must be the same;
        the ones after are taken in order. Returns how many were new."""
        new = 0
        for d in entries:
            try:
                self.add(Entry.from_dict(d))
                new += 1
            except Duplicate:
                pass
        return new
