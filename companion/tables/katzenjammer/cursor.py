"""The chooser's menus driven by three buttons, and the entry of physical dice by buttons. Pure
state machines: a table feeds them presses and shows `title`/`options`/`index`.

Buttons: `prev` (BACK), `next` (CAT), `choose` (OK); `up` (BACK long) goes back one menu level,
undoing the last choice of the turn being built. Nothing is committed until a turn is complete.
"""
from __future__ import annotations

from companion.games.katzenjammer.board import DIE_FACES
from companion.games.katzenjammer.engine import Position, Roll
from companion.tables.katzenjammer.chooser import Chooser, Menu, Option
from companion.ui.screens import Msg


class TurnCursor:
    """Where the player is in the chooser's menus. `press(button)` returns the finished turn
    once one is chosen (else None); a menu with one option is taken at once when it opens another
    menu; a turn (a forced one, a void roll) always waits for OK."""

    def __init__(self, pos: Position, two_dice: bool = False, suggested: tuple | None = None):
        self.chooser = Chooser(pos, two_dice)
        self.stack: list[tuple[Menu, int]] = []
        self.menu = self.chooser.root()
        self.index = 0
        self.turn: tuple | None = None
        # a beginner table (issue 36, item 5): the cursor starts on the computer's choice in
        # every menu on its way (the option keys of its route), until the player leaves that way
        self._aim: list = self.chooser.route(suggested) if suggested is not None else []
        self._point()
        self._skip_single()

    def _point(self) -> None:
        if self._aim:
            self.index = next((i for i, o in enumerate(self.menu.options) if o.key == self._aim[0]), 0)

    @property
    def title(self) -> Msg:
        return self.menu.title

    @property
    def options(self) -> list[Option]:
        return self.menu.options

    @property
    def path(self) -> list[Msg]:
        """The choices made so far, for the screen's header (`7 · 3 · +2 to 5`)."""
        return [m.options[i].short or m.options[i].text for m, i in self.stack]

    def press(self, button: str):
        if self.turn is not None:
            return self.turn
        n = len(self.menu.options)
        if button == "next":
            self.index = (self.index + 1) % n
        elif button == "prev":
            self.index = (self.index - 1) % n
        elif button == "up":
            self._up()
        elif button == "choose":
            return self._choose(self.index)
        else:
            raise ValueError(f"unknown button {button!r}; use next, prev, choose or up")
        return None

    def _choose(self, index: int):
        option = self.menu.options[index]
        self.stack.append((self.menu, index))
        if self._aim and self._aim[0] == option.key:
            self._aim.pop(0)
            if option.also is not None and self._aim and self._aim[0] == option.also:
                self._aim.pop(0)
        else:
            self._aim = []   # another way than the computer's: the cursor starts first again
        if option.turn is not None:
            self.turn = option.turn
            return self.turn
        self.menu, self.index = option.node, 0
        self._point()
        return self._skip_single()

    def _skip_single(self):
        options = self.menu.options
        if len(options) == 1 and options[0].node is not None:
            return self._choose(0)
        return None

    def _up(self) -> None:
        # Back past menus that were taken automatically (one option), to the last real choice.
        while self.stack:
            menu, index = self.stack.pop()
            self.menu, self.index = menu, index
            if len(menu.options) > 1:
                return


class DiceEntry:
    """Entering the three physical Miwin dice with the buttons: die III, then IV, then V, each
    cycling through its own faces; OK on the last gives the Roll, `up` goes back a die."""

    def __init__(self):
        self.values: list[int] = []
        self.index = 0

    @property
    def die(self) -> int:
        return len(self.values)

    @property
    def faces(self) -> tuple[int, ...]:
        return DIE_FACES[self.die]

    @property
    def title(self) -> str:
        return f"die {('III', 'IV', 'V')[self.die]}: {self.faces[self.index]}"

    def press(self, button: str) -> Roll | None:
        faces = self.faces
        if button == "next":
            self.index = (self.index + 1) % len(faces)
        elif button == "prev":
            self.index = (self.index - 1) % len(faces)
        elif button == "up":
            if self.values:
                last = self.values.pop()
                self.index = DIE_FACES[self.die].index(last)
        elif button == "choose":
            self.values.append(faces[self.index])
            self.index = 0
            if len(self.values) == 3:
                roll = Roll(tuple(self.values))
                self.values = []
                return roll
        else:
            raise ValueError(f"unknown button {button!r}; use next, prev, choose or up")
        return None
