"""Fischnapf at the table: the buttons take fish, the undo card takes a turn back; no bed, no
LEDs. It says only what is its own; everything else is TableBase's default."""
from __future__ import annotations

from companion.tables.protocol import Commit, TableBase, TableView
from companion.ui.screens import Screen, msg
from companion.words import LedFrame

from tests.example_game import phrases  # noqa: F401  (registers the words)


class FischnapfTable(TableBase):
    card_functions = ("new_game", "undo", "language", "player")

    def __init__(self, game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
                 language="de", ai_seat=None, players=()):
        self.game = game
        self.start_position = position or game.initial_position()
        self.position, self.moves = self.start_position, []
        for m in moves:
            self._play(m)
        self.language, self.ai_seat = language, ai_seat
        self.players = tuple(players) or ("", "")
        self._commits: list[Commit] = []

    def _play(self, move: str) -> None:
        self.position = self.game.apply(self.position, move)
        self.moves.append(move)

    def _commit(self, kind: str, move: str | None) -> None:
        self._commits.append(Commit(kind, move, self.game.format_position(self.position)))

    def on_button(self, name, kind, now):
        move = {"ok": "1", "cat": "2"}.get(name)
        if kind == "press" and move in self.game.legal_moves(self.position):
            self._play(move)
            self._commit("move", move)

    def on_card(self, function, now, arg=None):
        if function == "undo" and self.moves:
            moves = self.moves[:-1]
            self.position, self.moves = self.start_position, []
            for m in moves:
                self._play(m)
            self._commit("undo", None)
        elif function == "language" and arg in ("de", "en"):
            self.language = arg

    def new_game(self, now):
        self.start_position = self.position = self.game.initial_position()
        self.moves = []
        self._commit("new_game", None)

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
        out, self._commits = self._commits, []
        return out
