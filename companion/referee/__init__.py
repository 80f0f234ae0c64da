"""Round 1's name for the maunz table (companion/tables/maunz/): `Referee` is `MaunzTable`."""
from companion.tables.maunz.table import MaunzTable as Referee, RefereeView
from companion.tables.protocol import Commit

__all__ = ["Commit", "Referee", "RefereeView"]
