"""The USB stick route (issue 42) for real: a loop device with a file system, the project's udev
rule (systemd/61-maunz-update-usb.rules) run by the real `udevadm test --action=add`, and the
commands of companion-update-usb@.service run in its order against that device.

`udevadm test` simulates the event with every rule on the machine (60-persistent-storage.rules'
blkid sets ID_FS_USAGE) plus a copy of ours in /run/udev/rules.d, and prints the device's
properties; it runs no RUN program, but it does write what the event would (symlinks in
/dev/disk, the database in /run/udev), so every path it adds is removed afterwards. A loop
device is on no bus: for the stick, a test rule sets ID_BUS=usb on it, as
60-persistent-storage.rules' usb_id does for a real stick (this machine, a VM, has no USB at all).

The unit's commands: mount the stick read-only (nosuid, nodev, noexec), `companion update --find`
on it (this checkout's, with the test's keys and spool), unmount, remove the mount point. The
stick is vfat where the kernel has vfat, else ext4 (the unit names no file system type).

Root only (losetup, udevadm, mount), as CI runs the suite; skipped with the reason elsewhere.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.update import release_cli, signing

REPO = Path(__file__).resolve().parents[1]
RULE = REPO / "systemd" / "61-maunz-update-usb.rules"
UNIT = REPO / "systemd" / "companion-update-usb@.service"
RULES_DIR = Path("/run/udev/rules.d")
#: where `udevadm test` leaves what the event would have made
TOUCHED = (Path("/dev/disk"), Path("/dev/block"), Path("/run/udev"))


def _why_not() -> str | None:
    if sys.platform != "linux" or os.geteuid() != 0:
        return "needs root on Linux (loop devices, udevadm test, mount): CI runs the suite as root"
    for tool, pkg in (("udevadm", "udev"), ("losetup", "mount"), ("mkfs.ext4", "e2fsprogs")):
        if shutil.which(tool) is None:
            return f"{tool} missing (apt package {pkg})"
    if not Path("/dev/loop-control").exists():
        return "no loop devices here (/dev/loop-control)"
    if (Path("/etc/udev/rules.d") / RULE.name).exists():
        return f"/etc/udev/rules.d/{RULE.name} is installed here and would shadow the copy under test"
    return None


WHY = _why_not()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"USB stick route: {WHY}")


def _fs() -> str:
    return "vfat" if re.search(r"\bvfat$", Path("/proc/filesystems").read_text(), re.M) and shutil.which("mcopy") \
        and shutil.which("mkfs.vfat") \
        else "ext4"


def _paths() -> set[Path]:
    out = set()
    for top in TOUCHED:
        if top.exists():
            out.add(top)
            out.update(Path(dp) / n for dp, dns, fns in os.walk(top) for n in dns + fns)
    return out


@contextmanager
def loop_device(tmp: Path, files: dict[str, Path] | None, label: str = "STICK"):
    """A loop device of a 16 MB image: a file system holding `files`, or none (None)."""
    image = tmp / f"{label}.img"
    with open(image, "wb") as f:
        f.truncate(16 << 20)
    if files is not None:
        if _fs() == "vfat":
            subprocess.run(["mkfs.vfat", "-n", label, str(image)], check=True, capture_output=True)
            for name, src in files.items():
                subprocess.run(["mcopy", "-i", str(image), str(src), f"::{name}"], check=True, capture_output=True)
        else:
            content = tmp / f"{label}-content"
            content.mkdir()
            for name, src in files.items():
                shutil.copy(src, content / name)
            subprocess.run(["mkfs.ext4", "-q", "-L", label, "-d", str(content), str(image)], check=True,
                           capture_output=True)
    proc = subprocess.run(["losetup", "--find", "--show", str(image)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"USB stick route: losetup cannot attach a loop device here ({proc.stderr.strip()})")
    dev = proc.stdout.strip()
    try:
        yield Path(dev).name
    finally:
        subprocess.run(["losetup", "-d", dev], capture_output=True)


@contextmanager
def rules(*extra: tuple[str, str]):
    """The project's rule (and `extra` (name, text) rules) in /run/udev/rules.d for the test;
    afterwards every path udevadm or this added is gone again."""
    before = _paths()
    made_dir = not RULES_DIR.exists()
    RULES_DIR.mkdir(parents=True, exist_ok=True)
    added = [RULES_DIR / RULE.name]
    shutil.copy(RULE, added[0])
    for name, text in extra:
        (RULES_DIR / name).write_text(text)
        added.append(RULES_DIR / name)
    try:
        yield
    finally:
        for p in added:
            p.unlink(missing_ok=True)
        if made_dir:
            shutil.rmtree(RULES_DIR, ignore_errors=True)
        for p in sorted(_paths() - before, key=lambda p: len(p.parts), reverse=True):
            if p.is_symlink() or p.is_file():
                p.unlink(missing_ok=True)
            elif p.is_dir():
                shutil.rmtree(p, ignore_errors=True)


def udev_add(kernel: str) -> dict[str, str]:
    proc = subprocess.run(["udevadm", "test", "--action=add", f"/sys/class/block/{kernel}"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return dict(line.split("=", 1) for line in proc.stdout.splitlines() if re.match(r"^[A-Z_][A-Z0-9_]*=", line))


def usb_bus(kernel: str) -> tuple[str, str]:
    # sorts before 61-maunz-update-usb.rules: what usb_id (60-persistent-storage.rules) says of a stick
    return ("61-maunz-test-usb-bus.rules", f'SUBSYSTEM=="block", KERNEL=="{kernel}", ENV{{ID_BUS}}="usb"\n')


@pytest.fixture(scope="module")
def release(tmp_path_factory) -> tuple[Path, Path, Path]:
    """A signed release 0.9.0 (archive, .sig) and the directory of the key it is signed with."""
    tmp = tmp_path_factory.mktemp("usb")
    src = tmp / "src"
    (src / "systemd").mkdir(parents=True)
    (src / "pyproject.toml").write_text('[project]\nname = "maunz-companion"\nversion = "0.9.0"\n')
    (src / "systemd" / "install.sh").write_text("#!/bin/sh\nexit 1\n")
    archive, version = release_cli.make(src, tmp / "dist")
    keys = tmp / "keys"
    keys.mkdir()
    signing.generate(tmp / "release.key")
    (tmp / "release.key.pub").rename(keys / "test.pub")
    return archive, signing.sign(archive, tmp / "release.key", version), keys


def test_the_rule_wants_the_unit_for_a_usb_stick_with_a_file_system(release, tmp_path):
    archive, sig, _ = release
    with loop_device(tmp_path, {archive.name: archive, sig.name: sig}) as kernel, rules(usb_bus(kernel)):
        props = udev_add(kernel)
        assert props.get("ID_BUS") == "usb" and props.get("ID_FS_USAGE") == "filesystem", props
        assert props.get("SYSTEMD_WANTS", "").split() == [f"companion-update-usb@{kernel}.service"], props
        assert ":systemd:" in props.get("TAGS", ""), props
    assert not (RULES_DIR / RULE.name).exists()


def test_the_rule_leaves_other_block_devices_alone(release, tmp_path):
    archive, sig, _ = release
    files = {archive.name: archive, sig.name: sig}
    with loop_device(tmp_path, files, "DISK") as disk, loop_device(tmp_path, None, "BLANK") as blank, \
            rules(usb_bus(blank)):
        props = udev_add(disk)  # a file system with a release on it, on no USB bus (an SD card, a disk image)
        assert props.get("ID_FS_USAGE") == "filesystem" and "SYSTEMD_WANTS" not in props, props
        props = udev_add(blank)  # on USB, no file system (a blank stick, a USB disk's whole-disk node)
        assert props.get("ID_BUS") == "usb" and "ID_FS_USAGE" not in props and "SYSTEMD_WANTS" not in props, props


def unit_commands(kernel: str, keys: Path, spool: Path) -> list[tuple[str, list[str]]]:
    """The unit's Exec lines in systemd's order (ExecStartPre, ExecStart, ExecStopPost), %i the
    device, the installed companion this checkout's (with the test's keys and spool)."""
    text = UNIT.read_text().replace("%i", kernel).replace("%I", kernel)
    out = []
    for key in ("ExecStartPre", "ExecStart", "ExecStopPost"):
        for line in re.findall(rf"^{key}=(.*)$", text, re.M):
            argv = line.split()
            if argv[0].endswith("/.venv/bin/companion"):
                argv = [sys.executable, "-m", "companion", *argv[1:], "--keys", str(keys), "--spool", str(spool)]
            out.append((key, argv))
    return out


@pytest.fixture(autouse=True)
def _no_mount_root_left():
    """/run/maunz-usb (the unit's mkdir -p makes it; on the Pi it is in /run) removed again here."""
    top = Path("/run/maunz-usb")
    existed = top.exists()
    yield
    if not existed and top.is_dir() and not any(top.iterdir()):
        top.rmdir()


def run_unit(kernel: str, keys: Path, spool: Path) -> tuple[list, str]:
    """As systemd runs a oneshot: the ExecStartPre then ExecStart while each succeeds, then the
    ExecStopPost lines ('-': failure ignored). The mount's options as /proc/mounts showed them
    during ExecStart, and ExecStart's output."""
    mounted, said, failed = [], "", False
    for key, argv in unit_commands(kernel, keys, spool):
        ignore = argv[0].startswith("-")
        argv[0] = argv[0].lstrip("-")
        if key != "ExecStopPost" and failed:
            continue
        if key == "ExecStart":
            mounted = [line.split() for line in Path("/proc/mounts").read_text().splitlines()
                       if line.split()[1] == f"/run/maunz-usb/{kernel}"]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=REPO)
        if key == "ExecStart":
            said = proc.stdout + proc.stderr
        if proc.returncode != 0 and not ignore:
            assert key != "ExecStopPost", (argv, proc.stderr)
            failed = True
            said += f"{argv}: {proc.stderr}"
    return mounted, said


