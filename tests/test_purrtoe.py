"""A second game on the bed is a package too (issue 33, 7): Purrtoe (tests/purrtoe/: three kittens
in a row on a1..c3, two players, German and English) plus its one catalogue line is a bed game the
companion plays end to end — the games' and the tables' conformance (the table conformance's bed
driver drawn from its bed's declaration), the switching and power-cut tests, the page in a real
browser (its bed view and player panels drawn from the declaration), the OLED's turn and pool
lines and the LED colours from the declaration — with no other file naming it."""
from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import pytest

import companion.games as games
from companion import tables
from companion.ui import i18n

ROOT = Path(__file__).resolve().parents[1]
LINE = "tests.purrtoe:ENTRY"


@pytest.fixture
def purrtoe(catalogue_line):
    """Registered for this test only: its line added to the catalogue (conftest's
    catalogue_line puts the registry back afterwards): other tests never see it."""
    return catalogue_line(LINE)


def test_the_engine_keeps_the_games_contract(purrtoe):
    from tests.test_games_conformance import check_position, play

    outcomes = set()
    for seed in range(30):
        moves, final, _ = play(purrtoe, random.Random(seed), 2)
        check_position(purrtoe, final, 2)
        outcomes.add(purrtoe.outcome(final).winner)
        assert 5 <= len(moves) <= 9
        bed = purrtoe.info.bed
        assert all(bed.squares >> sq & 1 and bed.kind_of(p) == "k" for sq, p in purrtoe.bed_pieces(final).items())
    assert outcomes == {0, 1, None}                   # yellow, violet and a draw all happen
    assert games.get("ptoe").info.name == "purrtoe"
    with pytest.raises(games.NotationError, match="purrtoe move 'd4'"):
        purrtoe.parse_move(purrtoe.initial_position(), "d4")


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_table_keeps_the_tables_contract_with_the_bed_driver(purrtoe, language):
    from tests.test_tables_conformance import test_every_input_in_every_phase

    assert "purrtoe" in tables.names()
    t = tables.make(purrtoe, language=language)
    assert t.senses_bed and tables.seat_keys("purrtoe", 2) == ("y", "v")     # from its bed
    assert tables.seat_names("purrtoe", 2) == ("yellow", "violet")
    test_every_input_in_every_phase("purrtoe", language)


def test_the_oled_and_the_leds_are_drawn_from_its_bed(purrtoe):
    from companion.ui import palette
    from companion.ui.render import render

    t = tables.make(purrtoe, language="en")
    t.on_scan(0, 0.0)
    t.tick(1.0)
    assert t.view().screen.header("en") == "Yellow to move" and t.view().screen.header("de") == "Gelb ist dran"
    t.on_scan(1 << 7, 1.1)      # b2
    t.tick(1.5)
    v = t.view()
    assert t.moves == ["b2"] and v.screen.header("en") == "Violet to move"
    assert v.leds.cells[7] == palette.seat_cell(purrtoe.info.bed, 0)   # yellow's LED colour, declared
    assert [(p.label, p.kittens, p.kinds) for p in v.screen.pools] == [("Y", 4, 1), ("V", 4, 1)]
    assert render(v.screen, "en").size == (128, 64)
    t.on_scan(1 << 7 | 1 << 20, 1.6)   # c4: off the 3x3 corner: not a move, guided off
    t.tick(2.0)
    assert t.view().phase == "correction" and t.view().instruction == "Take the piece off c4"
    assert t.view().leds.cells[20] == palette.leaves_bed()
    t.on_scan(1 << 7, 2.1)
    t.tick(2.5)
    for sq in (0, 6, 1, 12, 2):          # a1 (v), a2 (y), b1 (v), a3 (y), c1: violet's row
        t.on_scan(sum(1 << s for s in purrtoe.bed_pieces(t.position)) | 1 << sq, 3.0 + sq)
        t.tick(4.0 + sq)
    assert t.view().phase == "won" and t.view().winner == 1
    assert t.view().screen.header("de") == "Lila gewinnt!"
    assert [t.view().leds.cells[sq] for sq in (0, 1, 2)] == [palette.win_line()] * 3


def test_the_phrases_are_its_own_and_sayable_in_both_languages(purrtoe):
    from companion.voice.coverage import coverage
    from tests.purrtoe.phrases import PHRASES

    tables.factory("purrtoe")
    said, total, missing = coverage()
    assert said == total and not missing
    for key, entry in PHRASES.items():
        assert i18n.STRINGS[key] == entry and key.startswith("purrtoe.")
        de, en = (set(re.findall(r"[A-Za-zÄÖÜäöüß]+", entry[lang])) for lang in ("de", "en"))
        assert not {"Kätzchen", "Gelb", "Lila", "Nimm", "Reihe"} & en
        assert not {"kitten", "Yellow", "Violet", "Take", "row"} & de


