"""The Monster Mau Mau table: every card tapped on the reader, checked against the public state.
The decisions are in companion/tables/monster_mau_mau/session.py; this package adapts them to the
table protocol (table.py) and draws the game on the web page (page.py)."""
from companion.tables.monster_mau_mau.table import MauMauTable

__all__ = ["MauMauTable"]
