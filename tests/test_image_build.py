"""The whole image build (companion image build --base debian): an arm64 bookworm root made by
mmdebstrap under qemu-user, the companion installed into it by install.sh --image in
systemd-nspawn, written to a raw disk image. Then the image is read back as a Pi's boot ROM and
kernel would find it: the FAT partition with the Pi 4's firmware, device tree, kernel, initrd,
config.txt and a cmdline.txt naming the root by label; the ext4 root with the companion's
release, its unit and the first-boot unit enabled, ssh off and without host keys, no password.

Opt-in (COMPANION_IMAGE_TEST=1): it takes many minutes on this machine (the figures in
docs/IMAGE.md), far beyond what ./dev test can spend within its 30 minutes;
COMPANION_IMAGE_FILE=maunz.img reads back and boots an image built before instead. Opted in
as root, the tools the build and the boot need are installed first (companion image deps --boot).
The second half boots the image under qemu-system-aarch64 -M virt from a card a maker
prepared (companion.toml, wifi.txt, ssh.pub on the FAT partition; companion/image/vm.py). The arm64 root is
cached in the boot test's cache (a warm build copies it), the Python packages come from the
arm64 boot test's wheelhouse.
"""
from __future__ import annotations

import os
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests import boot_container as bc
from tests import test_service_boot_arm64 as boot_arm64

OPTED_IN = os.environ.get("COMPANION_IMAGE_TEST") == "1"
if OPTED_IN and os.geteuid() == 0:
    # opted in: what the build and the boot need is installed here, not only named in a skip
    from companion.image import deps

    deps.install({**deps.BUILD, **deps.BOOT}, say=lambda s: print(f"image test: {s}", flush=True))
WHY = bc.unavailable("arm64")
if WHY is None and not OPTED_IN:
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

    given = os.environ.get("COMPANION_IMAGE_FILE")
    if given:  # an image built before (companion image build): read back and booted, not rebuilt
        return Path(given), {"raw_bytes": Path(given).stat().st_size, "given": 1.0}
    out = bc.CACHE / "image-test" / "maunz.img"
    out.parent.mkdir(parents=True, exist_ok=True)
    # no xz here: compressing takes minutes and the card is written from the raw file (the xz
    # size is companion bench image's)
    figures = build(out, "debian", wheelhouse=bc.wheelhouse(_log, "arm64"), cache=bc.CACHE, mirror=bc.debian_mirror(),
                    xz=False)
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
    assert figures["raw_bytes"] <= 2e9


def test_the_root_has_the_companion_installed_and_nothing_open(image, tmp_path):
    out, _ = image
    listing = _root(out, tmp_path, "ls -l /opt/maunz-companion", "cat /etc/hostname", "ls -l /etc/ssh",
                    "ls -l /etc/systemd/system/multi-user.target.wants", "cat /etc/shadow")
    assert "current" in listing and "releases" in listing
    assert "maunz" in listing
    assert all(f"companion{u}.service" in listing for u in ("", "-firstboot", "-growroot"))
    assert "ssh_host_" not in listing and "ssh.service" not in listing.split("multi-user.target.wants")[-1]
    shadow = _root(out, tmp_path, "cat /etc/shadow")
    assert all(line.split(":")[1] in ("*", "!", "!*") for line in shadow.splitlines() if line.count(":") > 2), shadow


# ------------------------------------------------------------ the image booted under qemu-system
QEMU_WHY = None
if WHY is None:
    from companion.image import vm

    QEMU_WHY = vm.unavailable()
needs_qemu = pytest.mark.skipif(QEMU_WHY is not None, reason=f"image boot test: {QEMU_WHY}")
CARD_SIZE = 4 << 30  # the card the image is written to: the root grows to fill it


class Booted:
    """The image booted from a card a maker prepared; `port` and `token` as the page's helpers
    of the arm64 boot test want them."""

    def __init__(self, card, work, ssh):
        self.card, self.work, self.ssh = card, work, ssh
        self.vm = vm.Vm(card, work, {"http": 80, "ssh": 22}, log=_log)
        self.port = self.vm.ports["http"]
        self.token = None
        self.ready = self.vm.wait_ready(ssh, 1200)
        _log(f"power-on to READY {self.ready['power_on_to_ready_s']:.1f} s, {self.ready['restarts']} restarts")

    def sh(self, *command: str, check: bool = True):
        return self.ssh.run(self.vm, *command, check=check)

    def poweroff(self) -> None:
        self.sh("systemctl", "poweroff", check=False)
        self.vm.wait_exit(300)


@pytest.fixture(scope="module")
def booted(image, tmp_path_factory):
    out, _ = image
    work = tmp_path_factory.mktemp("vm")
    ssh = vm.Ssh(work)
    card = vm.copy_image(out, work / "card.img", CARD_SIZE)
    vm.card_write(card, {"companion.toml": vm.CARD_CONFIG, "wifi.txt": vm.WIFI, "ssh.pub": ssh.public})
    box = Booted(card, work, ssh)
    try:
        box.token = box.sh("cat", "/etc/maunz-companion/web-token").stdout.strip()
        yield box
    finally:
        box.vm.kill()