def test_switching_to_every_other_game_and_back_and_a_power_cut(purrtoe, tmp_path):
    from tests.test_tables_switching import test_every_other_game_and_back_leaks_nothing

    test_every_other_game_and_back_leaks_nothing("purrtoe", "en", tmp_path)


def test_it_survives_power_cuts_in_a_real_simulator(tmp_path, purrtoe):
    from tests.test_drill_games import PLAYED, drill

    played = drill(tmp_path, "purrtoe", kills=10, seed=33, lines=(LINE,))
    assert played.acknowledged >= PLAYED


def test_it_touches_only_its_own_package_and_its_test():
    """No file outside tests/purrtoe/ (and this test, and the architecture's checklist that points
    at it as it does the first test-only game) names the game."""
    files = set()
    for word in (["purrtoe"], ["-w", "ptoe"]):      # its name, and its alias as a word
        out = subprocess.run(["git", "grep", "--untracked", "-l", "-i", *word[:-1], "-e", word[-1], "--", "."],
                             cwd=ROOT, capture_output=True, text=True)
        files |= set(out.stdout.split())
    files = sorted(files)
    allowed = {"tests/test_purrtoe.py", "docs/ARCHITECTURE.md"}
    assert files and all(f.startswith("tests/purrtoe/") or f in allowed for f in files), files


def test_the_page_draws_its_bed_and_seats_from_its_declaration(purrtoe, tmp_path):
    """In a real browser: the bed view shows the nine squares in play, a yellow and a violet
    panel with their pools (one kind of piece: one picker button), the pieces in the seats'
    looks; a game is played by clicking squares, an undo is guided back on the bed, and the win
    is named in the winner's word."""
    import asyncio

    from tests.test_web_browser import CHROMIUM, page_of

    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent")
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    config = Config(source="<browser test>").replace(
        game=GameConfig(game="purrtoe", language="en", settle=0.05), state_dir=tmp_path, hardware=ALL_FAKE)
    state = """() => ({moves: (window.maunzPage.state || {}).moves || [], phase: document.body.dataset.phase,
        out: [...document.querySelectorAll('.sq.out')].length,
        seats: [...document.querySelectorAll('.player')].map((e) => [e.id, e.querySelector('.name').textContent,
                 getComputedStyle(e).getPropertyValue('--seat').trim(), e.dataset.pool_k]),
        picks: [...document.querySelectorAll('.pick')].map((b) => b.id),
        pieces: Object.fromEntries([...document.querySelectorAll('.sq')].filter((e) => e.dataset.piece)
                 .map((e) => [e.dataset.square, e.dataset.piece,])),
        look: (document.querySelector('.sq[data-square="b2"] .piece') || {}).className,
        winner: document.getElementById('winner').hidden ? null : document.getElementById('winner').textContent})"""

    async def until(page, pred, what):
        for _ in range(300):
            st = await page.evaluate(state)
            if pred(st):
                return st
            await asyncio.sleep(0.05)
        raise AssertionError(f"{what}: {st}")

    async def go():
        async with page_of(Companion(config, build_fakes(), state_dir=tmp_path)) as (page, errors):
            st = await until(page, lambda s: s["phase"] == "await_placement" and s["seats"], "the bed game drawn")
            assert st["out"] == 36 - 9 and st["picks"] == ["pick-k"]
            assert st["seats"] == [["player-v", "Violet", "#8a4fd8", "4"], ["player-y", "Yellow", "#e8b923", "5"]]
            await page.click('.sq[data-square="b2"]')
            st = await until(page, lambda s: s["moves"] == ["b2"], "yellow's kitten on b2")
            assert st["pieces"] == {"b2": "y"} and st["look"] == "piece seat first"
            await page.click('[data-card="undo"]')
            await until(page, lambda s: s["phase"] == "correction" and not s["moves"], "the undo guided")
            await page.click('.sq[data-square="b2"]')      # pick it up ...
            await page.click('.sq[data-square="b2"]')      # ... and off the bed
            await until(page, lambda s: s["phase"] == "await_placement" and not s["pieces"], "the bed as the game")
            for n, square in enumerate(("a1", "a2", "b1", "b2", "c1")):   # yellow's row a1-b1-c1
                await page.click(f'.sq[data-square="{square}"]')
                await until(page, lambda s, n=n: len(s["moves"]) == n + 1, f"move {n + 1} on {square}")
            st = await until(page, lambda s: s["winner"], "the win")
            assert st["winner"] == "Yellow wins!" and st["phase"] == "won"
            assert not errors, errors
    asyncio.run(go())
