"""Self-play tuning of the evaluation weights (a simple (1+1) hill climb).

    python -m companion.ai.tune --minutes 8 [--games 24] [--procs 2] [--depth 2] [--seed 1]

Each round perturbs one to three weights of the current best (multiplicative log-normal step,
occasionally a sign flip for small weights), plays `--games` games between the candidate and the
current weights at a fixed search depth (so the result does not depend on machine speed),
colours alternating and each pair of games from the same two random opening plies, and keeps the
candidate if it scores at least `--accept` (wins + draws/2). The result is written to
weights.json, and every round is appended to TUNING.md's log as a row.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from pathlib import Path

from companion.ai.evaluate import FEATURES, WEIGHTS

HERE = Path(__file__).parent


def _game(task):
    from companion.ai.match import level_player, play_game

    cand, base, index, depth, seed = task
    pc = level_player("hard", weights=cand, max_depth=depth)
    pb = level_player("hard", weights=base, max_depth=depth)
    cand_first = index % 2 == 0
    w, plies = play_game(pc if cand_first else pb, pb if cand_first else pc, seconds=1e9,
                         seed=seed * 100_003 + index // 2, max_plies=200)
    if w == -1:
        return 0.5
    return 1.0 if (w == 0) == cand_first else 0.0


def perturb(w: tuple, rng: random.Random) -> tuple:
    w = list(w)
    for i in rng.sample(range(len(w)), rng.randint(1, 3)):
        if i == 0:
            continue  # cats_active is the unit (100 = one cat)
        if abs(w[i]) < 3 and rng.random() < 0.3:
            w[i] = -w[i] if w[i] else rng.choice((-2.0, 2.0))
        else:
            w[i] = round(w[i] * rng.lognormvariate(0, 0.35), 1)
    return tuple(w)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.ai.tune")
    p.add_argument("--minutes", type=float, default=8.0)
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--accept", type=float, default=0.6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--validate", type=int, default=200, help="final games: result vs start weights")
    p.add_argument("--out", default=str(HERE / "weights.json"))
    p.add_argument("--log", default=str(HERE / "TUNING.md"))
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    best = tuple(WEIGHTS)
    start = time.time()
    rows, total_games, accepted = [], 0, 0
    with multiprocessing.get_context("fork").Pool(args.procs) as pool:
        rnd = 0
        while time.time() - start < args.minutes * 60:
            rnd += 1
            cand = perturb(best, rng)
            tasks = [(cand, best, i, args.depth, rng.randrange(1 << 30)) for i in range(args.games)]
            score = sum(pool.map(_game, tasks)) / args.games
            total_games += args.games
            keep = score >= args.accept
            changed = ", ".join(f"{FEATURES[i]} {best[i]:g}->{cand[i]:g}"
                                for i in range(len(best)) if cand[i] != best[i])
            rows.append(f"| {rnd} | {changed} | {score:.3f} | {'kept' if keep else '-'} |")
            print(rows[-1], flush=True)
            if keep:
                best = cand
                accepted += 1
        tasks = [(best, tuple(WEIGHTS), i, args.depth, 7_000_000 + i // 2) for i in range(args.validate)]
        validation = sum(pool.map(_game, tasks)) / max(args.validate, 1)
    print(f"validation: tuned vs start weights {validation:.3f} over {args.validate} games", flush=True)
    minutes = (time.time() - start) / 60
    Path(args.out).write_text(json.dumps({
        "weights": dict(zip(FEATURES, best)),
        "found_by": (f"python -m companion.ai.tune --minutes {args.minutes:g} --games {args.games}"
                     f" --depth {args.depth} --accept {args.accept} --seed {args.seed}"),
        "rounds": len(rows), "accepted": accepted, "games": total_games,
        "minutes": round(minutes, 1),
        "validation": {"games": args.validate, "score_vs_start_weights": round(validation, 3),
                       "start_weights": dict(zip(FEATURES, WEIGHTS))},
    }, indent=2) + "\n", encoding="utf-8")
    log = Path(args.log)
    head = log.read_text(encoding="utf-8") if log.exists() else "# Evaluation tuning log\n"
    head += (f"\n## Run {time.strftime('%Y-%m-%d %H:%M')}: {len(rows)} rounds, {total_games} games,"
             f" {accepted} accepted, {minutes:.1f} min, depth {args.depth}, seed {args.seed}\n\n"
             f"Start: {dict(zip(FEATURES, WEIGHTS))}\n\n"
             "| round | change (candidate vs current) | candidate score | result |\n|---|---|---|---|\n"
             + "\n".join(rows) + f"\n\nResult: {dict(zip(FEATURES, best))}\n\nValidation: the result scored"
             f" {validation:.3f} (wins + draws/2) in {args.validate} games against the start weights.\n")
    log.write_text(head, encoding="utf-8")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
