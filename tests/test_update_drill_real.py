"""The update kill drill on the real systemd (issue 42): `companion update` SIGKILLed at a random
moment (seeded), then the real systemd of the boot test's container starts the service, either
after a power cut (every process of the container killed at once and the same root booted again:
/run, the trial drop-in and the guard timer are gone) or after a restart (as a watchdog's or a
crash's restart would). Then: the release running is the one `current` names, the journal's
schema is the one that release reads, every move committed before the update is in the journal
(or in the newer journal a rollback kept aside), no breadcrumb or trial is left, and the page
answers. The fast fake of the many runs is benchmarks/update_drill.py (`companion bench update`).

Opt-in, since a run costs half a minute to a minute here: COMPANION_UPDATE_DRILL_REAL=N runs N
kills (COMPANION_UPDATE_DRILL_SEED, default 1), as root with the boot test's tools:

    sudo COMPANION_UPDATE_DRILL_REAL=20 .venv/bin/python -m pytest tests/test_update_drill_real.py -s

The releases: A what the boot test installed (journal schema 2), B a copy of this checkout whose
journal_schema.py says schema 3, built once with `companion update --from`. One whole update
A -> B is timed; then each kill falls at a random moment of one of its steps, chosen at random
(so the short steps, the breadcrumb and the switch, are hit too, not only the health check's
wait). B upgrades the journal as it starts, so a B cut short before its switch must leave A
running on the pre-update copy. Each run goes from A to B; a run that left B current is taken
back to A by hand first (the journal's schema number set back to 2 while no companion runs, then
`companion update --release A`: A cannot read schema 3, which is the point of B).
"""
from __future__ import annotations

import collections
import json
import os
import random
import subprocess
import time

import pytest

from tests import boot_container as bc
from tests.test_update_boot import (COMPANION, PIP_ENV, PREFIX, TRIAL, current, running_release, show,
                                    update, wait_for)

RUNS = int(os.environ.get("COMPANION_UPDATE_DRILL_REAL") or 0)
SEED = int(os.environ.get("COMPANION_UPDATE_DRILL_SEED") or 1)
WHY = bc.unavailable() or (None if RUNS > 0 else
                           "slow (a minute a run): set COMPANION_UPDATE_DRILL_REAL=N to run N kills on the real systemd")
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"real update drill: {WHY}")

B = "0.1.2-dddddddddddd"
SCHEMA = {B: 3}  # every other release: 2
STATE = "/var/lib/maunz-companion"
STEPS = ("verify", "stage", "breadcrumb", "trial", "health", "switch", "done")

# Run inside the container as the companion's user (its files stay its own): the journal's
# schema and moves, and those of the journals a rollback kept aside.
READ = r"""
import glob, json, sqlite3, sys
out = {}
for path in sorted(glob.glob(sys.argv[1] + "/companion.db") + glob.glob(sys.argv[1] + "/companion.db.from-*")):
    if path.endswith(("-wal", "-shm")):
        continue
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    rows = c.execute("SELECT game_id, ply, move FROM moves").fetchall()
    out[path.rsplit("/", 1)[1]] = [c.execute("PRAGMA user_version").fetchone()[0], [list(r) for r in rows]]
    c.close()
print(json.dumps(out))
"""


def _log(message: str) -> None:
    print(f"real update drill: {message}", flush=True)


def journals(c) -> dict[str, tuple[int, set]]:
    py = f"{PREFIX}/current/.venv/bin/python3"
    out = c.run("runuser", "-u", "companion", "--", py, "-c", READ, STATE).stdout
    return {name: (v, {tuple(r) for r in rows}) for name, (v, rows) in json.loads(out).items()}


def page(c, path: str, body: dict | None = None) -> dict | None:
    from tests.test_service_boot import web

    try:
        return web(c, path, body)
    except OSError:
        return None