@needs_qemu
def test_first_boot_reads_the_card_and_the_page_answers_from_the_host(booted):
    with urllib.request.urlopen(booted.vm.url("/"), timeout=30) as resp:
        assert resp.status == 200 and b"<html" in resp.read(2000).lower()
    assert booted.sh("hostname").stdout.strip() == "maunz"
    # companion.toml from the card is the service's configuration (its fake devices made READY possible)
    assert booted.sh("cat", "/etc/maunz-companion/companion.toml").stdout == vm.CARD_CONFIG
    # wifi.txt: the NetworkManager keyfile, 0600, the country for cfg80211, the file gone
    keyfile = "/etc/NetworkManager/system-connections/maunz-wifi.nmconnection"
    assert booted.sh("stat", "-c", "%a %U", keyfile).stdout.split() == ["600", "root"]
    text = booted.sh("cat", keyfile).stdout
    assert "ssid=maunz-test" in text and "psk=correct-horse-battery" in text
    # (the country for cfg80211 in modprobe.d: the card's cmdline.txt is not rewritten, issue 42)
    assert "ieee80211_regdom=DE" in booted.sh("cat", "/etc/modprobe.d/maunz-wifi-country.conf").stdout
    assert "regdom" not in booted.sh("cat", "/boot/firmware/cmdline.txt").stdout
    assert booted.sh("test", "-e", "/boot/firmware/wifi.txt", check=False).returncode == 1
    # the control token made at first boot, readable by the service only
    assert len(booted.token) >= 22  # 128 random bits
    assert booted.sh("stat", "-c", "%a %U %G", "/etc/maunz-companion/web-token").stdout.split() == \
        ["640", "root", "companion"]
    assert booted.sh("systemctl", "is-active", "avahi-daemon", "NetworkManager").stdout.split() == ["active", "active"]
    # the root grew to fill the card
    assert int(booted.sh("findmnt", "-bno", "SIZE", "/").stdout) > CARD_SIZE * 0.85
    # the native kernels built by install.sh at image build time are the ones the service uses
    logged = booted.sh("journalctl", "-u", "companion", "-o", "cat", "--no-pager").stdout
    assert "kernels: maunz compiled (" in logged and "katzenjammer compiled (" in logged, logged[-2000:]


@needs_qemu
def test_the_watchdog_restarts_a_hung_service_on_the_image(booted):
    def pid():
        s = dict(line.split("=", 1) for line in booted.sh("systemctl", "show", "companion", "-p", "MainPID", "-p",
                                                           "SubState").stdout.split())
        return int(s["MainPID"]) if s["SubState"] == "running" else None

    before = pid()
    booted.sh("kill", "-STOP", str(before))
    # a start under full-system emulation takes a minute or more (one took longer than the unit's
    # 60 s and was started again): the watchdog's 10 s, then the start
    boot_arm64.wait_for("the watchdog to restart the service", lambda: (p := pid()) not in (None, before) and p, 600)
    assert "Watchdog timeout" in booted.sh("journalctl", "-u", "companion", "-o", "cat", "--no-pager").stdout


def _answers(box) -> bool:
    """The page answers (a service restarted by the watchdog or a start timeout is not up yet)."""
    try:
        boot_arm64.snapshot(box)
        return True
    except OSError:
        return False


@needs_qemu
def test_a_game_through_the_page_and_a_second_boot_resumes_it(booted):
    plan = boot_arm64.plan_of(boot_arm64.GAME)
    half = len(plan) // 2
    physical: set[str] = set()
    boot_arm64.wait_for("the page", lambda: _answers(booted) and boot_arm64.snapshot(booted)["phase"] == "await_placement", 600)
    for text, kind, square, choice in plan[:half]:
        boot_arm64.play_move(booted, physical, text, kind, square, choice)
    played = boot_arm64.snapshot(booted)["moves"]
    assert played == [p[0] for p in plan[:half]]
    booted.poweroff()
    assert "wifi.txt" not in vm.card_names(booted.card)  # as a laptop sees the card afterwards
    again = Booted(booted.card, booted.work, booted.ssh)
    try:
        again.token = booted.token
        st = boot_arm64.snapshot(again)
        assert st["moves"] == played, st
        # the fake bed starts empty at boot: the pieces go back where they stood, as after a power cut
        on_bed = sorted(physical)
        physical.clear()
        boot_arm64.reed(again, physical, changes=[{"square": sq, "occupied": True} for sq in on_bed])
        for text, kind, square, choice in plan[half:]:
            st = boot_arm64.play_move(again, physical, text, kind, square, choice)
        st = boot_arm64.wait_for("the win", lambda: (s := boot_arm64.snapshot(again))["phase"] == "won" and s, 60)
        assert st["winner"] == "o" and st["moves"] == [p[0] for p in plan]
    finally:
        again.vm.kill()
