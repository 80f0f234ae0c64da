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

import errno
import fcntl
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from companion.cliargs import OneLineParser
from companion.update import journalguard, offer, release_cli, signing
from companion.update.releases import DEFAULT_PREFIX, Releases, UpdateError
from companion.update.unit import DEFAULT_UNIT, Unit

DEFAULT_STATE = Path("/var/lib/maunz-companion")
DEFAULT_TIMEOUT_S = 90.0
GUARD_MARGIN_S = 30.0


#: where the steps also go when the family started the update (offer.Status: the OLED, the page)
_report = None


def say(step: str, text: str) -> None:
    print(f"update: {step} {text}", flush=True)
    if _report is not None:
        _report.step(step, text)


def _extract(tar: tarfile.TarFile, dest: Path, shown: Path) -> None:
    """Unpack only plain files and directories inside `dest` (a signed archive still): tarfile's
    "data" filter where this Python has it (3.11.4 on; bookworm's 3.11.2 has not), else the same
    rules checked here first."""
    if hasattr(tarfile, "data_filter"):
        tar.extractall(dest, filter="data")
        return
    for m in tar.getmembers():
        parts = Path(m.name).parts
        if m.name.startswith("/") or ".." in parts or not (m.isfile() or m.isdir()):
            raise UpdateError(f"{shown}: {m.name!r} is not a plain file inside the archive: not a release"
                              " made by `companion release make`")
        m.mode &= 0o755
    tar.extractall(dest)


class Updater:
    def __init__(self, releases: Releases, unit: Unit, state_dir: Path, timeout: float = DEFAULT_TIMEOUT_S,
                 hold: float | None = None, keys_dir: Path = signing.DEFAULT_KEYS) -> None:
        self.releases, self.unit, self.state_dir = releases, unit, Path(state_dir)
        self.timeout, self.hold, self.keys_dir = timeout, hold, Path(keys_dir)
        self.last_line = ""  # the outcome, in one line
        self.outcome: dict = {}  # ... and as fields, for the family's words (offer.Status.outcome)

    # ------------------------------------------------------------------ staging
    def stage(self, source: Path, sig: Path | None = None) -> str:
        """Build a release from a source tree (a checkout: root's own choice) or from a signed
        release archive with its install.sh --stage. The archive is copied while its SHA-256 is
        taken, the signature checked against that, and only the copy is unpacked: nothing of an
        unsigned, tampered or wrongly-signed archive is read, let alone run."""
        source = Path(source)
        if not source.exists():
            raise UpdateError(f"{source}: no such file or directory: give a signed release (with its .sig beside it)"
                              " or --from a source tree")
        if not source.is_file():
            return self._stage_dir(source, shown=source)
        with tempfile.TemporaryDirectory(dir=self.releases.prefix, prefix=".unpack-") as tmp:
            copy = Path(tmp) / "release.tar"
            t0 = time.monotonic()
            try:
                signed = signing.verify(source, self.keys_dir, sig_path=sig, copy_to=copy)
            except signing.SignatureError as exc:
                raise UpdateError(str(exc), exc.kind) from None
            say("verify", f"{source}: version {signed.version}, signed by key {signed.key}"
                f" ({(time.monotonic() - t0) * 1000:.0f} ms)")
            tree = Path(tmp) / "tree"
            try:
                with tarfile.open(copy) as tar:
                    _extract(tar, tree, source)
            except (tarfile.TarError, OSError) as exc:
                raise UpdateError(f"{source}: signed, but not a readable release archive ({exc})") from None
            entries = list(tree.iterdir())
            root = entries[0] if len(entries) == 1 and entries[0].is_dir() else tree
            try:
                version = release_cli.version_of((root / "pyproject.toml").read_text(), f"{source}")
            except (OSError, signing.SignatureError):
                version = None
            if version != signed.version:
                raise UpdateError(f"{source}: its pyproject.toml says version {version}, its signature {signed.version}:"
                                  " not a release made by `companion release make`")
            return self._stage_dir(root, shown=source)

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
        # If this command is killed from here on, the guard (a systemd timer in /run) runs
        # `--recover` once the longest health check is over; a power cut forgets trial and guard.
        self.unit.arm_guard(self.timeout + GUARD_MARGIN_S, self._recover_argv("--guard"))
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
            return self._roll_back(old, name, health, since)
        r.point("current", name)
        say("switch", f"{name} is current (READY after {health.ready_s:.1f} s)")
        r.point("previous", old)
        self.unit.end_trial()
        # the release's own unit file from now on (its ExecStartPre heals; one from before has none)
        self.unit.install_unit(r.path(name) / "systemd" / f"{self.unit.name}")
        r.clear_breadcrumb()
        self.unit.disarm_guard()  # (after the breadcrumb: killed in between, the guard finds nothing to do)
        gone = r.prune()
        self.last_line = f"updated {old} -> {name}"
        self.outcome = {"what": "installed"}
        say("done", self.last_line + (f"; removed {', '.join(gone)}" if gone else ""))
        return 0

    def _recover_argv(self, mode: str) -> list[str]:
        return [str(self.releases.prefix / "current" / ".venv" / "bin" / "companion"), "update", "--recover", mode,
                "--prefix", str(self.releases.prefix), "--state", str(self.state_dir), "--unit", self.unit.name]

    def _undo_by_restart(self, crumb: dict) -> str:
        """Go back to `current` in one systemd job: the breadcrumb is marked `undo`, then the unit
        restarts, and its ExecStartPre (--at-start, which acts on an `undo` even while this command
        holds the lock) ends the trial and puts the journal back while no companion runs. A kill
        of this command after the mark changes nothing: the job, or the guard, or the next boot
        does the same."""
        aside = Path(self.state_dir) / f"companion.db.from-{crumb.get('to')}"
        had_aside = aside.exists()
        self.releases.write_breadcrumb({**crumb, "undo": True})
        self.unit.restart(wait=True)
        if self.releases.breadcrumb() is not None:
            # a unit file from before the ExecStartPre (installed by an older install.sh): by hand
            self.unit.stop()
            self.unit.end_trial()
            copy = Path(crumb["journal"]) if crumb.get("journal") else None
            self._restore_journal(self.releases.breadcrumb() or {}, copy, crumb.get("to") or "unknown")
            self.unit.start()
            self.releases.clear_breadcrumb()
        if aside.exists() and not had_aside:
            return (f"; the journal {crumb.get('to')} upgraded is kept as {aside.name} and the copy from before"
                    " the update restored")
        return ""

    def _roll_back(self, old: str, name: str, health, since: float) -> int:
        last = self.unit.last_line(since)
        restored = self._undo_by_restart(self.releases.breadcrumb() or {"from": old, "to": name})
        self.unit.disarm_guard()
        self.outcome = {"what": "rolled_back", "reason": health.kind,
                        "back": str(self.releases.info(old).get("version") or old)}
        self.last_line = (f"update: rolled back to {old}: {name} was not healthy: {health.why}"
                          + (f" (its last line: {last})" if last else "") + restored)
        print(self.last_line, file=sys.stderr, flush=True)
        return 1

    def _restore_journal(self, crumb: dict, copy: Path | None, tried: str) -> str:
        """The pre-update copy back when the tried release changed the schema. The decision is
        written into the breadcrumb first: a restore cut short is finished, never asked again
        of a half-restored journal."""
        if copy is None or not copy.exists():
            return ""
        if not crumb.get("restoring"):
            if not journalguard.needs_restore(self.state_dir, copy):
                return ""
            self.releases.write_breadcrumb({**crumb, "restoring": True})
        return journalguard.restore(self.state_dir, copy, tried)

    def recover(self, at_start: bool = False) -> str:
        """Finish or undo an update that was cut short (a killed `companion update`, a power cut).
        `at_start`: run by the unit's ExecStartPre, before the companion opens its journal: no
        companion runs, the unit is not asked about or restarted (the start that follows reads the
        unit without the trial). Otherwise a tried release still running is undone by a restart."""
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
        back = (f"the update to {crumb.get('to') or 'a new release'} was cut short before its health check"
                f" passed: back on {r.current()}")
        if not at_start:
            pid = int(self.unit.show("MainPID").get("MainPID") or 0)
            tried = crumb.get("to") and f"/releases/{crumb['to']}/" in self.unit.main_command(pid)
            if pid and (self.unit.in_trial() or tried):
                return back + self._undo_by_restart(crumb)
        self.unit.end_trial()
        copy = Path(crumb["journal"]) if crumb.get("journal") else None
        restored = self._restore_journal(crumb, copy, crumb.get("to") or "unknown")
        r.clear_breadcrumb()
        return back + restored


