"""The checklist for a new game (docs/ARCHITECTURE.md, "Adding a game"), proven: Fischnapf
(tests/example_game/: its engine, its table with its phrases) plus one registry line is a game
the companion plays end to end — the games' and the tables' conformance in both languages, the
game menu, the journal and a resume after a restart, the page's snapshot, every phrase sayable by
the voice — with nothing else in the repository touched."""
from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import companion.games as games
from companion import tables
from companion.ui import i18n

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def fischnapf(catalogue_line):
    """Registered for this test only: its one line added to the catalogue (conftest's
    catalogue_line puts the registry back afterwards): other tests never see it."""
    return catalogue_line("tests.example_game:ENTRY")


def test_the_engine_keeps_the_games_contract(fischnapf):
    from tests.test_games_conformance import check_position, play

    for seed in range(20):
        moves, final, _ = play(fischnapf, random.Random(seed), 2)
        check_position(fischnapf, final, 2)
        assert fischnapf.outcome(final) is not None and 4 <= len(moves) <= 7
    assert games.get("fish").info.name == "fischnapf"          # its alias, from its GameInfo
    with pytest.raises(games.NotationError, match="fischnapf move '3'"):
        fischnapf.parse_move(fischnapf.initial_position(), "3")


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_table_keeps_the_tables_contract(fischnapf, language):
    from tests.test_tables_conformance import test_every_input_in_every_phase

    assert "fischnapf" in tables.names()
    test_every_input_in_every_phase("fischnapf", language)


def test_every_phrase_is_sayable_in_both_languages_with_no_word_of_the_other(fischnapf):
    from companion.voice.coverage import coverage
    from tests.example_game.phrases import PHRASES

    said, total, missing = coverage()
    assert said == total and not missing
    for key, entry in PHRASES.items():
        assert i18n.STRINGS[key] == entry
        de, en = (re.findall(r"[A-Za-zÄÖÜäöüß]+", entry[lang]) for lang in ("de", "en"))
        assert not {"Fische", "nehmen", "Spieler"} & set(en) and not {"fish", "take", "Player"} & set(de)


def test_the_companion_plays_it_from_the_menu_journals_it_and_resumes_it(fischnapf, tmp_path):
    from tests.test_service_games import make, press

    c, p = make(tmp_path)
    p.run(0.5)
    press(c, p, "ok", "long")     # "new game?" ... CAT: another game
    press(c, p, "cat")
    while c.switching.menu.choice.name != "fischnapf":
        press(c, p, "cat")
    press(c, p, "ok")
    press(c, p, "ok")             # confirmed
    assert c.game.info.name == "fischnapf"
    assert c.snapshot()["instruction"] == "7 Fische im Napf · OK = 1 nehmen · KATZE = 2 nehmen"
    press(c, p, "cat")            # player 1 takes two
    press(c, p, "ok")             # player 2 takes one
    assert c.journal.moves() == ["2", "1"]
    snap = c.snapshot()
    assert snap["game"] == "fischnapf" and snap["view"] == "fischnapf" and snap["fish"] == 4
    c.close()
    c, p = make(tmp_path)          # a restart: the unfinished game comes back as it was
    assert c.game.info.name == "fischnapf" and c.table.moves == ["2", "1"]
    for button in ("cat", "cat"):   # 4 -> 2 -> 0: player 2 takes the last two fish
        press(c, p, button)
    assert c.journal.current.result == "2"
    assert c.table.view().screen.header("de") == "Spieler 2 nimmt den letzten Fisch!"
    c.close()


def test_its_command_and_its_alias_come_from_its_line(fischnapf, capsys):
    from companion import cli

    assert cli.main(["fish", "moves", "0 1"]) == 0 and capsys.readouterr().out == "1\n"
    assert cli.main(["fischnapf", "moves"]) == 0 and capsys.readouterr().out == "1\n2\n"
    assert cli.main(["--help"]) == 0
    help_ = capsys.readouterr().out.splitlines()
    assert [line.split() for line in help_ if line.split()[:1] in (["fischnapf"], ["fish"])] == [
        ["fischnapf", "Fischnapf", "engine:", "moves"], ["fish", "alias", "of", "'fischnapf'"]]


def test_its_own_card_is_known_to_the_service_the_cards_command_and_the_page(fischnapf, tmp_path):
    import sqlite3

    from companion.service import cards
    from companion.service.journal import connect
    from companion.web.protocol import card_catalog

    assert cards.functions()["count"] == "Fischnapf: the companion says how many fish are left"
    assert cards.parse_text("maunz:count") == ("count", "")
    store = cards.CardStore(connect(tmp_path / "j.db"))
    assert store.add("04:A1:B2:C3", "count") == cards.Card("04:A1:B2:C3", "count")
    page = {c.id: c for c in card_catalog()}
    assert dict(page["count"].labels) == {"de": "Fische zählen", "en": "Count the fish"}
    assert dict(page["game-fischnapf"].labels)["de"] == "Spiel: Fischnapf"
    table = tables.make(fischnapf, language="en")
    table.on_button("cat", "press", 0.0)
    table.on_card("count", 0.0)
    assert [m.text("en") for m in table.drain_said()] == ["5 fish in the bowl"]


