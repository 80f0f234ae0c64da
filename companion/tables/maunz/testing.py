"""A scripted physical bed in front of a maunz. table, with its own clock: for tests and quick
experiments (`Bed(position).play("kc3")`)."""
from __future__ import annotations

from companion.games import get
from companion.games.maunz.board import SQUARE_BY_NAME
from companion.tables.maunz.table import MaunzTable
from companion.tables.maunz.script import needs_ok, occupancies

GAME = get("maunz")


def sq(name: str) -> int:
    return SQUARE_BY_NAME[name]


class Bed:
    """A physical bed in front of a referee, with a clock."""

    def __init__(self, position=None, *, ai_seats=(), language="de", moves=()):
        pos = GAME.parse_position(position) if isinstance(position, str) else position
        self.ref = MaunzTable(GAME, pos, moves=moves, ai_seats=ai_seats, language=language)
        self.t = 0.0
        self.occ = self.ref.position.occupied
        self.ref.on_scan(self.occ, self.t)

    def set(self, occ: int, dt: float = 0.3) -> None:
        self.occ = occ
        self.ref.on_scan(occ, self.t)
        self.wait(dt)

    def place(self, name: str, dt: float = 0.3) -> None:
        self.set(self.occ | 1 << sq(name), dt)

    def lift(self, name: str, dt: float = 0.3) -> None:
        self.set(self.occ & ~(1 << sq(name)), dt)

    def wait(self, dt: float) -> None:
        self.t += dt
        self.ref.tick(self.t)

    def stall(self, dt: float) -> None:
        """Time passes with no tick (a slow service loop): the next input is the first to see it."""
        self.t += dt

    def button(self, name: str, kind: str = "press") -> None:
        self.ref.on_button(name, kind, self.t)

    def card(self, function: str, arg=None) -> None:
        self.ref.on_card(function, self.t, arg)

    @property
    def view(self):
        return self.ref.view()

    def play(self, move, *, step: float = 0.3, graduate_first: bool = False) -> None:
        """Carry out a move as a person would (answering the kitten/cat question and pressing
        OK where the referee cannot tell the move from a shorter one)."""
        pos = self.ref.position
        move = GAME.parse_move(pos, move if isinstance(move, str) else GAME.format_move(pos, move))
        ok = needs_ok(GAME, pos, move)
        occs = occupancies(GAME, pos, move, graduate_first=graduate_first)
        for i, occ in enumerate(occs):
            # A placement must settle before the same piece is lifted again (retiring it).
            self.set(occ, max(step, 0.3) if (i == 0 and ok) else step)
            if self.ref.phase == "ask_kind":
                self.button("ok" if move.kind == "k" else "cat")
        for _ in range(3):
            self.wait(0.3)
            if self.ref.phase == "ask_kind":
                self.button("ok" if move.kind == "k" else "cat")
        if ok and self.ref.phase == "choose":
            self.button("ok")
        self.wait(0.3)
