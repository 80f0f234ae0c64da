"""The built-in games, one line each: where a game's engine, table, page drawing and command live.

Everything else is derived from this list and from what the engines and tables declare: the
games' registry (`companion.games`), the tables' registry and the game menu (`companion.tables`),
the game commands and their aliases (`companion.cli`), the control cards' functions
(`companion.service.cards`), the page's cards and view scripts (`companion.web`) and the config's
`[game.<name>]` sections. A new game is its engine package, its table package (with its phrases)
and one line in GAMES.

Every part is a "module:attribute" string (a script: "package:file"), imported only by the one
that uses it, so reading the list imports no game: `companion --help` and `companion maunz ...`
load none of the other games. This module imports nothing of ours (the lowest layer, below
`companion.words`), so each layer reads it and resolves only the parts it may import.
"""
from __future__ import annotations

import importlib
from collections import namedtuple

# A line's fields (a plain namedtuple: `typing` would cost `companion --help` ~5 ms):
#   name             the game's registered name (its GameInfo's `name`)
#   engine           the game's class ("module:Class"): a companion.games.Game whose class
#                    attribute `info` is its GameInfo; the registry's factory
#                    (rules=..., players=..., **settings)
#   table            its table's factory ("module:Class"); None: a game with no table yet
#   page             the page's drawing: `page_view(table, view) -> dict`, merged into the
#                    snapshot; None: the page shows the game's text (`observation()`)
#   script           the page's script that draws the view `page` names ("package:file", the
#                    file beside the package's modules); it registers itself as
#                    `window.maunzViews[view]` and builds its own box in the page; its look,
#                    if any, is the stylesheet of its name beside it ("kj.js": "kj.css")
#   seats            the seats as (key, name) pairs: keys in the page's snapshot and the
#                    settings, names in the history; (): a bed game's bed seats (its
#                    GameInfo's `bed`), else seats "1", "2", ...
#   command          `companion <name> ...`: ("module:function", its one-line help); the
#                    function is `main(argv, explainer=None) -> int` (`explainer(game, language)`: the
#                    tables' words for `apply --why`, handed down by the CLI, which may import them)
#   command_aliases  other names of the command, each one of the game's aliases (the registry
#                    checks)
Entry = namedtuple("Entry", "name engine table page script seats command command_aliases",
                   defaults=(None, None, None, (), None, ()))


#: The built-in games, in the order `companion --help` lists their commands.
GAMES = (
    Entry("maunz", "companion.games.maunz.game:Maunz", "companion.tables.maunz:MaunzTable",
          "companion.tables.maunz.page:page_view", None, (),
          ("companion.games.maunz.cli:main", "maunz. engine: moves, apply, perft, best, replay"),
          ("boop",)),
    Entry("katzenjammer", "companion.games.katzenjammer.game:Katzenjammer",
          "companion.tables.katzenjammer:KatzenjammerTable",
          "companion.tables.katzenjammer.page:page_view", "companion.tables.katzenjammer:kj.js", (),
          ("companion.games.katzenjammer.cli:main", "Katzenjammer engine: successors, moves, apply"),
          ("kj",)),
    Entry("monster-mau-mau", "companion.games.monster_mau_mau.game:MonsterMauMau",
          "companion.tables.monster_mau_mau:MauMauTable",
          "companion.tables.monster_mau_mau.page:page_view", "companion.tables.monster_mau_mau:cards.js", (),
          ("companion.tables.monster_mau_mau.cli:main",
           "Monster Mau Mau referee: new, moves, apply; play (the laptop's table)"),
          ("mau-mau", "mmm")),
    Entry("cats", "companion.games.cats.game:Cats", "companion.tables.cats:CatsTable",
          "companion.tables.cats.page:page_view", "companion.tables:events.js", (),
          ("companion.tables.cats.cli:main", "Cats engine: new, moves, apply, view")),
    Entry("cat-attack", "companion.games.cat_attack.game:CatAttack",
          "companion.tables.cat_attack:CatAttackTable", "companion.tables.cat_attack.page:page_view",
          "companion.tables:events.js", (),
          ("companion.tables.cat_attack.cli:main", "Cat Attack engine: new, moves, apply, view")),
)


def entry(name: str):
    """The line of the game registered as `name` (its name, not an alias), or None."""
    return next((e for e in GAMES if e.name == name), None)


def resolve(target: str):
    """The attribute a "module:attribute" string names, its module imported now."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)
