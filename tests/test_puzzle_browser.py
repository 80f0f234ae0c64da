"""A maunz. puzzle on the page (issue 43), in Chromium: the puzzle panel while a puzzle is set,
the bed set up and a wrong move made on the simulated bed (control messages, as the page's bed
sends them), the rating chart growing by the attempt, a theme chosen as the next puzzles' filter,
and never the solution in what the page holds before the puzzle is solved. Waits on the page's
state, never on time."""
from __future__ import annotations

import asyncio
import re

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
                # no attempt yet: a line where the chart will be, not an empty box
                assert await page.locator("#puzzle-chart").count() == 0
                assert (await page.inner_text("#puzzle-chart-empty")
                        == "The chart begins with your first puzzle.")
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
                await page.wait_for_selector("#puzzle-chart path.curve", state="attached")   # one point: no size
                assert await page.locator("#puzzle-chart-empty").count() == 0
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


async def _play(page, state_of_table, text):
    """One move made on the simulated bed the way the page's bed sends it: the cat declared
    first, then the reed grid's changes of the placement and its boops."""
    pos = state_of_table()
    mv = GAME.parse_move(pos, text)
    if mv.kind == "c" and pos.pool(pos.turn)[0]:
        await page.evaluate("() => window.maunzPage.send({type: 'button', name: 'cat'})")
    steps = occupancies(GAME, pos, mv)
    before = pos.occupied
    for occ in steps:
        await page.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})", _changes(before, occ))
        before = occ


def test_spectators_see_the_puzzle_and_its_solution_only_once_it_is_solved(tmp_path):
    from playwright.async_api import async_playwright

    from companion.web import web_url
    from tests.test_web_browser import _browser

    pz = puzzle()

    async def go():
        companion, task, runner = await _start_companion(tmp_path, control=True, token="t0ken")
        try:
            PuzzleStore(companion.journal.conn).add_personal("", pz, None, 1_700_000_000.0)
            companion.switching.start_game("maunz-puzzle", companion.clock())
            companion.notify()
            async with async_playwright() as pw:
                browser = await _browser(pw)
                watch = await browser.new_page(viewport={"width": 360, "height": 740})
                watch_errors: list[str] = []
                watch.on("pageerror", lambda e: watch_errors.append(str(e)))
                await watch.goto(web_url(runner))   # no token: a spectator
                await watch.wait_for_selector('body[data-connected="true"][data-control="false"]')
                play = await browser.new_page(viewport={"width": 1100, "height": 860})
                await play.goto(web_url(runner, "t0ken"))
                await play.wait_for_selector('body[data-connected="true"][data-control="true"]')

                async def seen():
                    return await watch.evaluate("""() => ({state: JSON.stringify(window.maunzPage.state),
                        text: document.body.innerText, html: document.getElementById('puzzle').innerHTML})""")

                await watch.wait_for_function("() => (window.maunzPage.state || {}).puzzle")
                shown = await seen()
                assert "<h2>Puzzle: Grey wins in 2</h2>" in shown["html"]
                for move in pz.solution:
                    assert move not in shown["state"] and move not in shown["html"]
                assert await watch.locator("#puzzle-solution").count() == 0
                assert await watch.locator("#puzzle-themes button").first.is_disabled()
                # the bed set up, then the first right move: the defender's reply is on the
                # table now, the winning move still nowhere in what the spectator holds
                occ = notation.parse_position(POSITION).occupied
                await play.evaluate("(c) => window.maunzPage.send({type: 'reed', changes: c})", _changes(0, occ))
                await watch.wait_for_function("() => window.maunzPage.state.phase === 'await_placement'")
                await _play(play, lambda: companion.table.position, pz.solution[0])
                await watch.wait_for_function("() => window.maunzPage.state.move_words.length === 1")
                await watch.wait_for_function("""() => window.maunzPage.state.instruction
                    .startsWith('Right! Orange answers')""")
                shown = await seen()
                assert pz.solution[2] not in shown["state"] and pz.solution[2] not in shown["html"]
                assert await watch.locator("#puzzle-solution").count() == 0
                await _play(play, lambda: companion.table.position, pz.solution[1])
                await watch.wait_for_function("""() => window.maunzPage.state.move_words.length === 2
                    && window.maunzPage.state.phase === 'await_placement'""")
                await _play(play, lambda: companion.table.position, pz.solution[2])
                # solved: now the spectator sees the whole line, and the solved list has it
                await watch.wait_for_function("() => window.maunzPage.state.puzzle.solved")
                await watch.wait_for_selector("#puzzle-solution")
                # the solution in words, one move a line (pieces named for people, not in notation)
                assert (await watch.inner_text("#puzzle-solution")).splitlines() == [
                    "Grey: cat on b4", "Orange: kitten on a1, boops b2 to c3", "Grey: cat on b2, boops a1 off the bed"]
                item = watch.locator("#puzzle-solved li")
                await item.wait_for()
                # what a person knows it by: its day (British English: "17 Nov"), length and theme
                assert re.fullmatch(rf"\d{{1,2}} [A-Z][a-z]{{2}} · win in 2 · {_theme_words(pz.theme, 'en')}",
                                    await item.inner_text())
                solved = await watch.evaluate("""() => document.getElementById('puzzle-solved').outerHTML
                    + JSON.stringify(window.maunzPage.state.puzzle.solved_list)""")
                assert pz.id not in solved   # not its hash
                assert watch_errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())


