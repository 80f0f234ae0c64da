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

The same runs for arm64 (the Pi's architecture) under qemu's user-mode emulation: the root is
made with mmdebstrap --arch=arm64 (its second stage runs arm64 binaries through binfmt_misc),
and systemd-nspawn boots it the same way, every arm64 program in it running under
qemu-aarch64-static (about 9x slower than native here). `unavailable("arm64")` mounts
binfmt_misc and enables qemu-aarch64 when it can, and says why not when it cannot.
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
#: what a foreign (arm64) root needs beside TOOLS
FOREIGN_TOOLS = {"mmdebstrap": "mmdebstrap", "arch-test": "arch-test", "qemu-aarch64-static": "qemu-user-static",
                 "update-binfmts": "binfmt-support"}
#: Debian's architecture name -> what Python's platform.machine() says there (the pi extra's markers)
MACHINE = {"amd64": "x86_64", "arm64": "aarch64"}
BINFMT = Path("/proc/sys/fs/binfmt_misc")


def native_arch() -> str:
    return {v: k for k, v in MACHINE.items()}.get(os.uname().machine, os.uname().machine)


def unavailable(arch: str | None = None) -> str | None:
    """Why the boot test of a root of `arch` (default: this machine's) cannot run here, or None."""
    if sys.platform != "linux":
        return "needs Linux (systemd-nspawn)"
    if os.geteuid() != 0:
        return "needs root (debootstrap and systemd-nspawn); run ./dev test as root, as CI does"
    tools = dict(TOOLS)
    if arch not in (None, native_arch()):
        tools.update(FOREIGN_TOOLS)
    missing = [f"{tool} (apt package {pkg})" for tool, pkg in tools.items() if shutil.which(tool) is None]
    if missing:
        return "missing " + ", ".join(missing) + "; ./dev test installs them"
    if arch not in (None, native_arch()):
        return _binfmt(arch)
    return None


def _binfmt(arch: str) -> str | None:
    """Make the kernel run `arch` binaries through qemu (mount binfmt_misc, enable the
    interpreter, as update-binfmts does at boot on a machine with systemd); why not, or None."""
    name = {"arm64": "qemu-aarch64"}.get(arch)
    if name is None:
        return f"no qemu interpreter known for {arch}"
    if not (BINFMT / "register").exists():
        proc = subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)], capture_output=True, text=True)
        if proc.returncode != 0:
            return (f"binfmt_misc cannot be mounted here ({proc.stderr.strip() or proc.returncode}), so {arch}"
                    " programs cannot run under qemu")
    entry = BINFMT / name
    if not entry.exists() or not entry.read_text().startswith("enabled"):
        subprocess.run(["update-binfmts", "--enable", name], capture_output=True, text=True)
    try:
        text = entry.read_text()
    except OSError:
        return f"update-binfmts did not register {name} in {BINFMT} (is qemu-user-static installed?)"
    if not text.startswith("enabled"):
        return f"{BINFMT / name} is disabled and update-binfmts --enable {name} did not enable it"
    # F: the kernel opens the interpreter at registration, so it works inside the container's root
    flags = re.search(r"^flags:\s*(\S*)", text, re.M)
    if not flags or "F" not in flags.group(1):
        return f"{name} is registered without the F flag: the interpreter would not be found inside the root"
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


def base_root(log, arch: str | None = None) -> Path:
    """The cached root for `arch` (default: this machine's; built when missing or stale): with
    debootstrap for the native architecture, with mmdebstrap for a foreign one."""
    mirror = debian_mirror()
    arch = arch or native_arch()
    native = arch == native_arch()
    key = hashlib.sha1(f"{RECIPE_VERSION} {SUITE} {mirror} {INCLUDE}".encode()).hexdigest()[:12]
    # the native root keeps its old name, so an existing cache stays valid
    name = f"root-{SUITE}" if native else f"root-{arch}-{SUITE}"
    root = CACHE / f"{name}-{key}"
    with _locked(name):
        stamp = root / ".built"
        if stamp.exists() and time.time() - stamp.stat().st_mtime < MAX_AGE:
            return root
        for old in [*CACHE.glob(f"{name}-*"), *CACHE.glob(f"building-{arch}-*")]:
            _remove(old)
        tmp = CACHE / f"building-{arch}-{os.getpid()}"
        if native:
            log(f"building the {SUITE} root with debootstrap from {mirror} (about a minute)")
            cmd = ["debootstrap", "--variant=minbase", f"--include={INCLUDE}", SUITE, str(tmp), mirror]
        else:
            log(f"building the {arch} {SUITE} root with mmdebstrap from {mirror} (a few minutes under qemu)")
            cmd = ["mmdebstrap", f"--arch={arch}", "--variant=minbase", f"--include={INCLUDE}", SUITE, str(tmp), mirror]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            _remove(tmp)
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
            raise RuntimeError(f"{cmd[0]} {arch} {SUITE} from {mirror} failed: " + " | ".join(tail))
        (tmp / "etc/hostname").write_text("companion-boot-test\n")
        # Every run copies the root: leave debootstrap's downloaded packages out of it.
        for deb in (tmp / "var/cache/apt/archives").glob("*.deb"):
            deb.unlink()
        (tmp / ".built").write_text(f"{SUITE} {mirror} {INCLUDE}\n")
        tmp.rename(root)
        return root


