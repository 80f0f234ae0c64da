"""The page on a phone (issue 32, item 11; issue 46, items 3, 4, 8, 13): spectators open the Pi's
page on their phones, so at 360 px wide no view may make the page scroll sideways — neither the
simulator's page (control on: buttons, cards, a hand) nor the spectator's, in German (the longer
words) — nothing sticks out of its box on the right, every button and link is a finger's target
(44 px each way), and no card label breaks inside a word. Every game of the catalogue is shown in its own view (Debian's Chromium,
headless, driven by Playwright, against the real companion on fake devices), at its start and
after a few presses of the page's buttons (Monster Mau Mau's deal, Cats' reveal walk), with only
its own control cards; then every other view the page opens: the Why? box, the history list,
each game of it replayed, and a maunz. game's review. Screenshots go to $ARTIFACTS_DIR
(tmp/artifacts/web/phone-*.png)."""
from __future__ import annotations

import asyncio
import contextlib
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


#: Boxes a child sticks out of on the right (the page need not scroll for a word to be cut at a
#: box's edge: Cats' "Herausfordern" past its stage row)
OUT_OF_BOX_JS = """() => {
  const out = [];
  for (const box of document.querySelectorAll('body *')) {
    if (box instanceof SVGElement || !box.getClientRects().length) continue;
    const right = box.getBoundingClientRect().right;
    for (const child of box.children) {
      if (child instanceof SVGElement || !child.getClientRects().length) continue;
      const r = child.getBoundingClientRect();
      if (r.width && r.right > right + 1)
        out.push((box.id || box.className) + ' > ' + (child.id || child.className || child.tagName) +
                 ' ' + Math.round(r.right - right));
    }
  }
  return out;
}"""

#: Every finger's target (a button, a link, a focusable row) that shows and is smaller than 44 px
#: either way
SMALL_JS = """() => {
  const out = [];
  const targets = 'button, a[href], input, select, [tabindex]:not([tabindex="-1"])';
  for (const e of document.querySelectorAll(targets)) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
    if (r.width < 44 || r.height < 44)
      out.push((e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + e.className) + ' ' +
               Math.round(r.width) + 'x' + Math.round(r.height));
  }
  return out;
}"""

#: The words of the control cards' labels that the card breaks across two lines ("Katzenjamm/er")
BROKEN_WORDS_JS = """() => {
  const out = [];
  for (const label of document.querySelectorAll('#cards .card-label')) {
    const node = label.firstChild;
    if (!node || !label.getClientRects().length) continue;
    let at = 0;
    for (const part of node.textContent.split(/(\\s+)/)) {
      if (part.trim()) {
        const r = document.createRange();
        r.setStart(node, at);
        r.setEnd(node, at + part.length);
        if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) out.push(part);
      }
      at += part.length;
    }
  }
  return out;
}"""

#: The control cards the strip shows (their functions)
CARDS_JS = """() => [...document.querySelectorAll('#cards .card')].filter((e) => e.getClientRects().length)
  .map((e) => [...e.classList].find((c) => c.startsWith('card-')).slice(5))"""


#: Frames drawn around nothing: a box with an outline or border whose inside is empty (the
#: history's dashed frame of a view that has nothing in it)
EMPTY_FRAME_JS = """() => [...document.querySelectorAll('body *')].filter((e) => {
  const cs = getComputedStyle(e);
  if (!e.getClientRects().length || cs.outlineStyle === 'none' || !parseFloat(cs.outlineWidth)) return false;
  return ![...e.querySelectorAll('*')].some((c) => c.getBoundingClientRect().height > 0);
}).map((e) => e.id || e.className)"""


def _games():
    from companion import tables

    return tables.names()


async def _check(page, name):
    width = await page.evaluate(WIDE_JS)
    await _shot(page, f"phone-{name}")
    assert width["page"] <= width["viewport"] and width["body"] <= width["viewport"], (name, width)
    assert width["wide"] == [], (name, width)
    assert await page.evaluate(SMALL_JS) == [], name
    assert await page.evaluate(OUT_OF_BOX_JS) == [], name
    assert await page.evaluate(BROKEN_WORDS_JS) == [], name


def _own_cards(game) -> set[str]:
    """The card functions the strip may show while `game` is played: the shared ones, the game
    cards and the game's own."""
    from companion import tables
    from companion.web.protocol import SHARED_CARDS

    shared = {c.partition(":")[0] for c in SHARED_CARDS}
    return shared | {"game"} | set(tables.factory(game).own_card_functions)


async def _press(page, companion, button, done):
    await page.click(f'[data-button="{button}"]')
    for _ in range(200):   # the press reaches the table within a few loop turns
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the {button} press did not get there")


@contextlib.asynccontextmanager
async def _phone(server):
    """Headless Chromium with a phone's page open on `server`: (the browser, the page). A script
    error on the page fails the test when the block ends."""
    from playwright.async_api import async_playwright

    from companion.web import web_url

    async with async_playwright() as pw:
        browser = await _browser(pw)
        try:
            page = await browser.new_page(viewport=PHONE)
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(web_url(server))
            yield browser, page
            assert errors == []
        finally:
            await browser.close()


