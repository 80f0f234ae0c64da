"""Why Cats judged a move as it did (issue 36), as the engine judged it: its refusals (every key
engine.py raises, `REFUSALS`) and, for a move played, the rule it followed and what the engine
announced of it (engine.apply's events: the reaction window, a card drawn, a Schnurr's lock,
the challenge's verdict and what it revealed, the extra turn, a claimed win). Nothing here is a
secret: a deal is explained without its cards, a challenge by its public verdict. Values are
plain data, cats and rooms counted from 1 as the players count them, seats from 0. Pure."""
from __future__ import annotations

from companion.games.cats import engine
from companion.games.cats.state import MAX_OBJECT_STEPS, MAX_STEPS, N_CATS, Move, Position
from companion.games.reason import Reason, reason

#: Every key the engine refuses with (engine.py's Refusal calls; tests/test_why_cats.py reads
#: the source to hold this complete).
REFUSALS = ("over", "deal_first", "deal_twice", "lot", "no_win", "quiet", "hiss_none", "hiss_last",
            "hisser_hissed", "hiss_self", "hiss_revealed", "hiss_again", "miau_revealed",
            "miau_locked", "miau_hissed", "miau_unmoved", "miau_again", "miau_active", "miau_room",
            "miau_names", "no_miau", "no_piece", "all_steps", "object_steps", "step_hissed",
            "stopped", "stopped_hiss", "step_revealed", "end_early", "not_blocked", "move_kind", "react_kind",
            "swap_kind", "challenge")

REASONS = tuple(f"refused.{key}" for key in REFUSALS) + (
    "dealt",            # a seat has its two secret cards (which: never said)
    "lot",              # the start player drawn by lot
    "step",             # a cat's step, counted (four a turn)
    "step_object",      # an object's step (at most two a turn)
    "hiss",             # a cat that stopped hisses at another: it backs off, out of this turn
    "end",              # all four steps: the reaction window opens
    "blocked",          # fewer than four, no step possible (honour system)
    "window_quiet",     # the quiet first round: no reactions
    "window_none",      # no cat moved this turn may be sent: no window
    "window_closed",    # a full round of passes closed the window
    "miau",             # a Miau sent a cat to a room
    "schnurr",          # a Schnurr cancelled the last Miau and locks that cat
    "drew",             # the player drew a new reaction card
    "reshuffled",       # the discards became the reaction deck
    "swap", "pass",
    "challenge_right",  # the challenged cat is revealed, the challenger plays again
    "challenge_wrong",  # the challenger's own cat is revealed
    "win",              # a cat on its owner's favourite object: the claim is right
)


def explain(pos: Position, move: Move, rules: frozenset[str]) -> tuple[Reason, ...]:
    """Why `move` at `pos` was refused, or what it did and why."""
    try:
        after, events = engine.apply(pos, move, rules)
    except engine.Refusal as refused:
        return (refusal_reason(refused),)
    seat, out = pos.turn, []
    kind = move.kind
    if kind == "deal":
        out.append(reason("dealt", seat=pos.secrets.index(None)))
    elif kind == "first":
        out.append(reason("lot", seat=move.a))
    elif kind == "step":
        piece = move.a
        if piece < N_CATS:
            out.append(reason("step", cat=piece + 1, n=after.steps, of=MAX_STEPS))
        else:
            out.append(reason("step_object", obj=piece - N_CATS, n=after.object_steps, of=MAX_OBJECT_STEPS))
    elif kind == "hiss":
        out.append(reason("hiss", cat=move.a + 1, other=move.b + 1))
    elif kind in ("end", "blocked"):
        out.append(reason(kind, n=pos.steps, of=MAX_STEPS))
    elif kind == "miau":
        out.append(reason("miau", seat=seat, cat=move.a + 1, room=move.b + 1))
    elif kind == "schnurr":
        out.append(reason("schnurr", seat=seat, cat=pos.pending + 1))
    elif kind in ("swap", "pass") and pos.phase in ("swap", "react", "challenge"):
        out.append(reason(kind, seat=seat))
    elif kind == "win":
        out.append(reason("win", seat=after.turn, cat=move.a + 1, obj=move.b))
    for name, value in events:
        if name == "window":
            out.append(reason("window_quiet" if engine.quiet(pos, rules) else f"window_{value}"))
        elif name == "draw":
            out.append(reason("drew", seat=value))
        elif name == "reshuffle":
            out.append(reason("reshuffled"))
        elif name == "challenge":
            cat, owner = next(v for n, v in events if n == "revealed")
            out.append(reason("challenge_right", seat=move.a, cat=cat + 1, other=pos.active)
                       if value == "right" else reason("challenge_wrong", seat=pos.active, cat=cat + 1))
    return tuple(out)


def refusal_reason(refused) -> Reason:
    return reason(f"refused.{refused.key}", **refused.values)