# ---------------------------------------------------------------------- the command
def _parser() -> OneLineParser:
    p = OneLineParser(prog="companion update", description="install a new version beside the running one, "
                      "switch to it and go back by itself if the service is not healthy (run as root)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("file", nargs="?", metavar="FILE", help="a signed release (FILE.sig beside it: companion release make)")
    what.add_argument("--from", dest="source", metavar="DIR", help="a source tree (a checkout)")
    what.add_argument("--release", metavar="NAME", help="an installed release (the way back: see `companion version`)")
    what.add_argument("--recover", action="store_true", help="finish or undo an update that was cut short")
    what.add_argument("--find", nargs="+", metavar="DIR", help="offer the newest signed release in DIR (the SD card's"
                      " FAT partition, a USB stick) to the family: the OLED and the page ask")
    what.add_argument("--offered", action="store_true", help="install the offered release the family said OK to"
                      " (companion-update.service runs it)")
    p.add_argument("--at-start", action="store_true", help="with --recover: as the unit's ExecStartPre runs it"
                   " (leaves an update under way alone; never fails the start)")
    p.add_argument("--guard", action="store_true", help="with --recover: as the update's guard timer runs it"
                   " (nothing when the update is still running)")
    p.add_argument("--signature", metavar="SIG", help="FILE's signature (default FILE.sig beside it)")
    p.add_argument("--keys", default=str(signing.DEFAULT_KEYS), metavar="DIR",
                   help=f"the trusted release keys (default {signing.DEFAULT_KEYS})")
    p.add_argument("--consume", action="store_true", help="with --find: remove the release files looked at"
                   " (an upload from the page)")
    p.add_argument("--spool", default=str(offer.SPOOL), metavar="DIR",
                   help=f"where an offered release waits for the family's OK (default {offer.SPOOL})")
    p.add_argument("--prefix", default=str(DEFAULT_PREFIX), help=f"where the releases are (default {DEFAULT_PREFIX})")
    p.add_argument("--state", default=str(DEFAULT_STATE), metavar="DIR", help=f"the journal's directory (default {DEFAULT_STATE})")
    p.add_argument("--unit", default=DEFAULT_UNIT, help=f"the systemd unit (default {DEFAULT_UNIT})")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, metavar="S",
                   help=f"READY and a healthy watchdog within this many seconds, or back (default {DEFAULT_TIMEOUT_S:.0f})")
    return p


