"""`companion bench image`: build the SD-card image (companion image build, as root) and print
its figures: the build's time by step, the raw and xz sizes (the issue's bounds: raw <= 2 GB,
xz <= 500 MB). A build takes many minutes under qemu-user; `--base FILE.img.xz` customises an
official Raspberry Pi OS image instead of making a Debian root."""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path


def main(argv: list[str]) -> int:
    from companion.image.build import build, unavailable
    from companion.image.disk import ImageError

    p = argparse.ArgumentParser(prog="companion bench image")
    p.add_argument("--base", default="debian")
    p.add_argument("--wheelhouse", metavar="DIR", help="Python packages from here instead of PyPI")
    p.add_argument("--keep", metavar="FILE", help="keep the image here (default: a temporary file, removed)")
    p.add_argument("--cache", metavar="DIR", help="the arm64 root's cache: a warm build when it holds one")
    args = p.parse_args(argv)
    why = unavailable()
    if why:
        print(f"companion bench image: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="maunz-image-", dir="/var/tmp") as tmp:
        out = Path(args.keep) if args.keep else Path(tmp) / "maunz.img"
        try:
            f = build(out, args.base, wheelhouse=Path(args.wheelhouse) if args.wheelhouse else None,
                      cache=Path(args.cache) if args.cache else None)
        except ImageError as exc:
            print(f"companion bench image: {exc}", file=sys.stderr)
            return 1
    for key in ("root_s", "install_s", "disk_s", "xz_s"):
        print(f"image_{key} {f[key]:.0f}")
    print(f"image_raw_mb {f['raw_bytes'] / 1e6:.0f}")
    print(f"image_xz_mb {f['xz_bytes'] / 1e6:.0f}")
    print(f"image_build_s {f['total_s']:.0f}")
    return 0
