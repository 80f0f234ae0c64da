"""The OLED screens shown in the README (docs/screens/) are what the renderer draws today."""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from companion.ui import i18n
from companion.ui.render import page_count, render
from companion.service.screens_cli import page_file
from companion.tables.samples import sample_screens

DOCS = Path(__file__).resolve().parent.parent / "docs" / "screens"


def test_readme_screens_are_up_to_date():
    stale = []
    expected = set()
    for language in i18n.LANGUAGES:
        for name, screen in sample_screens().items():
            for page in range(page_count(screen, language)):
                path = DOCS / page_file(name, language, page)
                expected.add(path.name)
                img = render(screen, language, page)
                img = img.resize((img.width * 2, img.height * 2))
                if not path.exists() or ImageChops.difference(
                        img.convert("L"), Image.open(path).convert("L")).getbbox() is not None:
                    stale.append(path.name)
    stale += sorted({p.name for p in DOCS.glob("*.png")} - expected)  # screens no longer drawn
    assert not stale, f"stale README screens {stale}; run: companion screens --out docs/screens --scale 2"