@pytest.mark.parametrize("game", _games())
def test_no_sideways_scrolling_at_360_px(tmp_path, game):
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
            async with _phone(sim) as (browser, page):
                await page.wait_for_selector(f'body[data-connected="true"][data-control="true"]'
                                             f'[data-game="{game}"]')
                await page.wait_for_function("() => window.maunzPage.state")
                await _check(page, f"{game}-start")
                shown = set(await page.evaluate(CARDS_JS))   # only this game's cards (item 13)
                assert shown <= _own_cards(game) and "why" in shown, (game, shown - _own_cards(game))
                t = companion.table
                if game == "monster-mau-mau":   # the players, the deal: the hand is out
                    await _press(page, companion, "ok", lambda: t.phase == "deal")
                    await _press(page, companion, "ok", lambda: t.session.position is not None)
                    await page.wait_for_selector("#myhand .mmcard")
                    # the legend says what the page does to a card that fits: a green edge, lifted
                    legend = await page.text_content("#handlegendtext")
                    assert "grün" in legend and "angehoben" in legend, legend
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
        finally:
            await spectator.cleanup()
            await _stop(companion, task, sim)

    asyncio.run(go())


def _last_roll(moves, ply) -> str:
    """The dice of the last roll in a Katzenjammer record's first `ply` moves ("roll:253": "2,5,3")."""
    roll = next(m for m in reversed(moves[:ply]) if m.startswith("roll:"))
    return ",".join(roll[5:])


def test_every_view_on_a_phone(tmp_path):
    """The views beyond a game's own (issue 46, items 3, 4, 8, 13), at 360 px in German, one
    page through all: the Why? box (its explanation said once), the history list (a game of one
    move, Katzenjammer's seats by their colours), each past game replayed (the live OLED and
    controls not beside it; Katzenjammer's step with its roll; no empty frame under Monster Mau
    Mau's cards) and a maunz. game's review; then the cards' labels at a desktop's width."""
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.web import start_web, web_url
    from tests.history_games import write_games

    recorded = write_games(tmp_path, also=(("katzenjammer", 2, 1, ()),))   # nobody named, one move

    async def go():
        config = Config(source="<phone test>").replace(
            game=GameConfig(settle=0.05, language="de"), state_dir=tmp_path, hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(7))
        task = asyncio.create_task(companion.run())
        sim = await start_web(companion, "127.0.0.1", 0, control=True)
        try:
            async with _phone(sim) as (_, page):
                await page.wait_for_selector('body[data-connected="true"][data-game="maunz"]')
                await page.wait_for_function("() => window.maunzPage.state")
                # Why?: the explanation once, in its box (not again in the caption above it)
                await page.click("#why-ask")
                await page.wait_for_selector("#why-box:not([hidden])")
                said = await page.text_content("#why-lines li")
                assert (await page.inner_text("body")).count(said) == 1, said
                await _check(page, "why")
                # the history list: a block a game, "1 Zug", Katzenjammer's colours
                await page.click("#history-open")
                await page.wait_for_function(
                    f"() => document.querySelectorAll('#history-rows tr').length === {len(recorded)}")
                await _check(page, "history-list")
                kj = await page.inner_text(f'#history-rows tr[data-id="{recorded["katzenjammer+1"][0]}"]')
                assert "Rot – Grün" in kj and "1 Zug ·" in kj, kj
                assert "12 Züge" in await page.inner_text("#history-rows")
                english = await page.evaluate("""() => { const p = window.maunzPage, lang = p.lang;
                    p.lang = 'en'; const out = [1, 2].map((n) => p.plural('h_plies', n));
                    p.lang = lang; return out; }""")
                assert english == ["1 move", "2 moves"]
                # each past game replayed: its own drawing, not the live table's screen beside it
                for name, (gid, moves) in recorded.items():
                    ply = min(len(moves), 6)
                    if name == "katzenjammer":   # a step after a turn, the next roll not made
                        ply = next(i for i in range(2, len(moves))
                                   if not moves[i - 1].startswith("roll:"))
                    await page.evaluate(f"window.maunzPage.historyView.openGame({gid}, {ply})")
                    await page.wait_for_selector(f'body[data-history="game"][data-history-id="{gid}"]'
                                                 f'[data-history-ply="{ply}"]')
                    await _check(page, f"history-{name}")
                    for live in ("#oled", "#why-ask", ".hw-btn", "#cards"):
                        assert await page.locator(live).first.is_hidden(), (name, live)
                    if name == "katzenjammer":   # the step's roll, nobody "rolling"
                        board = page.locator("#kjboard")
                        dice = await board.locator(".kj-dice").get_attribute("data-dice")
                        assert dice == _last_roll(moves, ply), (ply, dice)
                        assert "würfelt" not in await board.text_content()
                        assert "würfelt" not in await page.text_content("#textview")   # nor its caption
                    if name == "monster-mau-mau":   # the cards, and no empty frame under them
                        assert await page.locator("#cardtable").is_visible()
                        assert await page.evaluate(EMPTY_FRAME_JS) == []
                # a maunz. game's review
                await page.evaluate(f"window.maunzPage.historyView.openGame({recorded['maunz'][0]}, 0)")
                await page.wait_for_selector('body[data-history-game="maunz"][data-history-ply="0"]')
                await page.click("#h-review")
                await page.wait_for_selector("#review:not([hidden]) .review-close")
                await _check(page, "review")
                # a desktop's width: four cards a row, still no word broken on a card
                await page.set_viewport_size({"width": 1100, "height": 860})
                assert await page.evaluate(BROKEN_WORDS_JS) == []
        finally:
            await _stop(companion, task, sim)

    asyncio.run(go())