def test_its_view_script_is_tagged_in_the_page_and_served(fischnapf):
    import asyncio

    from aiohttp.test_utils import TestClient, TestServer

    from companion.web.server import make_app, page_html, view_scripts
    from tests.test_web_server import StandIn

    views = view_scripts()
    assert views["fischnapf.js"] == ROOT / "tests" / "example_game" / "fischnapf.js"
    assert '<script src="/views/fischnapf.js"></script>' in page_html(views)

    async def go():
        client = TestClient(TestServer(make_app(StandIn(), control=False, token=None)))
        await client.start_server()
        try:
            page = await client.get("/")
            script = await client.get("/views/fischnapf.js")
            assert '<script src="/views/fischnapf.js"></script>' in await page.text()
            assert script.status == 200 and "maunzViews.fischnapf" in await script.text()
        finally:
            await client.close()
    asyncio.run(go())
    snap = tables.page_view("fish")(tables.make(fischnapf), None)
    assert snap == {"view": "fischnapf", "fish": 7, "to_move": "1"}


def test_the_page_draws_it_with_its_own_script(fischnapf, tmp_path):
    """In a real browser: the page loads its view script and draws the bowl as the snapshot's
    view, and none of maunz's bed, seats or help."""
    import asyncio

    from tests.test_web_browser import CHROMIUM, page_of

    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent")
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    config = Config(source="<browser test>").replace(
        game=GameConfig(game="fischnapf", language="en"), state_dir=tmp_path, hardware=ALL_FAKE)

    async def go():
        async with page_of(Companion(config, build_fakes(), state_dir=tmp_path)) as (page, errors):
            await page.wait_for_selector("#fishbowl[data-fish='7']", timeout=15000)
            await page.click('.hw-btn[data-button="cat"]')
            await page.wait_for_selector("#fishbowl[data-fish='5']", timeout=15000)
            shown = await page.evaluate("""() => ['#fishbowl', '.bed-wrap', '#players-bottom', '#hand', '#help']
                .map((s) => getComputedStyle(document.querySelector(s)).display !== 'none')""")
            assert shown == [True, False, False, False, False] and not errors, (shown, errors)
            assert await page.locator('[data-card="count"] .card-label').inner_text() == "Count the fish"
    asyncio.run(go())


def test_it_touches_only_its_own_package_and_one_registry_line():
    """No file outside tests/example_game/ (and this test) names the game."""
    out = subprocess.run(["git", "grep", "-l", "-i", "-e", "fischnapf", "-e", "tests.example_game", "-e", "tests/example_game", "--", "."],
                         cwd=ROOT, capture_output=True, text=True)
    files = sorted(set(out.stdout.split()))
    allowed = {"tests/test_example_game.py", "docs/ARCHITECTURE.md"}
    assert all(f.startswith("tests/example_game/") or f in allowed for f in files), files
    assert sys.modules.get("companion.games.fischnapf") is None


def test_its_parameter_is_its_config_section(fischnapf, tmp_path):
    """The parameter its GameInfo declares is its own [game.fischnapf] section, checked from the
    declaration (no file of the service names it), and the game the service makes has it."""
    from companion.service.app import Companion
    from companion.service.config import Config, ConfigError, make_game
    from companion.service.devices import build_fakes

    cfg = Config.from_text('[game]\ngame = "fish"\n[game.fischnapf]\nfish = "9"\n', "c.toml")
    assert make_game(cfg).initial_position() == (0, 9)
    c = Companion(cfg, build_fakes(), state_dir=tmp_path, ai_mode="off")
    try:
        assert c.table.position == (0, 9) and c.record_header()["fish"] == "9"
    finally:
        c.close()
    assert make_game(Config.from_text("", "c.toml"), "fischnapf").initial_position() == (0, 7)
    with pytest.raises(ConfigError) as exc:
        Config.from_text('[game.fischnapf]\nfish = "8"\n', "c.toml")
    assert str(exc.value) == "c.toml: [game.fischnapf] fish: bad value '8'; use one of: '7', '5', '9'"


def test_the_default_undo_takes_the_last_move_and_says_when_there_is_none(fischnapf):
    """Its table has no undo of its own: TableBase's (the shared controls route the undo card
    and BACK held to it) pops the last move, and says so when there is none."""
    t = tables.make(fischnapf, language="en")
    assert isinstance(t, tables.Table)       # every protocol verb answered, on_chance included
    t.on_button("cat", "press", 0.0)
    t.drain_commits()
    t.on_card("undo", 0.1)
    assert [c.kind for c in t.drain_commits()] == ["undo"] and t.moves == []
    t.on_button("back", "long", 0.2)
    assert t.drain_commits() == [] and t.view().instruction.startswith("Nothing to undo")
