"""The image's disk, made without loop devices or mounts (companion/image/disk.py), read back
with the tools a Pi's boot and a laptop use: sfdisk for the table, mtools for the FAT partition
(as a laptop sees the card), debugfs for the ext4 root. Seconds, on a small stand-in tree; the
whole build (an arm64 root under qemu) is tests/test_image_build.py, opt-in."""
from __future__ import annotations

import json
import lzma
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from companion.image import disk
from companion.image.build import base_root

MISSING = disk.missing_tools()
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"image disk test: missing {', '.join(MISSING)}; ./dev test installs them")


@pytest.fixture
def trees(tmp_path):
    boot, root = tmp_path / "boot", tmp_path / "root"
    (boot / "overlays").mkdir(parents=True)
    (boot / "config.txt").write_text("arm_64bit=1\nenable_uart=1\n")
    (boot / "cmdline.txt").write_text("console=tty1 root=LABEL=maunz-root rootwait\n")
    (boot / "overlays/disable-bt.dtbo").write_bytes(os.urandom(3000))
    (root / "etc").mkdir(parents=True)
    (root / "var/lib/maunz-companion").mkdir(parents=True)
    (root / "etc/hostname").write_text("maunz\n")
    (root / "etc/shadow").write_text("root:*:19000:0:99999:7:::\n")
    (root / "etc/shadow").chmod(0o640)
    os.chown(root / "var/lib/maunz-companion", 999, 998)
    (root / "usr/bin").mkdir(parents=True)
    (root / "usr/bin/python3").symlink_to("python3.11")
    return boot, root


def sfdisk_json(image: Path) -> dict:
    return json.loads(subprocess.run(["sfdisk", "--json", str(image)], capture_output=True, text=True,
                                     check=True).stdout)["partitiontable"]


def test_the_disk_has_the_pi_layout_and_both_file_systems_read_back(tmp_path, trees):
    boot, root = trees
    disk.make_fat(boot, tmp_path / "boot.img", 64)
    disk.make_ext4(root, tmp_path / "root.img", 32)
    out = tmp_path / "maunz.img"
    parts = disk.assemble(tmp_path / "boot.img", tmp_path / "root.img", out)
    table = sfdisk_json(out)
    assert table["label"] == "dos"  # the Pi's boot ROM reads an MBR
    p1, p2 = table["partitions"]
    assert (p1["type"], p1.get("bootable"), p1["start"] * 512) == ("c", True, 4 << 20)
    assert p2["type"] == "83" and p2["start"] * 512 % (1 << 20) == 0
    assert out.stat().st_blocks * 512 < out.stat().st_size  # sparse: the empty space takes no disk
    # the FAT partition as a laptop reads it (mtools at the partition's offset)
    fat = f"{out}@@{parts[0].start}"
    assert subprocess.run(["mtype", "-i", fat, "::/config.txt"], capture_output=True, text=True,
                          check=True).stdout == "arm_64bit=1\nenable_uart=1\n"
    label = subprocess.run(["mlabel", "-s", "-i", fat, "::"], capture_output=True, text=True, check=True).stdout
    assert disk.BOOT_LABEL in label
    # the ext4 root: owners, modes and links as they were
    disk.extract(out, parts[1], tmp_path / "r.img")
    stat = subprocess.run(["debugfs", "-R", "stat /var/lib/maunz-companion", str(tmp_path / "r.img")],
                          capture_output=True, text=True, check=True).stdout
    assert "User:   999" in stat and "Group:   998" in stat
    back = tmp_path / "back"
    disk.unpack_ext4(tmp_path / "r.img", back)
    assert (back / "etc/hostname").read_text() == "maunz\n"
    assert oct((back / "etc/shadow").stat().st_mode & 0o777) == "0o640"
    assert os.readlink(back / "usr/bin/python3") == "python3.11"
    label = subprocess.run(["debugfs", "-R", "stats", str(tmp_path / "r.img")], capture_output=True, text=True).stdout
    assert f"Filesystem volume name:   {disk.ROOT_LABEL}" in label


