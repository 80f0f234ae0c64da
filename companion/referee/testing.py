"""Moved to companion.tables.maunz.testing (round 1 imported it from here)."""
from companion.tables.maunz.testing import *  # noqa: F401,F403
