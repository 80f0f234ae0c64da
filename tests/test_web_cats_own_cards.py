"""A Cats set-up by tapped cards on the page (issue 20, 7), in Chromium against the real
companion on fake devices: with `secrets = "cards"` the Cats view offers the simulator's person
the nine secret cards (the card strip never does), each seat taps its cat card and character card
there, and the page says whose turn it is to tap but never which card was tapped; the companion
then draws the start player and the game is on. A spectator's page shows no secret cards."""
from __future__ import annotations

import asyncio
import random

import pytest

from tests.test_web_browser import CHROMIUM, _shot, page_of

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

# seat by seat: a cat card and a character card (a mistake on the way: seat 2 taps two cats)
TAPS = [("cat-3", "char-m"), ("cat-1", "cat-5", "char-b"), ("char-p", "cat-2")]


async def _tap(page, companion, card):
    """Click a secret card on the page and wait until the table has taken the tap (every tap
    changes what the table shows: a line read, a refusal, the green or red flash)."""
    before = companion.table.view()
    await page.click(f'.secret-card[data-card="secret-{card}"]')
    for _ in range(300):
        await asyncio.sleep(0.01)
        if companion.table.view() != before:
            return
    raise AssertionError(f"the tap of {card} changed nothing")


def test_cats_set_up_by_tapping_the_pages_secret_cards(tmp_path):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    async def go():
        config = Config(source="<browser test>").replace(
            game=GameConfig(game="cats", language="de", players=3, own={"cats": {"secrets": "cards"}}),
            state_dir=tmp_path, hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(4))
        async with page_of(companion, (1180, 900)) as (page, errors):
            await page.wait_for_selector('body[data-view="cats"] .cats-secret-cards[data-seat="1"]')
            assert await page.locator("#cards .card").count() > 0
            assert await page.locator('#cards [data-card^="secret-"]').count() == 0   # not in the strip
            assert await page.locator('#cards [data-card="own_cards"]').count() == 1
            setup = await page.inner_text(".cats-setup")
            assert setup == "Spieler 1 tippt die Geheimkarten verdeckt an"
            await _shot(page, "cats_own_cards_setup")
            for seat, cards in enumerate(TAPS, 1):
                await page.wait_for_selector(f'.cats-secret-cards[data-seat="{seat}"]')
                for card in cards:
                    await _tap(page, companion, card)
                    if card == "cat-5":   # seat 2's second cat card: refused, nothing kept
                        assert "Nein: zwei Katzenkarten" in companion.table.view().instruction
            await page.wait_for_selector('body[data-view="cats"]:not(:has(.cats-secret-cards))')
            await page.wait_for_function("() => window.maunzPage.state.cats.phase === 'move'")
            moves = companion.journal.moves()
            assert moves[:3] == ["deal:3m", "deal:1b", "deal:2p"] and moves[3].startswith("first:")
            text = await page.inner_text("body")
            for secret in ("deal:3m", "deal:1b", "deal:2p", "3m,", "Katze 3 (", "bissig", "gefräßig",
                           "neugierig"):
                assert secret not in text, secret
            state = await page.evaluate("() => JSON.stringify(window.maunzPage.state)")
            assert "deal:3m" not in state and "3m," not in state and "deal:??" in state
            await _shot(page, "cats_own_cards_done")
            assert errors == []

    asyncio.run(go())
