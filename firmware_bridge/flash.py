"""`companion flash`: a Raspberry Pi Pico made the bed's bridge, from a Pico plugged in with
BOOTSEL held, with nothing but the companion.

    companion flash [--drive DIR] [--uf2 FILE] [--port PORT] [--bed reed|hall] [--wait S] [--dry-run]

1. waits for a Pico in BOOTSEL mode (a USB drive whose root has INFO_UF2.TXT: mount points from
   /proc/mounts, /media, /run/media, or --drive) and copies MicroPython's UF2 onto it (uf2.py);
   a Pico already running MicroPython on a serial port (--port, or found) skips this step;
2. waits for it to come back as a serial port, and copies the bridge firmware's files through
   MicroPython's raw REPL (rawrepl.py), with the firmware hash baked into bridgefw/fwhash.py and
   the bed it scans into bridgefw/bedcfg.py (`--bed hall`: wiring/pins.toml [hall]);
3. soft-reboots it and checks the protocol version and the firmware hash in its HELLO.

`flash_pico` is the same steps for the service (a card, or a BOOTSEL drive noticed at the table):
each step goes to `progress(step, **detail)`, which the service shows on the OLED.
"""
from __future__ import annotations

import glob
import shutil
import sys
import tempfile
import time
from pathlib import Path

from . import fwinfo, uf2
from .uf2 import FlashError
from companion.cliargs import OneLineParser

PICO_VID = 0x2E8A  # Raspberry Pi
PORT_WAIT_S = 30.0  # MicroPython's first start after the UF2 (it formats its filesystem)


def find_picos() -> list[str]:
    """Stable paths of attached Picos: /dev/serial/by-id first, else pyserial's USB listing."""
    found = sorted(glob.glob("/dev/serial/by-id/usb-MicroPython*")
                   + glob.glob("/dev/serial/by-id/usb-Raspberry_Pi_Pico*"))
    if found:
        return found
    try:
        from serial.tools import list_ports
    except ImportError:
        return []
    return sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID)


def stage(dest: Path, hall: dict | None = None) -> bytes:
    """Copy the firmware files to dest with fwhash.py and bedcfg.py; return the hash."""
    digest = fwinfo.firmware_hash()
    for name in fwinfo.PACKAGE_FILES + ("main.py",):
        shutil.copyfile(fwinfo.FIRMWARE_DIR / name, dest / name)
    (dest / "fwhash.py").write_text(fwinfo.fwhash_module(digest))
    (dest / "bedcfg.py").write_text(fwinfo.bedcfg_module(hall))
    return digest


def stop_running_firmware(port: str) -> None:
    """Ask a running bridge firmware to leave its loop for MicroPython's REPL (the flash's first
    step; it ignores Ctrl-C while it speaks binary)."""
    import serial

    from .rawrepl import STOP_FRAME

    try:
        with serial.Serial(port, 115200, timeout=0.2, write_timeout=1) as ser:
            ser.write(STOP_FRAME)
            ser.flush()
    except (serial.SerialException, OSError) as exc:
        raise FlashError(f"{port}: cannot open it ({exc}); check the cable") from None


def files_on_pico(staged: Path) -> list[tuple[Path, str]]:
    """(staged file, its path on the Pico), main.py last: a Pico cut off mid-copy keeps the old
    main.py, or none, never a main.py importing files that are not there yet."""
    pkg = fwinfo.PACKAGE_ON_PICO
    names = list(fwinfo.PACKAGE_FILES) + ["fwhash.py", "bedcfg.py"]
    return [(staged / n, f"{pkg}/{n}") for n in names] + [(staged / "main.py", "main.py")]


