"""The history view in a real browser (issue 36, item 4): five past games, one of each game,
written into the journal by seeded short games (tests/history_games.py), listed, each opened and
stepped through with the buttons and the arrow keys; the bed drawn as the engine had it at that
ply; a Cats game's undealt secret never reaches the page, a spectator's page included; the text
record and the maunz. animation downloaded. Bad ids: one line of JSON. Then, back at the live
table, beginner mode's page toggle."""
from __future__ import annotations

import asyncio
import json
import xml.etree.ElementTree as ET

import aiohttp

from tests.history_games import write_games
from tests.test_web_browser import _browser, _open_page, _shot, _start_companion, _stop, pytestmark  # noqa: F401

SVG = "{http://www.w3.org/2000/svg}"


def _bed_at(moves, ply):
    from companion import games

    game = games.get("maunz")
    pos = game.initial_position()
    for text in moves[:ply]:
        pos = game.apply(pos, game.parse_move(pos, text))
    return {f"{'abcdef'[sq % 6]}{sq // 6 + 1}": p for sq, p in game.bed_pieces(pos).items()}


async def _ply(page, game, ply):
    await page.wait_for_selector(f'body[data-history="game"][data-history-game="{game}"]'
                                 f'[data-history-ply="{ply}"]')


def test_past_games_listed_stepped_through_and_downloaded(tmp_path):
    from playwright.async_api import async_playwright

    from companion.web import start_web, web_url

    recorded = write_games(tmp_path)
    cats_id, cats_moves = recorded["cats"]
    secret = next(m for m in cats_moves if m.startswith("deal:"))   # Anna's cat, never turned over
    assert not any(m.startswith("win:" + secret[5]) for m in cats_moves)

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        spectator = await start_web(companion, "127.0.0.1", 0, control=False)
        try:
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner)
                await page.click("#history-open")
                await page.wait_for_function("document.querySelectorAll('#history-rows tr').length === 5")
                rows = await page.locator("#history-rows tr").all_inner_texts()
                assert "Anna – Ben" in rows[-1] and "Anna won" in rows[-1] and "maunz." in rows[-1], rows
                await _shot(page, "history-list")
                for name, (gid, moves) in recorded.items():
                    if await page.locator("#history-list").is_hidden():
                        await page.click("#h-list")
                    await page.click(f'#history-rows tr[data-id="{gid}"]')
                    await _ply(page, name, 0)
                    await page.keyboard.press("ArrowRight")
                    await _ply(page, name, 1)
                    await page.click("#h-next")
                    await _ply(page, name, 2)
                    await page.keyboard.press("ArrowLeft")
                    await _ply(page, name, 1)
                    await page.click("#h-last")
                    await _ply(page, name, len(moves))
                    listed = await page.locator("#moves li").count()
                    assert listed == len(moves), (name, listed)
                    text = await page.evaluate("document.body.innerText")
                    assert secret not in text
                    if name == "maunz":
                        for ply in (len(moves) // 2, len(moves)):
                            await page.evaluate(f"window.maunzPage.historyView.openGame({gid}, {ply})")
                            await _ply(page, name, ply)
                            drawn = await page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.sq')]
                                .filter(e => e.dataset.piece).map(e => [e.dataset.square, e.dataset.piece]))""")
                            assert drawn == _bed_at(moves, ply), ply
                            words = await page.locator("#moves li .mv-words").first.inner_text()
                            assert words.startswith("Orange: kitten on")
                        await page.evaluate(f"window.maunzPage.historyView.openGame({gid}, 12)")
                        await _ply(page, name, 12)
                        await _shot(page, "history-maunz")
                        async with page.expect_download() as dl:
                            await page.click("#h-svg")
                        svg = ET.parse(await (await dl.value).path()).getroot()
                        frames = svg.findall(f"{SVG}g[@class='frame']")
                        assert len(frames) == len(moves) + 1   # the empty bed, then a frame a ply
                        assert all(f.find(f"{SVG}animate") is not None for f in frames)
                        async with page.expect_download() as dl:
                            await page.click("#h-record")
                        record = open(await (await dl.value).path(), encoding="utf-8").read()
                        from companion.games.maunz.record import read_record

                        assert read_record(record).moves == moves
                        assert await page.locator("#h-review").is_visible()
                    else:
                        assert await page.locator("#h-svg").is_hidden()
                        # a Katzenjammer game's review opens from here too (issue 46, item 6)
                        review = page.locator("#h-review")
                        assert await (review.is_visible() if name == "katzenjammer" else review.is_hidden())
                    await page.keyboard.press("Home")
                    await _ply(page, name, 0)
                # a maunz. game's review opens from the history (issue 36, item 2: service/review.py)
                await page.click("#h-list")
                await page.click(f'#history-rows tr[data-id="{recorded["maunz"][0]}"]')
                await _ply(page, "maunz", 0)
                await page.click("#h-review")
                await page.wait_for_selector("#review:not([hidden])")
                await page.wait_for_selector('body[data-history=""][data-game="maunz"]')
                # beginner mode's page toggle (issue 36, item 5) taps the card; the table keeps it
                assert await page.get_attribute("#beginner", "aria-pressed") == "false"
                await page.click("#beginner")
                await page.wait_for_selector('#beginner[aria-pressed="true"]')
                assert companion.journal.setting("beginner:maunz") == "on"
                assert not errors, errors
                await browser.close()
            # what a spectator's page receives of the Cats game: never the dealt secret
            async with aiohttp.ClientSession() as http:
                base = web_url(spectator)
                async with http.get(base + "api/history") as r:
                    assert r.status == 200 and secret not in await r.text()
                for ply in range(len(cats_moves) + 1):
                    async with http.get(f"{base}api/history/{cats_id}?ply={ply}") as r:
                        body = await r.text()
                        assert r.status == 200 and secret not in body and secret[5:] + "," not in body
                async with http.get(f"{base}api/history/{cats_id}/record") as r:
                    body = await r.text()
                    assert "deal:??" in body and secret not in body
                for path, status in (("abc", 400), ("999", 404), (f"{cats_id}?ply=99", 400),
                                     (f"{cats_id}/animation", 400)):
                    async with http.get(f"{base}api/history/{path}") as r:
                        body = await r.text()
                        assert r.status == status and "\n" not in body and json.loads(body)["error"], (path, body)
        finally:
            await spectator.cleanup()
            await _stop(companion, task, runner)

    asyncio.run(go())
