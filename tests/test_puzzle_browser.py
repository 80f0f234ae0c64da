"""A maunz. puzzle on the page (issue 43), in Chromium: the puzzle panel while a puzzle is set,
the bed set up and a wrong move made on the simulated bed (control messages, as the page's bed
sends them), the rating chart growing by the attempt, a theme chosen as the next puzzles' filter,
and never the solution in what the page holds before the puzzle is solved. Waits on the page's
state, never on time."""
from __future__ import annotations

import asyncio

from companion.games.maunz import notation
from companion.games.maunz.board import SQUARE_NAMES
from companion.service.puzzle_store import PuzzleStore
from companion.tables.maunz.script import occupancies
from companion.tables.maunz.testing import GAME
from tests.test_puzzle_table import POSITION, puzzle
from tests.test_web_browser import _open_page, _start_companion, _stop


def _changes(before: int, after: int) -> list[dict]:
    out = []
    for sq in range(36):
        if (before ^ after) >> sq & 1:
            out.append({"square": SQUARE_NAMES[sq], "occupied": bool(after >> sq & 1)})
    return out


def test_a_puzzle_on_the_page(tmp_path):
    from playwright.async_api import async_playwright

    pz = puzzle()

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            PuzzleStore(companion.journal.conn).add_personal("", pz, None, 1_700_000_000.0)
            companion.switching.start_game("maunz-puzzle", companion.clock())
            companion.notify()
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner)
                await page.wait_for_function("() => (window.maunzPage.state || {}).puzzle")
                shown = await page.evaluate("""() => ({title: document.querySelector('#puzzle h2').textContent,
                    state: JSON.stringify(window.maunzPage.state),
                    text: document.body.innerText})""")
                assert shown["title"] == "Puzzle: Grey wins in 2"
                # spectators see the puzzle, not its answer: neither the state nor the page holds it
                assert "cb4" not in shown["state"] and "cb4" not in shown["text"]
                # the bed set up on the simulated bed, then a wrong move: a cat on a3
                occ = notation.parse_position(POSITION).occupied
                await page.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})", _changes(0, occ))
                await page.wait_for_function("() => window.maunzPage.state.phase === 'await_placement'")
                await page.evaluate("() => window.maunzPage.send({type: 'button', name: 'cat'})")
                pos = notation.parse_position(POSITION)
                after = occupancies(GAME, pos, GAME.parse_move(pos, "ca3"))[-1]   # the cat and its boops
                await page.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})", _changes(occ, after))
                # the refutation in words; the attempt in the chart (one point: M, no L yet)
                await page.wait_for_function("""() => window.maunzPage.state.instruction
                    .startsWith('Orange answers kitten on b2')""")
                await page.wait_for_function("() => window.maunzPage.state.puzzle.history.length === 1")
                curve = await page.get_attribute("#puzzle-chart path.curve", "d")
                assert curve.startswith("M") and "L" not in curve
                # a theme for the next puzzles
                await page.click('#puzzle-themes button[data-theme="graduation"]')
                await page.wait_for_function("() => window.maunzPage.state.puzzle.filter === 'graduation'")
                assert await page.get_attribute('#puzzle-themes button[data-theme="graduation"]',
                                                "aria-pressed") == "true"
                assert companion.switching.theme == "graduation"
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())
