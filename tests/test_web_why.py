"""The page's "Why?" in a real browser (issue 36; Debian's Chromium, headless, driven by
Playwright, against the real companion on fake devices): a maunz. kitten put down beside
another on the page, then the page's Why? (the why card tapped): the OLED and the page show the
engine's explanation of the boop, the voice's lines have it, and the next button press puts the
table's own screen back."""
from __future__ import annotations

import asyncio

import pytest

from tests.test_web_browser import CHROMIUM, _shot, page_of

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


def test_why_on_the_page_explains_the_boop(tmp_path):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    async def go():
        config = Config(source="<browser test>").replace(
            game=GameConfig(settle=0.05, language="en"), state_dir=tmp_path, hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path)
        async with page_of(companion) as (page, errors):
            await page.wait_for_selector('body[data-connected="true"][data-game="maunz"]')
            await page.click('[data-square="c3"]')
            await page.wait_for_function("() => window.maunzPage.state.moves.length === 1")
            await page.click('[data-square="d4"]')
            await page.wait_for_function("() => window.maunzPage.state.phase === 'boops'")
            await page.click('[data-square="c3"]')            # the boop carried out by hand
            await page.click('[data-square="b2"]')
            await page.wait_for_function("() => window.maunzPage.state.moves.length === 2")
            assert await page.is_hidden("#why-box")
            await page.click("#why-ask")
            await page.wait_for_selector("#why-box:not([hidden])")
            lines = await page.eval_on_selector_all("#why-lines li", "els => els.map(e => e.textContent)")
            assert lines == ["Grey: kitten put on d4",
                             "c3: the orange kitten is booped to the lower left, to b2"]
            assert await page.text_content("#why-head") == "Why?"
            await _shot(page, "why-page")   # the README's picture of the page's Why?
            state = await page.evaluate("() => window.maunzPage.state")
            assert state["why"]["lines"] == lines
            assert companion.screen.screen.kind == "why"
            said = " ".join(line["text"] for line in companion.speech.recent_lines())
            assert "the orange kitten is booped to the lower left, to b2" in said, said
            await page.click('.hw-btn[data-button="cat"]')   # a press reads it: the table's screen again
            await page.wait_for_selector("#why-box[hidden]", state="attached")
            assert companion.screen.screen.kind != "why" and errors == []

    asyncio.run(go())
