"""The hall-effect bed in the simulator, in a real browser (issue "The bed that knows a kitten
from a cat"): the same whole game as tests/test_web_browser.py, with the simulated bed reading
each piece's kind (`companion sim --bed hall`; the page tells the bed which piece it puts down).
The OLED never asks kitten or cat; a cat put down where no cat may go is refused at once and
lifted; a knocked piece is put back as the LEDs show; an undo is guided back; orange wins."""
from __future__ import annotations

import asyncio

from tests.test_web_browser import (game_plan, _follow_guidance, _hold, _open_page, _play_move, _quiet,
                                    _shot, _start_companion, _stop, pytestmark)  # noqa: F401


def test_a_whole_game_on_the_hall_bed_without_a_kind_question(tmp_path):
    from playwright.async_api import async_playwright

    plan, _ = game_plan()

    async def go():
        companion, task, runner = await _start_companion(tmp_path, bed="hall", correction_delay=1.0)
        shots = {}
        try:
            async with async_playwright() as pw:
                browser, page, errors = await _open_page(pw, runner)
                await _quiet(page)
                phases = set()   # every phase the table showed: never "ask_kind" on this bed
                view = companion.table.view

                def spy():
                    v = view()
                    phases.add(v.phase)
                    return v

                companion.table.view = spy
                # a cat put down at the start (nobody has a cat yet): refused at once, lifted
                companion.devices.reed.put("f6", "c")     # hands at the bed, beside the page
                await page.wait_for_function("() => (window.maunzPage.state || {}).instruction &&"
                                             " window.maunzPage.state.instruction.startsWith('f6: a cat is not this move')")
                shots["wrong_kind"] = await _shot(page, "hall-wrong-kind")
                companion.devices.reed.lift("f6")
                st = await _quiet(page)
                assert "not this move" not in st["instruction"] and st["moves"] == []
                for i, (text, kind, square, choice) in enumerate(plan):
                    st = await _play_move(page, text, kind, square, choice, shots)
                    assert st["moves"][-1] == text
                    if i == 4:   # a knocked piece: the LEDs guide it back
                        knocked = sorted(st["bed"])[0]
                        companion.devices.reed.lift(knocked)
                        await page.wait_for_function("() => document.body.dataset.phase === 'correction'")
                        await _follow_guidance(page, shots)
                        st = await _quiet(page)
                        assert st["bed"].get(knocked) and st["phase"] == "await_placement", st
                    if i == 8:   # an undo: hold BACK, the bed is guided back, the move played again
                        await _hold(page, '[data-button="back"]')
                        await _follow_guidance(page, shots)
                        st = await _quiet(page)
                        assert st["moves"] == [p[0] for p in plan[:i]], st["moves"]
                        st = await _play_move(page, text, kind, square, choice, shots)
                        assert st["moves"][-1] == text
                await page.wait_for_selector("#winner:not([hidden])")
                st = await _quiet(page)
                assert st["winner"] == "o" and companion.journal.moves() == [p[0] for p in plan]
                assert "ask_kind" not in phases and {"boops", "correction", "won"} <= phases, phases
                assert errors == []
                await browser.close()
        finally:
            await _stop(companion, task, runner)

    asyncio.run(go())
