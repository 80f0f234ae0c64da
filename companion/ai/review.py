"""A maunz. game reviewed after it ended (issue 36): every position searched by the hints' own
search, each played move scored against the best one, the three largest losses marked as
mistakes with the better move and the line that punishes the played one.

The review is computed in two passes so that a first verdict comes at once and the rest follows
(the service runs each task in its worker, one at a time, and can stop between any two):
a quick pass at a fixed shallow depth over every ply (milliseconds each: the first mistakes and
the graph within a second of the game's end), then a deep pass that replaces each ply's result
with a search of `deep_time` Pi-seconds. `Review` holds the tasks and the results and says what
is known now; `analyse` is the one task, a pure function of plain data (so it crosses to a
worker process as text). Pure: no I/O, no clock but the search's own deadline.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from companion.ai import evaluation_of
from companion.ai.clock import host_seconds
from companion.ai.movegen import code_of, move_of, state_of
from companion.ai.search import INF, WIN, Searcher

#: A move that gives away at least this much (cats, the mover's view) can be a mistake.
MISTAKE_CATS = 1.0
#: How many mistakes a review marks: the largest losses.
MARKED = 3
#: A forced win or loss counts this much when losses are compared (a win in 3 against a win in
#: 5 is no mistake; a won position thrown away is the largest one).
CAP = 20.0
QUICK_DEPTH = 3
DEEP_TIME = 0.5       # Pi-seconds per position in the deep pass
LINE_PLIES = 4        # the punishing line: the opponent's reply and what follows
LINE_DEPTH = 3
LINE_TT = 20_000    # a small table: the line's searches are shallow


@dataclass(frozen=True)
class PlyResult:
    """One ply judged. Values in cats from the mover's view (±(999 - n): forced in n plies)."""

    ply: int             # 0-based index of the move in the game
    mover: int           # 0 orange, 1 grey
    played: str          # the move played (notation)
    best: str            # the search's best move there
    best_value: float
    played_value: float
    line: tuple[str, ...]   # after the played move: the punishing line (empty: no loss)
    depth: int
    deep: bool           # the deep pass's result (else the quick pass's)

    @property
    def loss(self) -> float:
        return round(max(0.0, _capped(self.best_value) - _capped(self.played_value)), 2)

    def as_dict(self) -> dict:
        return {"ply": self.ply, "mover": self.mover, "played": self.played, "best": self.best,
                "best_value": self.best_value, "played_value": self.played_value,
                "line": list(self.line), "depth": self.depth, "deep": self.deep, "loss": self.loss}


def _capped(value: float) -> float:
    return max(-CAP, min(CAP, value))


def analyse(game, position, move, *, max_depth: int = 64, time_limit: float | None = None,
            deep: bool = True, ply: int = 0) -> PlyResult:
    """`move` played in `position` against the best move there: every root move scored exactly
    (the levels' `exact_root`), to `max_depth` plies or for `time_limit` Pi-seconds."""
    deadline = INF if time_limit is None else time.perf_counter() + host_seconds(time_limit)
    searcher = Searcher(getattr(game, "variant", 0))
    code, score, depth, scores = searcher.search(state_of(position), max_depth=max_depth,
                                                 deadline=deadline, exact_root=True)
    played_code = code_of(move)
    after = game.apply(position, move)
    if played_code in scores:
        played_score = scores[played_code]
    elif after.winner is not None:      # a win the search did not list (it stops at the first)
        played_score = WIN if after.winner == position.turn else -WIN
    else:   # the root's immediate win cut the list short: the played move searched on its own
        _, reply, _, _ = Searcher(getattr(game, "variant", 0)).search(
            state_of(after), max_depth=max(1, depth - 1), deadline=INF)
        played_score = -reply
    best_value, played_value = evaluation_of(score), evaluation_of(played_score)
    result = PlyResult(ply, position.turn, game.format_move(position, move),
                       game.format_move(position, move_of(code)), best_value, played_value, (),
                       depth, deep)
    if result.loss >= MISTAKE_CATS:
        result = _with_line(result, game, after, min(LINE_DEPTH, max_depth) if deep else QUICK_DEPTH)
    return result


