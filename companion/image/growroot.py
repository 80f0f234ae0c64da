"""`companion growroot`: the image's root partition grown to fill the card, at first boot
(systemd/companion-growroot.service). The image is small (its root has a few hundred MiB free);
a 32 GB card would otherwise stay mostly unused, and the journal and an update's second release
need room.

The card's table is an MBR (the Pi's boot ROM needs one; systemd-repart only grows GPT disks),
so this does what growpart does for MBR: the root's entry in the table gets the card's remaining
sectors (one 4-byte field of one sector, written and synced: a power cut leaves the old or the
new size), the kernel is told with `resizepart` (BLKPG: the mounted root is not re-read), then
ext4 grows while mounted (`resize2fs`, journalled). Only the disk's last partition is grown, and
only into free space after it; run again it finds nothing to do."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.cliargs import OneLineParser

SECTOR = 512
ALIGN = 2048  # sectors: the end on a 1 MiB boundary, as partitioning tools leave it
MIN_GAIN = 16 * 2048  # below 16 MiB it is not worth a resize


class GrowError(RuntimeError):
    pass


@dataclass(frozen=True)
class Entry:
    number: int  # 1-4
    type: int
    start: int  # sectors
    size: int


def entries(mbr: bytes) -> list[Entry]:
    if len(mbr) < SECTOR or mbr[510:512] != b"\x55\xaa":
        raise GrowError("no MBR partition table (no 55 AA signature)")
    out = []
    for i in range(4):
        e = mbr[446 + 16 * i: 462 + 16 * i]
        if e[4]:
            out.append(Entry(i + 1, e[4], int.from_bytes(e[8:12], "little"), int.from_bytes(e[12:16], "little")))
    return out


def new_size(mbr: bytes, number: int, disk_sectors: int) -> int | None:
    """The partition's size in sectors once grown to the disk's end, or None when it already fills
    (almost) all of it."""
    table = entries(mbr)
    if any(e.type == 0xEE for e in table):
        raise GrowError("a GPT disk (protective MBR): grow it with systemd-repart or growpart")
    part = next((e for e in table if e.number == number), None)
    if part is None:
        raise GrowError(f"partition {number} is not in the MBR")
    if any(e.start > part.start for e in table):
        raise GrowError(f"partition {number} is not the last on the disk; nothing is grown")
    end = min(disk_sectors, 1 << 32) // ALIGN * ALIGN
    size = end - part.start
    return size if size - part.size >= MIN_GAIN else None


def set_size(mbr: bytearray, number: int, size: int) -> None:
    at = 446 + 16 * (number - 1) + 12
    mbr[at:at + 4] = size.to_bytes(4, "little")


def root_partition(sys_block: Path = Path("/sys/dev/block")) -> tuple[Path, Path, int]:
    """(the disk's device, the root partition's device, its number), from the root's st_dev."""
    dev = os.stat("/").st_dev
    node = (sys_block / f"{os.major(dev)}:{os.minor(dev)}").resolve()
    number_file = node / "partition"
    if not number_file.exists():
        raise GrowError(f"/ is on /dev/{node.name}, not a partition of a disk")
    return Path("/dev") / node.parent.name, Path("/dev") / node.name, int(number_file.read_text())


def grow() -> str:
    disk, part, number = root_partition()
    sectors = int((Path("/sys/class/block") / disk.name / "size").read_text())
    fd = os.open(disk, os.O_RDWR | os.O_SYNC)
    try:
        mbr = bytearray(os.pread(fd, SECTOR, 0))
        size = new_size(bytes(mbr), number, sectors)
        if size is None:
            return f"{part} already fills {disk}"
        old = next(e.size for e in entries(bytes(mbr)) if e.number == number)
        set_size(mbr, number, size)
        os.pwrite(fd, bytes(mbr), 0)
        os.fsync(fd)
    finally:
        os.close(fd)
    for cmd in (["resizepart", str(disk), str(number), str(size)], ["resize2fs", str(part)]):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise GrowError(f"{cmd[0]} failed: {(proc.stderr or proc.stdout).strip()[-300:]}")
    return f"{part} grown from {old * SECTOR / 1e9:.2f} GB to {size * SECTOR / 1e9:.2f} GB"


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion growroot", description="grow the root partition and its file system to fill"
                      " the card (run once at first boot by companion-growroot.service, as root)")
    p.parse_args(argv)
    try:
        print(f"companion growroot: {grow()}")
    except (GrowError, OSError) as exc:
        # never a boot loop: the system runs on in the space it has
        print(f"companion growroot: the root was not grown: {exc}", file=sys.stderr)
    return 0
