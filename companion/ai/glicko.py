"""Glicko-2 ratings (Mark Glickman's system): a rating, its deviation (how unsure it is) and a
volatility (how erratic the player is). One pure implementation for everything the companion
rates: puzzle solvers and puzzles (companion/service/puzzle_store.py), and the playing levels.

Each attempt is its own rating period with one game: a puzzle solved is a win of the player over
the puzzle, a failed one a win of the puzzle; both sides are updated from their ratings before
the attempt. The numbers follow the paper's steps 1-8, on its scale (1500, 350, 0.06; tau 0.5).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5
EPSILON = 1e-6
MAX_RD = 350.0


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = MAX_RD
    vol: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one period of games: (opponent's rating before, score 1 / 0.5 /
    0). No games: only the deviation grows (the rating grows less certain with time)."""
    mu, phi, sigma = (player.rating - 1500.0) / SCALE, player.rd / SCALE, player.vol
    if not results:
        return Rating(player.rating, min(MAX_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opp = [((r.rating - 1500.0) / SCALE, r.rd / SCALE, s) for r, s in results]
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, s in opp:
        e = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (s - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # Step 5: the new volatility (the Illinois algorithm of the paper).
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    new_sigma = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(1500.0 + SCALE * new_mu, min(MAX_RD, SCALE * new_phi), new_sigma)


def attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt at a puzzle."""
    score = 1.0 if solved else 0.0
    return update(player, [(puzzle, score)]), update(puzzle, [(player, 1.0 - score)])
