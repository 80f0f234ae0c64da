"""Moved to companion.tables.maunz.guidance (round 1 imported it from here)."""
from companion.tables.maunz.guidance import *  # noqa: F401,F403
from companion.tables.maunz.guidance import _COLOUR  # noqa: F401
