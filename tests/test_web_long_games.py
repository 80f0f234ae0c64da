"""A long game's move list stays readable (issue 20, point 8): past ~490 moves of Katzenjammer the
page clipped the list's third column ("495. roll:"). A game of 560 moves is resumed from the
journal and every line of the list must lie whole inside the list (Debian's Chromium, headless)."""
from __future__ import annotations

import asyncio
import random

import pytest

from tests.test_web_browser import CHROMIUM, _browser, _shot, _start_companion, _stop

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")

MOVES = 560

CLIPPED = """() => {
  const list = document.getElementById('moves');
  const box = list.getBoundingClientRect();
  const items = [...list.querySelectorAll('li')];
  const out = items.filter((li) => {
    const r = li.getBoundingClientRect(), code = li.querySelector('code');
    return r.right > box.right + 0.5 || r.left < box.left - 0.5
        || (code && code.getBoundingClientRect().right > box.right + 0.5);
  }).map((li) => li.textContent);
  return {count: items.length, clipped: out, overflow: list.scrollWidth > list.clientWidth};
}"""


def long_game(state):
    """A Katzenjammer game of MOVES random legal moves, journaled as the companion journals them."""
    from companion import games
    from companion.service.journal import Journal

    game = games.get("katzenjammer", players=2)
    rng, pos, moves = random.Random(1), game.initial_position(), []
    while len(moves) < MOVES:
        legal = [m for m, _ in game.chance_outcomes(pos)] if game.to_move(pos) == -1 else game.legal_moves(pos)
        move = rng.choice(legal)
        moves.append(game.format_move(pos, move))
        pos = game.apply(pos, move)
    assert game.outcome(pos) is None
    journal = Journal(state, game)
    journal.begin_game(game.format_position(game.initial_position()))
    for text in moves:
        journal.apply_commit("move", text, "")
    journal.close()


def test_a_long_katzenjammer_move_list_is_not_clipped(tmp_path):
    from playwright.async_api import async_playwright

    from companion.web import web_url

    long_game(tmp_path)

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            # (the companion may roll once more at once: the game stood before a roll)
            assert companion.game.info.name == "katzenjammer" and len(companion.journal.moves()) >= MOVES
            async with async_playwright() as pw:
                browser = await _browser(pw)
                page = await browser.new_page(viewport={"width": 1280, "height": 900})
                await page.goto(web_url(runner))
                await page.wait_for_function(f"() => document.querySelectorAll('#moves li').length >= {MOVES}")
                result = await page.evaluate(CLIPPED)
                await _shot(page, "kj-long-move-list")
                await browser.close()
            return result
        finally:
            await _stop(companion, task, runner)

    result = asyncio.run(go())
    assert result["count"] >= MOVES
    assert result["clipped"] == [] and not result["overflow"], result["clipped"][:5]
