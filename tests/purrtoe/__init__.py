"""Purrtoe: a second game registered for the tests only, played **on the bed** (issue 33): three
in a row on the 3x3 corner a1..c3, kittens only, two players (yellow and violet). It proves what
docs/ARCHITECTURE.md's checklist promises a bed game: its engine declares its bed (seats, the
one kind of piece, the nine squares), its table settles and reads the bed with the shared piece
(companion/tables/bed.py) and says only what is its own, its phrases are its own (German and
English), and the page's bed view, the player panels, the OLED's turn and pool lines, the LED
colours and the table conformance's bed driver are drawn from the declaration. Nothing outside
this folder names it but the test that adds its line (tests/test_purrtoe.py).
"""
from companion.catalogue import Entry

#: Its one line for `companion.catalogue.GAMES`: the engine, the table, the page's bed view with
#: the hint for the simulated hands (page.py); no script of its own (the page's bed view draws it).
ENTRY = Entry("purrtoe", "tests.purrtoe.engine:Purrtoe", "tests.purrtoe.table:PurrtoeTable",
              "tests.purrtoe.page:page_view", None)
