"""Playing levels: a ladder from one a six-year-old beats after a few games to the strongest
search, each defined by what it does -- how far it looks (plies, or a budget of search nodes),
the noise on its evaluation of the moves it may play, and two blunder rules -- never by wall time,
so a level plays the same moves on a Pi and on a laptop (given the same random numbers).

The rules, applied to every move (companion/ai/__init__.py, `_pick`):
- `miss_win`: with this probability a win in one is not seen: the move is chosen among the
  others as if there were none (so the weakest level misses half its wins: a child can still
  win a game it had lost).
- `miss_threat`: with this probability the search does not check, at its leaves, whether the
  player to move there can win at once: it overlooks the opponent's next-move win.
- `noise`: normal noise (standard deviation, centi-cats) on each root move's score; never a move
  seen to lose when another one is not, and ties broken at random.
- `nodes`: the search stops after this many nodes (0: no budget, as deep as the time allows --
  only the strongest level, which stays the full search: it is also the hint's).
- `prove` (the strongest level only): the exact solver around its search -- a win proven within
  that many turns is played at once, and a move after which the opponent has a proven win
  within them is avoided when another move has none (companion/ai/top.py).
The time the table gives (`[game] ai_time`) stays a cap on every level, so a slow machine never
waits long; the budgets are chosen to fit in it on a Pi 4 (PI4_NODES_PER_S).

Each level's Elo is measured (`companion bench ai --ladder`: round-robin matches between the
levels, anchored to uniform random play = 0) and kept in levels_elo.json beside this file with
the command that produced it; `elo(name)` reads it. "adaptive" is not a level of its own: it is
the level nearest a player's rating (`nearest`), companion/service/ratings.py.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Level:
    name: str
    max_depth: int        # plies of the iterative deepening at most
    nodes: int            # node budget of the search (0: none, the time given only)
    noise: float          # std. dev. of the noise added to root scores, centi-cats
    miss_threat: float    # probability of not checking the opponent's win-in-one at the leaves
    miss_win: float = 0.0  # probability of not seeing its own win in one
    prove: int = 0        # the top level only: the solver's horizon in turns (companion/ai/top.py)


class _Ladder(dict):
    """The levels by name; the old names ("easy", "medium", "hard") still index it, but are not
    among its keys (iterating gives the ladder once)."""

    def __missing__(self, name):
        if name in ALIASES:
            return self[ALIASES[name]]
        raise KeyError(name)


#: the ladder, weakest first, about 200 Elo a step; names are what the table shows ("Level 4 ·
#: about 1200"); the half levels ("2.5" .. "6.5") came later, into the steps of 330-570 Elo that
#: the first nine left, so every older name (in configurations, journals, cards) still holds
LEVELS = _Ladder({lv.name: lv for lv in (
    Level("1", 1, 0, 150.0, 0.5, 0.5),
    Level("2", 1, 0, 80.0, 0.35, 0.2),
    Level("2.5", 1, 0, 60.0, 0.1),
    Level("3", 1, 0, 30.0, 0.1),
    Level("3.5", 2, 0, 70.0, 0.0),
    Level("4", 2, 0, 40.0, 0.0),
    Level("4.5", 2, 0, 20.0, 0.0),
    Level("5", 2, 0, 10.0, 0.0),
    Level("5.5", 2, 0, 0.0, 0.0),
    Level("6", 64, 1_000, 0.0, 0.0),
    Level("6.5", 64, 3_000, 0.0, 0.0),
    Level("7", 64, 15_000, 0.0, 0.0),
    Level("8", 64, 80_000, 0.0, 0.0),
    Level("9", 64, 0, 0.0, 0.0, prove=4),
)})
#: the names of the three levels before the ladder (config files and `--level` keep working)
ALIASES = {"easy": "2", "medium": "4", "hard": "9"}
STRONGEST = "9"
#: nodes a second of the compiled search on a Pi 4, an estimate (3.7 M/s on the development
#: machine, `companion bench ai`'s search speed, / clock.PI4_SLOWDOWN 3.5): the ladder plays the
#: strongest level with the nodes it searches on a Pi in the ladder's time, not with the clock
PI4_NODES_PER_S = 1_000_000
ADAPTIVE = "adaptive"

_ELO_FILE = Path(__file__).with_name("levels_elo.json")
_elo_cache: dict | None = None


def level_named(name: str) -> Level | None:
    """The level of a name or an alias; None for anything else."""
    if not isinstance(name, str):
        return None
    return LEVELS.get(ALIASES.get(name, name))


def measured() -> dict:
    """{"command": ..., "elo": {name: [elo, plus-minus]}} as the ladder measured it ({} if not)."""
    global _elo_cache
    if _elo_cache is None:
        try:
            _elo_cache = _valid(json.loads(_ELO_FILE.read_text(encoding="utf-8")))
        except FileNotFoundError:
            _elo_cache = {}
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            # a damaged file (cut short on a full card, edited by hand): the levels keep their
            # unmeasured places (strength()), said once, rather than a traceback at every lookup
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).split("\n")[0]
            # (stderr, not logging: the pure core imports no threads, and logging does; the
            # service's stderr is its journal as well)
            print(f"{_ELO_FILE}: damaged ({why}); the levels use their places in the ladder until"
                  " `companion bench ai --ladder` writes it again", file=sys.stderr)
            _elo_cache = {}
    return _elo_cache


def _valid(data) -> dict:
    """The file as the ladder writes it, else ValueError saying what is wrong."""
    elo_ = data.get("elo") if isinstance(data, dict) else None
    if not isinstance(elo_, dict):
        raise ValueError('no "elo" table of levels')
    for name, entry in elo_.items():
        if (not isinstance(entry, list) or len(entry) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in entry)):
            raise ValueError(f'level {name!r}: not [elo, plus-minus]')
    return data


def elo(name: str) -> int | None:
    """The level's measured Elo (uniform random play = 0), None if not measured."""
    lv = level_named(name)
    entry = measured().get("elo", {}).get(lv.name) if lv else None
    return None if entry is None else int(round(entry[0]))


def strength(name: str) -> tuple[float, float]:
    """The level's Elo and the standard error of it: as measured, or before any measurement its
    place in the ladder (400 + 200 a step) with a wide error."""
    lv = level_named(name)
    entry = measured().get("elo", {}).get(lv.name)
    if entry is None:
        return 400.0 + 200 * list(LEVELS).index(lv.name), 200.0
    return float(entry[0]), max(entry[1] / 1.96, 30.0)


def nearest(rating: float) -> str:
    """The level whose Elo is nearest `rating` (the adaptive level's pick); ties go to the
    weaker one."""
    return min(LEVELS, key=lambda name: abs(strength(name)[0] - rating))
