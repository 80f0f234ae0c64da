"""`companion maunz puzzles make`: mine puzzles from games of the AI against itself.

Each game starts with a few random moves (the openings vary), then both sides play the AI at a
level drawn for the game (easy or medium: their believable mistakes are what leaves wins to find),
with no time limit -- a fixed depth -- so that the same seed plays the same games and makes the
same set. The last plies of each game are proved with the exact solver (companion/ai/solve.py);
a position becomes a puzzle when its shortest win takes 1-4 turns, exactly one first move wins,
and no symmetric twin of it is in the set already. A node budget per proof skips the few
positions too costly to prove (skipped, never guessed).

The games are the AI's, so the set is the seed's for one version of the AI's play (levels,
search, evaluation): a change there plays other games, and the set is made again (`make --seed
1`); tests/test_puzzles.py notices, as the first puzzles no longer come out the same.
"""
from __future__ import annotations

import random
from collections import Counter

from companion.ai import _pick, solve
from companion.ai.levels import LEVELS
from companion.ai.movegen import move_of, state_of
from companion.ai.puzzles import Puzzle, canonical, make_puzzle
from companion.games.maunz import engine
from companion.games.maunz.kernel import STANDARD

BUDGET = 250_000  # nodes per proof: about 0.1 s here
TAIL = 12          # plies before a game's end that are tried


def play_game(rng: random.Random) -> list[engine.Position]:
    """One game's positions, the opening included, until someone wins (or 200 plies)."""
    levels = [LEVELS[rng.choice(("easy", "medium", "medium"))] for _ in range(2)]
    pos, out = engine.initial(rng.randrange(2)), []
    for ply in range(200):
        out.append(pos)
        if ply < rng.randrange(2, 9):
            pos = rng.choice(engine.successors(pos, STANDARD))[1]
        else:
            code = _pick(levels[ply % 2], state_of(pos), STANDARD, float("inf"), rng, 1 << 14)[0]
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
