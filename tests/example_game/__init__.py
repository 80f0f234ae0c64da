"""Fischnapf: the smallest complete game, registered for the tests only, to prove the checklist in
docs/ARCHITECTURE.md ("Adding a game"): its engine (`engine.py`), its table (`table.py`) with its
phrases (`phrases.py`), and one registry line (`ENTRY`, its line for `companion.catalogue.GAMES`).
Nothing else in the repository knows it.

Two seats share a bowl of seven fish (its parameter `fish`: 5, 7 or 9, from `[game.fischnapf]`); on a turn a seat takes one fish (OK) or two (CAT); who
takes the last fish wins. A control card "undo" takes the last turn back; the game's own card
"count" has the companion say how many fish are left.
"""
from companion.catalogue import Entry

#: The one line a built-in game adds to `companion.catalogue.GAMES`: its engine, its table, the
#: page's drawing (`page.py`, drawn by `fischnapf.js`), its command and the command's alias.
ENTRY = Entry("fischnapf", "tests.example_game.engine:Fischnapf", "tests.example_game.table:FischnapfTable",
              "tests.example_game.page:page_view", "tests.example_game:fischnapf.js",
              command=("tests.example_game.cli:main", "Fischnapf engine: moves"), command_aliases=("fish",))
