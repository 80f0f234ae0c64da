"""The Katzenjammer table: the companion rolls (or the players enter their own dice), the three
buttons choose die -> piece -> direction or target, the OLED shows the choices or the board, and
the LEDs light in the colour of the seat to move."""
from companion.tables.katzenjammer.table import KatzenjammerTable

__all__ = ["KatzenjammerTable"]
