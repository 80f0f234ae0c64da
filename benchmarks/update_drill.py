"""The update kill drill with a fast fake systemd: `companion update` of a signed release,
SIGKILLed at a random moment of a chosen step, then either a power cut (the runtime directory
with the trial forgotten, the service down, a boot starts the unit) or none (the service runs
on; the update's guard timer fires, a start that hangs is ended by TimeoutStartSec= and
restarted). After that: is the release running the one `current` names, is
the companion up, does its journal have every move played (kept aside counts as kept)?

Everything of ours is the real code: `companion update` (companion.update.update.main, with its
signature check, unpacking, stage, breadcrumb, trial drop-in, health check, switch, rollback,
the journal's copy put back) and the unit's ExecStartPre read from systemd/companion.service.
Faked are systemd (FakeSystemd: the drop-in read at daemon-reload, ExecStartPre then ExecStart
at each start, the guard timer, Restart=on-failure but not for status 2) — a thread of the drill,
so that it outlives the killed update as systemd would — and the releases: a stand-in
install.sh that builds a release in a few files, and a stand-in `companion run` that checks the
journal's schema as the real one does (refuses a newer one: status 2, the companion down),
upgrades an older one, and plays a move at each start. The health check runs on a virtual clock
(its waits cost nothing); the drill's timings are not the real ones (benchmarks/update.py).
"""
from __future__ import annotations

import contextlib
import io
import os
import random
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from multiprocessing import Pipe
from pathlib import Path

from companion.update import release_cli, signing
from companion.update import update as upd
from companion.update.unit import Unit

REPO = Path(__file__).resolve().parents[1]
UNIT_FILE = REPO / "systemd" / "companion.service"
DB = "companion.db"
STEPS = ("start", "verify", "stage", "breadcrumb", "trial", "health", "switch", "done")

# The stand-in install.sh --stage: a release of a few files (what the real one takes minutes for)
INSTALL_SH = """#!/bin/sh
set -eu
SRC=$(cd "$(dirname "$0")/.." && pwd)
VERSION=$(sed -n 's/^version *= *"\\(.*\\)"/\\1/p' "$SRC/pyproject.toml")
NAME="$VERSION-$(cat "$SRC/COMMIT" | cut -c1-12)"
REL="$MAUNZ_DRILL_PREFIX/releases/$NAME"
[ "${1:-}" = --stage ] || exit 2
if [ ! -f "$REL/.installed" ]; then
    rm -rf "$REL"; mkdir -p "$REL/.venv/bin"
    cp "$SRC/drill.json" "$REL/drill.json"
    printf '{"name": "%s", "version": "%s"}\\n' "$NAME" "$VERSION" >"$REL/release.json"
    touch "$REL/.installed"
fi
echo "staged: $NAME"
"""


def journal_moves(path: Path) -> tuple[int, list[str]]:
    if not path.exists():
        return -1, []
    conn = sqlite3.connect(path)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        rows = conn.execute("SELECT m FROM moves ORDER BY rowid").fetchall() if version else []
        return version, [r[0] for r in rows]
    finally:
        conn.close()


