"""Issue 32 items 10 and 13: Monster Mau Mau's table on the page, in a real browser (Debian's
Chromium, headless, Playwright) against the real companion with the laptop's virtual cards.
The draw / pass / Mau! buttons are there only while the game is played (not during the set-up,
not after the win); "draw" before the deal is refused where the person sees it (the OLED and the
page); the cards that may be played are lifted out of the hand and a legend says so; after
drawing the OLED names the page's button ("weiter"); the +4's big sign keeps clear of its
label. Every wait is on the page's state (Playwright's wait_for_function), never a sleep."""
from __future__ import annotations

import asyncio
import os
import random

import pytest

from companion.games.monster_mau_mau.virtual import VirtualTable
from tests.test_mmm_browser import _start
from tests.test_web_browser import ARTIFACTS, CHROMIUM, _browser, _stop

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent")

STATE = "(window.maunzPage || {}).state || {}"
SHOWN = """(sel) => { const e = document.querySelector(sel);
  return !!e && !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length); }"""
BUTTONS = ("#btn-draw", "#btn-pass", "#btn-mau")


def a_seed_with_plus_four(players=4, deal=7):
    """The virtual deck's seed (VirtualCards: its first game seed) that deals seat 1 a +4."""
    for seed in range(1, 500):
        game_seed = random.Random(seed).getrandbits(32)
        table = VirtualTable(random.Random(game_seed), rules=frozenset(), players=players, deal=deal)
        if "+4" in table.hand(0):
            return seed
    raise AssertionError("no seed deals a +4")


async def _wait(page, js, arg=None, timeout=15000):
    try:
        return await page.wait_for_function(js, arg=arg, timeout=timeout)
    except Exception:
        state = await page.evaluate(f"() => {{ const s = {STATE}; return [s.stage, s.turn, s.virtual,"
                                    " s.instruction, (s.moves || []).length]; }")
        raise AssertionError(f"the page never got there: {state}") from None


async def _press(page, name):
    """A button of the page's simulated table (the OLED's three)."""
    await page.click(f'.hw-btn[data-button="{name}"]')


async def _shown(page, sel):
    return await page.evaluate(SHOWN, sel)


async def _session(tmp_path, language):
    from playwright.async_api import async_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    companion, task, runner = await _start(tmp_path, language=language, seed=a_seed_with_plus_four())
    url = f"http://127.0.0.1:{runner.addresses[0][1]}/"
    seen = {}
    try:
        async with async_playwright() as pw:
            browser = await _browser(pw)
            page = await browser.new_page(viewport={"width": 1100, "height": 900})
            await page.goto(url)
            await _wait(page, f"() => {{ const s = {STATE}; return s.view === 'cards' && s.stage === 'players'; }}")
            # the set-up: no hand buttons to press
            seen["setup_buttons"] = [await _shown(page, b) for b in BUTTONS]
            # a draw sent before the deal (a page opened earlier, the pile): refused where it is seen
            await page.evaluate("() => window.companionSend({type: 'hand', action: 'draw'})")
            await _wait(page, "() => !!document.body.dataset.error")
            seen["toast"] = await page.evaluate("() => document.body.dataset.error")
            seen["toast_shown"] = await _shown(page, "#toast")
            await _wait(page, f"(t) => ({STATE}).instruction.includes(t)", arg=seen["toast"].split(":")[0])
            seen["oled"] = await page.evaluate(f"() => ({STATE}).instruction")
            await _press(page, "ok")   # 4 players
            await _wait(page, f"() => ({STATE}).stage === 'deal'")
            seen["deal_buttons"] = [await _shown(page, b) for b in BUTTONS]
            await _press(page, "ok")   # 7 cards each: dealt; the deck turns up the first card
            await _wait(page, f"() => {{ const s = {STATE}; return s.stage === 'play' && s.turn === 1"
                              " && document.querySelectorAll('#myhand .mmcard').length > 0; }")
            seen["play_buttons"] = [await _shown(page, b) for b in BUTTONS]
            await page.screenshot(path=str(ARTIFACTS / f"mmm-marks-{language}.png"))
            seen["marks"] = await page.evaluate("""() => {
              const cards = [...document.querySelectorAll('#myhand .mmcard')];
              const lift = (e) => { const t = getComputedStyle(e).transform; return t === 'none' ? 0
                : -parseFloat(t.split(',')[5]); };
              const legend = document.getElementById('handlegend');
              return {fits: cards.filter(e => e.classList.contains('fits')).map(lift),
                      others: cards.filter(e => !e.classList.contains('fits')).map(lift),
                      legend: legend && legend.offsetParent ? legend.textContent : null};
            }""")
            # the +4: its big sign and its words do not touch
            seen["plus4"] = await page.evaluate("""() => {
              const c = document.querySelector('#myhand .mmcard[data-card="+4"]');
              const a = c.querySelector('.mm-sign').getBoundingClientRect();
              const b = c.querySelector('.mm-what').getBoundingClientRect();
              return b.top - a.bottom;
            }""")
            # draw a card: the OLED names the page's button for passing
            await page.click("#btn-draw")
            await _wait(page, f"() => (({STATE}).virtual || {{}}).drawn")
            await _wait(page, "() => !document.getElementById('btn-pass').disabled")
            seen["pass_word"] = (await page.text_content("#btn-pass")).strip()
            seen["drawn_oled"] = await page.evaluate(f"() => ({STATE}).instruction")
            await browser.close()
    finally:
        await _stop(companion, task, runner)
    return seen


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_hand_buttons_marks_and_words_on_the_page(tmp_path, language):
    seen = asyncio.run(_session(tmp_path, language))
    assert seen["setup_buttons"] == [False] * 3 and seen["deal_buttons"] == [False] * 3, seen
    assert seen["play_buttons"] == [True] * 3, seen
    refusal = {"de": "noch nicht begonnen", "en": "has not started"}[language]
    assert refusal in seen["toast"] and refusal in seen["oled"], seen
    marks = seen["marks"]
    assert marks["fits"] and min(marks["fits"]) >= 6 and all(x == 0 for x in marks["others"]), marks
    assert marks["legend"] and {"de": "passt", "en": "fits"}[language] in marks["legend"], marks
    assert seen["plus4"] >= 2, seen
    assert seen["pass_word"] in seen["drawn_oled"], seen


