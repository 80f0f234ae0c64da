"""The companion's user interface: OLED screens (rendered with Pillow), LED colours, languages."""
from __future__ import annotations

from companion.ui.screens import Msg, Pool, Screen, msg


def render(screen: Screen, language: str = "de"):
    """The 128x64 mode-"1" PIL image for a screen, in German ("de") or English ("en")."""
    from companion.ui.render import render as _render

    return _render(screen, language)


__all__ = ["Msg", "Pool", "Screen", "msg", "render"]
