"""`companion bench ai --ladder`: every level's Elo, measured.

    companion bench ai --ladder [--games 200] [--time 0.35] [--procs 2] [--opening 4] [--write]

Matches between the levels (companion/ai/levels.py) and two fixed outside players, uniform
random play (0 Elo, the anchor) and the greedy player (one ply, material and centre,
companion/ai/match.py): every adjacent pair of the ladder (random and level 1 first) plays
--games games, and, so the ladder is one round-robin web rather than a chain, each level plays
the one two above it and greedy plays the three weakest levels, a quarter of --games each. Each
game starts from --opening random plies (seeded by the game's pair of numbers), the same opening
played once with each colour. The Elo of each player is the maximum-likelihood Bradley-Terry fit
of all the games (a draw counts half; one virtual draw per pairing, as BayesElo does, keeps an
all-won pairing finite), random fixed at 0; the interval is 1.96 standard errors from the fit's
information matrix. One line a player: `level_<name>_elo N ± M`.

Every level plays without the clock (the same moves however busy the machine is): the strongest,
which at the table searches for the time it is given, here searches the nodes a Pi 4 searches in
--time seconds (levels.PI4_NODES_PER_S); at the table it gets `[game] ai_time`, 2 Pi-seconds by
default, more: its Elo here is a floor.

Stopped early (Ctrl-C, SIGTERM), it prints what it measured so far. --write stores the result
with the command in companion/ai/levels_elo.json, where the table reads it.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import signal
import time
from pathlib import Path

from companion.ai.levels import LEVELS, PI4_NODES_PER_S, STRONGEST

ANCHOR = "random"
K = math.log(10) / 400


def schedule(levels: list[str], games: int) -> list[tuple[str, str, int]]:
    """[(a, b, games)] of the ladder."""
    chain = [ANCHOR, *levels]
    side = max(2, games // 4 // 2 * 2)
    out = [(chain[i], chain[i + 1], games) for i in range(len(chain) - 1)]
    out += [(levels[i], levels[i + 2], side) for i in range(len(levels) - 2)]
    out += [("greedy", ANCHOR, side)] + [("greedy", lv, side) for lv in levels[:3]]
    return out


def fit(results: dict[tuple[str, str], list[float]], anchor: str = ANCHOR) -> dict[str, tuple[float, float]]:
    """Bradley-Terry by Newton's method on Elo: {player: (elo, 95 % half-interval)}.
    `results`: (a, b) -> [a's score, games]. Players not connected to the anchor are left out."""
    names = sorted({p for pair in results for p in pair} - {anchor})
    # connected to the anchor?
    reach, grew = {anchor}, True
    while grew:
        grew = False
        for (a, b), (_, n) in results.items():
            if n and (a in reach) != (b in reach):
                reach |= {a, b}
                grew = True
    names = [p for p in names if p in reach]
    idx = {p: i for i, p in enumerate(names)}
    pairs = [(a, b, s + 0.5, n + 1.0) for (a, b), (s, n) in results.items()
             if n and a in reach and b in reach]
    r = [0.0] * len(names)

    def rating(p):
        return 0.0 if p == anchor else r[idx[p]]

    cov = [[0.0] * len(names) for _ in names]
    for _ in range(100):
        g = [0.0] * len(names)
        h = [[0.0] * len(names) for _ in names]
        for a, b, s, n in pairs:
            p = 1.0 / (1.0 + 10 ** ((rating(b) - rating(a)) / 400))
            w = n * p * (1 - p) * K * K
            for x, sign in ((a, 1), (b, -1)):
                if x == anchor:
                    continue
                i = idx[x]
                g[i] += sign * (s - n * p) * K
                h[i][i] += w
                y = b if x == a else a
                if y != anchor:
                    h[i][idx[y]] -= w
        cov = _inverse(h)
        step = [sum(cov[i][j] * g[j] for j in range(len(names))) for i in range(len(names))]
        r = [x + d for x, d in zip(r, step)]
        if max((abs(d) for d in step), default=0.0) < 1e-6:
            break
    return {p: (r[i], 1.96 * math.sqrt(max(cov[i][i], 0.0))) for p, i in idx.items()}


def _inverse(m: list[list[float]]) -> list[list[float]]:
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda i: abs(a[i][c]))
        a[c], a[piv] = a[piv], a[c]
        d = a[c][c] or 1e-12
        a[c] = [x / d for x in a[c]]
        for i in range(n):
            if i != c and a[i][c]:
                f = a[i][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c])]
    return [row[n:] for row in a]


