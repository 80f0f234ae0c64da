"""Issue 32 item 5: a seed that reveals hidden cards is never logged or shown before the game is
over. `companion sim` logged its virtual deck's seed at INFO ("virtual card deck: seed N"), and
every Monster Mau Mau game's shuffle is drawn from it: whoever reads the terminal could compute
the computer players' hands and the draw pile. The journal keeps each game's seed (a power cut
must deal the same deck again), and nothing else shows it while the game runs."""
from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys

from tests.remote_helpers import free_port, wait_for


def _reveals(text: str, game_seed: int) -> list[int]:
    """The numbers in `text` that are the game's seed or a process seed it was drawn from (the
    sim draws each game's seed as the first getrandbits(32) of random.Random(process seed))."""
    return [n for n in map(int, re.findall(r"\d+", text))
            if n == game_seed or random.Random(n).getrandbits(32) == game_seed]


def test_the_simulator_never_logs_the_virtual_decks_seed(tmp_path):
    import json
    import urllib.request

    port = free_port()
    config = tmp_path / "sim.toml"
    config.write_text('[game]\ngame = "monster-mau-mau"\n')
    log = tmp_path / "sim.log"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "sim", "--config", str(config), "--state",
                             str(tmp_path / "state"), "--port", str(port), "-v"],
                            stdout=open(log, "wb"), stderr=subprocess.STDOUT,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"))

    def snap():
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/snapshot", timeout=5) as r:
                return json.loads(r.read())["state"]
        except OSError:
            assert proc.poll() is None, log.read_text()
            return None

    def press(name):
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/control", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"type": "button", "name": name}).encode())
        urllib.request.urlopen(req, timeout=5).close()

    try:
        wait_for("the sim's page", snap, 60)
        press("ok")    # the players (the set-up's first offer)
        press("ok")    # the cards each: dealt
        # the deck turns up the first card: the game's seed is in the journal by then
        wait_for("the first card", lambda: (snap() or {}).get("moves"), 30, lambda: snap()["instruction"])
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    with sqlite3.connect(tmp_path / "state" / "companion.db") as db:
        kept = dict(db.execute("SELECT key, value FROM settings WHERE key LIKE 'sim.deck_seed:%'").fetchall())
    assert len(kept) == 1, kept   # the journal keeps the seed (a power cut deals the same deck)
    game_seed = int(next(iter(kept.values())))
    text = log.read_text()
    assert "virtual card deck" in text    # the log still says where the cards come from
    assert _reveals(text, game_seed) == [], text


def test_the_terminal_game_shows_its_seed_only_when_the_game_is_over():
    """`companion mmm play` without --seed showed its random seed in its first line: the person
    at the terminal could deal the computer players' hands themselves. The seed is shown when
    the game ends (so it can be played again with --seed), never before."""
    r = subprocess.run([sys.executable, "-m", "companion", "mmm", "play", "--players", "3", "--lang", "en"],
                       input="d\np\nd\np\nq\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    before, _, after = r.stdout.rpartition("stopped")
    assert after.strip().startswith("seed "), r.stdout[-300:]
    seed = int(re.match(r"seed (\d+)", after.strip()).group(1))
    assert str(seed) not in before, before[:200]
