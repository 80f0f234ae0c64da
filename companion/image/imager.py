"""The Raspberry Pi Imager repository file (`os_list` JSON) of a release: with it a family picks
"maunz. companion" in Imager's list and writes the card, nothing built by them
(.github/workflows/release.yml publishes it beside the image).

Imager reads, per entry: name, description, icon (a URL), url (the .img.xz), extract_size and
extract_sha256 (of the raw image: Imager checks what it wrote), image_download_size and
image_download_sha256 (of the .img.xz), release_date (YYYY-MM-DD) and devices (the board tags
of Imager's own list the image starts on). No init_format: the image is configured by wifi.txt
and companion.toml on the card (docs/IMAGE.md), not by Imager's cloud-init customisation, which
Imager then does not offer.

`companion image os-list IMAGE.img.xz --version V --url-base URL [--icon URL] [--date YYYY-MM-DD] [--out FILE]`.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import lzma
import re
import sys
from pathlib import Path

NAME = "maunz. companion"
DESCRIPTION = ("The referee for tabletop cat games (maunz./boop., Monster Mau Mau, Katzenjammer, Cats, Cat Attack): "
               "put wifi.txt and companion.toml on the card, the page answers at http://maunz.local/")
#: Debian's raspi-firmware and linux-image-arm64 start a Pi 3 and a Pi 4 (docs/IMAGE.md)
DEVICES = ("pi3-64bit", "pi4-64bit")
REQUIRED = {"name": str, "description": str, "icon": str, "url": str, "extract_size": int, "extract_sha256": str,
            "image_download_size": int, "image_download_sha256": str, "release_date": str, "devices": list}
CHUNK = 1 << 20


class ImagerError(ValueError):
    """One line: the file or field and what is wrong."""


def _sha_and_size(stream) -> tuple[str, int]:
    h, n = hashlib.sha256(), 0
    while chunk := stream.read(CHUNK):
        h.update(chunk)
        n += len(chunk)
    return h.hexdigest(), n


def entry(image_xz: Path, url_base: str, icon: str, version: str, date: datetime.date) -> dict:
    image_xz = Path(image_xz)
    if not image_xz.name.endswith(".img.xz"):
        raise ImagerError(f"{image_xz}: not an .img.xz (companion image build writes OUT.img and OUT.img.xz)")
    with open(image_xz, "rb") as f:
        download_sha, download_size = _sha_and_size(f)
    try:
        with lzma.open(image_xz) as f:
            extract_sha, extract_size = _sha_and_size(f)
    except lzma.LZMAError as exc:
        raise ImagerError(f"{image_xz}: not a readable xz file ({exc})") from None
    return {
        "name": f"{NAME} {version}",
        "description": DESCRIPTION,
        "icon": icon,
        "url": f"{url_base.rstrip('/')}/{image_xz.name}",
        "extract_size": extract_size,
        "extract_sha256": extract_sha,
        "image_download_size": download_size,
        "image_download_sha256": download_sha,
        "release_date": date.isoformat(),
        "devices": list(DEVICES),
    }


def os_list(entries: list[dict]) -> dict:
    doc = {"os_list": entries}
    validate(doc)
    return doc


def validate(doc: dict) -> None:
    """What Imager needs of each entry, checked (one line naming the entry and field if not)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("os_list"), list) or not doc["os_list"]:
        raise ImagerError("os_list: a JSON object with a non-empty list \"os_list\" is needed")
    for i, e in enumerate(doc["os_list"]):
        for key, kind in REQUIRED.items():
            if not isinstance(e.get(key), kind) or isinstance(e.get(key), bool):
                raise ImagerError(f"os_list[{i}].{key}: missing or not a {kind.__name__}")
        for key in ("extract_sha256", "image_download_sha256"):
            if not re.fullmatch(r"[0-9a-f]{64}", e[key]):
                raise ImagerError(f"os_list[{i}].{key}: not a SHA-256 in lower-case hex")
        for key in ("url", "icon"):
            if not e[key].startswith("https://"):
                raise ImagerError(f"os_list[{i}].{key}: Imager fetches over https; give an https:// URL")
        if not e["url"].endswith(".img.xz"):
            raise ImagerError(f"os_list[{i}].url: not an .img.xz")
        try:
            datetime.date.fromisoformat(e["release_date"])
        except ValueError:
            raise ImagerError(f"os_list[{i}].release_date: not YYYY-MM-DD") from None
        if e["extract_size"] <= 0 or e["image_download_size"] <= 0:
            raise ImagerError(f"os_list[{i}]: a size of 0")
        if not e["devices"] or not all(isinstance(d, str) for d in e["devices"]):
            raise ImagerError(f"os_list[{i}].devices: a list of Imager's device tags is needed")


def write(image_xz: Path, out: Path, url_base: str, icon: str | None, version: str,
          date: datetime.date | None = None) -> Path:
    icon = icon or f"{url_base.rstrip('/')}/maunz-companion.png"
    doc = os_list([entry(image_xz, url_base, icon, version, date or datetime.date.today())])
    Path(out).write_text(json.dumps(doc, indent=2) + "\n")
    return Path(out)


def icon_png(out: Path) -> Path:
    """Imager's list icon (40x40): "m." white on black, as the companion's OLED draws it."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, 39, 39), radius=8, fill=(0, 0, 0, 255))
    font = ImageFont.load_default(size=22)
    d.text((20, 19), "m.", font=font, fill=(255, 255, 255, 255), anchor="mm")
    img.save(out)
    return Path(out)


def main(argv: list[str]) -> int:
    from companion.cliargs import OneLineParser

    p = OneLineParser(prog="companion image os-list", description="the Raspberry Pi Imager repository file of an image")
    p.add_argument("image", metavar="IMAGE.img.xz")
    p.add_argument("--version", required=True, help="the release's version (shown in Imager's list)")
    p.add_argument("--url-base", required=True, metavar="URL", help="where the image is published (https://...)")
    p.add_argument("--icon", metavar="URL", help="the icon's URL (default URL-BASE/maunz-companion.png)")
    p.add_argument("--date", help="the release date, YYYY-MM-DD (default today)")
    p.add_argument("--out", default="os_list.json", help="the file written (default os_list.json)")
    p.add_argument("--icon-out", metavar="FILE", help="also draw the icon (40x40 PNG) to publish beside it")
    args = p.parse_args(argv)
    try:
        date = datetime.date.fromisoformat(args.date) if args.date else None
    except ValueError:
        print(f"companion image os-list: --date {args.date}: not YYYY-MM-DD", file=sys.stderr)
        return 2
    try:
        out = write(Path(args.image), Path(args.out), args.url_base, args.icon, args.version, date)
    except (ImagerError, OSError) as exc:
        print(f"companion image os-list: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {out}")
    if args.icon_out:
        print(f"wrote {icon_png(Path(args.icon_out))}")
    return 0
