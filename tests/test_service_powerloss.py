"""Power loss: `companion run` (a real subprocess, fake hardware fed from a file this test
appends to) is killed with SIGKILL at random moments of a scripted game, 50 times, and
restarted each time. No move the service acknowledged may be lost, the journal always holds a
prefix of the game, and the game goes on to its end.

The service logs "journaled ply N" after the commit is durable and before the LEDs show it,
so a logged ply is an acknowledged one. After each kill the test (the players) puts the bed
back to the journaled position, as the correction guidance would ask, and plays on from there.
"""
from __future__ import annotations

import json
import os
import queue
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.test_service_support import beds, move_actions, scripted_game

KILLS = 50
SEED = 38  # a 28-move game
SETTLE = 0.03
HOLD = SETTLE * 2.5

CONFIG = """
[hardware.reed]
backend = "fake"
debounce = 1
[hardware.leds]
backend = "fake"
[hardware.display]
backend = "fake"
[hardware.cards]
backend = "fake"
[hardware.buttons]
backend = "fake"
[game]
settle = {settle}
correction_delay = 0.5
[state]
dir = "{state}"
[service]
scan_hz = 200
"""


class Service:
    """One `companion run` process and what its log says."""

    def __init__(self, config: Path, feed: Path) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("NOTIFY_SOCKET", None)
        self.p = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", str(config),
                                   "--feed", str(feed), "-v"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
        self.q: queue.Queue = queue.Queue()
        self.acked = 0
        self.phase = None
        self.ready = False
        self.dead = False
        self.log: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.p.stderr:
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def wait_for(self, pred, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not pred():
            if self.dead:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                return False
            if line is None:
                self.dead = True
                return False
            self.log.append(line)
            if m := re.search(r"journaled ply (\d+) ", line):
                self.acked = max(self.acked, int(m.group(1)))
            elif m := re.search(r"DEBUG phase (\w+)", line):
                self.phase = m.group(1)
            elif "state in " in line:
                self.ready = True
        return True

    def kill(self) -> None:
        try:
            self.p.send_signal(signal.SIGKILL)
        except ProcessLookupError:
            pass


def journal_moves(state: Path) -> tuple[list[str], str]:
    if not (state / "companion.db").exists():
        return [], "none"  # killed before the journal was created
    conn = sqlite3.connect(state / "companion.db")
    try:
        tables = {t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        row = conn.execute("SELECT id, result FROM games ORDER BY id DESC LIMIT 1").fetchone() \
            if "games" in tables else None
        if row is None:
            return [], "none"
        gid, result = row
        moves = [m for (m,) in conn.execute("SELECT move FROM moves WHERE game_id=? ORDER BY ply", (gid,))]
        return moves, result
    finally:
        conn.close()


def test_kill_9_at_random_moments(tmp_path):
    game, moves = scripted_game(SEED)
    bed = beds(game, moves)
    positions = [game.initial_position()]
    for m in moves:
        positions.append(game.apply(positions[-1], game.parse_move(positions[-1], m)))
    state = tmp_path / "state"
    config = tmp_path / "companion.toml"
    config.write_text(CONFIG.format(settle=SETTLE, state=state))
    feed_path = tmp_path / "feed.jsonl"
    feed = open(feed_path, "a", buffering=1)

    def put(**event):
        feed.write(json.dumps(event) + "\n")

    rng = random.Random(2024)
    kills = 0
    acked_ever = 0
    done = 0
    lost_checks = 0
    while True:
        svc = Service(config, feed_path)
        timer = None
        if kills < KILLS:
            timer = threading.Timer(rng.uniform(0.05, 0.7), svc.kill)
            timer.start()
        try:
            # Play on once the service has read the bed and resumed (a change during its first
            # look at the bed would be read as a wrong bed, and guided back).
            if svc.wait_for(lambda: svc.ready and svc.phase not in (None, "paused"), 20):
                assert svc.phase != "correction", "resumed on the journaled bed, yet asks for correction"
                for i in range(done, len(moves)):
                    for action in move_actions(game, positions[i], moves[i]):
                        if action[0] == "scan":
                            put(type="scan", mask=action[1])
                            svc.wait_for(lambda: False, HOLD)
                        elif action[0] == "button":
                            put(type="button", name=action[1], kind="press")
                            svc.wait_for(lambda: False, 0.01)
                        elif action[0] == "answer_kitten":
                            if svc.wait_for(lambda: svc.phase == "ask_kind", 5):
                                put(type="button", name="ok", kind="press")
                        elif action[0] == "confirm" and svc.acked <= i:
                            put(type="button", name="ok", kind="press")
                        if svc.dead:
                            break
                    if not svc.wait_for(lambda: svc.acked > i, 5):
                        if svc.dead:
                            break
                        tail = feed_path.read_text().splitlines()[-8:]
                        raise AssertionError(f"move {i + 1} {moves[i]} not committed; phase {svc.phase};"
                                             f" bed before it {bed[i]}; feed tail:\n" + "\n".join(tail)
                                             + "\nlog:\n" + "\n".join(svc.log[-15:]))
                    acked_ever = max(acked_ever, svc.acked)
                if svc.acked == len(moves) and not svc.dead:
                    break  # the game is over and the service still runs
        finally:
            if timer is not None:
                timer.cancel()
        if not svc.dead:
            svc.kill()
        svc.p.wait(10)
        svc.wait_for(lambda: False, 0.5)  # drain the last log lines
        acked_ever = max(acked_ever, svc.acked)
        kills += 1
        journaled, _ = journal_moves(state)
        # no acknowledged move lost, and nothing but the game's own moves journaled
        assert len(journaled) >= acked_ever, f"kill {kills}: acknowledged {acked_ever}, journal has {journaled}"
        assert journaled == moves[:len(journaled)], f"kill {kills}: journal {journaled} is not a prefix"
        lost_checks += 1
        done = len(journaled)
        acked_ever = done  # an unacknowledged but journaled move counts from now on
        # The players put the bed back to the saved position before the power comes back.
        put(type="scan", mask=bed[done])
        if done == len(moves):
            break
    svc.kill()
    svc.p.wait(10)
    feed.close()
    journaled, result = journal_moves(state)
    assert journaled == moves
    assert result == ("orange", "grey")[positions[-1].winner]
    assert kills >= KILLS and lost_checks >= KILLS