def main(argv: list[str], unit_factory=Unit) -> int:
    """`unit_factory`: how the unit is reached (systemd; the update drill's fake)."""
    args = _parser().parse_args(argv)
    releases = Releases(Path(args.prefix))
    if args.at_start:
        return _at_start(releases, unit_factory(args.unit), Path(args.state))
    if args.guard and not releases.dir.is_dir():
        return 0
    if args.find:
        return _find(args)
    try:
        if not releases.dir.is_dir():
            raise UpdateError(f"{releases.dir}: no releases here: install with systemd/install.sh first (or pass --prefix)")
        with open(releases.prefix / "update.lock", "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                if args.guard:
                    return 0  # the update is alive: it ends its trial itself
                raise UpdateError("another `companion update` is running; wait for it to finish") from None
            updater = Updater(releases, unit_factory(args.unit), Path(args.state), timeout=args.timeout,
                              keys_dir=Path(args.keys))
            done = updater.recover()
            if done:
                say("recover", done)
            if args.recover:
                return 0
            if args.offered:
                return _offered(updater, args)
            name = args.release or updater.stage(Path(args.file or args.source),
                                                 Path(args.signature) if args.signature else None)
            return updater.update(name)
    except UpdateError as exc:
        print(f"companion update: {exc}", file=sys.stderr)
        return 1
    except PermissionError as exc:
        print(f"companion update: {exc.filename}: permission denied; run it as root (sudo)", file=sys.stderr)
        return 1


def _find(args) -> int:
    """Offer the newest signed release in the given directories (nothing installs here)."""
    from companion.update.version import release_info

    try:
        made, said = offer.find([Path(d) for d in args.find], Path(args.keys), Path(args.spool),
                                release_info()["version"], explicit=args.consume)
    except OSError as exc:
        print(f"companion update --find: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    for line in said:
        print(f"companion update --find: {line}", file=sys.stderr)
    if args.consume:  # an upload from the page: looked at once (the offer holds the checked copy)
        for d in args.find:
            for f in Path(d).glob("maunz-companion-*.tar.gz*"):
                f.unlink(missing_ok=True)
    if made:
        print(f"update: offered {made['version']} from {made['found']}; waiting for the family's OK")
    return 0


def _offered(updater: Updater, args) -> int:
    """The update the family said OK to: the spooled copy, checked again, with its steps reported."""
    global _report
    spool = Path(args.spool)
    accepted = offer.accepted(spool, Path(args.state))
    if accepted is None:
        print("companion update --offered: no OK that names the offered release; nothing done", file=sys.stderr)
        return 0
    _report = status = offer.Status(spool, accepted["version"])
    try:
        status.step("verify", f"checking {accepted['version']}")
        name = updater.stage(spool / offer.ARCHIVE)
        code = updater.update(name)
    except Exception as exc:  # whatever it is, the OLED and the page must not show a step for ever
        kind = getattr(exc, "kind", "") or ("no_space" if getattr(exc, "errno", None) in (errno.ENOSPC, errno.EDQUOT)
                                            else "")
        status.outcome(False, f"not installed: {exc}", what="not_installed", reason=kind)
        raise
    finally:
        _report = None
    status.outcome(code == 0, updater.last_line, **updater.outcome)
    return code


def _at_start(releases: Releases, unit: Unit, state_dir: Path) -> int:
    """The unit's ExecStartPre: every start heals an update that was cut short, before the
    companion opens its journal. A running `companion update` holds the lock and owns its trial
    (it restarts the unit itself): then nothing is touched. Never fails the start: a companion
    that starts is worth more than this step, whose trouble it names in one line."""
    if not releases.dir.is_dir():
        return 0
    try:
        with open(releases.prefix / "update.lock", "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                crumb = releases.breadcrumb()
                if not (crumb and crumb.get("undo")):
                    return 0  # an update is under way and this start is its trial
                # else the update (or --recover) restarts the unit to be undone here: see _undo_by_restart
            done = Updater(releases, unit, state_dir).recover(at_start=True)
            if done:
                say("recover", done)
    except (UpdateError, OSError) as exc:
        print(f"companion update --recover --at-start: {exc}; starting anyway", file=sys.stderr)
    return 0
