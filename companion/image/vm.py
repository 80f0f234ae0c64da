"""The built image booted under qemu-system-aarch64 -M virt, as a Pi would start it from the card:
the kernel, initrd and cmdline.txt taken from the image's FAT partition (mtools, no mount), the
image itself the VM's virtio disk, user-mode networking with the page's port (and ssh's, for a
maker who put a key on the card) forwarded to the host. The FAT partition is written and read
the way a maker's laptop does it (mtools), before and after a boot.

Used by `companion bench image` (power-on to READY) and tests/test_image_qemu.py. Every wait
is on something the VM says (a console line, the page answering, ssh answering), bounded by a
timeout; never a sleep standing in for a state."""
from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

from companion.image import deps, disk
from companion.image.disk import ImageError
from companion.service.devices import ALL_FAKE_TOML

#: The card a VM boots, as a maker writes it: a VM has none of the Pi's hardware (every device a
#: fake, which makes READY possible) and reaches the page through the forwarded port 80.
CARD_CONFIG = ALL_FAKE_TOML + """[game]
language = "en"
[web]
enabled = true
host = "0.0.0.0"
port = 80
control = true
"""
WIFI = "ssid = maunz-test\npassword = correct-horse-battery\ncountry = DE\n"

QEMU = "qemu-system-aarch64"
#: the kernel's first console line (its clock starts near 0 there: the VM's monotonic clock)
KERNEL_LINE = re.compile(r"^\[\s*0\.0")


def unavailable() -> str | None:
    pkgs = deps.missing(deps.BOOT)
    return f"missing {', '.join(pkgs)}: `companion image deps --boot` installs them (as root)" if pkgs else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ----------------------------------------------------------------- the card's FAT, as a laptop sees it
def _fat(image: Path) -> str:
    return f"{image}@@{disk.partitions(image)[0].start}"


def card_names(image: Path) -> set[str]:
    out = subprocess.run(["mdir", "-b", "-i", _fat(image), "::/"], capture_output=True, text=True, check=True).stdout
    return {line.rstrip("/").rsplit("/", 1)[-1] for line in out.split()}


def card_read(image: Path, name: str) -> str | None:
    proc = subprocess.run(["mtype", "-i", _fat(image), f"::/{name}"], capture_output=True, text=True)
    return proc.stdout if proc.returncode == 0 else None


