"""`companion update [FILE | --from DIR | --release NAME | --recover]`: install a release beside
the running one, try it, keep it only if it is healthy, else go back, saying why in one line.

The steps, each announced on stdout ("update: <step> ...") and each safe to cut short:

  stage       systemd/install.sh --stage of the new source builds releases/<name>; the running
              release is untouched (a release without its .installed stamp is never used)
  breadcrumb  update.json {from, to, journal copy}, after an online copy of the journal
  trial       a drop-in in /run points the unit at the new release; the service is restarted
  health      READY from the new release, then no restart for longer than a watchdog interval
  switch      `current` renamed to the new release (the one step that makes it stay)
  done        the trial drop-in and the breadcrumb removed; old releases pruned

Cut short before `switch`, the old release comes back at the next boot (the drop-in was in
/run), or at once with `companion update --recover` (every update runs it first); after
`switch`, the new one stays.
"""
from __future__ import annotations

import fcntl
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from companion.cliargs import OneLineParser
from companion.update import journalguard
from companion.update.releases import DEFAULT_PREFIX, Releases, UpdateError
from companion.update.unit import DEFAULT_UNIT, Unit

DEFAULT_STATE = Path("/var/lib/maunz-companion")
DEFAULT_TIMEOUT_S = 90.0


def say(step: str, text: str) -> None:
    print(f"update: {step} {text}", flush=True)


class Updater:
    def __init__(self, releases: Releases, unit: Unit, state_dir: Path, timeout: float = DEFAULT_TIMEOUT_S,
                 hold: float | None = None) -> None:
        self.releases, self.unit, self.state_dir = releases, unit, Path(state_dir)
        self.timeout, self.hold = timeout, hold

    # ------------------------------------------------------------------ staging
    def stage(self, source: Path) -> str:
        """Build a release from a source tree (or a .tar.* of one) with its install.sh --stage."""
        source = Path(source)
        if source.is_file():
            with tempfile.TemporaryDirectory(dir=self.releases.prefix, prefix=".unpack-") as tmp:
                try:
                    with tarfile.open(source) as tar:
                        tar.extractall(tmp, filter="data")
                except (tarfile.TarError, OSError) as exc:
                    raise UpdateError(f"{source}: not a readable source archive ({exc}); give a .tar.gz of the"
                                      " source tree or --from DIR") from None
                entries = list(Path(tmp).iterdir())
                root = entries[0] if len(entries) == 1 and entries[0].is_dir() else Path(tmp)
                return self._stage_dir(root, shown=source)
        return self._stage_dir(source, shown=source)

    def _stage_dir(self, src: Path, shown: Path) -> str:
        script = src / "systemd" / "install.sh"
        if not script.is_file():
            raise UpdateError(f"{shown}: no systemd/install.sh in it: give the companion's source tree")
        say("stage", f"building a release from {shown}")
        proc = subprocess.run(["sh", str(script), "--stage"], stdout=subprocess.PIPE, text=True)
        out = proc.stdout.strip().splitlines()
        if proc.returncode != 0 or not out or not out[-1].startswith("staged: "):
            raise UpdateError(f"{shown}: install.sh --stage failed (status {proc.returncode}; its message is above);"
                              " the running release is unchanged")
        return out[-1].removeprefix("staged: ").strip()

    # ------------------------------------------------------------------ the update
    def update(self, name: str) -> int:
        r = self.releases
        old = r.current()
        if old is None or not r.installed(old):
            raise UpdateError(f"{r.prefix}/current names no installed release: install with systemd/install.sh first")
        if not r.installed(name):
            raise UpdateError(f"release {name!r} is not installed in {r.dir} (installed: {', '.join(r.names())})")
        if name == old:
            say("done", f"{name} is running already")
            return 0
        copy = journalguard.snapshot(self.state_dir, "pre-update") if self.state_dir.exists() else None
        r.write_breadcrumb({"from": old, "to": name, "journal": str(copy) if copy else None, "at": time.time()})
        say("breadcrumb", f"{old} -> {name}" + (f"; journal copied to {copy}" if copy else ""))
        since = time.time()
        self.unit.start_trial(r.prefix / "current", r.path(name))
        say("trial", f"restarting {self.unit.name} on {name}")
        self.unit.restart()
        hold = self.hold if self.hold is not None else max(3.0, 1.5 * self.unit.watchdog_s())
        say("health", f"waiting for READY and {hold:.0f} s without a restart (at most {self.timeout:.0f} s)")
        health = self.unit.wait_healthy(r.path(name), self.timeout, hold)
        if not health.ok:
            return self._roll_back(old, name, health.why, since, copy)
        r.point("current", name)
        say("switch", f"{name} is current (READY after {health.ready_s:.1f} s)")
        r.point("previous", old)
        self.unit.end_trial()
        r.clear_breadcrumb()
        gone = r.prune()
        say("done", f"updated {old} -> {name}" + (f"; removed {', '.join(gone)}" if gone else ""))
        return 0

    def _roll_back(self, old: str, name: str, why: str, since: float, copy: Path | None) -> int:
        last = self.unit.last_line(since)
        self.unit.end_trial()
        restored = journalguard.restore_if_newer(self.state_dir, copy, name)
        self.unit.restart(wait=True)
        self.releases.clear_breadcrumb()
        print(f"update: rolled back to {old}: {name} was not healthy: {why}"
              + (f" (its last line: {last})" if last else "") + restored, file=sys.stderr, flush=True)
        return 1

    def recover(self) -> str:
        """Finish or undo an update that was cut short (a killed `companion update`)."""
        r = self.releases
        crumb = r.breadcrumb()
        if crumb is None:
            self.unit.end_trial()  # nothing under way: a stray trial would only confuse a restart
            return ""
        if crumb.get("to") and r.current() == crumb["to"]:
            # the switch was made, so the health check had passed: finish it
            if crumb.get("from"):
                r.point("previous", crumb["from"])
            self.unit.end_trial()
            r.clear_breadcrumb()
            return f"finished the update to {crumb['to']} that was cut short after its switch"
        self.unit.end_trial()
        copy = Path(crumb["journal"]) if crumb.get("journal") else None
        restored = journalguard.restore_if_newer(self.state_dir, copy, crumb.get("to") or "unknown")
        pid = int(self.unit.show("MainPID").get("MainPID") or 0)
        if crumb.get("to") and pid and f"/releases/{crumb['to']}/" in self.unit.main_command(pid):
            self.unit.restart(wait=True)  # the tried release is still the running process
        r.clear_breadcrumb()
        return (f"the update to {crumb.get('to') or 'a new release'} was cut short before its health check"
                f" passed: back on {r.current()}" + restored)


