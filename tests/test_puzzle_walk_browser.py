"""Issue 43's "Done when", walked on the simulated table in Chromium: a maunz. game in play,
Puzzle chosen in the game menu, the player's own puzzle offered first ("from your game on 14
Nov"), the whole position lit at once and set up by clicking the lit squares (each click puts
down the piece its square wants), a wrong move refuted on the LEDs and in words (said aloud),
carried out and taken back, the rating moved, the hint one square, the puzzle solved -- and
before that, never the solution on the page; then back to the game, which kept its move.
Waits on the page's state, never on time."""
from __future__ import annotations

import asyncio

from companion.games.maunz import notation
from companion.games.maunz.board import SQUARE_NAMES
from companion.service.puzzle_store import PuzzleStore
from companion.tables.maunz.plan import bits
from companion.tables.maunz.script import occupancies
from companion.tables.maunz.testing import GAME
from tests.test_puzzle_browser import _changes
from tests.test_puzzle_table import POSITION, puzzle
from tests.test_web_browser import _open_page, _start_companion, _stop


async def _press(page, name, kind="press"):
    await page.evaluate("([n, k]) => window.maunzPage.send({type: 'button', name: n, kind: k})", [name, kind])


async def _move(page, companion, text):
    """A move carried out on the simulated bed, as its reed changes (a cat: CAT pressed first)."""
    pos = companion.table.position
    move = GAME.parse_move(pos, text)
    n = len(companion.table.moves)
    if move.kind == "c":
        await _press(page, "cat")
    before = pos.occupied
    for occ in occupancies(GAME, pos, move):
        await page.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})", _changes(before, occ))
        before = occ
    await page.wait_for_function(f"() => (window.maunzPage.state.moves || []).length !== {n}")


