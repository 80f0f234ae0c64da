"""The one-line caption under the page's OLED (TableView.instruction, Screen.instruction): a
menu's marks stay ("> " the cursor), their padding does not ("> 1 ·   3" was shown)."""
from __future__ import annotations

import re

from companion.ui.screens import Screen, msg
from tests.test_katzenjammer_settings import start
from tests.test_katzenjammer_table import press


def test_a_menus_caption_keeps_the_marks_not_the_padding():
    screen = Screen("menu", lines=(msg("menu_item", mark=" ", title="Katzenjammer"),
                                   msg("menu_item", mark=">", title="Cat Attack"),
                                   msg("menu_keys")))
    assert screen.instruction("en") == "Katzenjammer · > Cat Attack · OK = choose · CAT = next"
    assert screen.lines[0].text("en") == "  Katzenjammer"  # the OLED's line keeps its indent


def test_katzenjammers_caption_on_the_page_has_no_stray_spaces(tmp_path):
    c, p = start(tmp_path, 'game = "katzenjammer"\nplayers = 3\nlanguage = "en"\n', seed=2)
    seen = []
    for _ in range(30):  # red's menus: several options each, the cursor on one of them
        press(c, p, "cat")
        caption = c.snapshot()["instruction"]
        seen.append(caption)
        assert "  " not in caption and caption == caption.strip(), caption
        assert all(part.strip() == part and part for part in caption.split(" · ")), caption
        press(c, p, "ok")
    assert any(re.search(r"(^|· )> ", caption) for caption in seen)
    assert any(caption.count(" · ") >= 2 for caption in seen)  # menus of more than one option
    c.close()
