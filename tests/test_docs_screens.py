"""The OLED screens shown in the README (docs/screens/) are what the renderer draws today."""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from companion.ui import i18n
from companion.ui.render import render
from companion.ui.samples import sample_screens

DOCS = Path(__file__).resolve().parent.parent / "docs" / "screens"


def test_readme_screens_are_up_to_date():
    stale = []
    for name, screen in sample_screens().items():
        for language in i18n.LANGUAGES:
            path = DOCS / f"{name}.{language}.png"
            img = render(screen, language)
            img = img.resize((img.width * 2, img.height * 2))
            if not path.exists() or ImageChops.difference(
                    img.convert("L"), Image.open(path).convert("L")).getbbox() is not None:
                stale.append(path.name)
    assert not stale, f"stale README screens {stale}; run: companion screens --out docs/screens --scale 2"
