"""The OLED's size and font, shared by everything that draws on it: `render` (the screens) and
`katzenjammer_board` (the board). In a module of their own below both, because `render` hands
the Katzenjammer board screen to `katzenjammer_board`, which must not import `render` back.

The font is Pillow's built-in bitmap font (`ImageFont.load_default_imagefont()`, 6x11 cells,
Latin-1, so German umlauts and ß render); it ships inside Pillow, nothing is downloaded.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

WIDTH, HEIGHT = 128, 64


@lru_cache(maxsize=1)
def font() -> ImageFont.ImageFont:
    return ImageFont.load_default_imagefont()