class FakeSystemd:
    """One unit, as systemd runs it: its loaded config, its state and its main process's command."""

    def __init__(self, root: Path, prefix: Path, state: Path) -> None:
        self.root, self.prefix, self.state = root, prefix, state
        self.unit_path = root / "companion.service"
        self.unit_path.write_text(UNIT_FILE.read_text().replace("/opt/maunz-companion", str(prefix)))
        self.runtime = root / "run"
        self.lock = threading.RLock()
        self.active, self.sub, self.result = "inactive", "dead", "success"
        self.pid, self.cmd, self.starts, self.exit_status = 0, "", 0, 0
        self.played: list[str] = []
        self.said: list[str] = []  # what ExecStartPre and the guard printed (systemd's journal)
        self.guard: list[str] | None = None  # the update's guard timer: its command
        self.last_line = ""
        self.reload()

    # ---------------------------------------------------------------- config
    def reload(self) -> None:
        text = self.unit_path.read_text()
        for conf in sorted((self.runtime / "companion.service.d").glob("*.conf")):
            text += "\n" + conf.read_text()
        self.exec_start_pre = [v.strip() for v in re.findall(r"^ExecStartPre=(.*)$", text, re.M)]
        starts = re.findall(r"^ExecStart=(.*)$", text, re.M)
        self.exec_start = starts[-1].strip()

    def show(self, props: list[str]) -> str:
        values = {"FragmentPath": str(self.unit_path), "MainPID": str(self.pid), "ActiveState": self.active,
                  "SubState": self.sub, "Result": self.result, "ExecMainStartTimestampMonotonic": str(self.starts),
                  "WatchdogUSec": "10s"}
        return "".join(f"{p}={values[p]}\n" for p in props)

    # ---------------------------------------------------------------- the unit's life
    def stop(self) -> None:
        self.active, self.sub, self.pid, self.cmd = "inactive", "dead", 0, ""

    def start(self) -> int:
        """ExecStartPre, then the config as it is then (ExecStartPre may have reloaded it), then
        ExecStart: the stand-in companion."""
        with self.lock:
            self.stop()
            for line in self.exec_start_pre:
                argv = shlex.split(line.lstrip("+-@!:"))
                self.companion(argv + ["--prefix", str(self.prefix), "--state", str(self.state)])
            self.starts += 1
            m = re.match(re.escape(str(self.prefix)) + r"/(current|releases/[^/]+)/\.venv/bin/companion run", self.exec_start)
            assert m, self.exec_start
            release = (self.prefix / m.group(1)).resolve()
            return self._run(release)

    def companion(self, argv: list[str]) -> int:
        """A `companion update ...` command line, as systemd runs it (in this thread)."""
        assert argv[:2] == [f"{self.prefix}/current/.venv/bin/companion", "update"], argv
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = upd.main(argv[2:], unit_factory=lambda name: LocalUnit(name, self))
        self.said += out.getvalue().splitlines()
        return code

    def _run(self, release: Path) -> int:
        import json

        drill = json.loads((release / "drill.json").read_text())
        version, _ = journal_moves(self.state / DB)
        if version > drill["schema"]:
            self.active, self.sub, self.result, self.pid, self.exit_status = "failed", "failed", "exit-code", 0, 2
            self.last_line = f"companion: {self.state / DB}: schema {version}, newer than this version reads"
            return 3
        conn = sqlite3.connect(self.state / DB)
        conn.execute("CREATE TABLE IF NOT EXISTS moves(m TEXT)")
        conn.execute(f"PRAGMA user_version={drill['schema']}")
        move = f"{release.name}#{self.starts}"
        conn.execute("INSERT INTO moves VALUES (?)", (move,))
        conn.commit()
        conn.close()
        self.played.append(move)
        self.pid, self.exit_status = 1000 + self.starts, 0
        self.cmd = f"{release}/.venv/bin/python3 {release}/.venv/bin/companion run"
        if drill["health"] == "hang":
            self.active, self.sub = "activating", "start"
            self.last_line = "waiting for the card reader"
        else:
            self.active, self.sub, self.result = "active", "running", "success"
        return 0

    def handle(self, args: list[str]) -> tuple[int, str, str]:
        with self.lock:
            verb = args[0]
            if verb == "show":
                return 0, self.show([a.split("=", 1)[1] for a in args[2:]]), ""
            if verb == "daemon-reload":
                self.reload()
                return 0, "", ""
            if verb == "stop":
                if args[1].endswith("-update-guard.timer"):
                    self.guard = None
                else:
                    self.stop()
                return 0, "", ""
            if verb == "systemd-run":
                self.guard = args[args.index("--quiet") + 1:]
                return 0, "", ""
            if verb in ("restart", "start"):
                return self.start(), "", ""
            if verb == "cmdline":
                return 0, self.cmd if int(args[1]) == self.pid else "", ""
            if verb == "last-line":
                return 0, self.last_line, ""
            raise AssertionError(f"the fake systemd does not know {args}")

    def after_the_kill(self, power_cut: bool) -> None:
        """What systemd does once the update is gone."""
        with self.lock:
            if power_cut:
                for conf in (self.runtime / "companion.service.d").glob("*"):
                    conf.unlink()
                self.guard = None
                self.stop()
                self.reload()
                self.start()  # the boot
                return
            for _ in range(3):  # each at most once per cause; more would be a loop
                if self.active == "failed" and self.exit_status == 2:
                    return  # RestartPreventExitStatus=2: it stays down
                if self.active in ("activating", "failed"):
                    self.start()  # TimeoutStartSec= or a failure: Restart=on-failure
                elif self.guard:
                    guard, self.guard = self.guard, None
                    self.companion(guard)  # the guard's time has come
                else:
                    return