@pytest.fixture(scope="module")
def box(amd64_box):
    c = amd64_box
    c.A = current(c)
    dest = bc.release_source(c.root, "srcD", "d", "0.1.2")
    schema = dest / "companion/service/journal_schema.py"
    text = schema.read_text()
    assert "\nSCHEMA_VERSION = 2\n" in text
    schema.write_text(text.replace("\nSCHEMA_VERSION = 2\n", "\nSCHEMA_VERSION = 3\n"))
    # the health check's hold is 1.5 watchdog intervals: 6 s rather than 15
    c.write("/etc/systemd/system/companion.service.d/test-watchdog.conf", "[Service]\nWatchdogSec=4s\n")
    c.run("systemctl", "daemon-reload")
    c.run("systemctl", "restart", "companion.service", timeout=120)
    _log(f"building {B} (schema 3) with companion update --from")
    proc = update(c, "--from", "/srcD", "--timeout", "60")
    assert proc.returncode == 0 and current(c) == B, (proc.stdout + proc.stderr)[-3000:]
    yield c


def back_to_a(c) -> None:
    """B current: the journal set back to schema 2 while no companion runs, then A by an update."""
    c.run("systemctl", "stop", "companion.service", timeout=60)
    py = f"{PREFIX}/releases/{c.A}/.venv/bin/python3"
    c.run("runuser", "-u", "companion", "--", py, "-c",
          "import sqlite3; c = sqlite3.connect('" + STATE + "/companion.db'); c.execute('PRAGMA user_version=2');"
          " c.close()")
    proc = update(c, "--release", c.A, "--timeout", "60")
    assert proc.returncode == 0 and current(c) == c.A, (proc.stdout + proc.stderr)[-3000:]


#: no two of them neighbours: a kitten placed boops nothing, so the board stays as the reeds say
SQUARES = [f + r for r in "135" for f in "ace"]


def a_move(c, placed: list[str]) -> bool:
    """A kitten placed through the page's control on the next free square, after the ones placed
    before are sensed again (a restarted companion's fake reeds start empty, as the boot test's
    do); True when the journal has one move more (nine at most: then the squares are taken)."""
    free = [sq for sq in SQUARES if sq not in placed]
    if not free:
        return False
    for sq in placed:
        page(c, "/api/control", {"type": "reed", "square": sq, "occupied": True})

    def ready():
        st = (page(c, "/api/snapshot") or {}).get("state") or {}
        return sorted(st.get("sensed") or []) == sorted(placed) and st.get("phase") == "await_placement"
    try:
        wait_for("the bed to match", ready, 15)
    except AssertionError:
        return False
    before = len(journals(c)["companion.db"][1])
    page(c, "/api/control", {"type": "reed", "square": free[0], "occupied": True})
    try:
        wait_for("the move", lambda: len(journals(c)["companion.db"][1]) > before, 10)
    except AssertionError:
        return False
    placed.append(free[0])
    return True


def kill_update_after(c, seconds: float, to: str) -> tuple[str, dict[str, float]]:
    """`companion update --release TO`, its process group SIGKILLed `seconds` after it started
    (as a power cut ends it); the last step it announced ("start" before any, "none" when it
    finished first), and when each step was announced (seconds after the start; "end": exited)."""
    env = [f"{k}={v}" for k, v in PIP_ENV.items()]
    cmd = ["nsenter", "-t", str(c.pid), "-a", "env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", *env,
           "setsid", "sh", "-c", f'echo "pid $$"; exec {COMPANION} update --release {to} --timeout 60']
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pid = proc.stdout.readline().split()[1]
    t0 = time.monotonic()
    out, times = [], {}
    os.set_blocking(proc.stdout.fileno(), False)
    while time.monotonic() - t0 < seconds and proc.poll() is None:
        time.sleep(0.02)
        for line in proc.stdout.readlines():
            out.append(line)
            if line.startswith("update: ") and line.split()[1] in STEPS:
                times.setdefault(line.split()[1], time.monotonic() - t0)
    finished = proc.poll() is not None
    if not finished:
        c.run("kill", "-9", "--", f"-{pid}", check=False)
    else:
        times["end"] = time.monotonic() - t0
    proc.wait(timeout=60)
    os.set_blocking(proc.stdout.fileno(), True)
    out += proc.stdout.readlines()
    steps = [line.split()[1] for line in out if line.startswith("update: ") and line.split()[1] in STEPS]
    if finished:
        assert proc.returncode == 0, "".join(out)
        return "none", times
    return (steps[-1] if steps else "start"), times


