"""MicroPython onto a Pico in BOOTSEL mode: a Pico plugged in with BOOTSEL held is a USB drive
(RPI-RP2) whose root holds INFO_UF2.TXT; a UF2 file copied onto it is flashed, and the Pico
restarts into it (the drive goes away as the last block lands).

    find_drives()                   the BOOTSEL drives mounted now (/proc/mounts, /media, /run/media)
    check_uf2(path)                 a UF2 for an RP2040, or FlashError naming the file
    find_uf2(explicit)              the MicroPython UF2 to copy, or FlashError naming where to get it
    copy_uf2(uf2, drive)            the copy, block by block, synced; a drive gone mid-copy is one line
"""
from __future__ import annotations

import os
import struct
from pathlib import Path

INFO_FILE = "INFO_UF2.TXT"
UF2_NAME = "micropython-rp2-pico.uf2"   # the name the emulated Pico's images use too
UF2_ENV = "MAUNZ_MICROPYTHON_UF2"
# Where the companion looks for it: the SD card's FAT partition (a maker drops it there from any
# laptop, beside companion.toml), then the companion's state directory.
UF2_PLACES = (Path("/boot/firmware"), Path("/var/lib/maunz-companion"))
UF2_SOURCE = "https://micropython.org/download/RPI_PICO/"
# The UF2 format (github.com/microsoft/uf2): 512-byte blocks, two magics at the start, one at the end.
BLOCK = 512
MAGIC_START0, MAGIC_START1, MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
FLAG_FAMILY = 0x00002000
RP2040_FAMILY = 0xE48BFF56


class FlashError(RuntimeError):
    """One line: what went wrong, naming the file, drive or port, and what to do."""


def find_drives(mounts: Path = Path("/proc/mounts"),
                roots: tuple[Path, ...] = (Path("/media"), Path("/run/media"))) -> list[Path]:
    """Mounted BOOTSEL drives: every mount point (and every folder one or two levels under
    /media and /run/media, where desktops mount drives) whose root has INFO_UF2.TXT."""
    places: list[Path] = []
    try:
        for line in mounts.read_text().splitlines():
            fields = line.split()
            if len(fields) > 2 and fields[2] in ("vfat", "msdos", "fuseblk", "exfat"):
                places.append(Path(fields[1].replace("\\040", " ")))
    except OSError:
        pass
    for root in roots:
        for pattern in ("*", "*/*"):
            try:
                places += sorted(root.glob(pattern))
            except OSError:
                pass
    found: list[Path] = []
    for place in places:
        try:
            if (place / INFO_FILE).is_file() and place not in found:
                found.append(place)
        except OSError:
            pass
    return found


def is_drive(path: Path) -> bool:
    return (path / INFO_FILE).is_file()


def check_uf2(path: Path) -> int:
    """The number of blocks of a UF2 for an RP2040; FlashError if it is not one."""
    try:
        size = path.stat().st_size
        with open(path, "rb") as f:
            head = f.read(BLOCK)
    except OSError as exc:
        raise FlashError(f"{path}: cannot be read ({exc.strerror})") from None
    if size == 0 or size % BLOCK or len(head) < BLOCK:
        raise FlashError(f"{path}: not a UF2 file ({size} bytes, not whole 512-byte blocks); download"
                         f" MicroPython's .uf2 for the Pico from {UF2_SOURCE}")
    m0, m1, flags, _addr, _size, _n, count, family = struct.unpack_from("<8I", head)
    (end,) = struct.unpack_from("<I", head, BLOCK - 4)
    if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
        raise FlashError(f"{path}: not a UF2 file (no UF2 magic in its first block); download"
                         f" MicroPython's .uf2 for the Pico from {UF2_SOURCE}")
    if flags & FLAG_FAMILY and family != RP2040_FAMILY:
        raise FlashError(f"{path}: a UF2 for another chip (family {family:#010x}, not the RP2040's);"
                         f" download the one for the Raspberry Pi Pico from {UF2_SOURCE}")
    if count != size // BLOCK:
        raise FlashError(f"{path}: a cut-off UF2 ({size // BLOCK} of {count} blocks); download it again"
                         f" from {UF2_SOURCE}")
    return count


def find_uf2(explicit: str | None = None, places: tuple[Path, ...] | None = None) -> Path:
    """The MicroPython UF2: --uf2, else $MAUNZ_MICROPYTHON_UF2, else micropython-rp2-pico.uf2 on
    the SD card's FAT partition or in the state directory."""
    chosen = explicit or os.environ.get(UF2_ENV)
    if chosen:
        if not Path(chosen).is_file():
            raise FlashError(f"{chosen}: no such file; download MicroPython for the Pico from {UF2_SOURCE}"
                             " and name that file")
        return Path(chosen)
    places = UF2_PLACES if places is None else places
    for place in places:
        if (place / UF2_NAME).is_file():
            return place / UF2_NAME
    where = " or ".join(str(p) for p in places)
    raise FlashError(f"{UF2_NAME} is missing (looked in {where}); download MicroPython for the Pico from"
                     f" {UF2_SOURCE} and save it as {UF2_NAME} on the SD card's boot partition (or pass --uf2 FILE)")


def copy_uf2(uf2: Path, drive: Path, progress=None) -> int:
    """Copy `uf2` onto the BOOTSEL drive block by block (checked first: nothing that is not a UF2
    for an RP2040 is copied); the bytes written. `progress(done, total)` after each 64 blocks."""
    count = check_uf2(uf2)
    if not is_drive(drive):
        raise FlashError(f"{drive}: not a Pico in BOOTSEL mode (no {INFO_FILE}); hold BOOTSEL while"
                         " plugging the Pico in")
    total = count * BLOCK
    done = 0
    try:
        with open(uf2, "rb") as src, open(drive / uf2.name, "wb") as dst:
            while chunk := src.read(64 * BLOCK):
                dst.write(chunk)
                dst.flush()
                done += len(chunk)
                if progress is not None:
                    progress(done, total)
                if done < total and not is_drive(drive):  # unplugged (or unmounted) mid-copy
                    raise OSError(5, "no longer mounted")
            try:
                os.fsync(dst.fileno())
            except OSError:
                pass  # the Pico restarts as the last block lands: the drive may be gone already
    except OSError as exc:
        if done >= total:
            return done   # written whole; the drive left as the Pico restarted
        raise FlashError(f"{drive}: the drive went away after {done} of {total} bytes ({exc.strerror});"
                         " keep the Pico plugged in, hold BOOTSEL, plug it in again and retry") from None
    return done
