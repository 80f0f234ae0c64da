"""`companion bench katzenjammer`: successor generation, computer players and button presses.

    companion bench katzenjammer [--games 20] [--press-games 10] [--seed 14] [--skip-players]
                                 [--pairings expectimax2-random,expectimax2-greedy,...]

1. The crowded four-seat joker roll (31,637 successors): wall time of the real command line
   `companion katzenjammer successors --position ...` (a fresh process, best and median of 3,
   which includes starting Python and printing 31,637 lines), the enumeration alone as a fresh
   process meets it (`engine.successors` timed once in each of 3 fresh processes: the first call,
   nothing warmed up; best and median), and its in-process CPU time (best of 20). Target: 0.2 s
   for the enumeration, best of 3 fresh processes (issue "Ready for the Pi"). Issue 37: the
   compiled kernel (companion/games/native.py) against the pure one in the same run, in process
   (target 20 ms) and the command line's CPU time, process start included (target 0.12 s), best
   of 10, with its bytecode compiled once as an installed package has it (and, where
   PYTHONDONTWRITEBYTECODE is set, also compiling every module at every start), beside the
   interpreter's own start (`python -c pass`).
1b. The first choice on the OLED after a roll: on the crowded board (green to move), every one
   of the 216 rolls of the three Miwin dice, on a fresh Katzenjammer table each: `on_chance`
   with the roll, the table's view, the OLED image rendered. Target: every roll within 50 ms
   (the menus are built lazily; whether a die can be used at all is found without listing its
   actions).
2. Win rates of the expectimax players (levels 1 and 2) against the random and the greedy
   one-ply player in two-player games (r against g, colours alternating, dice from
   random.Random(seed + game)).
3. Button presses per turn for the three-button chooser over self-play games of the level-1
   expectimax player: each chosen turn is entered through chooser.walk, turns with a seven and
   without one counted apart.
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from companion.cliargs import OneLineParser

CROWDED = "r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553"
DEFAULT_PAIRINGS = (("expectimax1", "random"), ("expectimax1", "greedy"),
                    ("expectimax2", "random"), ("expectimax2", "greedy"), ("greedy", "random"))


def _successors_timing() -> tuple[float, float, int]:
    walls = []
    count = 0
    for _ in range(3):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "companion", "katzenjammer", "successors",
                              "--position", CROWDED], capture_output=True, text=True, check=True)
        walls.append(time.perf_counter() - t0)
        count = len(out.stdout.splitlines())
    return min(walls), statistics.median(walls), count


_FRESH = f"""
import time
from companion.games.katzenjammer import notation, engine
pos = notation.parse_position({CROWDED!r})
t0 = time.perf_counter()
engine.successors(pos)
print(time.perf_counter() - t0)
"""


def _successors_fresh() -> list[float]:
    """The enumeration's wall time in each of 3 fresh processes (its first call there)."""
    return [float(subprocess.run([sys.executable, "-c", _FRESH], capture_output=True, text=True,
                                 check=True).stdout) for _ in range(3)]


def _first_choice() -> list[float]:
    """Seconds from the roll to the first choice rendered for the OLED, per roll."""
    from itertools import product

    from companion.games import get
    from companion.games.katzenjammer import notation
    from companion.games.katzenjammer.board import DIE_FACES
    from companion.games.katzenjammer.engine import Roll
    from companion.tables.katzenjammer import KatzenjammerTable
    from companion.ui.render import render

    game = get("katzenjammer", players=4)
    before = notation.parse_position(CROWDED)._replace(dice=None)
    times = []
    for dice in product(*DIE_FACES):
        table = KatzenjammerTable(game, before, language="de")
        t0 = time.perf_counter()
        table.on_chance(Roll(dice), 0.0)
        view = table.view()
        render(view.screen, "de")
        times.append(time.perf_counter() - t0)
        if not view.instruction:
            raise AssertionError(f"no choice shown after the roll {dice}")
    return times


def _successors_cpu(runs: int = 20) -> float:
    from companion.games.katzenjammer import notation, engine

    pos = notation.parse_position(CROWDED)
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        engine.successors(pos)
        best = min(best, time.process_time() - t0)
    return best


def _cli_cpu(pure: bool, runs: int = 3, argv: list | None = None, bytecode: str | None = None) -> float:
    """CPU seconds (user + system) of the command line's process, best of `runs`: what its wall
    time is on an idle machine, whatever else this shared one runs (its load makes single runs
    vary by half: the compiled one is taken best of 10). With `bytecode` (a directory), Python
    keeps the modules' compiled bytecode there, as an installed package has it beside its
    sources (pip compiles it at install): the first run writes it, the others read it."""
    import resource

    env = dict(os.environ, COMPANION_PURE="1" if pure else "0")
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode
    argv = argv or ["-m", "companion", "katzenjammer", "successors", "--position", CROWDED]
    best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, *argv], capture_output=True, check=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def _win_rate(a: str, b: str, games: int, seed: int) -> tuple[float, float]:
    from companion.games.katzenjammer.players import play_game, player_by_name

    score = 0.0
    turns = 0
    for g in range(games):
        pa, pb = player_by_name(a), player_by_name(b)
        seats = {0: pa, 2: pb} if g % 2 == 0 else {0: pb, 2: pa}
        winner, n = play_game(seats, random.Random(seed + g))
        turns += n
        score += 0.5 if winner is None else float(seats[winner] is pa)
    return score / games, turns / games


