"""Issue 46 item 2: the image's build tools are listed and installed by one command
(`companion image deps [--boot]`), which the build, `companion bench image` and the opt-in image
test use too; and a maker who runs the build without root is told the command that works
(`sudo .venv/bin/companion …`: sudo does not search the virtual environment). apt-get is a
stand-in script on PATH here (it "installs" by putting the tools beside itself)."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from companion.image import build, deps

COMPANION = Path(sys.executable).with_name("companion")


def _fake_apt(bin_dir: Path, log: Path) -> None:
    bin_dir.mkdir()
    tools = " ".join({**deps.BUILD, **deps.BOOT})
    script = bin_dir / "apt-get"
    script.write_text(f"#!/bin/sh\necho \"$DEBIAN_FRONTEND $*\" >> {log}\n"
                      f"[ \"$1\" = install ] || exit 0\n"
                      f"for t in {tools}; do printf '#!/bin/sh\\n' > {bin_dir}/$t; /bin/chmod 755 {bin_dir}/$t; done\n")
    script.chmod(0o755)


def test_the_lists_name_every_tool_the_build_and_the_boot_call():
    apt = subprocess.run([str(COMPANION), "image", "deps", "--boot", "--list"], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert apt.startswith("apt-get install -y --no-install-recommends ")
    pkgs = apt.split()[4:]
    for pkg in ("mmdebstrap", "qemu-user-static", "binfmt-support", "systemd-container", "dosfstools", "mtools",
                "e2fsprogs", "fdisk", "xz-utils", "qemu-system-arm", "openssh-client"):
        assert pkg in pkgs, (pkg, apt)
    assert len(pkgs) == len(set(pkgs))
    build_only = subprocess.run([str(COMPANION), "image", "deps", "--list"], capture_output=True, text=True,
                                check=True).stdout
    assert "qemu-system-arm" not in build_only and "mmdebstrap" in build_only


def test_missing_tools_are_installed_with_one_apt_get(tmp_path, monkeypatch):
    log = tmp_path / "apt.log"
    _fake_apt(tmp_path / "bin", log)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    said = []
    assert set(deps.missing(deps.BOOT)) == {"qemu-system-arm", "mtools", "fdisk", "openssh-client"}
    assert deps.install({**deps.BUILD, **deps.BOOT}, say=said.append) is None
    calls = log.read_text().splitlines()
    assert calls[0] == "noninteractive update -qq"
    assert calls[1].startswith("noninteractive install -y --no-install-recommends mmdebstrap ")
    assert "qemu-system-arm" in calls[1] and len(calls) == 2, calls
    assert deps.missing({**deps.BUILD, **deps.BOOT}) == [] and said and "qemu-system-arm" in said[0]
    assert deps.install(deps.BOOT, say=said.append) is None and len(log.read_text().splitlines()) == 2


def test_without_root_the_line_names_the_venvs_companion_under_sudo(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))          # nothing there: everything missing
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setattr(sys, "argv", [str(COMPANION), "image", "build"])
    why = deps.install(deps.BOOT)
    assert f"sudo {COMPANION} image deps --boot" in why and "qemu-system-arm" in why, why
    why = build.unavailable(["build", "--out", "maunz.img"])
    assert why.startswith(f"run it as root: sudo {COMPANION} image build --out maunz.img"), why


def test_the_build_run_without_root_says_so_in_one_line(tmp_path):
    if os.geteuid() != 0:
        pre = []
    else:   # as root here: the build is asked as nobody would ask it
        pre = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    proc = subprocess.run([*pre, str(COMPANION), "image", "build", "--out", str(tmp_path / "x.img")],
                          capture_output=True, text=True, cwd="/")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and f"sudo {COMPANION} image build" in proc.stderr, proc.stderr
    assert stat.S_ISDIR(tmp_path.stat().st_mode) and not (tmp_path / "x.img").exists()
