"""Command-line options several game commands share, spelt the same everywhere.

The language of what a command says: `--language de|en` (the spelling `--help` shows in every
command), with `--lang` accepted as an alias (`companion monster-mau-mau play` documented it
first), so a player who learnt either spelling in one tool can use it in all of them.

`apply --why de|en` (every engine's command): each move followed by the table's explanation of it;
the words are the tables' (companion/tables/why_cli.py), handed in as `explainer` by the
`companion` command, since an engine's command never imports a table.
"""
from __future__ import annotations

import argparse

from companion.games.errors import GameError

LANGUAGES = ("de", "en")


def add_language(parser: argparse.ArgumentParser, help_: str, default: str = "en") -> None:
    parser.add_argument("--language", choices=LANGUAGES, default=default,
                        help=f"{help_} (default {default}; also --lang)")
    # the alias: the same destination, hidden from --help so the help shows one spelling
    parser.add_argument("--lang", dest="language", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=argparse.SUPPRESS)


def add_why(parser: argparse.ArgumentParser) -> None:
    """`apply --why de|en`: after each move the table's explanation of it (the words of the OLED's
    Why?, the page and the voice), for a refused move its refusal."""
    parser.add_argument("--why", choices=LANGUAGES, default=None,
                        help="explain each move (a refused one: why) in the table's words, in de or en")


class WhyUnavailable(GameError):
    """--why given to an engine's command called without the tables' words (not through
    `companion GAME`)."""


def explainer_for(args: argparse.Namespace, game_factory, explainer):
    """The explainer of `apply --why` (None without --why): `explainer(game, language)`, handed in
    by the `companion` command (companion/cli.py: the tables' words live above the engines)."""
    if getattr(args, "why", None) is None:
        return None
    if explainer is None:
        raise WhyUnavailable("--why words moves as the tables do: run it as `companion GAME apply --why`")
    return explainer(game_factory(), args.why)


def why_block(move: str, lines: list[str], refused: bool = False) -> list[str]:
    """What `apply --why` prints for a move: the move as given (", refused" after a refused one),
    then each line of its explanation indented by two spaces."""
    return [f"{move}{' refused' if refused else ''}"] + [f"  {line}" for line in lines]
