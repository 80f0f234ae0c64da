"""`companion bench alphazero`: our hard level against MLFactory's AlphaZero boop. AI.

    companion bench alphazero --repo DIR [--python PY] [--checkpoint FILE] [--sims 800]
                              [--games 60] [--start 0] [--share 0.25] [--opening 4]
                              [--check-rules 20] [--seed 37]

DIR is a checkout of MLFactory (github jk212h20/MLFactory: its network weights are in it,
deploy/checkpoints/; the default is boop-run52-iter15.pt, the one their service plays). PY is
an interpreter that can import torch and numpy (a venv of its own: torch is never a dependency
of this project); it runs benchmarks/alphazero_worker.py, which imports only their code, and
this process talks to it over a pipe. Nothing of theirs is vendored or imported here.

Their agent plays as their service does: PUCT at --sims simulations, greedy (most visits), no
root noise, torch on one thread. Our hard level gets --share of AlphaZero's time per move,
measured in this run (three searches before the first game, then every move): on an idle
machine its wall time; on a shared one, where a move's wall time is mostly waiting for a core,
its CPU time, turned into a wall budget at the rate AlphaZero's last move got the CPU, and never
more than the share of its wall time (`our_budget`). Each game's line prints both sides' wall
and CPU time per move, and the summary their ratios. Openings: --opening random plies (seeded), each opening played twice, colours
swapped; orange moves first. A game reaching 300 plies is a draw.

The rules (see the README of companion/ai): the games are played under ours (the standard
variant). Their implementation differs in two corners, both checked by --check-rules on random
games before the match: (1) with all eight pieces on the bed and no line, ours lets the mover
retire any one piece, theirs graduates the first kitten in row-major order (their choice is one
of ours, so their agent always plays a legal move of ours); (2) ruling W1, our win check comes
before graduation, theirs after it (a line of three cats that a forced graduation breaks up).
Their AlphaZero's search therefore runs on their rules, as it was trained.

Every game's result is printed as it ends, with the running score, so a stopped run still has
its partial score; `--start K` resumes at game K (the openings depend only on --seed).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

from companion.cliargs import OneLineParser

CHECKPOINT = "deploy/checkpoints/boop-run52-iter15.pt"
MAX_PLIES = 300
WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "alphazero_worker.py")


class Refusal(Exception):
    """A one-line reason the benchmark cannot run."""


# Our state (mover's view, 8-tuple) <-> their BoopState as a dict ------------------------------

def _pieces(mask: int) -> list[int]:
    return [sq for sq in range(36) if mask >> sq & 1]


def theirs(s: tuple, colour: int) -> dict:
    """Our state, `colour` (0 orange, 1 grey) to move, as their state. Their cell index row*6+col
    is our square (rank*6+file): the same bed, read with rank 1 as their row 0 (a reflection,
    which the rules do not see). A player's cats (bed + pool) are the kittens they graduated:
    their `kittens_retired`."""
    mk, mc, tk, tc, mkp, mcp, tkp, tcp = s[:8]
    board = [0] * 36
    own = (1, 2) if colour == 0 else (3, 4)
    other = (3, 4) if colour == 0 else (1, 2)
    for mask, code in ((mk, own[0]), (mc, own[1]), (tk, other[0]), (tc, other[1])):
        for sq in _pieces(mask):
            board[sq] = code
    mine = [mkp, mcp, mc.bit_count() + mcp]
    their = [tkp, tcp, tc.bit_count() + tcp]
    return {"board": board, "orange": mine if colour == 0 else their,
            "gray": their if colour == 0 else mine, "to_play": colour}


def ours(d: dict) -> tuple:
    """Their state as our 8-tuple from the view of their player to move."""
    colour = d["to_play"]
    own = (1, 2) if colour == 0 else (3, 4)
    other = (3, 4) if colour == 0 else (1, 2)
    masks = [0, 0, 0, 0]
    for sq, p in enumerate(d["board"]):
        for i, code in enumerate(own + other):
            if p == code:
                masks[i] |= 1 << sq
    mine = d["orange"] if colour == 0 else d["gray"]
    their = d["gray"] if colour == 0 else d["orange"]
    return (*masks, mine[0], mine[1], their[0], their[1])


def pcode_of(action: int) -> int:
    """Their placement action (kind * 36 + cell) as our placement code (square | cat bit)."""
    return action % 36 | (64 if action >= 36 else 0)


class Worker:
    def __init__(self, python: str, repo: str, checkpoint: str, sims: int, seed: int):
        try:
            self.proc = subprocess.Popen([python, WORKER, repo, checkpoint, str(sims), str(seed)],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True)
        except OSError as exc:
            raise Refusal(f"--python {python}: cannot run it ({exc.strerror}); give an "
                          f"interpreter whose environment has torch and numpy") from None
        hello = self.proc.stdout.readline()
        if not hello:
            err = self.proc.stderr.read().strip().splitlines()
            last = err[-1] if err else f"exit status {self.proc.wait()}"
            raise Refusal(f"the AlphaZero side did not start under {python}: {last}; install "
                          f"torch and numpy into that interpreter's venv (pip install torch numpy)")
        self.params = json.loads(hello)["params"]

    def ask(self, op: str, state: dict) -> dict:
        self.proc.stdin.write(json.dumps({"op": op, "state": state}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the AlphaZero worker died: " + self.proc.stderr.read()[-500:])
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


# The rules cross-check ----------------------------------------------------------------------

def check_rules(worker: Worker, games: int, seed: int) -> dict:
    """Compare every turn of both rule sets in the positions of `games` seeded random games."""
    from companion.ai.match import all_moves
    from companion.ai.movegen import play

    rng = random.Random(seed)
    counts = {"positions": 0, "placements": 0, "same": 0, "retire": 0, "w1": 0, "other": 0}
    examples = []
    for _ in range(games):
        s, colour = (0, 0, 0, 0, 8, 0, 8, 0), 0
        for _ply in range(MAX_PLIES):
            counts["positions"] += 1
            theirs_by_p: dict = {}
            for action, _opt, after in worker.ask("successors", theirs(s, colour))["successors"]:
                theirs_by_p.setdefault(pcode_of(action), set()).add(
                    "win" if after == "win" else ours(after))
            mine_by_p = {}
            for p in sorted(theirs_by_p):
                r = play(s, p)
                mine_by_p[p] = {"win"} if r == 1 else {child for _c, child in r}
            pool_empty_after = {p: (s[4] - (not p & 64)) + (s[5] - bool(p & 64)) == 0
                                for p in mine_by_p}
            for p, mine in mine_by_p.items():
                counts["placements"] += 1
                their = theirs_by_p[p]
                if mine == their:
                    counts["same"] += 1
                elif mine == {"win"}:
                    counts["w1"] += 1
                elif their < mine and pool_empty_after[p]:
                    counts["retire"] += 1
                else:
                    counts["other"] += 1
                    if len(examples) < 3:
                        examples.append((s, colour, p))
            moves = all_moves(s, 0)
            code, child = rng.choice(moves)
            if child == 1:
                break
            s, colour = child, colour ^ 1
    counts["examples"] = examples
    return counts


# The match ----------------------------------------------------------------------------------

def play_one(worker: Worker, hard, opening: list, az_colour: int, share: float,
             az_times: list, rng: random.Random):
    """One game from the opening's placements; returns (result for hard: 1/0.5/0, plies,
    hard's times, AlphaZero's times, rule notes, [hard's CPU seconds, AlphaZero's]).
    `az_times`: AlphaZero's (CPU, wall) seconds of each move so far (our_budget)."""
    from companion.ai.movegen import play

    s, colour = (0, 0, 0, 0, 8, 0, 8, 0), 0
    mine_t, their_t, notes = [], [], []
    cpu = [0.0, 0.0]  # CPU seconds: hard, AlphaZero (the machine is shared: wall time waits too)
    for ply in range(MAX_PLIES):
        if ply < len(opening):
            code = opening[ply]
        elif colour == az_colour:
            reply = worker.ask("move", theirs(s, colour))
            az_times.append((reply["cpu"], reply["seconds"]))
            their_t.append(reply["seconds"])
            cpu[1] += reply["cpu"]
            r = play(s, pcode_of(reply["action"]))
            if r == 1:
                if reply["after"] != "win":
                    notes.append("w1")
                return 0.0, ply + 1, mine_t, their_t, notes, cpu
            want = "win" if reply["after"] == "win" else ours(reply["after"])
            match = [c for c, child in r if child == want]
            if not match:
                notes.append("mismatch")
                match = [r[0][0]]
            code = match[0]
        else:
            budget = our_budget(share, az_times)
            t0, c0 = time.perf_counter(), time.process_time()
            code = hard(s, 0, t0 + budget, rng)
            mine_t.append(time.perf_counter() - t0)
            cpu[0] += time.process_time() - c0
        r = play(s, code & 127)
        if r == 1:
            return (1.0 if colour != az_colour else 0.0), ply + 1, mine_t, their_t, notes, cpu
        s = next(child for c, child in r if c == code)
        colour ^= 1
    return 0.5, MAX_PLIES, mine_t, their_t, notes, cpu