def test_done_when_walked_on_the_page(tmp_path):
    from playwright.async_api import async_playwright

    pz = puzzle()
    occ = notation.parse_position(POSITION).occupied

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            store = PuzzleStore(companion.journal.conn)
            store.add_personal("", pz, None, 1_700_000_000.0)
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner)
                # a game in play: an orange kitten on e1
                await page.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})",
                                    [{"square": "e1", "occupied": True}])
                await page.wait_for_function("() => (window.maunzPage.state.moves || []).length === 1")
                # OK held: "new game?"; CAT: the menu; CAT to Puzzle; OK, OK
                await _press(page, "ok", "long")
                await page.wait_for_function("() => window.maunzPage.state.phase === 'confirm_new_game'")
                # the menu: the game in play first, the next one selected, Puzzle the last entry
                entries = len(companion.switching._choices())
                for _ in range(entries - 1):
                    await _press(page, "cat")
                await _press(page, "ok")
                await _press(page, "ok")
                await page.wait_for_function("() => (window.maunzPage.state.puzzle || {}).id")
                shown = await page.evaluate("() => document.querySelector('#puzzle').innerText")
                assert "From your game on 14 Nov" in shown
                # the whole position lit at once (and the game's orange kitten on e1, which the
                # puzzle wants on f3: carry it there)
                await page.wait_for_function("() => window.maunzPage.state.phase === 'correction'")
                leds = await page.evaluate("() => Object.fromEntries((window.maunzPage.state.leds || [])"
                                           ".filter(l => l.effect !== 'off').map(l => [l.square, l.effect]))")
                assert set(leds) == {SQUARE_NAMES[s] for s in bits(occ)} | {"e1"}
                assert leds["b3"] == "pulse" and leds["b2"] == "blink"   # a cat pulses, a kitten blinks
                state = await page.evaluate("() => window.maunzPage.state")
                assert state["instruction"].startswith(
                    "From your game on 14 Nov · Move the orange kitten from e1 to f3")
                assert "Cats on b3 d4, kittens elsewhere" in state["instruction"]
                # the person carries it (click e1, then f3), then clicks every other lit square
                await page.click('[data-square="e1"]')
                await page.click('[data-square="f3"]')
                for sq in bits(occ & ~(1 << SQUARE_NAMES.index("f3"))):
                    await page.click(f'[data-square="{SQUARE_NAMES[sq]}"]')
                await page.wait_for_function("() => window.maunzPage.state.phase === 'await_placement'")
                # the page drew each piece as the puzzle wants it: the grey cats on b3 and d4
                bed = await page.evaluate("() => window.maunzPage.state.bed")
                assert bed["b3"] == "G" and bed["d4"] == "G" and bed["b2"] == "o"
                rating = await page.evaluate("() => window.maunzPage.state.puzzle.words.rating")
                # a wrong move: refuted on the LEDs and in words, said aloud
                await _move(page, companion, "ca3")
                await page.wait_for_function("""() => window.maunzPage.state.instruction
                    .startsWith('Orange answers kitten on b2 and stops the win')""")
                leds = await page.evaluate("() => (window.maunzPage.state.leds || []).filter(l => l.effect !== 'off')"
                                           ".map(l => l.square)")
                assert leds == ["b2"]
                await page.wait_for_function("""() => (window.maunzPage.state.spoken || []).some(
                    l => (l.text || l).toString().includes('Orange answers kitten on b2 and stops the win'))""")
                # the rating moved at once (the chart has its point)
                await page.wait_for_function(f"() => window.maunzPage.state.puzzle.words.rating !== {rating!r}")
                assert store.history("") and store.history("")[0][1] < 1500
                # ... and at the table too: on the OLED and said
                await page.wait_for_function("""() => (window.maunzPage.state.spoken || []).some(
                    l => /Your rating: \\d+, down \\d+/.test((l.text || l).toString()))""")
                # the refutation carried out; both moves taken back; the position set again
                await _move(page, companion, "kb2")
                await page.wait_for_function("""() => window.maunzPage.state.instruction
                    .startsWith('Try again: the position is back')""")
                after = companion.sensed
                await page.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})", _changes(after, occ))
                await page.wait_for_function("() => window.maunzPage.state.phase === 'await_placement'")
                # the hint: one square
                await _press(page, "cat", "long")
                await page.wait_for_function("() => (window.maunzPage.state.leds || []).some(l => l.effect !== 'off')")
                leds = await page.evaluate("() => (window.maunzPage.state.leds || []).filter(l => l.effect !== 'off')")
                assert [(l["square"], l["effect"]) for l in leds] == [("b4", "steady")]
                # never the solution on the page before it is solved
                text = await page.evaluate("() => JSON.stringify(window.maunzPage.state) + document.body.innerText")
                assert "cb4" not in text and not await page.query_selector("#puzzle-solution")
                for move in ("cb4", "ka1", "cb2"):
                    if move == "ka1":
                        await page.wait_for_function("""() => window.maunzPage.state.instruction
                            .startsWith('Right! Orange answers kitten on a1')""")
                    await _move(page, companion, move)
                await page.wait_for_function("() => window.maunzPage.state.puzzle.solved")
                await page.wait_for_selector("#puzzle-solution")
                # in words, one move a line: pieces are named for people, not in notation
                assert (await page.inner_text("#puzzle-solution")).splitlines() == [
                    "Grey: cat on b4", "Orange: kitten on a1, boops b2 to c3", "Grey: cat on b2, boops a1 off the bed"]
                # back to the game: it kept its move
                await _press(page, "ok", "long")
                await page.wait_for_function("() => window.maunzPage.state.phase === 'confirm_new_game'")
                await _press(page, "cat")   # the menu: the puzzles first, the game (maunz.) selected
                await _press(page, "ok")
                await _press(page, "ok")
                await page.wait_for_function("() => !window.maunzPage.state.puzzle")
                assert companion.journal.moves() == ["ke1"] and companion.table.moves == ["ke1"]
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())
