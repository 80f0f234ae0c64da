"""`companion maunz puzzles make`: mine puzzles from games between two pinned players.

The players are defined here and nowhere else, so the set is the seed's for as long as the rules
stay the same: tuning the AI (its levels, search, evaluation weights) plays other games at the
table but never changes the puzzles, nor the ids that ratings in the journal are kept under. A
player looks two plies ahead (its move, every reply) with the rules' own move generation
(movegen: the kernel, compiled or pure -- the same moves in the same order) and scores the
positions with the fixed integer weights below; its mistakes, which leave the wins to find, come
from integer noise drawn from the game's seeded rng, as strong for each side as the game drew.
Integers only, so no platform's rounding can change a choice.

Each game starts with a few random moves (the openings vary). The last plies of each game are
proved with the exact solver (companion/ai/solve.py); a position becomes a puzzle when its
shortest win takes 1-4 turns, exactly one first move wins, and no symmetric twin of it is in the
set already. A node budget per proof skips the few positions too costly to prove (skipped,
never guessed). Changing anything here changes the set: make it again (`make --seed 1`);
tests/test_puzzles.py notices, as the first puzzles no longer come out the same.
"""
from __future__ import annotations

import random
from collections import Counter

from companion.ai import solve
from companion.ai.movegen import expand, move_of, pair_ends, state_of, winning_squares
from companion.ai.puzzles import Puzzle, canonical, make_puzzle
from companion.games.maunz import engine
from companion.games.maunz.board import FULL
from companion.games.maunz.kernel import STANDARD

BUDGET = 250_000  # nodes per proof: about 0.1 s here
TAIL = 12          # plies before a game's end that are tried
PLIES = 200        # a game that long is abandoned

# The pinned players' evaluation, from the mover's view, minus the same for the opponent.
CAT = 40           # each cat owned (on the bed or in the pool)
ON_BED = 6         # each piece on the bed
CAT_THREAT = 30    # each empty square where a cat would make a line of three cats
GROW_THREAT = 12   # each empty square where a piece would make a line of three (a graduation)
CENTRE = 4         # each piece on the four middle squares
WIN_NEXT = 600     # the mover can win at once (scored at the leaves: the player's next turn)
WON = 100_000      # a move that wins (or loses) at once
NOISE = (0, 15, 30, 60, 100)  # a side's noise (uniform +-n per first move), drawn per game
MIDDLE = (1 << 14) | (1 << 15) | (1 << 20) | (1 << 21)  # c3 d3 c4 d4


def _side(mine_k: int, mine_c: int, pool_c: int, empty: int) -> int:
    mine = mine_k | mine_c
    return (CAT * (mine_c.bit_count() + pool_c) + ON_BED * mine.bit_count()
            + CAT_THREAT * pair_ends(mine_c, empty).bit_count()
            + GROW_THREAT * pair_ends(mine, empty).bit_count() + CENTRE * (mine & MIDDLE).bit_count())


def score(s: tuple) -> int:
    """The pinned evaluation of a search state, for the player to move."""
    empty = ~(s[0] | s[1] | s[2] | s[3]) & FULL
    own = _side(s[0], s[1], s[5], empty) + (WIN_NEXT if winning_squares(s, STANDARD, True) else 0)
    return own - _side(s[2], s[3], s[7], empty)


def choose(s: tuple, noise: int, rng: random.Random) -> int:
    """The pinned player's move code in state s: the best two-ply score plus its noise, the
    first in move order among equals."""
    win, kids = expand(s, STANDARD)
    if win >= 0:
        return win
    best, best_code = None, kids[0][0]
    for code, child in kids:
        bonus = rng.randrange(-noise, noise + 1) if noise else 0
        if child is None:
            value = -WON  # lines up the opponent's cats
        else:
            reply_win, replies = expand(child, STANDARD)
            if reply_win >= 0:
                value = -WON
            else:
                value = WON
                for _rc, g in replies:
                    v = WON if g is None else score(g)
                    if v < value:
                        value = v
                        if best is not None and value + bonus <= best:
                            break  # this move cannot beat the best one any more
        if best is None or value + bonus > best:
            best, best_code = value + bonus, code
    return best_code


def play_game(rng: random.Random) -> list[engine.Position]:
    """One game's positions, the opening included, until someone wins (or PLIES plies)."""
    noise = [rng.choice(NOISE) for _ in range(2)]
    opening = rng.randrange(2, 9)
    pos, out = engine.initial(rng.randrange(2)), []
    for ply in range(PLIES):
        out.append(pos)
        state = state_of(pos)
        if ply < opening:
            win, kids = expand(state, STANDARD)
            code = win if win >= 0 else rng.choice(kids)[0]
        else:
            code = choose(state, noise[ply % 2], rng)
        pos = engine.apply(pos, move_of(code), STANDARD)
        if pos.winner is not None:
            break
    return out


def mine(seed: int, count: int, per_horizon: int | None = None, progress=None) -> list[Puzzle]:
    """`count` puzzles from seed `seed`, the same ones for the same arguments. With per_horizon,
    no more than that many of each horizon (the set stays varied)."""
    seen: set = set()
    found: list[Puzzle] = []
    by_h: Counter = Counter()
    game = 0
    while len(found) < count:
        rng = random.Random(f"maunz-puzzles:{seed}:{game}")
        game += 1
        for pos in reversed(play_game(rng)[-TAIL:]):
            if pos.winner is not None:
                continue
            state = state_of(pos)
            key = canonical(state)
            if key in seen:
                continue
            seen.add(key)
            n = solve.shortest_win(state, solve.MAX_HORIZON, STANDARD, BUDGET)
            if not n or (per_horizon and by_h[n] >= per_horizon):
                continue
            rows = solve.verdicts(state, n, STANDARD, BUDGET)
            if rows is None or sum(v == 1 for _c, v, _r in rows) != 1:
                continue
            sol = solve.Solution(n, [c for c, v, _r in rows if v == 1], [],
                                 {c: (None if v < 0 else r) for c, v, r in rows if v != 1})
            sol.line = solve.main_line(state, n, sol.winners[0])
            found.append(make_puzzle(pos, sol))
            by_h[n] += 1
            if progress:
                progress(len(found), game, by_h)
            if len(found) >= count:
                break
    return found