async def _won(tmp_path, language):
    from playwright.async_api import async_playwright

    companion, task, runner = await _start(tmp_path, language=language, seed=7)
    url = f"http://127.0.0.1:{runner.addresses[0][1]}/"
    seen = {}
    try:
        async with async_playwright() as pw:
            browser = await _browser(pw)
            page = await browser.new_page(viewport={"width": 1100, "height": 900})
            await page.goto(url)
            await _wait(page, f"() => {{ const s = {STATE}; return s.view === 'cards' && s.stage === 'players'; }}")
            title = f"() => ({STATE}).lines[0]"   # the OLED's title: the number set
            for _ in range(2):   # 4 -> 2 players, each press seen on the OLED before the next
                n = await page.evaluate(title)
                await _press(page, "back")
                await _wait(page, f"(n) => ({STATE}).lines[0] !== n", arg=n)
            await _press(page, "ok")
            await _wait(page, f"() => ({STATE}).stage === 'deal'")
            while True:            # one card each: a short game
                n = await page.evaluate(title)
                if " 1 " in f" {n} ":
                    break
                await _press(page, "back")
                await _wait(page, f"(n) => ({STATE}).lines[0] !== n", arg=n)
            await _press(page, "ok")
            for _ in range(200):
                st = await (await _wait(page, f"""() => {{ const s = {STATE};
                  if (s.stage === 'won') return {{won: true}};
                  const v = s.virtual || {{}};
                  const mine = s.stage === 'play' && s.turn === v.seat
                    && document.querySelectorAll('#myhand .mmcard').length === (v.hand || []).length
                    && !document.getElementById('btn-draw').disabled;
                  return mine ? {{won: false, moves: (s.moves || []).length, playable: v.playable,
                                 drawn: v.drawn}} : false; }}""")).json_value()
                if st["won"]:
                    break
                fits = [c for c in st["playable"] if c not in ("MW", "+4", "KK")]
                if fits:
                    await page.click(f'#myhand .mmcard[data-card="{fits[0]}"]')
                elif st["playable"]:
                    await page.click(f'#myhand .mmcard[data-card="{st["playable"][0]}"]')
                    await page.click('#wishpick button[data-wish="s"]')
                else:
                    await page.click("#btn-pass" if st["drawn"] else "#btn-draw")
                await _wait(page, f"(m) => ({STATE}).moves.length > m || ({STATE}).stage === 'won'",
                            arg=st["moves"])
            await _wait(page, f"() => ({STATE}).stage === 'won'")
            await page.screenshot(path=str(ARTIFACTS / f"mmm-won-{language}.png"))
            seen["buttons"] = [await _shown(page, b) for b in BUTTONS]
            seen["oled"] = await page.evaluate(f"() => ({STATE}).instruction")
            await browser.close()
    finally:
        await _stop(companion, task, runner)
    return seen


@pytest.mark.parametrize("language", ["de"])
def test_after_the_win_no_hand_buttons_and_new_game_press_ok(tmp_path, language):
    from companion.ui import i18n

    seen = asyncio.run(_won(tmp_path, language))
    assert seen["buttons"] == [False] * 3, seen
    assert i18n.text("new_game_keys", language) in seen["oled"], seen
