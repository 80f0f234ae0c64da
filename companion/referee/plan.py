"""Moved to companion.tables.maunz.plan (round 1 imported it from here)."""
from companion.tables.maunz.plan import *  # noqa: F401,F403
