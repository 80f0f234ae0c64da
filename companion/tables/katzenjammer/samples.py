"""Katzenjammer's sample screens (its chooser and its board), for `companion screens` and the
golden tests (gathered by companion/tables/samples.py)."""
from __future__ import annotations

from companion.tables.katzenjammer import phrases  # noqa: F401  (its words)
from companion.ui.screens import Screen, msg

#: the chooser's options as its table words them (chooser.py): the phrase kj.opt.steps inside
#: the menu line, worded in the screen's language
kj = tuple(msg("kj.opt.steps", steps=f"+{n}", field=10 + n) for n in (1, 2, 3))

SAMPLES = {
    "kj_choose": Screen("menu", title=msg("head.kj.1", dice="714 7 · 10"),
                        lines=(msg("menu_item", mark=" ", title=kj[0]),
                               msg("menu_item", mark=">", title=kj[1]),
                               msg("menu_item", mark=" ", title=kj[2]),
                               msg("kj.keys"))),
    "kj_board": Screen("kj_board", extra=(
        ("position", "r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553"),)),
}
