"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), pure.

    r = Rating()                                      # 1500, RD 350, volatility 0.06
    r = update(r, [(Rating(1400, 30), 1.0)])          # one rating period: a win against 1400

A rating is on the Elo scale (`rating`), with its uncertainty (`rd`, the rating deviation: about
95 % of the time the true strength is within 2 RD) and `volatility` (how erratic the results are).
`update` is one rating period with the given results (score 1 win, 0.5 draw, 0 loss); a period
without games only widens the RD. The volatility is found by the Illinois algorithm of the paper's
step 5. Used for the players' ratings against the computer's levels (companion/service/ratings.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178          # Glicko-2's internal scale: (rating - 1500) / SCALE
TAU = 0.5                 # the system constant: how fast the volatility may change
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent."""
    mu, mu_j, phi_j = ((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE,
                       opponent.rd / SCALE)
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with `results` [(opponent, score)]."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.volatility
    if not results:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    v_inv, delta_sum = 0.0, 0.0
    for opp, score in results:
        mu_j, phi_j = (opp.rating - 1500) / SCALE, opp.rd / SCALE
        g = _g(phi_j)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility, the root of f by the Illinois (regula falsi) method
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
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
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(mu_new * SCALE + 1500, phi_new * SCALE, sigma_new)