# ---------------------------------------------------------------------- the command
def _parser() -> OneLineParser:
    p = OneLineParser(prog="companion update", description="install a new version beside the running one, "
                      "switch to it and go back by itself if the service is not healthy (run as root)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("file", nargs="?", metavar="FILE", help="a .tar.gz (or .tar.xz) of the source tree")
    what.add_argument("--from", dest="source", metavar="DIR", help="a source tree (a checkout)")
    what.add_argument("--release", metavar="NAME", help="an installed release (the way back: see `companion version`)")
    what.add_argument("--recover", action="store_true", help="finish or undo an update that was cut short")
    p.add_argument("--prefix", default=str(DEFAULT_PREFIX), help=f"where the releases are (default {DEFAULT_PREFIX})")
    p.add_argument("--state", default=str(DEFAULT_STATE), metavar="DIR", help=f"the journal's directory (default {DEFAULT_STATE})")
    p.add_argument("--unit", default=DEFAULT_UNIT, help=f"the systemd unit (default {DEFAULT_UNIT})")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, metavar="S",
                   help=f"READY and a healthy watchdog within this many seconds, or back (default {DEFAULT_TIMEOUT_S:.0f})")
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    releases = Releases(Path(args.prefix))
    try:
        if not releases.dir.is_dir():
            raise UpdateError(f"{releases.dir}: no releases here: install with systemd/install.sh first (or pass --prefix)")
        with open(releases.prefix / "update.lock", "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise UpdateError("another `companion update` is running; wait for it to finish") from None
            updater = Updater(releases, Unit(args.unit), Path(args.state), timeout=args.timeout)
            done = updater.recover()
            if done:
                say("recover", done)
            if args.recover:
                return 0
            name = args.release or updater.stage(Path(args.file or args.source))
            return updater.update(name)
    except UpdateError as exc:
        print(f"companion update: {exc}", file=sys.stderr)
        return 1
    except PermissionError as exc:
        print(f"companion update: {exc.filename}: permission denied; run it as root (sudo)", file=sys.stderr)
        return 1
