"""What a person physically does to carry out a move: the helper tests, the simulator and the
web page use to play whole games through fake hardware.

`actions(game, position, move)` -> [("place", sq), ("lift", sq), ...] in the natural order:
place the piece, carry out each push (lift the source, put it on the destination; a push off
the bed is just a lift), then lift the graduated/retired pieces. `occupancies(...)` gives the
bed (bitmask) after each action, starting from the position's bed.
"""
from __future__ import annotations

from companion.games.maunz.board import file_rank_key
from companion.tables.maunz.plan import bits


def _move(game, position, move):
    if isinstance(move, str):
        return game.parse_move(position, move)
    return game.parse_move(position, game.format_move(position, move))


def actions(game, position, move, *, graduate_first: bool = False) -> list[tuple[str, int]]:
    """The physical steps for `move` (Move or text). With graduate_first, pieces that end up
    graduating are lifted before the pushes are done (another natural human order)."""
    move = _move(game, position, move)
    p = game.place(position, move.kind, move.square)
    out: list[tuple[str, int]] = [("place", move.square)]
    choice = move.choice
    lifted = 0
    if graduate_first and choice:
        # Pieces already standing on their graduating square, then pushed ones straight off.
        for sq in sorted(bits(choice), key=file_rank_key):
            if sq == move.square or not any(dst == sq for _, dst in p.boops):
                out.append(("lift", sq))
                lifted |= 1 << sq
    for src, dst in p.boops:
        out.append(("lift", src))
        if dst is None:
            continue
        if graduate_first and choice >> dst & 1:
            lifted |= 1 << dst  # straight off the bed, never put on its push destination
            continue
        out.append(("place", dst))
    for sq in sorted(bits(choice & ~lifted), key=file_rank_key):
        out.append(("lift", sq))
    return out


def occupancies(game, position, move, *, graduate_first: bool = False) -> list[int]:
    """The bed after each action of `actions(...)`."""
    occ = position.occupied
    out = []
    for what, sq in actions(game, position, move, graduate_first=graduate_first):
        occ = occ | 1 << sq if what == "place" else occ & ~(1 << sq)
        out.append(occ)
    return out


def needs_ok(game, position, move) -> bool:
    """True when the referee cannot tell the finished move from a shorter or no action and
    waits for the OK button: retiring the piece just placed (the bed looks untouched; the
    placement must also have settled before it is lifted), retiring a piece just pushed (its
    lift looks like the push still in a hand), or taking one piece where a line through it is
    also an option. In the last two cases the correction delay also commits.)"""
    move = _move(game, position, move)
    if not move.choice:
        return False
    p = game.place(position, move.kind, move.square)
    pushed_here = any(dst is not None and move.choice == 1 << dst for _, dst in p.boops)
    return move.choice == 1 << move.square or pushed_here or any(
        o != move.choice and o & move.choice == move.choice for o in p.options)
