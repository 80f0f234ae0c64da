"""systemd/install.sh's decisions (which packages for which system), without a Pi.

`install.sh --plan` gathers its facts the way a real install does (python3 for the machine and
version, apt-cache for what the apt sources offer) and prints what it would install. Here those
commands are stand-ins on PATH that describe Raspberry Pi OS (64- and 32-bit), Debian on an ARM
board and on a PC; the real install on Debian runs in tests/test_service_boot.py.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "systemd" / "install.sh"
DEBIAN = "python3-venv python3-dev gcc libc6-dev swig"  # what Debian's main offers of ours
PI_OS = DEBIAN + " liblgpio-dev"  # Raspberry Pi OS's archive adds liblgpio-dev


def plan(tmp_path: Path, machine: str, python: str, apt: str | None, *args: str,
         conf: str | None = None) -> subprocess.CompletedProcess:
    """Run `install.sh --plan` on a system with that machine, Python and apt packages (None: no apt)."""
    bin_ = tmp_path / "bin"
    bin_.mkdir(parents=True)
    for tool in ("awk", "dirname"):
        (bin_ / tool).symlink_to(shutil.which(tool))
    stubs = {
        # Only the one query install.sh makes; anything else is a test bug.
        "python3": f'[ "$1" = -c ] && echo "{machine} {python}" || {{ echo "python3 stub: $*" >&2; exit 9; }}',
        "dpkg": "exit 1",  # nothing installed yet
    }
    if apt is not None:
        # apt-cache policy prints nothing for a name the sources do not have.
        stubs["apt-cache"] = (f'for p in {apt}; do [ "$2" = "$p" ] && printf "%s:\\n  Installed: (none)\\n'
                              f'  Candidate: 1.0-1\\n" "$p"; done; exit 0')
        stubs["apt-get"] = 'echo "apt-get stub: $*" >&2; exit 9'
    for name, body in stubs.items():
        (bin_ / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_ / name).chmod(0o755)
    env = {"PATH": str(bin_), "MAUNZ_COMPANION_CONF": str(tmp_path / "etc")}
    if conf is not None:
        (tmp_path / "etc").mkdir(parents=True)
        (tmp_path / "etc" / "companion.toml").write_text(conf)
    return subprocess.run([shutil.which("sh"), str(SCRIPT), "--plan", *args], capture_output=True,
                          text=True, env=env, timeout=30)


def apt_line(proc) -> list[str]:
    assert proc.returncode == 0, proc.stderr
    line = next(l for l in proc.stdout.splitlines() if l.startswith("apt: "))
    return line.split()[1:]


def one_line_failure(proc) -> str:
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("install.sh: "), proc.stderr
    return lines[0]


@pytest.mark.parametrize("machine", ["aarch64", "armv7l"])  # Raspberry Pi OS bookworm, 64- and 32-bit
def test_raspberry_pi_os_gets_liblgpio_and_the_spidev_compiler(tmp_path, machine):
    proc = plan(tmp_path, machine, "3.11", PI_OS)
    assert apt_line(proc) == ["python3-venv", "python3-dev", "gcc", "libc6-dev", "liblgpio-dev", "swig"]
    assert "lgpio>=0.2.2.0" in proc.stdout and "liblgpio-dev: yes" in proc.stdout


def test_debian_on_another_arm_board_does_without_liblgpio(tmp_path):
    # The failure this replaces: "E: Unable to locate package liblgpio-dev".
    proc = plan(tmp_path, "aarch64", "3.11", DEBIAN)
    assert apt_line(proc) == ["python3-venv", "python3-dev", "gcc", "libc6-dev"]
    assert "liblgpio-dev: no" in proc.stdout


def test_debian_on_a_pc_gets_the_compiler_for_the_kernels(tmp_path):
    # no Pi packages, but the compiled game kernels are built there too (issue 37)
    proc = plan(tmp_path, "x86_64", "3.11", DEBIAN)
    assert apt_line(proc) == ["python3-venv", "python3-dev", "gcc", "libc6-dev"]
    assert "no native packages on x86_64" in proc.stdout and "kernels: compiled" in proc.stdout


def test_no_compiler_means_the_pure_kernels_not_a_failed_install(tmp_path):
    proc = plan(tmp_path, "x86_64", "3.11", "python3-venv swig")
    assert apt_line(proc) == ["python3-venv"] and "kernels: pure" in proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "no C compiler" in lines[0] and "pure-Python kernels will run" in lines[0]


def test_python_too_old_is_one_line(tmp_path):
    line = one_line_failure(plan(tmp_path, "aarch64", "3.9", PI_OS))  # Raspberry Pi OS bullseye
    assert "Python 3.9 is too old" in line and "3.11" in line


def test_missing_package_is_named(tmp_path):
    line = one_line_failure(plan(tmp_path, "aarch64", "3.11", "python3-venv gcc libc6-dev"))
    assert "python3-dev is not available" in line and "apt-get update" in line


def test_no_apt_is_one_line(tmp_path):
    line = one_line_failure(plan(tmp_path, "x86_64", "3.11", None))
    assert "no apt-get" in line and "systemd/INSTALL.md" in line


def test_unknown_argument_is_usage_error(tmp_path):
    proc = subprocess.run(["sh", str(SCRIPT), "--yes"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "--plan" in proc.stderr


SPEECH = " espeak-ng alsa-utils"


def test_the_voice_packages_come_only_with_the_voice(tmp_path):
    # the voice off (no config yet, or [voice] off): no speech package at all
    assert "espeak-ng" not in apt_line(plan(tmp_path / "a", "aarch64", "3.11", PI_OS + SPEECH))
    off = "[voice]\nenabled = false\n[web]\nenabled = true\n"
    assert "espeak-ng" not in apt_line(plan(tmp_path / "b", "aarch64", "3.11", PI_OS + SPEECH, conf=off))
    # switched on in the config, or asked for with --voice
    on = "[game]\nlanguage = \"de\"\n\n[voice]   # speak\nenabled = true   # on\n"
    for where, args, conf in (("c", (), on), ("d", ("--voice",), None)):
        proc = plan(tmp_path / where, "aarch64", "3.11", PI_OS + SPEECH, *args, conf=conf)
        assert apt_line(proc)[-2:] == ["espeak-ng", "alsa-utils"] and "voice: yes" in proc.stdout
    line = one_line_failure(plan(tmp_path / "e", "x86_64", "3.11", DEBIAN, "--voice"))
    assert "Debian package espeak-ng is not available" in line
