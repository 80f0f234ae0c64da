"""The simulated bed is physical: maunz. pieces left on it when another game starts stay there,
in their colours ("?" was drawn for them), while that game is played, on a page opened (or
reloaded) then, and when maunz. comes back (Debian's Chromium, headless, driven by Playwright)."""
from __future__ import annotations

import asyncio

import pytest

from tests.test_web_browser import CHROMIUM, _browser, _quiet, _shot, _start_companion, _stop

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

REED_CONTROL = ("() => fetch('/api/control', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                " body: JSON.stringify({type: 'reed', square: 'a1', occupied: true})}).then((r) => r.status)")

PIECES = "() => Object.fromEntries([...document.querySelectorAll('.sq')].filter((e) => e.dataset.piece)" \
         ".map((e) => [e.dataset.square, e.dataset.piece]))"


def test_maunz_pieces_keep_their_colours_through_another_game(tmp_path):
    from playwright.async_api import async_playwright

    from companion.web import web_url

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            async with async_playwright() as pw:
                browser = await _browser(pw)
                page = await browser.new_page(viewport={"width": 1280, "height": 900})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(web_url(runner))
                await page.wait_for_selector('body[data-game="maunz"]')
                await _quiet(page)
                for square in ("c3", "d5"):  # orange's kitten, then grey's
                    await page.click(f'.sq[data-square="{square}"]')
                    await _quiet(page)
                assert companion.journal.moves() == ["kc3", "kd5"]
                on_bed = {"c3": "o", "d5": "g"}
                assert await page.evaluate(PIECES) == on_bed
                for game, view in (("monster-mau-mau", "cards"), ("katzenjammer", "katzenjammer")):
                    for _ in range(2):  # the game card, and again: yes
                        await page.click(f'[data-card="game-{game}"]')
                        await asyncio.sleep(0.2)
                    await page.wait_for_selector(f'body[data-game="{game}"][data-view="{view}"]')
                    await _quiet(page)
                    # no bed on the page in a game not played on it (issue 20, point 3); the
                    # pieces are remembered for maunz., and a click on a square does nothing
                    assert await page.is_hidden(".bed-wrap"), game
                    status = await page.evaluate(REED_CONTROL)
                    assert status == 409, (game, status)
                    assert await page.evaluate(PIECES) == on_bed, game
                    await page.reload()  # a page opened now knows them too
                    await page.wait_for_selector(f'body[data-game="{game}"]')
                    await _quiet(page)
                    assert await page.evaluate(PIECES) == on_bed, (game, "reloaded")
                await _shot(page, "bed-after-switch")  # the last game without a bed: Katzenjammer
                for _ in range(2):
                    await page.click('[data-card="game-maunz"]')
                    await asyncio.sleep(0.2)
                await page.wait_for_selector('body[data-game="maunz"]')
                await _quiet(page)
                assert await page.is_visible(".bed-wrap")
                assert await page.evaluate(PIECES) == on_bed  # a new maunz. game: clear the bed
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())


def test_the_snapshot_keeps_left_pieces_until_they_are_lifted(tmp_path):
    import random

    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes
    from tests.test_service_support import VirtualPlayer

    c = Companion(Config.from_text('[game]\nlanguage = "en"\nsettle = 0.05\n'), build_fakes(),
                  state_dir=tmp_path, ai_mode="off", chance_source=random.Random(2))
    p = VirtualPlayer(c)
    p.run(0.1)
    p.play("kc3")
    p.play("kd5")
    for _ in range(2):
        c.devices.cards.tap("04AA0009", "maunz:game:cats")
        p.run(0.05)
    assert c.game.info.name == "cats" and c.snapshot()["bed"] == {"c3": "o", "d5": "g"}
    c.devices.reed.lift(14)  # c3 off the bed, and something else put back there: not the kitten
    p.run(0.2)
    c.devices.reed.set(14)
    p.run(0.2)
    assert c.snapshot()["bed"] == {"d5": "g"}
    c.close()
