"""Moved to companion.tables.maunz.pairing (round 1 imported it from here)."""
from companion.tables.maunz.pairing import *  # noqa: F401,F403