def _wait(what, timeout: float, poll: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        found = what()
        if found or time.monotonic() >= deadline:
            return found
        time.sleep(poll)


def copy_files(port: str, hall: dict | None, progress=lambda step, **kw: None, timeout: float = 10.0) -> bytes:
    """The bridge firmware onto a Pico running MicroPython at `port`, then a soft reboot; the hash.
    A file the Pico already holds byte for byte is not written again (a re-flash of the same
    version writes nothing and wears no flash)."""
    import hashlib

    from .rawrepl import RawRepl

    with tempfile.TemporaryDirectory(prefix="bridgefw-") as tmp:
        digest = stage(Path(tmp), hall)
        files = files_on_pico(Path(tmp))
        with RawRepl(port, timeout) as repl:
            repl.enter()
            repl.mkdir(fwinfo.PACKAGE_ON_PICO)
            there = repl.digests([remote for _local, remote in files])
            for n, (local, remote) in enumerate(files, 1):
                progress("files", done=n, total=len(files))
                data = local.read_bytes()
                if there[remote] != hashlib.sha256(data).hexdigest():
                    repl.put(data, remote)
            repl.soft_reboot()
    return digest


def check_hello(port: str, digest: bytes, timeout: float = 10.0) -> dict:
    """The HELLO of the firmware just copied: the protocol this host speaks and the hash copied."""
    from .host.link import BridgeLink, HardwareError

    link = BridgeLink(port, handshake_timeout=timeout)
    try:
        link.open()
        hello = dict(link.hello)
    except HardwareError as exc:
        raise FlashError(f"{port}: the firmware was copied but {str(exc).split(': ', 1)[-1]}") from None
    finally:
        link.close()
    if bytes(hello["fw_hash"]) != digest:
        raise FlashError(f"{port}: the Pico reports firmware {bytes(hello['fw_hash']).hex()}, not the"
                         f" {digest.hex()} just copied; run `companion flash` again")
    return hello


def flash_pico(*, drive: Path | None = None, uf2_file: str | None = None, port: str | None = None,
               hall: dict | None = None, wait_s: float = 120.0, progress=lambda step, **kw: None,
               repl_timeout: float = 10.0, port_wait_s: float = PORT_WAIT_S) -> dict:
    """The whole flash (see the module's doc); the Pico's HELLO. FlashError: one line."""
    if drive is None and port is None:
        progress("wait_drive")
        found = _wait(lambda: uf2.find_drives() or find_picos(), wait_s)
        if not found:
            raise FlashError(f"no Pico found within {wait_s:g} s: hold its BOOTSEL button while plugging it"
                             " in (it shows up as a drive RPI-RP2), then retry")
        drives = uf2.find_drives()
        drive = drives[0] if drives else None
        if drive is None:
            port = find_picos()[0]   # already running MicroPython: the files only
    if drive is not None:
        if not uf2.is_drive(drive):
            raise FlashError(f"{drive}: not a Pico in BOOTSEL mode (no {uf2.INFO_FILE}); hold BOOTSEL while"
                             " plugging the Pico in, or name its drive with --drive")
        image = uf2.find_uf2(uf2_file)
        before = set(find_picos()) if port is None else set()
        uf2.copy_uf2(image, drive, lambda done, total: progress("uf2", done=done, total=total))
        progress("wait_port")
        if port is None:
            new = _wait(lambda: sorted(set(find_picos()) - before), port_wait_s)
            port = new[0] if new else None
        elif not _wait(lambda: Path(port).exists(), port_wait_s):
            port = None
        if port is None:
            raise FlashError(f"MicroPython was copied to {drive} but no Pico serial port came up within"
                             f" {port_wait_s:g} s; unplug the Pico, plug it in without BOOTSEL and run"
                             " `companion flash` again")
    elif not Path(port).exists():
        raise FlashError(f"{port} does not exist; check the cable, or pass the right --port")
    digest = copy_files(port, hall, progress, repl_timeout)
    progress("hello")
    hello = check_hello(port, digest, max(10.0, repl_timeout))
    progress("done", firmware=digest.hex())
    return dict(hello, port=port)


_SAY = {
    "wait_drive": "waiting for a Pico: hold BOOTSEL while plugging it in",
    "wait_port": "MicroPython copied; waiting for the Pico to start",
    "hello": "files copied; the Pico restarts, checking its HELLO",
}


def _print_progress(step: str, **kw) -> None:
    if step == "uf2":
        if kw["done"] >= kw["total"] or kw["done"] % (256 * 1024) < 64 * 512:
            print(f"copying MicroPython: {kw['done'] * 100 // kw['total']}%", flush=True)
    elif step == "files":
        print(f"copying the bridge firmware: file {kw['done']} of {kw['total']}", flush=True)
    elif step in _SAY:
        print(_SAY[step], flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion flash", description="make a Raspberry Pi Pico the bed's bridge: MicroPython"
                       " onto its BOOTSEL drive, then the bridge firmware through its REPL, checked by its HELLO")
    ap.add_argument("--drive", help="the Pico's BOOTSEL drive (default: found among the mounted drives)")
    ap.add_argument("--uf2", help=f"MicroPython's UF2 (default: ${uf2.UF2_ENV}, else {uf2.UF2_NAME} in "
                    + " or ".join(str(p) for p in uf2.UF2_PLACES) + ")")
    ap.add_argument("--port", help="the Pico's serial device once MicroPython runs, e.g. /dev/serial/by-id/usb-MicroPython_...")
    ap.add_argument("--bed", choices=("reed", "hall"), default="reed",
                    help="the bed the Pico scans: reed switches, or the hall-effect sensors "
                         "(pins and thresholds from wiring/pins.toml [hall])")
    ap.add_argument("--pins", help="the wiring file (default: wiring/pins.toml)")
    ap.add_argument("--wait", type=float, default=120.0, help="seconds to wait for a Pico (default 120)")
    ap.add_argument("--dry-run", action="store_true", help="say what would be copied where, copy nothing")
    args = ap.parse_args(argv)
    hall = None
    if args.bed == "hall":
        from wiring.pins import PinMapError, load_pins
        try:
            hall = load_pins(args.pins).hall
        except PinMapError as exc:   # names the file, the key and the fix
            print(f"companion flash: {exc}", file=sys.stderr)
            return 2
    try:
        if args.dry_run:
            return _dry_run(args, hall)
        hello = flash_pico(drive=Path(args.drive) if args.drive else None, uf2_file=args.uf2, port=args.port,
                           hall=hall, wait_s=args.wait, progress=_print_progress)
    except FlashError as exc:
        print(f"companion flash: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("companion flash: stopped; run it again to finish (a Pico cut off mid-copy keeps working"
              " MicroPython)", file=sys.stderr)
        return 1
    print(f"companion flash: the Pico on {hello['port']} runs bridge firmware {bytes(hello['fw_hash']).hex()}"
          f" (protocol v{hello['version']}), {args.bed} bed")
    return 0


def _dry_run(args, hall) -> int:
    drives = [Path(args.drive)] if args.drive else uf2.find_drives()
    if args.drive and not uf2.is_drive(drives[0]):
        raise FlashError(f"{args.drive}: not a Pico in BOOTSEL mode (no {uf2.INFO_FILE}); hold BOOTSEL while"
                         " plugging the Pico in, or name its drive with --drive")
    if drives:
        image = uf2.find_uf2(args.uf2)
        uf2.check_uf2(image)
        print(f"# copy {image} to {drives[0]}")
    print(f"# then to {args.port or 'the Pico serial port that comes up'} through the raw REPL:")
    with tempfile.TemporaryDirectory(prefix="bridgefw-") as tmp:
        digest = stage(Path(tmp), hall)
        for local, remote in files_on_pico(Path(tmp)):
            print(f"{remote} ({local.stat().st_size} bytes)")
    print(f"# firmware hash {digest.hex()}; {args.bed} bed; checked in the HELLO after a soft reboot")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
