"""The page on a phone (issue 32, item 11): spectators open the Pi's page on their phones, so at
360 px wide no game's view may make the page scroll sideways — neither the simulator's page
(control on: buttons, cards, a hand) nor the spectator's, in German (the longer words). Every
game of the catalogue is shown in its own view (Debian's Chromium, headless, driven by
Playwright, against the real companion on fake devices), at its start and after a few presses
of the page's buttons (Monster Mau Mau's deal, Cats' reveal walk); screenshots go to
$ARTIFACTS_DIR (tmp/artifacts/web/phone-*.png)."""
from __future__ import annotations

import asyncio
import random

import pytest

from tests.test_web_browser import CHROMIUM, _browser, _shot, _stop

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

PHONE = {"width": 360, "height": 740}

#: What sticks out on the right: the page's width, the viewport's, and the widest elements that
#: reach past it (outside a box that scrolls itself, like the move list)
WIDE_JS = """() => {
  const W = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || r.right <= W + 0.5) continue;
    let clipped = false;
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'hidden' || o === 'scroll') { clipped = p.getBoundingClientRect().right <= W + 0.5; break; }
    }
    if (!clipped) out.push((e.id ? '#' + e.id : e.tagName.toLowerCase()) + ' ' +
                           String(e.className.baseVal ?? e.className) + ' ' + Math.round(r.right));
  }
  return {page: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: W,
          wide: out.slice(0, 8)};
}"""


def _games():
    from companion import tables

    return tables.names()


async def _check(page, name):
    width = await page.evaluate(WIDE_JS)
    await _shot(page, f"phone-{name}")
    assert width["page"] <= width["viewport"] and width["body"] <= width["viewport"], (name, width)
    assert width["wide"] == [], (name, width)


async def _press(page, companion, button, done):
    await page.click(f'[data-button="{button}"]')
    for _ in range(200):   # the press reaches the table within a few loop turns
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the {button} press did not get there")


@pytest.mark.parametrize("game", _games())
def test_no_sideways_scrolling_at_360_px(tmp_path, game):
    from playwright.async_api import async_playwright

    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.service.virtual_cards import VirtualCards
    from companion.web import start_web, web_url

    async def go():
        config = Config(source="<phone test>").replace(
            game=GameConfig(game=game, settle=0.05, language="de"), state_dir=tmp_path, hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(7))
        if game == "monster-mau-mau":   # the simulator's person holds a hand
            companion.virtual = VirtualCards(764, delay=0.02)
        task = asyncio.create_task(companion.run())
        sim = await start_web(companion, "127.0.0.1", 0, control=True)
        spectator = await start_web(companion, "127.0.0.1", 0, control=False)
        try:
            async with async_playwright() as pw:
                browser = await _browser(pw)
                try:
                    page = await browser.new_page(viewport=PHONE)
                    errors = []
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    await page.goto(web_url(sim))
                    await page.wait_for_selector(f'body[data-connected="true"][data-control="true"]'
                                                 f'[data-game="{game}"]')
                    await page.wait_for_function("() => window.maunzPage.state")
                    await _check(page, f"{game}-start")
                    t = companion.table
                    if game == "monster-mau-mau":   # the players, the deal: the hand is out
                        await _press(page, companion, "ok", lambda: t.phase == "deal")
                        await _press(page, companion, "ok", lambda: t.session.position is not None)
                        await page.wait_for_selector("#myhand .mmcard")
                    elif game == "cats":            # each player looks at their cards
                        await page.wait_for_selector(".cats-reveal")
                        for _ in range(2 * len(t.position.secrets)):
                            if not t.reveal:
                                break
                            before = (list(t.reveal), t.showing)
                            await _press(page, companion, "ok",
                                         lambda: (list(t.reveal), t.showing) != before)
                    want = companion.snapshot()["position"]
                    await page.wait_for_function("(p) => window.maunzPage.state.position === p", arg=want)
                    await _check(page, f"{game}-played")
                    view = await browser.new_page(viewport=PHONE)
                    await view.goto(web_url(spectator))
                    await view.wait_for_selector(f'body[data-connected="true"][data-control="false"]'
                                                 f'[data-game="{game}"]')
                    await view.wait_for_function("(p) => window.maunzPage.state &&"
                                                 " window.maunzPage.state.position === p", arg=want)
                    await _check(view, f"{game}-spectator")
                    assert errors == []
                finally:
                    await browser.close()
        finally:
            await spectator.cleanup()
            await _stop(companion, task, sim)

    asyncio.run(go())
