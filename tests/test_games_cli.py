"""`companion games`: one line per registered game -- name, title, players, how it is served."""
from __future__ import annotations

import re

import pytest

from companion import cli, games
from companion.games.base import ASSISTANT, SCOREKEEPER, GameInfo


def _fields(line: str) -> list[str]:
    return re.split(r" {2,}", line.rstrip())


def test_lists_maunz_name_first(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    maunz = [line for line in out if line.startswith("maunz ")]
    assert maunz and _fields(maunz[0]) == ["maunz", "maunz.", "2", "referee"]
    assert len(out) == len(games.names())  # one line per game, no header


def test_player_ranges_titles_with_spaces_and_alignment(capsys, monkeypatch):
    # Two more games as the new game packages register them (kept out of the real registry).
    # The built-in games first: the registry registers them on its first lookup, so patching
    # before that would leave monkeypatch's undo deleting the real "cats" for later tests.
    games._load_builtin()
    for info in (GameInfo("monster-mau-mau", "Monster Mau Mau", (), 2, 10, served=SCOREKEEPER),
                 GameInfo("cats", "Cats", (), 2, 4, served=ASSISTANT)):
        for table, key, value in ((games._INFOS, info.name, info), (games._ALIASES, info.name, info.name),
                                  (games._FACTORIES, info.name, None)):
            monkeypatch.setitem(table, key, value)
    assert cli.main(["games"]) == 0
    # other registered games (Cat Attack ...) may stand between these lines: look at these three
    out = [line for line in capsys.readouterr().out.splitlines()
           if line.split(" ", 1)[0] in ("cats", "maunz", "monster-mau-mau")]
    assert [_fields(line) for line in out] == [
        ["cats", "Cats", "2-4", "assistant"],
        ["maunz", "maunz.", "2", "referee"],
        ["monster-mau-mau", "Monster Mau Mau", "2-10", "scorekeeper"],
    ]
    # Columns line up: every title starts where the longest name's column ends.
    assert len({line.index(title) for line, title in zip(out, ("Cats", "maunz.", "Monster"))}) == 1


def test_bad_argument_is_one_line_and_status_2(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["games", "--colour"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "companion games: unrecognized arguments: --colour" in err


def test_help_keeps_every_command_in_one_column(capsys):
    # QA: "katzenjammer Katzenjammer engine" and "monster-mau-mau Monster Mau Mau referee" ran
    # into their help text, one space apart, out of line with the rest
    assert cli.main(["--help"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert len(rows) == len(cli.commands())
    starts = {len(line) - len(line[2:].split(None, 1)[1]) for line in rows}
    assert len(starts) == 1  # every help text starts in the same column
    assert all(re.match(r"  \S+ {2,}\S", line) for line in rows)


def test_a_reader_that_stops_early_gets_no_traceback():
    # QA: `companion --help | head -1` printed a BrokenPipeError traceback
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
                             "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait(30) == 1 and err == ""


def test_help_names_every_cards_subcommand(capsys):
    # QA: `companion --help` named only 'cards enrol' and 'cards list'; the README's
    # write-deck and enrol-deck were nowhere in it
    from companion.service import cards_cli

    assert cli.main(["--help"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.split()[:1] == ["cards"])
    try:
        cards_cli.main(["--help"])
    except SystemExit:
        pass
    subs = re.search(r"\{([a-z,-]+)\}", capsys.readouterr().out).group(1).split(",")
    assert subs and all(sub in line for sub in subs), (line, subs)
