"""`companion image build [--base debian|FILE.img.xz] [--out maunz.img]`: the SD-card image, on
a Linux PC as root, no Pi needed (docs/IMAGE.md).

  root     --base debian: an arm64 bookworm root made by mmdebstrap (its arm64 programs run under
           qemu-user through binfmt_misc, as the arm64 boot test's root is made), with the
           kernel (linux-image-arm64) and Debian's raspi-firmware, which fills /boot/firmware
           with what a Pi 3 or 4 needs to start; --base FILE.img.xz: the two partitions of an
           official Raspberry Pi OS Lite image, unpacked without mounting them
  install  the companion installed into that root by systemd/install.sh --image (the same steps
           as on a running system: one source of truth), run in systemd-nspawn; then the
           image's own settings: companion-firstboot.service, the host name, fstab, the page
           on port 80, ssh off and without host keys (made when a key turns it on)
  disk     /boot/firmware becomes the FAT partition, the rest the ext4 root (companion/image/disk.py)
"""
from __future__ import annotations

import hashlib
import lzma
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.image import deps, disk
from companion.image.disk import ImageError

REPO = Path(__file__).resolve().parents[2]
SUITE = "bookworm"
PACKAGES = ("systemd,systemd-sysv,dbus,udev,kmod,python3,python3-venv,python3-dev,gcc,libc6-dev,ca-certificates,"
            "network-manager,avahi-daemon,libnss-mdns,openssh-server,raspi-firmware,linux-image-arm64,"
            "firmware-brcm80211,wireless-regdb,iproute2,procps,dosfstools,initramfs-tools,zstd")
# mmdebstrap hooks (sh, $1 = the root): see debian_root()
DEFER_INITRAMFS = ('chroot "$1" dpkg-divert --local --rename --divert /usr/sbin/update-initramfs.maunz'
                   ' --add /usr/sbin/update-initramfs'
                   ' && printf \'#!/bin/sh\\necho "update-initramfs: left for the end of the image build" >&2\\n\''
                   ' > "$1/usr/sbin/update-initramfs" && chmod 755 "$1/usr/sbin/update-initramfs"')
MAKE_INITRAMFS = ('rm "$1/usr/sbin/update-initramfs"'
                  ' && chroot "$1" dpkg-divert --local --rename --remove /usr/sbin/update-initramfs'
                  ' && chroot "$1" update-initramfs -c -k all')
BOOT_MIB = 256
#: the image's [web] settings: the page on port 80 (http://maunz.local/), control with the token
#: made at first boot (docs/FAMILY.md repeats them for a card's own companion.toml)
PAGE_SETTINGS = 'enabled = true\nhost = "0.0.0.0"\nport = 80\ncontrol = true'
# free room on the image's root: the first boot grows it to fill the card (growroot); this is
# what the journal, the logs and an update's second release have should growing fail
FREE_MIB = 192


def _say(text: str) -> None:
    print(f"image: {text}", flush=True)


def _run(*cmd: str, timeout: float = 3600, env: dict | None = None) -> None:
    """`cmd` in its own process group: a timeout ends the whole of it (mmdebstrap's forked helpers,
    apt, dpkg and the maintainer scripts under qemu), never leaving them running without it."""
    proc = subprocess.Popen(list(cmd), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, env=None if env is None else {**os.environ, **env})
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise ImageError(f"{cmd[0]} did not finish within {timeout / 60:.0f} minutes and was stopped;"
                         " on a busy machine run the build when it is quieter (a cold root takes the longest)") from None
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    if proc.returncode != 0:
        tail = " | ".join(out.strip().splitlines()[-4:])
        raise ImageError(f"{cmd[0]} failed (status {proc.returncode}): {tail}")


def remove(path: Path) -> None:
    """rm -rf that never reaches through a mount a stopped mmdebstrap left in its root (its /proc,
    /sys, /dev/pts): those are unmounted first."""
    if not path.exists():
        return
    real = os.path.realpath(path)
    mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    for m in sorted((m for m in mounts if m.startswith(real + "/")), key=len, reverse=True):
        subprocess.run(["umount", "-l", m], capture_output=True)
    subprocess.run(["rm", "-rf", "--one-file-system", str(path)], capture_output=True)