#: packages that have no wheel on PyPI: their source goes into the wheelhouse, and pip inside
#: the container builds them (with the gcc and python3-dev that install.sh installs on ARM)
SOURCE_ONLY = ("spidev",)


def wheelhouse(log, arch: str | None = None) -> Path:
    """Everything `pip install .[pi]` needs on the container (CPython 3.11 on `arch`): wheels,
    and for SOURCE_ONLY packages their sdist and the build backend's wheels."""
    machine = MACHINE[arch or native_arch()]
    reqs = requirements("pi", machine) + ["setuptools>=77", "pip", "wheel"]
    sources = [r for r in reqs if re.match(r"[\w.-]+", r).group(0) in SOURCE_ONLY]
    binary = [r for r in reqs if r not in sources]
    key = hashlib.sha1(" ".join(reqs).encode()).hexdigest()[:12]
    prefix = "wheelhouse" if machine == "x86_64" else f"wheelhouse-{machine}"
    house = CACHE / f"{prefix}-{key}"
    with _locked(prefix):
        if (house / ".complete").exists() and time.time() - (house / ".complete").stat().st_mtime < MAX_AGE:
            return house
        for old in CACHE.glob(f"{prefix}-*"):
            if old.name.count("-") == prefix.count("-") + 1:  # not another machine's
                shutil.rmtree(old, ignore_errors=True)
        log(f"downloading the {machine} wheelhouse")
        downloads = [[*pip_platform_args(machine), *binary]]
        if sources:
            downloads.append(["--no-binary=:all:", "--no-deps", *sources])
        for args in downloads:
            proc = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d", str(house), *args],
                                  capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                raise RuntimeError(f"pip download for the wheelhouse failed: {proc.stderr.strip()[-500:]}")
        (house / ".complete").write_text(" ".join(reqs) + "\n")
        return house


def release_source(root: Path, name: str, commit: str, version: str) -> Path:
    """A copy of this checkout under `root`/`name` that installs as another release: its COMMIT
    file says `commit` (one hex digit, 40 times) and its pyproject `version` -- what an update
    test installs over the running one."""
    dest = root / name
    shutil.copytree(REPO, dest, ignore=shutil.ignore_patterns(
        ".venv", ".git", "node_modules", "__pycache__", "*.egg-info", ".hypothesis", ".pytest_cache", "build"))
    (dest / "COMMIT").write_text(commit * 40 + "\n")
    py = dest / "pyproject.toml"
    py.write_text(re.sub(r'^version = ".*"', f'version = "{version}"', py.read_text(), count=1, flags=re.M))
    return dest


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
        with _locked(root.name.rsplit("-", 1)[0], shared=True):  # the lock base_root builds it under
            subprocess.run(["cp", "-a", "--reflink=auto", str(root), str(self.root)], check=True, timeout=300)
        self.args = ["systemd-nspawn", "-D", str(self.root), "--boot", "--register=no", "--keep-unit",
                     "--console=passive", f"--machine=companion-{os.getpid()}"]
        for inside, outside in binds.items():
            flag = "--bind" if inside.startswith("rw:") else "--bind-ro"
            self.args.append(f"{flag}={outside}:{inside.removeprefix('rw:')}")
        self.console = open(self.dir / "console.log", "w")
        self._spawn()

    def _spawn(self) -> None:
        self.proc = subprocess.Popen(self.args, stdin=subprocess.DEVNULL, stdout=self.console,
                                     stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        (self.dir / "nspawn.pid").write_text(str(self.proc.pid))
        self.pid = None
        try:
            self._boot()
        except BaseException:
            self.close()  # never leave a booted container behind
            raise

    def power_cut(self) -> None:
        """Every process of the container killed at once (its init SIGKILLed: the PID namespace
        goes with it, /run and its tmpfs are gone), then the same root booted again. What is not
        cut: the host's page cache (written data survives, as on a disk that honours fsync)."""
        # (not _kill: the init's /proc root is not the host's path of the root; it is ours while
        # our nspawn is its parent)
        if re.search(rf"^PPid:\s*{self.proc.pid}$", Path(f"/proc/{self.pid}/status").read_text(), re.M):
            os.kill(self.pid, signal.SIGKILL)
        self.proc.wait(timeout=60)
        self._spawn()

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
