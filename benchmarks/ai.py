"""`companion bench ai`: the AI ladder, search speed and memory.

    companion bench ai [--games 100] [--time 0.35] [--procs 2] [--pairings hard-random,...]
                       [--max-plies 300] [--opening 2] [--calibrate] [--budget] [--versus]
    companion bench ai --ladder [--games 200] [--time 0.35] [--opening 4] [--write] [--reuse]

--ladder measures every level's Elo (benchmarks/ladder.py), one line a level; --reuse plays only
the pairings that companion/ai/levels_elo.json lacks or holds stale (a level changed since).

--budget measures only the Pi-class budget (benchmarks/pibudget.py: a Pi target / 5 here): a
maunz. hint at the medium level within 50 ms on a Pi (10 ms here), and the hard level's time
used within 10 % of the time given.

--versus plays only the new hard level against today's (the hard level before issue 37: the
pure-Python kernel, no late move reductions or aspiration windows) at the same --time, --games
games from 4-ply random openings, each opening with both colours.

Without either, it prints the hard search's depth and nodes/s on the compiled and on the pure
kernel (last line `native_over_pure_nodes_per_s`), the memory, and the ladder.

--time is the thinking time per move in Raspberry-Pi-4 seconds, the unit of the AI's API; it is
divided by the Pi slowdown factor (companion/ai/clock.py) on other machines: the default 0.35
Pi-seconds is 0.1 s here. Every player in a pairing gets the same time per move (random and
greedy need far less; minimax2 stops at two plies or at the deadline). Colours alternate; each
pair of games starts from the same two random plies, one per side. A game reaching --max-plies
is a draw. Win rate = (wins + draws/2) / games, for the first-named player.
"""
from __future__ import annotations

import multiprocessing
import resource
import sys
import time
from companion.cliargs import OneLineParser