def test_the_unit_mounts_the_stick_read_only_offers_its_release_and_unmounts(release, tmp_path):
    archive, sig, keys = release
    spool = tmp_path / "spool"
    with loop_device(tmp_path, {archive.name: archive, sig.name: sig}) as kernel:
        mounted, said = run_unit(kernel, keys, spool)
        assert mounted, said
        options = set(mounted[0][3].split(","))
        assert {"ro", "nosuid", "nodev", "noexec"} <= options, options
        assert "update: offered 0.9.0 from /run/maunz-usb/" in said, said
        offer = json.loads((spool / "offer.json").read_text())
        assert offer["version"] == "0.9.0" and offer["found"] == f"/run/maunz-usb/{kernel}/{archive.name}"
        assert not any(line.split()[1].startswith("/run/maunz-usb/") for line in
                       Path("/proc/mounts").read_text().splitlines())  # unmounted at once
        assert not Path(f"/run/maunz-usb/{kernel}").exists()


def test_the_unit_offers_nothing_from_a_stick_without_a_release(release, tmp_path):
    _, _, keys = release
    other = tmp_path / "holiday.jpg"
    other.write_bytes(b"\xff\xd8 not a release")
    spool = tmp_path / "spool"
    with loop_device(tmp_path, {other.name: other}) as kernel:
        mounted, said = run_unit(kernel, keys, spool)
        assert mounted and "offered" not in said, said
        assert not (spool / "offer.json").exists() and not (spool / "status.json").exists()
        assert not Path(f"/run/maunz-usb/{kernel}").exists()
