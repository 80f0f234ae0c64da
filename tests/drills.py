"""Power-loss drills for every game: a real `companion sim` process, driven through the page's
API as a person would drive it, killed with SIGKILL at seeded random moments and started again
on the same state directory.

What counts as acknowledged is what the page showed: the service journals a commit durably
before the snapshot shows it (companion/service/app.py), so every move list a snapshot carried
must still be in the journal after the kill, and the restarted companion must show the journal's
position. Everything waits on state (the snapshot, the process), never on a fixed sleep; the
random kill moments are the drill itself.
"""
from __future__ import annotations

import json
import os
import queue
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

READY_SECONDS = 60.0  # a cold start on a busy 2-core CI machine
ROOT = Path(__file__).resolve().parents[1]
#: `python -c REGISTER module:ENTRY ... -- ARGS`: the companion with those catalogue lines added
REGISTER = """import sys
from companion import catalogue, cli
cut = sys.argv.index("--")
catalogue.GAMES = (*catalogue.GAMES, *(catalogue.resolve(line) for line in sys.argv[1:cut]))
sys.exit(cli.main(sys.argv[cut + 1:]))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children_of(pid: int) -> set[int]:
    """Every process below `pid` (the AI worker, multiprocessing's resource tracker, ...)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent and int(entry.name) not in found:
                found.add(int(entry.name))
                todo.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(pred, timeout: float, what: str):
    """Poll `pred` (cheap: a snapshot or /proc) until it is true; AssertionError naming `what`."""
    deadline = time.monotonic() + timeout
    while True:
        value = pred()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.02)  # a polling interval, not a wait for anything in particular


