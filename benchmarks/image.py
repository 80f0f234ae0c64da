"""`companion bench image`: build the SD-card image (companion image build, as root) and boot it
under qemu-system-aarch64 -M virt; print the build's time by step, the raw and xz sizes (the
issue's bounds: raw <= 2 GB, xz <= 500 MB), power-on to READY and the page's first byte after it.

A build takes many minutes under qemu-user; `--cache DIR` keeps the arm64 root (a warm build
starts from it), `--image FILE` boots an image built before instead of building one.

Power-on to READY on a Pi 4 is estimated, not measured: the VM's CPython speed is measured
against this machine's in the same run (the same pure-Python loop, in the VM over ssh and here;
PROBE_RUNS runs on each side and the fastest of each, since a run slowed by other load on the
two cores is noise, not the machine: one run each once read 3.9x and the next time 24.3x),
which turns the VM's seconds into this machine's, and those are multiplied by the factor the
project's Pi budget uses for a Pi 4 core against this machine (benchmarks/pibudget.py: 5). Disk
and kernel time are scaled like CPU time, which a Pi's SD card may not match."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PROBE_RUNS = 5


def probe_text(loops: int = 3_000_000, runs: int = PROBE_RUNS) -> str:
    """The CPython speed probe, the same here and in the VM: a pure-Python loop, timed `runs`
    times, one line of seconds each."""
    return (f"import time\nfor _ in range({runs}):\n t=time.perf_counter();s=0\n"
            f" for i in range({loops}): s+=i*i%7\n print(time.perf_counter()-t)")


PROBE = probe_text()


def probe_times(out: str) -> list[float]:
    """The probe's lines of seconds."""
    return [float(line) for line in out.split()]


def slowdown(in_vm: list[float], here: list[float]) -> float:
    """How many times slower the VM runs the probe: the fastest run there over the fastest here
    (the least disturbed of each)."""
    if not in_vm or not here or min(here) <= 0:
        raise ValueError(f"the CPython probe gave no usable times (VM {in_vm}, here {here})")
    return min(in_vm) / min(here)


def pi4_estimate(vm_seconds: float, vm_slowdown: float, factor: float) -> float:
    """The VM's seconds as this machine's (/ the slowdown), then as a Pi 4's (x the factor)."""
    return vm_seconds / vm_slowdown * factor


def probe_here() -> list[float]:
    """The probe run here as in the VM: a fresh python3 with the same text."""
    out = subprocess.run(["python3", "-c", PROBE], capture_output=True, text=True, check=True).stdout
    return probe_times(out)


def boot(image: Path, work: Path, log=print, grow_to: int = 4 << 30) -> dict:
    """One first boot of `image` (copied; the card written as a maker would): its figures."""
    from benchmarks.pibudget import FACTOR
    from companion.image import vm

    ssh = vm.Ssh(work)
    disk = vm.copy_image(image, work / "card.img", grow_to)
    vm.card_write(disk, {"companion.toml": vm.CARD_CONFIG, "wifi.txt": vm.WIFI, "ssh.pub": ssh.public})
    m = vm.Vm(disk, work, {"http": 80, "ssh": 22}, log=log)
    try:
        f = m.wait_ready(ssh, 1200)
        f["first_byte_ms"] = m.first_byte("/") * 1000
        log(f"power-on to READY {f['power_on_to_ready_s']:.1f} s ({f['restarts']} starts given up before it),"
            f" the page's first byte after it {f['first_byte_ms']:.0f} ms")
        in_vm = probe_times(ssh.run(m, "python3", "-c", PROBE).stdout)
        here = probe_here()
        f["vm_slowdown"] = slowdown(in_vm, here)
        f["vm_slowdown_spread"] = (max(in_vm) / max(min(here), 1e-9), min(in_vm) / max(here))
        f["pi4_power_on_to_ready_s"] = pi4_estimate(f["power_on_to_ready_s"], f["vm_slowdown"], FACTOR)
        f["root_bytes"] = int(ssh.run(m, "findmnt", "-bno", "SIZE", "/").stdout.strip())
        ssh.run(m, "systemctl", "poweroff", check=False)
        m.wait_exit(300)
    finally:
        m.kill()
    return f


def main(argv: list[str]) -> int:
    from companion.image import deps, vm
    from companion.image.build import build, unavailable
    from companion.image.disk import ImageError

    p = argparse.ArgumentParser(prog="companion bench image")
    p.add_argument("--base", default="debian")
    p.add_argument("--wheelhouse", metavar="DIR", help="Python packages from here instead of PyPI")
    p.add_argument("--keep", metavar="FILE", help="keep the image here (default: a temporary file, removed)")
    p.add_argument("--cache", metavar="DIR", help="the arm64 root's cache: a warm build when it holds one")
    p.add_argument("--image", metavar="FILE", help="boot this image (built before) instead of building one")
    p.add_argument("--no-boot", action="store_true", help="build only (no qemu-system-aarch64 boot)")
    args = p.parse_args(argv)
    if os.geteuid() == 0:  # what this run needs, installed (companion image deps)
        why = deps.install({**({} if args.image else deps.BUILD), **({} if args.no_boot else deps.BOOT)},
                           say=lambda s: print(f"image: {s}", flush=True))
        if why:
            print(f"companion bench image: {why}", file=sys.stderr)
            return 2
    why = None if args.image else unavailable()
    why = why or (None if args.no_boot else vm.unavailable())
    if why:
        print(f"companion bench image: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="maunz-image-", dir="/var/tmp") as tmp:
        out = Path(args.image or args.keep or Path(tmp) / "maunz.img")
        try:
            if not args.image:
                f = build(out, args.base, wheelhouse=Path(args.wheelhouse) if args.wheelhouse else None,
                          cache=Path(args.cache) if args.cache else None)
                for key in ("root_s", "install_s", "disk_s", "xz_s"):
                    print(f"image_{key} {f[key]:.0f}")
                print(f"image_raw_mb {f['raw_bytes'] / 1e6:.0f}")
                print(f"image_xz_mb {f['xz_bytes'] / 1e6:.0f}")
                print(f"image_build_s {f['total_s']:.0f}")
            if not args.no_boot:
                b = boot(out, Path(tmp), log=lambda s: print(f"image: {s}", flush=True))
                print(f"image_root_grown_to_gb {b['root_bytes'] / 1e9:.2f} (a 4.3 GB card)")
                low, high = sorted(b["vm_slowdown_spread"])
                print(f"image_vm_cpython_slowdown {b['vm_slowdown']:.1f} (the VM against this machine: the fastest"
                      f" of {PROBE_RUNS} runs on each side; single runs ranged {low:.1f}-{high:.1f})")
                print(f"image_first_byte_after_ready_ms {b['first_byte_ms']:.0f}")
                print(f"image_pi4_power_on_to_ready_s {b['pi4_power_on_to_ready_s']:.0f} (estimated: the VM's"
                      f" seconds / {b['vm_slowdown']:.1f} x the Pi 4 factor of benchmarks/pibudget.py)")
                print(f"image_service_starts_given_up_before_ready {b['restarts']} (systemd's start timeout, 1 min)")
                print(f"image_power_on_to_ready_s {b['power_on_to_ready_s']:.0f}")
        except ImageError as exc:
            print(f"companion bench image: {exc}", file=sys.stderr)
            return 1
    return 0
