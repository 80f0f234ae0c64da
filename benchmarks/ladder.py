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
with the command in companion/ai/levels_elo.json, where the table reads it, and with it what
makes the fit reproducible: every pairing's wins, draws and losses, each player's definition (a
level's parameters, the strongest's node budget), the settings (--time, --opening, --max-plies)
and a fingerprint of the code that plays (the search, the evaluation and its weights, the top
level's proofs, the rules, the compiled kernel's source). --reuse keeps the stored pairings whose two definitions, the
settings and the fingerprint are today's, plays only the rest (a new or changed level's pairings,
or the games a stored pairing lacks) and fits all; a stored pairing that is stale is named and
played again, never fitted.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import multiprocessing
import signal
import time
from pathlib import Path

from companion.ai.levels import LEVELS, PI4_NODES_PER_S, STRONGEST

ANCHOR = "random"
K = math.log(10) / 400
ROOT = Path(__file__).resolve().parent.parent
ELO_FILE = ROOT / "companion" / "ai" / "levels_elo.json"
#: the code a ladder game runs besides the levels' parameters: a change here makes every stored
#: pairing stale (the levels' rules, the search and its evaluation, the players, the rules)
PLAYING_CODE = ("companion/ai/__init__.py", "companion/ai/search.py", "companion/ai/evaluate.py",
                "companion/ai/top.py", "companion/ai/solve.py",   # the top level's proofs
                "companion/ai/weights.json", "companion/ai/movegen.py", "companion/ai/match.py",
                "companion/games/maunz/kernel.py", "companion/games/maunz/csrc/*.c",
                "companion/games/maunz/csrc/*.h")


