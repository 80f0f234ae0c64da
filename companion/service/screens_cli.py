"""`companion screens --out DIR`: every sample screen (the shared ones and each game's,
companion/tables/samples.py) in German and English as PNG files
(scaled up 4x with --scale 4 for reading on a laptop; 1 gives the real 128x64 image), every page
of a long one (`lift.p2.de.png`)."""
from __future__ import annotations

from pathlib import Path

from companion.ui import i18n
from companion.ui.render import page_count, render
from companion.tables.samples import sample_screens
from companion.cliargs import OneLineParser


def page_file(name: str, language: str, page: int) -> str:
    """'lift.de.png' for the first page, 'lift.p2.de.png' for the second, ..."""
    return f"{name}.{language}.png" if page == 0 else f"{name}.p{page + 1}.{language}.png"


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="companion screens", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path, help="directory for the PNG files")
    ap.add_argument("--scale", type=int, default=1, help="integer zoom factor (default 1)")
    args = ap.parse_args(argv)
    if args.scale < 1:
        ap.error(f"--scale {args.scale}: must be 1 or more")
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"companion screens: cannot create --out {args.out}: {exc.strerror}; choose a"
              " writable directory")
        return 2
    count = 0
    for language in i18n.LANGUAGES:
        for name, screen in sample_screens().items():
            for page in range(page_count(screen, language)):  # a long instruction: every page
                img = render(screen, language, page)
                if args.scale > 1:
                    img = img.resize((img.width * args.scale, img.height * args.scale))
                img.save(args.out / page_file(name, language, page))
                count += 1
    print(f"wrote {count} screens to {args.out}")
    return 0
