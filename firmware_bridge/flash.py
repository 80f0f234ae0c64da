"""`companion flash`: copy the bridge firmware to a Raspberry Pi Pico running MicroPython.

    companion flash [--port /dev/serial/by-id/...] [--bed reed|hall] [--dry-run]

It bakes the firmware hash into bridgefw/fwhash.py (HELLO reports it, the host compares) and the
bed it scans into bridgefw/bedcfg.py (`--bed hall`: the hall-effect bed, its pins and default
thresholds from wiring/pins.toml [hall]), asks a
running bridge firmware to STOP (it disables Ctrl-C while speaking binary), then runs mpremote:
mkdir :bridgefw, cp every firmware file, cp main.py, reset.
"""
from __future__ import annotations

import glob
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import fwinfo
from companion.cliargs import OneLineParser

PICO_VID = 0x2E8A  # Raspberry Pi


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


def mpremote_commands(mpremote: list[str], port: str, staged: Path) -> list[list[str]]:
    base = mpremote + ["connect", port]
    pkg = fwinfo.PACKAGE_ON_PICO
    mkdir = f"import os; '{pkg}' in os.listdir() or os.mkdir('{pkg}')"
    cmds = [base + ["exec", mkdir]]
    files = list(fwinfo.PACKAGE_FILES) + ["fwhash.py", "bedcfg.py"]
    cp = base + ["fs", "cp"] + [str(staged / f) for f in files] + [f":{pkg}/"]
    cmds.append(cp)
    cmds.append(base + ["fs", "cp", str(staged / "main.py"), ":main.py"])
    cmds.append(base + ["reset"])
    return cmds


def stage(dest: Path, hall: dict | None = None) -> bytes:
    """Copy the firmware files to dest with fwhash.py and bedcfg.py; return the hash."""
    digest = fwinfo.firmware_hash()
    for name in fwinfo.PACKAGE_FILES + ("main.py",):
        shutil.copyfile(fwinfo.FIRMWARE_DIR / name, dest / name)
    (dest / "fwhash.py").write_text(fwinfo.fwhash_module(digest))
    (dest / "bedcfg.py").write_text(fwinfo.bedcfg_module(hall))
    return digest


def stop_running_firmware(port: str) -> None:
    """Ask a running bridge firmware to leave its loop so mpremote gets a REPL. Harmless at a
    REPL: mpremote interrupts and enters raw REPL anyway."""
    try:
        import serial

        from .firmware.framing import encode_frame
        from .firmware.messages import encode
    except ImportError:
        return
    try:
        with serial.Serial(port, 115200, timeout=0.2, write_timeout=1) as ser:
            ser.write(b"\x00" + encode_frame(encode("STOP")))
            ser.flush()
            time.sleep(0.3)
    except (serial.SerialException, OSError):
        pass  # mpremote will report the real problem


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion flash", description=__doc__.splitlines()[0])
    ap.add_argument("--port", help="the Pico's serial device, e.g. /dev/serial/by-id/usb-MicroPython_...")
    ap.add_argument("--bed", choices=("reed", "hall"), default="reed",
                    help="the bed the Pico scans: reed switches, or the hall-effect sensors "
                         "(pins and thresholds from wiring/pins.toml [hall])")
    ap.add_argument("--pins", help="the wiring file (default: wiring/pins.toml)")
    ap.add_argument("--dry-run", action="store_true", help="print the mpremote commands, run nothing")
    args = ap.parse_args(argv)
    hall = None
    if args.bed == "hall":
        from wiring.pins import PinMapError, load_pins
        try:
            hall = load_pins(args.pins).hall
        except PinMapError as exc:   # names the file, the key and the fix
            print(f"companion flash: {exc}", file=sys.stderr)
            return 2

    exe = shutil.which("mpremote")
    mpremote = [exe] if exe else ["mpremote"]
    if not exe and not args.dry_run:
        print("companion flash: mpremote not found on PATH; install it with "
              "`pip install mpremote` (in this venv) and retry", file=sys.stderr)
        return 2
    port = args.port
    if port is None:
        picos = find_picos()
        if len(picos) > 1 and not args.dry_run:
            print(f"companion flash: several Picos found ({', '.join(picos)}); choose one with --port",
                  file=sys.stderr)
            return 2
        if not picos and not args.dry_run:
            print("companion flash: no Raspberry Pi Pico found (no /dev/serial/by-id/usb-MicroPython* "
                  "and no USB serial device with vendor id 2e8a); plug it in with a data cable, "
                  "flash MicroPython on it first (hold BOOTSEL, copy the .uf2), or pass --port",
                  file=sys.stderr)
            return 2
        port = picos[0] if picos else "auto"
    elif not args.dry_run and not Path(port).exists():
        print(f"companion flash: {port} does not exist; check the cable or pass the right --port",
              file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="bridgefw-") as tmp:
        staged = Path(tmp)
        digest = stage(staged, hall)
        cmds = mpremote_commands(mpremote, port, staged)
        if args.dry_run:
            print(f"# firmware hash {digest.hex()}; {args.bed} bed; files staged in {staged} "
                  "(removed after a dry run)")
            if port != "auto":
                print(f"# first: send STOP to {port} (leaves a running bridge firmware)")
            for cmd in cmds:
                print(shlex.join(cmd))
            return 0
        stop_running_firmware(port)
        for cmd in cmds:
            print("+ " + shlex.join(cmd), flush=True)
            proc = subprocess.run(cmd)
            if proc.returncode != 0:
                print(f"companion flash: `{shlex.join(cmd[:4])} ...` failed (exit {proc.returncode}) "
                      f"on {port}; is it a Pico running MicroPython, and no other program holding "
                      "the port?", file=sys.stderr)
                return 1
    print(f"companion flash: firmware {digest.hex()} copied to {port}; the Pico restarted")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
