"""The page with a game that has no drawing of its own yet: the generic text view, and switching
games with the page's game cards (Debian's Chromium, headless, driven by Playwright, against the
real companion on fake devices; the small "tally" game of tests/test_service_games.py)."""
from __future__ import annotations

import asyncio

import pytest

from tests.test_service_games import only_maunz, tally  # noqa: F401  (fixtures: a second game with a table)
from tests.test_web_browser import CHROMIUM, page_of

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


def test_generic_text_view_and_game_cards(tally, tmp_path):  # noqa: F811
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    async def go():
        config = Config(source="<browser test>").replace(
            game=GameConfig(game="tally", settle=0.05, language="en"), state_dir=tmp_path,
            hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path)
        async with page_of(companion, (1100, 860)) as (page, errors):
            await page.wait_for_selector('body[data-view="text"][data-game="tally"]')
            view = page.locator("#textview")
            assert await view.is_visible() and not await page.locator("#bed").is_visible()
            assert (await view.inner_text()).split() == ["Tally", "0", "0"]
            await page.click('[data-button="cat"]')  # the tally table: CAT adds one
            await page.wait_for_function(
                "() => document.getElementById('textview').textContent.endsWith('1 1')")
            assert companion.journal.moves() == ["+1"]
            # the game cards: the first tap asks, the second starts maunz.
            await page.click('[data-card="game-maunz"]')
            await page.wait_for_function("() => window.maunzPage.state.phase === 'menu'")
            await page.click('[data-card="game-maunz"]')
            await page.wait_for_selector('body[data-view="board"][data-game="maunz"]')
            assert not await view.is_visible() and await page.locator("#bed").is_visible()
            assert companion.game.info.name == "maunz" and errors == []

    asyncio.run(go())
