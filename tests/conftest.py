"""Test-wide settings.

Hypothesis explores new random examples on every developer run (that is how the guidance bugs of
issue 11 were found), but CI must not go red by chance on a commit that did not change the code:
under CI (the `CI` environment variable, set by the CI runner) every property test runs its
examples derandomized, i.e. the same examples on every run. Counterexamples found by developers
are kept as explicit `@example`s, so they run in CI too.
"""
from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
