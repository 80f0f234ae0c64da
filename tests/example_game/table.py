"""Fischnapf at the table: the buttons take fish, the undo card takes a turn back; no bed, no
LEDs. It says only what is its own; everything else is TableBase's default."""
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
                 language="de", ai_seat=None, players=()):
        self.game = game
        self.line = MoveLine(game, position, moves)   # the moves, undo and the commits
        self.language, self.ai_seat = language, ai_seat
        self.players = tuple(players) or ("", "")
        self._said: list = []

    @property
    def position(self):
        return self.line.position

    @property
    def start_position(self):
        return self.line.start

    @property
    def moves(self):
        return list(self.line.moves)

    def on_button(self, name, kind, now):
        move = {"ok": "1", "cat": "2"}.get(name)
        if kind == "press" and move in self.game.legal_moves(self.position):
            self.line.push(move)

    def on_card(self, function, now, arg=None):
        if function == "undo":
            self.line.pop()
        elif function == "language" and arg in ("de", "en"):
            self.language = arg
        elif function == "count":
            self._said.append(msg("fish.left", n=self.position[1]))

    def drain_said(self):
        out, self._said = self._said, []
        return out

    def new_game(self, now):
        self.line.reset(self.game.initial_position())

    def view(self):
        seat, fish = self.position
        out = self.game.outcome(self.position)
        if out is not None:
            screen = Screen("won", title=msg("fish.won", seat=out.winner + 1),
                            lines=(msg("new_game_keys"),), winner=out.winner)
        else:
            screen = Screen("await_placement", title=msg("fish.turn", seat=seat + 1),
                            lines=(msg("fish.left", n=fish), msg("fish.keys")))
        instruction = " · ".join(m.text(self.language) for m in screen.lines)
        phase = "won" if out else "await_placement"
        return TableView(LedFrame(), screen, self.position, tuple(self.moves), phase, instruction,
                         wants_ai=False, wants_hint=False, winner=out.winner if out else None)

    def drain_commits(self):
        return self.line.drain()