def test_a_base_image_is_unpacked_without_mounting_and_keeps_its_disk_id(tmp_path, trees):
    # a stand-in for Raspberry Pi OS Lite: the same layout (FAT, then ext4), xz-compressed, its
    # partitions named by the disk identifier (root=PARTUUID=1a2b3c4d-02)
    boot, root = trees
    (boot / "cmdline.txt").write_text("console=serial0,115200 root=PARTUUID=1a2b3c4d-02 rootwait\n")
    disk.make_fat(boot, tmp_path / "b.img", 64)
    disk.make_ext4(root, tmp_path / "r.img", 32)
    disk.assemble(tmp_path / "b.img", tmp_path / "r.img", tmp_path / "raspios.img", label_id="0x1a2b3c4d")
    with open(tmp_path / "raspios.img", "rb") as src, lzma.open(tmp_path / "raspios.img.xz", "wb", preset=0) as dst:
        shutil.copyfileobj(src, dst)
    work = tmp_path / "work"
    work.mkdir()
    got, label_id = base_root(tmp_path / "raspios.img.xz", work)
    assert label_id == "0x1a2b3c4d"
    assert (got / "etc/hostname").read_text() == "maunz\n"
    assert "PARTUUID=1a2b3c4d-02" in (got / "boot/firmware/cmdline.txt").read_text()
    assert (got / "boot/firmware/overlays/disable-bt.dtbo").read_bytes() == (boot / "overlays/disable-bt.dtbo").read_bytes()
    # written back with the same identifier, the cmdline's root=PARTUUID still names the root
    disk.make_fat(got / "boot/firmware", tmp_path / "b2.img", 64)
    disk.make_ext4(got, tmp_path / "r2.img", 32)
    disk.assemble(tmp_path / "b2.img", tmp_path / "r2.img", tmp_path / "new.img", label_id=label_id)
    assert sfdisk_json(tmp_path / "new.img")["id"] == "0x1a2b3c4d"


def test_a_base_of_another_layout_is_one_line(tmp_path, trees):
    boot, root = trees
    disk.make_ext4(root, tmp_path / "r.img", 32)
    disk.make_ext4(root, tmp_path / "r2.img", 32)
    disk.assemble(tmp_path / "r.img", tmp_path / "r2.img", tmp_path / "odd.img")
    subprocess.run(["sfdisk", "--part-type", str(tmp_path / "odd.img"), "1", "83"], capture_output=True, check=True)
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(disk.ImageError) as err:
        base_root(tmp_path / "odd.img", work)
    assert "not a Raspberry Pi OS layout" in str(err.value) and "\n" not in str(err.value)


