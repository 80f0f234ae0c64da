"""The Cats table: the assistant at the physical table (companion/tables/picker.py)."""
from companion.tables.cats.table import CatsTable

__all__ = ["CatsTable"]