class Sim:
    """One `companion sim` process on a state directory, and the page's API to it."""

    def __init__(self, state: Path, config: Path | None = None, seed: int = 1, extra=(), lines=()) -> None:
        self.port = free_port()
        # `lines`: catalogue lines a test adds ("module:ENTRY"), registered in the process before
        # its command runs, as the test registered them in its own
        start = ["-m", "companion"] if not lines else ["-c", REGISTER, *lines, "--"]
        args = [sys.executable, *start, "sim", "--state", str(state), "--port", str(self.port),
                "--seed", str(seed), "-v", *extra]
        if config is not None:
            args += ["--config", str(config)]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("NOTIFY_SOCKET", None)
        self.p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                                  cwd=ROOT)
        self.lines: queue.Queue = queue.Queue()
        self.log: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.p.stderr:
            self.lines.put(line.rstrip("\n"))

    def drain_log(self) -> list[str]:
        while True:
            try:
                self.log.append(self.lines.get_nowait())
            except queue.Empty:
                return self.log

    # The page's API ---------------------------------------------------------------------------
    def _http(self, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                     method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def snapshot(self) -> dict | None:
        """The page's state, or None while the process is not serving (starting, or killed)."""
        try:
            return self._http("/api/snapshot")["state"]
        except (OSError, urllib.error.URLError, ValueError):
            return None

    def control(self, **msg) -> dict | None:
        """One control message; None if the process is gone (killed mid-request)."""
        try:
            return self._http("/api/control", msg)
        except urllib.error.HTTPError as exc:  # refused (409: not your turn, ...): a person retries
            return {"type": "error", "status": exc.code}
        except (OSError, urllib.error.URLError, ValueError):
            return None

    def press(self, name: str, kind: str = "press"):
        return self.control(type="button", name=name, kind=kind)

    def ready(self, timeout: float = READY_SECONDS) -> dict:
        def serving():
            if self.p.poll() is not None:
                raise AssertionError("companion sim exited with %s:\n%s" % (
                    self.p.returncode, "\n".join(self.drain_log()[-15:])))
            return self.snapshot()
        return wait_until(serving, timeout, "companion sim to serve its page")

    def changed(self, before: dict | None, timeout: float = 0.5) -> dict | None:
        """The next snapshot that differs from `before` in what the table shows (or the last one
        after `timeout`: a press may change nothing)."""
        deadline = time.monotonic() + timeout
        snap = self.snapshot()
        while snap is not None and before is not None and shown(snap) == shown(before) \
                and time.monotonic() < deadline:
            time.sleep(0.01)
            snap = self.snapshot()
        return snap

    def kill(self) -> None:
        try:
            self.p.send_signal(signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.p.wait(20)


def shown(snap: dict) -> tuple:
    """What the page shows of the game (not the OLED bitmap, which pages through long texts)."""
    return (snap.get("game"), snap.get("game_id"), snap.get("position"), tuple(snap.get("moves") or ()),
            snap.get("phase"), snap.get("instruction"))


def shows(page_moves, journal_moves) -> bool:
    """The page's moves are the journal's, a hidden one ("deal:??") standing for any of its kind."""
    page_moves = list(page_moves or ())
    return len(page_moves) == len(journal_moves) and all(
        p == j or p.endswith(":??") and p.split(":")[0] == j.split(":")[0]
        for p, j in zip(page_moves, journal_moves))


def journal(state: Path) -> tuple[int | None, str | None, list[str]]:
    """(game id, game, moves) of the newest unfinished-or-not game in the journal, read directly."""
    path = state / "companion.db"
    if not path.exists():
        return None, None, []
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT id, game FROM games ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None, None, []
        moves = [m for (m,) in conn.execute("SELECT move FROM moves WHERE game_id=? ORDER BY ply", (row[0],))]
        return row[0], row[1], moves
    finally:
        conn.close()


class Drill:
    """Kill a game `kills` times at random moments while `act(sim, rng)` plays it, and check
    after every kill that nothing the page showed was lost and the restart shows the journal.

    `act` must not undo (the drill's acknowledged moves only grow within a game); undo with
    kept draws has its own test. `same(before, after)` may check more of a restart (a hand)."""

    def __init__(self, state: Path, config: Path | None, *, seed: int, kills: int, act,
                 same=None, max_kill_after: float = 1.5, lines=()) -> None:
        self.state, self.config, self.seed, self.kills = state, config, seed, kills
        self.lines = tuple(lines)
        self.act, self.same = act, same
        self.rng = random.Random(seed)
        self.max_kill_after = max_kill_after
        self.acknowledged = 0   # moves acknowledged over the whole drill (for the report)
        self.compared = 0       # restarts whose page was compared with the last one seen
        self.killed_in: dict[str, int] = {}  # the phase the page showed at each kill

    def run(self) -> "Drill":
        last: dict | None = None  # the last snapshot the page showed before a kill
        for n in range(self.kills + 1):
            sim = Sim(self.state, self.config, seed=self.rng.randrange(1 << 30), lines=self.lines)
            snap = sim.ready()
            gid, game, moves = journal(self.state)
            assert shows(snap["moves"], moves), \
                f"restart {n}: the page shows {snap['moves']} but the journal holds {moves}"
            if last is not None and (last["game_id"], last["moves"]) == (snap["game_id"], snap["moves"]):
                assert snap["position"] == last["position"], f"restart {n}: another position"
                if self.same is not None:
                    self.same(last, snap)
                self.compared += 1
            if n == self.kills:
                sim.kill()
                break
            kill_at = time.monotonic() + self.rng.uniform(0.05, self.max_kill_after)
            seen = snap
            while time.monotonic() < kill_at:
                self.act(sim, self.rng, seen)
                snap = sim.snapshot()
                if snap is None:
                    break
                if snap["game_id"] == seen["game_id"]:
                    assert snap["moves"][:len(seen["moves"])] == seen["moves"], "moves went back without an undo"
                    self.acknowledged += max(0, len(snap["moves"]) - len(seen["moves"]))
                seen = snap
            kids = children_of(sim.p.pid)
            sim.kill()
            self.killed_in[seen["phase"]] = self.killed_in.get(seen["phase"], 0) + 1
            gid, game, moves = journal(self.state)
            if gid == seen["game_id"]:
                assert shows(seen["moves"], moves[:len(seen["moves"])]), (
                    f"kill {n + 1}: the page showed {seen['moves']}, the journal holds {moves}")
            else:  # the game ended and a new one began after the last snapshot
                assert gid is not None and gid > seen["game_id"], f"kill {n + 1}: game {gid} after {seen['game_id']}"
            wait_until(lambda: not any(alive(k) for k in kids), 15, f"the children {kids} of a killed companion to end")
            last = seen
        return self
