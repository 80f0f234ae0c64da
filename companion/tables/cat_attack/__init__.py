"""The Cat Attack table: the scorekeeper at the physical table (companion/tables/picker.py)."""
from companion.tables.cat_attack.table import CatAttackTable

__all__ = ["CatAttackTable"]
