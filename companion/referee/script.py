"""Moved to companion.tables.maunz.script (round 1 imported it from here)."""
from companion.tables.maunz.script import *  # noqa: F401,F403
