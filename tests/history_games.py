"""Five short past games, one of each game, written into a journal as the service writes them
(seeded: the same games every run), for the history view's tests."""
from __future__ import annotations

import random
from pathlib import Path

from companion.games.base import CHANCE

#: (game, seed, most plies, players' names)
GAMES = (("maunz", 3, 200, ("Anna", "Ben")), ("katzenjammer", 1, 14, ("Anna", "Ben")),
         ("monster-mau-mau", 1, 12, ("Anna", "Ben")), ("cats", 1, 40, ("Anna", "Ben")),
         ("cat-attack", 1, 16, ("Anna", "Ben")))


def seeded_moves(game, seed: int, plies: int) -> list[str]:
    """A game of random legal moves (chance drawn by its odds), at most `plies` long."""
    rng = random.Random(seed)
    pos, moves = game.initial_position(), []
    while len(moves) < plies and game.outcome(pos) is None:
        if game.to_move(pos) == CHANCE:
            outcomes = game.chance_outcomes(pos)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = rng.choice(list(game.legal_moves(pos)))
        moves.append(game.format_move(pos, move))
        pos = game.apply(pos, move)
    return moves


def write_games(state_dir: Path, also=()) -> dict[str, tuple[int, list[str]]]:
    """The five games in the journal of `state_dir` (the last, unfinished, abandoned when the
    table goes back to a fresh maunz. game): game name -> (its id, its moves). `also`: more
    games after them, as GAMES lists them (keyed "<game>+<n>", n counting from 1)."""
    from companion import games
    from companion.service.journal import Journal

    out = {}
    journal = None
    try:
        for n, (name, seed, plies, players) in enumerate(GAMES + tuple(also)):
            game = games.get(name)
            if journal is None:
                journal = Journal(state_dir, game)
            start = game.format_position(game.initial_position())
            if journal.current is not None:
                row = journal.switch_game(game, start)
            else:
                row = journal.begin_game(start, game)
            for seat, player in enumerate(players):
                journal.set_player(seat, player)
            moves = seeded_moves(game, seed, plies)
            for move in moves:
                journal.apply_commit("move", move, "")
            out[name if n < len(GAMES) else f"{name}+{n - len(GAMES) + 1}"] = (row.id, moves)
        # the table is back at maunz. with nothing played: the live game the page shows
        maunz = games.get("maunz")
        journal.switch_game(maunz, maunz.format_position(maunz.initial_position()))
    finally:
        if journal is not None:
            journal.close()
    return out