def _player(name: str, pi_seconds: float):
    from companion.ai.match import level_player, player_by_name

    if name == STRONGEST:
        return level_player(name, nodes=int(pi_seconds * PI4_NODES_PER_S))
    return player_by_name(name)


def _worker_init():
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent stops the ladder and prints it
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _game(task):
    from companion.ai.match import play_game

    a, b, index, seconds, opening, max_plies = task
    pa, pb = _player(a, seconds), _player(b, seconds)
    a_first = index % 2 == 0
    winner, _ = play_game(pa if a_first else pb, pb if a_first else pa, seconds=seconds,
                          seed=index // 2, opening=opening, max_plies=max_plies)
    score = 0.5 if winner == -1 else float(winner == (0 if a_first else 1))
    return a, b, score


def _stop(signum, frame):
    raise KeyboardInterrupt


def run(games: int, pi_seconds: float, procs: int, opening: int = 4, max_plies: int = 300,
        levels: list[str] | None = None, out=print) -> dict[str, tuple[float, float]]:
    """Play the ladder and print it; returns the fit."""
    levels = levels or list(LEVELS)
    plan = schedule(levels, games)
    # interleaved, so a ladder stopped early has measured every pairing a little
    tasks = [(a, b, i, pi_seconds, opening, max_plies) for i in range(max(n for *_, n in plan))
             for a, b, n in plan if i < n]
    results: dict = {(a, b): [0.0, 0] for a, b, _ in plan}
    t0 = time.time()
    stopped = False
    pool = multiprocessing.get_context("fork").Pool(procs, initializer=_worker_init)
    old = signal.signal(signal.SIGTERM, _stop)
    try:
        for a, b, score in pool.imap_unordered(_game, tasks, chunksize=1):
            results[(a, b)][0] += score
            results[(a, b)][1] += 1
    except KeyboardInterrupt:
        stopped = True
    finally:
        pool.terminate()
        pool.join()
        signal.signal(signal.SIGTERM, old)
    played = sum(n for _, n in results.values())
    out(f"ladder: {played} of {len(tasks)} games in {time.time() - t0:.0f} s with {procs} processes"
        f"{' (stopped early)' if stopped else ''}; {opening}-ply random openings, both colours;"
        f" the strongest level ({STRONGEST}) at {pi_seconds} Pi-s a move:"
        f" {int(pi_seconds * PI4_NODES_PER_S)} nodes")
    for (a, b), (s, n) in results.items():
        if n:
            out(f"  {a:>7} vs {b:<7} {n:>4} games, {a} scored {s / n:.3f}")
    elo = fit(results)
    out(f"{'greedy':>7}: {elo['greedy'][0]:.0f} ± {elo['greedy'][1]:.0f}" if "greedy" in elo else "greedy: not measured")
    for name in levels:
        if name in elo:
            out(f"level_{name}_elo {elo[name][0]:.0f} ± {elo[name][1]:.0f}")
    return elo


def write(elo: dict, command: str, path: Path | None = None) -> Path:
    path = path or Path(__file__).resolve().parent.parent / "companion" / "ai" / "levels_elo.json"
    data = {"command": command, "anchor": "uniform random play = 0",
            "greedy": [round(elo["greedy"][0]), round(elo["greedy"][1])] if "greedy" in elo else None,
            "elo": {name: [round(v[0]), round(v[1])] for name, v in elo.items() if name in LEVELS}}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path
