"""How the sensed bed relates to a turn: the pure matching at the heart of the referee.

For a placement `p` (square, kind) and a step-4 option `o` (0 when none), a sensed occupancy S
is judged square by square against the path a person takes from the bed after the placement
(B0) through the bed after the boops (A) to the final bed A & ~o:

- a push src -> dst is pending (src still occupied, or both empty: the piece is in a hand),
  done (dst occupied), or, when dst graduates, may be skipped (the piece lifted straight off);
  src and dst both occupied means one piece too many (an extra at src);
- a piece that neither moves nor graduates must stay (else it is missing);
- a piece in `o` may be lifted at any time, boops finished or not;
- anything on a square that is in neither B0 nor A is extra.

Unexplained extra/missing squares are errors; the candidate with the fewest errors (then the
most progress) is the referee's reading of the bed. The turn is complete when S equals a final
bed exactly. Every natural order of pushes and lifts therefore works.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.maunz.engine import Placement
from companion.games.maunz.board import squares_of as bits

PUSH = tuple[int, int, "int | None"]  # (pair index, src, dst or None for off the bed)


def after_occupancy(p: Placement) -> int:
    a = p.after
    return a[0] | a[1] | a[2] | a[3]


@dataclass
class Plan:
    occ: int                               # the sensed bed this plan reads
    placement: Placement | None = None     # None: no placement recognised
    kind: str | None = None                # known kind; None while kitten/cat is undecided
    choice: int | None = 0                 # the option being taken (0: none needed; None: undecided)
    options: tuple[int, ...] = ()          # options still consistent with the bed
    pending: tuple[PUSH, ...] = ()         # pushes still to carry out
    lifts: int = 0                         # squares to take off (choice decided)
    candidates: int = 0                    # squares of undecided options still on the bed
    extra: int = 0                         # unexplained: pieces where none belong
    missing: int = 0                       # unexplained: pieces that should be here
    final: bool = False                    # the bed equals a final bed of the turn
    final_option: int = 0                  # ... for this option
    ambiguous: bool = False                # final, but a larger option is still possible
    needs_ok: bool = False                 # ambiguous without a time-out: only OK commits
    progress: int = 0
    labels: dict[int, str] = field(default_factory=dict)  # square -> piece letter expected there

    @property
    def errors(self) -> int:
        return self.extra.bit_count() + self.missing.bit_count()


def evaluate(S: int, committed: int, p: Placement, o: int) -> Plan:
    """Plan for placement p taking option o (0: none) against the sensed bed S."""
    sq = p.square
    b0 = committed | 1 << sq
    a = after_occupancy(p)
    extra = S & ~(b0 | a)
    missing = lifts = progress = 0
    pending = []
    for i, (src, dst) in enumerate(p.boops):
        s = S >> src & 1
        if dst is None:
            if s:
                pending.append((i, src, None))
            else:
                progress += 1
            continue
        d = S >> dst & 1
        if s and d:
            extra |= 1 << src
            progress += 1
        elif o >> dst & 1:  # the pushed piece graduates: pushing it first is optional
            if s:
                lifts |= 1 << src
            elif d:
                lifts |= 1 << dst
                progress += 1
            else:
                progress += 2
        elif s:
            pending.append((i, src, dst))
        elif d:
            progress += 1
        else:
            pending.append((i, src, dst))  # in a hand on its way
    for u in bits(b0 & a):
        if S >> u & 1:
            if o >> u & 1:
                lifts |= 1 << u
        elif o >> u & 1:
            progress += 1
        else:
            missing |= 1 << u
    final = not (extra or missing or pending or lifts)
    return Plan(S, p, choice=o, options=(o,) if o else (), pending=tuple(pending), lifts=lifts,
                extra=extra, missing=missing, final=final, final_option=o, progress=progress)


def plan_placement(S: int, committed: int, p: Placement, options: tuple[int, ...]) -> Plan:
    """The best reading of S for placement p, over the options allowed (the engine's, or the
    AI's one choice). With several options still consistent the choice stays undecided."""
    if not options:
        return evaluate(S, committed, p, 0)
    plans = [evaluate(S, committed, p, o) for o in options]
    best = min(pl.errors for pl in plans)
    cons = [pl for pl in plans if pl.errors == best]
    if len(cons) == 1:
        return cons[0]
    finals = [pl for pl in cons if pl.final]
    # Undecided: show the pushes as if nothing graduates, and every option square still on
    # the bed as a candidate.
    base = evaluate(S, committed, p, 0)
    union = 0
    for pl in cons:
        union |= pl.choice
    shown = finals[0] if finals else max(cons, key=lambda pl: pl.progress)
    pending = tuple(push for push in base.pending
                    if push[2] is None or S >> push[1] & 1 or not union >> push[2] & 1)
    sources = 0
    for push in pending:
        sources |= 1 << push[1]
    return Plan(S, p, choice=None, options=tuple(pl.choice for pl in cons), pending=pending,
                candidates=union & S & ~sources,
                extra=shown.extra, missing=shown.missing, final=bool(finals),
                final_option=shown.final_option if finals else 0, ambiguous=bool(finals),
                progress=max(pl.progress for pl in cons))