def _presses(games: int, seed: int) -> dict[str, list[int]]:
    from companion.tables.katzenjammer.chooser import Chooser, walk
    from companion.games.katzenjammer.players import play_game, player_by_name

    counts: dict[str, list[int]] = {"plain": [], "seven": [], "void": []}

    def on_turn(pos, move):
        chooser = Chooser(pos)
        turn, presses = walk(chooser.root(), chooser.route(move))
        assert turn == move
        kind = "void" if not move else "seven" if any(p.kind == "s" for p in move) else "plain"
        counts[kind].append(presses)

    for g in range(games):
        player = player_by_name("expectimax1")
        play_game({0: player, 2: player}, random.Random(seed + 1000 + g), on_turn=on_turn)
    return counts


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench katzenjammer")
    ap.add_argument("--games", type=int, default=20, help="games per pairing")
    ap.add_argument("--press-games", type=int, default=10, help="self-play games for presses")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--skip-players", action="store_true", help="only the successors timing")
    ap.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in DEFAULT_PAIRINGS),
                    help="comma-separated A-B player pairs (random, greedy, expectimax1/2)")
    args = ap.parse_args(argv)

    from companion.games import native

    best, median, count = _successors_timing()
    cpu = _successors_cpu()
    with native.pure():
        pure_cpu = _successors_cpu(5)
    # The command line as an install runs it: its modules' bytecode compiled once (here into a
    # scratch directory, not beside the sources). Where PYTHONDONTWRITEBYTECODE is set, every
    # start also compiles every module: that figure is shown beside it.
    with tempfile.TemporaryDirectory(prefix="kj-bytecode-") as bytecode:
        cli_cpu, pure_cli_cpu = _cli_cpu(False, 10, bytecode=bytecode), _cli_cpu(True, bytecode=bytecode)
        bare = _cli_cpu(False, 10, ["-c", "pass"], bytecode=bytecode)  # the interpreter's own start
    compiling = _cli_cpu(False, 10) if os.environ.get("PYTHONDONTWRITEBYTECODE") else None
    fresh = sorted(_successors_fresh())
    print(f"crowded joker roll: {count} successors; command line best {best:.2f} s,"
          f" median {median:.2f} s of 3 (wall, fresh process, with Python's start and the printing);"
          f" the enumeration in a fresh process best {fresh[0]:.3f} s, median {fresh[1]:.3f} s of 3"
          f" (target 0.2 s: {'met' if fresh[0] < 0.2 else 'MISSED'}); in-process CPU best of 20 {cpu:.3f} s")
    firsts = sorted(_first_choice())
    print(f"first choice on the OLED after a roll on the crowded board, {len(firsts)} rolls:"
          f" median {statistics.median(firsts) * 1000:.1f} ms, p99"
          f" {firsts[int(0.99 * (len(firsts) - 1))] * 1000:.1f} ms, max {firsts[-1] * 1000:.1f} ms"
          f" (target: every roll within 50 ms)")
    print(f"the same on the {native.name('katzenjammer')} kernel against the pure one: in-process CPU"
          f" {cpu * 1000:.1f} ms against {pure_cpu * 1000:.1f} ms (target 20 ms:"
          f" {'met' if cpu < 0.02 else 'MISSED'}); the command line's CPU (user + system, best of 10, its output read through a pipe,"
          f" the modules' bytecode compiled once as an install has it)"
          f" {cli_cpu:.3f} s against {pure_cli_cpu:.3f} s (target 0.12 s: {'met' if cli_cpu < 0.12 else 'MISSED'});"
          f" of it the interpreter's own start (python -c pass, best of 10) {bare:.3f} s;"
          + (f" compiling every module at every start (PYTHONDONTWRITEBYTECODE is set here) {compiling:.3f} s;"
             if compiling is not None else "")
          + f" load average {os.getloadavg()[0]:.1f}")
    print(f"successors_cpu_pure_s {pure_cpu:.3f}")
    print(f"successors_cli_cpu_s {cli_cpu:.3f}")
    if compiling is not None:
        print(f"successors_cli_cpu_compiling_s {compiling:.3f}")
    print(f"successors_cpu_s {cpu:.3f}")
    print(f"successors_fresh_s {fresh[0]:.3f}")
    print(f"first_choice_max_ms {firsts[-1] * 1000:.1f}")
    if args.skip_players:
        print(f"successors_wall_s {best:.2f}")
        return 0
    rates = {}
    for a, b in (pair.split("-") for pair in args.pairings.split(",") if args.games):
        t0 = time.process_time()
        rate, turns = _win_rate(a, b, args.games, args.seed)
        rates[(a, b)] = rate
        print(f"{a} vs {b}: win rate {rate:.0%} over {args.games} games,"
              f" {turns:.0f} turns per game, {time.process_time() - t0:.0f} s CPU")
    print(f"successors_wall_s {best:.2f}")
    for (a, b), rate in rates.items():
        print(f"win_rate_{a}_vs_{b} {rate:.2f}")
    if args.press_games:
        counts = _presses(args.press_games, args.seed)
        plain, seven, void = counts["plain"], counts["seven"], counts["void"]
        print(f"presses per turn over {args.press_games} self-play games (expectimax1): without a"
              f" seven {statistics.mean(plain):.2f} ({len(plain)} turns), with a seven"
              f" {statistics.mean(seven):.2f} ({len(seven)}), void {statistics.mean(void) if void else 0:.2f}"
              f" ({len(void)}), all {statistics.mean(plain + seven + void):.2f}")
        print(f"presses_per_plain_turn {statistics.mean(plain):.2f}")
    return 0
