"""`companion image deps [--boot] [--list]`: the tools the SD-card image's build needs (and, with
--boot, its boot under qemu-system-aarch64), by the Debian package that carries each, installed
with one apt-get. One list: `companion image build`, `companion bench image` and the opt-in image
test (COMPANION_IMAGE_TEST=1) install what is missing from it the same way, as root on Debian or
Ubuntu; elsewhere they name the packages.

sudo does not search a virtual environment's bin directory, so the commands a maker runs as root
are `sudo .venv/bin/companion image …` (`how_to_run_as_root` words it with the real path)."""
from __future__ import annotations

import os
import platform
import shlex
import shutil
import subprocess
import sys

from companion.cliargs import OneLineParser
from companion.image import disk

#: the build (companion/image/build.py): the arm64 root by mmdebstrap under qemu-user (binfmt_misc),
#: the install in systemd-nspawn, the disk without loop devices (disk.TOOLS)
#: (on an arm64 machine, the release workflow's runner, the root's programs run natively: no qemu-user)
NATIVE_ARM64 = platform.machine() in ("aarch64", "arm64")
BUILD = {"mmdebstrap": "mmdebstrap", "arch-test": "arch-test",
         **({} if NATIVE_ARM64 else {"qemu-aarch64-static": "qemu-user-static"}),
         "update-binfmts": "binfmt-support", "systemd-nspawn": "systemd-container", "git": "git", **disk.TOOLS}
#: the boot under qemu (companion/image/vm.py): the VM, the card's FAT as a laptop writes it, ssh in
BOOT = {"qemu-system-aarch64": "qemu-system-arm", "mcopy": "mtools", "mdir": "mtools", "mtype": "mtools",
        "sfdisk": "fdisk", "ssh": "openssh-client", "ssh-keygen": "openssh-client"}


def packages(tools: dict[str, str]) -> list[str]:
    """The packages, each once, in the list's order."""
    return list(dict.fromkeys(tools.values()))


def missing(tools: dict[str, str]) -> list[str]:
    """The packages of the tools not found on PATH."""
    return packages({t: p for t, p in tools.items() if shutil.which(t) is None})


def apt_line(pkgs: list[str]) -> str:
    return "apt-get install -y --no-install-recommends " + " ".join(pkgs)


def how_to_run_as_root(*args: str) -> str:
    """`sudo /path/.venv/bin/companion image build`: the companion that runs now, by its path."""
    me = sys.argv[0] if os.path.basename(sys.argv[0]) == "companion" else shutil.which("companion") or "companion"
    return shlex.join(["sudo", os.path.abspath(me) if os.sep in me else me, *args])


def install(tools: dict[str, str], say=print) -> str | None:
    """Install the packages of the missing tools with apt-get (as root); why not, or None."""
    pkgs = missing(tools)
    if not pkgs:
        return None
    if os.geteuid() != 0:
        return f"missing {', '.join(pkgs)}: {how_to_run_as_root('image', 'deps', '--boot')} installs them"
    if shutil.which("apt-get") is None:
        return f"missing {', '.join(pkgs)}: install these packages (they are Debian's names) with your system's tool"
    say(f"installing {' '.join(pkgs)} (apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"], shlex.split(apt_line(pkgs)) + ["-qq"]):
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or [f"status {proc.returncode}"]
            return f"{' '.join(cmd[:2])} failed: {tail[0]}"
    left = missing(tools)
    return f"still missing after apt-get: {', '.join(left)}" if left else None


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion image deps", description="install the tools the image's build needs"
                      " (Debian packages, with apt-get, as root)")
    p.add_argument("--boot", action="store_true", help="also what booting it under qemu needs"
                   " (companion bench image, the opt-in image test)")
    p.add_argument("--list", action="store_true", help="print the apt-get line only")
    args = p.parse_args(argv)
    tools = {**BUILD, **BOOT} if args.boot else BUILD
    if args.list:
        print(apt_line(packages(tools)))
        return 0
    why = install(tools, say=lambda s: print(f"companion image deps: {s}", flush=True))
    if why:
        print(f"companion image deps: {why}", file=sys.stderr)
        return 2
    print(f"companion image deps: all there ({' '.join(packages(tools))})")
    return 0