def debian_root(root: Path, mirror: str, cache: Path | None = None) -> None:
    """The arm64 root, from `cache` when a root of the same recipe is there (a warm build), else
    made with mmdebstrap (a cold one; kept in `cache` for the next)."""
    key = hashlib.sha1(f"{SUITE} {mirror} {PACKAGES} {DEFER_INITRAMFS} {MAKE_INITRAMFS}".encode()).hexdigest()[:12]
    cached = cache / f"image-root-{key}" if cache else None
    if cached is not None and (cached / ".built").exists():
        _say(f"copying the cached arm64 root {cached}")
        _run("cp", "-a", "--reflink=auto", str(cached), str(root))
        (root / ".built").unlink()
        return
    _say(f"making the arm64 {SUITE} root with mmdebstrap from {mirror} (under qemu-user: many minutes)")
    # mkinitramfs under qemu-user takes over 20 minutes and would run for the kernel's postinst and
    # again for every package that triggers it (dmsetup): update-initramfs is diverted to a no-op
    # while packages go in (live-build does the same) and run once at the end
    _run("mmdebstrap", "--arch=arm64", "--variant=minbase", "--components=main non-free-firmware",
         f"--include={PACKAGES}", f"--essential-hook={DEFER_INITRAMFS}", f"--customize-hook={MAKE_INITRAMFS}",
         SUITE, str(root), mirror, timeout=4 * 3600)
    if cached is not None:
        remove(cached)
        cached.parent.mkdir(parents=True, exist_ok=True)
        _run("cp", "-a", "--reflink=auto", str(root), str(cached))
        (cached / ".built").write_text(f"{SUITE} {mirror} {PACKAGES}\n")


def base_root(base: Path, work: Path) -> tuple[Path, str | None]:
    """An official image's boot files and root, unpacked; its disk identifier (root=PARTUUID=
    in its cmdline.txt names it, so the new table keeps it)."""
    raw = work / "base.img"
    _say(f"unpacking {base}")
    opener = lzma.open if base.suffix == ".xz" else open
    with opener(base, "rb") as src, open(raw, "wb") as dst:
        shutil.copyfileobj(src, dst, 4 * disk.MIB)
    parts = disk.partitions(raw)
    if len(parts) < 2 or parts[0].type.lower() not in ("c", "b", "e") or parts[1].type != "83":
        raise ImageError(f"{base}: not a Raspberry Pi OS layout (a FAT partition, then a Linux one); found"
                         f" {[p.type for p in parts]}")
    label_id = disk.label_id(raw)
    disk.extract(raw, parts[0], work / "base-boot.img")
    disk.extract(raw, parts[1], work / "base-root.img")
    raw.unlink()
    disk.unpack_ext4(work / "base-root.img", work / "root")
    # the boot files where the running system has them (raspi-config edits config.txt there)
    disk.unpack_fat(work / "base-boot.img", work / "root/boot/firmware")
    for p in ("base-boot.img", "base-root.img"):
        (work / p).unlink()
    return work / "root", label_id


def install_companion(root: Path, src: Path, wheelhouse: Path | None) -> None:
    """systemd/install.sh --image inside the root (systemd-nspawn: /proc, /dev and the network as
    the install needs them; arm64 programs under qemu-user)."""
    dest = root / "var/tmp/maunz-src"
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(".venv", ".git", "node_modules", "__pycache__",
                                                            "*.egg-info", ".hypothesis", ".pytest_cache", "build"))
    if not (dest / "COMMIT").exists():
        commit = subprocess.run(["git", "-C", str(src), "rev-parse", "HEAD"], capture_output=True, text=True)
        if commit.returncode == 0:
            (dest / "COMMIT").write_text(commit.stdout)
    args = ["systemd-nspawn", "-q", "-D", str(root), "--pipe", "--register=no", "--keep-unit",
            "-E", "DEBIAN_FRONTEND=noninteractive"]
    if wheelhouse is not None:
        args += [f"--bind-ro={wheelhouse}:/wheelhouse", "-E", "PIP_NO_INDEX=1", "-E", "PIP_FIND_LINKS=/wheelhouse",
                 "-E", "PIP_DISABLE_PIP_VERSION_CHECK=1"]
    _say("installing the companion with systemd/install.sh --image (pip builds spidev and the kernels under qemu)")
    _run(*args, "sh", "/var/tmp/maunz-src/systemd/install.sh", "--image")
    shutil.rmtree(dest, ignore_errors=True)