def _with_line(result: PlyResult, game, after, depth: int) -> PlyResult:
    """The line that punishes the played move: the best replies from there, a few plies."""
    line, pos = [], after
    variant = getattr(game, "variant", 0)
    for _ in range(LINE_PLIES):
        if pos.winner is not None:
            break
        code, _, _, _ = Searcher(variant, tt_entries=LINE_TT).search(state_of(pos), max_depth=depth)
        move = move_of(code)
        line.append(game.format_move(pos, move))
        pos = game.apply(pos, move)
    return PlyResult(**{**result.__dict__, "line": tuple(line)})


@dataclass
class Review:
    """The review of one game: its positions, the tasks left and the results so far."""

    game: object
    start: object
    moves: tuple[str, ...]
    deep_time: float | None = DEEP_TIME
    deep_depth: int = 64
    results: dict[int, PlyResult] = field(default_factory=dict)
    positions: list = field(default_factory=list)

    def __post_init__(self) -> None:
        pos, self.positions = self.start, [self.start]
        for text in self.moves:
            pos = self.game.apply(pos, self.game.parse_move(pos, text))
            self.positions.append(pos)

    # the work ----------------------------------------------------------------------------
    def next_task(self) -> tuple[int, bool] | None:
        """(ply, deep?) to compute next, None when the review is complete: the quick pass in
        the game's order, then the deep pass, the plies the quick pass found worst first (so the
        mistakes that matter are known early and the rest fills in)."""
        n = len(self.moves)
        for ply in range(n):
            if ply not in self.results:
                return ply, False
        left = [r for r in self.results.values() if not r.deep]
        if not left:
            return None
        return max(left, key=lambda r: (r.loss, -r.ply)).ply, True

    def task_args(self, ply: int, deep: bool) -> dict:
        return ({"max_depth": self.deep_depth, "time_limit": self.deep_time} if deep
                else {"max_depth": QUICK_DEPTH, "time_limit": None})

    def run_task(self, ply: int, deep: bool) -> PlyResult:
        """The task computed here (inline: tests, the benchmark)."""
        pos = self.positions[ply]
        return analyse(self.game, pos, self.game.parse_move(pos, self.moves[ply]), deep=deep,
                       ply=ply, **self.task_args(ply, deep))

    def add(self, result: PlyResult) -> None:
        have = self.results.get(result.ply)
        if have is None or result.deep or not have.deep:
            self.results[result.ply] = result

    def run(self) -> "Review":
        """The whole review, here (the benchmark)."""
        while (task := self.next_task()) is not None:
            self.add(self.run_task(*task))
        return self

    # what is known now -------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.next_task() is None

    @property
    def progress(self) -> tuple[int, int]:
        """(tasks done, tasks in all): both passes."""
        n = len(self.moves)
        done = sum(1 + r.deep for r in self.results.values())
        return done, 2 * n

    def mistakes(self) -> list[PlyResult]:
        """The largest losses (at least MISTAKE_CATS), at most MARKED, in the game's order."""
        big = sorted((r for r in self.results.values() if r.loss >= MISTAKE_CATS),
                     key=lambda r: (-r.loss, r.ply))[:MARKED]
        return sorted(big, key=lambda r: r.ply)

    def graph(self) -> list[float | None]:
        """The evaluation before each ply and after the last, from orange's view, in cats
        (capped at ±CAP; None: not computed yet)."""
        out: list[float | None] = []
        for ply in range(len(self.moves)):
            r = self.results.get(ply)
            out.append(None if r is None else _capped(r.best_value if r.mover == 0 else -r.best_value))
        end = self.positions[-1]
        out.append(None if end.winner is None else (CAP if end.winner == 0 else -CAP))
        return out
