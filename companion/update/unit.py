"""The companion's systemd unit, as an update sees it: a trial of a release through a runtime
drop-in, restarts, and the health check (READY, then no watchdog kill or crash for a while).

The trial lives in /run/systemd/system (tmpfs): whatever cuts an update short, a reboot forgets
the trial and the unit starts `current`, the release that was running before."""
from __future__ import annotations

import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from companion.update.releases import UpdateError

TRIAL_NAME = "50-update-trial.conf"
DEFAULT_UNIT = "companion.service"


@dataclass(frozen=True)
class Health:
    ok: bool
    why: str = ""
    ready_s: float | None = None  # restart to READY
    kind: str = ""  # why not, for the family's words: "slow" (not ready in time) or "crashed"


class Unit:
    def __init__(self, name: str = DEFAULT_UNIT, runtime_dir: Path = Path("/run/systemd/system"),
                 clock=time.monotonic, sleep=time.sleep) -> None:
        self.name = name
        self.trial_path = Path(runtime_dir) / f"{name}.d" / TRIAL_NAME
        self.clock, self.sleep = clock, sleep

    def _systemctl(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        try:
            proc = subprocess.run(["systemctl", *args], capture_output=True, text=True, timeout=timeout)
        except FileNotFoundError:
            raise UpdateError("systemctl not found: `companion update` updates the service on a system run by systemd") from None
        except subprocess.TimeoutExpired:
            raise UpdateError(f"systemctl {' '.join(args)} did not return within {timeout:.0f} s") from None
        return proc

    def show(self, *props: str) -> dict[str, str]:
        proc = self._systemctl("show", self.name, *(f"--property={p}" for p in props))
        if proc.returncode != 0:
            raise UpdateError(f"systemctl show {self.name}: {proc.stderr.strip() or proc.returncode}")
        return dict(line.split("=", 1) for line in proc.stdout.splitlines() if "=" in line)

    def exec_start(self) -> str:
        """The unit file's own ExecStart= line (the command the trial points at another release)."""
        path = self.show("FragmentPath").get("FragmentPath", "")
        try:
            text = Path(path).read_text()
        except OSError:
            raise UpdateError(f"{self.name} is not installed (no unit file): run systemd/install.sh first") from None
        found = re.findall(r"^ExecStart=(.+)$", text, re.M)
        if not found:
            raise UpdateError(f"{path}: no ExecStart= line")
        return found[-1].strip()

    def daemon_reload(self) -> None:
        proc = self._systemctl("daemon-reload")
        if proc.returncode != 0:
            raise UpdateError(f"systemctl daemon-reload failed: {proc.stderr.strip()}")

    def start_trial(self, current_dir: Path, release_dir: Path) -> None:
        command = self.exec_start()
        if str(current_dir) + "/" not in command:
            raise UpdateError(f"{self.name}: ExecStart does not start {current_dir}: reinstall the unit with systemd/install.sh")
        command = command.replace(str(current_dir) + "/", str(release_dir) + "/")
        self.trial_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.trial_path.with_suffix(".new")
        tmp.write_text("# companion update: a trial of another release; /run is forgotten at the next boot\n"
                       f"[Service]\nExecStart=\nExecStart={command}\n")
        tmp.replace(self.trial_path)
        self.daemon_reload()

    def _systemd_run(self, *args: str) -> subprocess.CompletedProcess:
        try:
            return subprocess.run(["systemd-run", *args], capture_output=True, text=True, timeout=60)
        except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
            raise UpdateError(f"systemd-run failed ({exc}): `companion update` needs systemd") from None

    @property
    def guard_name(self) -> str:
        return self.name.removesuffix(".service") + "-update-guard"

    def arm_guard(self, after_s: float, argv: list[str]) -> None:
        """A transient timer (in /run: a boot forgets it) that runs `argv` (`companion update
        --recover --guard`) in `after_s` seconds: an update killed during its trial is undone then,
        even if nothing restarts the unit."""
        self.disarm_guard()
        proc = self._systemd_run(f"--unit={self.guard_name}", f"--on-active={after_s:.0f}s", "--timer-property=AccuracySec=1s",
                                 "--collect", "--quiet", *argv)
        if proc.returncode != 0:
            raise UpdateError(f"systemd-run could not arm the update's guard timer: {proc.stderr.strip()}")

    def disarm_guard(self) -> None:
        self._systemctl("stop", f"{self.guard_name}.timer")

    def install_unit(self, source: Path) -> bool:
        """The unit file from a release (its systemd/companion.service) in place of the installed
        one, when it differs; False when there is nothing to install."""
        path = self.show("FragmentPath").get("FragmentPath", "")
        if not path or not Path(source).is_file():
            return False
        text = Path(source).read_text()
        try:
            if Path(path).read_text() == text:
                return False
        except OSError:
            pass
        tmp = Path(path).with_name(f".{Path(path).name}.new")
        tmp.write_text(text)
        tmp.chmod(0o644)
        tmp.replace(path)
        self.daemon_reload()
        return True

    def in_trial(self) -> bool:
        return self.trial_path.exists()

    def end_trial(self) -> None:
        if self.trial_path.exists():
            self.trial_path.unlink()
            self.daemon_reload()

    def restart(self, wait: bool = False) -> subprocess.CompletedProcess:
        return self._systemctl("restart", *(() if wait else ("--no-block",)), self.name)

    def stop(self) -> None:
        proc = self._systemctl("stop", self.name)
        if proc.returncode != 0:
            raise UpdateError(f"systemctl stop {self.name} failed: {proc.stderr.strip()}")

    def start(self) -> subprocess.CompletedProcess:
        """Start and wait for the job (its failure is the health check's to judge, not an error)."""
        return self._systemctl("start", self.name)

    def main_command(self, pid: int) -> str:
        try:
            return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            return ""

    def last_line(self, since: float) -> str:
        """The last line the service itself logged since `since` (epoch seconds)."""
        proc = subprocess.run(["journalctl", f"_SYSTEMD_UNIT={self.name}", "-o", "cat", "--no-pager",
                               f"--since=@{since:.0f}"], capture_output=True, text=True, timeout=30)
        lines = [line for line in proc.stdout.splitlines() if line.strip()]
        return lines[-1].strip() if lines else ""

    def wait_healthy(self, release_dir: Path, timeout: float, hold: float) -> Health:
        """READY from a process of `release_dir`, then `hold` seconds with that same process
        active (no watchdog kill, no crash), all within `timeout` seconds."""
        t0 = self.clock()
        before = self.show("ExecMainStartTimestampMonotonic").get("ExecMainStartTimestampMonotonic")
        marker = str(release_dir) + "/"
        ready_pid, ready_at = None, None
        while True:
            s = self.show("ActiveState", "SubState", "MainPID", "Result", "ExecMainStartTimestampMonotonic")
            pid = int(s.get("MainPID") or 0)
            now = self.clock()
            started_anew = s.get("ExecMainStartTimestampMonotonic") != before
            if s["ActiveState"] == "active" and pid and marker in self.main_command(pid):
                if pid != ready_pid:
                    if ready_pid is not None:
                        return Health(False, "it was restarted after READY (watchdog or crash)", ready_at - t0,
                                      "crashed")
                    ready_pid, ready_at = pid, now
                elif now - ready_at >= hold:
                    return Health(True, "", ready_at - t0)
            elif ready_pid is not None:
                return Health(False, f"it stopped {now - ready_at:.0f} s after READY ({s['Result']})", ready_at - t0,
                              "crashed")
            elif started_anew and (s["ActiveState"] == "failed" or s["SubState"] == "auto-restart"):
                return Health(False, f"it exited before READY ({s['Result']})", kind="crashed")
            if now - t0 > timeout:
                if ready_pid is None:
                    return Health(False, f"it did not reach READY within {timeout:.0f} s", kind="slow")
                return Health(False, f"it did not stay up {hold:.0f} s within {timeout:.0f} s", ready_at - t0,
                              "slow")
            self.sleep(0.2)

    def watchdog_s(self) -> float:
        usec = self.show("WatchdogUSec").get("WatchdogUSec", "0")
        return _seconds(usec)


def _seconds(text: str) -> float:
    """systemd's time span ("10s", "1min 30s", "500ms", "0", or plain microseconds)."""
    if text.isdigit():
        return int(text) / 1e6
    units = {"min": 60.0, "ms": 0.001, "us": 1e-6, "s": 1.0, "h": 3600.0}
    return sum(float(n) * units[u] for n, u in re.findall(r"([\d.]+)\s*(min|ms|us|s|h)", text))