def page_config(text: str, conf: Path) -> str:
    """The installed configuration (the example's text) with the image's page: PAGE_SETTINGS."""
    text = re.sub(r"(\[web\]\n)enabled = false[^\n]*\nhost = [^\n]*\nport = \d+\ncontrol = false",
                  "\\1" + PAGE_SETTINGS.replace("\\", "\\\\") + "    # with the token made at first boot", text)
    if "\nport = 80\n" not in text:
        raise ImageError(f"{conf}: its [web] section is not the example's; the image's page settings could not be"
                         " set (enabled, port 80, control): mend page_config() to the new example")
    return text


def image_settings(root: Path, debian: bool) -> None:
    """What makes it the family's image rather than a server's."""
    (root / "etc/hostname").write_text("maunz\n")
    for name in ("companion-firstboot.service", "companion-growroot.service", "companion-update-find.service"):
        shutil.copy(REPO / "systemd" / name, root / "etc/systemd/system" / name)
        subprocess.run(["systemctl", f"--root={root}", "enable", name], capture_output=True, check=True)
    subprocess.run(["systemctl", f"--root={root}", "disable", "ssh.service"], capture_output=True)
    for key in (root / "etc/ssh").glob("ssh_host_*"):
        key.unlink()  # every card its own: made by firstboot when a key switches ssh on
    # the page on port 80 (http://maunz.local/): the service's unit grants it CAP_NET_BIND_SERVICE
    # (systemd/companion.service), no sysctl opens low ports to every local user
    conf = root / "etc/maunz-companion/companion.toml"
    conf.write_text(page_config(conf.read_text(), conf))
    if debian:
        (root / "etc/fstab").write_text(f"LABEL={disk.ROOT_LABEL} / ext4 defaults,noatime 0 1\n"
                                        f"LABEL={disk.BOOT_LABEL} /boot/firmware vfat defaults 0 2\n")
        cmdline = root / "boot/firmware/cmdline.txt"
        if cmdline.exists():
            words = [w for w in cmdline.read_text().split() if not w.startswith("root=")]
            cmdline.write_text(" ".join([f"root=LABEL={disk.ROOT_LABEL}", *words]) + "\n")
    for cache in [*(root / "var/cache/apt/archives").glob("*.deb"), *(root / "var/lib/apt/lists").glob("*_*")]:
        cache.unlink()
    defaults = root / "etc/default/raspi-firmware"
    if debian and defaults.exists():  # a kernel update rewrites cmdline.txt from it: the same root
        text = re.sub(r"^#?\s*ROOTPART=.*$", f"ROOTPART=LABEL={disk.ROOT_LABEL}", defaults.read_text(), flags=re.M)
        defaults.write_text(text if "ROOTPART=" in text else text + f"ROOTPART=LABEL={disk.ROOT_LABEL}\n")


