"""The companion's user interface: OLED screens as plain values (`screens`), LED colours
(`palette`), languages (`i18n`) — all pure — and their rendering to images with Pillow
(`companion.ui.render`, imported only by whoever draws: the service and `companion screens`),
so the table logic that composes screens never loads Pillow."""
from __future__ import annotations

from companion.ui.screens import Msg, Pool, Screen, msg

__all__ = ["Msg", "Pool", "Screen", "msg"]
