"""maunz. puzzles: a position from a real game where the player to move wins by force within 1-4
of their own turns with exactly one first move (companion/ai/solve.py proves it), its main line,
its theme and a starting rating. The shipped set is companion/ai/puzzles.jsonl, one JSON object a
line, made by `companion maunz puzzles make` (companion/ai/puzzle_mine.py) and re-proved by
`companion maunz puzzles check`.

A line holds: id (from the position, the same for all of its symmetric twins), position (the
engine's notation), horizon (the winner's turns), solution (the main line, whole moves in
notation: the solver's move, the defender's longest resistance, ..., the winning move), theme,
tags, rating, and refutations: for each tempting wrong first move (one that threatens a win at
once) the defender's reply that refutes it (null: the move loses at once). Other wrong first
moves are refuted at the table by the same solver (a one-move proof, milliseconds).

Soundness with several defences: the companion plays the defender, and it plays the stored reply
(the longest resistance, the first in move order among equals), so the player meets the stored
line. Should the player take another winning move at a later turn (a later turn need not be
unique), the table proves that move within the turns left and answers with solve.defence, the
same rule that chose the stored replies.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from companion.ai import solve
from companion.ai.movegen import CAT_BIT, expand, move_of, state_of
from companion.games.maunz import engine, notation
from companion.games.maunz.board import has_line, lines_in
from companion.games.maunz.kernel import STANDARD

SHIPPED = Path(__file__).with_name("puzzles.jsonl")
THEMES = ("boop-off", "graduation", "push-line", "eight-cats", "three-cats", "defence-breaks-line")
BASE_RATING = {1: 900, 2: 1250, 3: 1550, 4: 1800}


class PuzzleError(ValueError):
    """A puzzle file or line that cannot be used, with the line and the reason."""


@dataclass
class Puzzle:
    id: str
    position: str
    horizon: int
    solution: list[str]
    theme: str
    rating: int
    tags: list[str] = field(default_factory=list)
    refutations: dict[str, str | None] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"), ensure_ascii=False)

    def listing(self) -> dict:
        return {k: getattr(self, k) for k in ("id", "position", "horizon", "solution", "theme", "rating")}


# The bed's symmetries: the 8 of the square. Pushes go in all 8 directions and lines run in all 4,
# so a turned or mirrored position plays exactly like the original.
def _perms() -> list[tuple[int, ...]]:
    maps = [lambda f, r: (f, r), lambda f, r: (5 - r, f), lambda f, r: (5 - f, 5 - r),
            lambda f, r: (r, 5 - f), lambda f, r: (5 - f, r), lambda f, r: (f, 5 - r),
            lambda f, r: (r, f), lambda f, r: (5 - r, 5 - f)]
    return [tuple(m(sq % 6, sq // 6)[1] * 6 + m(sq % 6, sq // 6)[0] for sq in range(36)) for m in maps]


PERMS = _perms()


def transform(mask: int, perm: tuple[int, ...]) -> int:
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        out |= 1 << perm[low.bit_length() - 1]
    return out


def canonical(state: tuple) -> tuple:
    """The least of the 8 symmetric twins of a search state (the mover's view, so the colours
    count as the same too): equal for two positions that are the same puzzle."""
    return min(tuple(transform(m, p) for m in state[:4]) + tuple(state[4:8]) for p in PERMS)


def puzzle_id(state: tuple) -> str:
    return hashlib.sha1(repr(canonical(state)).encode()).hexdigest()[:10]


# Themes, from the solution ---------------------------------------------------------------------
# What each theme means (tags, from the main line; a puzzle has every tag that applies):
#  eight-cats           the win is the eighth cat on the bed, not a line
#  defence-breaks-line  the defender's reply makes three of their own in a row, which must
#                       graduate: the block leaves the bed with it
#  graduation           a graduation of the winner's brings the cat the win is placed with (the
#                       pool had no other cat then)
#  push-line            the winning line is pushed together: the placed cat is not part of it
#  boop-off             the key move boops a piece of the defender's off the bed
#  three-cats           the placed cat completes three cats in a row
# The theme a puzzle is filed under is the most telling of its tags, in this order (the rarer,
# more particular idea before the line that every win ends with).
PRECEDENCE = ("eight-cats", "defence-breaks-line", "graduation", "push-line", "boop-off", "three-cats")


def _tags(pos: engine.Position, line: list[int]) -> list[str]:
    found = set()
    p = pos
    brought = 0  # cats the winner's graduations put in their pool, not yet placed
    for i, code in enumerate(line):
        move = move_of(code)
        placed = engine.place(p, move.kind, move.square)
        if i % 2 == 0:
            if i == 0 and any(dst is None and (p[2] | p[3]) >> src & 1 for src, dst in placed.boops):
                found.add("boop-off")
            if move.kind == "c" and brought:
                if p[5] <= brought:
                    found.add("graduation")
                brought -= 1
            if move.choice:
                brought += (move.choice & placed.after[0]).bit_count()
        elif move.choice and move.choice.bit_count() == 3:
            found.add("defence-breaks-line")
        if placed.winner is not None:
            cats = placed.after[1]
            if not has_line(cats):
                found.add("eight-cats")
            elif any(ln >> move.square & 1 for ln in lines_in(cats) if _all_cats(ln, cats)):
                found.add("three-cats")
            else:
                found.add("push-line")
            break
        p = placed.finish(move.choice)
    return [t for t in PRECEDENCE if t in found]


def _all_cats(ln: int, cats: int) -> bool:
    return ln & cats == ln


def theme_of(tags: list[str]) -> str:
    """The one theme a puzzle is filed under: its most telling tag (PRECEDENCE)."""
    return tags[0] if tags else "three-cats"


def starting_rating(horizon: int, sol: solve.Solution, tempting: int) -> int:
    """Longer wins are harder, and so are positions with many tempting wrong first moves."""
    return BASE_RATING[horizon] + 25 * min(tempting, 8)


def _threatens(state: tuple, code: int) -> bool:
    """After this wrong first move, would the mover win at once if it were their turn again?"""
    for mcode, child in expand(state, STANDARD)[1]:
        if mcode == code and child is not None:
            back = (child[2], child[3], child[0], child[1], child[6], child[7], child[4], child[5])
            return solve._win1(back, STANDARD)
    return False


def make_puzzle(pos: engine.Position, sol: solve.Solution) -> Puzzle:
    """A proven, unique solution into a shipped puzzle."""
    state = state_of(pos)
    text = [notation.format_move(move_of(c)) for c in sol.line]
    refutations = {}
    for code, reply in sol.refutations.items():
        if reply is None or _threatens(state, code):
            refutations[notation.format_move(move_of(code))] = (
                None if reply is None else notation.format_move(move_of(reply)))
    tags = _tags(pos, sol.line)
    return Puzzle(puzzle_id(state), notation.format_position(pos), sol.horizon, text, theme_of(tags),
                  starting_rating(sol.horizon, sol, len(refutations)), tags, refutations)


# Files -----------------------------------------------------------------------------------------
def _wrong_field(pz: Puzzle) -> str | None:
    """A field of the wrong kind (a hand-edited or damaged line), named; None when all are right."""
    def texts(v):
        return isinstance(v, list) and all(isinstance(t, str) for t in v)
    if not isinstance(pz.id, str) or not isinstance(pz.theme, str):
        return "id and theme are text"
    if type(pz.horizon) is not int or not 1 <= pz.horizon <= solve.MAX_HORIZON:
        return f"horizon {pz.horizon!r} is not a whole number of turns from 1 to {solve.MAX_HORIZON}"
    if type(pz.rating) not in (int, float):
        return f"rating {pz.rating!r} is not a number"
    if not texts(pz.solution) or not pz.solution or not texts(pz.tags):
        return "solution and tags are lists of text"
    if not isinstance(pz.refutations, dict) or not all(
            isinstance(r, str) or r is None for r in pz.refutations.values()):
        return "refutations map moves to replies"
    return None


def parse_line(text: str, where: str) -> Puzzle:
    try:
        obj = json.loads(text)
        pz = Puzzle(**obj)
        if (wrong := _wrong_field(pz)) is not None:
            raise ValueError(wrong)
        notation.parse_position(pz.position)
    except (ValueError, TypeError) as exc:
        raise PuzzleError(f"{where}: not a puzzle ({exc}); regenerate the file with"
                          " `companion maunz puzzles make`") from None
    return pz


def load(path: Path | str = SHIPPED) -> list[Puzzle]:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise PuzzleError(f"cannot read puzzle file {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        # a binary or damaged file: named with the byte that is wrong, never a traceback
        raise PuzzleError(f"{path}: not a puzzle file (byte {exc.start} is not UTF-8); regenerate"
                          " the file with `companion maunz puzzles make`") from None
    return [parse_line(t, f"{path}:{i}") for i, t in enumerate(lines, 1) if t.strip()]


def write(puzzles: list[Puzzle], path: Path | str) -> None:
    """One line a puzzle, written whole before it replaces the old file."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write("".join(p.to_json() + "\n" for p in puzzles))
        f.flush()
        # on the disk before the rename: a power cut after it must not leave an empty file
        os.fsync(f.fileno())
    tmp.replace(path)


