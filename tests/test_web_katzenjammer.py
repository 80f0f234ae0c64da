"""A whole three-player Katzenjammer game through the page (Debian's Chromium, headless, driven by
Playwright, against the real companion on fake devices): the service rolls with a seeded source,
the person plays red with the page's OK button against two computer players (blue, the AI seat,
and green, whose player is called "Computer"). The page draws the board (companion/tables/katzenjammer/kj.js): every
piece the position has, in its seat's colour and place, and the dice; screenshots go to
$ARTIFACTS_DIR (tmp/artifacts/web)."""
from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from tests.test_web_browser import CHROMIUM, _shot, page_of

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


# What the page's SVG shows and the snapshot it drew it from, read in one go (kj.js draws
# synchronously on each snapshot, so the two belong together).
_DRAWN = """() => {
  const svg = document.getElementById('kjboard');
  const pieces = [...svg.querySelectorAll('.kj-piece')].map(
    (p) => [p.dataset.colour, p.dataset.where, p.dataset.at, p.classList.contains('fresh')]);
  const dice = [...svg.querySelectorAll('.kj-die-value')].map((d) => d.textContent);
  const fields = svg.querySelectorAll('.kj-field').length;
  return {position: window.maunzPage.state.position, pieces, dice, fields,
          last: [...svg.querySelectorAll('circle.kj-last')].length,
          lastMove: (window.maunzPage.state.board || {}).last,
          lastText: [...svg.querySelectorAll('text.kj-last-turn')].map((t) => t.textContent),
          visible: !document.getElementById('kjtable').hidden};
}"""

_PLACED = """() => {
  const box = document.getElementById('kjtable');
  const caption = document.getElementById('textview');
  return {frame: box.parentElement.className,
          caption_after: !!(box.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING),
          svg: getComputedStyle(box.querySelector('svg')).display,
          bed: getComputedStyle(document.querySelector('.bed-wrap')).display};
}"""


def _expected(game, text):
    """The pieces a position has, as the drawing should show them: (colour, where, at, fresh)."""
    from companion.games.katzenjammer.board import COLOURS, RING, nest_count, stall_base

    pos = game.parse_position(text)
    out = []
    for c in pos.colours:
        colour = COLOURS[c]
        out += [[colour, "ring", str(i), pos.board[i] >= 5] for i in range(RING)
                if pos.board[i] and (pos.board[i] - 1) & 3 == c]
        out += [[colour, "stall", f"s{i + 1}", False] for i in range(4) if pos.board[stall_base(c) + i]]
        out += [[colour, "nest", "n", False]] * nest_count(pos.board, c)
    dice = ["–"] * 3 if pos.dice is None else [str(d) for d in pos.dice]
    return sorted(out), dice


def _check_drawing(game, drawn):
    assert drawn["visible"] and drawn["fields"] == 40
    pieces, dice = _expected(game, drawn["position"])
    assert sorted(drawn["pieces"]) == pieces, drawn["position"]
    assert drawn["dice"] == dice, drawn["position"]


@contextlib.asynccontextmanager
async def opened(companion):
    """The companion's page in Chromium, once it shows the Katzenjammer board: the page and the
    list its script errors go to."""
    async with page_of(companion) as (page, errors):
        await page.wait_for_selector('body[data-view="katzenjammer"][data-game="katzenjammer"]')
        await page.wait_for_selector("#kjboard .kj-piece")
        yield page, errors


def test_a_three_player_game_through_the_page(tmp_path):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    config = Config(source="<browser test>").replace(
        game=GameConfig(game="katzenjammer", players=3, ai="2", settle=0.05, language="en"),
        state_dir=tmp_path, hardware=ALL_FAKE)
    first = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(8))
    first.journal.set_player(2, "Computer")  # green's player: the computer (blue is the AI seat)
    first.close()
    companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(8))
    assert companion.table.session.computers.keys() == {1, 2}

    async def go():
        async with opened(companion) as (page, errors):
            view = page.locator("#textview")
            await page.wait_for_function(
                "() => document.getElementById('textview').textContent.includes('Red: ')")
            first = await view.inner_text()
            assert "Blue: n,n,n,n" in first and "Green: n,n,n,n" in first
            game = companion.game
            drawn = await page.evaluate(_DRAWN)
            _check_drawing(game, drawn)
            assert [p[:2] for p in drawn["pieces"]].count(["r", "nest"]) == 4  # the game's start
            # kj.js built its box in the bed's frame, before the caption, and kj.css (served at
            # /views/) styles it
            assert await page.evaluate(_PLACED) == {"frame": "bed-frame", "caption_after": True,
                                                    "svg": "block", "bed": "none"}
            clicks = 0
            while companion.journal.current.result == "unfinished" and clicks < 3000:
                await page.click('[data-button="ok"]')  # the first option, every time
                clicks += 1
                await asyncio.sleep(0.02)  # the service's loop takes the press
                if clicks in (15, 40):  # mid-game: the drawing is the page's position
                    await asyncio.sleep(0.3)
                    drawn = await page.evaluate(_DRAWN)
                    _check_drawing(game, drawn)
                    # what the last turn moved is marked (a pass moves nothing, so marks nothing)
                    moved = (drawn["lastMove"] or {}).get("move") not in (None, "pass")
                    assert (drawn["last"] >= 1) == moved, drawn["lastMove"]
                    # the last turn is said in words, as the move list says it, not in notation
                    if drawn["lastMove"]:
                        assert drawn["lastText"][1] == drawn["lastMove"]["words"], drawn["lastText"]
                        assert drawn["lastMove"]["move"] not in drawn["lastText"][1], drawn["lastText"]
                    # three seats: the moves list has no maunz orange/grey turn dots
                    assert await page.locator("#moves li code").count() >= 1
                    assert await page.locator("#moves .dot").count() == 0
                    await _shot(page, f"katzenjammer-{clicks}")
            assert companion.journal.current.result in ("1", "2", "3"), clicks
            await page.wait_for_function(
                "() => document.getElementById('textview').textContent.includes('wins!')")
            drawn = await page.evaluate(_DRAWN)
            _check_drawing(game, drawn)
            assert await page.locator("#kjboard").get_attribute("data-winner") in ("r", "b", "g")
            await _shot(page, "katzenjammer-won")
            pos = game.parse_position("r:n,n,n,n b:n,n,n,n g:n,n,n,n r -")
            for text in companion.journal.moves():  # every roll and turn in the journal is legal
                pos = game.apply(pos, game.parse_move(pos, text))
            assert game.outcome(pos) is not None and errors == []

    asyncio.run(go())


