"""The one argument parser every `companion` command uses: a bad command line is one line on
stderr naming what was wrong and where the help is, status 2 — never argparse's usage block.

An option nobody knows is named before anything else: argparse would first complain that a
required option is missing (`companion screens --bogus` said "--out is required"), although the
mistake the person made is the unknown one.
"""
from __future__ import annotations

import argparse
import sys


class OneLineParser(argparse.ArgumentParser):
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