def prove(pz: Puzzle) -> str | None:
    """Re-prove a puzzle with the kernel in use: None when it holds, else why not."""
    pos = notation.parse_position(pz.position)
    state = state_of(pos)
    if pos.winner is not None:
        return "the position is already won"
    n = solve.shortest_win(state, pz.horizon)
    if n != pz.horizon:
        return f"the shortest win takes {n or 'more than ' + str(pz.horizon)} turns, not {pz.horizon}"
    rows = solve.verdicts(state, n)
    winners = [notation.format_move(move_of(c)) for c, v, _r in rows if v == 1]
    if winners != pz.solution[:1]:
        return f"the winning first moves are {winners}, not {pz.solution[:1]}"
    p = pos
    for i, text in enumerate(pz.solution):
        try:
            p = engine.apply(p, notation.parse_move(p, text))
        except ValueError as exc:
            return f"solution move {i + 1} {text}: {exc}"
        if p.winner is not None:
            if i != len(pz.solution) - 1 or p.winner != pos.turn:
                return f"the solution ends early at move {i + 1}"
            break
    else:
        return "the solution does not end in a win"
    if len(pz.solution) != 2 * n - 1:
        return f"the main line has {len(pz.solution)} moves, not {2 * n - 1}"
    for wrong, reply in pz.refutations.items():
        if reply is None:
            continue
        after = engine.apply(pos, notation.parse_move(pos, wrong))
        after = engine.apply(after, notation.parse_move(after, reply))
        if after.winner is None and n > 1 and solve.wins_within(state_of(after), n - 1):
            return f"{reply} does not refute {wrong}"
    if pz.id != puzzle_id(state):
        return f"the id is {puzzle_id(state)}, not {pz.id}"
    return None