# Every word the page shows (the moves list's notation aside: "roll:513" is the same in every
# language), and the page's own dictionary (app.js's T); the board's words (kj.js draws them from
# the snapshot's board.labels) are registered phrases, in i18n's STRINGS with the OLED's.
_WORDS = """() => {
  const notation = [...document.querySelectorAll('#moves code')].map((e) => e.textContent);
  const svg = [...document.querySelectorAll('#kjboard text')].map((t) => t.textContent);
  return {text: document.body.innerText, svg: svg.join('\\n'), notation,
          T: window.maunzPage.words, lang: window.maunzPage.lang};
}"""


def _tokens(text: str) -> set[str]:
    import re

    return set(re.findall(r"[^\W\d_]{2,}", re.sub(r"\{\w+\}", " ", text).lower()))


def _vocabulary(dictionaries) -> dict[str, set[str]]:
    """The words only one language uses: from the OLED's strings (companion/ui/i18n.py, the
    chooser's menus among them) and the page's own."""
    from companion.ui.i18n import STRINGS

    words = {"de": set(), "en": set()}
    for entry in STRINGS.values():
        for lang in words:
            words[lang] |= _tokens(entry[lang])
    for table in dictionaries:
        for lang in words:
            words[lang] |= _tokens(" ".join(table[lang].values()))
    from companion import games

    titles = set().union(*(_tokens(games.info(n).title) for n in games.names()))  # proper names
    return {"de": words["de"] - words["en"] - titles, "en": words["en"] - words["de"] - titles}


async def _check_language(page, lang: str, expect: tuple[str, ...]) -> None:
    """The page speaks `lang` only: none of the other language's own words is visible."""
    seen = await page.evaluate(_WORDS)
    assert seen["lang"] == lang
    text = seen["text"] + "\n" + seen["svg"]
    for code in seen["notation"]:
        text = text.replace(code, " ")
    only = _vocabulary((seen["T"],))
    other = "en" if lang == "de" else "de"
    tokens = _tokens(text)
    assert not tokens & only[other], (lang, sorted(tokens & only[other]), text)
    for word in expect:  # and it does speak it
        assert word.lower() in text.lower(), (word, text)