def test_growroot_grows_the_last_partition_of_a_bigger_card_and_its_ext4(tmp_path, trees):
    """What companion growroot does at first boot, on the image file instead of the card: the MBR
    entry read back by sfdisk, the grown ext4 checked by e2fsck (the file system itself is grown
    by resize2fs, as on the Pi; offline here, online there)."""
    from companion.image import growroot

    boot, root = trees
    disk.make_fat(boot, tmp_path / "boot.img", 64)
    disk.make_ext4(root, tmp_path / "root.img", 32)
    out = tmp_path / "maunz.img"
    before = disk.assemble(tmp_path / "boot.img", tmp_path / "root.img", out)
    os.truncate(out, 512 << 20)  # written to a bigger card
    mbr = bytearray(out.read_bytes()[:512])
    size = growroot.new_size(bytes(mbr), 2, out.stat().st_size // 512)
    assert size is not None and (before[1].start // 512 + size) * 512 == 512 << 20
    growroot.set_size(mbr, 2, size)
    with open(out, "r+b") as f:
        f.write(mbr)
    p1, p2 = sfdisk_json(out)["partitions"]
    assert (p1["start"], p1["size"]) == (before[0].start // 512, before[0].size // 512)  # the FAT one untouched
    assert p2["start"] * 512 == before[1].start and (p2["start"] + p2["size"]) * 512 == 512 << 20
    # run again it has nothing to do; a partition that is not the last is never grown
    assert growroot.new_size(bytes(mbr), 2, out.stat().st_size // 512) is None
    with pytest.raises(growroot.GrowError, match="not the last"):
        growroot.new_size(bytes(mbr), 1, out.stat().st_size // 512)
    part = disk.partitions(out)[1]
    disk.extract(out, part, tmp_path / "root2.img")
    subprocess.run(["resize2fs", str(tmp_path / "root2.img")], capture_output=True, check=True)
    fsck = subprocess.run(["e2fsck", "-fn", str(tmp_path / "root2.img")], capture_output=True, text=True)
    assert fsck.returncode == 0, fsck.stdout + fsck.stderr
    head = subprocess.run(["dumpe2fs", "-h", str(tmp_path / "root2.img")], capture_output=True, text=True).stdout
    count, size = (int(re.search(rf"Block {k}:\s+(\d+)", head).group(1)) for k in ("count", "size"))
    assert count * size == part.size


def test_a_build_step_that_times_out_is_one_line_and_leaves_nothing_running(tmp_path):
    """A cold mmdebstrap here outran the old one-hour limit: the limit was a traceback, and
    mmdebstrap's forked helpers (apt, dpkg, mkinitramfs under qemu) ran on without it."""
    from companion.image.build import _run

    pidfile = tmp_path / "grandchild.pid"
    with pytest.raises(disk.ImageError, match=r"^sh did not finish within 0 minutes and was stopped;"):
        _run("sh", "-c", f"sleep 60 & echo $! > {pidfile}; wait", timeout=1)
    pid = int(pidfile.read_text())
    # a zombie or no process at all: never a sleeping grandchild left behind. The pipe's end is
    # seen once the killed grandchild has closed its files, a moment before it turns zombie
    # (it shows "R" while it exits): wait for that state, never for a fixed time
    deadline = time.monotonic() + 30
    while True:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            state = "gone"
        if state in ("Z", "gone") or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    assert state in ("Z", "gone"), state


def test_the_card_as_a_laptop_and_the_vm_see_it(tmp_path, trees):
    """companion/image/vm.py's side of the card: files a maker writes read back, the kernel and
    initrd config.txt names (what the qemu boot starts), a copy as big as a bigger card."""
    from companion.image import vm

    boot, root = trees
    (boot / "config.txt").write_text("arm_64bit=1\nkernel=vmlinuz-6.1.0-50-arm64\ninitramfs initrd.img-6.1.0-50-arm64"
                                     " followkernel\n")
    (boot / "vmlinuz-6.1.0-50-arm64").write_bytes(b"kernel")
    (boot / "vmlinuz-6.1.0-9-arm64").write_bytes(b"an older kernel config.txt does not name")
    (boot / "initrd.img-6.1.0-50-arm64").write_bytes(b"initrd")
    disk.make_fat(boot, tmp_path / "boot.img", 64)
    disk.make_ext4(root, tmp_path / "root.img", 32)
    disk.assemble(tmp_path / "boot.img", tmp_path / "root.img", tmp_path / "maunz.img")
    card = vm.copy_image(tmp_path / "maunz.img", tmp_path / "card.img", 512 << 20)
    assert card.stat().st_size == 512 << 20 and card.stat().st_blocks * 512 < 200 << 20  # sparse
    vm.card_write(card, {"wifi.txt": "ssid = maunz-test\n", "companion.toml": "[game]\n"})
    assert {"wifi.txt", "companion.toml", "config.txt"} <= vm.card_names(card)
    assert vm.card_read(card, "wifi.txt") == "ssid = maunz-test\n" and vm.card_read(card, "nope.txt") is None
    kernel, initrd, cmdline = vm.boot_files(card, tmp_path / "vmboot")
    assert kernel.read_bytes() == b"kernel" and initrd.read_bytes() == b"initrd"
    assert cmdline == "console=tty1 root=LABEL=maunz-root rootwait"