def our_budget(share: float, az_times: list) -> float:
    """Our wall seconds for a move: `share` of AlphaZero's mean CPU time per move, turned into
    wall time at the rate its last move got the CPU (the machine is shared and both sides run
    at the lowest priority: a move may get a tenth of a core), and never more than `share` of
    its mean wall time per move. Each game's line prints both sides' CPU and wall time."""
    cpu = sum(c for c, _ in az_times) / len(az_times)
    wall = sum(w for _, w in az_times) / len(az_times)
    last_cpu, last_wall = az_times[-1]
    rate = min(1.0, max(last_cpu / last_wall, 0.01)) if last_wall > 0 else 1.0
    return min(share * wall, share * cpu / rate)


def openings(count: int, plies: int, seed: int) -> list[list[int]]:
    from companion.ai.match import random_player
    from companion.ai.movegen import play

    out = []
    for i in range(count):
        rng = random.Random(seed * 1000 + i)
        s, codes = (0, 0, 0, 0, 8, 0, 8, 0), []
        for _ in range(plies):
            code = random_player(s, 0, 0, rng)
            codes.append(code)
            s = next(child for c, child in play(s, code & 127) if c == code)
        out.append(codes)
    return out


def _mean(xs):
    return sum(xs) / len(xs) if xs else 0.0


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench alphazero")
    ap.add_argument("--repo", required=True, help="a checkout of MLFactory (github jk212h20/MLFactory)")
    ap.add_argument("--python", default=sys.executable, help="an interpreter with torch and numpy")
    ap.add_argument("--checkpoint", default=CHECKPOINT, help="their network, relative to --repo")
    ap.add_argument("--sims", type=int, default=800, help="their PUCT simulations per move")
    ap.add_argument("--games", type=int, default=60, help="games in all (openings x 2 colours)")
    ap.add_argument("--start", type=int, default=0, help="the first game to play (to resume)")
    ap.add_argument("--share", type=float, default=0.25,
                    help="our time per move as a share of AlphaZero's mean")
    ap.add_argument("--opening", type=int, default=4, help="random plies before the players")
    ap.add_argument("--check-rules", type=int, default=20, metavar="GAMES",
                    help="random games whose every turn both rule sets play before the match")
    ap.add_argument("--seed", type=int, default=37)
    args = ap.parse_args(argv)
    repo = os.path.abspath(args.repo)
    try:
        if not os.path.isfile(os.path.join(repo, "src/mlfactory/games/boop/rules.py")):
            raise Refusal(f"--repo {args.repo}: no MLFactory checkout there (src/mlfactory/games/"
                          f"boop/rules.py missing); clone github jk212h20/MLFactory and give its folder")
        checkpoint = os.path.join(repo, args.checkpoint)
        if not os.path.isfile(checkpoint):
            raise Refusal(f"--checkpoint {args.checkpoint}: not in {repo}; give a .pt file of "
                          f"its deploy/checkpoints/")
        if not 0 < args.share <= 4 or args.sims < 1 or args.games < 1 or args.start < 0:
            raise Refusal("--share must be in (0, 4], --sims and --games >= 1, --start >= 0")
        worker = Worker(args.python, repo, checkpoint, args.sims, args.seed)
    except Refusal as exc:
        print(f"companion bench alphazero: {exc}", file=sys.stderr)
        return 2
    from companion.ai.match import level_player
    from companion.games import native

    print(f"AlphaZero: {os.path.basename(checkpoint)} ({worker.params} parameters), PUCT "
          f"{args.sims} simulations, greedy; ours: hard ({native.describe()}) at "
          f"{args.share:g} x its time per move", flush=True)
    try:
        if args.check_rules:
            t0 = time.perf_counter()
            c = check_rules(worker, args.check_rules, args.seed)
            print(f"rules cross-check: {c['positions']} positions of {args.check_rules} random "
                  f"games, {c['placements']} placements: {c['same']} the same successors in both, "
                  f"{c['retire']} ours more (retiring any piece when all 8 are on the bed), "
                  f"{c['w1']} ours a win before graduation (W1), {c['other']} other "
                  f"{c['examples'] or ''} ({time.perf_counter() - t0:.1f} s)", flush=True)
        hard = level_player("hard")
        rng = random.Random(args.seed)
        az_times: list[float] = []
        for s in ((0, 0, 0, 0, 8, 0, 8, 0), (1 << 14, 0, 0, 0, 7, 0, 8, 0), (0, 0, 1 << 21, 0, 8, 0, 7, 0)):
            reply = worker.ask("move", theirs(s, 0))
            az_times.append((reply["cpu"], reply["seconds"]))
        print(f"AlphaZero calibration: {_mean([c for c, _ in az_times]):.3f} s of CPU, "
              f"{_mean([w for _, w in az_times]):.3f} s wall a move (3 searches)", flush=True)
        ops = openings((args.games + 1) // 2, args.opening, args.seed)
        score = {1.0: 0, 0.5: 0, 0.0: 0}
        all_mine, all_theirs, all_notes, cpus = [], [], [], [0.0, 0.0]
        t_start = time.perf_counter()
        for g in range(args.start, args.games):
            az_colour = 1 - g % 2  # even games: hard is orange (moves first after the opening)
            result, plies, mine_t, their_t, notes, cpu = play_one(
                worker, hard, ops[g // 2], az_colour, args.share, az_times, rng)
            cpus[0] += cpu[0]
            cpus[1] += cpu[1]
            score[result] += 1
            all_mine += mine_t
            all_theirs += their_t
            all_notes += notes
            n = sum(score.values())
            print(f"game {g + 1}/{args.games} opening {g // 2 + 1} hard={'grey orange'.split()[g % 2 == 0]}: "
                  f"{ {1.0: 'hard wins', 0.5: 'draw', 0.0: 'AlphaZero wins'}[result]} in {plies} plies; "
                  f"AlphaZero {_mean(their_t):.3f} s/move, hard {_mean(mine_t):.3f} s/move (CPU "
                  f"{cpu[1] / max(len(their_t), 1):.3f} and {cpu[0] / max(len(mine_t), 1):.3f})"
                  f"{' ' + ','.join(notes) if notes else ''}; so far hard {score[1.0]} W "
                  f"{score[0.5]} D {score[0.0]} L of {n}: {(score[1.0] + score[0.5] / 2) / n:.3f} "
                  f"({time.perf_counter() - t_start:.0f} s, load {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        worker.close()
    n = sum(score.values())
    print(f"hard against AlphaZero ({args.sims} simulations): {score[1.0]} wins, {score[0.5]} draws, "
          f"{score[0.0]} losses over {n} games; AlphaZero {_mean(all_theirs):.3f} s/move, hard "
          f"{_mean(all_mine):.3f} s/move ({_mean(all_mine) / max(_mean(all_theirs), 1e-9):.3f} x; CPU "
          f"{cpus[1] / max(len(all_theirs), 1):.3f} and {cpus[0] / max(len(all_mine), 1):.3f} s/move: "
          f"{cpus[0] / max(len(all_mine), 1) / max(cpus[1] / max(len(all_theirs), 1), 1e-9):.3f} x); "
          f"rule corners met in the games: {len(all_notes)} {sorted(set(all_notes))}")
    print(f"hard_vs_alphazero_score {(score[1.0] + score[0.5] / 2) / n:.3f}")
    return 0
