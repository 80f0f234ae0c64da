"""Fischnapf at the table: the buttons take fish, the undo card takes a turn back; no bed, no
LEDs. It says only what is its own; the language and player cards and the "new game?" question
are TableBase's (companion/tables/controls.py), the moves and commits the MoveLine's."""
from __future__ import annotations

from companion.tables.moveline import MoveLine
from companion.tables.protocol import OwnCard, TableBase, TableView
from companion.ui.screens import Screen, msg
from companion.words import LedFrame

from tests.example_game import phrases  # noqa: F401  (registers the words)


class FischnapfTable(TableBase):
    card_functions = ("new_game", "undo", "language", "player", "count")
    own_card_functions = {"count": OwnCard("Fischnapf: the companion says how many fish are left")}

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seats=(), players=()):
        self.game = game
        self.line = MoveLine(game, position, moves)   # the moves, undo and the commits
        self.init_controls(language, players)
        self._said: list = []

    def on_own_button(self, name, kind, now):
        self.notice = None
        move = {"ok": "1", "cat": "2"}.get(name)
        if kind == "press" and move in self.game.legal_moves(self.position):
            self.line.push(move)

    def on_own_card(self, function, now, arg):
        if function == "count":
            self._said.append(msg("fish.left", n=self.position[1]))

    def drain_said(self):
        out, self._said = self._said, []
        return out

    def restart(self, now):
        self.notice = None

    def view(self):
        seat, fish = self.position
        out = self.game.outcome(self.position)
        notice = (self.notice,) if self.notice else ()
        if self.asking_new_game:
            screen = self.new_game_screen()
        elif out is not None:
            screen = Screen("won", title=msg("fish.won", seat=out.winner + 1),
                            lines=notice + (msg("new_game_keys"),), winner=out.winner)
        else:
            screen = Screen("await_placement", title=msg("fish.turn", seat=seat + 1),
                            lines=notice + (msg("fish.left", n=fish), msg("fish.keys")))
        instruction = " · ".join(m.text(self.language) for m in screen.lines)
        phase = "confirm_new_game" if self.asking_new_game else "won" if out else "await_placement"
        return TableView(LedFrame(), screen, self.position, tuple(self.moves), phase, instruction,
                         wants_ai=False, wants_hint=False, winner=out.winner if out else None,
                         asking_new_game=self.asking_new_game)
