"""Katzenjammer's review after a game (issue 36): for each choice a person made (a turn with more
than one way to play it, at a seat no computer played), the turn the strongest computer player
(expectimax2, players.py) would have chosen there, both judged by that player's own value of the
board they leave (the expectation over the next roll of the next player's reply), and why: the
engine's explanation of the better turn (explain.py). A summary: how many choices matched, and
the costliest difference. A difference that is a game won or handed over (the player's value of a
full stall is players.WIN, far beyond any count of fields) is kept as what it is: the better turn
filled the stall at once, or the played one let the next player win with their next roll (the
share of rolls that does it), so that the words never quote the engine's scale. Pure."""
from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.base import CHANCE
from companion.games.katzenjammer import engine
from companion.games.katzenjammer.board import stall_full
from companion.games.katzenjammer.engine import Position
from companion.games.katzenjammer.players import ROLL_CLASSES, ExpectimaxPlayer
from companion.games.reason import Reason


@dataclass(frozen=True)
class Choice:
    ply: int
    colour: int
    played: str
    best: str
    cost: float                 # the better turn's value less the played one's (0: as good)
    why: tuple[Reason, ...]     # what the better turn does (the engine's reasons)
    won: bool = False           # the better turn filled the mover's stall, the played one did not
    lets_win: float = 0.0       # the share of the next player's rolls that win at once after
    #                             the played turn, less after the better one (0..1)
    next_colour: int = 0        # that next player's colour

    @property
    def matched(self) -> bool:
        return self.cost <= 0.0


@dataclass(frozen=True)
class Summary:
    choices: tuple[Choice, ...]

    @property
    def matched(self) -> int:
        return sum(c.matched for c in self.choices)

    @property
    def costliest(self) -> Choice | None:
        worst = max(self.choices, key=lambda c: (c.cost, -c.ply), default=None)
        return worst if worst is not None and not worst.matched else None


def review(game, start, moves, people) -> Summary:
    """Each person's choice in the game `start` + `moves` (texts); `people`: their seats."""
    strongest = ExpectimaxPlayer(2)
    two_dice = game.two_dice
    choices, pos = [], start
    for ply, text in enumerate(moves):
        move = game.parse_move(pos, text)
        seat = game.to_move(pos)
        if seat != CHANCE and seat in people:
            turns = engine.turn_moves(pos, two_dice)
            if len({board for _, board in turns}) > 1:
                choices.append(_judge(game, pos, move, ply, turns, strongest, two_dice))
        pos = game.apply(pos, move)
    return Summary(tuple(choices))


def _judge(game, pos, move, ply, turns, strongest, two_dice) -> Choice:
    # the computer's tie-breaks seeded by the position's text, as at the table (session.py)
    best = strongest.choose(pos, random.Random(game.format_position(pos)), two_dice)
    boards = dict(turns)
    played_board = engine.play(pos, move, two_dice).board
    best_board = boards.get(best, engine.play(pos, best, two_dice).board)
    nxt = engine.next_colour(pos.colours, pos.to_move)
    if best_board == played_board:
        cost, won, lets_win = 0.0, False, 0.0
    else:
        cost = strongest.value(pos, best_board, two_dice=two_dice) - strongest.value(
            pos, played_board, two_dice=two_dice)
        won = stall_full(best_board, pos.to_move) and not stall_full(played_board, pos.to_move)
        lets_win = 0.0 if won else max(0.0, next_wins(pos, played_board, two_dice)
                                       - next_wins(pos, best_board, two_dice))
    return Choice(ply, pos.to_move, game.format_move(pos, move), game.format_move(pos, best),
                  round(max(0.0, cost), 1), tuple(game.explain(pos, best)), won,
                  round(lets_win, 3), nxt)


def next_wins(pos, board: bytes, two_dice: bool = False) -> float:
    """The share of the next player's rolls that fill their stall at once from `board` (left by
    the mover of `pos`): what the strongest player's value counts as a win (players.WIN)."""
    nxt = engine.next_colour(pos.colours, pos.to_move)
    return sum(weight for dice, weight in ROLL_CLASSES
               if any(stall_full(b, nxt) for b in engine.turn_boards(Position(pos.colours, board, nxt, dice),
                                                                      two_dice)))