def _theme_words(theme, lang):
    from companion.ui.screens import msg

    return msg(f"puzzle.theme.{theme}").text(lang)


def test_the_rating_chart_has_ratings_and_days_readable_on_a_phone_in_both_languages(tmp_path):
    from playwright.async_api import async_playwright

    from companion.ai import puzzles

    pz = puzzle()
    day0 = 1_763_337_600   # 17 Nov 2025, 00:00 UTC: attempts over three days of November
    shipped = puzzles.load()[:9]

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        try:
            store = PuzzleStore(companion.journal.conn)
            for i, other in enumerate(shipped):
                store.record("", other, i % 3 != 1, day0 + 3600 * 12 + (i // 3) * 86_400 * 2 + i * 600)
            store.add_personal("", pz, None, 1_700_000_000.0)
            companion.switching.start_game("maunz-puzzle", companion.clock())
            companion.notify()
            ratings = [round(r) for _at, r in store.history("")]
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner, viewport=(360, 740))
                for lang, days in (("en", r"^\d{1,2} Nov$"), ("de", r"^\d{1,2}\. Nov\.$")):
                    if lang == "de":
                        await page.evaluate("() => window.maunzPage.send({type: 'card', card: 'language'})")
                        await page.wait_for_function("() => document.documentElement.lang === 'de'")
                        await page.wait_for_function("""() => document.querySelector('#puzzle h2')
                            .textContent.startsWith('Puzzle: Grau')""")
                    await page.wait_for_selector("#puzzle-chart text.tick.day")
                    labels = await page.evaluate("""() => {
                        const box = document.getElementById('puzzle-chart').getBoundingClientRect();
                        const r = (e) => { const b = e.getBoundingClientRect();
                            return {text: e.textContent, left: b.left, right: b.right, top: b.top,
                                    bottom: b.bottom, height: b.height}; };
                        return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
                                ratings: [...document.querySelectorAll('#puzzle-chart text.rating')].map(r),
                                days: [...document.querySelectorAll('#puzzle-chart text.day')].map(r)};
                    }""")
                    box, ticks = labels["box"], labels["ratings"] + labels["days"]
                    # the ratings: round numbers spanning the history
                    values = [int(t["text"]) for t in labels["ratings"]]
                    assert 2 <= len(values) <= 5 and values == sorted(values), values
                    assert values[0] >= min(ratings) - 25 and values[-1] <= max(ratings) + 25, (values, ratings)
                    # the days: first and last attempts' (three days, so the middle one too)
                    assert [d["text"] for d in labels["days"]][0] != labels["days"][-1]["text"]
                    assert len(labels["days"]) == 3
                    assert all(re.match(days, d["text"]) for d in labels["days"]), labels["days"]
                    # readable at 360 px: at least 10 px high, inside the chart, none on another
                    for t in ticks:
                        assert t["height"] >= 10, t
                        assert box["left"] <= t["left"] and t["right"] <= box["right"] + 0.5, (t, box)
                        assert box["top"] <= t["top"] and t["bottom"] <= box["bottom"] + 0.5, (t, box)
                    for i, a in enumerate(ticks):
                        for b in ticks[i + 1:]:
                            apart = (a["right"] <= b["left"] or b["right"] <= a["left"]
                                     or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])
                            assert apart, (a, b)
                    assert box["right"] <= 360
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())