DEFAULT_PAIRINGS = (
    "greedy-random", "minimax2-greedy", "minimax2-random",
    "easy-random", "easy-greedy", "easy-minimax2",
    "medium-random", "medium-greedy", "medium-minimax2", "medium-easy",
    "hard-random", "hard-greedy", "hard-minimax2", "hard-medium", "hard-easy",
)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _one_game(task):
    from companion.ai.match import play_game, player_by_name

    a, b, index, seconds, max_plies, opening = task
    pa, pb = player_by_name(a), player_by_name(b)
    a_first = index % 2 == 0
    stats: dict = {}
    winner, plies = play_game(pa if a_first else pb, pb if a_first else pa, seconds=seconds,
                              seed=index // 2, max_plies=max_plies, stats=stats, opening=opening)
    a_side = 0 if a_first else 1
    result = "draw" if winner == -1 else ("a" if winner == a_side else "b")
    return (a, b, result, plies, stats.get(a_side, []), stats.get(1 - a_side, []), _rss_mb())


def search_speed(seconds: float = 1.0) -> dict:
    """Depth and nodes/s of the hard level from a few middle-game positions, and TT size."""
    import random

    from companion.ai.movegen import state_of
    from companion.ai.search import Searcher
    from companion.games.maunz import engine

    rng = random.Random(5)
    out = {"depth": [], "nps": [], "tt": []}
    for n in (6, 12, 18):
        pos = engine.initial()
        for _ in range(n):
            pos = rng.choice([c for _, c in engine.successors(pos) if c.winner is None])
        s = Searcher()
        t0 = time.perf_counter()
        _, _, depth, _ = s.search(state_of(pos), deadline=t0 + seconds)
        dt = time.perf_counter() - t0
        out["depth"].append(depth)
        out["nps"].append(s.nodes / dt)
        out["tt"].append(s.tt_peak)
    return out


def fill_tt(limit_s: float = 40.0) -> tuple[int, float]:
    """Search one position until the transposition table reaches its bound (or limit_s), so the
    RSS figure covers a full table, not just the few thousand entries of a 1 s search."""
    import random

    from companion.ai.movegen import state_of
    from companion.ai.search import Searcher
    from companion.games.maunz import engine

    rng = random.Random(5)
    pos = engine.initial()
    for _ in range(12):
        pos = rng.choice([c for _, c in engine.successors(pos) if c.winner is None])
    s = Searcher()
    t0 = time.perf_counter()
    s.search(state_of(pos), deadline=t0 + limit_s)
    return s.tt_peak, time.perf_counter() - t0


def middle_positions(n: int, seed: int, plies: tuple[int, int] = (4, 24), variant: int = 0) -> list:
    """`n` unfinished positions of seeded random games (of the rules `variant`, engine.STANDARD
    by default), each after a random number of plies in [plies[0], plies[1]) (fewer where every
    move would end the game)."""
    import random

    from companion.games.maunz import engine

    rng, out = random.Random(seed), []
    while len(out) < n:
        pos = engine.initial()
        for _ in range(rng.randrange(*plies)):
            options = [c for _, c in engine.successors(pos, variant) if c.winner is None]
            if not options:
                break
            pos = rng.choice(options)
        if pos.winner is None:
            out.append(pos)
    return out


def budget(positions: int = 30, seed: int = 9) -> tuple[list[float], list[tuple[float, float]], list[float]]:
    """The Pi-class budget (benchmarks/pibudget.py) of the AI on middle-game positions of seeded
    random games: the wall time of a medium-level hint at the service's default thinking time
    (`[game] ai_time`, 2 Pi-seconds; best of 3 per position), and for the hard level at 0.5, 1
    and 2 Pi-seconds the time it used against the time it was given (here: Pi-seconds / the
    slowdown)."""
    import random

    from companion.ai import choose_move
    from companion.ai.clock import host_seconds
    from companion.games.maunz.game import Maunz

    game = Maunz()
    chosen = middle_positions(positions, seed)
    hints, cpu = [], []
    for pos in chosen:
        # best of 3 (the same seeded hint each time): the cost of the hint, without the moments
        # this shared machine gives the process no core; the CPU time besides (what the wall time
        # is on an idle machine)
        runs, cpus = [], []
        for _ in range(3):
            t0, c0 = time.perf_counter(), time.thread_time()
            choose_move(game, pos, level="medium", time_limit=2.0, rng=random.Random(1))
            runs.append(time.perf_counter() - t0)
            cpus.append(time.thread_time() - c0)
        hints.append(min(runs))
        cpu.append(min(cpus))
    used = []
    for pi_seconds in (0.5, 1.0, 2.0):
        for pos in chosen[:10]:
            t0 = time.perf_counter()
            choose_move(game, pos, level="hard", time_limit=pi_seconds, rng=random.Random(1))
            used.append((time.perf_counter() - t0, host_seconds(pi_seconds)))
    return hints, used, cpu


def versus(games: int, pi_seconds: float, procs: int, max_plies: int) -> int:
    """The new hard level against today's hard (companion.ai.match.today_player) at the same
    thinking time, from 4-ply random openings, each opening played with both colours."""
    from companion.ai.clock import host_seconds

    host = host_seconds(pi_seconds)
    tasks = [("hard", "today", i, host, max_plies, 4) for i in range(games)]
    score, counts, times = 0.0, {"a": 0, "b": 0, "draw": 0}, {"a": [], "b": []}
    t0 = time.time()
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        for _, _, res, _, ta, tb, _ in pool.imap_unordered(_one_game, tasks, chunksize=1):
            counts[res] += 1
            score += {"a": 1.0, "b": 0.0, "draw": 0.5}[res]
            times["a"] += ta
            times["b"] += tb
    rate = score / games
    mean = {k: sum(v) / len(v) if v else 0.0 for k, v in times.items()}
    print(f"new hard vs today's hard, {games} games at {pi_seconds} Pi-s per move ({host:.4f} s here),"
          f" 4-ply random openings, colours alternating, {time.time() - t0:.0f} s with {procs} processes:")
    print(f"new wins {counts['a']}, today's wins {counts['b']}, draws {counts['draw']} ({max_plies}-ply cap);"
          f" s/move new {mean['a']:.4f}, today's {mean['b']:.4f} (target win rate 0.75:"
          f" {'met' if rate >= 0.75 else 'MISSED'})")
    print(f"command: companion bench ai --versus --games {games} --time {pi_seconds} --procs {procs}")
    print(f"hard_vs_today_hard_winrate {rate:.3f}")
    return 0


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion bench ai")
    p.add_argument("--games", type=int, default=None,
                   help="games per pairing (default 100; --ladder: per adjacent pair, default 200)")
    p.add_argument("--time", type=float, default=0.35, help="Pi-4 seconds per move (default 0.35)")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--pairings", default=",".join(DEFAULT_PAIRINGS),
                   help="comma-separated A-B pairings (players: random, greedy, minimax2, easy, medium, hard;"
                        " today: hard before issue 37; lmr, aspiration: hard with those options)")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--no-full-tt", action="store_true", help="skip the full-TT memory run")
    p.add_argument("--calibrate", action="store_true", help="only time the fixed calibration workload")
    p.add_argument("--budget", action="store_true",
                   help="only the Pi-class budget: medium hint time, --time honoured (benchmarks/pibudget.py)")
    p.add_argument("--opening", type=int, default=None,
                   help="random plies before the players take over (default 2; --ladder 4)")
    p.add_argument("--ladder", action="store_true", help="only the levels' Elo (benchmarks/ladder.py)")
    p.add_argument("--write", action="store_true",
                   help="with --ladder: store the Elo in companion/ai/levels_elo.json")
    p.add_argument("--reuse", action="store_true",
                   help="with --ladder: fit levels_elo.json's pairings that are still valid (both levels,"
                        " the settings and the playing code unchanged), play only the others")
    p.add_argument("--versus", action="store_true",
                   help="only the new hard against today's (issue 37: pure Python, no LMR or aspiration)"
                        " at equal Pi-time, from 4-ply random openings")
    args = p.parse_args(argv)
    if args.ladder:
        from benchmarks import ladder

        measured = ladder.run(args.games or 200, args.time, args.procs,
                              4 if args.opening is None else args.opening, args.max_plies,
                              stored=ladder.stored() if args.reuse else None)
        command = "companion bench ai " + " ".join(argv)
        print(f"command: {command}")
        if args.write:
            print(f"written: {ladder.write(measured, command)}")
        return 0
    args.games = args.games or 100
    args.opening = 2 if args.opening is None else args.opening
    if args.versus:
        return versus(args.games, args.time, args.procs, args.max_plies)
    if args.budget:
        from benchmarks.pibudget import TIME_TOLERANCE, verdict

        from companion.games import native

        hints, used, cpu = budget()
        over = max(u / given for u, given in used)
        print(f"medium hint at 2 Pi-s on the {native.name()} kernel, {len(hints)} positions:"
              f" median {sorted(hints)[len(hints) // 2] * 1000:.1f} ms, max {max(hints) * 1000:.1f} ms")
        print(verdict("hint_medium_max_ms", max(hints) * 1000))
        print(f"the same hints' CPU time: median {sorted(cpu)[len(hints) // 2] * 1000:.1f} ms,"
              f" max {max(cpu) * 1000:.1f} ms")
        print(f"hard level at 0.5/1/2 Pi-s, {len(used)} searches: time used / time given at most"
              f" {over:.3f} (target {1 + TIME_TOLERANCE:.2f}): {'met' if over <= 1 + TIME_TOLERANCE else 'MISSED'}")
        print(f"hint_medium_max_ms {max(hints) * 1000:.1f}")
        print(f"hint_medium_cpu_max_ms {max(cpu) * 1000:.1f}")
        print(f"ai_time_used_ratio_max {over:.3f}")
        return 0

    from companion.ai.clock import PI4_SLOWDOWN, calibrate, host_seconds, slowdown

    calib = calibrate()
    print(f"calibration workload (2000 seeded random games): {calib:.3f} s on this machine")
    if args.calibrate:
        print(f"calib_workload_s {calib:.3f}")
        return 0
    host = host_seconds(args.time)
    print(f"time per move: {args.time} Pi-4 s = {host:.4f} s here (slowdown {slowdown()},"
          f" PI4_SLOWDOWN constant {PI4_SLOWDOWN})")

    from companion.games import native

    speed = search_speed(host_seconds(1.0))
    with native.pure():
        pure_speed = search_speed(host_seconds(1.0))
    for what, sp in ((native.name(), speed), ("pure", pure_speed)):
        print(f"hard search at 1 Pi-second, {what} kernel: depth {sp['depth']}, nodes/s "
              f"{[round(x) for x in sp['nps']]}, TT peak entries {sp['tt']}")
    nps_ratio = sum(speed["nps"]) / sum(pure_speed["nps"])
    rss_search = _rss_mb()
    if not args.no_full_tt:
        filled, fill_s = fill_tt()
        rss_full = _rss_mb()
        print(f"long hard search until the TT bound: {filled} entries after {fill_s:.1f} s,"
              f" RSS {rss_full:.1f} MB")
        rss_search = max(rss_search, rss_full)

    pairings = [tuple(x.split("-")) for x in args.pairings.split(",") if x]
    tasks = [(a, b, i, host, args.max_plies, args.opening) for a, b in pairings for i in range(args.games)]
    t0 = time.time()
    results: dict = {}
    rss_max = rss_search
    with multiprocessing.get_context("fork").Pool(args.procs) as pool:
        for a, b, res, plies, ta, tb, rss in pool.imap_unordered(_one_game, tasks, chunksize=1):
            r = results.setdefault((a, b), {"a": 0, "b": 0, "draw": 0, "plies": 0, "ta": [], "tb": []})
            r[res] += 1
            r["plies"] += plies
            r["ta"] += ta
            r["tb"] += tb
            rss_max = max(rss_max, rss)
    elapsed = time.time() - t0

    print(f"\n{'pairing':<18}{'games':>6}{'A wins':>8}{'B wins':>8}{'draws':>7}{'A rate':>8}"
          f"{'plies':>7}{'A s/move':>10}{'B s/move':>10}")
    rates = {}
    for a, b in pairings:
        r = results[(a, b)]
        n = r["a"] + r["b"] + r["draw"]
        rate = (r["a"] + 0.5 * r["draw"]) / n
        rates[(a, b)] = rate
        mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
        print(f"{a + ' vs ' + b:<18}{n:>6}{r['a']:>8}{r['b']:>8}{r['draw']:>7}{rate:>8.3f}"
              f"{r['plies'] / n:>7.1f}{mean(r['ta']):>10.4f}{mean(r['tb']):>10.4f}")
    print(f"\nladder: {len(tasks)} games in {elapsed:.0f} s with {args.procs} processes")
    print(f"command: companion bench ai {' '.join(argv)}")
    for (a, b), rate in rates.items():
        if a == "hard" and b in ("random", "minimax2"):
            continue
        print(f"{a}_vs_{b}_winrate {rate:.3f}")
    print(f"search_depth_1pi_s {min(speed['depth'])}")
    print(f"calib_workload_s {calib:.3f}")
    for b in ("random", "minimax2"):
        if ("hard", b) in rates:
            print(f"hard_vs_{b}_winrate {rates[('hard', b)]:.3f}")
    print(f"rss_mb_max {rss_max:.1f}")
    print(f"native_over_pure_nodes_per_s {nps_ratio:.1f}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
