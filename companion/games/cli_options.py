"""Command-line options several game commands share, spelt the same everywhere.

The language of what a command says: `--language de|en` (the spelling `--help` shows in every
command), with `--lang` accepted as an alias (`companion monster-mau-mau play` documented it
first), so a player who learnt either spelling in one tool can use it in all of them.
"""
from __future__ import annotations

import argparse

LANGUAGES = ("de", "en")


def add_language(parser: argparse.ArgumentParser, help_: str, default: str = "en") -> None:
    parser.add_argument("--language", choices=LANGUAGES, default=default,
                        help=f"{help_} (default {default}; also --lang)")
    # the alias: the same destination, hidden from --help so the help shows one spelling
    parser.add_argument("--lang", dest="language", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=argparse.SUPPRESS)
