"""Remote play in two browsers: two `companion sim` processes paired through a mosquitto broker
on 127.0.0.1, one page each (Debian's Chromium, headless, Playwright). Each person plays their
own moves on their page, and puts the other's moves on their bed as the OLED and the LEDs show
them, through pushes, a kitten pushed off the bed and a graduation with a choice of lines, until
both pages show the same twelve moves. The pages show the pairing code and its QR code. (A remote
game played to its win, through a broker restart and power cuts, is tests/test_remote_play.py's;
the browser's part of a win is tests/test_web_browser.py's.)"""

from __future__ import annotations

import asyncio
import shutil

import pytest

from tests.remote_helpers import Broker, Side
from tests.test_web_browser import game_plan, ARTIFACTS, GAME, _browser, _play_move, _quiet, pytestmark  # noqa: F401

CODE = "H4ST-7NQX"
# the scripted game up to and including its graduation with a choice of lines (ke3/b4c5d6)
MOVES = GAME[:GAME.index("ke3/b4c5d6") + 1]


@pytest.mark.skipif(not shutil.which("mosquitto"), reason="./dev test installs mosquitto")
def test_two_pages_play_a_remote_game_through_a_line_choice(tmp_path):
    from playwright.async_api import async_playwright


    plan, _ = game_plan(MOVES)
    broker = Broker(tmp_path)
    anna = Side(tmp_path, "Anna", f"new:{CODE}", broker)
    ben = Side(tmp_path, "Ben", CODE, broker)

    async def go():
        async with async_playwright() as pw:
            browser = await _browser(pw)
            pages = {}
            for side in (anna, ben):
                page = await browser.new_page(viewport={"width": 1100, "height": 900})
                page.errors = []
                page.on("pageerror", lambda e, p=page: p.errors.append(str(e)))
                await page.goto(f"http://127.0.0.1:{side.port}/")
                pages[side.name] = page
            for name, page in pages.items():
                await page.wait_for_selector('body[data-connected="true"][data-remote="playing"]', timeout=20000)
                assert await page.locator("#remote-code").inner_text() == CODE
                assert await page.locator(".remote-qr").evaluate("i => i.naturalWidth > 40")
                # issue 32 item 1: the other player is tagged as remote play, never as the AI
                other = "g" if name == "Anna" else "o"
                tags = await page.locator(f"#player-{other} .tag").all_inner_texts()
                assert any(t in ("Fernspiel", "remote") for t in tags) and not {"KI", "AI"} & set(tags), tags
                assert not {"KI", "AI"} & set(await page.locator(f"#player-{'o' if other == 'g' else 'g'} .tag").all_inner_texts())
            await pages["Anna"].screenshot(path=str(ARTIFACTS / "remote-anna-start.png"), full_page=True)
            for i, (text, kind, square, choice) in enumerate(plan):
                mover, other = ("Anna", "Ben") if i % 2 == 0 else ("Ben", "Anna")
                await _play_move(pages[mover], text, kind, square, choice, {})
                page = pages[other]
                for _ in range(200):   # the other page is shown the move: "Anna: kitten on d2"
                    st = await _quiet(page)
                    if st["instruction"].startswith(f"{mover}: ") and len(st["moves"]) == i:
                        break
                    await asyncio.sleep(0.05)
                else:
                    raise AssertionError(f"{other} was never shown {text}: {st['instruction']!r}")
                await _play_move(page, text, kind, square, choice, {})
            finals = [await _quiet(p) for p in pages.values()]
            for name, page in pages.items():
                await page.screenshot(path=str(ARTIFACTS / f"remote-{name.lower()}-end.png"), full_page=True)
                assert page.errors == [], page.errors
            await browser.close()
            return finals

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        a_end, b_end = asyncio.run(go())
    finally:
        for side in (anna, ben):
            side.stop()
        broker.close()
    assert a_end["moves"] == b_end["moves"] and len(a_end["moves"]) == len(MOVES)
    assert a_end["bed"] == b_end["bed"] and a_end["winner"] is b_end["winner"] is None
