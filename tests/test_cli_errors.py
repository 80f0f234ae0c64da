"""Every command's bad command line is one line on stderr naming the bad input and the help,
exit status 2 — never argparse's usage block (issue 20, point 11). An unknown option is named
before a required one that is missing."""
from __future__ import annotations

import subprocess
import sys

import pytest

from companion.cli import main


@pytest.mark.parametrize("argv,named", [
    (["selftest", "--bogus"], "unrecognized arguments: --bogus"),
    (["history", "--bogus"], "unrecognized arguments: --bogus"),
    (["export"], "--game --all is required"),
    (["export", "--game", "abc"], "invalid int value: 'abc'"),
    (["screens"], "required: --out"),
    (["screens", "--bogus"], "unrecognized arguments: --bogus"),
    (["kj", "successors", "--wat"], "unrecognized arguments: --wat"),
    (["katzenjammer", "successors", "--wat", "--position", "x"], "unrecognized arguments: --wat"),
    (["bench", "nope"], "unknown benchmark 'nope'"),
    (["bench", "engine", "--nope"], "unrecognized arguments: --nope"),
    (["recover", "--nope"], "unrecognized arguments: --nope"),
    (["cards", "--nope"], "unrecognized arguments: --nope"),
    (["sim", "--nope"], "unrecognized arguments: --nope"),
    (["mmm", "new"], "required: --players"),
])
def test_one_line_naming_the_input(argv, named, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and named in err, err
    assert "usage:" not in err and ("--help" in err or "one of" in err)


def test_help_in_the_terminal_game_lists_what_can_be_typed():
    from companion.tables.monster_mau_mau import terminal  # noqa: F401  (registers its words)
    from companion.ui.i18n import text

    run = subprocess.run([sys.executable, "-m", "companion", "monster-mau-mau", "play", "--seed", "1",
                          "--players", "2"], input="help\nq\n", capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "not in your hand" not in run.stdout
    assert run.stdout.count(text("mmm.term.help", "en")) == 2  # the greeting, and the answer to help
