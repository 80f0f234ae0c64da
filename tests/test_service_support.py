"""Helpers (no tests): scripted games as the physical actions a person takes, for the service
tests and the referee benchmark."""
from __future__ import annotations

import random

from companion.games import get
from companion.tables.maunz.script import occupancies


def scripted_game(seed: int = 7, max_moves: int = 200):
    """A whole random game: (game, [move texts]) ending in a win."""
    game = get("maunz")
    rng = random.Random(seed)
    pos = game.initial_position()
    moves = []
    while game.outcome(pos) is None and len(moves) < max_moves:
        mv = rng.choice(game.legal_moves(pos))
        moves.append(game.format_move(pos, mv))
        pos = game.apply(pos, mv)
    return game, moves


def beds(game, moves):
    """The bed (occupancy) before each move and after the last one."""
    pos = game.initial_position()
    out = [pos.occupied]
    for m in moves:
        pos = game.apply(pos, game.parse_move(pos, m))
        out.append(pos.occupied)
    return out


def move_actions(game, pos, text):
    """[("cat",) | ("scan", mask) | ("ok_if_asked",) | ("ok_if_choice",)] for one move."""
    mv = game.parse_move(pos, text)
    kittens, cats = pos.pool(pos.turn)
    out = []
    if mv.kind == "c" and kittens:
        out.append(("button", "cat"))  # declare the cat before placing it
    occ = occupancies(game, pos, mv)
    out.append(("scan", occ[0]))
    if mv.kind == "k" and cats:
        out.append(("answer_kitten",))  # the referee asks kitten or cat: OK = kitten
    out += [("scan", m) for m in occ[1:]]
    after = game.apply(pos, mv)
    if mv.choice and after.winner is None:
        out.append(("confirm",))  # a retirement may need OK (a longer line could still follow)
    return out


class VirtualPlayer:
    """Plays scripted moves through fake devices into a Companion, stepping its loop in
    virtual time (deterministic, no sleeping)."""

    def __init__(self, companion, t0: float = 0.0) -> None:
        self.c = companion
        self.t = t0
        self.period = 1.0 / companion.config.scan_hz
        self.hold = companion.config.game.settle + 2 * self.period

    def run(self, seconds: float) -> None:
        end = self.t + seconds
        while self.t < end:
            self.c.step(self.t)
            self.t += self.period

    def run_until(self, pred, seconds: float = 10.0) -> bool:
        end = self.t + seconds
        while self.t < end:
            self.c.step(self.t)
            self.t += self.period
            if pred():
                return True
        return False

    def play(self, text: str) -> None:
        c = self.c
        game = c.game
        pos = c.table.position
        n = len(c.table.moves)
        for action in move_actions(game, pos, text):
            kind = action[0]
            if kind == "scan":
                c.devices.reed.set_mask(action[1])
                self.run(self.hold)
            elif kind == "button":
                c.devices.buttons.press(action[1])
                self.run(2 * self.period)
            elif kind == "answer_kitten":
                if self.run_until(lambda: c.table.phase == "ask_kind", 2.0):
                    c.devices.buttons.press("ok")
                    self.run(2 * self.period)
            elif kind == "confirm":
                if len(c.table.moves) == n:
                    c.devices.buttons.press("ok")
        ok = self.run_until(lambda: len(c.table.moves) > n, 10.0)
        assert ok, f"move {text} was not committed; phase {c.table.phase}: {c.table.view().instruction}"
