"""The companion's user interface: OLED screens (rendered with Pillow), LED colours, languages."""
from __future__ import annotations

from companion.ui.screens import Msg, Pool, Screen, msg
# Imported eagerly so `companion.ui.render` is the function, not the submodule of that name.
from companion.ui.render import render

__all__ = ["Msg", "Pool", "Screen", "msg", "render"]
