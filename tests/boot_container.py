"""A real systemd for the boot test: a minimal Debian bookworm root, booted with systemd-nspawn.

The root is made once with debootstrap and cached in CACHE (rebuilt when its recipe changes or
it is older than MAX_AGE, so security updates reach it); every test run boots its own copy of
it, which is removed afterwards. The project is installed inside with the real
`systemd/install.sh`, from a wheelhouse built here (pip inside the container cannot verify TLS
on this machine, so it installs with PIP_NO_INDEX from the wheelhouse).

Recipe and quirks (this machine: systemd 252, 2 cores, no systemd as PID 1 on the host):
plain `--boot` fails with "Failed to open system bus", hence `--register=no --keep-unit`;
`machinectl` and `systemd-run -M` cannot reach the container, so every command runs through
`nsenter -t <container init> -a`. A copy that outlives its test (a killed pytest) is powered
off by PR_SET_PDEATHSIG, and any left over is swept by the next run.
"""
from __future__ import annotations

import ctypes
import fcntl
import hashlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from tests.wheels import pip_platform_args, requirements

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("COMPANION_BOOT_CACHE", "/var/cache/maunz-companion-test"))
SUITE = "bookworm"  # Raspberry Pi OS bookworm's base: Python 3.11, systemd 252, glibc 2.36
INCLUDE = "systemd,systemd-sysv,dbus,python3,python3-venv,ca-certificates,procps"
MAX_AGE = 14 * 24 * 3600
RECIPE_VERSION = 1  # bump when the root is prepared differently
TOOLS = {"systemd-nspawn": "systemd-container", "debootstrap": "debootstrap", "nsenter": "util-linux"}


def unavailable() -> str | None:
    """Why the boot test cannot run here, or None."""
    if sys.platform != "linux":
        return "needs Linux (systemd-nspawn)"
    if os.geteuid() != 0:
        return "needs root (debootstrap and systemd-nspawn); run ./dev test as root, as CI does"
    missing = [f"{tool} (apt package {pkg})" for tool, pkg in TOOLS.items() if shutil.which(tool) is None]
    if missing:
        return "missing " + ", ".join(missing) + "; ./dev test installs them"
    return None


