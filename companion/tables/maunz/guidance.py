"""Colour-aware correction guidance: turning "these squares are extra, those are missing" into
steps a person can follow without ever putting a piece where a different one belongs.

Reed switches cannot see colour or kind, so a bare "move the piece from e4 to f4" is only right
when the piece on e4 *is* the piece f4 needs. The referee therefore passes what it believes
stands on each extra square (`have`: a piece letter 'o' 'O' 'g' 'G', or None when it cannot
know, e.g. a piece put down out of turn) and what each missing square needs (`want`). A carry
is offered only between equal, known letters; everything else becomes "that piece back to its
pool" / "take the piece off" and "this piece from the pool (or the box) onto that square".
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.games.maunz.engine import Position
from companion.tables.maunz.pairing import pair
from companion.tables.maunz.plan import bits
from companion.tables.maunz import phrases as words
from companion.ui.screens import Msg, msg

# The letter of each piece: colour from the letter, kind from its case.
_COLOUR = {"o": 0, "O": 0, "g": 1, "G": 1}


@dataclass(frozen=True)
class Step:
    what: str               # "carry" (src -> dst) | "off" (src leaves the bed) | "place" (onto dst)
    src: int | None = None
    dst: int | None = None
    piece: str | None = None  # the piece letter; None: unknown (only for "off")
    source: str | None = None  # for "place": "pool" | "box" | "new" | None (knocked off: put back)


def wrong_pieces(extra: int, have: dict[int, str | None], want: dict[int, str | None]) -> int:
    """The squares that hold a piece where the target wants one, but -- as far as the referee
    knows -- another piece (colour or kind). Reed switches cannot see this: after two undos a
    square can hold the later move's cat where the earlier position has a kitten."""
    return sum(1 << sq for sq, p in have.items()
               if p and not extra >> sq & 1 and want.get(sq) not in (None, p))


def steps(extra: int, missing: int, have: dict[int, str | None], want: dict[int, str | None],
          box_kittens: tuple[int, int] = (0, 0), from_pool: bool = False,
          new: int = 0) -> list[Step]:
    """The steps that turn the bed into the target, one physical action each: carries first
    (nearest assignment within each kind of piece), then pieces off, then pieces on.

    `box_kittens[c]`: how many of colour c's missing kittens wait in the box (they graduated in
    the move being taken back); the rest of the missing pieces come from the pool when
    `from_pool` (an undo: pushed-off pieces went back to the pool), else they are "put back"
    (knocked off during play: the piece is at hand). Squares in `new` never held their piece
    (the AI's square): "put it on", not "put it back".

    A wrong piece on a right square (`wrong_pieces`) counts as extra and missing both: it
    leaves first (carried to an empty square, or off), and only then is its square filled."""
    wrong = wrong_pieces(extra, have, want)
    extra, missing = extra | wrong, missing | wrong
    carries: list[Step] = []
    used_extra = used_missing = 0
    letters = sorted({p for p in (have.get(s) for s in bits(extra)) if p}
                     & {p for p in (want.get(s) for s in bits(missing)) if p})
    for letter in letters:
        ex = sum(1 << s for s in bits(extra) if have.get(s) == letter)
        mi = sum(1 << s for s in bits(missing) if want.get(s) == letter)
        moves, _, _ = pair(ex, mi)
        for a, b in moves:
            if wrong >> a & 1 and wrong >> b & 1:
                continue  # both squares occupied: neither carry could go first (off, then on)
            carries.append(Step("carry", a, b, letter))
            used_extra |= 1 << a
            used_missing |= 1 << b
    # carries onto an empty square, then the wrong pieces off, then carries onto their squares
    carries.sort(key=lambda s: (wrong >> s.dst & 1, s.dst % 6, s.dst // 6))
    offs = sorted((Step("off", s, None, have.get(s)) for s in bits(extra & ~used_extra)),
                  key=lambda s: not wrong >> s.src & 1)
    first = [s for s in carries if not wrong >> s.dst & 1]
    clear = [s for s in offs if wrong >> s.src & 1]
    rest = [s for s in carries if wrong >> s.dst & 1] + offs[len(clear):]
    boxed = list(box_kittens)
    places = []
    for s in bits(missing & ~used_missing):
        piece = want.get(s)
        source = "pool" if from_pool else "new" if new >> s & 1 else None
        if piece in ("o", "g") and boxed[_COLOUR[piece]] > 0:
            boxed[_COLOUR[piece]] -= 1
            source = "box"
        places.append(Step("place", None, s, piece, source))
    return first + clear + rest + places


def step_message(step: Step, names) -> Msg:
    """The OLED line for one step (`names`: square -> "e4")."""
    if step.what == "carry":
        return msg("carry", piece=words.piece(step.piece), src=names[step.src], dst=names[step.dst])
    if step.what == "off":
        if step.piece is None:
            return msg("take_off", square=names[step.src])
        return msg("off_to_pool", piece=words.piece(step.piece), square=names[step.src])
    key = {"pool": "on_from_pool", "box": "on_from_box", "new": "put_on"}.get(step.source,
                                                                              "put_back")
    return msg(key, piece=words.piece(step.piece), square=names[step.dst])


def undo_sources(after: Position, before: Position):
    """Where the pieces of a move taken back (`after` -> `before`) wait: ((kittens in the box per
    colour), True: the rest in the pool), and notes for the pieces that leave no square: the
    placed kitten that graduated (box -> pool), the cats it brought (pool -> reserve)."""
    box = [max(0, after.boxed(c) - before.boxed(c)) for c in (0, 1)]
    notes = []
    for c in (0, 1):
        # the graduated kitten that had just been placed goes back to the pool, not the bed
        back = min(box[c], before.pool(c)[0] - after.pool(c)[0])
        if back > 0:
            notes.append(msg("box_to_pool", n=back, colour=words.colour(c)))
            box[c] -= back  # (so it is not named as the source of a kitten for a square)
        if before.reserve(c) > after.reserve(c):
            notes.append(msg("to_reserve", n=before.reserve(c) - after.reserve(c), colour=words.colour(c)))
    return (tuple(box), True), tuple(notes)


def chain_undo(earlier, later, waiting: list[str | None]):
    """The (sources, notes) of an undo issued before the previous undo's guidance was followed
    (`earlier`, `later`: the two undos' (sources, notes); `waiting`: the pieces the earlier
    guidance still had to put on the bed): the earlier move's kittens still in the box wait
    there still, and its notes (cats back to the reserve ...) still stand."""
    ((box1, _), notes1), ((box2, _), notes2) = earlier, later
    left = [min(box1[c], sum(p == "og"[c] for p in waiting)) for c in (0, 1)]
    return (tuple(n + b for n, b in zip(left, box2)), True), notes1 + notes2
