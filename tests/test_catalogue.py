"""One line per game (companion/catalogue.py), everything else derived: the game commands and
their aliases, the control cards' functions, the page's cards and view scripts. The line is read
without importing any game, so a command of one game never loads the others."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import companion.games as games
from companion import catalogue, cli, tables
from companion.service import cards
from companion.ui import i18n

ROOT = Path(__file__).resolve().parents[1]


def _packages(line) -> set[str]:
    """The packages a catalogue line's parts live in (its engine's and its table's)."""
    return {target.partition(":")[0].rsplit(".", 1)[0] for target in (line.engine, line.table) if target}


def _loaded(*argv: str) -> list[str]:
    """The modules of ours a `companion` command has imported once it is done."""
    code = ("import sys; from companion.cli import main; main(sys.argv[1:]);"
            " print(*sorted(m for m in sys.modules if m.startswith('companion')), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    return out.stderr.split()


def test_help_imports_no_game_and_a_games_command_no_other_game():
    assert not [m for m in _loaded("--help") if m.startswith(("companion.games", "companion.tables"))]
    loaded = _loaded("boop", "moves")
    assert "companion.games.maunz.cli" in loaded
    # no package of any other line of the catalogue (a game added later is covered too)
    others = set().union(*(_packages(line) for line in catalogue.GAMES if line.name != "maunz"))
    assert not [m for m in loaded for other in others if m == other or m.startswith(other + ".")], loaded


def test_the_command_lines_and_their_aliases_come_from_the_catalogue(capsys):
    known = cli.commands()
    expected = ["games"]
    for line in catalogue.GAMES:      # each line's command, then its aliases, in the lines' order
        if line.command is None:
            continue
        expected += [line.name, *line.command_aliases]
        assert known[line.name] == line.command
        for alias in line.command_aliases:
            assert known[alias] == (line.command[0], f"alias of {line.name!r}")
            assert alias in games.info(line.name).aliases   # the game's own alias, as the registry checks
    assert list(known) == expected + list(cli.SERVICE_COMMANDS)
    # the built-in games' lines, as a player types them
    assert {known[a][1] for a in ("boop", "kj", "mau-mau", "mmm")} == {
        "alias of 'maunz'", "alias of 'katzenjammer'", "alias of 'monster-mau-mau'"}


def test_a_line_whose_command_alias_is_not_the_games_is_refused(monkeypatch):
    for name in ("_INFOS", "_FACTORIES", "_ALIASES"):
        monkeypatch.setattr(games, name, {})
    line = catalogue.entry("maunz")._replace(command_aliases=("boop", "bop"))
    monkeypatch.setattr(catalogue, "GAMES", (line,))
    with pytest.raises(ValueError, match=r"catalogue line 'maunz'.*\['bop'\]"):
        games.names()


def test_every_table_answers_shared_cards_and_declares_its_own():
    shared = set(cards.SHARED)
    for name in tables.names():
        table = tables.factory(name)
        own = set(table.own_card_functions)
        assert own <= set(table.card_functions), name
        assert set(table.card_functions) <= shared | own, (name, set(table.card_functions) - shared - own)
        assert not own & shared, name
        for function in own:   # the page's label and the notices' name of the card
            assert set(i18n.STRINGS[f"card.{function}"]) == set(i18n.LANGUAGES), function
    # a game's own card is its table's: the service knows it only from there
    assert {"cat", "hint", "ai_orange", "ai_grey", "dice", "own_cards", "secret"} <= set(cards.functions())
    assert not {"cat", "dice", "secret"} & shared
    assert cards.secret_names() == ("secret",) and "secret" in cards.named()


def test_the_pages_cards_are_worded_in_each_language():
    from companion.web.protocol import card_catalog

    page = {c.id: c for c in card_catalog()}
    assert dict(page["undo"].labels) == {"de": "Zug zurück", "en": "Undo"}
    assert dict(page["dice"].labels) == {"de": "Eigene Würfel", "en": "Own dice"}
    assert dict(page["player-Anna"].labels) == {"de": "Spieler Anna", "en": "Player Anna"}
    assert dict(page["voice-40"].labels) == {"de": "Stimme 40 %", "en": "Voice 40 %"}
    assert dict(page["game-maunz"].labels) == {"de": "Spiel: maunz.", "en": "Game: maunz."}
    assert page["secret-cat-3"].game == "cats" and page["secret-cat-3"].name == "cat:3"
    # the page's own words are registered phrases (web/phrases.py), none of them a card's
    from companion.web.phrases import page_words

    assert not any(key.startswith(("card_", "card.")) for words in page_words().values() for key in words)
    assert not (ROOT / "companion/web/static/words.js").exists()   # no second dictionary


def test_the_view_scripts_come_from_the_lines_and_register_by_view_name():
    from companion.web.server import page_html, view_scripts

    views = view_scripts()
    # events.js once, for two games; each script's stylesheet beside it, in its game's package
    assert list(views) == ["kj.js", "kj.css", "cards.js", "cards.css", "events.js", "events.css"]
    pkgs = ROOT / "companion/tables"
    assert views["kj.js"] == pkgs / "katzenjammer/kj.js"
    assert views["cards.css"] == pkgs / "monster_mau_mau/cards.css"
    assert views["events.js"] == pkgs / "events.js"
    html = page_html(views)
    assert html.index("/static/app.js") < html.index('<script src="/views/kj.js">') < html.index("/static/voice.js")
    head = html[:html.index("</head>")]
    assert head.index("/static/style.css") < head.index('<link rel="stylesheet" href="/views/kj.css">')
    assert '<link rel="stylesheet" href="/views/cards.css">' in head
    assert '<link rel="stylesheet" href="/views/events.css">' in head
    static = ROOT / "companion/web/static"
    assert "/views/" not in (static / "index.html").read_text()
    for file, views_ in (("kj.js", ["katzenjammer"]), ("cards.js", ["cards"]),
                         ("events.js", ["cat-attack", "cats"])):
        assert not (static / file).exists(), file
        text = views[file].read_text()
        # drawn by app.js as the snapshot's view names it, never by listening to every snapshot,
        # nor by checking the view itself: app.js hands it the state only when it is its own
        assert "companion:snapshot" not in text and "window.maunzViews" in text, file
        assert all(v in text for v in views_), file
        assert ".view ===" not in text and ".view !==" not in text, file
    assert 'view === "' not in views["events.js"].read_text()   # a table of views, no if-chain


def test_the_page_and_its_style_hold_no_game_of_their_own():
    """Each game's markup is built by its view script and its rules are in its stylesheet:
    index.html and style.css name no game's box, class or view."""
    static = ROOT / "companion/web/static"
    html = (static / "index.html").read_text()
    css = (static / "style.css").read_text()
    for name in ("kjtable", "eventtable", "cardtable", "myhand", "wishpick", "drawpile", "btn-mau"):
        assert name not in html, name
    for name in ("kjtable", "eventtable", "cardtable", ".kj-", ".ev-", ".ca-", ".cats-", ".mmcard",
                 ".mm-", "wishpick", "myhand", 'data-view="katzenjammer"', 'data-view="cards"',
                 'data-view="cats"', 'data-view="cat-attack"'):
        assert name not in css, name
    styles = {"kj.css": "kjtable", "cards.css": "cardtable", "events.css": "eventtable"}
    from companion.web.server import view_scripts
    views = view_scripts()
    for file, box in styles.items():
        assert box in views[file].read_text(), file
        assert box in views[file.replace(".css", ".js")].read_text(), file


def test_the_help_names_every_benchmark(capsys):
    """`companion --help` lists the benchmarks `companion bench` runs, from its one list (the
    help's own copy had fallen behind: `puzzles` was missing)."""
    import benchmarks

    assert cli.main(["--help"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.split()[:1] == ["bench"])
    assert line.split("benchmarks: ", 1)[1].split(", ") == list(benchmarks.NAMES)