def refute(pz: Puzzle, wrong: str) -> str | None:
    """The defender's answer to a wrong first move at the table: the stored one, or proved now."""
    if wrong in pz.refutations:
        return pz.refutations[wrong]
    pos = notation.parse_position(pz.position)
    code = None
    for mv, _after in engine.successors(pos):
        if notation.format_move(mv) == wrong:
            code = mv.square | (CAT_BIT if mv.kind == "c" else 0) | mv.choice << 7
    if code is not None:
        v, reply = solve.judge(state_of(pos), code, pz.horizon)
        if v != 1:
            return None if v < 0 or reply < 0 else notation.format_move(move_of(reply))
    raise PuzzleError(f"{wrong} is not a wrong first move of puzzle {pz.id}")


# Choosing ---------------------------------------------------------------------------------------
def choose_next(pzs: list[Puzzle], rating: float, done: set[str], rng, rating_of=None,
                near: int = 12) -> Puzzle | None:
    """A puzzle near the player's rating: one of the `near` closest not done yet, at random
    (`rng`: secrets at the table, seeded in tests). `rating_of(puzzle)`: its current rating (its
    starting one when not given). None when every puzzle is done."""
    rating_of = rating_of or (lambda p: p.rating)
    left = [p for p in pzs if p.id not in done]
    if not left:
        return None
    left.sort(key=lambda p: (abs(rating_of(p) - rating), p.id))
    return left[rng.randrange(min(near, len(left)))]


def of_the_day(pzs: list[Puzzle], day: str) -> Puzzle:
    """The puzzle of the day (`day` as YYYY-MM-DD): the same one for everybody that day."""
    digest = int(hashlib.sha1(f"maunz-puzzle-of-the-day:{day}".encode()).hexdigest(), 16)
    return pzs[digest % len(pzs)]


def from_mistakes(positions: list, mistakes: list, budget: int = 2_000_000) -> list[tuple[int, Puzzle]]:
    """Personal puzzles from a reviewed game's confirmed mistakes (review.PlyResult with `deep`):
    the position before the mistake when its mover had a proven, unique win within 4 turns (a
    win missed), else the position after it when the opponent had one (what the mistake
    allowed). (the mover who made the mistake, the puzzle) for each; `positions[ply]` is the
    position before ply `ply`."""
    out = []
    for m in mistakes:
        if not m.deep or m.ply + 1 >= len(positions):
            continue
        for pos in (positions[m.ply], positions[m.ply + 1]):
            if pos.winner is not None:
                continue
            sol = solve.solve(state_of(pos), solve.MAX_HORIZON, STANDARD, budget)
            if sol is not None and sol.unique:
                out.append((m.mover, make_puzzle(pos, sol)))
                break
    return out


__all__ = ["Puzzle", "PuzzleError", "SHIPPED", "THEMES", "canonical", "load", "make_puzzle",
           "parse_line", "prove", "puzzle_id", "refute", "choose_next", "of_the_day", "from_mistakes"]
