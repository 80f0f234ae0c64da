"""A raw disk image from two directories, and the way back, without loop devices or mounts (so
it builds in a container, as a user may): the FAT boot partition made with mkfs.vfat and filled
with mtools, the ext4 root with `mkfs.ext4 -d`, the partition table written by sfdisk into the
image file itself, and each file system copied in at its offset.

The layout is Raspberry Pi OS's: an MBR (the Pi's boot ROM reads the first FAT partition of an
MBR disk), partition 1 FAT32 (type 0c) from 4 MiB, partition 2 Linux (83) after it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

MIB = 1 << 20
SECTOR = 512
BOOT_START_MIB = 4
BOOT_LABEL = "MAUNZBOOT"
ROOT_LABEL = "maunz-root"
#: what each step needs: the command, and the Debian package that has it
TOOLS = {"mkfs.vfat": "dosfstools", "mcopy": "mtools", "mkfs.ext4": "e2fsprogs", "debugfs": "e2fsprogs",
         "sfdisk": "fdisk", "xz": "xz-utils"}


class ImageError(RuntimeError):
    """One line: what failed and the fix."""


def missing_tools() -> list[str]:
    return [f"{tool} (apt install {pkg})" for tool, pkg in TOOLS.items() if shutil.which(tool) is None]


def _run(*cmd: str, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run(list(cmd), capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or [f"status {proc.returncode}"]
        raise ImageError(f"{cmd[0]} failed: {tail[0]}")
    return proc


def tree_size(path: Path) -> int:
    """Bytes the files under `path` take (a hard link once), rounded up to 4 KiB blocks."""
    seen, total = set(), 0
    for dirpath, dirnames, filenames in os.walk(path):
        for name in dirnames + filenames:
            st = os.lstat(os.path.join(dirpath, name))
            if (st.st_dev, st.st_ino) in seen:
                continue
            seen.add((st.st_dev, st.st_ino))
            total += (st.st_size + 4095) // 4096 * 4096
    return total


def make_fat(boot_dir: Path, out: Path, size_mib: int) -> None:
    out.unlink(missing_ok=True)
    _run("mkfs.vfat", "-F", "32", "-n", BOOT_LABEL, "-C", str(out), str(size_mib * 1024))
    entries = sorted(boot_dir.iterdir())
    if entries:
        _run("mcopy", "-s", "-p", "-m", "-i", str(out), *map(str, entries), "::/")


def make_ext4(root_dir: Path, out: Path, size_mib: int) -> None:
    out.unlink(missing_ok=True)
    with open(out, "wb") as f:
        f.truncate(size_mib * MIB)
    _run("mkfs.ext4", "-q", "-F", "-L", ROOT_LABEL, "-d", str(root_dir), str(out))


@dataclass(frozen=True)
class Partition:
    start: int  # bytes
    size: int
    type: str


def assemble(boot_img: Path, root_img: Path, out: Path, label_id: str | None = None) -> list[Partition]:
    """Partition table + the two file systems at their offsets, in a sparse file."""
    boot_size, root_size = boot_img.stat().st_size, root_img.stat().st_size
    boot_start = BOOT_START_MIB * MIB
    root_start = boot_start + (boot_size + MIB - 1) // MIB * MIB
    total = root_start + (root_size + MIB - 1) // MIB * MIB
    out.unlink(missing_ok=True)
    with open(out, "wb") as f:
        f.truncate(total)
    script = (f"label: dos\n" + (f"label-id: {label_id}\n" if label_id else "") + "unit: sectors\n\n"
              f"start={boot_start // SECTOR}, size={boot_size // SECTOR}, type=c, bootable\n"
              f"start={root_start // SECTOR}, size={(total - root_start) // SECTOR}, type=83\n")
    _run("sfdisk", "--no-reread", "--no-tell-kernel", "-q", str(out), input=script)
    for img, start in ((boot_img, boot_start), (root_img, root_start)):
        _copy_at(img, out, start)
    return partitions(out)


def _copy_at(src: Path, dest: Path, offset: int, length: int | None = None, src_offset: int = 0) -> None:
    """Copy `length` bytes of `src` from `src_offset` into `dest` at `offset`, leaving holes for zeros."""
    chunk, zero = 4 * MIB, bytes(4 * MIB)
    with open(src, "rb") as s, open(dest, "r+b") as d:
        s.seek(src_offset)
        left = length if length is not None else os.fstat(s.fileno()).st_size - src_offset
        pos = offset
        while left > 0:
            data = s.read(min(chunk, left))
            if not data:
                break
            if data != zero[:len(data)]:
                d.seek(pos)
                d.write(data)
            pos += len(data)
            left -= len(data)


def partitions(image: Path) -> list[Partition]:
    table = json.loads(_run("sfdisk", "--json", str(image)).stdout)["partitiontable"]
    unit = table.get("sectorsize", SECTOR)
    return [Partition(p["start"] * unit, p["size"] * unit, p["type"]) for p in table["partitions"]]


def label_id(image: Path) -> str | None:
    """The MBR's disk identifier (Raspberry Pi OS names its partitions by it: root=PARTUUID=<id>-02)."""
    return json.loads(_run("sfdisk", "--json", str(image)).stdout)["partitiontable"].get("id")


def extract(image: Path, part: Partition, out: Path) -> None:
    out.unlink(missing_ok=True)
    with open(out, "wb") as f:
        f.truncate(part.size)
    _copy_at(image, out, 0, part.size, part.start)


def unpack_fat(fat_img: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    _run("mcopy", "-s", "-p", "-m", "-n", "-i", str(fat_img), "::/*", str(dest))


def unpack_ext4(ext4_img: Path, dest: Path) -> None:
    """Every file, with its owner, mode and times (debugfs's rdump, as root)."""
    dest.mkdir(parents=True, exist_ok=True)
    _run("debugfs", "-R", f"rdump / {dest}", str(ext4_img))
