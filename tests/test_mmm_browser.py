"""A whole 4-seat game of Monster Mau Mau through the page in a real browser (Debian's Chromium,
headless, driven by Playwright) against the real companion with the laptop's virtual card table:
the set-up with the page's buttons, the person's clicks on their hand, the draw pile, pass and
Mau!, three computer players. Seed 764 (found with the pure modules, see SEED) deals a game with
a reshuffle of the discards, a wish, a +4, a card refused and a forgotten Mau!.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.monster_mau_mau import bot, cli, engine, notation
from tests.test_web_browser import ARTIFACTS, CHROMIUM, _browser, _stop

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent")

SEED, DEAL = 764, 15  # the person draws until the discards have been reshuffled, then plays

READ_JS = """() => {
  const s = (window.maunzPage || {}).state || {};
  return {stage: s.stage || "", phase: s.phase || "", position: s.position || "", turn: s.turn,
          pile: s.pile, moves: (s.moves || []).length, instruction: s.instruction || "",
          virtual: s.virtual || null, winner: s.winner || null, view: s.view || "",
          hand: Array.from(document.querySelectorAll('#myhand .mmcard')).map(e => e.dataset.card),
          seats: Array.from(document.querySelectorAll('#seats .seat')).map(e => e.textContent)};
}"""

PLACED_JS = """() => {
  const box = document.getElementById('cardtable');
  return {after: box.previousElementSibling.id, before: box.nextElementSibling.id,
          display: getComputedStyle(box).display,
          pile: getComputedStyle(document.getElementById("drawpile")).backgroundImage.split("(")[0]};
}"""

# what a new player reads: every card drawn on the page (hand, top card, moves) with its name,
# the person's seat, whose turn it is, the wish
FACES_JS = """() => {
  // the text as a person reads it: a soft hyphen shows only where the label breaks
  const card = (e) => ({code: e.dataset.card, name: e.dataset.name || "",
                        text: e.textContent.replace(/\u00ad/g, ""),
                        cut: [...e.querySelectorAll('.mm-what, .mm-pat')].some((x) => x.scrollWidth > x.clientWidth + 1)});
  const me = document.querySelector('#seats .seat.me');
  return {hand: Array.from(document.querySelectorAll('#myhand .mmcard')).map(card),
          top: Array.from(document.querySelectorAll('#topcard .mmcard')).map(card),
          moves: Array.from(document.querySelectorAll('#moves li')).map(e => e.textContent),
          me: me ? me.textContent : null, turn: document.getElementById('turnline').textContent,
          handlabel: document.getElementById('handlabel').textContent,
          wish: document.getElementById('wish').textContent};
}"""

# the names a person knows the cards by (the rulebook's German, the digest's English)
NAMES = {"en": {"s": "stripes", "p": "dots", "z": "zigzag", "g": "scribble", "R": "reverse",
                "A": "skip", "MW": "wish", "+4": "+4 wish", "KK": "creative card"},
         "de": {"s": "Streifen", "p": "Punkte", "z": "Zickzack", "g": "Gekrakel",
                "R": "Richtungswechsel", "A": "Aussetzen", "MW": "Monsterwunsch", "+4": "Plus-Vier",
                "KK": "Kreativkarte"}}


def card_name(face: str, language: str) -> str:
    words = NAMES[language]
    if face in ("MW", "+4", "KK"):
        return words[face]
    return f"{words[face[0]]} {words.get(face[1:], face[1:])}"


def assert_cards_named(faces: dict, language: str) -> None:
    """Every card on the page carries its name in `language` (in its text, not only a title)."""
    cards = faces["hand"] + faces["top"]
    assert faces["hand"] and faces["top"], faces
    for c in cards:
        assert c["name"] == card_name(c["code"], language), c
        assert not c["cut"], c  # every card's name fits its card (issue 20, point 4)
        pattern = NAMES[language].get(c["code"][0])
        for word in ([pattern] if pattern else []) + [NAMES[language].get(c["code"][1:], "")]:
            assert word in c["text"], (c, word)
    turned_up = {"en": "turned up: ", "de": "aufgedeckt: "}[language]
    assert any(m.startswith(turned_up) for m in faces["moves"]), faces["moves"]


async def _start(state_dir: Path, language: str = "en", seed: int = SEED):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes
    from companion.service.virtual_cards import VirtualCards
    from companion.web import start_web

    config = Config(source="<browser test>").replace(
        game=GameConfig(game="monster-mau-mau", language=language), state_dir=state_dir, hardware=ALL_FAKE)
    companion = Companion(config, build_fakes(), state_dir=state_dir)
    companion.virtual = VirtualCards(seed, delay=0.02)
    task = asyncio.create_task(companion.run())
    runner = await start_web(companion, "127.0.0.1", 0, control=True)
    return companion, task, runner


@contextlib.asynccontextmanager
async def mmm_page(state_dir: Path, language: str = "en", seed: int = SEED, viewport=(1100, 900)):
    """A Monster Mau Mau companion with its virtual deck and its page open in Chromium: yields
    (companion, page); everything is stopped afterwards."""
    from playwright.async_api import async_playwright

    companion, task, runner = await _start(state_dir, language=language, seed=seed)
    try:
        async with async_playwright() as pw:
            browser = await _browser(pw)
            try:
                page = await browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
                await page.goto(f"http://127.0.0.1:{runner.addresses[0][1]}/")
                yield companion, page
            finally:
                await browser.close()
    finally:
        await _stop(companion, task, runner)


async def _until(page, pred, timeout=15.0, read_js=READ_JS):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = await page.evaluate(read_js)
        if pred(st):
            return st
        await asyncio.sleep(0.02)
    raise AssertionError(f"page never got there: {st}")


async def _button(page, name: str):
    before = (await page.evaluate(READ_JS))
    await page.click(f'.hw-btn[data-button="{name}"]')
    await asyncio.sleep(0.15)
    return before


async def _game(tmp_path):
    from playwright.async_api import async_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    companion, task, runner = await _start(tmp_path)
    url = f"http://127.0.0.1:{runner.addresses[0][1]}/"
    seen = {"rejected": False, "forgot": False, "wish": False}
    try:
        async with async_playwright() as pw:
            browser = await _browser(pw)
            page = await browser.new_page(viewport={"width": 1200, "height": 900})
            await page.goto(url)
            await _until(page, lambda s: s["view"] == "cards" and s["stage"] == "players")
            # cards.js built its table where the page had it (after the seat below the bed) and
            # its look came from cards.css (served at /views/)
            assert await page.evaluate(PLACED_JS) == {
                "after": "players-bottom", "before": "hand", "display": "grid", "pile": "repeating-linear-gradient"}
            await _button(page, "ok")  # 4 players
            await _until(page, lambda s: s["stage"] == "deal")
            for _ in range(DEAL - 7):
                await _button(page, "cat")
            await _button(page, "ok")
            st = await _until(page, lambda s: s["stage"] == "play" and s["turn"] is not None)
            await page.screenshot(path=str(ARTIFACTS / "mmm-start.png"))
            seen["faces"] = await page.evaluate(FACES_JS)
            reshuffled, last_pile = False, st["pile"]
            for _ in range(2000):
                st = await page.evaluate(READ_JS)
                if st["pile"] is not None and st["pile"] > last_pile:
                    reshuffled = True  # the pile only grows when the discards become a new one
                last_pile = st["pile"]
                if st["stage"] == "won" or st["winner"]:
                    break
                v = st["virtual"]
                pos = notation.parse_position(st["position"])
                if st["stage"] != "play" or pos.turn != 0 or not v or st["hand"] != v["hand"]:
                    await asyncio.sleep(0.02)
                    continue
                if pos.wish and "wish_shown" not in seen:  # a wish in force, said in words
                    shown = (await page.evaluate(FACES_JS))["wish"]
                    seen["wish_shown"] = shown, f"wished: {NAMES['en'][pos.wish]}"
                if not seen["rejected"] and pos.phase == "play":
                    wrong = [c for c in v["hand"] if c not in v["playable"]]
                    if wrong:
                        await page.click(f'#myhand .mmcard[data-card="{wrong[0]}"]')
                        await _until(page, lambda s: "does not fit" in s["instruction"])
                        await page.screenshot(path=str(ARTIFACTS / "mmm-rejected.png"))
                        seen["rejected"] = True
                        continue
                if not reshuffled:
                    ev = engine.PASS if pos.phase == "drawn" else engine.DRAW
                else:
                    hand = list(v["hand"])
                    ev = bot.choose(pos, hand, v["playable"])
                    if ev.kind == "mau" and not seen["forgot"]:
                        seen["forgot"] = True  # the person forgets to call Mau! once
                        ev = bot.choose(replace(pos, mau=True), hand, v["playable"])
                moves = st["moves"]
                if ev.kind == "play":
                    await page.click(f'#myhand .mmcard[data-card="{ev.card}"]')
                    if ev.wish:
                        await page.click(f'#wishpick button[data-wish="{ev.wish}"]')
                        seen["wish"] = True
                else:
                    await page.click({"draw": "#drawpile", "pass": "#btn-pass", "mau": "#btn-mau"}[ev.kind])
                await _until(page, lambda s, m=moves: s["moves"] > m)
            await _until(page, lambda s: s["stage"] == "won")
            await page.screenshot(path=str(ARTIFACTS / "mmm-won.png"))
            seen["final"] = await page.evaluate(FACES_JS)
            winner_text = await page.text_content("#cardwinner")
            await browser.close()
        record = (notation.format_position(companion.journal.start_position()), companion.journal.moves())
    finally:
        await _stop(companion, task, runner)
    return record, seen, reshuffled, winner_text


def test_a_whole_four_seat_game_through_the_page(tmp_path):
    (start, moves), seen, reshuffled, winner_text = asyncio.run(_game(tmp_path))
    faces, wish_shown, final = seen.pop("faces"), seen.pop("wish_shown"), seen.pop("final")
    assert seen == {"rejected": True, "forgot": True, "wish": True} and reshuffled
    # the cards are named in words, the person's seat and turn are said
    assert_cards_named(faces, "en")
    assert faces["me"] == f"Player 1 (you): {DEAL} cards" and faces["handlabel"] == f"Your hand ({DEAL})"
    assert faces["turn"] == "Your turn (clockwise)"
    assert wish_shown[0] == wish_shown[1]
    # the moves list names who played every move (issue 20, point 2) and every card played, a
    # wild card with its wish, the code kept beside it; the forgotten Mau stays listed (point 1)
    assert len(final["moves"]) == len(moves)
    pos, forgot_lines = notation.parse_position(start), 0
    for move, text in zip(moves, final["moves"]):
        step = engine.step(pos, notation.parse_event(move), frozenset())
        who = None if pos.phase == engine.START else f"Player {pos.turn + 1}"
        pos = step.position
        if who is not None:
            assert text.startswith(who + ": "), (move, text)
            text = text[len(who) + 2:]
        if step.mau_penalty:
            note = f" Mau forgotten! {who} draws 1"
            assert text.endswith(note), (move, text)
            text, forgot_lines = text[:-len(note)], forgot_lines + 1
        face, _, wish = move.removeprefix("up:").partition(">")
        if face in ("draw", "pass", "mau"):
            assert text.startswith({"draw": "draws", "pass": "passes", "mau": "Mau!"}[face]), text
            continue
        said = card_name(face, "en") + (f" → {NAMES['en'][wish]}" if wish else "")
        assert said in text and text.endswith(move), (move, text)
    assert forgot_lines >= 1
    assert final["me"].startswith("Player 1 (you): ") and final["turn"] == ""
    assert winner_text.startswith("Mau Mau! ")
    steps = [json.loads(line) for line in cli.play(start, moves, frozenset(), True)]
    assert steps[-1]["winner"] is not None
    assert any(s["reshuffled"] for s in steps) and any(s["mau_penalty"] for s in steps)
    assert any(m.startswith("+4>") for m in moves)
    assert any(m[:2] in ("MW", "KK", "+4") and ">" in m for m in moves)
