"""Switching games at the table: the game menu on the OLED and the game cards.

A long press of OK makes the table ask "New game?" (as in round 1: OK starts a new game of the
game in play, BACK says no). When other games have a table too, that question says so
("CAT: other game"), and CAT opens the menu: the registered games that have a table
(companion.tables.names(), so a new game's table appears by itself), the game in play first,
the next one selected. CAT moves the selection, OK chooses, BACK goes back to the question.
Choosing asks for a confirmation ("New game? Katzenjammer"): OK (or the same game card again)
starts it, BACK goes back to the list. A game card (card function `game`, its name the game's)
opens the confirmation for its game directly. The game in play is never touched until the
confirmation: the service then starts the new game (the same game: the table's own new game).

How many play (Katzenjammer, Cats, Cat Attack: a game of a player range begun at the table) is
asked here too, before anything is drawn (`ask_seats`: the shared chooser, tables/seatcount.py).

Pure: the menu answers each input with what the service should do, and shows itself as a
companion.ui Screen; the game in play's LEDs stay as they are.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.tables.seatcount import SeatCount
from companion.ui.screens import Screen, msg

WINDOW = 3  # menu entries on the OLED at once (with the keys below them)


@dataclass(frozen=True)
class Choice:
    name: str   # the game's registered name
    title: str  # as the players know it ("maunz.")


class GameMenu:
    """The menu's state: closed, choosing, or confirming one game."""

    def __init__(self) -> None:
        self.choices: tuple[Choice, ...] = ()
        self.selected = 0
        self.confirming = False
        self.is_open = False
        #: "how many play?" for the game titled `seats_title` (None: not asked now)
        self.seats: SeatCount | None = None
        self.seats_title = ""

    def ask_seats(self, title: str, low: int, high: int, n: int) -> None:
        """Ask how many play the game `title` that begins now, from `n` (the last count)."""
        self.close()
        self.seats, self.seats_title, self.is_open = SeatCount(low, high, n), title, True

    def on_seats(self, name: str, kind: str) -> int | None:
        """A button while the count is asked: CAT +1, BACK -1, OK the count chosen."""
        chosen = self.seats.press(name) if kind == "press" else None
        if chosen is not None:
            self.close()
        return chosen

    def open(self, choices, current: str, selected: str | None = None) -> None:
        """Open the menu on `choices` ((name, title) pairs), the game in play `current` first;
        with `selected` (a game card) straight to that game's confirmation."""
        items = [Choice(*c) for c in choices]
        items.sort(key=lambda c: c.name != current)  # the game in play first, the rest in order
        self.choices = tuple(items)
        names = [c.name for c in self.choices]
        self.selected = names.index(selected) if selected in names else 0
        self.confirming = selected in names
        self.is_open = bool(self.choices)

    def close(self) -> None:
        self.is_open = self.confirming = False
        self.seats = None

    @property
    def choice(self) -> Choice | None:
        return self.choices[self.selected] if self.is_open else None

    def on_button(self, name: str, kind: str) -> str | None:
        """A button while the menu is open; returns the game to start once confirmed."""
        if not self.is_open:
            return None
        if name == "back":
            if self.confirming and kind == "press":
                self.confirming = False
            else:
                self.close()
        elif name == "cat" and not self.confirming:
            self.selected = (self.selected + 1) % len(self.choices)
        elif name == "ok" and kind == "press":
            if self.confirming:
                return self._start()
            self.confirming = True
        return None

    def on_game_card(self, name: str, choices, current: str) -> str | None:
        """A game card: the confirmation for its game; the same card again confirms."""
        if self.is_open and self.confirming and self.choice.name == name:
            return self._start()
        self.open(choices, current, selected=name)
        return None

    def _start(self) -> str:
        name = self.choice.name
        self.close()
        return name

    @staticmethod
    def question(title: str, lines=(msg("confirm_keys"),)) -> Screen:
        """The table's "new game?" when other games could be chosen instead: its `lines` (every
        table's question, TableBase: "ends the game in play" only when one runs, the keys) under
        the game's title, and CAT for another game."""
        return Screen("confirm_new_game", lines=(msg("menu_confirm", title=title), *lines,
                                                 msg("menu_other")))

    def screen(self, current: str, running: bool = True, keeps=None) -> Screen:
        """The menu, or its confirmation; `running`: the game in play has moves and is not over
        (only then does choosing another game end something); `keeps`: the choices that end
        nothing (maunz. puzzles beside a game, the game waiting beside them), each with the line
        its confirmation says instead."""
        if self.seats is not None:
            return Screen("confirm_new_game", title=msg("text", text=self.seats_title),
                          lines=self.seats.lines())
        if self.confirming and (keeps or {}).get(self.choice.name) is not None:
            return Screen("confirm_new_game", title=msg("head.menu"), lines=(
                msg("menu_confirm", title=self.choice.title), keeps[self.choice.name], msg("confirm_keys")))
        if self.confirming:
            choice = self.choice
            lines = [msg("menu_confirm", title=choice.title)]
            if choice.name != current and running:
                lines.append(msg("menu_abandon"))
            lines.append(msg("confirm_keys"))
            return Screen("confirm_new_game", title=msg("head.menu_confirm"), lines=tuple(lines))
        first = max(0, min(self.selected - WINDOW // 2, len(self.choices) - WINDOW))
        lines = [msg("menu_item", mark=">" if i == self.selected else " ", title=c.title)
                 for i, c in enumerate(self.choices[first:first + WINDOW], start=first)]
        lines.append(msg("menu_keys"))
        return Screen("menu", lines=tuple(lines))
