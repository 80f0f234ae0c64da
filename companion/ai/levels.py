"""Playing levels. Easy plays like a beginner: it looks one move ahead, so it takes a win in one
and usually sees the opponent's next-move win, but with probability `miss_threat` it overlooks
that threat, and it picks among moves with noise on the evaluation. It never plays an absurd
move: it always takes a win in one and never picks a move it sees losing when it has another.
Medium looks two moves ahead with less noise; hard searches as deep as the time allows."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    max_depth: int
    noise: float          # std. dev. of the noise added to root scores, centi-cats
    miss_threat: float    # probability of not checking the opponent's win-in-one at the leaves
    time_share: float     # fraction of the time limit it may use


LEVELS = {
    "easy": Level("easy", 1, 60.0, 0.35, 0.3),
    "medium": Level("medium", 2, 15.0, 0.0, 0.6),
    "hard": Level("hard", 64, 0.0, 0.0, 1.0),
}
