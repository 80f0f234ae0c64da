"""A maunz. game reviewed after it ended (issue 36): every position searched by the hints' own
search, each played move scored against the best one, the three largest losses that hold marked
as mistakes with the better move and the line that punishes the played one.

Every search here is bounded by a node budget, never by the wall clock (issue 45): the same game
gives the same marks, better moves, values and lines on any machine and under any load, on the
compiled and the pure-Python path alike (they search node for node the same tree). Time only
paces the progress bar.

The review is computed in three stages so that a first verdict comes at once and the rest follows
(the service runs each task in its worker, one at a time, and can stop between any two):
a quick pass at a fixed shallow depth over every ply (milliseconds each: the graph within a
second of the game's end), a deep pass that replaces each ply's result with a search of
`deep_nodes` nodes (the plies the quick pass found worst first), and for each ply the deep pass
finds to lose at least MISTAKE_CATS (its largest losses first, once the deep pass is complete) a
confirmation: the played move and the better one searched again, each with CONFIRM_FACTOR times
the deep budget. Only a loss that still holds is marked. A
better move the confirmation finds lost by force is never offered: the whole position is then
searched again at that budget, and when every move loses by force the ply says so ("already
lost") with the move that resists longest instead of a mistake. A forced result is a proof
(alpha-beta with the leaf check scores a win only where one is forced), so a short game's end is
judged exactly. `Review` holds the tasks and the results and says what is known now; `analyse` is
the one task, a pure function of plain data (so it crosses to a worker process as text).
Pure: no I/O, no clock.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.ai import evaluation_of
from companion.ai.movegen import code_of, move_of, state_of
from companion.ai.search import MATE_BOUND, WIN, Searcher

#: A move that gives away at least this much (cats, the mover's view) can be a mistake.
MISTAKE_CATS = 1.0
#: How many mistakes a review marks: the largest losses.
MARKED = 3
#: A forced win or loss counts this much when losses are compared (a win in 3 against a win in
#: 5 is no mistake; a won position thrown away is the largest one).
CAP = 20.0
#: Values (cats) from this on are forced wins or losses (±(999 - plies)).
FORCED = 900.0
QUICK_DEPTH = 3
#: Nodes a position in the deep pass; the confirmation searches each move with CONFIRM_FACTOR
#: times as many. Chosen so that a 60-ply review fits a Pi 4's minute (`companion bench teach`:
#: review_60ply_pi4_s, the time here times the project's Pi factor, benchmarks/pibudget.py).
DEEP_NODES = 450_000
CONFIRM_FACTOR = 4
#: The confirmations of one game share a budget: about this many confirmations' worth of nodes
#: (two moves searched at CONFIRM_FACTOR x the deep budget each). One that proves quickly (a
#: forced win or loss found early) leaves its nodes to the next; one is started while at least
#: half of one is left.
CONFIRM_MAX = 4
LINE_PLIES = 4        # the punishing line: the opponent's reply and what follows
LINE_DEPTH = 3
LINE_TT = 20_000    # a small table: the line's searches are shallow
#: The stages of a ply's judgement.
QUICK, DEEP, CONFIRM = 0, 1, 2


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
    confirmed: bool = False   # searched again at CONFIRM_FACTOR x the deep budget
    lost: bool = False   # confirmed: the better move loses by force too, and no move was found
    #                      that holds (`best`: the move that resists longest as far as searched)
    nodes: int = 0       # the nodes its confirmation searched (the game's confirmations share a budget)

    @property
    def loss(self) -> float:
        return round(max(0.0, _capped(self.best_value) - _capped(self.played_value)), 2)

    def as_dict(self) -> dict:
        return {"ply": self.ply, "mover": self.mover, "played": self.played, "best": self.best,
                "best_value": self.best_value, "played_value": self.played_value,
                "line": list(self.line), "depth": self.depth, "deep": self.deep,
                "confirmed": self.confirmed, "lost": self.lost, "nodes": self.nodes, "loss": self.loss}


def _capped(value: float) -> float:
    return max(-CAP, min(CAP, value))


def analyse(game, position, move, *, max_depth: int = 64, nodes: int = 0, deep=True,
            ply: int = 0, best: str | None = None) -> PlyResult:
    """`move` played in `position` against the best move there: every root move scored exactly
    (the levels' `exact_root`), to `max_depth` plies or `nodes` nodes (0: no limit). `deep`: the
    stage (QUICK, DEEP, or CONFIRM: then `best` is the deep pass's better move, and `nodes` the
    confirmation's budget for each move)."""
    if deep == CONFIRM:
        return confirm(game, position, move, best, nodes=nodes, ply=ply, max_depth=max_depth)
    searcher = Searcher(getattr(game, "variant", 0))
    code, score, depth, scores = searcher.search(state_of(position), max_depth=max_depth,
                                                 exact_root=True, node_limit=nodes)
    played_code = code_of(move)
    after = game.apply(position, move)
    if played_code in scores:
        played_score = scores[played_code]
    elif after.winner is not None:      # a win the search did not list (it stops at the first)
        played_score = WIN if after.winner == position.turn else -WIN
    else:   # the root's immediate win cut the list short: the played move searched on its own
        _, reply, _, _ = Searcher(getattr(game, "variant", 0)).search(
            state_of(after), max_depth=max(1, depth - 1))
        played_score = -reply
    best_value, played_value = evaluation_of(score), evaluation_of(played_score)
    result = PlyResult(ply, position.turn, game.format_move(position, move),
                       game.format_move(position, move_of(code)), best_value, played_value, (),
                       depth, bool(deep))
    if result.loss >= MISTAKE_CATS:
        result = _with_line(result, game, after, min(LINE_DEPTH, max_depth) if deep else QUICK_DEPTH)
    return result


def value_after(game, position, move, nodes: int, max_depth: int = 64) -> tuple[float, int]:
    """The value (cats, the mover of `position`'s view) of playing `move`, from a search of
    the position after it with `nodes` nodes; and the depth it completed."""
    value, depth, _ = _value_after(game, position, move, nodes, max_depth)
    return value, depth


def _value_after(game, position, move, nodes: int, max_depth: int = 64) -> tuple[float, int, int]:
    """value_after, and the nodes it searched."""
    after = game.apply(position, move)
    if after.winner is not None:
        return evaluation_of(WIN if after.winner == position.turn else -WIN), 0, 0
    searcher = Searcher(getattr(game, "variant", 0))
    _, score, depth, _ = searcher.search(state_of(after), max_depth=max(1, max_depth - 1),
                                         node_limit=nodes)
    # the reply's search counts plies from the position after the move: one more from here
    score = score - 1 if score > MATE_BOUND else score + 1 if score < -MATE_BOUND else score
    return evaluation_of(-score), depth + 1, searcher.nodes


def confirm(game, position, move, best: str, *, nodes: int, ply: int = 0,
            max_depth: int = 64) -> PlyResult:
    """A candidate mistake searched again: the played move and the better one each with `nodes`
    nodes. A better move found lost by force is replaced by the best of a search of the whole
    position at that budget; if that one loses by force too, the position was already lost."""
    better = game.parse_move(position, best)
    played_value, depth, spent = _value_after(game, position, move, nodes, max_depth)
    best_value, best_depth, more = _value_after(game, position, better, nodes, max_depth)
    spent += more
    lost = False
    if best_value <= -FORCED:   # the better move loses by force too: is any move not lost?
        # the whole position at that budget (alpha-beta: a forced loss there is a proof that
        # every move loses, and its move then resists longest)
        searcher = Searcher(getattr(game, "variant", 0))
        code, score, best_depth, _ = searcher.search(state_of(position), max_depth=max_depth,
                                                     node_limit=nodes)
        spent += searcher.nodes
        other = move_of(code)
        if score < -MATE_BOUND:
            better, best_value, lost = other, evaluation_of(score), True
        elif game.format_move(position, other) != best:
            other_value, _, more = _value_after(game, position, other, nodes, max_depth)
            spent += more
            if other_value > -FORCED:
                better, best_value = other, other_value
            else:
                lost = True     # no move found that holds: none is offered
        else:
            lost = True
    result = PlyResult(ply, position.turn, game.format_move(position, move),
                       game.format_move(position, better), best_value, played_value, (),
                       min(depth, best_depth), True, confirmed=True, lost=lost, nodes=spent)
    if result.loss >= MISTAKE_CATS:
        result = _with_line(result, game, game.apply(position, move), min(LINE_DEPTH, max_depth))
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
    deep_nodes: int = DEEP_NODES
    deep_depth: int = 64
    computer: int | None = None     # the colour the computer played: its moves are not marked
    results: dict[int, PlyResult] = field(default_factory=dict)
    positions: list = field(default_factory=list)

    def __post_init__(self) -> None:
        pos, self.positions = self.start, [self.start]
        for text in self.moves:
            pos = self.game.apply(pos, self.game.parse_move(pos, text))
            self.positions.append(pos)

    # the work ----------------------------------------------------------------------------
    def _to_confirm(self) -> list[PlyResult]:
        """The candidate mistakes still to confirm: the deep pass's losses of at least
        MISTAKE_CATS (the people's) while the confirmations' budget lasts (CONFIRM_MAX
        confirmations' worth of nodes), none that could not change the marks (MARKED already
        hold, each larger than its loss)."""
        tried = [r for r in self.results.values() if r.confirmed]
        one = 2 * CONFIRM_FACTOR * self.deep_nodes
        if self.deep_nodes and sum(r.nodes for r in tried) > (CONFIRM_MAX - 0.5) * one:
            return []   # (a search overshoots its budget by a few nodes: half a one to spare)
        held = sorted((r.loss for r in tried if r.loss >= MISTAKE_CATS), reverse=True)[:MARKED]
        floor = held[-1] if len(held) >= MARKED else MISTAKE_CATS
        return [r for r in self.results.values() if r.deep and not r.confirmed
                and r.loss >= floor and r.mover != self.computer
                and (len(held) < MARKED or r.loss > floor)]

    def next_task(self) -> tuple[int, int] | None:
        """(ply, stage) to compute next, None when the review is complete: the quick pass in
        the game's order, then the deep pass, the plies the quick pass found worst first, then
        the candidate mistakes confirmed, the deep pass's largest losses first (so the
        confirmations a game is allowed go to the losses that can be marked)."""
        n = len(self.moves)
        for ply in range(n):
            if ply not in self.results:
                return ply, QUICK
        left = [r for r in self.results.values() if not r.deep]
        if left:
            return max(left, key=lambda r: (r.loss, -r.ply)).ply, DEEP
        pending = self._to_confirm()
        if pending:
            return max(pending, key=lambda r: (r.loss, -r.ply)).ply, CONFIRM
        return None

    def task_args(self, ply: int, stage: int) -> dict:
        if stage == QUICK:
            return {"max_depth": QUICK_DEPTH, "nodes": 0}
        if stage == DEEP:
            return {"max_depth": self.deep_depth, "nodes": self.deep_nodes}
        return {"max_depth": self.deep_depth, "nodes": CONFIRM_FACTOR * self.deep_nodes,
                "best": self.results[ply].best}

    def run_task(self, ply: int, stage: int) -> PlyResult:
        """The task computed here (inline: tests, the benchmark)."""
        pos = self.positions[ply]
        return analyse(self.game, pos, self.game.parse_move(pos, self.moves[ply]), deep=stage,
                       ply=ply, **self.task_args(ply, stage))

    def add(self, result: PlyResult) -> None:
        have = self.results.get(result.ply)
        if have is None or (result.confirmed, result.deep) >= (have.confirmed, have.deep):
            self.results[result.ply] = result

    def run(self) -> "Review":
        """The whole review, here (the benchmark, the command line)."""
        while (task := self.next_task()) is not None:
            self.add(self.run_task(*task))
        return self

    # what is known now -------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.next_task() is None

    @property
    def progress(self) -> tuple[int, int]:
        """(tasks done, tasks known so far): both passes and the confirmations."""
        n = len(self.moves)
        done = sum(1 + r.deep + r.confirmed for r in self.results.values())
        tried = sum(r.confirmed for r in self.results.values())
        return done, 2 * n + tried + min(1, len(self._to_confirm()))

    def mistakes(self) -> list[PlyResult]:
        """The largest confirmed losses (at least MISTAKE_CATS) of the people's moves, at most
        MARKED, in the game's order."""
        big = sorted((r for r in self.results.values() if r.confirmed and r.loss >= MISTAKE_CATS
                      and r.mover != self.computer), key=lambda r: (-r.loss, r.ply))[:MARKED]
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