class LocalUnit(Unit):
    """The unit as ExecStartPre sees it: systemd itself answers (same thread); on a virtual clock
    (the health check's waits are free)."""

    def __init__(self, name: str, systemd: FakeSystemd) -> None:
        super().__init__(name, runtime_dir=systemd.runtime)
        self.systemd, self.now = systemd, 0.0
        self.clock, self.sleep = (lambda: self.now), self._advance

    def _advance(self, s: float) -> None:
        self.now += s

    def _systemctl(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        rc, out, err = self.systemd.handle([a for a in args if a != "--no-block"])
        return subprocess.CompletedProcess(["systemctl", *args], rc, out, err)

    def main_command(self, pid: int) -> str:
        return self.systemd.handle(["cmdline", str(pid)])[1]

    def _systemd_run(self, *args: str) -> subprocess.CompletedProcess:
        return self._systemctl("systemd-run", *args)

    def last_line(self, since: float) -> str:
        return self.systemd.handle(["last-line"])[1]


class PipeUnit(LocalUnit):
    """The unit as the (killable) update process sees it: each systemctl a message to the drill's
    FakeSystemd thread."""

    def __init__(self, name: str, systemd: FakeSystemd, conn) -> None:
        super().__init__(name, systemd)
        self.conn = conn

    def _systemctl(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        self.conn.send([a for a in args if a != "--no-block"])
        rc, out, err = self.conn.recv()
        return subprocess.CompletedProcess(["systemctl", *args], rc, out, err)

    def main_command(self, pid: int) -> str:
        return self._systemctl("cmdline", str(pid)).stdout

    def last_line(self, since: float) -> str:
        return self._systemctl("last-line").stdout


@dataclass
class Outcome:
    step: str
    power_cut: bool
    target: str
    running: str | None
    current: str | None
    up: bool
    lost: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def mismatch(self) -> bool:
        return self.up and self.running != self.current


class Drill:
    """Releases A (schema 2, installed), B (schema 3, healthy) and C (schema 3, hangs before
    READY: rolled back, its journal upgrade undone), as signed archives."""

    def __init__(self, root: Path, seed: int = 1) -> None:
        self.root, self.rng = Path(root), random.Random(seed)
        self.keys = self.root / "keys"
        self.keys.mkdir(parents=True, exist_ok=True)
        signing.generate(self.root / "release.key")
        (self.root / "release.key.pub").rename(self.keys / "project.pub")
        self.archives = {n: self._archive(n, v, schema, health) for n, v, schema, health in
                         (("B", "0.2.0", 3, "ok"), ("C", "0.2.1", 3, "hang"))}

    def _archive(self, tag: str, version: str, schema: int, health: str) -> Path:
        import json

        src = self.root / f"src{tag}"
        (src / "systemd").mkdir(parents=True)
        (src / "pyproject.toml").write_text(f'[project]\nname = "maunz-companion"\nversion = "{version}"\n')
        (src / "COMMIT").write_text(tag.lower() * 40 + "\n")
        (src / "drill.json").write_text(json.dumps({"schema": schema, "health": health}))
        (src / "systemd" / "install.sh").write_text(INSTALL_SH)
        archive, version = release_cli.make(src, self.root / "dist")
        signing.sign(archive, self.root / "release.key", version)
        return archive

    def fresh(self, run: int) -> tuple[Path, Path, FakeSystemd, list[str]]:
        """Release A current and running, a journal with a few moves."""
        import json

        base = self.root / f"run{run}"
        prefix, state = base / "opt", base / "state"
        rel = prefix / "releases" / "0.1.0-aaaaaaaaaaaa"
        (rel / ".venv" / "bin").mkdir(parents=True)
        (rel / "drill.json").write_text(json.dumps({"schema": 2, "health": "ok"}))
        (rel / "release.json").write_text(json.dumps({"name": rel.name, "version": "0.1.0"}))
        (rel / ".installed").touch()
        os.symlink("releases/0.1.0-aaaaaaaaaaaa", prefix / "current")
        state.mkdir()
        conn = sqlite3.connect(state / DB)
        conn.execute("CREATE TABLE moves(m TEXT)")
        conn.executemany("INSERT INTO moves VALUES (?)", [(f"before#{i}",) for i in range(3)])
        conn.execute("PRAGMA user_version=2")
        conn.commit()
        conn.close()
        (base / "run").mkdir()
        systemd = FakeSystemd(base, prefix, state)
        systemd.start()
        return prefix, state, systemd, [f"before#{i}" for i in range(3)] + list(systemd.played)

    def once(self, run: int, step: str | None = None, power_cut: bool | None = None,
             target: str | None = None) -> Outcome:
        step = step or self.rng.choice(STEPS)
        power_cut = self.rng.random() < 0.5 if power_cut is None else power_cut
        target = target or self.rng.choice(sorted(self.archives))
        delay = self.rng.uniform(0, 0.004)
        prefix, state, systemd, before = self.fresh(run)
        self.last = systemd
        archive = self.archives[target]
        ours, theirs = Pipe()
        out_r, out_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the update, as root would run it
            code = 1
            try:
                os.close(out_r)
                ours.close()
                os.setsid()
                sys.stdout = sys.stderr = os.fdopen(out_w, "w", buffering=1)
                os.environ["MAUNZ_DRILL_PREFIX"] = str(prefix)
                code = upd.main([str(archive), "--keys", str(self.keys), "--prefix", str(prefix), "--state", str(state)],
                                unit_factory=lambda name: PipeUnit(name, systemd, theirs))
            finally:
                os._exit(code)
        os.close(out_w)
        theirs.close()
        server = threading.Thread(target=self._serve, args=(systemd, ours), daemon=True)
        server.start()
        lines = os.fdopen(out_r, "r")
        killed = self._kill_at(pid, step, delay, lines)
        os.waitpid(pid, 0)
        server.join(30)
        lines.close()
        systemd.after_the_kill(power_cut)
        return self._check(step if killed else "none", power_cut, target, prefix, state, systemd, before)

    @staticmethod
    def _serve(systemd: FakeSystemd, conn) -> None:
        while True:
            try:
                args = conn.recv()
            except (EOFError, OSError):
                return
            answer = systemd.handle(args)  # finished even when the asker is gone, as systemd's job is
            try:
                conn.send(answer)
            except OSError:
                return

    @staticmethod
    def _kill_at(pid: int, step: str, delay: float, lines) -> bool:
        if step != "start":
            for line in lines:
                if line.startswith(f"update: {step} ") or line.startswith("update: rolled back") and step in ("switch", "done"):
                    break
            else:
                return False  # it ended before that step (a rollback has no switch)
        time.sleep(delay)  # the random moment within the step
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            return False
        return True

    @staticmethod
    def _check(step, power_cut, target, prefix, state, systemd, before) -> Outcome:
        current = Path(os.readlink(prefix / "current")).name
        up = systemd.active in ("active", "activating") and systemd.pid != 0
        running = Path(systemd.cmd.split()[0]).parents[2].name if up else None
        kept = set(journal_moves(state / DB)[1])
        for aside in state.glob(f"{DB}.from-*"):
            if not aside.name.endswith(("-wal", "-shm")):
                kept |= set(journal_moves(aside)[1])
        lost = [m for m in before + systemd.played if m not in kept]
        note = []
        if (prefix / "update.json").exists():
            note.append("breadcrumb left")
        if list((systemd.runtime / "companion.service.d").glob("*.conf")):
            note.append("trial left")
        return Outcome(step, power_cut, target, running, current, up, lost, "; ".join(note))