def build(out: Path, base: str = "debian", src: Path = REPO, work: Path | None = None,
          mirror: str = "http://deb.debian.org/debian", wheelhouse: Path | None = None, xz: bool = True,
          cache: Path | None = None) -> dict:
    """Build the image; its figures (seconds per step, sizes)."""
    figures: dict[str, float] = {}
    t0 = time.monotonic()
    work = Path(work or out.with_suffix(".work"))
    remove(work)
    work.mkdir(parents=True)
    label_id = None
    if base == "debian":
        root = work / "root"
        debian_root(root, mirror, cache)
    else:
        root, label_id = base_root(Path(base), work)
    figures["root_s"] = time.monotonic() - t0
    t1 = time.monotonic()
    install_companion(root, src, wheelhouse)
    image_settings(root, debian=base == "debian")
    figures["install_s"] = time.monotonic() - t1
    t2 = time.monotonic()
    boot = work / "boot-files"
    shutil.move(root / "boot/firmware", boot)
    (root / "boot/firmware").mkdir()  # the FAT partition's mount point
    _say("writing the disk image (FAT with mtools, ext4 with mkfs.ext4 -d, the table with sfdisk)")
    disk.make_fat(boot, work / "boot.img", BOOT_MIB)
    # ext4's own metadata for a root of this size: inode tables 1/64, the journal, bitmaps (the
    # first built root of 1.19 GB used 1.256 GB of its file system)
    root_mib = disk.tree_size(root) * 108 // 100 // disk.MIB + FREE_MIB
    disk.make_ext4(root, work / "root.img", root_mib)
    disk.assemble(work / "boot.img", work / "root.img", out, label_id=label_id)
    figures["disk_s"] = time.monotonic() - t2
    figures["raw_bytes"] = out.stat().st_size
    if xz:
        t3 = time.monotonic()
        _run("xz", "-T0", "-6", "-k", "-f", str(out))
        figures["xz_s"] = time.monotonic() - t3
        figures["xz_bytes"] = Path(f"{out}.xz").stat().st_size
    remove(work)
    figures["total_s"] = time.monotonic() - t0
    return figures


def main(argv: list[str]) -> int:
    from companion.cliargs import OneLineParser

    if argv[:1] == ["deps"]:
        return deps.main(argv[1:])
    if argv[:1] == ["os-list"]:  # the Imager repository file of a built image (companion/image/imager.py)
        from companion.image import imager

        return imager.main(argv[1:])
    p = OneLineParser(prog="companion image", description="build the SD-card image (as root, on Linux);"
                      " `companion image deps` installs its tools, `companion image os-list` writes"
                      " Raspberry Pi Imager's list of a built image")
    p.add_argument("what", choices=["build", "deps"], help="build, or deps (the build's tools)")
    p.add_argument("--base", default="debian", help="debian (default), or an official Raspberry Pi OS Lite FILE.img.xz")
    p.add_argument("--out", default="maunz.img", help="the raw image (and OUT.xz beside it); default maunz.img")
    p.add_argument("--mirror", default="http://deb.debian.org/debian", help="the Debian archive (--base debian)")
    p.add_argument("--wheelhouse", metavar="DIR", help="install the Python packages from here instead of PyPI")
    p.add_argument("--no-xz", action="store_true", help="leave the image uncompressed only")
    p.add_argument("--cache", metavar="DIR", help="keep the arm64 root here, and start from it next time")
    args = p.parse_args(argv)
    why = unavailable(argv, install=True)
    if why:
        print(f"companion image build: {why}", file=sys.stderr)
        return 2
    if args.base != "debian" and not Path(args.base).is_file():
        print(f"companion image build: --base {args.base}: no such file; give an official Raspberry Pi OS Lite"
              " .img.xz, or debian", file=sys.stderr)
        return 2
    try:
        figures = build(Path(args.out), args.base, wheelhouse=Path(args.wheelhouse) if args.wheelhouse else None,
                        mirror=args.mirror, xz=not args.no_xz, cache=Path(args.cache) if args.cache else None)
    except ImageError as exc:
        print(f"companion image build: {exc}", file=sys.stderr)
        return 1
    _say(f"{args.out}: " + ", ".join(f"{k} {v:.0f}" for k, v in figures.items()))
    return 0


def unavailable(argv: list[str] = ("build",), install: bool = False) -> str | None:
    """Why the build cannot run here, or None; with `install`, its missing tools are installed first."""
    if os.geteuid() != 0:
        return (f"run it as root: {deps.how_to_run_as_root('image', *argv)} (mmdebstrap, systemd-nspawn"
                " and the root's file owners need root; sudo does not search .venv/bin)")
    if install:
        return deps.install(deps.BUILD, say=_say)
    pkgs = deps.missing(deps.BUILD)
    return f"missing {', '.join(pkgs)}: `companion image deps` installs them" if pkgs else None
