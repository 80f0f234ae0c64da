"""The one argument parser every `companion` command uses: a bad command line is one line on
stderr naming what was wrong and where the help is, status 2 — never argparse's usage block.

An option nobody knows is named before anything else: argparse would first complain that a
required option is missing (`companion screens --bogus` said "--out is required"), although the
mistake the person made is the unknown one.
"""
from __future__ import annotations

import argparse
import os
import sys


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, without importing shutil (and with it bz2, lzma and fnmatch) for the
    terminal's width: argparse makes a formatter for every add_argument, so every command paid
    for it at start. The width is found as shutil.get_terminal_size finds it."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    try:
        columns = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class OneLineParser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message}; see {self.prog} --help\n")

    def parse_known_args(self, args=None, namespace=None):
        args = sys.argv[1:] if args is None else list(args)
        # first pass with nothing required: only to find arguments no option takes
        switched = [a for a in self._actions if a.required] + \
            [g for g in self._mutually_exclusive_groups if g.required]
        for item in switched:
            item.required = False
        try:
            _, extras = super().parse_known_args(list(args), argparse.Namespace())
        finally:
            for item in switched:
                item.required = True
        if extras and any(a.startswith("-") for a in extras):
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return super().parse_known_args(args, namespace)