def schedule(levels: list[str], games: int) -> list[tuple[str, str, int]]:
    """[(a, b, games)] of the ladder."""
    chain = [ANCHOR, *levels]
    side = max(2, games // 4 // 2 * 2)
    out = [(chain[i], chain[i + 1], games) for i in range(len(chain) - 1)]
    out += [(levels[i], levels[i + 2], side) for i in range(len(levels) - 2)]
    out += [("greedy", ANCHOR, side)] + [("greedy", lv, side) for lv in levels[:3]]
    return out


def definition(name: str, pi_seconds: float) -> str:
    """What a player does, as the ladder plays it: a stored pairing counts only while both are
    unchanged."""
    if name in ("random", "greedy"):
        return name
    lv = LEVELS[name]
    if name == STRONGEST:
        lv = dataclasses.replace(lv, nodes=int(pi_seconds * PI4_NODES_PER_S))
    return ", ".join(f"{f.name}={getattr(lv, f.name)}" for f in dataclasses.fields(lv) if f.name != "name")


def fingerprint() -> str:
    """sha256 of PLAYING_CODE's files, the first 16 hex digits."""
    h = hashlib.sha256()
    for pattern in PLAYING_CODE:
        for path in sorted(ROOT.glob(pattern)):
            h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def reusable(stored: dict, plan: list[tuple[str, str, int]], settings: dict, code: str,
             out=print) -> dict[tuple[str, str], list[int]]:
    """The stored pairings of `plan` that today's ladder may fit again: {(a, b): [wins, draws,
    losses] of a}; each stale one is named in a line."""
    old_pairs = {(p["a"], p["b"]): [p["wins"], p["draws"], p["losses"]] for p in stored.get("pairs", [])}
    if not old_pairs:
        return {}
    why = None
    if stored.get("code") != code:
        why = "the playing code changed since"
    elif stored.get("settings") != settings:
        why = f"measured with {stored.get('settings')}, not {settings}"
    if why:
        out(f"stored pairings not reused: {why}")
        return {}
    defs, kept = stored.get("definitions", {}), {}
    pi_seconds = settings["time"]
    for a, b, _ in plan:
        if (a, b) not in old_pairs:
            continue
        changed = [p for p in (a, b) if defs.get(p) != definition(p, pi_seconds)]
        if changed:
            out(f"stale: {a} vs {b} ({' and '.join(changed)} changed): played again")
        else:
            kept[(a, b)] = old_pairs[(a, b)]
    return kept


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
        levels: list[str] | None = None, out=print, stored: dict | None = None) -> dict:
    """Play the ladder (the games `stored`'s reusable pairings lack, with `stored`) and print it;
    returns {"elo": the fit, "pairs": {(a, b): [wins, draws, losses] of a}, "settings": ...}."""
    levels = levels or list(LEVELS)
    plan = schedule(levels, games)
    settings = {"time": pi_seconds, "opening": opening, "max_plies": max_plies}
    code = fingerprint()   # of the code as the games start: what they play
    results = {(a, b): [0, 0, 0] for a, b, _ in plan}
    results.update(reusable(stored or {}, plan, settings, code, out))
    # interleaved, so a ladder stopped early has measured every pairing a little
    tasks = [(a, b, i, pi_seconds, opening, max_plies) for i in range(max(n for *_, n in plan))
             for a, b, n in plan if sum(results[(a, b)]) <= i < n]
    reused = sum(sum(r) for r in results.values())
    t0 = time.time()
    stopped = False
    pool = multiprocessing.get_context("fork").Pool(procs, initializer=_worker_init)
    old = signal.signal(signal.SIGTERM, _stop)
    try:
        for a, b, score in pool.imap_unordered(_game, tasks, chunksize=1):
            results[(a, b)][{1.0: 0, 0.5: 1, 0.0: 2}[score]] += 1
    except KeyboardInterrupt:
        stopped = True
    finally:
        pool.terminate()
        pool.join()
        signal.signal(signal.SIGTERM, old)
    played = sum(sum(r) for r in results.values()) - reused
    out(f"ladder: {played} of {len(tasks)} games in {time.time() - t0:.0f} s with {procs} processes"
        f"{' (stopped early)' if stopped else ''}{f', {reused} stored games reused' if reused else ''};"
        f" {opening}-ply random openings, both colours; the strongest level ({STRONGEST}) at"
        f" {pi_seconds} Pi-s a move: {int(pi_seconds * PI4_NODES_PER_S)} nodes")
    for (a, b), (w, d, lost) in results.items():
        if w + d + lost:
            out(f"  {a:>7} vs {b:<7} {w + d + lost:>4} games, {a} won {w}, drew {d}, lost {lost}:"
                f" scored {(w + d / 2) / (w + d + lost):.3f}")
    elo = fit({pair: [w + d / 2, w + d + lost] for pair, (w, d, lost) in results.items()})
    out(f"{'greedy':>7}: {elo['greedy'][0]:.0f} ± {elo['greedy'][1]:.0f}" if "greedy" in elo else "greedy: not measured")
    for name in levels:
        if name in elo:
            out(f"level_{name}_elo {elo[name][0]:.0f} ± {elo[name][1]:.0f}")
    return {"elo": elo, "pairs": results, "settings": settings, "code": code}


def stored(path: Path | None = None) -> dict:
    """levels_elo.json as written ({} if there is none); one line naming the file if it is not
    JSON."""
    path = path or ELO_FILE
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except ValueError as exc:
        raise SystemExit(f"companion bench ai --ladder --reuse: {path} is not JSON ({exc});"
                         " measure anew without --reuse") from None


def write(measured: dict, command: str, path: Path | None = None) -> Path:
    """Store run()'s result: the Elo the table reads, and what reproduces the fit."""
    path = path or ELO_FILE
    elo, pi_seconds = measured["elo"], measured["settings"]["time"]
    players = sorted({p for pair in measured["pairs"] for p in pair})
    data = {"command": command, "anchor": "uniform random play = 0",
            "greedy": [round(elo["greedy"][0]), round(elo["greedy"][1])] if "greedy" in elo else None,
            "elo": {name: [round(v[0]), round(v[1])] for name, v in elo.items() if name in LEVELS},
            "settings": measured["settings"], "code": measured["code"],
            "definitions": {p: definition(p, pi_seconds) for p in players},
            "pairs": [{"a": a, "b": b, "wins": w, "draws": d, "losses": lost}
                      for (a, b), (w, d, lost) in measured["pairs"].items() if w + d + lost]}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
