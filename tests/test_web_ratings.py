"""The players' ratings against the computer on the page (issue 44, item 2), in a real browser:
the history view draws each rated person's rating over time as a small chart, the guest worded."""
from __future__ import annotations

import asyncio

from tests.test_web_browser import _open_page, _shot, _start_companion, _stop, pytestmark  # noqa: F401


def _rate(state_dir) -> None:
    from companion import games
    from companion.service.journal import Journal
    from companion.service.ratings import rate

    j = Journal(state_dir, games.get("maunz"))
    try:
        for game_id, (name, level, score) in enumerate((("Mia", "4", 1.0), ("Mia", "5", 1.0),
                                                        ("Mia", "6", 0.0), ("", "3", 1.0)), start=100):
            rate(j.conn, name, level, score, game_id, 1_700_000_000.0 + game_id)
    finally:
        j.close()


def test_the_history_view_charts_each_persons_rating(tmp_path):
    from playwright.async_api import async_playwright

    _rate(tmp_path)

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner)
                await page.click("#history-open")
                await page.wait_for_function("document.querySelectorAll('#history-ratings .rating').length === 2")
                captions = await page.locator("#history-ratings .rating p").all_inner_texts()
                assert captions[0].startswith("Mia: about ") and captions[0].endswith(" after 3 games"), captions
                assert captions[1].startswith("Guest: about ") and captions[1].endswith(" after 1 game"), captions
                dots = await page.locator("#history-ratings .rating:first-of-type svg circle").count()
                assert dots == 3
                assert await page.locator("#history-ratings .rating-lost").count() == 1
                await _shot(page, "history-ratings")
                assert not errors, errors
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())
