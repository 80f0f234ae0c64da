"""The review after a maunz. game on the page (issue 36), in Chromium: a finished game of the
journal opened as the history will open it (the control message {"type": "review", "game": id}),
the progress bar while the AI's worker process computes it, the evaluation graph (an SVG) with
its mistakes marked and the mistakes in words. Waits on the page's state, never on time. Saves
the README's screenshot (docs/page/review.png is a copy of it)."""
from __future__ import annotations

import asyncio

from companion.games import get
from companion.service.journal import Journal
from tests.test_service_support import scripted_game
from tests.test_web_browser import _shot, _start_companion, _stop, _open_page


def journal_game(state_dir) -> int:
    """A whole seeded game, written to the journal as the table would have: its id."""
    game, moves = scripted_game(7)
    journal = Journal(state_dir, get("maunz"))
    pos = game.initial_position()
    row = journal.begin_game(game.format_position(pos))
    for text in moves:
        pos = game.apply(pos, game.parse_move(pos, text))
        journal.apply_commit("move", text, game.format_position(pos))
    journal.close()
    return row.id


def test_the_review_on_the_page(tmp_path):
    from playwright.async_api import async_playwright

    game_id = journal_game(tmp_path)

    async def go():
        companion, task, runner = await _start_companion(tmp_path)
        # a deep pass long enough to be seen under way on a fast idle machine (20,000 nodes a ply
        # finished it, bar at 100 %, before the page was read), short enough for a loaded one
        companion.review.settings = {"deep_nodes": 200_000}
        try:
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner)
                reply = await page.evaluate(
                    "(id) => window.maunzPage.send({type: 'review', game: id})", game_id)
                # computing: the progress bar shows; the quick pass is done (every position has a
                # value) and its mistakes are marked already, the deep pass goes on
                await page.wait_for_function("""() => { const r = (window.maunzPage.state || {}).review;
                    return r && !r.done && r.progress[0] >= r.plies
                        && document.querySelector('#review-graph circle.mistake'); }""")
                pct = int(await page.get_attribute("#review-progress", "aria-valuenow"))
                assert 0 < pct < 100, pct
                # the graph's curve, a mark per mistake known, each worded with the better move
                # and the punishing line, all read from the one snapshot they were drawn from
                shown = await page.evaluate("""() => ({
                    marks: Array.from(document.querySelectorAll('#review-graph circle.mistake'))
                                .map(c => Number(c.dataset.ply)),
                    curve: document.querySelector('#review-graph path.curve').getAttribute('d'),
                    items: Array.from(document.querySelectorAll('#review-mistakes li'))
                                .map(li => li.innerText),
                    review: window.maunzPage.state.review,
                    seen: {
                        ply: Number(document.querySelector('#review-bed').dataset.ply),
                        line: Number(document.querySelector('#review-reading-line').dataset.ply),
                        pieces: Array.from(document.querySelectorAll('#review-bed .review-sq'))
                                     .map(c => [c.dataset.square, c.dataset.piece || '.']),
                        played: document.querySelector('#review-bed .review-sq.played').dataset.square,
                        legend: Array.from(document.querySelectorAll('#review-graph .legend')).map(t => t.textContent),
                        ticks: document.querySelectorAll('#review-graph .tick').length,
                        unit: document.querySelectorAll('.review-unit').length}})""")
                # (one evaluate: the graph, the bed and the review they were drawn from are one
                # snapshot's; the deep pass goes on and a later snapshot may mark another move first)
                review, seen = shown["review"], shown["seen"]
                assert shown["marks"] == [m["ply"] for m in review["mistakes"]] and 1 <= len(shown["marks"]) <= 3
                assert shown["curve"].count("L") == review["plies"]   # a point per position
                for item, m in zip(shown["items"], review["mistakes"], strict=True):
                    assert m["played"] in item and "Better: " in item and m["line"] in item
                # it shows what it talks about (issue 45): the bed before the first marked move,
                # drawn from the review's own positions, the played and the better square marked;
                # the graph's axis, legend and a line at that move; the unit said once
                first = review["mistakes"][0]["ply"]
                assert seen["ply"] == seen["line"] == first
                board = review["boards"][first]
                assert sorted(seen["pieces"]) == sorted(
                    ["abcdef"[i % 6] + str(i // 6 + 1), board[i]] for i in range(36))
                assert seen["played"] == review["squares"][first][0]
                assert seen["legend"] == ["+10 · up: orange is ahead", "−10 · down: grey is ahead"]
                assert seen["ticks"] >= 3 and seen["unit"] == 1
                # another mistake clicked: the bed and the line move to it
                last = review["mistakes"][-1]["ply"]
                await page.click(f'#review-mistakes li[data-ply="{last}"]')
                await page.wait_for_function(
                    "(p) => Number(document.querySelector('#review-bed').dataset.ply) === p", arg=last)
                # the deep pass goes on: the progress grows
                await page.wait_for_function(
                    "(p) => Number(document.querySelector('#review-progress').getAttribute('aria-valuenow')) > p", arg=pct)
                await _shot(page, "review")
                # close, while it is computed: the review and its work are gone
                await page.click(".review-close")
                await page.wait_for_selector('#review[hidden]', state="attached")
                assert companion.review.review is None and companion.review.future is None
                assert not errors, errors
                assert reply is None or reply.get("type") != "error"
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())
