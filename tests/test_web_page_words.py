"""What a new player reads on the page in a real browser (Debian's Chromium, headless, driven by
Playwright) against the real companion: found walking through every game as a first-time user.
- Monster Mau Mau's table speaks the companion's language (its draw/pass buttons, the wish
  picker and the pattern names were English on a German page); its cards are drawn as cards and
  named (they were bare codes like `s7`, `zR`), the person's seat and whose turn it is in words;
- a control card with a long label ("Spiel: Monster Mau Mau") grows instead of writing over its
  chip;
- a game without maunz's bed (Cats) does not show maunz's "click an empty square" help, and
  its winner is never maunz's "Grey wins!" (a game shown as text gets "Seat 1 wins!").
"""
from __future__ import annotations

import asyncio
import os
import pytest

from tests import test_mmm_browser as mmm_browser
from tests.test_web_browser import ARTIFACTS, CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent")

# (cards.js builds its table on its first draw: before the first snapshot there is none)
WORDS_JS = """() => ({
  view: document.body.dataset.view, lang: document.documentElement.lang,
  stage: ((window.maunzPage || {}).state || {}).stage || "",
  draw: (document.getElementById('btn-draw') || {}).textContent,
  pass: (document.getElementById('btn-pass') || {}).textContent,
  wish: (document.getElementById('wishlabel') || {}).textContent,
  patterns: Array.from(document.querySelectorAll('#wishpick button')).map(b => b.textContent),
  help: getComputedStyle(document.getElementById('help')).display,
  instruction: ((window.maunzPage || {}).state || {}).instruction || "",
  winner: document.getElementById('winner').hidden ? null : document.getElementById('winner').textContent,
  hand: document.querySelectorAll('#myhand .mmcard').length,
})"""

# every control card shown (a table's own cards only at their game): is its chip whole (10 px, not squeezed), its label below it, above the UID?
CARDS_JS = """() => Array.from(document.querySelectorAll('.card')).filter(c => !c.hidden).map(c => {
  const r = (sel) => c.querySelector(sel).getBoundingClientRect(), card = c.getBoundingClientRect();
  const chip = r('.chip'), label = r('.card-label'), uid = r('.uid');
  return {label: c.querySelector('.card-label').textContent,
          ok: chip.height >= 9 && chip.bottom <= label.top + 0.5 && label.bottom <= uid.top + 0.5
              && uid.bottom <= card.bottom + 0.5};
})"""


async def _until(page, pred, timeout=15.0):
    return await mmm_browser._until(page, pred, timeout, read_js=WORDS_JS)


async def _walk(tmp_path):

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    seen = {}
    async with mmm_browser.mmm_page(tmp_path, "de", seed=7, viewport=(1280, 900)) as (companion, page):
        await _until(page, lambda s: s["view"] == "cards" and s["stage"] == "players")
        for _ in range(2):  # the players, then the deal: as offered
            await page.click('.hw-btn[data-button="ok"]')
            await asyncio.sleep(0.2)
        seen["de"] = await _until(page, lambda s: s["stage"] == "play")
        seen["cards"] = await page.evaluate(CARDS_JS)
        await _until(page, lambda s: s["stage"] == "play" and s["hand"] > 0)
        seen["faces_de"] = await page.evaluate(mmm_browser.FACES_JS)
        await page.screenshot(path=str(ARTIFACTS / "words-mmm-de.png"))
        await page.click('[data-card="language"]')
        seen["en"] = await _until(page, lambda s: s["lang"] == "en" and s["draw"] == "draw")
        seen["faces_en"] = await page.evaluate(mmm_browser.FACES_JS)
        for _ in range(2):  # the game card, then again to confirm
            await page.click('[data-card="game-cats"]')
            await asyncio.sleep(0.2)
        await _until(page, lambda s: "How many play?" in s["instruction"])   # issue 46, item 11
        await page.click('.hw-btn[data-button="ok"]')                          # two, as before
        seen["cats"] = await _until(page, lambda s: s["view"] != "cards" and "alone?" in s["instruction"])
        for _ in range(4):  # each of the two seats: "alone?" OK shows the secret, OK hides it
            await page.click('.hw-btn[data-button="ok"]')
            await asyncio.sleep(0.2)
        await _until(page, lambda s: s["instruction"].startswith("steps 0/4"))
        from companion.tables.cats.phrases import object_word

        pos = companion.table.position
        cat, obj = pos.secrets[companion.game.to_move(pos)]
        claim = f"win? cat {cat + 1} on the {object_word(obj, 'en')}"  # the seat to move's own cat
        # the claims are a group by cat (tables/choicemenu.py): open it, then the cat's
        for label in ("> claim the win …", f"> win? cat {cat + 1} on …", f"> {claim}"):
            for _ in range(40):
                if label in (await page.evaluate(WORDS_JS))["instruction"]:
                    break
                await page.click('.hw-btn[data-button="cat"]')
                await asyncio.sleep(0.1)
            await page.click('.hw-btn[data-button="ok"]')
            await asyncio.sleep(0.2)
        # the win: the OLED's header says who won, its body how to start anew (issue 32 item 14)
        seen["won"] = await _until(page, lambda s: "New game: press OK" in s["instruction"])
        await asyncio.sleep(0.3)
        seen["won"] = await page.evaluate(WORDS_JS)
        seen["winner_seat"] = companion.game.to_move(pos) + 1
        await page.screenshot(path=str(ARTIFACTS / "words-cats-en.png"))
    return seen


def test_the_page_speaks_one_language_and_nothing_overlaps(tmp_path):
    seen = asyncio.run(_walk(tmp_path))
    de, en = seen["de"], seen["en"]
    assert (de["lang"], de["draw"], de["pass"], de["wish"]) == ("de", "ziehen", "weiter", "Wunsch:")
    assert de["patterns"] == ["Streifen", "Punkte", "Zickzack", "Gekrakel", "×"]
    assert (en["draw"], en["pass"], en["wish"]) == ("draw", "pass", "wish:")
    assert en["patterns"] == ["stripes", "dots", "zigzag", "scribble", "×"]
    # the cards are named in the page's language; the person's seat and the turn said in words
    fde, fen = seen["faces_de"], seen["faces_en"]
    mmm_browser.assert_cards_named(fde, "de")
    mmm_browser.assert_cards_named(fen, "en")
    assert fde["me"].startswith("Spieler 1 (Du): ") and fde["handlabel"].startswith("Deine Hand (")
    assert fen["me"].startswith("Seat 1 (you): ") and fen["handlabel"].startswith("Your hand (")
    assert fde["turn"] in ("Du bist dran (im Uhrzeigersinn)", "Spieler 2 ist dran (im Uhrzeigersinn)")
    assert fen["turn"] in ("Your turn (clockwise)", "Seat 2's turn (clockwise)")
    assert de["help"] == "none"  # a card game: no bed to click
    overlapping = [c["label"] for c in seen["cards"] if not c["ok"]]
    assert len(seen["cards"]) >= 10 and overlapping == []
    assert seen["cats"]["help"] == "none"  # Cats as text: maunz's help is not for it
    # maunz's banner says a seat's win in words, or stays away where the game draws its own
    # (Cats' page view): never maunz's colours ("Grey wins!")
    assert seen["won"]["winner"] in (None, f"Seat {seen['winner_seat']} wins!")
