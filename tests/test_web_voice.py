"""The page speaks (issue "The companion speaks", 3): in a real browser (Debian's Chromium,
headless, Playwright) a whole maunz. game is played through the page with Sound switched on,
and what the page asks the browser's `speechSynthesis` to say is captured (an init script
stands in for the synthesiser: a headless browser has no voices). Off by default; the choice
is kept per browser; the lines are the companion's, in the table's language."""
from __future__ import annotations

import asyncio
import re

import pytest

from tests.test_web_browser import game_plan, GAME, _browser, _play_move, _quiet, _start_companion, _stop, pytestmark  # noqa: F401

CAPTURE = """
window.__said = [];
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; this.lang = ""; } };
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: (u) => window.__said.push({ text: u.text, lang: u.lang }),
  cancel: () => window.__said.push({ cancel: true }),
}});
"""


def test_the_page_says_a_whole_game_once_sound_is_on(tmp_path):
    from playwright.async_api import async_playwright

    from companion.web import web_url

    plan, _ = game_plan()

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            async with async_playwright() as pw:
                browser = await _browser(pw)
                context = await browser.new_context(viewport={"width": 1100, "height": 860})
                await context.add_init_script(CAPTURE)
                page = await context.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(web_url(runner))
                await page.wait_for_selector('body[data-connected="true"][data-sound="off"]')
                assert await page.locator("#sound").inner_text() == "Sound off"
                # sound off: a move is made and nothing is said
                text, kind, square, choice = plan[0]
                await _play_move(page, text, kind, square, choice, {})
                await _quiet(page)
                assert await page.evaluate("window.__said") == []
                await page.click("#sound")
                await page.wait_for_selector('body[data-sound="on"]')
                # kept per browser: a reload keeps it on
                await page.reload()
                await page.wait_for_selector('body[data-connected="true"][data-sound="on"]')
                for text, kind, square, choice in plan[1:]:
                    await _play_move(page, text, kind, square, choice, {})
                await page.wait_for_function(   # the win, then the review's offer, the last line
                    "() => window.__said.some(u => u.text && u.text.endsWith('wins!'))"
                    " && window.__said.some(u => u.text === 'Review: press cat')", timeout=15000)
                said = await page.evaluate("window.__said")
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)
        return said

    said = asyncio.run(go())
    texts = [u["text"] for u in said if "text" in u]
    assert {u["lang"] for u in said if "text" in u} == {"en-GB"}
    # every move after Sound went on, as the companion says it, in order
    moves = [t for t in texts if re.match(r"^(Orange|Grey): (kitten|cat) on [a-f][1-6]", t)]
    expected = [f"{'Orange' if i % 2 == 0 else 'Grey'}: {'kitten' if k == 'k' else 'cat'} on {sq}"
                for i, (_, k, sq, _) in enumerate(plan)][1:]
    assert [m.split(",")[0] for m in moves] == expected, texts
    assert any(" boops " in t for t in moves)
    assert "Grey to move" in texts and "Orange to move" in texts
    # the win, its line, the keys and the review's offer (service/review.py)
    assert "Orange wins!" in texts[-4:] and texts[-1] == "Review: press cat", texts[-5:]
