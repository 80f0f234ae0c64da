"""The maunz. table: referees a game on the physical bed (reed grid, LEDs, OLED, buttons, cards).
See README.md in this folder."""
from companion.tables.maunz import phrases  # noqa: F401  (registers its words)
from companion.tables.maunz.table import MaunzTable

__all__ = ["MaunzTable"]
