"""Cats and Cat Attack on the page (Debian's Chromium, headless, driven by Playwright, against the
real companion on fake devices): the generic text view shows what the table may see — never a
secret — and one person walks through the set-up and the first turns with the page's buttons."""
from __future__ import annotations

import asyncio
import random

import pytest

from tests.test_web_browser import ARGS, CHROMIUM, _stop

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


def _session(tmp_path, game: str, script):
    from playwright.async_api import async_playwright

    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.web import start_web, web_url

    async def go():
        config = Config(source="<browser test>").replace(
            game=GameConfig(game=game, settle=0.05, language="en"), state_dir=tmp_path,
            hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path,
                              chance_source=random.Random(7))
        task = asyncio.create_task(companion.run())
        runner = await start_web(companion, "127.0.0.1", 0, control=True)
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = await browser.new_page(viewport={"width": 1100, "height": 860})
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(web_url(runner))
                await page.wait_for_selector(f'body[data-view="text"][data-game="{game}"]')
                await script(page, companion)
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())


async def _press_until(page, companion, name, done, limit=40):
    for _ in range(limit):
        if done():
            return
        before = len(companion.table.moves), companion.table.view()
        await page.click(f'[data-button="{name}"]')
        for _ in range(50):   # the press reaches the table within a few loop turns
            await asyncio.sleep(0.02)
            if (len(companion.table.moves), companion.table.view()) != before:
                break
    assert done()


def test_cats_on_the_page(tmp_path):
    async def script(page, companion):
        view = page.locator("#textview")
        text = await view.inner_text()
        assert "secrets=??,??" in text and "phase=move" in text     # dealt and drawn, unseen
        secrets = companion.table.position.secrets
        assert f"{secrets[0][0] + 1}{'bcmp'[secrets[0][1]]}" not in text.split("phase")[0]
        # each player in turn: alone? OK -> the cards on the OLED, OK -> hidden
        await _press_until(page, companion, "ok", lambda: not companion.table.reveal)
        # the quiet first round: OK plays the first choice ('blocked', then 'pass')
        await _press_until(page, companion, "ok", lambda: companion.table.position.had == 0b11)
        await page.wait_for_function(
            "() => document.getElementById('textview').textContent.includes('had=12')")
        assert companion.journal.moves() == companion.table.moves
        assert "??" in await view.inner_text()
        # the page's undo card takes back the last pass; the deal stays hidden
        before = companion.journal.moves()
        await _tap_undo(page, companion, lambda: len(companion.journal.moves()) < len(before))
        assert companion.journal.moves() == before[:-1] == companion.table.moves
        await page.wait_for_function(
            "() => document.getElementById('instruction').textContent.includes('taken back:')")
        assert "??" in await view.inner_text()

    _session(tmp_path, "cats", script)


async def _tap_undo(page, companion, done):
    await page.click('[data-card="undo"]')
    for _ in range(100):
        if done():
            return
        await asyncio.sleep(0.02)
    assert done()


def test_cat_attack_on_the_page(tmp_path):
    async def script(page, companion):
        view = page.locator("#textview")
        assert "cats=9H,9H" in await view.inner_text()
        # OK plays the first choice: a card, then 'done'; the die is the companion's
        await _press_until(page, companion, "ok",
                           lambda: sum(m.startswith("d6:") for m in companion.journal.moves()) >= 2)
        await page.wait_for_function(
            "() => document.getElementById('textview').textContent.includes('active=')")
        moves = companion.journal.moves()
        assert moves[0].startswith("first:") and any(m.startswith("d6:") for m in moves)
        assert moves == companion.table.moves
        # the undo card: the last 'done' goes with the roll after it, which is kept, not re-rolled
        assert moves[-1].startswith("d6:") and moves[-2] == "done"
        await _tap_undo(page, companion, lambda: len(companion.journal.moves()) < len(moves))
        assert companion.journal.moves() == moves[:-2] == companion.table.moves
        await page.wait_for_function(
            "() => document.getElementById('instruction').textContent.includes('stays for the next roll')")
        await _press_until(page, companion, "ok", lambda: len(companion.journal.moves()) == len(moves))
        assert companion.journal.moves() == moves

    _session(tmp_path, "cat-attack", script)
