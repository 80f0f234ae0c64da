"""A whole three-player Katzenjammer game through the page (Debian's Chromium, headless, driven by
Playwright, against the real companion on fake devices): the service rolls with a seeded source,
the person plays red with the page's OK button against two computer players (blue, the AI seat,
and green, whose player is called "Computer")."""
from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from tests.test_web_browser import CHROMIUM, _browser, _stop

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


@contextlib.asynccontextmanager
async def served(companion):
    """The companion's loop and its page on a free local port, stopped afterwards."""
    from companion.web import start_web

    task = asyncio.create_task(companion.run())
    runner = await start_web(companion, "127.0.0.1", 0, control=True)
    try:
        yield runner
    finally:
        await _stop(companion, task, runner)


def test_a_three_player_game_through_the_page(tmp_path):
    from playwright.async_api import async_playwright

    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.web import web_url

    config = Config(source="<browser test>").replace(
        game=GameConfig(game="katzenjammer", players=3, ai="2", settle=0.05, language="en"),
        state_dir=tmp_path, hardware=ALL_FAKE)
    first = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(8))
    first.journal.set_player(2, "Computer")  # green's player: the computer (blue is the AI seat)
    first.close()
    companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(8))
    assert companion.table.session.computers.keys() == {1, 2}

    async def go():
        async with served(companion) as runner, async_playwright() as pw:
            browser = await _browser(pw)
            errors: list[str] = []
            page = await browser.new_page(viewport={"width": 1000, "height": 800})
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(web_url(runner))
            await page.wait_for_selector('body[data-view="text"][data-game="katzenjammer"]')
            view = page.locator("#textview")
            await page.wait_for_function(
                "() => document.getElementById('textview').textContent.includes('Red: ')")
            first = await view.inner_text()
            assert "Blue: n,n,n,n" in first and "Green: n,n,n,n" in first
            clicks = 0
            while companion.journal.current.result == "unfinished" and clicks < 3000:
                await page.click('[data-button="ok"]')  # the first option, every time
                clicks += 1
                await asyncio.sleep(0.02)  # the service's loop takes the press
            assert companion.journal.current.result in ("1", "2", "3"), clicks
            await page.wait_for_function(
                "() => document.getElementById('textview').textContent.includes('wins!')")
            game = companion.game
            pos = game.parse_position("r:n,n,n,n b:n,n,n,n g:n,n,n,n r -")
            for text in companion.journal.moves():  # every roll and turn in the journal is legal
                pos = game.apply(pos, game.parse_move(pos, text))
            assert game.outcome(pos) is not None and errors == []
            await browser.close()

    asyncio.run(go())