def settled(c) -> str | None:
    """The service active (READY: Type=notify), else None after the start's own time."""
    def up():
        s = show(c, "ActiveState", "SubState")
        return s["ActiveState"] == "active" and s["SubState"] == "running"
    try:
        wait_for("the service", up, 150)
    except AssertionError:
        return None
    return running_release(c)


def windows(c) -> list[tuple[str, float, float]]:
    """A whole update A -> B, timed: each step's window (from its announcement to the next one's),
    "start" before the first. A kill falls at a random moment of a window chosen at random, so
    the short steps (the breadcrumb, the switch) are hit too, not only the health check's wait."""
    _, t = kill_update_after(c, 1e9, B)
    order = ["breadcrumb", "trial", "health", "switch", "done", "end"]
    assert all(k in t for k in order), t
    edges = [("start", 0.0)] + [(k, t[k]) for k in order]
    return [(name, lo, hi) for (name, lo), (_, hi) in zip(edges, edges[1:])]


def test_random_kills_on_the_real_systemd(box):
    rnd = random.Random(SEED)
    back_to_a(box)
    spans = windows(box)
    _log("an update A -> B: " + ", ".join(f"{n} {lo:.2f}..{hi:.2f} s" for n, lo, hi in spans))
    counts = collections.Counter()
    steps = collections.Counter()
    placed: list[str] = []
    bad = []
    t_start = time.monotonic()
    for run in range(RUNS):
        if current(box) != box.A:
            back_to_a(box)
        if settled(box) is None:
            box.run("systemctl", "start", "companion.service", timeout=120)
        counts["moves"] += a_move(box, placed)
        before = journals(box)["companion.db"][1]
        _, lo, hi = rnd.choice(spans)
        at = rnd.uniform(lo, hi)
        cut = rnd.random() < 0.5
        step, _ = kill_update_after(box, at, B)
        steps[step] += 1
        if cut:
            box.power_cut()
            counts["power_cuts"] += 1
        else:
            box.run("systemctl", "restart", "companion.service", check=False, timeout=150)
        running = settled(box)
        now = current(box)
        seen = journals(box)
        schema, rows = seen.get("companion.db", (None, set()))
        kept = set().union(*(r for _, r in seen.values()))
        problems = []
        if running is None:
            counts["down"] += 1
            problems.append("the companion is down")
        elif running != now:
            counts["mismatch"] += 1
            problems.append(f"runs {running}, current names {now}")
        if schema != SCHEMA.get(now, 2):
            counts["schema"] += 1
            problems.append(f"journal schema {schema} under {now}")
        lost = before - kept
        counts["lost"] += len(lost)
        if lost:
            problems.append(f"lost {sorted(lost)}")
        if (box.root / TRIAL).exists() or (box.root / "opt/maunz-companion/update.json").exists():
            counts["left"] += 1
            problems.append("a trial or breadcrumb left")
        if running is not None and page(box, "/api/snapshot") is None:
            counts["down"] += 1
            problems.append("the page does not answer")
        line = (f"run {run}: killed at {at:.1f} s (after {step}), {'power cut' if cut else 'restart'}:"
                f" {now} running, schema {schema}" + (f" PROBLEM {'; '.join(problems)}" if problems else ""))
        _log(line)
        if problems:
            bad.append(line)
            box.run(COMPANION, "update", "--recover", check=False, timeout=120)  # on with the next run
    took = time.monotonic() - t_start
    print(f"kills by step: {', '.join(f'{s} {steps[s]}' for s in ('start', *STEPS, 'none'))};"
          f" power cuts {counts['power_cuts']}; moves made {counts['moves']}; {took:.0f} s")
    print(f"update_real_kill_runs {RUNS}")
    print(f"update_real_kill_mismatch {counts['mismatch']}")
    print(f"update_real_kill_down {counts['down']}")
    print(f"update_real_kill_lost {counts['lost']}")
    print(f"update_real_kill_schema {counts['schema']}")
    assert not bad, "\n".join(bad)
