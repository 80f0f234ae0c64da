"""The page's move list in words in a real browser (issue 32, item 9; Debian's Chromium, headless,
driven by Playwright, against the real companion on fake devices): Katzenjammer (two computer
seats playing), Cats and Cat Attack (the page's OK button) list every move as words — the
snapshot's `move_words`, worded from the tables' phrases — with the notation small beside
them, in German and, after the language card, in English."""
from __future__ import annotations

import asyncio
import random

import pytest

from tests.test_page_move_words import NOTATION
from tests.test_web_browser import CHROMIUM, _shot, page_of

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

# One evaluation reads the list and the state it was drawn from: at Katzenjammer the computers go
# on playing, so two reads (the list, then the state) can straddle a move (CI failed on that).
LISTED = """(n) => {
  const s = window.maunzPage.state;
  const lis = [...document.querySelectorAll('#moves li:not(.none)')];
  if (!s || s.moves.length < n || lis.length !== s.moves.length) return false;
  return {moves: s.moves, words: s.move_words, listed: lis.map((li) => ({
    words: (li.querySelector('.mv-words') || {}).textContent || '',
    code: li.querySelector('code').textContent,
    codeSize: parseFloat(getComputedStyle(li.querySelector('code')).fontSize),
    wordsSize: li.querySelector('.mv-words') ? parseFloat(getComputedStyle(li.querySelector('.mv-words')).fontSize) : 0}))};
}"""


async def _listed(page, companion):
    want = companion.snapshot()
    seen = await (await page.wait_for_function(LISTED, arg=len(want["moves"]))).json_value()
    listed = seen["listed"]
    assert [m["code"] for m in listed] == seen["moves"]
    assert [m["words"].strip() for m in listed] == seen["words"], listed
    for m in listed:
        assert m["words"] and not NOTATION.search(m["words"]), m
        assert m["codeSize"] < m["wordsSize"], m        # the notation stays, small
    return listed


@pytest.mark.parametrize("game", ["katzenjammer", "cats", "cat-attack"])
def test_the_move_list_in_words(tmp_path, game):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    async def go():
        config = Config(source="<browser test>").replace(
            game=GameConfig(game=game, players=2, settle=0.05, language="de",
                            ai="1,2" if game == "katzenjammer" else "off"),
            state_dir=tmp_path, hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(5))
        async with page_of(companion, (1180, 900)) as (page, errors):
            await page.wait_for_selector(f'body[data-connected="true"][data-game="{game}"]')
            t = companion.table
            for _ in range(60):          # the computers play; at the event games OK picks
                if len(t.moves) >= 4 or companion.game.outcome(t.position) is not None:
                    break
                if game == "katzenjammer":
                    await page.wait_for_function("(n) => window.maunzPage.state.moves.length > n",
                                                 arg=len(t.moves))
                    continue
                before = (len(t.moves), t.view())
                await page.click('[data-button="ok"]')
                for _ in range(200):
                    if (len(t.moves), t.view()) != before or t.game.to_move(t.position) == -1:
                        break
                    await asyncio.sleep(0.02)
            listed = await _listed(page, companion)
            assert len(listed) >= 4, listed
            await _shot(page, f"moves-in-words-{game}")
            await page.click('[data-card="language"]')
            await page.wait_for_function("() => window.maunzPage.state.language === 'en'")
            english = await _listed(page, companion)
            assert [m["words"] for m in english[:len(listed)]] != [m["words"] for m in listed]
            assert errors == []

    asyncio.run(go())
