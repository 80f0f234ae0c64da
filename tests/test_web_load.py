"""The page under load (issue 21): spectators' WebSockets on a real `companion sim` while one
player plays. The figures live in `companion bench web` (300 spectators); here a smaller crowd
checks what must always hold: no socket refused or dropped, every spectator gets every change."""
from __future__ import annotations

import math

from benchmarks import web


def test_every_spectator_sees_every_press():
    r = web.run(spectators=60, presses=15)
    assert r["errors"] == 0
    assert r["rss_open_mb"] > 0 and not math.isnan(r["control_to_last_spectator_p99_ms"])
