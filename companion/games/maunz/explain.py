"""Why a maunz. move did what it did (issue 36), as the engine judged it: the placement's pushes
and the pushes the rules held back (kernel.boop's trace and `unmoved`), the win check and the
options of step 4 (kernel.settle, via engine.place), each a `Reason` of a kind in `REASONS`.
Values are plain data -- squares as ints, pieces as their letters (o O g G), colours as seats --
which the table's phrases word (tables/maunz/why.py). Pure."""
from __future__ import annotations

from companion.games.maunz.board import SIZE, lines_in, squares_of
from companion.games.maunz.engine import (KIDS, STANDARD, Move, Placement, Position, Refused,
                                          place)
from companion.games.reason import Reason, reason

#: Every reason a maunz. move can be explained by (the coverage test words each).
REASONS = (
    "placed",        # a colour put a kitten or a cat on a square (step 1)
    "boop",          # a neighbour slid one square away, in a direction (step 2)
    "off_bed",       # a neighbour slid off the edge: back to its owner's pool
    "blocked",       # a neighbour stayed: the square behind it is taken
    "cat_stays",     # a neighbour stayed: a kitten cannot boop a cat
    "no_neighbour",  # nothing stood next to the new piece: nothing moved
    "win_line",      # three of the mover's cats in a row (step 3, before any graduation: W1)
    "win_all",       # all eight of the mover's cats on the bed
    "win_kids",      # option kids: three kittens in a row
    "win_pushed",    # option opponent-cats-win: the pushes lined up three of the other's cats
    "graduate",      # a row of three with a kitten left the bed: its kittens graduate
    "cats_back",     # the cats of that row went back to the pool
    "retire",        # all eight pieces on the bed: a kitten left it and graduated (mandatory, our
                     # ruling): into the box, a cat from the reserve into the pool
    "retire_cat",    # ... a cat left it: back to the pool
    "retire_kid",    # option kids, all eight kittens on the bed: one back to the pool (our ruling)
    "other_row",     # the pushes lined up three of the other's cats: no win now (our ruling R1)
    "choose",        # several options: the companion asks which (rows, or single pieces)
    # why a placement is refused (engine.place's Refused)
    "over",          # the game is won already
    "occupied",      # the square holds a piece
    "no_kitten",     # no kitten left in the mover's pool
    "no_cat",        # no cat in the mover's pool
)


def direction(src: int, dst_from: int) -> str:
    """The compass direction from the placed square `dst_from` to its neighbour `src` (n: toward
    rank 6, e: toward file f): the way the neighbour was booped."""
    df = (src % SIZE) - (dst_from % SIZE)
    dr = (src // SIZE) - (dst_from // SIZE)
    return ("s" if dr < 0 else "n" if dr > 0 else "") + ("w" if df < 0 else "e" if df > 0 else "")


def explain_move(pos: Position, move: Move, variant: int) -> tuple[Reason, ...]:
    """A whole move explained (its choice carried out)."""
    return explain_placement(place(pos, move.kind, move.square, variant), move.choice)


def explain_placement(p: Placement, choice: int | None = None) -> tuple[Reason, ...]:
    """Steps 1-4 of a placement; `choice` None: the choice is not made yet (the table asks)."""
    before, mover = p.before, p.before[8]
    out = [reason("placed", colour=mover, kind=p.kind, square=p.square)]
    for src, dst in p.boops:
        piece, way = before.piece_at(src), direction(src, p.square)
        out.append(reason("off_bed", piece=piece, src=src, way=way) if dst is None else
                   reason("boop", piece=piece, src=src, dst=dst, way=way))
    for src, why, behind in p.unmoved:
        out.append(reason("blocked", piece=before.piece_at(src), src=src, dst=behind) if why == "blocked"
                   else reason("cat_stays", piece=before.piece_at(src), src=src))
    if not p.boops and not p.unmoved:
        out.append(reason("no_neighbour", square=p.square))
    if p.winner is not None:
        out.append(_win(p))
        return tuple(out)
    others = lines_in(p.after[3]) if p.variant == STANDARD else []
    if others:   # R1: only the mover's rows count; the other's counts at the end of their turn
        out.append(reason("other_row", colour=mover ^ 1, squares=tuple(squares_of(others[0]))))
    if len(p.options) > 1 and choice is None:
        out.append(reason("choose", n=len(p.options), colour=mover))
    taken = p.options[0] if len(p.options) == 1 and not choice else choice
    if taken:
        out.extend(_taken(p, taken))
    return tuple(out)


def refusal(pos: Position, move: Move, variant: int) -> tuple[Reason, ...]:
    """Why `move` is refused at `pos`: the rule its placement breaks, or, for a placement that
    has several options and no choice given, that a choice is needed; () when it is legal or the
    refusal is only the notation's (a choice that is none of the options)."""
    try:
        p = place(pos, move.kind, move.square, variant)
    except Refused as exc:
        return (reason(exc.key, **exc.values),)
    if len(p.options) > 1 and not move.choice:
        return (reason("choose", n=len(p.options), colour=pos[8]),)
    return ()


def _win(p: Placement) -> Reason:
    mover, mk, mc = p.before[8], p.after[0], p.after[1]
    if p.winner != mover:   # opponent-cats-win: the pushes lined up the other's cats
        return reason("win_pushed", colour=p.winner, squares=tuple(squares_of(lines_in(p.after[3])[0])))
    if p.variant == KIDS:
        return reason("win_kids", colour=mover, squares=tuple(squares_of(lines_in(mk)[0])))
    lines = lines_in(mc)
    if lines:
        return reason("win_line", colour=mover, squares=tuple(squares_of(lines[0])))
    return reason("win_all", colour=mover)


def _taken(p: Placement, choice: int) -> list[Reason]:
    mk, mc = p.after[0], p.after[1]
    squares = tuple(squares_of(choice))
    if len(squares) == 1:
        letter = _letter(p, squares[0])
        kind = "retire_kid" if p.variant == KIDS else "retire_cat" if letter.isupper() else "retire"
        return [reason(kind, colour=p.before[8], piece=letter, square=squares[0])]
    kittens, cats = (choice & mk).bit_count(), (choice & mc).bit_count()
    out = [reason("graduate", squares=squares, n=kittens)]
    if cats:
        out.append(reason("cats_back", n=cats))
    return out


def _letter(p: Placement, sq: int) -> str:
    """The mover's piece on `sq` after the pushes (a piece placed or booped there this turn)."""
    letter = "o" if p.before[8] == 0 else "g"
    return letter.upper() if p.after[1] >> sq & 1 else letter

