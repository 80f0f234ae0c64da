"""The whole image build (companion image build --base debian): an arm64 bookworm root made by
mmdebstrap under qemu-user, the companion installed into it by install.sh --image in
systemd-nspawn, written to a raw disk image. Then the image is read back as a Pi's boot ROM and
kernel would find it: the FAT partition with the Pi 4's firmware, device tree, kernel, initrd,
config.txt and a cmdline.txt naming the root by label; the ext4 root with the companion's
release, its unit and the first-boot unit enabled, ssh off and without host keys, no password.

Opt-in (COMPANION_IMAGE_TEST=1): it takes many minutes on this machine (the figures in
docs/IMAGE.md), far beyond what ./dev test can spend within its 30 minutes. The arm64 root is
cached in the boot test's cache (a warm build copies it), the Python packages come from the
arm64 boot test's wheelhouse.
"""
from __future__ import annotations

import os
import subprocess

import pytest

from tests import boot_container as bc

WHY = bc.unavailable("arm64")
if WHY is None and os.environ.get("COMPANION_IMAGE_TEST") != "1":
    WHY = "opt-in (many minutes under qemu-user): set COMPANION_IMAGE_TEST=1"
if WHY is None:
    from companion.image.build import unavailable

    WHY = unavailable()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"image build test: {WHY}")


def _log(message: str) -> None:
    print(f"image test: {message}", flush=True)


@pytest.fixture(scope="module")
def image():
    from companion.image.build import build

    out = bc.CACHE / "image-test" / "maunz.img"
    out.parent.mkdir(parents=True, exist_ok=True)
    figures = build(out, "debian", wheelhouse=bc.wheelhouse(_log, "arm64"), cache=bc.CACHE, mirror=bc.debian_mirror())
    _log("figures " + ", ".join(f"{k}={v:.0f}" for k, v in figures.items()))
    return out, figures


def _fat(out, name: str) -> str:
    from companion.image import disk

    part = disk.partitions(out)[0]
    return subprocess.run(["mtype", "-i", f"{out}@@{part.start}", f"::/{name}"], capture_output=True, text=True,
                          check=True).stdout


def _fat_names(out) -> set[str]:
    from companion.image import disk

    part = disk.partitions(out)[0]
    listing = subprocess.run(["mdir", "-b", "-i", f"{out}@@{part.start}", "::/"], capture_output=True, text=True,
                             check=True).stdout
    return {line.rsplit("/", 1)[-1] for line in listing.split()}


def _root(out, tmp_path, *commands: str) -> str:
    from companion.image import disk

    part = disk.partitions(out)[1]
    img = tmp_path / "root.img"
    if not img.exists():
        disk.extract(out, part, img)
    return "\n".join(subprocess.run(["debugfs", "-R", c, str(img)], capture_output=True, text=True).stdout
                     for c in commands)


def test_the_boot_partition_has_what_a_pi_needs(image):
    out, figures = image
    names = _fat_names(out)
    assert {"start4.elf", "fixup4.dat", "bcm2711-rpi-4-b.dtb", "config.txt", "cmdline.txt"} <= names, names
    assert any(n.startswith("vmlinuz") for n in names) and any(n.startswith("initrd") for n in names), names
    assert "root=LABEL=maunz-root" in _fat(out, "cmdline.txt")
    assert figures["raw_bytes"] <= 2e9 and figures["xz_bytes"] <= 500e6


def test_the_root_has_the_companion_installed_and_nothing_open(image, tmp_path):
    out, _ = image
    listing = _root(out, tmp_path, "ls -l /opt/maunz-companion", "cat /etc/hostname", "ls -l /etc/ssh",
                    "ls -l /etc/systemd/system/multi-user.target.wants", "cat /etc/shadow")
    assert "current" in listing and "releases" in listing
    assert "maunz" in listing
    assert "companion.service" in listing and "companion-firstboot.service" in listing
    assert "ssh_host_" not in listing and "ssh.service" not in listing.split("multi-user.target.wants")[-1]
    shadow = _root(out, tmp_path, "cat /etc/shadow")
    assert all(line.split(":")[1] in ("*", "!", "!*") for line in shadow.splitlines() if line.count(":") > 2), shadow
