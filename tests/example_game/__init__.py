"""Fischnapf: the smallest complete game, registered for the tests only, to prove the checklist in
docs/ARCHITECTURE.md ("Adding a game"): its engine (`engine.py`), its table (`table.py`) with its
phrases (`phrases.py`), and one registry line (`ENTRY`, its line for `companion.catalogue.GAMES`).
Nothing else in the repository knows it.

Two seats share a bowl of seven fish; on a turn a seat takes one fish (OK) or two (CAT); who
takes the last fish wins. A control card "undo" takes the last turn back.
"""
from companion.catalogue import Entry

#: The one line a built-in game adds to `companion.catalogue.GAMES`.
ENTRY = Entry("fischnapf", "tests.example_game.engine:Fischnapf", "tests.example_game.table:FischnapfTable")
