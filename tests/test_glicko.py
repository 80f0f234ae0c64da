"""Glicko-2 (companion/ai/glicko.py) against the worked example of Glickman's paper, and the
puzzle attempt both ways."""
from __future__ import annotations

import pytest

from companion.ai.glicko import Rating, attempt, update


def test_the_papers_worked_example():
    new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.vol == pytest.approx(0.05999, abs=1e-5)


def test_an_idle_period_only_widens_the_deviation():
    new = update(Rating(1700, 50, 0.06), [])
    assert new.rating == 1700 and 51 < new.rd < 51.2 and new.vol == 0.06
    assert update(Rating(1500, 349.9, 0.06), []).rd == 350.0


def test_solving_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = attempt(Rating(1500, 350), Rating(1250, 200), True)
    assert player.rating > 1500 and puzzle.rating < 1250
    assert player.rd < 350
    player2, puzzle2 = attempt(Rating(1500, 350), Rating(1250, 200), False)
    assert player2.rating < 1500 and puzzle2.rating > 1250
    # An easy puzzle solved moves the rating less than a hard one solved.
    assert attempt(Rating(), Rating(1000, 100), True)[0].rating < attempt(Rating(), Rating(2000, 100), True)[0].rating