def card_write(image: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        subprocess.run(["mcopy", "-o", "-i", _fat(image), "-", f"::/{name}"], input=text.encode(), check=True,
                       capture_output=True)


def copy_image(image: Path, dest: Path, size: int | None = None) -> Path:
    """A sparse copy to boot (the built image stays as built); `size`: as if written to a bigger card."""
    dest.unlink(missing_ok=True)
    subprocess.run(["cp", "--sparse=always", str(image), str(dest)], check=True)
    if size:
        os.truncate(dest, size)
    return dest


def boot_files(image: Path, work: Path) -> tuple[Path, Path, str]:
    """The kernel, initrd and command line a Pi's firmware would start (config.txt's kernel= and
    initramfs lines name them; the newest vmlinuz-* otherwise)."""
    names = card_names(image)
    config = card_read(image, "config.txt") or ""
    kernel = _named(config, r"^\s*kernel=(\S+)", names) or max((n for n in names if n.startswith("vmlinuz")), default=None)
    initrd = _named(config, r"^\s*initramfs\s+(\S+)", names) or max((n for n in names if n.startswith("initrd")),
                                                                     default=None)
    if kernel is None or initrd is None:
        raise ImageError(f"{image}: no kernel or initrd on the boot partition (found {sorted(names)})")
    work.mkdir(parents=True, exist_ok=True)
    for name in (kernel, initrd):
        subprocess.run(["mcopy", "-o", "-n", "-i", _fat(image), f"::/{name}", str(work / name)], check=True,
                       capture_output=True)
    cmdline = card_read(image, "cmdline.txt") or ""
    return work / kernel, work / initrd, cmdline.strip()


def _named(config: str, pattern: str, names: set[str]) -> str | None:
    m = re.search(pattern, config, re.M)
    return m.group(1) if m and m.group(1) in names else None


# ----------------------------------------------------------------- the VM
class Vm:
    """One boot of a disk image. `lines` holds the console's lines with the host's monotonic time
    each arrived; `powered_on` is when qemu was started."""

    def __init__(self, image: Path, work: Path, forwards: dict[str, int], log=print, memory_mib: int = 1024,
                 cpus: int = 2) -> None:
        self.image, self.work, self.log = image, work, log
        self.ports = {name: free_port() for name in forwards}
        kernel, initrd, cmdline = boot_files(image, work / "boot")
        # the card's command line, its consoles swapped for the VM's serial port
        words = [w for w in cmdline.split() if not w.startswith("console=")]
        self.cmdline = " ".join(words + ["console=ttyAMA0"])
        fwd = ",".join(f"hostfwd=tcp:127.0.0.1:{self.ports[n]}-:{p}" for n, p in forwards.items())
        self.cmd = [QEMU, "-M", "virt", "-cpu", "cortex-a72", "-smp", str(cpus), "-m", str(memory_mib),
                    "-accel", "tcg,thread=multi", "-nographic", "-no-reboot",
                    "-kernel", str(kernel), "-initrd", str(initrd), "-append", self.cmdline,
                    "-drive", f"file={image},if=virtio,format=raw,cache=unsafe",
                    "-netdev", f"user,id=net0,{fwd}", "-device", "virtio-net-pci,netdev=net0",
                    "-monitor", "none", "-serial", "stdio"]
        self.lines: list[tuple[float, str]] = []
        self._cond = threading.Condition()
        self.powered_on = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self._log = open(work / "console.log", "a", encoding="utf-8", errors="replace")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for raw in self.proc.stdout:
            line = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw.decode(errors="replace")).rstrip("\r\n")
            self._log.write(line + "\n")
            self._log.flush()
            with self._cond:
                self.lines.append((time.monotonic(), line))
                self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def console(self, last: int = 30) -> str:
        with self._cond:
            return "\n".join(line for _, line in self.lines[-last:])

    def wait_line(self, pattern: re.Pattern | str, timeout: float, since: int = 0) -> tuple[float, str]:
        """The first console line (from index `since`) matching `pattern`: (when it came, the line)."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        seen = since
        with self._cond:
            while True:
                for t, line in self.lines[seen:]:
                    if rx.search(line):
                        return t, line
                seen = len(self.lines)
                left = deadline - time.monotonic()
                if self.proc.poll() is not None and self._reader_done():
                    raise ImageError(f"the VM stopped before the console said {rx.pattern!r}; its last lines:\n"
                                     + self.console())
                if left <= 0:
                    raise ImageError(f"the console did not say {rx.pattern!r} within {timeout:.0f} s; its last"
                                     " lines:\n" + self.console())
                self._cond.wait(min(left, 1.0))

    def _reader_done(self) -> bool:
        return not self._reader.is_alive()

    def wait_ready(self, ssh: "Ssh", timeout: float) -> dict:
        """Until systemd in the VM says companion.service is running (Type=notify: READY=1 sent),
        asked over ssh -- the console is no witness: once the boot's jobs are done systemd stops
        printing there, and a start that timed out and was restarted says "Started" only in the
        journal. Returns power_on_to_ready_s (the VM's monotonic clock at READY, which starts with
        the kernel, plus the host's time from power-on to the kernel's first line) and restarts
        (starts systemd gave up on before this one)."""
        deadline = time.monotonic() + timeout
        ssh.wait(self, timeout)
        while True:
            out = ssh.run(self, "systemctl", "show", "companion", "-p", "ActiveState", "-p", "SubState", "-p",
                          "ActiveEnterTimestampMonotonic", "-p", "NRestarts", check=False).stdout
            props = dict(line.split("=", 1) for line in out.split() if "=" in line)
            if props.get("ActiveState") == "active" and props.get("SubState") == "running":
                kernel_at, _ = self.wait_line(KERNEL_LINE, 1)
                return {"power_on_to_ready_s": int(props["ActiveEnterTimestampMonotonic"]) / 1e6
                        + (kernel_at - self.powered_on), "restarts": int(props.get("NRestarts", 0))}
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise ImageError(f"companion.service did not become ready within {timeout:.0f} s ({props}); the"
                                 " console's last lines:\n" + self.console())
            with self._cond:  # paced on the console's next line, a second at most
                self._cond.wait(1.0)

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.ports['http']}{path}"

    def first_byte(self, path: str = "/", timeout: float = 30) -> float:
        """Seconds from the request to the page's first byte."""
        t0 = time.monotonic()
        with urllib.request.urlopen(self.url(path), timeout=timeout) as resp:
            resp.read(1)
            return time.monotonic() - t0

    def wait_exit(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise ImageError(f"the VM did not power off within {timeout:.0f} s; its last lines:\n"
                             + self.console()) from None

    def kill(self) -> None:
        """Power cut (and the cleanup of every VM this process started)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)
        self._reader.join(10)
        self._log.close()


class Ssh:
    """The maker's ssh into the VM: a key made here, its public half put on the card as ssh.pub."""

    def __init__(self, work: Path) -> None:
        self.key = work / "id_ed25519"
        if not self.key.exists():
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "maunz-image-test", "-f",
                            str(self.key)], check=True)
        self.public = (work / "id_ed25519.pub").read_text()

    def run(self, vm: Vm, *command: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess:
        # ssh hands the remote shell one string: quoted, so `stat -c "%a %U"` stays one argument
        proc = subprocess.run(["ssh", "-q", "-i", str(self.key), "-p", str(vm.ports["ssh"]), "-o", "BatchMode=yes",
                               "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                               "-o", "ConnectTimeout=20", "root@127.0.0.1", "--", shlex.join(command)],
                              capture_output=True, text=True, timeout=timeout)
        if check and proc.returncode != 0:
            raise ImageError(f"ssh {' '.join(command)}: status {proc.returncode}: {proc.stderr.strip()[-500:]}")
        return proc

    def wait(self, vm: Vm, timeout: float) -> None:
        """Until ssh answers (firstboot has switched it on, the host keys are made, sshd listens)."""
        deadline = time.monotonic() + timeout
        while True:
            proc = self.run(vm, "true", timeout=60, check=False)
            if proc.returncode == 0:
                return
            if vm.proc.poll() is not None or time.monotonic() > deadline:
                raise ImageError(f"ssh did not answer within {timeout:.0f} s ({proc.stderr.strip()[-200:]}); the"
                                 " console's last lines:\n" + vm.console())
            # a refused connection returns at once: pace the retries on the console's next line
            with vm._cond:
                vm._cond.wait(1.0)
