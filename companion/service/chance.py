"""Chance at the table: dice, shuffles and deals are drawn by the service, never by an engine or
a table. At a chance node (`game.to_move(position) == CHANCE`) the service draws one outcome
from `game.chance_outcomes(position)` with its random source — `secrets.SystemRandom()` at the
table, a seeded `random.Random` in tests — records it, journals it as a move, and only then
hands it to the table (`table.on_chance`), so a power loss never re-rolls and a replay replays
the same draws (the recording's "chance" events)."""
from __future__ import annotations

import secrets
from fractions import Fraction
from math import lcm

#: Chance nodes in a row the service resolves in one loop iteration (a deal of many cards is
#: many chance moves); more is a game that never leaves chance, and the rest waits a step.
MAX_DRAWS = 64


def default_source():
    return secrets.SystemRandom()


def draw(outcomes: list[tuple[object, Fraction]], rng):
    """One outcome, with exactly its probability: the probabilities as integer weights over
    their common denominator, and one uniform integer below their sum."""
    if not outcomes:
        raise ValueError("a chance node without outcomes")
    probs = [Fraction(p) for _, p in outcomes]
    if any(p < 0 for p in probs) or sum(probs) != 1:
        raise ValueError(f"chance probabilities {', '.join(map(str, probs))} do not add up to 1")
    denominator = lcm(*(p.denominator for p in probs))
    weights = [int(p * denominator) for p in probs]
    pick = rng.randrange(sum(weights))
    for (move, _), w in zip(outcomes, weights):
        if pick < w:
            return move
        pick -= w
    raise AssertionError("unreachable: the weights add up to their sum")  # pragma: no cover