def test_the_page_follows_the_language_card_in_every_word(tmp_path):
    """A Katzenjammer game on the page in German, then English, then German again — in the
    chooser's menus, with the players' own dice, the service's notes — shows no word of the other
    language; two computer seats from `[game] ai = "2,3"` are marked on the board."""
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import ALL_FAKE, build_fakes

    config = Config.from_text('[game]\ngame = "katzenjammer"\nplayers = 3\nai = "2,3"\nsettle = 0.05\n',
                              "<browser test>").replace(state_dir=tmp_path, hardware=ALL_FAKE)
    companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(21))
    assert companion.table.session.computers.keys() == {1, 2} and companion.settings.language == "de"

    async def until(page, script):
        await page.wait_for_function(script, timeout=10000)

    async def go():
        async with opened(companion) as (page, errors):
            await until(page, "() => (window.maunzPage.state || {}).phase === 'choose'")
            await until(page, "() => document.getElementById('textview').textContent.includes('Rot: ')")
            players = await page.evaluate(
                "() => [...document.querySelectorAll('#kjboard .kj-player')].map((t) => t.textContent)")
            assert players == ["Computer", "Computer"]  # blue and green: the AI's two seats
            # a maunz. card tapped at this table (the page's strip shows only Katzenjammer's own,
            # so it is tapped as the reader reports it): the service's note says so
            await page.evaluate("() => window.companionSend({type: 'card', card: 'hint'})")
            await until(page, "() => document.getElementById('messages').textContent.includes('tut nichts')")
            await _check_language(page, "de", ("Würfel", "am Zug", "Steuerkarten", "Eigene Würfel",
                                               "Karte „Tipp“ tut nichts bei Katzenjammer"))
            await page.click('[data-card="language"]')
            await until(page, "() => window.maunzPage.lang === 'en' && "
                              "document.getElementById('textview').textContent.includes('Red: ')")
            await _check_language(page, "en", ("dice", "to move", "Control cards", "Own dice",
                                               "card 'Hint' does nothing in Katzenjammer"))
            await page.click('[data-card="dice"]')  # the players' own dice, said on the OLED
            await until(page, "() => document.getElementById('instruction').textContent"
                              ".includes('You roll your dice')")
            for _ in range(60):  # red's turn, then blue's roll is entered by hand
                if companion.table.phase == "enter_dice":
                    break
                await page.click('[data-button="ok"]')
                await asyncio.sleep(0.05)
            await until(page, "() => window.maunzPage.state.phase === 'enter_dice'")
            await _check_language(page, "en", ("Die III",))
            await page.click('[data-card="language"]')
            await until(page, "() => window.maunzPage.lang === 'de' && "
                              "document.getElementById('instruction').textContent.includes('Würfel III')")
            await _check_language(page, "de", ("Würfel III", "blättern"))
            await _shot(page, "katzenjammer-german-dice-entry")
            assert errors == []

    asyncio.run(go())


# The strip under the board, measured where Chromium drew it: the left column (whose turn), the
# three dice, the right column (the last turn), each text's box in the SVG's units.
_STRIP = """() => {
  const svg = document.getElementById('kjboard');
  const box = (e) => { const b = e.getBBox(); return [b.x, b.x + b.width, e.textContent]; };
  const dice = [...svg.querySelectorAll('.kj-dice rect, .kj-dice text')].map(box);
  const texts = [...svg.querySelectorAll('text.kj-strip')];
  return {dice, lang: window.maunzPage.lang,
          left: texts.filter((t) => t.getAttribute('text-anchor') === 'start').map(box),
          right: texts.filter((t) => t.getAttribute('text-anchor') === 'end').map(box),
          players: [...svg.querySelectorAll('.kj-player')].map(box)};
}"""
LONG_NAME = "Anna-Katharina Schneider"  # 24 characters, the most a player card holds


def test_the_strip_under_the_board_never_runs_into_the_dice(tmp_path):
    """Whose turn (with a 24-character player's name) and the last turn stay clear of the dice,
    in English and in German ("Green to move" ran into die III)."""
    from companion.service.app import Companion
    from companion.service.cards import MAX_NAME
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    assert len(LONG_NAME) == MAX_NAME
    config = Config(source="<browser test>").replace(
        game=GameConfig(game="katzenjammer", players=2, settle=0.05, language="en"),
        state_dir=tmp_path, hardware=ALL_FAKE)
    first = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(3))
    first.journal.set_player(0, LONG_NAME)
    first.journal.set_player(1, LONG_NAME[::-1])
    first.close()
    companion = Companion(config, build_fakes(), state_dir=tmp_path, chance_source=random.Random(3))

    async def check(page, lang):
        await page.wait_for_function(f"() => window.maunzPage.lang === '{lang}'")
        await asyncio.sleep(0.3)
        seen = await page.evaluate(_STRIP)
        dice_left = min(x0 for x0, _, _ in seen["dice"])
        dice_right = max(x1 for _, x1, _ in seen["dice"])
        assert seen["left"] and seen["right"], seen
        for x0, x1, text in seen["left"]:
            assert x0 >= 0 and x1 < dice_left - 0.05, (lang, text, x1, dice_left)
        for x0, x1, text in seen["right"]:
            assert x0 > dice_right + 0.05 and x1 <= 11.05, (lang, text, x0, dice_right)
        assert any(LONG_NAME in text or LONG_NAME[::-1] in text for _, _, text in seen["left"])
        for x0, x1, text in seen["players"]:  # the names by the nests keep to their quarter
            assert x1 - x0 <= 2.35, (lang, text, x1 - x0)

    async def go():
        async with opened(companion) as (page, errors):
            await page.wait_for_function("() => (window.maunzPage.state || {}).phase === 'choose'")
            green = "() => { const b = window.maunzPage.state.board || {};" \
                    " return b.to_move === 'g' && !!b.dice && !!b.last; }"
            for _ in range(20):  # red's turn: then "Green to move" (and Green's long name)
                if await page.evaluate(green):
                    break
                await page.click('[data-button="ok"]')
                await asyncio.sleep(0.1)
            await page.wait_for_function(green)
            await check(page, "en")
            await _shot(page, "katzenjammer-strip-en")
            await page.click('[data-card="language"]')
            await check(page, "de")
            await _shot(page, "katzenjammer-strip-de")
            assert errors == []

    asyncio.run(go())