def debian_mirror() -> str:
    """The Debian archive this machine's apt uses (deb.debian.org when none is configured)."""
    texts = []
    for p in [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*"))]:
        try:
            texts.append(p.read_text(errors="replace"))
        except OSError:
            pass
    for text in texts:
        for m in re.finditer(r"(?:^deb\s+(?:\[[^]]*\]\s+)?|^URIs:\s*)(\S+/debian)/?(?:\s|$)", text, re.M):
            return m.group(1)
    return "http://deb.debian.org/debian"


def _remove(path: Path) -> None:
    """rm -rf that never reaches through a mount a killed debootstrap left behind (its /proc,
    /sys or a bind of the host's /dev)."""
    if not path.exists():
        return
    real = os.path.realpath(path)
    mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    for m in sorted((m for m in mounts if m.startswith(real + "/")), key=len, reverse=True):
        subprocess.run(["umount", "-l", m], capture_output=True)
    subprocess.run(["rm", "-rf", "--one-file-system", str(path)], capture_output=True, timeout=300)


@contextmanager
def _locked(name: str, shared: bool = False):
    """Build under an exclusive lock (another run building the same thing: wait for it); copy
    under a shared one, so that a rebuild never removes a root while it is being copied."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{name}.lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        yield


def base_root(log) -> Path:
    """The cached debootstrap root (built when missing or stale)."""
    mirror = debian_mirror()
    key = hashlib.sha1(f"{RECIPE_VERSION} {SUITE} {mirror} {INCLUDE}".encode()).hexdigest()[:12]
    root = CACHE / f"root-{SUITE}-{key}"
    with _locked("root"):
        stamp = root / ".built"
        if stamp.exists() and time.time() - stamp.stat().st_mtime < MAX_AGE:
            return root
        for old in [*CACHE.glob(f"root-{SUITE}-*"), *CACHE.glob("building-*")]:
            _remove(old)
        tmp = CACHE / f"building-{os.getpid()}"
        log(f"building the {SUITE} root with debootstrap from {mirror} (about a minute)")
        proc = subprocess.run(["debootstrap", "--variant=minbase", f"--include={INCLUDE}", SUITE, str(tmp), mirror],
                              capture_output=True, text=True, timeout=420)
        if proc.returncode != 0:
            _remove(tmp)
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
            raise RuntimeError(f"debootstrap {SUITE} from {mirror} failed: " + " | ".join(tail))
        (tmp / "etc/hostname").write_text("companion-boot-test\n")
        # Every run copies the root: leave debootstrap's downloaded packages out of it.
        for deb in (tmp / "var/cache/apt/archives").glob("*.deb"):
            deb.unlink()
        (tmp / ".built").write_text(f"{SUITE} {mirror} {INCLUDE}\n")
        tmp.rename(root)
        return root


def wheelhouse(log) -> Path:
    """Wheels for everything `pip install .[pi]` needs on the container (x86_64, CPython 3.11)."""
    reqs = requirements("pi", "x86_64") + ["setuptools>=77", "pip"]
    key = hashlib.sha1(" ".join(reqs).encode()).hexdigest()[:12]
    house = CACHE / f"wheelhouse-{key}"
    with _locked("wheelhouse"):
        if (house / ".complete").exists() and time.time() - (house / ".complete").stat().st_mtime < MAX_AGE:
            return house
        for old in CACHE.glob("wheelhouse-*"):
            shutil.rmtree(old, ignore_errors=True)
        log("downloading the wheelhouse")
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d", str(house),
                               *pip_platform_args("x86_64"), *reqs], capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"pip download for the wheelhouse failed: {proc.stderr.strip()[-500:]}")
        (house / ".complete").write_text(" ".join(reqs) + "\n")
        return house


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    # Runs in the child before exec: if pytest dies, nspawn gets SIGTERM and powers the container off.
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _kill(pid: int, root: Path) -> None:
    """SIGKILL a container's init (its whole PID namespace goes with it) or its nspawn, if that
    process still belongs to this root. Killing nspawn alone leaves the container's init running."""
    try:
        mine = os.readlink(f"/proc/{pid}/root") == os.path.realpath(root) or \
            str(root) in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        if mine:
            os.kill(pid, signal.SIGKILL)
    except (OSError, ValueError):
        pass


def sweep() -> None:
    """Remove the copies of runs whose pytest is gone (killing their containers first)."""
    for run in CACHE.glob("run-*"):
        owner = run.name.split("-")[1]
        if owner.isdigit() and Path(f"/proc/{owner}").exists():
            continue
        for name in ("init.pid", "nspawn.pid"):
            try:
                _kill(int((run / name).read_text()), run / "root")
            except (OSError, ValueError):
                pass
        time.sleep(0.5)
        _remove(run)


class Container:
    """One booted copy of the root; `run` executes a command inside it."""

    def __init__(self, root: Path, binds: dict[str, Path], log) -> None:
        self.log = log
        sweep()
        self.dir = CACHE / f"run-{os.getpid()}-{time.monotonic_ns()}"
        self.root = self.dir / "root"
        self.dir.mkdir(parents=True)
        with _locked("root", shared=True):
            subprocess.run(["cp", "-a", "--reflink=auto", str(root), str(self.root)], check=True, timeout=300)
        args = ["systemd-nspawn", "-D", str(self.root), "--boot", "--register=no", "--keep-unit",
                "--console=passive", f"--machine=companion-{os.getpid()}"]
        for inside, outside in binds.items():
            flag = "--bind" if inside.startswith("rw:") else "--bind-ro"
            args.append(f"{flag}={outside}:{inside.removeprefix('rw:')}")
        self.console = open(self.dir / "console.log", "w")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.console, stderr=subprocess.STDOUT,
                                     preexec_fn=_die_with_parent)
        (self.dir / "nspawn.pid").write_text(str(self.proc.pid))
        self.pid = None
        try:
            self._boot()
        except BaseException:
            self.close()  # never leave a booted container behind
            raise

    def _boot(self) -> None:
        self.pid = self._init_pid()
        (self.dir / "init.pid").write_text(str(self.pid))
        # "offline" until the container's systemd listens (its PID 1 may not have exec'd it yet).
        deadline = time.monotonic() + 120
        while (state := self.run("systemctl", "is-system-running", "--wait", check=False,
                                 timeout=120).stdout.strip()) not in ("running", "degraded"):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"the container did not boot (state {state!r}): {self.console_tail()}")
            time.sleep(0.1)

    def _init_pid(self) -> int:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"systemd-nspawn exited with {self.proc.returncode}: {self.console_tail()}")
            for child in Path("/proc").glob("[0-9]*"):
                try:
                    status = (child / "status").read_text()
                except OSError:
                    continue
                ppid = re.search(r"^PPid:\s*(\d+)", status, re.M)
                nspid = re.search(r"^NSpid:\s*(\d+)\s+1$", status, re.M)
                if ppid and nspid and int(ppid.group(1)) == self.proc.pid:
                    return int(nspid.group(1))
            time.sleep(0.05)
        raise RuntimeError("the container's init did not appear within 30 s")

    def console_tail(self, n: int = 5) -> str:
        self.console.flush()
        return " | ".join((self.dir / "console.log").read_text(errors="replace").strip().splitlines()[-n:])

    def run(self, *cmd: str, check: bool = True, timeout: float = 60, env: dict | None = None,
            input: str | None = None) -> subprocess.CompletedProcess:
        setenv = ["env", "-i", "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8"]
        setenv += [f"{k}={v}" for k, v in (env or {}).items()]
        proc = subprocess.run(["nsenter", "-t", str(self.pid), "-a", *setenv, *cmd], capture_output=True,
                              text=True, timeout=timeout, input=input)
        if check and proc.returncode != 0:
            raise AssertionError(f"in the container, {' '.join(cmd)} exited {proc.returncode}:"
                                 f" {(proc.stdout + proc.stderr).strip()[-2000:]}")
        return proc

    def write(self, path: str, text: str, mode: int = 0o644) -> None:
        target = self.root / path.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        target.chmod(mode)

    def read(self, path: str) -> str:
        return (self.root / path.lstrip("/")).read_text()

    def close(self) -> None:
        """Power off (a clean shutdown of the service too), kill if that hangs, remove the copy."""
        try:
            if self.proc.poll() is None and self.pid is not None:
                subprocess.run(["nsenter", "-t", str(self.pid), "-a", "systemctl", "poweroff"],
                               capture_output=True, timeout=10)
                self.proc.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            pass
        finally:
            if self.proc.poll() is None:
                if self.pid is not None:
                    _kill(self.pid, self.root)
                self.proc.kill()
                self.proc.wait(timeout=10)
            self.console.close()
            _remove(self.dir)
